"""No silent loss: a class database file that vanished, was replaced, is damaged or read-only is a kit error.

SQLite happily keeps answering through an open handle to a deleted file, and
a new connection to a missing path makes a fresh, empty database. So a store
remembers which file it opened (device and inode) and checks, before every
request, that the same file is still at its path; the driver's errors for a
damaged or read-only file become a ``ClassStoreFault`` (a ``ClassroomError``)
in every language. The message never names the file — it reaches pupils, who
need not learn where the server keeps its data; the log (``pokelab.classroom``)
names it for the teacher or admin.

>>> watch = FileWatch(None)  # an in-memory database or a server: nothing to watch
>>> watch.check()
>>> explain(ValueError("not a database error")) is None
True
>>> FileWatch("/nonexistent/class.db").check()
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassStoreFault: the class database file is gone (deleted or moved while in use): nothing more is saved there. Put it back, or ask the teacher to open the class again
"""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

from pokelab.classroom.db import sa
from pokelab.classroom.errors import ClassStoreFault
from pokelab.words import _

__all__ = ["FileWatch", "explain", "transient"]

log = logging.getLogger("pokelab.classroom")


class FileWatch:
    """The SQLite file a store opened: ``check`` refuses when another file (or none) is at its path now.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "c.db"
    >>> _ = path.write_bytes(b""); watch = FileWatch(path); watch.check()
    >>> other = path.with_name("other.db"); _ = other.write_bytes(b"")
    >>> _ = other.replace(path)  # another file now sits at the path
    >>> watch.check()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassStoreFault: the class database file was replaced by another file while in use: ...
    """

    def __init__(self, path: str | Path | None) -> None:
        self.path = None if path is None else Path(path)
        self.identity = self._identity()

    def _identity(self) -> tuple[int, int] | None:
        if self.path is None:
            return None
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def remember(self) -> None:
        """Take the file now at the path as the store's (after the store created it)."""
        self.identity = self._identity()

    def check(self) -> None:
        """Nothing when the file the store opened is still at its path; ``ClassStoreFault`` otherwise (path in the log only)."""
        if self.path is None:
            return
        now = self._identity()
        if now is None:
            log.warning("class database file %s is gone (deleted or moved while in use)", self.path)
            raise ClassStoreFault(
                _("the class database file is gone (deleted or moved while in use): nothing more "
                  "is saved there. Put it back, or ask the teacher to open the class again"),
            )
        if self.identity is not None and now != self.identity:
            log.warning("class database file %s was replaced by another file while in use", self.path)
            raise ClassStoreFault(
                _("the class database file was replaced by another file while in use: nothing was "
                  "saved. Ask the teacher to open the class again"),
            )


def explain(err: BaseException) -> ClassStoreFault | None:
    """The kit's error for a database fault no retry cures (damaged or read-only file), else ``None``.

    >>> import sqlite3
    >>> explain(sqlite3.DatabaseError("file is not a database")).message("zh")  # doctest: +ELLIPSIS
    '班级数据库文件已损坏...'
    """
    if not _is_database_error(err):
        return None
    text = str(getattr(err, "orig", None) or err).lower()
    if "readonly" in text or "read-only" in text or "read only" in text:
        return ClassStoreFault(
            _("the class database is read-only here: nothing was saved. Ask the teacher to make the file "
              "writable (or to open the class in a folder this kernel may write)"),
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text or "disk image" in text:
        return ClassStoreFault(
            _("the class database file is damaged (not a readable SQLite database): nothing was saved. "
              "Restore it from a copy, or ask the teacher to start a new class database"),
        )
    if "no such table" in text or "no such column" in text or "undefinedtable" in text:
        return ClassStoreFault(
            _("the class database is missing a table of this kit (its schema was damaged or it is not a "
              "class database): nothing was saved"),
        )
    return None


def _is_database_error(err: BaseException) -> bool:
    return isinstance(err, sqlite3.Error) or (sa is not None and isinstance(err, sa.exc.DBAPIError))


def transient(err: Exception) -> bool:
    """True for errors a retry may cure: a locked SQLite file, a PostgreSQL server away or a conflict.

    >>> transient(ValueError("database is locked"))
    False
    """
    if isinstance(err, sa.exc.DBAPIError) and err.connection_invalidated:
        return True
    text = str(getattr(err, "orig", err)).lower()
    words = ("locked", "busy", "could not serialize", "deadlock", "connection", "server closed")
    words += ("terminating", "shutting down", "starting up", "the database system is")
    return isinstance(err, sa.exc.OperationalError | sa.exc.InterfaceError) and any(
        w in text for w in words
    )
