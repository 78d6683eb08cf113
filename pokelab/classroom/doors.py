"""The class store's doors: the join code and the teacher key checked, throttled and logged.

``ClassStore`` owns one ``Doors`` (over its ``transactions.StoreCore``) and
hands it to its other parts; every request passes one of these checks before
it reads or writes anything. They are public (``class_of``, ``teacher_class_of``,
``check_class_teacher``, and ``class_name_of`` and ``unnamed_refusals`` for the reads
of the store's own tables another package needs) so that the shared tables
(``pokelab.tables``), which keep their rows in the same database, pass the same doors. A wrong code or key counts against its source (``limits``)
and is logged — in the ``pokelab.classroom`` logger, and for a named class in
its refusal log (``StoreCore.refuse``) — without the code or key typed.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("7B")
>>> store.reset(code, key)
0
>>> store.reset("WRONG1", key)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from pokelab.classroom.access import (
    JOIN_ALPHABET,
    JOIN_LENGTH,
    action_name,
    clean_secret,
    digest,
    refused,
)
from pokelab.classroom.db import sa, schema
from pokelab.classroom.errors import ClassAccessError, ClassroomError
from pokelab.classroom.transactions import StoreCore
from pokelab.words import Text, _

__all__ = ["Doors", "member_hash"]


def member_hash(kind: str, class_id: int, name: str, token: str) -> str:
    """The stored hash of the token of the group or pupil ``name`` (``kind``: ``group`` or ``pupil``) in a class.

    The class and the name are in it, so a token proves one member of one class only.

    >>> member_hash("pupil", 1, "Mei", "ABC") == member_hash("group", 1, "Mei", "ABC")
    False
    >>> member_hash("team", 1, "Mei", "ABC")
    Traceback (most recent call last):
    ...
    ValueError: a member is a group or a pupil, not 'team'
    """
    if kind not in ("group", "pupil"):
        raise ValueError(f"a member is a group or a pupil, not {kind!r}")  # a programming error
    return digest(kind, f"{class_id}:{name}:{token}")


class Doors:
    """The checks of join codes, teacher keys and members' new tokens (a part ``ClassStore`` owns).

    They use the store's ``core`` (``transactions.StoreCore``): its throttle,
    clock and write transaction, nothing else.

    >>> from pokelab.classroom.transactions import open_engine
    >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
    >>> doors = Doors(core)
    >>> core.read(lambda conn: doors.class_of(conn, "WRONG1", "join"))
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
    """

    def __init__(self, core: StoreCore) -> None:
        self._core = core

    def issue_member_token(
        self, kind: str, join_code: str, name: str, *, length: int, teacher_key: str | None, taken: Text,
    ) -> str:
        """Issue a new token of ``length`` letters to the group or pupil ``name`` (``kind``); return it.

        A name not yet in the class joins with it. A taken name gets it only
        with the teacher key (its old token stops working); without the key,
        ``ClassroomError(taken)``. ``join_group`` and ``join_pupil`` both come here.

        >>> from pokelab.classroom.transactions import open_engine
        >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
        >>> doors = Doors(core)
        >>> len(doors.issue_member_token("group", "WRONG1", "A", length=8, teacher_key=None, taken=_("taken")))
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
        """
        table = schema.groups if kind == "group" else schema.pupils
        action = "join group" if kind == "group" else "join class"
        token = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(length))

        def work(conn: Any) -> str:
            if teacher_key is None:
                class_id = self.class_of(conn, join_code, action)
            else:
                class_id = self.teacher_class_of(conn, join_code, teacher_key, action)
            m = table.c
            found = conn.execute(sa.select(m.id).where(m.class_id == class_id, m.name == name)).scalar()
            row = {"token_hash": member_hash(kind, class_id, name, token), "created": self._core.clock()}
            if found is None:
                conn.execute(sa.insert(table).values(class_id=class_id, name=name, **row))
            elif teacher_key is not None:
                conn.execute(sa.update(table).where(m.id == found).values(**row))
            else:
                raise ClassroomError(taken)
            return token

        return self._core.write(work)

    def class_of(self, conn: Any, join_code: Any, action: str) -> int:
        """The id of the class with ``join_code``, read on ``conn`` (throttled; a wrong code is refused).

        ``action`` names the request in the refusal log. Used inside ``read`` or
        ``write``; the refusal is logged when the transaction is over.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.read(lambda conn: store.class_of(conn, code.lower(), "join"))
        1
        >>> store.read(lambda conn: store.class_of(conn, "WRONG1", "join"))
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
        """
        self._core.throttle.check(("join code",))
        code = clean_secret(join_code, _("join code"))
        found = conn.execute(
            sa.select(schema.classes.c.id).where(
                schema.classes.c.join_hash == digest("join", code)
            )
        ).scalar()
        if found is None:
            self._core.throttle.failed(("join code",))
            raise refused(
                None,
                action,
                "wrong join code",
                ClassAccessError(
                    _("wrong join code: no class has the code {code}", code=repr(code[: JOIN_LENGTH + 2])),
                ),
            )
        self._core.throttle.succeeded(("join code",))
        return int(found)

    def teacher_class_of(self, conn: Any, join_code: Any, teacher_key: Any, action: str) -> int:
        """The id of the class with ``join_code`` once ``teacher_key`` is its key (``class_of``, then ``check_class_teacher``).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.read(lambda conn: store.teacher_class_of(conn, code, key, "list tables"))
        1
        >>> store.read(lambda conn: store.teacher_class_of(conn, code, "AAAA-AAAA-AAAA-AAAA", "list tables"))
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: wrong teacher key for this class: list tables needs the class's teacher key
        """
        class_id = self.class_of(conn, join_code, action)
        self.check_class_teacher(conn, class_id, teacher_key, action)
        return class_id

    def check_class_teacher(
        self, conn: Any, class_id: int, teacher_key: Any, action: str, *, wrong: Text | None = None
    ) -> None:
        """Check that ``teacher_key`` is the key of class ``class_id`` (throttled per class; refused if not).

        ``wrong``: the refusal's text (default: the class's key is needed for ``action``).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.read(lambda conn: store.check_class_teacher(conn, 1, key.lower(), "reset"))
        >>> store.read(lambda conn: store.check_class_teacher(conn, 1, None, "reset"))
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: no teacher key given
        """
        try:
            key = clean_secret(teacher_key, _("teacher key"))
        except ClassAccessError as err:
            raise refused(class_id, action, "missing teacher key", err) from None
        source = ("teacher key", class_id)
        self._core.throttle.check(source)
        stored = conn.execute(
            sa.select(schema.classes.c.teacher_hash).where(schema.classes.c.id == class_id)
        ).scalar()
        if not hmac.compare_digest(str(stored), digest("teacher", key)):
            self._core.throttle.failed(source)
            raise refused(
                class_id,
                action,
                "wrong teacher key",
                ClassAccessError(
                    wrong if wrong is not None else
                    _("wrong teacher key for this class: {action} needs the class's teacher key",
                        action=action_name(action)),
                ),
            )
        self._core.throttle.succeeded(source)

    def class_name_of(self, conn: Any, class_id: int) -> str:
        """The name of class ``class_id``, read on ``conn`` (a row of another package names its class by id).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> store.read(lambda conn: store.class_name_of(conn, store.class_of(conn, code, "view")))
        '7B'
        """
        c = schema.classes.c
        return str(conn.execute(sa.select(c.name).where(c.id == class_id)).scalar())

    def unnamed_refusals(self, conn: Any, action: str, reason: str, *, since: float = 0.0) -> int:
        """How many refusals of ``action`` for ``reason`` that named no class were logged since ``since`` (on ``conn``).

        A refused address that names no class (an unknown table code) is the
        database's: every teacher of it sees the same count.

        >>> from pokelab.classroom import ClassStore, refused, ClassAccessError
        >>> from pokelab.words import _
        >>> store = ClassStore.connect("sqlite://")
        >>> store.refuse(refused(None, "table open", "unknown table code", ClassAccessError(_("no"))))
        >>> store.read(lambda conn: store.unnamed_refusals(conn, "table open", "unknown table code"))
        1
        """
        r = schema.refusals.c
        query = sa.select(sa.func.count()).where(
            r.class_id.is_(None), r.action == action, r.reason == reason, r.at >= since
        )
        return int(conn.execute(query).scalar() or 0)
