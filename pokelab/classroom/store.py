"""The class database: every group's rounds in one place, from many devices at once (SQLite or PostgreSQL).

A teacher creates a class and gets a short **join code** for the students and
a separate **teacher key**. With the join code a group adds its own rounds and
takes back its own last one; reset, delete, export, the group names and the
refusal log need the teacher key. Both are random and stored only as SHA-256
hashes; a wrong code or key raises ``ClassAccessError`` (a ``PermissionError``,
English and Chinese) and is logged; nothing of one class is visible from another.

A round is one row written in one transaction (all or nothing). SQLite runs in
WAL mode, writers take the lock up front (``BEGIN IMMEDIATE``) and a busy
database is retried until ``timeout``; PostgreSQL uses ordinary transactions
and the same retries when the server is briefly away. Every round carries a
submission id, unique in its class, so a retried submit is never stored twice.

>>> store = ClassStore.connect("sqlite://")  # in memory; a file: sqlite:///class.db
>>> join_code, teacher_key = store.create_class("7B")
>>> store.add_round(join_code, "Team Pikachu", ["red"] * 4 + ["blue"] * 4 + ["green"] * 2)
1
>>> store.rounds(join_code)[["group", "token_1", "token_10"]].values.tolist()
[['', 'red', 'green']]
>>> store.reset(join_code, "not-the-key")
Traceback (most recent call last):
...
pokelab.classroom.ClassAccessError: wrong teacher key for this class: reset needs the class's teacher key
"""

from __future__ import annotations

import contextlib
import hmac
import random
import secrets
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pokelab.classroom.access import (
    JOIN_ALPHABET,
    JOIN_LENGTH,
    NAME_LENGTH,
    TEACHER_KEY_GROUPS,
    TOKEN_COLUMNS,
    ClassAccessError,
    ClassStoreBusy,
    _check_tokens,
    _clean_secret,
    _digest,
    _refused,
    _transient,
    action_name,
    check_name,
    default_url,
    log,
)
from pokelab.classroom.rounds import SIMULATED, ClassroomError
from pokelab.classroom.sqlite import configure_sqlite, writer_queue
from pokelab.classroom.tables import Table, create_table, list_tables
from pokelab.classroom.tally import ClassTally
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.words import _

__all__ = ["ClassStore"]

_T = TypeVar("_T")


class ClassStore:
    """One class database (``connect`` it with a URL); every method checks the code or key it is given.

    ``timeout``: how long a write keeps retrying a locked or unreachable
    database before ``ClassStoreBusy``. The join code is enough to add and undo a
    group's own rounds and to read the pooled rounds (other groups' names
    blanked); the teacher key is needed for everything else.
    """

    def __init__(self, engine: Any, *, timeout: float = 10.0) -> None:
        self._engine = engine
        self.timeout = float(timeout)
        self._queue = writer_queue(engine)

    # ------------------------------------------------------------------ opening
    @classmethod
    def connect(cls, url: str | None = None, *, timeout: float = 10.0) -> ClassStore:
        """Open (and create or upgrade) the class database at ``url``: ``sqlite:///path.db`` or ``postgresql://…``.

        >>> ClassStore.connect("mysql://somewhere/db")
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: a class database URL starts with sqlite:/// or postgresql://, not 'mysql://somewhere/db'
        """
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

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
        store = cls(engine, timeout=timeout)
        store._upgrade()
        return store

    def _upgrade(self) -> None:
        """Bring the database to this kit's schema, once, under the write lock."""
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

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
    def _write(self, work: Callable[[Any], _T]) -> _T:
        """Run ``work(conn)`` in one write transaction, retrying a busy database until ``timeout``."""
        with self._queue():
            return self._write_now(work)

    def _write_now(self, work: Callable[[Any], _T]) -> _T:
        deadline = time.monotonic() + self.timeout
        delay, attempts = 0.005, 0
        while True:
            attempts += 1
            try:
                with (
                    self._engine.connect().execution_options(pokelab_write=True) as conn,
                    conn.begin(),
                ):
                    return work(conn)
            except ClassAccessError as err:
                self._refuse(err)
                raise
            except Exception as err:
                if not _transient(err):
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
        try:
            with self._engine.connect() as conn:
                return work(conn)
        except ClassAccessError as err:
            self._refuse(err)
            raise

    # ------------------------------------------------------------------ access
    def _class_id(self, conn: Any, join_code: Any, action: str) -> int:
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        code = _clean_secret(join_code, _("join code"))
        found = conn.execute(
            sa.select(schema.classes.c.id).where(
                schema.classes.c.join_hash == _digest("join", code)
            )
        ).scalar()
        if found is None:
            raise _refused(
                None,
                action,
                "wrong join code",
                ClassAccessError(
                    _("wrong join code: no class has the code {code}", code=repr(code[: JOIN_LENGTH + 2])),
                ),
            )
        return int(found)

    def _teacher_class(self, conn: Any, join_code: Any, teacher_key: Any, action: str) -> int:
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        class_id = self._class_id(conn, join_code, action)
        try:
            key = _clean_secret(teacher_key, _("teacher key"))
        except ClassAccessError as err:
            raise _refused(class_id, action, "missing teacher key", err) from None
        stored = conn.execute(
            sa.select(schema.classes.c.teacher_hash).where(schema.classes.c.id == class_id)
        ).scalar()
        if not hmac.compare_digest(str(stored), _digest("teacher", key)):
            raise _refused(
                class_id,
                action,
                "wrong teacher key",
                ClassAccessError(
                    _("wrong teacher key for this class: {action} needs the class's teacher key",
                        action=action_name(action)),
                ),
            )
        return class_id

    def _refuse(self, err: ClassAccessError) -> None:
        """Log a refused request (in the database's refusal log and the ``pokelab.classroom`` logger).

        Called once the refused request's transaction is over (SQLite has one writer at a time).
        """
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        class_id, action, reason = getattr(err, "refusal", (None, "?", "?"))
        log.warning("class store refused %s: %s (class %s)", action, reason, class_id)
        row = {"at": time.time(), "class_id": class_id, "action": action[:40], "reason": reason}
        with contextlib.suppress(Exception):  # the refusal itself must reach the caller
            self._write(lambda conn: conn.execute(sa.insert(schema.refusals).values(**row)))

    # ------------------------------------------------------------------ the teacher's side
    def create_class(self, name: str) -> tuple[str, str]:
        """Create a class called ``name``; return its ``(join_code, teacher_key)`` (shown once, stored hashed).

        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> len(code), key.count("-"), store.class_name(code)
        (6, 3, '7B')
        """
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

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
                "created": time.time(),
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
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

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
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        def work(conn: Any) -> int:
            class_id = self._teacher_class(conn, join_code, teacher_key, "reset")
            gone = conn.execute(
                sa.delete(schema.rounds).where(schema.rounds.c.class_id == class_id)
            )
            return int(gone.rowcount)

        return self._write(work)

    def delete_class(self, join_code: str, teacher_key: str) -> None:
        """Delete the class and its rounds (teacher key needed); its join code stops working."""
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        def work(conn: Any) -> None:
            class_id = self._teacher_class(conn, join_code, teacher_key, "delete")
            conn.execute(sa.delete(schema.rounds).where(schema.rounds.c.class_id == class_id))
            conn.execute(sa.delete(schema.classes).where(schema.classes.c.id == class_id))

        self._write(work)

    def export_csv(self, join_code: str, teacher_key: str, path: str | Path) -> Path:
        """Write every round (group, time, tokens) to a CSV file (teacher key needed); return its path."""
        table = self.rounds(join_code, teacher_key)
        target = Path(path)
        table.to_csv(target, index=False)
        return target

    def groups(self, join_code: str, teacher_key: str) -> Any:
        """Each group's number of rounds and time of its last one, as a DataFrame (teacher key needed)."""
        table = self.rounds(join_code, teacher_key)
        summary = table.groupby("group", sort=True).agg(rounds=("id", "size"), last=("time", "max"))
        return summary.reset_index()

    def refusal_log(self, join_code: str, teacher_key: str) -> Any:
        """The refused requests that named this class (wrong teacher keys…), oldest first (teacher key needed)."""
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        def read(conn: Any) -> Any:
            class_id = self._teacher_class(conn, join_code, teacher_key, "refusal log")
            r = schema.refusals.c
            rows = conn.execute(
                sa.select(r.at, r.action, r.reason).where(r.class_id == class_id).order_by(r.id)
            ).all()
            return pd.DataFrame(rows, columns=["time", "action", "reason"])

        return self._read(read)

    # ------------------------------------------------------------------ the groups' side
    def add_round(
        self,
        join_code: str,
        group: str,
        tokens: Sequence[str],
        *,
        simulated: bool = False,
        submission: str | None = None,
    ) -> int:
        """Store one round of 10 tokens (drawing order) for ``group``; return the round's id.

        ``simulated``: drawn by the computer rather than from a real bag.
        ``submission``: an id that makes a repeated submit harmless (default: a new one).
        """
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        name = check_name(group)
        colours = _check_tokens(tokens)
        sub = uuid.uuid4().hex if submission is None else str(submission)[:36]
        values = dict(zip(TOKEN_COLUMNS, colours, strict=True))

        def work(conn: Any) -> int:
            class_id = self._class_id(conn, join_code, "add round")
            r = schema.rounds.c
            done = conn.execute(
                sa.select(r.id).where(r.class_id == class_id, r.submission == sub)
            ).scalar()
            if done is not None:  # this very submit was stored before its answer got lost
                return int(done)
            row = {"class_id": class_id, "group_name": name, "created": time.time()}
            row |= {"simulated": bool(simulated), "submission": sub, **values}
            return int(
                conn.execute(sa.insert(schema.rounds).values(**row).returning(r.id)).scalar_one()
            )

        return self._write(work)

    def undo_round(self, join_code: str, group: str) -> int:
        """Delete ``group``'s own last round; return its id (``ClassroomError`` when it has none)."""
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        name = check_name(group)

        def work(conn: Any) -> int:
            class_id = self._class_id(conn, join_code, "undo round")
            r = schema.rounds.c
            mine = (r.class_id == class_id) & (r.group_name == name)
            last = conn.execute(sa.select(sa.func.max(r.id)).where(mine)).scalar()
            if last is None:
                raise ClassroomError(
                    _("group {name} has no round to take back", name=repr(name)),
                )
            conn.execute(sa.delete(schema.rounds).where(r.id == last))
            return int(last)

        return self._write(work)

    # ------------------------------------------------------------------ reading
    def rounds(
        self, join_code: str, teacher_key: str | None = None, *, group: str | None = None
    ) -> Any:
        """Every round of the class, oldest first, as a DataFrame: id, group, time, simulated, token_1 … token_10.

        With the teacher key every group is named; with the join code alone
        only ``group``'s own rounds are (the others' names are blank), so the
        group list stays the teacher's.
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        own = None if group is None else check_name(group)

        def read(conn: Any) -> Any:
            if teacher_key is None:
                class_id = self._class_id(conn, join_code, "read rounds")
            else:
                class_id = self._teacher_class(conn, join_code, teacher_key, "read rounds")
            r = schema.rounds.c
            columns = [r.id, r.group_name, r.created, r.simulated]
            columns += [r[name] for name in TOKEN_COLUMNS]
            query = sa.select(*columns).where(r.class_id == class_id).order_by(r.id)
            return conn.execute(query).all()

        rows = self._read(read)
        table = pd.DataFrame(rows, columns=["id", "group", "time", "simulated", *TOKEN_COLUMNS])
        table["time"] = pd.to_datetime(table["time"], unit="s", utc=True)
        table["simulated"] = table["simulated"].astype(bool)
        if teacher_key is None:
            table["group"] = [g if g == own else "" for g in table["group"]]
        return table

    def tally(
        self, join_code: str, teacher_key: str | None = None, *, group: str | None = None
    ) -> ClassTally:
        """The class's rounds as a ``ClassTally`` (groups named as in ``rounds``; the computer's as ``SIMULATED``)."""
        table = self.rounds(join_code, teacher_key, group=group)
        tokens = tuple(tuple(row) for row in table[list(TOKEN_COLUMNS)].itertuples(index=False))
        names = tuple(
            SIMULATED if sim and not name else name
            for name, sim in zip(table["group"], table["simulated"], strict=True)
        )
        return ClassTally(dict(DEFAULT_BAG), tokens, names, 0)

    def revision(self, join_code: str) -> tuple[int, int, int]:
        """A cheap fingerprint of the class's rounds (count, largest id, sum of ids): it changes with every write.

        Ids are never reused, so an add, an undo or a reset always gives a new
        fingerprint; a dashboard polls it and redraws only when it changed.
        """
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        def read(conn: Any) -> tuple[int, int, int]:
            class_id = self._class_id(conn, join_code, "read rounds")
            r = schema.rounds.c
            count, top, total = conn.execute(
                sa.select(
                    sa.func.count(r.id),
                    sa.func.coalesce(sa.func.max(r.id), 0),
                    sa.func.coalesce(sa.func.sum(r.id), 0),
                ).where(r.class_id == class_id)
            ).one()
            return int(count), int(top), int(total)

        return self._read(read)

    # ------------------------------------------------------------------ shared game tables
    def create_table(
        self, join_code: str, game: str, players: int = 2, bots: Any = None, **options: Any
    ) -> str:
        """Create a shared game table in the class (``seed``, ``variant``, ``idle_seconds``); return its code (see ``tables``)."""
        return create_table(self, join_code, game, players, bots, **options)

    def table(self, table_code: str) -> Any:
        """The shared game table with ``table_code`` (``ClassroomError`` for an unknown code; see ``tables``)."""
        return Table(self, table_code)

    def tables(self, join_code: str, teacher_key: str) -> Any:
        """The class's game tables for the dashboard, as a DataFrame (teacher key needed; see ``tables``)."""
        return list_tables(self, join_code, teacher_key)

    def __repr__(self) -> str:
        return f"ClassStore({self.url!r})"
