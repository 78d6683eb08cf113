"""How the class database talks to SQLite: WAL journal, foreign keys, writers lock up front.

Many kernels write one SQLite file at once during a class experiment. WAL mode
lets readers (the teacher's dashboard) go on while one writer commits; every
write transaction starts with ``BEGIN IMMEDIATE`` so a writer takes the lock
before it reads, and a busy database is retried by ``ClassStore``.
``synchronous=NORMAL`` is SQLite's recommended setting for WAL: a transaction
is still all or nothing and the file is never corrupted; only a power cut (not
a crashed kernel) may lose the last commits — and it shortens how long each
writer holds the lock, which is what 30 devices submitting together wait on.

SQLite's own busy wait is a poll with growing sleeps, so under a burst a few
unlucky writers wait far longer than the rest. ``writer_queue`` lines the
writers of one database file up in the kernel's lock queue instead (an
advisory ``flock`` on ``<file>-writers``, released when the transaction ends or
its process dies), so every submit waits its turn.

>>> import sqlalchemy as sa
>>> engine = sa.create_engine("sqlite://")
>>> configure_sqlite(engine)
>>> with engine.connect() as conn:
...     conn.exec_driver_sql("PRAGMA foreign_keys").scalar()
1
>>> configure_sqlite("not an engine")
Traceback (most recent call last):
...
TypeError: configure_sqlite needs an SQLAlchemy engine, got 'not an engine'
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: SQLite's own busy wait alone
    fcntl = None  # type: ignore[assignment]

__all__ = ["configure_sqlite", "writer_queue"]


def writer_queue(engine: Any) -> Callable[[], AbstractContextManager[None]]:
    """A context-manager factory that queues this process's writers to ``engine``'s SQLite file.

    For a PostgreSQL engine, an in-memory SQLite database or a system without
    ``fcntl`` it queues nothing (the database's own locking decides).

    >>> import sqlalchemy as sa
    >>> with writer_queue(sa.create_engine("sqlite://"))():
    ...     pass
    >>> import tempfile, pathlib
    >>> turn = writer_queue(sa.create_engine(f"sqlite:///{tempfile.mkdtemp()}/class.db"))
    >>> with turn():
    ...     with turn():  # the same thread may write again inside its turn
    ...         pass
    """
    database = getattr(getattr(engine, "url", None), "database", None)
    if (
        fcntl is None
        or engine.url.get_backend_name() != "sqlite"
        or database in (None, "", ":memory:")
    ):
        return contextlib.nullcontext
    lock_path = f"{database}-writers"
    held = (
        threading.local()
    )  # a write made while this thread holds its turn (a refusal's log row) goes on

    @contextlib.contextmanager
    def turn() -> Iterator[None]:
        if getattr(held, "depth", 0):
            held.depth += 1
            try:
                yield
            finally:
                held.depth -= 1
            return
        with open(lock_path, "a+b") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            held.depth = 1
            try:
                yield
            finally:
                held.depth = 0
                fcntl.flock(handle, fcntl.LOCK_UN)

    return turn


def configure_sqlite(engine: Any) -> None:
    """Set WAL, foreign keys and ``BEGIN IMMEDIATE`` for writes on every connection of ``engine``."""
    from sqlalchemy import event  # lazy: the class database's library (`lab` extra)
    from sqlalchemy.engine import Engine  # lazy: the class database's library (`lab` extra)

    if not isinstance(engine, Engine):
        raise TypeError(f"configure_sqlite needs an SQLAlchemy engine, got {engine!r}")

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi_connection.cursor()
        with contextlib.suppress(Exception):  # an in-memory database has no WAL
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(conn: Any) -> None:
        write = conn.get_execution_options().get("pokelab_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
