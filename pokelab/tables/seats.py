"""A table's seats: sitting down, rejoining by seat token, and idle seats handed to bots.

``Seats`` is a part each ``Table`` (``pokelab.tables.table``) owns and
delegates to (undo by consent is ``undo.UndoVotes``). A seat token is 6 letters
shown to the pupil; it is stored only as a hash. A seat unused for the table's
``idle_seconds`` may be handed to a bot by the table's creator (the first pupil
to sit) or the teacher. Wrong seat tokens are throttled and locked out per seat
by the store's one throttle, like join codes (``ClassStore.throttle``,
``seat_source``).

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> tables = Tables(ClassStore.connect("sqlite://"))
>>> join_code = tables.store.create_class("7B")[0]
>>> t = tables.table(tables.create_table(join_code, "splendor", seed=3))
>>> ash = t.sit(0, "Ash", join_code=join_code)
>>> t.rejoin(ash.lower()), t.view(0)["names"]
(0, ['Ash', None])
>>> t.sit(0, "Misty", join_code=join_code)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: seat 1 of table ... is taken by Ash: choose a free seat, or rejoin with your seat token
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from pokelab.classroom import (
    JOIN_ALPHABET,
    ClassAccessError,
    ClassroomError,
    action_name,
    check_name,
    clean_secret,
    digest,
    refused,
)
from pokelab.tables import games
from pokelab.tables.listing import check_table_cap
from pokelab.tables.rows import SEAT_TOKEN_LENGTH, _check_seat_number, _Row
from pokelab.tables.writes import Write, game_values
from pokelab.words import Text, _

__all__ = ["Seats", "seat_refusal", "seat_source"]


class Seats:
    """A table's seats, owned by its ``Table``: seat tokens, sit, rejoin, idle seats to bots, the teacher's door.

    It is given what it uses, nothing of the table itself: the store's doors
    (``throttle``, ``refuse``, ``read``, ``limits``, ``check_class_teacher``),
    the number of ``players``, ``row()`` (the table's row now), ``write`` (one
    optimistic change, ``writes.change``) and ``transaction()`` (the connection
    of the change being computed, ``None`` outside one). ``tokens`` are the seat
    tokens this object got from ``sit`` and ``rejoin``.

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> tables = Tables(ClassStore.connect("sqlite://"))
    >>> join_code = tables.store.create_class("7B")[0]
    >>> t = tables.table(tables.create_table(join_code, "splendor", seed=3))
    >>> seats = t._seats   # the table's own part
    >>> token = seats.sit(1, "Misty", join_code=join_code)
    >>> seats.token(1, None) == token, seats.token(0, None)
    (True, None)
    >>> seats.check_token(t._row(), 1, "ZZZZZZ", "view")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: wrong seat token for seat 2 of table ...
    """

    def __init__(
        self,
        store: Any,
        players: int,
        *,
        row: Callable[[], _Row],
        write: Write,
        transaction: Callable[[], Any],
    ) -> None:
        self._store = store
        self._players = players
        self._row = row
        self._write = write
        self._transaction = transaction
        #: The seat tokens this object got from ``sit`` and ``rejoin``, per seat.
        self.tokens: dict[int, str] = {}

    def token(self, seat: int, given: str | None) -> str | None:
        """``given``, or else the token this object remembers for ``seat`` (``None`` when it has none: refused later)."""
        return given if given is not None else self.tokens.get(seat)

    def check_token(self, row: _Row, seat: int, token: Any, action: str) -> None:
        """Refuse (``ClassAccessError``) unless ``token`` is the seat token of ``seat``, a seat a pupil sits in."""
        record = row.seats[seat]
        if record["bot"] or record["token"] is None:
            what = (_("a bot ({bot})", bot=record["bot"]) if record["bot"]
                    else _("free: nobody sits there yet"))
            raise ClassAccessError(
                _("seat {seat} of table {code} is {what}; only its player can {action} it",
                   seat=seat + 1, code=row.code, what=what, action=action_name(action)),
            )
        if token is None or token == "":
            raise ClassAccessError(
                _("seat {seat} of table {code} needs its seat token: sit down (sit) or rejoin with your token first",
                    seat=seat + 1, code=row.code),
            )
        source = seat_source(row.id, seat)
        self._store.throttle.check(source, seat_refusal(row.code, seat))
        clean = clean_secret(token, _("seat token"))
        if record["token"] != digest("seat", f"{row.code}:{clean}"):
            self._store.throttle.failed(source)
            err = refused(
                row.class_id,
                f"table {action}",
                "wrong seat token",
                ClassAccessError(
                    _("wrong seat token for seat {seat} of table {code}", seat=seat + 1, code=row.code),
                ),
            )
            if self._transaction() is None:  # inside a change the store logs it afterwards
                self._store.refuse(err)
            raise err
        self._store.throttle.succeeded(source)

    def sit(self, seat: int, name: str, *, join_code: str, token: str | None = None) -> str:
        """Claim the free human ``seat`` as ``name``; return the seat token (show it: it rejoins the seat).

        ``token``: the seat token to give the seat instead of a drawn one (the class
        service under a hub derives each hub user's, ``pokelab.tables.hub_doors``).

        Only a member of the table's class sits: ``join_code`` is that class's join code
        (a table code alone is an address, not a membership; another class's code is a
        ``ClassAccessError``, logged and throttled). The first pupil to sit becomes the
        table's creator (who may hand idle seats to bots).

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> t = tables.table(tables.create_table(join_code, "splendor", bots={1: "random"}, seed=1))
        >>> len(t.sit(0, "Ash", join_code=join_code))
        6
        >>> t.sit(0, "Misty", join_code=join_code)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: seat 1 of table ... is taken by Ash: choose a free seat, or rejoin with your seat token
        >>> t.sit(1, "Intruder", join_code=store.create_class("8C")[0])
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: table ... belongs to another class: sitting at it needs that class's join code
        """
        clean_name = check_name(name, what="group")
        if token is None:
            token = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(SEAT_TOKEN_LENGTH))
        else:
            token = clean_secret(token, _("seat token"))

        def change(row: _Row, now: float) -> dict[str, Any]:
            _check_seat_number(seat, row.players)
            if self._store.class_of(self._transaction(), join_code, "sit") != row.class_id:
                raise refused(row.class_id, "sit", "join code of another class", ClassAccessError(
                    _("table {code} belongs to another class: sitting at it needs that class's join code", code=row.code),
                ))
            record = row.seats[seat]
            if record["bot"]:
                raise ClassroomError(
                    _("seat {seat} of table {code} is played by the bot {bot}",
                        seat=seat + 1, code=row.code, bot=record["bot"]),
                )
            if record["token"] is not None:
                raise ClassroomError(
                    _("seat {seat} of table {code} is taken by {player}: choose a free seat, or rejoin with your seat token",
                        seat=seat + 1, code=row.code, player=record["name"]),
                )
            # read in the change's own transaction: the pupil's other unfinished tables
            check_table_cap(self._transaction(), self._store.limits.tables_per_pupil, row.class_id, clean_name, row.id)
            seats = list(row.seats)
            seats[seat] = {
                **record,
                "name": clean_name,
                "token": digest("seat", f"{row.code}:{token}"),
                "active": now,
            }
            return {"seats": seats, "creator": seat if row.creator is None else row.creator}

        _check_seat_number(seat, self._players)
        self._write(change, revision=None)
        self.tokens[seat] = token
        return token

    def rejoin(self, token: str) -> int:
        """The seat that ``token`` holds at this table (it is remembered for ``view``); a wrong token is refused.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> code = tables.create_table(join_code, "splendor", seed=1)
        >>> token = tables.table(code).sit(1, "Misty", join_code=join_code)
        >>> tables.table(code).rejoin(token.lower())
        1
        >>> tables.table(code).rejoin("ZZZZZZ")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: no seat of table ... has that seat token
        """
        row = self._row()
        seated = [s for s, record in enumerate(row.seats) if record["token"] is not None and not record["bot"]]
        for seat in seated:  # a guess at any seat: refused while one of them is locked out from here
            self._store.throttle.check(seat_source(row.id, seat), seat_refusal(row.code, seat))
        clean = clean_secret(token, _("seat token"))
        hashed = digest("seat", f"{row.code}:{clean}")
        for seat in seated:
            if row.seats[seat]["token"] == hashed:
                self._store.throttle.succeeded(seat_source(row.id, seat))
                self.tokens[seat] = clean
                return seat
        for seat in seated:
            self._store.throttle.failed(seat_source(row.id, seat))
        err = refused(
            row.class_id,
            "table rejoin",
            "wrong seat token",
            ClassAccessError(
                _("no seat of table {code} has that seat token", code=row.code),
            ),
        )
        self._store.refuse(err)
        raise err

    # ------------------------------------------------------------------ idle seats
    def hand_to_bot(
        self,
        seat: int,
        bot: str,
        *,
        teacher_key: str | None = None,
        creator_token: str | None = None,
    ) -> int:
        """Give ``seat`` to ``bot``: a free seat at once, a seated one after ``idle_seconds`` unused; return the revision.

        Only the table's creator (``creator_token``: the first pupil to sit) or
        the teacher (``teacher_key``) may; the bot moves at once if it is due.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> t = tables.table(tables.create_table(join_code, "splendor", seed=1))
        >>> ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
        >>> t.hand_to_bot(1, "greedy", creator_token=ash)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: seat 2 was used 0 s ago: it can be handed to a bot after 120 s unused
        """
        seat = _check_seat_number(seat, self._players)
        row = self._row()
        bot_name = games.check_bot(row.kit, bot)
        if teacher_key is not None:
            self.check_teacher(row, teacher_key, "table hand to bot")
        elif creator_token is not None and row.creator is not None:
            self.check_token(row, row.creator, creator_token, "hand a seat to a bot")
        else:
            err = refused(
                row.class_id,
                "table hand to bot",
                "no creator token or teacher key",
                ClassAccessError(
                    _("handing a seat to a bot needs the teacher key or the seat token of the table's creator"),
                ),
            )
            self._store.refuse(err)
            raise err

        def change(current: _Row, now: float) -> dict[str, Any]:
            record = current.seats[seat]
            if record["bot"]:
                raise ClassroomError(
                    _("seat {seat} is already played by the bot {bot}", seat=seat + 1, bot=record["bot"]),
                )
            idle = now - max(float(record["active"]), current.changed)
            if record["token"] is not None and idle < current.idle_seconds:
                raise ClassroomError(
                    _("seat {seat} was used {idle} s ago: it can be handed to a bot after {idle_seconds} s unused",
                        seat=seat + 1, idle=format(idle, ".0f"), idle_seconds=format(current.idle_seconds, "g")),
                )
            seats = list(current.seats)
            seats[seat] = {"name": record["name"], "token": None, "bot": bot_name, "active": now}
            bots = {**current.bots(), seat: bot_name}
            state, automatic = games.advance(
                current.kit, current.state(), bots, seed=current.seed, number=current.move_count + 1
            )
            plan["moves"] = automatic
            return game_values(current, state, current.move_count + len(automatic), seats)

        plan: dict[str, Any] = {}
        return self._write(
            change, revision=None, moves=lambda current: (current.move_count + 1, plan["moves"], None)
        )

    def check_teacher(self, row: _Row, teacher_key: Any, action: str) -> None:
        """Refuse (``ClassAccessError``) a wrong teacher key for the class of ``row`` (the store's door: throttled and logged)."""
        self._store.read(lambda conn: self._store.check_class_teacher(
            conn, row.class_id, teacher_key, action,
            wrong=_("wrong teacher key for the class of table {code}", code=row.code),
        ))

    def reader(self, row: _Row, seat: Any, token: Any, teacher_key: Any) -> int | None:
        """Who reads the record: the seat whose token was given, or ``None`` for the teacher (teacher key checked)."""
        if teacher_key is not None:
            self.check_teacher(row, teacher_key, "table record")
            return None
        if seat is None:
            err = refused(row.class_id, "table record", "no seat token or teacher key", ClassAccessError(
                _("the moves of table {code} are read with a seat token (that seat's view) "
                  "or the teacher key (the whole record)", code=row.code),
            ))
            self._store.refuse(err)
            raise err
        seat = _check_seat_number(seat, row.players)
        self.check_token(row, seat, self.token(seat, token), "view")
        return None if row.finished else seat  # a finished game hides nothing more: its players study it whole


def seat_source(table_id: int, seat: int) -> tuple[str, int, int]:
    """The throttle's source for the tokens of one seat of one table (the store is the rest of the source).

    Each seat counts apart, so a pupil's right token for their own seat never
    clears the count of the seat they guess at.

    >>> seat_source(7, 0)
    ('seat token', 7, 0)
    """
    return ("seat token", table_id, seat)


def seat_refusal(code: str, seat: int) -> Callable[[int], Text]:
    """What the refusal of a seat locked out from here says, given the seconds left (``Throttle.check``).

    >>> print(seat_refusal("ABCDEF", 0)(30).render("en"))  # doctest: +ELLIPSIS
    too many wrong seat tokens for seat 1 of table ABCDEF from here: wait 30 s, ...
    """

    def say(seconds: int) -> Text:
        return _("too many wrong seat tokens for seat {seat} of table {code} from here: wait {seconds} s, "
                 "then type the token again (if it is your seat and you lost the token, your teacher can "
                 "hand the seat to a bot)", seat=seat + 1, code=code, seconds=seconds)

    return say
