"""The class database: every group's rounds in one place, from many devices at once (SQLite or PostgreSQL).

A teacher creates a class and gets a short **join code** for the students and
a separate **teacher key**. With the join code a group joins and gets its
**group token** (``groups``), which adds its rounds and takes back its own
last one; reset, delete, export, the group names and the refusal log need the
teacher key. All are random and stored only as SHA-256 hashes; a wrong code,
key or token raises ``ClassAccessError`` (a ``PermissionError``, English and
Chinese), is logged, and after a few tries locks its source out for a while
(``limits``); nothing of one class is visible from another. A database file
that vanished, was replaced, is damaged or read-only is a ``ClassroomError``
(``faults``), never a silent loss.

A round is one row written in one transaction (all or nothing). SQLite runs in
WAL mode, writers take the lock up front (``BEGIN IMMEDIATE``) in the order
they came (``sqlite.writer_queue``) and a busy database is retried until
``timeout``; PostgreSQL uses ordinary transactions
and the same retries when the server is briefly away. Every round carries a
submission id, unique in its class, so a retried submit is never stored twice.

>>> store = ClassStore.connect("sqlite://")  # in memory; a file: sqlite:///class.db
>>> join_code, teacher_key = store.create_class("7B")
>>> token = store.join_group(join_code, "Team Pikachu")
>>> store.add_round(join_code, "Team Pikachu", ["red"] * 4 + ["blue"] * 4 + ["green"] * 2, token=token)
1
>>> store.rounds(join_code)[["group", "token_1", "token_10"]].values.tolist()
[['', 'red', 'green']]
>>> store.reset(join_code, "not-the-key")
Traceback (most recent call last):
...
pokelab.classroom.ClassAccessError: wrong teacher key for this class: reset needs the class's teacher key
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pokelab.classroom.access import (
    JOIN_ALPHABET,
    JOIN_LENGTH,
    NAME_LENGTH,
    TEACHER_KEY_GROUPS,
    ClassAccessError,
    ClassStoreBusy,
    _digest,
    check_name,
    default_url,
)
from pokelab.classroom.answer_reads import AnswerReads
from pokelab.classroom.answers import AnswerSide
from pokelab.classroom.db import sa, schema
from pokelab.classroom.doors import Doors
from pokelab.classroom.faults import FileWatch, explain, transient
from pokelab.classroom.groups import GroupSide
from pokelab.classroom.limits import Limits, Throttle
from pokelab.classroom.reads import ClassReads
from pokelab.classroom.rounds import ClassroomError
from pokelab.classroom.sqlite import configure_sqlite, writer_queue
from pokelab.words import _

__all__ = ["ClassStore"]

_T = TypeVar("_T")


class ClassStore(Doors, GroupSide, ClassReads, AnswerSide, AnswerReads):
    """One class database (``connect`` it with a URL); every method checks the code, key or token it is given.

    ``timeout``: how long a write keeps retrying a locked or unreachable
    database before ``ClassStoreBusy``. The join code is enough to join as a
    group and to read the pooled rounds (other groups' names blanked); a
    group's token adds and undoes its own rounds; the teacher key is needed
    for everything else. Pupils join and record their answers with a pupil
    token, and only the teacher key reads them (``answers``). ``limits``: the throttles and caps (``Limits``);
    ``clock``: the time in seconds (injected by tests; default ``time.time``).
    """

    def __init__(
        self,
        engine: Any,
        *,
        timeout: float = 10.0,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._engine = engine
        self.timeout = float(timeout)
        self._queue = writer_queue(engine)
        self.limits = Limits() if limits is None else limits
        if not isinstance(self.limits, Limits):
            raise TypeError(f"limits= takes a pokelab.classroom.Limits(...), not {limits!r}")  # a programming error
        self._clock = clock
        self._throttle = Throttle(self.limits, clock)
        self._known_pupils = {}  # (join hash, pupil, token hash) -> (class id, pupil id): see answers
        database = getattr(engine.url, "database", None) if engine.url.get_backend_name() == "sqlite" else None
        self._watch = FileWatch(None if database in (None, "", ":memory:") else Path(database).expanduser())

    # ------------------------------------------------------------------ opening
    @classmethod
    def connect(
        cls,
        url: str | None = None,
        *,
        timeout: float = 10.0,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
    ) -> ClassStore:
        """Open (and create or upgrade) the class database at ``url``: ``sqlite:///path.db`` or ``postgresql://…``.

        A file that is not a readable class database is a ``ClassroomError``.

        >>> ClassStore.connect("mysql://somewhere/db")
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: a class database URL starts with sqlite:/// or postgresql://, not 'mysql://somewhere/db'
        """
        if sa is None:
            raise ClassroomError(_("the class database needs SQLAlchemy, which this installation lacks: "
                                   "install pokelab with its lab extra (pip install 'pokelab[lab]')"))
        url = default_url() if url is None else str(url).strip()
        if url.startswith(("postgresql://", "postgres://")):
            url = "postgresql+psycopg://" + url.split("://", 1)[1]
        if url.startswith("postgresql+psycopg://"):
            engine = sa.create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=4)
        elif url.startswith("sqlite://"):
            path = url.removeprefix("sqlite://").removeprefix("/")
            if path and path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
                engine = sa.create_engine(url, connect_args={"timeout": 1.0})
            else:
                engine = sa.create_engine(
                    url,
                    poolclass=sa.pool.StaticPool,
                    connect_args={"check_same_thread": False},
                )
            configure_sqlite(engine)
        else:
            raise ClassroomError(
                _("a class database URL starts with sqlite:/// or postgresql://, not {url}", url=repr(url)),
            )
        store = cls(engine, timeout=timeout, limits=limits, clock=clock)
        try:
            store._upgrade()
        except Exception as err:
            store.close()
            known = explain(err)
            if known is None:
                raise
            raise known from None
        store._watch.remember()
        return store

    def _upgrade(self) -> None:
        """Bring the database to this kit's schema, once, under the write lock."""
        with self._engine.connect() as conn:
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

            self._write(upgrade)

    @property
    def url(self) -> str:
        """The database URL with any password hidden."""
        return self._engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        """Close every pooled connection."""
        self._engine.dispose()

    # ------------------------------------------------------------------ transactions
    # The public doors for a package that keeps its rows in this database (``pokelab.tables``):
    # ``read`` / ``write`` here, ``throttle`` below, ``class_of`` / ``teacher_class_of`` /
    # ``check_class_teacher`` / ``refuse`` in ``doors``.
    def read(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` on one connection and return its result; a ``ClassAccessError`` raised in it is logged (``refuse``).

        >>> store = ClassStore.connect("sqlite://")
        >>> store.read(lambda conn: conn.exec_driver_sql("SELECT 6 * 7").scalar())
        42
        >>> store.read(lambda conn: conn.exec_driver_sql("SELECT nothing FROM nowhere"))
        Traceback (most recent call last):
        ...
        sqlalchemy.exc.OperationalError: ...
        """
        return self._read(work)

    def write(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` in one write transaction (all or nothing), retrying a busy database until ``timeout``.

        A database that stays busy is ``ClassStoreBusy``; a ``ClassAccessError``
        raised in ``work`` rolls the transaction back and is logged (``refuse``).

        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.write(lambda conn: store.teacher_class_of(conn, code, "AAAA-AAAA-AAAA-AAAA", "reset"))
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassAccessError: wrong teacher key for this class: reset needs the class's teacher key
        """
        return self._write(work)

    @property
    def throttle(self) -> Throttle:
        """The store's one throttle (``limits.Throttle``): ``check``, ``failed`` and ``succeeded`` per source.

        >>> store = ClassStore.connect("sqlite://", limits=Limits(free_failures=0))
        >>> store.throttle.failed(("table code",))
        30.0
        >>> store.throttle.check(("table code",))
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassAccessError: too many wrong tries from here: wait 30 s before trying again
        """
        return self._throttle

    def _write(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` in one write transaction, retrying a busy database until ``timeout``.

        Only the transaction itself waits its turn in the writers' queue
        (``sqlite.writer_queue``): the file check and the pooled connection
        come before it, a retry's pause after it.
        """
        self._watch.check()
        deadline = time.monotonic() + self.timeout
        delay, attempts = 0.005, 0
        while True:
            attempts += 1
            try:
                with (
                    self._engine.connect().execution_options(pokelab_write=True) as conn,
                    self._queue(),
                    conn.begin(),
                ):
                    return work(conn)
            except ClassAccessError as err:
                self._refuse(err)
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

    def _read(self, work: Callable[[Any], _T]) -> _T:
        self._watch.check()
        try:
            with self._engine.connect() as conn:
                return work(conn)
        except ClassAccessError as err:
            self._refuse(err)
            raise
        except Exception as err:
            known = explain(err)
            if known is None:
                raise
            raise known from None

    # ------------------------------------------------------------------ the teacher's side
    def create_class(self, name: str) -> tuple[str, str]:
        """Create a class called ``name``; return its ``(join_code, teacher_key)`` (shown once, stored hashed).

        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> len(code), key.count("-"), store.class_name(code)
        (6, 3, '7B')
        """
        clean = check_name(name, limit=NAME_LENGTH, what="class")
        for _attempt in range(20):
            code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))
            key = "-".join(
                "".join(secrets.choice(JOIN_ALPHABET) for _ in range(4))
                for _ in range(TEACHER_KEY_GROUPS)
            )
            row = {
                "name": clean,
                "join_hash": _digest("join", code),
                "teacher_hash": _digest("teacher", key.replace("-", "")),
                "created": self._clock(),
            }
            try:
                self._write(
                    lambda conn, row=row: conn.execute(sa.insert(schema.classes).values(**row))
                )
            except sa.exc.IntegrityError:  # the join code is taken: draw another
                continue
            return code, key
        raise RuntimeError("could not find a free join code in 20 tries")  # pragma: no cover

    def class_name(self, join_code: str) -> str:
        """The name of the class with ``join_code`` (raises ``ClassAccessError`` for a wrong code)."""
        def read(conn: Any) -> str:
            class_id = self._class_id(conn, join_code, "join")
            return str(
                conn.execute(
                    sa.select(schema.classes.c.name).where(schema.classes.c.id == class_id)
                ).scalar()
            )

        return self._read(read)

    def reset(self, join_code: str, teacher_key: str) -> int:
        """Delete every round of the class (teacher key needed); return how many were deleted."""
        def work(conn: Any) -> int:
            class_id = self._teacher_class(conn, join_code, teacher_key, "reset")
            gone = conn.execute(
                sa.delete(schema.rounds).where(schema.rounds.c.class_id == class_id)
            )
            return int(gone.rowcount)

        return self._write(work)

    def delete_class(self, join_code: str, teacher_key: str) -> None:
        """Delete the class, its groups, rounds, pupils, answers, settings, tables and refusal log (teacher key needed).

        Its join code stops working.
        """
        def work(conn: Any) -> None:
            class_id = self._teacher_class(conn, join_code, teacher_key, "delete")
            conn.execute(sa.delete(schema.rounds).where(schema.rounds.c.class_id == class_id))
            conn.execute(sa.delete(schema.groups).where(schema.groups.c.class_id == class_id))
            for table in (schema.answers, schema.pupils, schema.settings):
                conn.execute(sa.delete(table).where(table.c.class_id == class_id))
            conn.execute(sa.delete(schema.refusals).where(schema.refusals.c.class_id == class_id))
            conn.execute(sa.delete(schema.classes).where(schema.classes.c.id == class_id))

        self._write(work)

    def __repr__(self) -> str:
        return f"ClassStore({self.url!r})"
