"""Shared game tables: one Splendor or Here Comes game in the class database, played from several devices.

A table is created in a class (``store.create_table(join_code, game, …)``) and
found again by its short **table code**. A pupil sits in a free human seat and
gets a **seat token** (6 letters, shown so they can rejoin from another page
or device; stored hashed). Every change to a table — a move, a seat taken, an
undo asked or answered, a seat handed to a bot — is one transaction that
rewrites the table's row only if its **revision** is still the one the change
was computed from (optimistic concurrency), so two devices moving at once
cannot both win: the second gets ``StaleRevision`` and refreshes.

The stored game always equals a replay of its accepted moves from the table's
seed (``Table.replay``): Here Comes' token draws are chance outcomes sampled
from the seed and the move's number, Splendor's deck is shuffled by the seed.
Bots move inside the store right after the human move that hands them the turn.
Every read goes through the game's per-seat view: ``view(seat)``,
``moves(seat)`` and ``replay(seat)`` hold only what ``observe`` and
``observe_action`` let that seat see (its token needed); the whole record needs
the teacher key. Where pupils run their own kernels, a table server holds the
database instead (``server``, ``docs/security.md``).

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> store = ClassStore.connect("sqlite://")
>>> tables = Tables(store)
>>> join_code, teacher_key = store.create_class("7B")
>>> code = tables.create_table(join_code, "splendor", players=2, bots={1: "greedy"}, seed=4)
>>> t = tables.table(code)
>>> token = t.sit(0, "Ash", join_code=join_code)
>>> v = t.view(0)
>>> v["seat"], v["names"], v["finished"], v["to_move"]
(0, ['Ash', 'greedy'], False, [0])
>>> t.play(0, "TakeSame(red)", v["revision"] - 1, token=token)
Traceback (most recent call last):
...
pokelab.tables.errors.StaleRevision: someone moved first; your board was refreshed (the table is at revision 2, your move was made at revision 1)
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from pokelab.classroom import ClassAccessError, ClassroomError, digest, refused
from pokelab.sim import GameRecord
from pokelab.tables import games, schema, writes
from pokelab.tables.record import Move, game_record, read_moves, seat_view, seen_moves
from pokelab.tables.rows import (
    _check_seat_number,
    _read_row,
    _Row,
    _simultaneous_revision,
    clean_table_code,
)
from pokelab.tables.seats import Seats
from pokelab.tables.undo import UndoVotes
from pokelab.tables.writes import MovesOf, game_values
from pokelab.words import _

# sqlalchemy (the class database's library, `lab` extra), the schema built with it and pandas load
# lazily, inside the functions that touch the database: the engine and the lessons run without them.
__all__ = ["Table"]


class Table:
    """One shared game table (from ``Tables(store).table(code)``); every method reads or writes the database.

    ``code``, ``game``, ``players`` and ``class_code`` (the class's name: the
    join code itself is stored only hashed) never change. Seat tokens this
    object got from ``sit`` or ``rejoin`` are remembered, so ``view(seat)``
    needs no token on the device that sat there. An unknown code is refused,
    logged and counted against this store's throttle (``Limits``). Its seats
    (``seats.Seats``) and undo by consent (``undo.UndoVotes``) are parts it owns
    and delegates to, each given only what it uses.
    """

    def __init__(self, store: Any, code: Any) -> None:
        self._store = store
        self.code = clean_table_code(code)
        store.throttle.check(("table code",))
        try:
            row, class_name = store.read(self._load_with_class)
        except ClassroomError as err:
            if getattr(err, "refusal", None) is not None:  # an unknown code: a guess, or a typo
                store.throttle.failed(("table code",))
                store.refuse(err)
            raise
        store.throttle.succeeded(("table code",))
        self._id = row.id
        self._class_id = row.class_id
        self.game: str = row.game
        self.players: int = row.players
        self.class_code: str = class_name
        #: Per seat this object plays: its view of the moves, at a revision (what that seat may see, nothing more).
        self._seen: dict[int, tuple[int, list[dict[str, Any]]]] = {}
        #: Per seat: its next view, made from the row its own change just wrote, with the token it was made for.
        self._ready: dict[int, tuple[str, dict[str, Any]]] = {}
        #: The connection and row of the change being computed (its reads share its transaction).
        self._conn: Any = None
        self._working: _Row | None = None
        self._seats = Seats(store, self.players, row=self._row, write=self._change, transaction=lambda: self._conn)
        self._undo = UndoVotes(self._seats, self.players, write=self._change, record=self._move_tuples)

    # ------------------------------------------------------------------ reading
    def _load(self, conn: Any) -> _Row:
        t = schema.game_tables
        found = conn.execute(sa.select(t).where(t.c.code == self.code)).mappings().first()
        if found is None:
            raise refused(None, "table open", "unknown table code", ClassroomError(
                _("no table has the code {code}: check the code (the teacher's dashboard lists the tables)",
                    code=repr(self.code)),
            ))
        return _read_row(found)

    def _load_with_class(self, conn: Any) -> tuple[_Row, str]:
        row = self._load(conn)
        return row, self._store.class_name_of(conn, row.class_id)

    def _row(self) -> _Row:
        return self._store.read(self._load)

    def revision(self) -> int:
        """The table's revision now (one small query: poll it and fetch ``view`` only when it changed).

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code, key = store.create_class("7B")
        >>> t = tables.table(tables.create_table(join_code, "splendor", seed=1))
        >>> t.revision()
        1
        >>> store.delete_class(join_code, key)  # the class's tables go with it
        >>> t.revision()
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: table ... was deleted
        """
        t = schema.game_tables

        def read(conn: Any) -> int:
            value = conn.execute(sa.select(t.c.revision).where(t.c.id == self._id)).scalar()
            if value is None:
                raise ClassroomError(
                    _("table {code} was deleted", code=self.code)
                )
            return int(value)

        return self._store.read(read)

    def moves(
        self, seat: int | None = None, *, token: str | None = None, teacher_key: str | None = None
    ) -> list[dict[str, Any]]:
        """The accepted moves in order as ``seat`` may see them (its token), or all of them (the teacher key, or any seat's token once the game is over).

        Keys: ``number``, ``seat`` (``None`` for a draw), ``kind`` (``human``,
        ``bot`` or ``chance``), ``action`` (the engine's text form; another
        seat's face-down choice shows ``?``, HC-G3), ``revision``, ``time``.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code, key = store.create_class("7B")
        >>> t = tables.table(tables.create_table(join_code, "herecomes", seed=2))
        >>> [m["kind"] for m in t.moves(teacher_key=key)]
        ['chance', 'chance', 'chance', 'chance']
        >>> t.moves()
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: the moves of table ... are read with a seat token (that seat's view) or the teacher key (the whole record)
        """
        row, moves = self._store.read(self._read_all)
        return seen_moves(row.kit, moves, self._seats.reader(row, seat, token, teacher_key))

    def _read_all(self, conn: Any) -> tuple[_Row, tuple[Move, ...]]:
        """The row and its moves, in one connection (never kept: the caller filters them for its reader)."""
        row = self._load(conn)
        return row, read_moves(conn, row.id)

    def _move_tuples(self) -> list[tuple[int | None, str, Any]]:
        """The full record of the change being computed, ``(seat, kind, action)`` (never shown to anyone)."""
        row = self._working
        assert row is not None and self._conn is not None, "only inside a change"
        return [m.tuple() for m in read_moves(self._conn, row.id)]

    def replay(self, seat: int | None = None, *, token: str | None = None, teacher_key: str | None = None) -> Any:
        """The game recomputed from the seed and the accepted moves: the whole game (teacher key) or ``seat``'s view of it.

        With a seat token it is what ``observe`` lets that seat see; the game
        itself — every hand, Splendor's deck order — needs the teacher key
        until the game is over, when its players may replay it whole.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code, key = store.create_class("7B")
        >>> t = tables.table(tables.create_table(join_code, "herecomes", bots={1: "random"}, seed=2))
        >>> t.replay(teacher_key=key) == t._row().state()
        True
        >>> "hands" in t.replay(0, token=t.sit(0, "Ash", join_code=join_code))
        False
        """
        row, moves = self._store.read(self._read_all)
        viewer = self._seats.reader(row, seat, token, teacher_key)
        state = games.replay(row.kit, row.players, row.seed, row.variant, [m.tuple() for m in moves])
        return state if viewer is None else row.kit.game.observe(state, viewer)

    def record(self, seat: int | None = None, *, token: str | None = None, teacher_key: str | None = None) -> GameRecord:
        """The whole game as a ``pokelab.sim`` record (``Board.from_record`` shows it): the teacher's, or its players' once it is over.

        ``ClassAccessError`` while the game goes on for a seat's token (its hidden
        cards are still hidden: ``view`` and ``moves`` are that seat's view).

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code, key = store.create_class("7B")
        >>> t = tables.table(tables.create_table(join_code, "herecomes", bots={1: "random"}, seed=2))
        >>> t.record(teacher_key=key).bots
        ('Player 1', 'random')
        >>> t.record(0, token=t.sit(0, "Ash", join_code=join_code))
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: the whole record of table ... opens to its players when the game is over; until then each seat reads its own view
        """
        row, moves = self._store.read(self._read_all)
        if self._seats.reader(row, seat, token, teacher_key) is not None:
            err = refused(row.class_id, "table record", "game not over", ClassAccessError(
                _("the whole record of table {code} opens to its players when the game is over; "
                  "until then each seat reads its own view", code=row.code),
            ))
            self._store.refuse(err)
            raise err
        return game_record(row, moves)

    def view(self, seat: int, *, token: str | None = None) -> dict[str, Any]:
        """What ``seat`` sees: its ``observe`` view, its view of the moves, and the table's revision, names, scores and undo request.

        Keys: ``code``, ``game``, ``revision``, ``seat``, ``to_move`` (seats that
        must act), ``observation`` (the engine's ``observe(state, seat)``: never
        another seat's hidden cards), ``legal`` (the seat's legal moves as text while it
        must act, else ``[]``), ``moves`` (``moves(seat)``), ``finished``,
        ``scores``, ``names``, ``bots``, ``creator`` (the seat that may hand idle
        seats to bots), ``pending_undo`` (``seat``, ``number``, ``asked``,
        ``yes``, ``waiting``), ``idle_seconds``, ``unused_seconds`` (per seat,
        since its last use or the table's last change) and ``can_hand_to_bot``
        (the seats ``hand_to_bot`` accepts now). The seat's token is needed (this
        object remembers the ones it got from ``sit`` and ``rejoin``).

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> t = tables.table(tables.create_table(join_code, "splendor", seed=1))
        >>> t.view(1)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassAccessError: seat 2 of table ... is free: nobody sits there yet; only its player can view it
        """
        seat = _check_seat_number(seat, self.players)
        given = self._seats.token(seat, token)
        ready = self._ready.pop(seat, None)
        if ready is not None and ready[0] == given and ready[1]["revision"] == self.revision():
            return ready[1]  # made from the row this object's own change just wrote
        row, moves = self._store.read(self._read_all)
        self._seats.check_token(row, seat, given, "view")
        seen = seen_moves(row.kit, moves, seat)
        self._seen[seat] = (row.revision, seen)
        return seat_view(row, seen, seat)

    def _after_change(self, before: int, row: _Row, made: list[Move], delete_from: int | None) -> None:
        """After a change wrote ``row`` (it was at ``before``): each seat this object plays gets its next view from it."""
        for seat, (revision, seen) in list(self._seen.items()):
            token = self._seats.tokens.get(seat)
            if revision != before or token is None or row.seats[seat]["token"] != digest("seat", f"{row.code}:{token}"):
                self._seen.pop(seat, None)
                self._ready.pop(seat, None)
                continue
            kept = seen if delete_from is None else [m for m in seen if m["number"] < delete_from]
            now_seen = kept + seen_moves(row.kit, made, seat)
            self._seen[seat] = (row.revision, now_seen)
            self._ready[seat] = (token, seat_view(row, now_seen, seat))

    # ------------------------------------------------------------------ changing the table
    def _change(self, change: writes.Compute, *, revision: Any, moves: MovesOf | None = None) -> int:
        """Apply ``change(row, now) -> {column: value}`` as one optimistic write (``writes.change``)."""
        return writes.change(self, change, revision=revision, moves=moves)

    def play(self, seat: int, action: Any, revision: int, *, token: str | None = None) -> int:
        """Play ``action`` (an engine action, or its text like ``"TakeSame(red)"``) for ``seat``; return the new revision.

        ``revision`` is the one of the view the move was chosen on: an older one
        raises ``StaleRevision``. The engine checks the move (``IllegalAction``
        with its rule ID); bots due next move right after it. The token may be
        left out on the object that sat down. One transaction; an action object
        is carried through to the database's text, never read back.

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> t = tables.table(tables.create_table(join_code, "splendor", seed=1))
        >>> tokens = [t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)]
        >>> v = t.view(0)
        >>> waiting = 1 - v["to_move"][0]
        >>> t.play(waiting, "TakeSame(red)", v["revision"], token=tokens[waiting])
        Traceback (most recent call last):
        ...
        pokelab.errors.IllegalAction: [SP-T1] It is seat ...'s turn, not seat ...'s.
        """
        seat = _check_seat_number(seat, self.players)
        given = self._seats.token(seat, token)
        if isinstance(revision, bool) or not isinstance(revision, int):
            raise ClassroomError(
                _("revision is the whole number from your view, not {revision}", revision=repr(revision)),
            )
        computed: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            self._seats.check_token(row, seat, given, "play")
            kit = row.kit
            move = games.parse_move(kit, action)
            state = games.play_move(kit, row.state(), seat, move)
            state, automatic = games.advance(kit, state, row.bots(), seed=row.seed, number=row.move_count + 2)
            computed["moves"] = [(seat, "human", move), *automatic]
            seats = list(row.seats)
            seats[seat] = {**seats[seat], "active": now}
            return game_values(row, state, row.move_count + len(computed["moves"]), seats)

        return self._change(
            change,
            revision=lambda conn, row: _simultaneous_revision(conn, row, seat, revision),
            moves=lambda row: (row.move_count + 1, computed["moves"], None),
        )

    def advance(self) -> int:
        """Let the bots (and chance) play the moves due now, in one transaction; return the revision (unchanged when none were due).

        >>> from pokelab.classroom import ClassStore
        >>> from pokelab.tables import Tables
        >>> store = ClassStore.connect("sqlite://")
        >>> tables = Tables(store)
        >>> join_code = store.create_class("7B")[0]
        >>> t = tables.table(tables.create_table(join_code, "splendor", seed=1))
        >>> t.advance()
        1
        """
        plan: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            state, automatic = games.advance(row.kit, row.state(), row.bots(), seed=row.seed, number=row.move_count + 1)
            if not automatic:
                raise _NothingDue(row.revision)
            plan["moves"] = automatic
            return game_values(row, state, row.move_count + len(automatic))

        try:
            return self._change(
                change, revision=None, moves=lambda r: (r.move_count + 1, plan["moves"], None)
            )
        except _NothingDue as nothing:
            return nothing.revision

    # ------------------------------------------------------------------ seats and undo: the parts' doors
    def sit(self, seat: int, name: str, *, join_code: str, token: str | None = None) -> str:
        """Claim the free human ``seat`` as ``name``, a member of the class of ``join_code``; the seat token (``Seats.sit``)."""
        return self._seats.sit(seat, name, join_code=join_code, token=token)

    def rejoin(self, token: str) -> int:
        """The seat that ``token`` holds at this table, remembered for ``view`` (``Seats.rejoin``: example, errors)."""
        return self._seats.rejoin(token)

    def hand_to_bot(
        self, seat: int, bot: str, *, teacher_key: str | None = None, creator_token: str | None = None
    ) -> int:
        """Give an idle or free ``seat`` to ``bot``; return the revision (``Seats.hand_to_bot``: who may, errors)."""
        return self._seats.hand_to_bot(seat, bot, teacher_key=teacher_key, creator_token=creator_token)

    def request_undo(self, seat: int, *, token: str | None = None) -> int:
        """Ask to take back ``seat``'s last move; return the revision (``UndoVotes.request_undo``: example, errors)."""
        return self._undo.request_undo(seat, token=token)

    def answer_undo(self, seat: int, yes: bool, *, token: str | None = None) -> int:
        """Agree or refuse the waiting undo request as ``seat`` (``UndoVotes.answer_undo``: example, errors)."""
        return self._undo.answer_undo(seat, yes, token=token)

    def __repr__(self) -> str:
        return f"Table({self.code!r}, game={self.game!r}, players={self.players})"


class _NothingDue(Exception):
    """No bot or draw is due: ``advance`` writes nothing (the transaction is rolled back)."""

    def __init__(self, revision: int) -> None:
        super().__init__(revision)
        self.revision = revision
