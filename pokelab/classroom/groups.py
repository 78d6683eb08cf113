"""The groups' side of the class store: joining with a group token, adding rounds, taking one back.

A group **joins** a class with the join code and its name and gets a group
token (8 letters and digits, shown once, stored hashed), like a seat token at
a game table. From then on the name is the group's: adding a round and taking
one back need the token, and nobody else can join under that name (the
teacher's key issues a new token to a group that lost its own). A name that
never joined is an open name: rounds may be added under it with the join code
alone, and only the teacher (``reset``) removes them.

Every round carries a **submission id** (at most 36 letters, digits and
``- _ . :``): the same id with the same round is the same submit, answered with
the stored round's id; the same id with another round is refused.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("7B")
>>> token = store.join_group(code, "Team Eevee")
>>> store.add_round(code, "Team Eevee", ["red"] * 4 + ["blue"] * 4 + ["green"] * 2, token=token)
1
>>> store.undo_round(code, "Team Eevee", "WRONGTOK")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: wrong group token for the group 'Team Eevee'
"""

from __future__ import annotations

import secrets
import string
import uuid
from collections.abc import Sequence
from typing import Any

from pokelab.classroom.access import (
    TOKEN_COLUMNS,
    _check_tokens,
    check_name,
    clean_secret,
    refused,
)
from pokelab.classroom.db import sa, schema
from pokelab.classroom.doors import Doors, member_hash
from pokelab.classroom.errors import ClassAccessError, ClassroomError
from pokelab.classroom.transactions import StoreCore
from pokelab.words import _

__all__ = ["GROUP_TOKEN_LENGTH", "SUBMISSION_LENGTH", "Groups", "check_submission"]

GROUP_TOKEN_LENGTH = 8  # 40 random bits
SUBMISSION_LENGTH = 36
_SUBMISSION_CHARS = frozenset(string.ascii_letters + string.digits + "-_.:")


def check_submission(value: Any) -> str:
    """A submission id as given: 1 to 36 letters, digits and ``- _ . :`` (never cut short).

    >>> check_submission("3f2a-01")
    '3f2a-01'
    >>> check_submission("x" * 37)
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a submission id has 1 to 36 characters, not 37
    """
    if not isinstance(value, str):
        raise ClassroomError(_("a submission id is text, not {type}", type=type(value).__name__))
    if not 1 <= len(value) <= SUBMISSION_LENGTH:
        raise ClassroomError(
            _("a submission id has 1 to {most} characters, not {length}", most=SUBMISSION_LENGTH, length=len(value)),
        )
    bad = next((ch for ch in value if ch not in _SUBMISSION_CHARS), None)
    if bad is not None:
        raise ClassroomError(
            _("a submission id holds letters, digits and - _ . : only, not {bad}", bad=repr(bad)),
        )
    return value


class Groups:
    """The groups of the store's classes (a part ``ClassStore`` owns): join, add a round, take one back.

    They use the store's ``core`` (transactions, throttle, clock, limits) and
    its ``doors`` (the join code's check, a member's new token).

    >>> from pokelab.classroom.transactions import open_engine
    >>> core = StoreCore(open_engine("sqlite://")); core.upgrade()
    >>> doors = Doors(core)
    >>> groups = Groups(core, doors)
    >>> groups.join_group("WRONG1", "A")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: wrong join code: no class has the code 'WRONG1'
    """

    def __init__(self, core: StoreCore, doors: Doors) -> None:
        self._core = core
        self._doors = doors

    def join_group(self, join_code: str, group: str, *, teacher_key: str | None = None) -> str:
        """Join the class as ``group``; return its group token (show it once: adding and undoing need it).

        A name another group joined is refused — unless the teacher key is
        given, which issues a new token (the old one stops working).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code, key = store.create_class("7B")
        >>> len(store.join_group(code, "A"))
        8
        >>> store.join_group(code, "A")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: the group name 'A' is taken in this class: choose another name, or ask the teacher for a new group token
        """
        name = check_name(group)
        taken = _("the group name {name} is taken in this class: choose another name, "
                  "or ask the teacher for a new group token", name=repr(name))
        return self._doors.issue_member_token("group", join_code, name, length=GROUP_TOKEN_LENGTH,
                                              teacher_key=teacher_key, taken=taken)

    def _check_group(self, conn: Any, class_id: int, name: str, token: Any, action: str) -> bool:
        """True when ``name`` joined (and ``token`` is its token); False for an open name; refused otherwise."""
        g = schema.groups.c
        stored = conn.execute(sa.select(g.token_hash).where(g.class_id == class_id, g.name == name)).scalar()
        if stored is None and token is None and action != "undo round":
            return False
        source = ("group token", class_id, name)
        self._core.throttle.check(source)
        if token is None or token == "":
            self._core.throttle.failed(source)  # a loop without a token is slowed like one with wrong ones
            raise refused(
                class_id, action, "missing group token",
                ClassAccessError(
                    _("the group {name} needs its group token to add or take back rounds "
                      "(a group gets it when it joins the class)", name=repr(name)),
                ),
            )
        clean = clean_secret(token, _("group token"))
        if stored is None or not secrets.compare_digest(str(stored), member_hash("group", class_id, name, clean)):
            self._core.throttle.failed(source)
            raise refused(
                class_id, action, "wrong group token",
                ClassAccessError(_("wrong group token for the group {name}", name=repr(name))),
            )
        self._core.throttle.succeeded(source)
        return True

    def add_round(
        self,
        join_code: str,
        group: str,
        tokens: Sequence[str],
        *,
        simulated: bool = False,
        submission: str | None = None,
        token: str | None = None,
    ) -> int:
        """Store one round of 10 tokens (drawing order) for ``group``; return the round's id.

        ``simulated``: drawn by the computer rather than from a real bag.
        ``submission``: an id that makes a repeated submit harmless (default: a new one).
        ``token``: the group token (needed once the group joined).
        """
        name = check_name(group)
        colours = _check_tokens(tokens)
        sub = uuid.uuid4().hex if submission is None else check_submission(submission)
        values = dict(zip(TOKEN_COLUMNS, colours, strict=True))

        def work(conn: Any) -> int:
            class_id = self._doors.class_of(conn, join_code, "add round")
            self._check_group(conn, class_id, name, token, "add round")
            r = schema.rounds.c
            done = conn.execute(
                sa.select(r.id, r.group_name, r.simulated, *(r[c] for c in TOKEN_COLUMNS))
                .where(r.class_id == class_id, r.submission == sub)
            ).first()
            if done is not None:  # this very submit was stored before its answer got lost
                if tuple(done[1:]) != (name, bool(simulated), *colours):
                    raise ClassroomError(
                        _("the submission id {id} was already used for another round: nothing was saved "
                          "(send a new id for a new round)", id=repr(sub)),
                    )
                return int(done[0])
            now = self._core.clock()
            recent = conn.execute(
                sa.select(sa.func.count(r.id)).where(
                    r.class_id == class_id, r.group_name == name, r.created > now - 60.0
                )
            ).scalar()
            if int(recent or 0) >= self._core.limits.rounds_per_minute:
                raise ClassroomError(
                    _("the group {name} sent {count} rounds in the last minute (at most {most}): "
                      "wait a little, then send again", name=repr(name), count=int(recent), most=self._core.limits.rounds_per_minute),
                )
            row = {"class_id": class_id, "group_name": name, "created": now}
            row |= {"simulated": bool(simulated), "submission": sub, **values}
            return int(
                conn.execute(sa.insert(schema.rounds).values(**row).returning(r.id)).scalar_one()
            )

        return self._core.write(work)

    def undo_round(self, join_code: str, group: str, token: str | None = None) -> int:
        """Delete ``group``'s own last round (its group token needed); return its id.

        ``ClassroomError`` when the group has no round; ``ClassAccessError`` for a missing or wrong token.
        """
        name = check_name(group)

        def work(conn: Any) -> int:
            class_id = self._doors.class_of(conn, join_code, "undo round")
            self._check_group(conn, class_id, name, token, "undo round")
            r = schema.rounds.c
            mine = (r.class_id == class_id) & (r.group_name == name)
            last = conn.execute(sa.select(sa.func.max(r.id)).where(mine)).scalar()
            if last is None:
                raise ClassroomError(
                    _("group {name} has no round to take back", name=repr(name)),
                )
            conn.execute(sa.delete(schema.rounds).where(r.id == last))
            return int(last)

        return self._core.write(work)
