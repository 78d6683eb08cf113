"""How the class database talks to SQLite: WAL journal, foreign keys, writers lock up front.

Many kernels write one SQLite file at once during a class experiment. WAL mode
lets readers (the teacher's dashboard) go on while one writer commits; every
write transaction starts with ``BEGIN IMMEDIATE`` so a writer takes the lock
before it reads, and a busy database is retried by ``ClassStore``.
``synchronous=NORMAL`` is SQLite's recommended setting for WAL: a transaction
is still all or nothing and the file is never corrupted; only a power cut (not
a crashed kernel) may lose the last commits — and it shortens how long each
writer holds the lock, which is what 30 devices submitting together wait on.

SQLite's own busy wait is a poll with growing sleeps (up to 100 ms), and a
plain file lock wakes every waiter to race for it, so under a burst a kernel
that has just written takes the lock again while a few unlucky ones wait
seconds. ``writer_queue`` lines the write transactions of one database file up
first come, first served: a ticket lock of byte-range locks on
``<file>-queue`` (beside the database), in which every writer sleeps in the
operating system until the one before it is done — no polling, and a kernel
that dies lets go of its place. Only ``BEGIN IMMEDIATE`` … ``COMMIT`` waits in
it; the queue orders, SQLite's own lock still keeps each write whole.

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
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from pokelab.classroom.db import sa

try:
    import fcntl
except ImportError:  # Windows: SQLite's own busy wait alone
    fcntl = None  # type: ignore[assignment]

__all__ = ["QUEUE_PLACES", "configure_sqlite", "writer_queue"]


#: How many places the writers' queue numbers before it starts again (far more than kernels ever wait).
QUEUE_PLACES = 1 << 30
_COUNTER = 8  # bytes 0-7 of the queue file: the next ticket; a ticket t waits on the byte 8 + t
_in_turn = threading.local()  # queue file -> depth, for a write made inside this thread's turn
_kernel_turns: dict[str, threading.RLock] = {}  # queue file -> this process's one place in the queue
_kernel_turns_lock = threading.Lock()


def writer_queue(engine: Any) -> Callable[[], AbstractContextManager[None]]:
    """A context-manager factory: a write transaction's turn on ``engine``'s SQLite file, first come first served.

    For a PostgreSQL engine, an in-memory SQLite database or a system without
    ``fcntl`` it queues nothing (the database's own locking decides). The same
    thread may write again inside its turn (a refusal's log row).

    >>> import sqlalchemy as sa, tempfile
    >>> with writer_queue(sa.create_engine("sqlite://"))():
    ...     pass
    >>> turn = writer_queue(sa.create_engine(f"sqlite:///{tempfile.mkdtemp()}/class.db"))
    >>> with turn():
    ...     with turn():
    ...         pass
    """
    database = getattr(getattr(engine, "url", None), "database", None)
    if (
        fcntl is None
        or engine.url.get_backend_name() != "sqlite"
        or database in (None, "", ":memory:")
    ):
        return contextlib.nullcontext
    path = os.path.abspath(f"{database}-queue")
    with _kernel_turns_lock:
        kernel = _kernel_turns.setdefault(path, threading.RLock())

    @contextlib.contextmanager
    def turn() -> Iterator[None]:
        depths = _in_turn.__dict__
        if depths.get(path):
            depths[path] += 1
            try:
                yield
            finally:
                depths[path] -= 1
            return
        with kernel, _queue_place(path):
            depths[path] = 1
            try:
                yield
            finally:
                depths[path] = 0

    return turn


@contextlib.contextmanager
def _queue_place(path: str) -> Iterator[None]:
    """Wait for this process's turn in the queue file at ``path``; the turn lasts until the block ends.

    A ticket lock made of POSIX byte-range locks (``lockf``), which the
    kernel lets go when their process ends: under a short lock on the
    counter a writer takes the next ticket t and locks its own byte; then it
    waits for the byte of ticket t - 1, which its owner holds until its turn
    is over. Everyone sleeps in the kernel (no polling) and is woken in the
    order they came, so no writer is overtaken again and again. The queue only
    orders; SQLite's own lock (``BEGIN IMMEDIATE``) still keeps every write whole.
    """
    fd = None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        _wait_turn(fd, _take_ticket(fd))
    except OSError:  # a queue file this kernel cannot write (a read-only folder): SQLite's lock alone
        pass
    except BaseException:  # interrupted while waiting (Ctrl-C, a stopped cell): give up the place at once
        if fd is not None:
            os.close(fd)
        raise
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # lets go of this ticket's byte: the next writer's turn


def _take_ticket(fd: int) -> int:
    """Take the next ticket of the queue file ``fd`` and lock its byte (held until ``fd`` is closed)."""
    fcntl.lockf(fd, fcntl.LOCK_EX, _COUNTER, 0)
    try:
        raw = os.pread(fd, _COUNTER, 0)
        ticket = int.from_bytes(raw, "little") % QUEUE_PLACES if len(raw) == _COUNTER else 0
        os.pwrite(fd, ((ticket + 1) % QUEUE_PLACES).to_bytes(_COUNTER, "little"), 0)
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _COUNTER + ticket)
    finally:
        fcntl.lockf(fd, fcntl.LOCK_UN, _COUNTER, 0)
    return ticket


def _wait_turn(fd: int, ticket: int) -> None:
    """Sleep until the writer with the ticket before ``ticket`` has had its turn (or its process ended)."""
    before = _COUNTER + (ticket - 1) % QUEUE_PLACES
    fcntl.lockf(fd, fcntl.LOCK_EX, 1, before)
    fcntl.lockf(fd, fcntl.LOCK_UN, 1, before)


def configure_sqlite(engine: Any) -> None:
    """Set WAL, foreign keys and ``BEGIN IMMEDIATE`` for writes on every connection of ``engine``."""
    if not isinstance(engine, sa.engine.Engine):
        raise TypeError(f"configure_sqlite needs an SQLAlchemy engine, got {engine!r}")

    @sa.event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi_connection.cursor()
        with contextlib.suppress(Exception):  # an in-memory database has no WAL
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def on_begin(conn: Any) -> None:
        write = conn.get_execution_options().get("pokelab_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
