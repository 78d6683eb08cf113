"""The class store's core: one database engine, its read and write transactions, the throttle, the clock and the refusal log.

``ClassStore`` owns one ``StoreCore`` and hands it to each of its parts (the
doors, the classes, the groups, the reads, the answers): they read and write
through it and nothing else. A write is one transaction (all or nothing);
SQLite writers wait their turn in the writers' queue (``sqlite.writer_queue``)
and a busy or briefly unreachable database is retried until ``timeout``. A
``ClassAccessError`` raised inside a transaction rolls it back and is logged
(``refuse``) once the transaction is over.

>>> core = StoreCore(open_engine("sqlite://"))
>>> core.upgrade()
>>> core.read(lambda conn: conn.exec_driver_sql("SELECT 6 * 7").scalar())
42
>>> open_engine("mysql://somewhere/db")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: a class database URL starts with sqlite:/// or postgresql://, not 'mysql://somewhere/db'
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pokelab.classroom.access import default_url, log
from pokelab.classroom.db import sa, schema
from pokelab.classroom.errors import ClassAccessError, ClassroomError, ClassStoreBusy
from pokelab.classroom.extension import SchemaPart
from pokelab.classroom.faults import FileWatch, explain, transient
from pokelab.classroom.identity import DatabaseIdentity
from pokelab.classroom.limits import Limits, Throttle
from pokelab.classroom.sqlite import configure_sqlite, writer_queue
from pokelab.words import _

__all__ = ["StoreCore", "open_engine"]

_T = TypeVar("_T")


def open_engine(url: str | None = None) -> Any:
    """The SQLAlchemy engine of the class database at ``url`` (``sqlite:///path.db``, ``sqlite://`` or ``postgresql://…``).

    ``None``: ``access.default_url()``. A file's folder is created; nothing is read yet.

    >>> open_engine("sqlite://").dialect.name
    'sqlite'
    >>> open_engine("mysql://somewhere/db")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a class database URL starts with sqlite:/// or postgresql://, not 'mysql://somewhere/db'
    """
    if sa is None:
        raise ClassroomError(_("the class database needs SQLAlchemy, which this installation lacks: "
                               "install pokelab with its lab extra (pip install 'pokelab[lab]')"))
    url = default_url() if url is None else str(url).strip()
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("postgresql+psycopg://"):
        return sa.create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=4)
    if not url.startswith("sqlite://"):
        raise ClassroomError(
            _("a class database URL starts with sqlite:/// or postgresql://, not {url}", url=repr(url)),
        )
    path = url.removeprefix("sqlite://").removeprefix("/")
    if path and path != ":memory:":
        Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 1.0})
    else:
        engine = sa.create_engine(url, poolclass=sa.pool.StaticPool, connect_args={"check_same_thread": False})
    configure_sqlite(engine)
    return engine


class StoreCore:
    """The transactions of one class database (a part ``ClassStore`` owns): ``read``, ``write``, ``refuse``, the throttle and clock.

    ``engine``: the database (``open_engine``); ``timeout``: how long a write
    keeps retrying a locked or unreachable database before ``ClassStoreBusy``;
    ``limits``: the throttles and caps (``Limits``); ``clock``: the time in
    seconds (``time.time`` unless a test injects one).

    >>> core = StoreCore(open_engine("sqlite://"), limits=Limits(free_failures=0))
    >>> core.throttle.failed(("join code",))
    30.0
    >>> StoreCore(open_engine("sqlite://"), limits={"free_failures": 0})
    Traceback (most recent call last):
    ...
    TypeError: limits= takes a pokelab.classroom.Limits(...), not {'free_failures': 0}
    """

    def __init__(
        self,
        engine: Any,
        *,
        timeout: float = 10.0,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.engine = engine
        self.timeout = float(timeout)
        self.limits = Limits() if limits is None else limits
        if not isinstance(self.limits, Limits):
            raise TypeError(f"limits= takes a pokelab.classroom.Limits(...), not {limits!r}")  # a programming error
        self.clock = clock
        self.throttle = Throttle(self.limits, clock)
        self._queue = writer_queue(engine)
        database = getattr(engine.url, "database", None) if engine.url.get_backend_name() == "sqlite" else None
        self.watch = FileWatch(None if database in (None, "", ":memory:") else Path(database).expanduser())
        self.identity = DatabaseIdentity()
        self._parts: set[str] = set()  # the schema parts attached (``extend``)

    @property
    def url(self) -> str:
        """The database URL with any password hidden."""
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def upgrade(self) -> None:
        """Bring the database to this kit's schema, once, under the write lock (a newer schema is a ``ClassroomError``)."""
        with self.engine.connect() as conn:
            version = schema.read_version(conn)
        if version > schema.SCHEMA_VERSION:
            raise ClassroomError(
                _("this class database was written by a newer pokelab (schema {version}, this kit knows {known}): update pokelab",
                    version=version, known=schema.SCHEMA_VERSION),
            )
        if version < schema.SCHEMA_VERSION:

            def upgrade(conn: sa.Connection) -> None:
                if conn.dialect.name == "postgresql":
                    conn.execute(sa.text("SELECT pg_advisory_xact_lock(740417)"))
                schema.migrate_to(conn)

            self.write(upgrade)
        with self.engine.connect() as conn:
            stamped = self.identity.stamped(conn)
        if not stamped:  # a new database, or one written by a kit before identities
            self.write(self.identity.stamp)
        with self.engine.connect() as conn:
            self.identity.remember(conn)

    def extend(self, part: SchemaPart) -> None:
        """Run the steps of ``part``, a package's tables in this database, under the write lock (once per store).

        The database is read first: when it lacks nothing of the part, no write is made.
        """
        if part.name in self._parts:
            return
        schema.check_part(part)
        if not self.read(part.missing):
            self._parts.add(part.name)
            return

        def run(conn: sa.Connection) -> None:
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(740417)"))
            schema.run_part(conn, part)

        self.write(run)
        self._parts.add(part.name)

    def read(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` on one connection and return its result; a ``ClassAccessError`` raised in it is logged (``refuse``).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> store.read(lambda conn: conn.exec_driver_sql("SELECT 6 * 7").scalar())
        42
        >>> store.read(lambda conn: conn.exec_driver_sql("SELECT nothing FROM nowhere"))
        Traceback (most recent call last):
        ...
        sqlalchemy.exc.OperationalError: ...
        """
        self.watch.check()
        seen = self.identity.seen()  # before the query starts: a commit meanwhile only raises the revision
        try:
            with self.engine.connect() as conn:
                self.identity.check(conn, seen)
                return work(conn)
        except ClassAccessError as err:
            self.refuse(err)
            raise
        except Exception as err:
            known = explain(err)
            if known is not None:
                raise known from None
            if transient(err):  # a PostgreSQL server away: the kit's busy error, as for a write
                raise ClassStoreBusy(_(
                    "the class database stayed busy or unreachable for {seconds} s ({attempts} tries): "
                    "{detail}. Nothing was saved; try again in a moment",
                    seconds=0, attempts=1, detail=str(getattr(err, "orig", err))[:120],
                )) from err
            raise

    def write(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` in one write transaction (all or nothing), retrying a busy database until ``timeout``.

        A database that stays busy is ``ClassStoreBusy``; a ``ClassAccessError``
        raised in ``work`` rolls the transaction back and is logged (``refuse``).
        Only the transaction itself waits its turn in the writers' queue
        (``sqlite.writer_queue``): the file check and the pooled connection
        come before it, a retry's pause after it.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.write(lambda conn: store.teacher_class_of(conn, code, "AAAA-AAAA-AAAA-AAAA", "reset"))
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: wrong teacher key for this class: reset needs the class's teacher key
        """
        self.watch.check()
        seen = self.identity.seen()
        deadline = time.monotonic() + self.timeout
        delay, attempts = 0.005, 0
        while True:
            attempts += 1
            try:
                with (
                    self.engine.connect().execution_options(pokelab_write=True) as conn,
                    self._queue(),
                    conn.begin(),
                ):
                    revision = self.identity.advance(conn, seen)
                    result = work(conn)
                self.identity.saw(revision)
                return result
            except ClassAccessError as err:
                self.refuse(err)
                raise
            except Exception as err:
                known = explain(err)
                if known is not None:
                    raise known from None
                if not transient(err):
                    raise
                if time.monotonic() + delay > deadline:
                    raise ClassStoreBusy(_(
                        "the class database stayed busy or unreachable for {seconds} s ({attempts} tries): "
                        "{detail}. Nothing was saved; try again in a moment",
                        seconds=format(self.timeout, "g"), attempts=attempts, detail=str(getattr(err, "orig", err))[:120],
                    )) from err
                time.sleep(delay * (0.5 + random.random()))
                delay = min(delay * 2, 0.25)

    def refuse(self, err: ClassAccessError) -> None:
        """Log a refused request (in the database's refusal log and the ``pokelab.classroom`` logger).

        Called once the refused request's transaction is over (SQLite has one writer at a time);
        ``read`` and ``write`` call it themselves for a ``ClassAccessError`` raised inside them.
        An error that ``refused`` did not mark is only logged, never stored.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.classroom.access import refused
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.refuse(refused(1, "table open", "unknown table code", ClassAccessError(_("no"))))
        >>> store.refusal_log(code, key)["reason"].tolist()
        ['unknown table code']
        >>> store.refuse("not an error")
        Traceback (most recent call last):
        ...
        TypeError: refuse takes a ClassAccessError, not 'not an error'
        """
        if not isinstance(err, Exception):
            raise TypeError(f"refuse takes a ClassAccessError, not {err!r}")  # a programming error
        class_id, action, reason = getattr(err, "refusal", (None, "?", "?"))
        log.warning("class store refused %s: %s (class %s)", action, reason, class_id)
        if not hasattr(err, "refusal"):  # a lockout or a missing code: logged, never stored (no flood of rows)
            return
        row = {"at": self.clock(), "class_id": class_id, "action": action[:40], "reason": reason}
        with contextlib.suppress(Exception):  # the refusal itself must reach the caller
            self.write(lambda conn: conn.execute(sa.insert(schema.refusals).values(**row)))
