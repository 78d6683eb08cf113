"""A class database restored or overwritten under a running store is refused, never served as current.

The file check (``faults.FileWatch``) sees a file that was *moved* into place,
but ``cp old.db class.db`` writes the old bytes into the same file (same device,
same inode). So every class database also holds, in ``pokelab_meta``, a random
``database_id`` written when it is first opened and a ``revision`` that every
write transaction raises by one. A store remembers both: a different id, or a
revision below one this store already saw, means the database was replaced or
restored from an older copy while in use — a ``ClassStoreFault`` (a ``ClassroomError``), in every
language, for every read and write from then on. Other writers (more kernels,
the table server) only ever raise the revision, so they never look like a restore.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> with store._core.engine.begin() as conn:
...     _ = conn.execute(sa.update(schema.meta).where(schema.meta.c.key == "revision").values(value="-5"))
>>> store.create_class("7B")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassStoreFault: the class database was replaced or restored from an older copy while in use ...
"""

from __future__ import annotations

import threading
import uuid

from pokelab.classroom.db import sa, schema
from pokelab.classroom.errors import ClassStoreFault
from pokelab.words import _

__all__ = ["DatabaseIdentity"]

_ID, _REVISION = "database_id", "revision"


def _replaced() -> ClassStoreFault:
    return ClassStoreFault(
        _("the class database was replaced or restored from an older copy while in use (its identity or revision "
          "went back): nothing was saved and nothing is shown from it. Ask the teacher to open the class again"),
    )


def _read(conn: sa.Connection) -> tuple[str | None, int | None]:
    rows = dict(conn.execute(sa.select(schema.meta.c.key, schema.meta.c.value)
                             .where(schema.meta.c.key.in_((_ID, _REVISION)))).all())
    revision = rows.get(_REVISION)
    try:
        number = None if revision is None else int(str(revision))
    except ValueError:
        raise _replaced() from None  # a revision that is no number was not written by a store
    return rows.get(_ID), number


class DatabaseIdentity:
    """The identity and highest revision a store has seen of its database; ``check`` and ``advance`` refuse a restore."""

    def __init__(self) -> None:
        self.database_id: str | None = None  # None: not remembered yet (while the store opens)
        self.revision = -1
        self.replaced = False  # once replaced, refused for good: a later write on the old copy proves nothing
        self._lock = threading.Lock()

    @staticmethod
    def stamped(conn: sa.Connection) -> bool:
        """Whether the database behind ``conn`` has its identity and revision already."""
        return None not in _read(conn)

    @staticmethod
    def stamp(conn: sa.Connection) -> None:
        """Give a database without one a random identity and revision 0 (inside a write transaction)."""
        found, revision = _read(conn)
        if found is None:
            conn.execute(sa.insert(schema.meta).values(key=_ID, value=uuid.uuid4().hex))
        if revision is None:
            conn.execute(sa.insert(schema.meta).values(key=_REVISION, value="0"))

    def remember(self, conn: sa.Connection) -> None:
        """Take the database behind ``conn`` as the store's own (when the store opens it)."""
        found, revision = _read(conn)
        with self._lock:
            self.database_id, self.revision = found, -1 if revision is None else revision

    def seen(self) -> int:
        """The highest revision this store saw; take it *before* a request starts (a later commit only raises it)."""
        with self._lock:
            return self.revision

    def _compare(self, found: str | None, revision: int | None, seen: int) -> None:
        if self.database_id is None:
            return
        if self.replaced or found != self.database_id or revision is None or revision < seen:
            self.replaced = True
            raise _replaced()

    def check(self, conn: sa.Connection, seen: int) -> None:
        """Nothing when the database behind ``conn`` is still the store's, at ``seen`` or later; else ``ClassStoreFault``."""
        if self.database_id is None:
            return
        self._compare(*_read(conn), seen)

    def advance(self, conn: sa.Connection, seen: int) -> int:
        """Raise the revision by one inside a write transaction (after ``check``); return the new revision."""
        if self.database_id is None:
            return seen
        self._compare(*_read(conn), seen)
        value = schema.meta.c.value
        raised = sa.update(schema.meta).where(schema.meta.c.key == _REVISION)
        raised = raised.values(value=sa.cast(sa.cast(value, sa.Integer) + 1, sa.String)).returning(value)
        return int(conn.execute(raised).scalar_one())  # one statement: concurrent writers each add one

    def saw(self, revision: int) -> None:
        """Remember ``revision`` once its transaction has committed."""
        with self._lock:
            self.revision = max(self.revision, revision)
