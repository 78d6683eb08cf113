"""A table's undo by consent: a seat asks to take back its last move, the other seated humans answer.

``UndoVotes`` is a part each ``Table`` (``pokelab.tables.table``) owns and
delegates to. The move asked
about and everything after it are taken back once every other seated human
agrees (bots always agree); the chance draws after it come again the same
(they are keyed by move number), so nobody gains a peek. A move played
meanwhile drops the request.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> tables = Tables(ClassStore.connect("sqlite://"))
>>> join_code = tables.store.create_class("7B")[0]
>>> t = tables.table(tables.create_table(join_code, "splendor", seed=3))
>>> ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
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

from collections.abc import Callable
from typing import Any

from pokelab.classroom import ClassroomError
from pokelab.tables import games
from pokelab.tables.rows import _check_seat_number, _Row
from pokelab.tables.seats import Seats
from pokelab.tables.writes import MovesOf, Write, game_values
from pokelab.words import _

__all__ = ["UndoVotes"]

#: A move of the record as ``games.replay`` takes it: ``(seat, kind, action)``.
MoveTuple = tuple[int | None, str, Any]


class UndoVotes:
    """A table's undo by consent, owned by its ``Table``: ``request_undo`` and ``answer_undo``.

    It is given what it uses: the table's ``seats`` (their tokens and checks),
    the number of ``players``, ``write`` (one optimistic change,
    ``writes.change``) and ``record()`` (the full record of the change being
    computed, read in its transaction; never shown to anyone).

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> tables = Tables(ClassStore.connect("sqlite://"))
    >>> join_code = tables.store.create_class("7B")[0]
    >>> t = tables.table(tables.create_table(join_code, "splendor", seed=3))
    >>> undo = t._undo   # the table's own part
    >>> undo.answer_undo(0, "yes")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: an answer to an undo request is True or False, not 'yes'
    """

    def __init__(self, seats: Seats, players: int, *, write: Write, record: Callable[[], list[MoveTuple]]) -> None:
        self._seats = seats
        self._players = players
        self._write = write
        self._record = record

    def request_undo(self, seat: int, *, token: str | None = None) -> int:
        """Ask to take back ``seat``'s last move (and every move after it); return the new revision.

        With no other human seated it is taken back at once; otherwise each of
        them answers with ``answer_undo`` (the request is in every ``view`` as
        ``pending_undo``: ``seat``, ``number`` of the move, ``asked``, ``yes``).
        A move played meanwhile drops the request.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> t = tables.table(tables.create_table(join_code, "splendor", seed=1))
        >>> token = t.sit(0, "Ash", join_code=join_code)
        >>> t.request_undo(0, token=token)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: seat 1 has no move on table ... to take back
        """
        seat = _check_seat_number(seat, self._players)
        given = self._seats.token(seat, token)

        plan: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            self._seats.check_token(row, seat, given, "undo")
            moves = self._record()
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
            return _undo_values(row, moves, request, plan) | {"seats": seats}

        return self._write(change, revision=None, moves=_undo_moves(plan))

    def answer_undo(self, seat: int, yes: bool, *, token: str | None = None) -> int:
        """Agree (``yes=True``) or refuse the waiting undo request as ``seat``; return the new revision.

        The move is taken back once every asked seat agreed; one refusal drops the request.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> t = tables.table(tables.create_table(join_code, "splendor", seed=1))
        >>> token = t.sit(0, "Ash", join_code=join_code)
        >>> t.answer_undo(0, True, token=token)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: no undo request is waiting on table ...
        """
        seat = _check_seat_number(seat, self._players)
        given = self._seats.token(seat, token)
        if not isinstance(yes, bool):
            raise ClassroomError(
                _("an answer to an undo request is True or False, not {yes}", yes=repr(yes)),
            )

        plan: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            self._seats.check_token(row, seat, given, "answer undo")
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
                moves = self._record()
                return _undo_values(row, moves, request, plan) | {"seats": seats}
            return {"undo": {**request, "yes": agreed}, "seats": seats}

        return self._write(change, revision=None, moves=_undo_moves(plan))


def _undo_values(row: _Row, moves: list[MoveTuple], request: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any]:
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
    return game_values(row, state, number - 1 + len(automatic))


def _touch(row: _Row, seat: int, now: float) -> list[dict[str, Any]]:
    """The table's seats with ``seat`` marked as used ``now``."""
    seats = list(row.seats)
    seats[seat] = {**seats[seat], "active": now}
    return seats


def _undo_moves(plan: dict[str, Any]) -> MovesOf:
    """The ``moves`` hook of the write for an undo: delete from the taken-back move, add the bots' replies."""

    def moves(row: _Row) -> tuple[int, list[Any], int | None]:
        if not plan:  # only asked, or refused: no move changes
            return (row.move_count + 1, [], None)
        return (plan["number"], plan["moves"], plan["number"])

    return moves
