"""Class databases for the store tests: a SQLite file, and a throwaway PostgreSQL server.

The PostgreSQL cluster is Debian's server (``scripts/ensure_postgres.py``
installs it), initialised in a temporary folder on a free loopback port and
stopped at the end of the session. initdb refuses to run as root, so as root
the cluster belongs to the ``postgres`` user the package creates. Without a
server the PostgreSQL tests skip with a notice — except under CI=true, where
that is a failure.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


def in_ci() -> bool:
    """True under CI=true (a missing PostgreSQL then fails instead of skipping)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresServer:
    """A throwaway PostgreSQL cluster: its folder, port and the bin folder of its tools."""

    base: Path
    port: int
    bindir: Path

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database (user ``pokelab``, trust auth on loopback)."""
        return f"postgresql://pokelab@127.0.0.1:{self.port}/postgres"

    # pg_ctl waits up to this long for a start or stop (its own -t), and the subprocess a little
    # longer, so a slow checkpoint on a loaded disk ends as pg_ctl's own message, not a kill.
    WAIT_SECONDS = 300

    def _run(self, *args: str, timeout: float = WAIT_SECONDS + 30) -> None:
        command = " ".join(args)
        if os.geteuid() == 0:
            argv = ["su", "postgres", "-s", "/bin/bash", "-c", command]
        else:
            argv = ["/bin/bash", "-c", command]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0:
            log = (
                (self.base / "log").read_text(errors="replace")[-2000:]
                if (self.base / "log").exists()
                else ""
            )
            raise RuntimeError(f"{command} failed:\n{done.stdout}\n{done.stderr}\n{log}")

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = f"'-k {self.base} -p {self.port} -h 127.0.0.1 -c fsync=on'"
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.base / "data"),
            "-o",
            options,
            "-l",
            str(self.base / "log"),
            "-w",
            "-t",
            str(self.WAIT_SECONDS),
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: clients are disconnected, committed work is kept)."""
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.base / "data"),
            "-m",
            mode,
            "-w",
            "-t",
            str(self.WAIT_SECONDS),
            "stop",
        )

    def restart(self) -> None:
        """Stop and start the server again (the restart fault)."""
        self.stop()
        self.start()


def _initdb() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]) if found else None


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the session, or a skip (a failure under CI=true) when none is installed."""
    initdb = _initdb()
    if initdb is None or (os.geteuid() == 0 and shutil.which("su") is None):
        message = (
            "NOTICE: no PostgreSQL server here (run scripts/ensure_postgres.py as root, or "
            "sudo apt-get install postgresql); the PostgreSQL class-database tests are skipped"
        )
        if in_ci():
            pytest.fail(message + " — and CI=true, so this is a failure, not a skip")
        pytest.skip(message)
    base = Path(tempfile.mkdtemp(prefix="pokelab-pg-"))
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
    server = PostgresServer(base, free_port(), initdb.parent)
    server._run(
        str(initdb),
        "-D",
        str(base / "data"),
        "-A",
        "trust",
        "-U",
        "pokelab",
        "--no-sync",
        timeout=120,
    )
    server.start()
    try:
        yield server
    finally:
        try:
            server.stop("immediate")
        finally:
            shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def pg_url(postgres: PostgresServer) -> Iterator[str]:
    """A fresh, empty database on the session's server for one test."""
    import sqlalchemy as sa

    name = f"t{os.urandom(5).hex()}"
    admin = sa.create_engine(
        postgres.url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    admin.dispose()
    yield postgres.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A class database file of its own for one test."""
    return f"sqlite:///{tmp_path / 'class.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """Each store test runs against a SQLite file and against a real PostgreSQL server."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    return request.getfixturevalue("pg_url")


def wait_until(check, timeout: float = 10.0) -> bool:
    """Poll ``check()`` until it is true or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return bool(check())
