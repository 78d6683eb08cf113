"""A table request from a hub user, as the table core checks it: the secrets filled in for whom the hub says they are.

Under a hub (``server --hub``) nobody types a join code, a seat token, a name or
a teacher key: ``HubDoors.fill(identity, verb, body)`` returns the request with
them made by the class service (``pokelab.hub.secrets``) for the hub user
``identity`` (``pokelab.hub.identity.HubIdentity``), after checking what the hub
says of them. Whatever secrets the request carried are dropped first, so a hub
user can act only as themselves:

- a table of a class the user is not in (as pupil or teacher) is refused
  (``ClassAccessError``), even opened;
- a seat is the user's own: the seat whose name is their hub login and whose
  token is the one the service makes for them at that table;
- the whole record, handing a seat to a bot and the class's list of tables are
  a teacher's (hub group ``pokelab-<class>-teachers``) or refused.

A hub class is the class of the class database with the derived join code
(``ClassStore.keep_class``, made when first used); a class of the same name made
with a drawn join code stays a class of its own.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.hub.identity import HubIdentity
>>> from pokelab.hub.secrets import ClassSecrets
>>> from pokelab.tables import Tables
>>> doors = HubDoors(Tables(ClassStore.connect("sqlite://")), ClassSecrets(b"k" * 32))
>>> mei = HubIdentity("mei", classes=("7b",), teaches=())
>>> made = doors.fill(mei, "create", {"game": "herecomes", "join_code": "TYPED1"})
>>> made["join_code"] == doors.secrets.join_code("7b"), made["name"]
(True, 'mei')
"""

from __future__ import annotations

from typing import Any

from pokelab.classroom import ClassAccessError, ClassroomError, check_name, digest
from pokelab.words import _

__all__ = ["SECRET_FIELDS", "HubDoors", "owns", "seat_of"]

#: What a request may carry that, under a hub, only the class service fills in.
SECRET_FIELDS = frozenset({"join_code", "teacher_key", "token", "creator_token", "name", "teacher"})
#: The verbs that act as a seat (the user's own).
_SEAT_VERBS = frozenset({"view", "play", "undo", "answer_undo"})


class HubDoors:
    """The hub's side of the table service: ``fill`` a hub user's request with the secrets the core checks."""

    def __init__(self, tables: Any, secrets: Any) -> None:
        self.tables = tables
        self.secrets = secrets
        self._class_ids: dict[str, int] = {}

    def class_id(self, name: str) -> int:
        """The id of hub class ``name`` in the class database (made the first time it is used)."""
        if name not in self._class_ids:
            self._class_ids[name] = self.tables.store.keep_class(
                name, self.secrets.join_code(name), self.secrets.teacher_key(name))
        return self._class_ids[name]

    def _only_class(self, identity: Any, named: Any, *, teacher: bool) -> str:
        """The class a request without a table acts in: ``named``, else the user's one class."""
        mine = identity.teaches if teacher else tuple(sorted({*identity.classes, *identity.teaches}))
        if teacher and not mine and len(identity.classes) == 1 and named in (None, identity.classes[0]):
            raise self._not_yours(identity, identity.classes[0], teacher=True)  # a pupil acting as a teacher
        if named is not None:
            if named not in mine:
                raise self._not_yours(identity, str(named)[:60], teacher=teacher)
            return str(named)
        if len(mine) != 1:
            raise ClassroomError(
                _("your hub login is in {count} classes of the kit: say which one (class_name=...)", count=len(mine)),
            )
        return mine[0]

    @staticmethod
    def _not_yours(identity: Any, class_name: str, *, teacher: bool) -> ClassAccessError:
        if teacher:
            return ClassAccessError(
                _("only a teacher of class {name} (hub group pokelab-{name}-teachers) may do that; {user} is not one",
                  name=class_name, user=repr(identity.user)),
            )
        return ClassAccessError(
            _("that belongs to class {name}, and the hub does not put {user} in it", name=class_name,
              user=repr(identity.user)),
        )

    def fill(self, identity: Any, verb: str, body: dict[str, Any]) -> dict[str, Any]:
        """``body`` for the core: the secrets the hub user ``identity`` holds, filled in; a refusal raised."""
        asked = dict(body)
        filled = {k: v for k, v in body.items() if k not in SECRET_FIELDS and k != "class_name"}
        if verb == "create":
            name = self._only_class(identity, asked.get("class_name"), teacher=False)
            self.class_id(name)
            return {**filled, "join_code": self.secrets.join_code(name), "name": _seat_name(identity)}
        if verb == "tables":
            name = self._only_class(identity, asked.get("class_name"), teacher=True)
            self.class_id(name)
            return {**filled, "join_code": self.secrets.join_code(name), "teacher_key": self.secrets.teacher_key(name)}
        t = self.tables.table(body.get("code"))
        class_name = t.class_code
        hub_class = self._hub_class_of(t, class_name, identity)
        if hub_class is None:
            raise self._not_yours(identity, class_name, teacher=False)
        token = self.secrets.seat_token(t.code, identity.user)
        teacher = identity.teaches_class(class_name)
        wants_record = verb in ("moves", "replay", "record") and asked.get("teacher") is True
        if wants_record or (verb == "hand_to_bot" and teacher):
            if not teacher:
                raise self._not_yours(identity, class_name, teacher=True)
            return {**filled, "teacher_key": self.secrets.teacher_key(class_name)}
        if verb == "sit":
            return {**filled, "name": _seat_name(identity), "join_code": self.secrets.join_code(class_name),
                    "token": token}
        if verb == "rejoin":
            if seat_of(t, identity.user, token) is None:
                raise ClassAccessError(
                    _("{user} sits at no seat of table {code}: sit down first", user=repr(identity.user), code=t.code),
                )
            return {**filled, "token": token}
        if verb == "hand_to_bot":
            return {**filled, "creator_token": token}
        if verb in _SEAT_VERBS or verb in ("moves", "replay", "record"):
            seat = body.get("seat")
            if not owns(t, seat, identity.user, token):
                raise ClassAccessError(
                    _("seat {seat} of table {code} is not {user}'s: a hub login plays only its own seat",
                      seat=seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else repr(seat)[:8],
                      code=t.code, user=identity.user),
                )
            return {**filled, "token": token}
        return filled  # open, revision, advance: the table's class is enough

    def _hub_class_of(self, t: Any, class_name: str, identity: Any) -> str | None:
        """``class_name`` if table ``t`` is of that hub class and the user is in it; else ``None``."""
        if not identity.in_class(class_name):
            return None
        return class_name if t._class_id == self.class_id(class_name) else None


def _seat_name(identity: Any) -> str:
    """The seat name of a hub user: their hub login, if it is a name the kit can show (else a refusal)."""
    return check_name(identity.user, what="group")


def owns(t: Any, seat: Any, user: str, token: str) -> bool:
    """Whether seat ``seat`` of table ``t`` is the hub user ``user``'s: their name and their derived token sit there.

    A login holds one seat of a table it sits at itself (``sit``); the class
    service may seat one login's two league bots at both seats of one table.
    """
    seats = t._row().seats
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
        return False
    record = seats[seat]
    return not record["bot"] and record["token"] == digest("seat", f"{t.code}:{token}") and record["name"] == user


def seat_of(t: Any, user: str, token: str) -> int | None:
    """The seat of table ``t`` the hub user ``user`` sits at (their name and their derived token), or ``None``."""
    hashed = digest("seat", f"{t.code}:{token}")
    for seat, record in enumerate(t._row().seats):
        if not record["bot"] and record["token"] == hashed and record["name"] == user:
            return seat
    return None
