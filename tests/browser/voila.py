"""One way to start the Voilà server the browser tests use: `make app`'s command (and settings) on a free port.

``voila_server`` raises ``RuntimeError`` (with the end of Voilà's log) when the
server exits early or does not answer within ``VOILA_START_TIMEOUT`` seconds.
"""

from __future__ import annotations

import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pokelab.classroom import ClassStore

from .conftest import ROOT, ServerProcess, free_port, launch

#: The apps' Voilà settings (`make app` reads the same folder): kernel shutdown, culling, template.
SERVE = ROOT / "widgets" / "apps" / "serve"

# Upper bounds that catch a hang, not a slow start on a loaded 2-core machine (issue 27).
VOILA_START_TIMEOUT = 300.0
PAGE_TIMEOUT = 300_000  # ms: Voilà starts a kernel and runs the notebook for each page


class VoilaServer(ServerProcess):
    """A running Voilà server: its base URL, process and log."""

    STOP_GRACE = 20.0


@contextmanager
def voila_server(
    base: Path, env: Mapping[str, str] | None = None, folder: str | Path = "apps/"
) -> Iterator[VoilaServer]:
    """Serve ``folder`` from a Voilà started in ``base`` (with ``env`` added), wait until it answers, stop it after."""
    for name in ("runtime", "config", "data"):
        (base / name).mkdir(exist_ok=True)
    port = free_port()
    command = [
        str(Path(sys.executable).parent / "voila"),
        str(folder),
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--theme=light",
        "--no-browser",
        "--Voila.port_retries=0",
        f"--Voila.config_file_paths={SERVE}",
        f"--Voila.connection_dir_root={base / 'runtime'}",
    ]
    with pytest.MonkeyPatch.context() as patch:
        for key, value in (env or {}).items():
            patch.setenv(key, value)
        process, log_path = launch(command, base, cwd=ROOT, log_name="voila.log")
    server = VoilaServer(f"http://127.0.0.1:{port}", process, log_path)
    try:
        _wait_until_it_answers(server)
        yield server
    finally:
        server.stop()


def _wait_until_it_answers(server: VoilaServer) -> None:
    deadline = time.monotonic() + VOILA_START_TIMEOUT
    while True:
        if server.process.poll() is not None:
            raise RuntimeError(f"Voilà exited early:\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(f"{server.url}/voila/api/contents", timeout=5) as reply:
                if reply.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"Voilà did not answer within {VOILA_START_TIMEOUT}s:\n{server.log_tail()}")
        time.sleep(0.5)


@contextmanager
def class_server(base: Path) -> Iterator[dict[str, Any]]:
    """A Voilà on apps/ whose pages share one fresh SQLite class database holding class 7B.

    Yields ``{"server", "store", "code", "key"}``: the server, the store the test reads
    behind the pages' backs, and the class's join code and teacher key.
    """
    url = f"sqlite:///{base / 'classes.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("7B")
    try:
        with voila_server(base, {"POKELAB_CLASS_DB": url}) as server:
            yield {"server": server, "store": store, "code": code, "key": key}
    finally:
        store.close()
