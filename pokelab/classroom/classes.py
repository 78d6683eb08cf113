"""The classes in the class store: creating one (its join code and teacher key), its name, emptying and deleting it.

``ClassStore`` owns one ``Classes`` over its ``transactions.StoreCore`` and its
``doors.Doors``. The join code and teacher key are random, shown once and
stored only as SHA-256 hashes; emptying (``reset``) and deleting a class need
its teacher key.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("7B")
>>> store.class_name(code), store.reset(code, key)
('7B', 0)
>>> store.delete_class(code, "not-the-key")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: wrong teacher key for this class: delete needs the class's teacher key
"""

from __future__ import annotations

import secrets
from typing import Any

from pokelab.classroom.access import (
    JOIN_ALPHABET,
    JOIN_LENGTH,
    NAME_LENGTH,
    TEACHER_KEY_GROUPS,
    check_name,
    clean_secret,
    digest,
)
from pokelab.classroom.db import sa, schema
from pokelab.classroom.doors import Doors
from pokelab.classroom.errors import ClassroomError
from pokelab.classroom.transactions import StoreCore
from pokelab.words import _

__all__ = ["Classes"]


class Classes:
    """The store's classes themselves (a part ``ClassStore`` owns): create, name, reset, delete.

    >>> from pokelab.classroom.transactions import open_engine
    >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
    >>> classes = Classes(core, Doors(core))
    >>> code, key = classes.create_class("7B")
    >>> classes.class_name(code)
    '7B'
    >>> classes.create_class("")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a class name has 1 to 60 characters, not 0
    """

    def __init__(self, core: StoreCore, doors: Doors) -> None:
        self._core = core
        self._doors = doors

    def create_class(self, name: str) -> tuple[str, str]:
        """Create a class called ``name``; return its ``(join_code, teacher_key)`` (shown once, stored hashed).

        >>> from pokelab.classroom import ClassStore
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
                "join_hash": digest("join", code),
                "teacher_hash": digest("teacher", key.replace("-", "")),
                "created": self._core.clock(),
            }
            try:
                self._core.write(
                    lambda conn, row=row: conn.execute(sa.insert(schema.classes).values(**row))
                )
            except sa.exc.IntegrityError:  # the join code is taken: draw another
                continue
            return code, key
        raise RuntimeError("could not find a free join code in 20 tries")  # pragma: no cover

    def keep_class(self, name: str, join_code: str, teacher_key: str) -> int:
        """The id of the class with ``join_code``, created as ``name`` with these secrets if no class has it yet.

        For a service that derives its classes' secrets from a key of its own
        instead of drawing them (``pokelab.hub.secrets``: a hub group is a class).
        A class that has the join code but another name or teacher key is a
        ``ClassroomError`` (the derived code collides with a drawn one), never a
        class shared by mistake.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> store.keep_class("7b", "K7M2QX", "AAAA-BBBB-CCCC-DDDD") == store.keep_class("7b", "k7m2qx", "AAAABBBBCCCCDDDD")
        True
        >>> store.class_name("K7M2QX")
        '7b'
        >>> store.keep_class("7a", "K7M2QX", "AAAA-BBBB-CCCC-DDDD")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: the join code of class '7a' is already another class's: give the class service a new secret
        """
        clean = check_name(name, limit=NAME_LENGTH, what="class")
        row = {
            "name": clean,
            "join_hash": digest("join", clean_secret(join_code, _("join code"))),
            "teacher_hash": digest("teacher", clean_secret(teacher_key, _("teacher key"))),
        }
        c = schema.classes.c

        def find(conn: Any) -> int | None:
            found = conn.execute(
                sa.select(c.id, c.name, c.teacher_hash).where(c.join_hash == row["join_hash"])
            ).first()
            if found is None:
                return None
            if found.name != clean or found.teacher_hash != row["teacher_hash"]:
                raise ClassroomError(
                    _("the join code of class {name} is already another class's: give the class service a new secret",
                      name=repr(clean)),
                )
            return int(found.id)

        def work(conn: Any) -> int:
            found = find(conn)
            if found is not None:
                return found
            return int(conn.execute(
                sa.insert(schema.classes).values(**row, created=self._core.clock()).returning(c.id)
            ).scalar_one())

        try:
            return self._core.write(work)
        except sa.exc.IntegrityError:  # another worker made it first
            made = self._core.read(find)
            assert made is not None
            return made

    def class_name(self, join_code: str) -> str:
        """The name of the class with ``join_code`` (raises ``ClassAccessError`` for a wrong code)."""
        def read(conn: Any) -> str:
            class_id = self._doors.class_of(conn, join_code, "join")
            return str(
                conn.execute(
                    sa.select(schema.classes.c.name).where(schema.classes.c.id == class_id)
                ).scalar()
            )

        return self._core.read(read)

    def reset(self, join_code: str, teacher_key: str) -> int:
        """Delete every round of the class (teacher key needed); return how many were deleted."""
        def work(conn: Any) -> int:
            class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "reset")
            gone = conn.execute(
                sa.delete(schema.rounds).where(schema.rounds.c.class_id == class_id)
            )
            return int(gone.rowcount)

        return self._core.write(work)

    def delete_class(self, join_code: str, teacher_key: str) -> None:
        """Delete the class, its groups, rounds, pupils, answers, settings, tables and refusal log (teacher key needed).

        Its join code stops working.
        """
        def work(conn: Any) -> None:
            class_id = self._doors.teacher_class_of(conn, join_code, teacher_key, "delete")
            conn.execute(sa.delete(schema.rounds).where(schema.rounds.c.class_id == class_id))
            conn.execute(sa.delete(schema.groups).where(schema.groups.c.class_id == class_id))
            for table in (schema.answers, schema.pupils, schema.settings):
                conn.execute(sa.delete(table).where(table.c.class_id == class_id))
            conn.execute(sa.delete(schema.refusals).where(schema.refusals.c.class_id == class_id))
            conn.execute(sa.delete(schema.classes).where(schema.classes.c.id == class_id))

        self._core.write(work)
