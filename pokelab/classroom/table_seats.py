"""A table's seats: sitting down, rejoining by seat token, undo by consent, and idle seats handed to bots.

``Table`` (``pokelab.classroom.tables``) inherits these methods. A seat token
is 6 letters shown to the pupil; it is stored only as a hash. Undo on a shared
table takes back the asking seat's last move and everything after it, once
every other seated human agrees (bots always agree); the chance draws after it
come again the same (they are keyed by move number), so nobody gains a peek.
A seat unused for the table's ``idle_seconds`` may be handed to a bot by the
table's creator (the first pupil to sit) or the teacher.
Wrong seat tokens are throttled and locked out per seat by the store's one
throttle, like join codes (``limits.Throttle``, ``limits.seat_source``).

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=3))
>>> ash, misty = t.sit(0, "Ash"), t.sit(1, "Misty")
>>> first = t.view(0)["to_move"][0]
>>> token = (ash, misty)[first]
>>> revision = t.play(first, "TakeSame(red)", t.revision(), token=token)
>>> t.request_undo(first, token=token) == revision + 1
True
>>> t.view(first)["pending_undo"]["asked"] == [1 - first]
True
>>> _ = t.answer_undo(1 - first, True, token=(ash, misty)[1 - first])
>>> t.moves(0), t.view(0)["pending_undo"]
([], None)
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from pokelab.classroom import table_games as games
from pokelab.classroom.access import (
    JOIN_ALPHABET,
    ClassAccessError,
    _clean_secret,
    _digest,
    _refused,
    action_name,
    check_name,
)
from pokelab.classroom.limits import seat_refusal, seat_source
from pokelab.classroom.rounds import ClassroomError
from pokelab.classroom.table_list import check_table_cap
from pokelab.classroom.table_rows import SEAT_TOKEN_LENGTH, _check_seat_number, _Row
from pokelab.words import _

__all__ = ["TableSeats"]


class TableSeats:
    """The seat-keeping half of ``Table``: sit, rejoin, undo by consent, idle seats to bots."""

    _store: Any
    _tokens: dict[int, str]
    _conn: Any
    players: int

    def _check_token(self, row: _Row, seat: int, token: Any, action: str) -> None:
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
        self._store._throttle.check(source, seat_refusal(row.code, seat))
        clean = _clean_secret(token, _("seat token"))
        if record["token"] != _digest("seat", f"{row.code}:{clean}"):
            self._store._throttle.failed(source)
            err = _refused(
                row.class_id,
                f"table {action}",
                "wrong seat token",
                ClassAccessError(
                    _("wrong seat token for seat {seat} of table {code}", seat=seat + 1, code=row.code),
                ),
            )
            if getattr(self, "_conn", None) is None:  # inside a change the store logs it afterwards
                self._store._refuse(err)
            raise err
        self._store._throttle.succeeded(source)

    def sit(self, seat: int, name: str) -> str:
        """Claim the free human ``seat`` as ``name``; return the seat token (show it: it rejoins the seat).

        The first pupil to sit becomes the table's creator (who may hand idle seats to bots).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", bots={1: "random"}, seed=1))
        >>> len(t.sit(0, "Ash"))
        6
        >>> t.sit(0, "Misty")
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: seat 1 of table ... is taken by Ash: choose a free seat, or rejoin with your seat token
        """
        clean_name = check_name(name, what="group")
        token = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(SEAT_TOKEN_LENGTH))

        def change(row: _Row, now: float) -> dict[str, Any]:
            _check_seat_number(seat, row.players)
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
            check_table_cap(self._conn, self._store.limits.tables_per_pupil, row.class_id, clean_name, row.id)
            seats = list(row.seats)
            seats[seat] = {
                **record,
                "name": clean_name,
                "token": _digest("seat", f"{row.code}:{token}"),
                "active": now,
            }
            return {"seats": seats, "creator": seat if row.creator is None else row.creator}

        _check_seat_number(seat, self.players)
        self._change(change, revision=None, action="sit")
        self._tokens[seat] = token
        return token

    def rejoin(self, token: str) -> int:
        """The seat that ``token`` holds at this table (it is remembered for ``view``); a wrong token is refused.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code = store.create_table(store.create_class("7B")[0], "splendor", seed=1)
        >>> token = store.table(code).sit(1, "Misty")
        >>> store.table(code).rejoin(token.lower())
        1
        >>> store.table(code).rejoin("ZZZZZZ")
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassAccessError: no seat of table ... has that seat token
        """
        row = self._row()
        seated = [s for s, record in enumerate(row.seats) if record["token"] is not None and not record["bot"]]
        for seat in seated:  # a guess at any seat: refused while one of them is locked out from here
            self._store._throttle.check(seat_source(row.id, seat), seat_refusal(row.code, seat))
        clean = _clean_secret(token, _("seat token"))
        digest = _digest("seat", f"{row.code}:{clean}")
        for seat in seated:
            if row.seats[seat]["token"] == digest:
                self._store._throttle.succeeded(seat_source(row.id, seat))
                self._tokens[seat] = clean
                return seat
        for seat in seated:
            self._store._throttle.failed(seat_source(row.id, seat))
        err = _refused(
            row.class_id,
            "table rejoin",
            "wrong seat token",
            ClassAccessError(
                _("no seat of table {code} has that seat token", code=row.code),
            ),
        )
        self._store._refuse(err)
        raise err

    # ------------------------------------------------------------------ undo by consent
    def request_undo(self, seat: int, *, token: str | None = None) -> int:
        """Ask to take back ``seat``'s last move (and every move after it); return the new revision.

        With no other human seated it is taken back at once; otherwise each of
        them answers with ``answer_undo`` (the request is in every ``view`` as
        ``pending_undo``: ``seat``, ``number`` of the move, ``asked``, ``yes``).
        A move played meanwhile drops the request.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> token = t.sit(0, "Ash")
        >>> t.request_undo(0, token=token)
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: seat 1 has no move on table ... to take back
        """
        seat = _check_seat_number(seat, self.players)
        given = token if token is not None else self._tokens.get(seat)

        plan: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            self._check_token(row, seat, given, "undo")
            moves = self._move_tuples()  # type: ignore[attr-defined]
            if row.finished:
                raise ClassroomError(
                    _("the game on table {code} is over: no move can be taken back", code=row.code),
                )
            if row.undo is not None:
                raise ClassroomError(
                    _("seat {asker} already asked to take back a move: answer that first",
                        asker=row.undo["seat"] + 1),
                )
            mine = [
                i for i, (s, kind, _) in enumerate(moves, start=1) if s == seat and kind == "human"
            ]
            if not mine:
                raise ClassroomError(
                    _("seat {seat} has no move on table {code} to take back", seat=seat + 1, code=row.code),
                )
            asked = [
                s
                for s, record in enumerate(row.seats)
                if s != seat and not record["bot"] and record["token"] is not None
            ]
            request = {"seat": seat, "number": mine[-1], "asked": asked, "yes": [], "time": now}
            seats = _touch(row, seat, now)
            if asked:
                return {"undo": request, "seats": seats}
            return self._undo_values(row, moves, request, plan) | {"seats": seats}

        return self._change(change, revision=None, action="undo", moves=_undo_moves(plan))  # type: ignore[attr-defined]

    def answer_undo(self, seat: int, yes: bool, *, token: str | None = None) -> int:
        """Agree (``yes=True``) or refuse the waiting undo request as ``seat``; return the new revision.

        The move is taken back once every asked seat agreed; one refusal drops the request.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> token = t.sit(0, "Ash")
        >>> t.answer_undo(0, True, token=token)
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: no undo request is waiting on table ...
        """
        seat = _check_seat_number(seat, self.players)
        given = token if token is not None else self._tokens.get(seat)
        if not isinstance(yes, bool):
            raise ClassroomError(
                _("an answer to an undo request is True or False, not {yes}", yes=repr(yes)),
            )

        plan: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            self._check_token(row, seat, given, "answer undo")
            request = row.undo
            if request is None:
                raise ClassroomError(
                    _("no undo request is waiting on table {code}", code=row.code),
                )
            if seat not in request.get("asked", []):
                raise ClassroomError(
                    _("seat {seat} was not asked about this undo", seat=seat + 1),
                )
            seats = _touch(row, seat, now)
            if not yes:
                return {"undo": None, "seats": seats}
            agreed = sorted({*request.get("yes", []), seat})
            if set(agreed) >= set(request["asked"]):
                moves = self._move_tuples()  # type: ignore[attr-defined]
                return self._undo_values(row, moves, request, plan) | {"seats": seats}
            return {"undo": {**request, "yes": agreed}, "seats": seats}

        return self._change(  # type: ignore[attr-defined]
            change, revision=None, action="answer undo", moves=_undo_moves(plan)
        )

    def _undo_values(
        self, row: _Row, moves: list[Any], request: dict[str, Any], plan: dict[str, Any]
    ) -> dict[str, Any]:
        """The table's columns once the request's move and all after it are taken back (bots due replay)."""
        number = int(request["number"])
        if not 1 <= number <= len(moves) or moves[number - 1][0] != request["seat"]:
            raise ClassroomError(
                _("table {code}'s undo request names move {number}, which is not that seat's",
                    code=row.code, number=number),
            )
        kit = row.kit
        state = games.replay(kit, row.players, row.seed, row.variant, moves[: number - 1])
        state, automatic = games.advance(kit, state, row.bots(), seed=row.seed, number=number)
        plan["number"], plan["moves"] = number, automatic
        return self._game_values(row, state, number - 1 + len(automatic))  # type: ignore[attr-defined]

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
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> ash, misty = t.sit(0, "Ash"), t.sit(1, "Misty")
        >>> t.hand_to_bot(1, "greedy", creator_token=ash)
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: seat 2 was used 0 s ago: it can be handed to a bot after 120 s unused
        """
        seat = _check_seat_number(seat, self.players)
        row = self._row()  # type: ignore[attr-defined]
        bot_name = games.check_bot(row.kit, bot)
        if teacher_key is not None:
            self._store._read(lambda conn: self._check_teacher(conn, row, teacher_key, "table hand to bot"))
        elif creator_token is not None and row.creator is not None:
            self._check_token(row, row.creator, creator_token, "hand a seat to a bot")
        else:
            err = _refused(
                row.class_id,
                "table hand to bot",
                "no creator token or teacher key",
                ClassAccessError(
                    _("handing a seat to a bot needs the teacher key or the seat token of the table's creator"),
                ),
            )
            self._store._refuse(err)
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
            values = self._game_values(current, state, current.move_count + len(automatic), seats)  # type: ignore[attr-defined]
            return values

        plan: dict[str, Any] = {}
        return self._change(  # type: ignore[attr-defined]
            change,
            revision=None,
            action="hand to bot",
            moves=lambda current: (current.move_count + 1, plan["moves"], None),
        )

    def _check_teacher(self, conn: Any, row: _Row, teacher_key: Any, action: str) -> None:
        import sqlalchemy as sa  # lazy: the class database's library (`lab` extra)

        from pokelab.classroom import schema  # lazy: built with sqlalchemy

        key = _clean_secret(teacher_key, _("teacher key"))
        stored = conn.execute(
            sa.select(schema.classes.c.teacher_hash).where(schema.classes.c.id == row.class_id)
        ).scalar()
        if not hmac.compare_digest(str(stored), _digest("teacher", key)):
            raise _refused(
                row.class_id,
                action,
                "wrong teacher key",
                ClassAccessError(
                    _("wrong teacher key for the class of table {code}", code=row.code),
                ),
            )


def _touch(row: _Row, seat: int, now: float) -> list[dict[str, Any]]:
    """The table's seats with ``seat`` marked as used ``now``."""
    seats = list(row.seats)
    seats[seat] = {**seats[seat], "active": now}
    return seats


def _undo_moves(plan: dict[str, Any]) -> Any:
    """The ``moves`` hook of ``Table._change`` for an undo: delete from the taken-back move, add the bots' replies."""

    def moves(row: _Row) -> tuple[int, list[Any], int | None]:
        if not plan:  # only asked, or refused: no move changes
            return (row.move_count + 1, [], None)
        return (plan["number"], plan["moves"], plan["number"])

    return moves
