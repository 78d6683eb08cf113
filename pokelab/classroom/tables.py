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
``view(seat)`` holds only what ``observe`` lets that seat see.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> join_code, teacher_key = store.create_class("7B")
>>> code = store.create_table(join_code, "splendor", players=2, bots={1: "greedy"}, seed=4)
>>> t = store.table(code)
>>> token = t.sit(0, "Ash")
>>> v = t.view(0)
>>> v["seat"], v["names"], v["finished"], v["to_move"]
(0, ['Ash', 'greedy'], False, [0])
>>> t.play(0, "TakeSame(red)", v["revision"] - 1, token=token)
Traceback (most recent call last):
...
pokelab.classroom.StaleRevision: someone moved first; your board was refreshed (the table is at revision 2, your move was made at revision 1)
"""

from __future__ import annotations

import json
import time
from typing import Any

from pokelab.classroom import table_games as games
from pokelab.classroom.rounds import ClassroomError
from pokelab.classroom.table_list import create_table, list_tables
from pokelab.classroom.table_rows import (
    TABLE_CODE_LENGTH,
    StaleRevision,
    _check_seat_number,
    _insert_moves,
    _read_row,
    _Row,
    _simultaneous_revision,
    clean_table_code,
)
from pokelab.classroom.table_seats import TableSeats
from pokelab.words import _

# sqlalchemy (the class database's library, `lab` extra), the schema built with it and pandas load
# lazily, inside the functions that touch the database: the engine and the lessons run without them.
__all__ = [
    "TABLE_CODE_LENGTH",
    "StaleRevision",
    "Table",
    "create_table",
    "list_tables",
]


class Table(TableSeats):
    """One shared game table (from ``ClassStore.table(code)``); every method reads or writes the database.

    ``code``, ``game``, ``players`` and ``class_code`` (the class's name: the
    join code itself is stored only hashed) never change. Seat tokens this
    object got from ``sit`` or ``rejoin`` are remembered, so ``view(seat)``
    needs no token on the device that sat there.
    """

    def __init__(self, store: Any, code: Any) -> None:
        self._store = store
        self.code = clean_table_code(code)
        row, class_name = store._read(self._load_with_class)
        self._id = row.id
        self._class_id = row.class_id
        self.game: str = row.game
        self.players: int = row.players
        self.class_code: str = class_name
        self._tokens: dict[int, str] = {}
        #: The connection of the change being computed (its reads share its transaction).
        self._conn: Any = None

    # ------------------------------------------------------------------ reading
    def _load(self, conn: Any) -> _Row:
        import sqlalchemy as sa

        from pokelab.classroom import schema

        t = schema.game_tables
        found = conn.execute(sa.select(t).where(t.c.code == self.code)).mappings().first()
        if found is None:
            raise ClassroomError(
                _("no table has the code {code}: check the code (the teacher's dashboard lists the tables)",
                    code=repr(self.code)),
            )
        return _read_row(found)

    def _load_with_class(self, conn: Any) -> tuple[_Row, str]:
        import sqlalchemy as sa

        from pokelab.classroom import schema

        row = self._load(conn)
        name = conn.execute(
            sa.select(schema.classes.c.name).where(schema.classes.c.id == row.class_id)
        ).scalar()
        return row, str(name)

    def _row(self) -> _Row:
        return self._store._read(self._load)

    def revision(self) -> int:
        """The table's revision now (one small query: poll it and fetch ``view`` only when it changed).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> join_code, key = store.create_class("7B")
        >>> t = store.table(store.create_table(join_code, "splendor", seed=1))
        >>> t.revision()
        1
        >>> store.delete_class(join_code, key)  # the class's tables go with it
        >>> t.revision()
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: table ... was deleted
        """
        import sqlalchemy as sa

        from pokelab.classroom import schema

        t = schema.game_tables

        def read(conn: Any) -> int:
            value = conn.execute(sa.select(t.c.revision).where(t.c.id == self._id)).scalar()
            if value is None:
                raise ClassroomError(
                    _("table {code} was deleted", code=self.code)
                )
            return int(value)

        return self._store._read(read)

    def moves(self) -> list[dict[str, Any]]:
        """The accepted moves in order: ``number``, ``seat`` (``None`` for a draw), ``kind``, ``action``, ``revision``, ``time``.

        ``kind`` is ``human``, ``bot`` or ``chance``; ``action`` is the engine's
        text form (``parse_action`` reads it back).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "herecomes", seed=2))
        >>> [m["kind"] for m in t.moves()]
        ['chance', 'chance', 'chance', 'chance']
        """
        import sqlalchemy as sa

        from pokelab.classroom import schema

        m = schema.table_moves.c
        query = (
            sa.select(m.number, m.seat, m.kind, m.action, m.revision, m.at)
            .where(m.table_id == self._id)
            .order_by(m.number)
        )
        if self._conn is not None:  # inside a change's own transaction
            rows = self._conn.execute(query).all()
        else:
            rows = self._store._read(lambda conn: conn.execute(query).all())
        return [
            {"number": n, "seat": seat, "kind": kind, "action": action, "revision": rev, "time": at}
            for n, seat, kind, action, rev, at in rows
        ]

    def _move_tuples(self) -> list[tuple[int | None, str, str]]:
        return [(m["seat"], m["kind"], m["action"]) for m in self.moves()]

    def replay(self) -> Any:
        """The game recomputed from the table's seed and its accepted moves (it equals the stored game).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "herecomes", bots={1: "random"}, seed=2))
        >>> t.replay() == t._row().state()
        True
        """
        row = self._row()
        return games.replay(row.kit, row.players, row.seed, row.variant, self._move_tuples())

    def view(self, seat: int, *, token: str | None = None) -> dict[str, Any]:
        """What ``seat`` sees: its ``observe`` view plus the table's revision, names, scores and undo request.

        Keys: ``code``, ``game``, ``revision``, ``seat``, ``to_move`` (seats that
        must act), ``observation`` (the engine's ``observe(state, seat)``: never
        another seat's hidden cards), ``finished``, ``scores``, ``names``,
        ``bots``, ``creator`` (the seat that may hand idle seats to bots),
        ``pending_undo`` (``seat``, ``number``, ``asked``, ``yes``, ``waiting``),
        ``idle_seconds``, ``unused_seconds`` (per seat, since its last use or the
        table's last change) and ``can_hand_to_bot`` (the seats ``hand_to_bot``
        accepts now). The seat's token is needed (this object remembers the ones
        it got from ``sit`` and ``rejoin``).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> t.view(1)
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassAccessError: seat 2 of table ... is free: nobody sits there yet; only its player can view it
        """
        row = self._row()
        seat = _check_seat_number(seat, row.players)
        self._check_token(row, seat, token if token is not None else self._tokens.get(seat), "view")
        return self._view(row, seat)

    def _view(self, row: _Row, seat: int) -> dict[str, Any]:
        kit = row.kit
        state = row.state()
        now = time.time()
        unused = [now - max(float(s["active"]), row.changed) for s in row.seats]
        undo = row.undo
        if undo is not None:
            waiting = [s for s in undo.get("asked", []) if s not in undo.get("yes", [])]
            undo = {**undo, "waiting": waiting}
        return {
            "code": row.code,
            "game": row.game,
            "revision": row.revision,
            "seat": seat,
            "to_move": list(kit.game.actors(state)),
            "observation": kit.game.observe(state, seat),
            "finished": row.finished,
            "scores": list(row.scores),
            "names": row.names(),
            "bots": [s["bot"] for s in row.seats],
            "creator": row.creator,
            "pending_undo": undo,
            "idle_seconds": row.idle_seconds,
            "unused_seconds": [round(x, 1) for x in unused],
            "can_hand_to_bot": [
                s
                for s, record in enumerate(row.seats)
                if not record["bot"]
                and not row.finished
                and (record["token"] is None or unused[s] >= row.idle_seconds)
            ],
        }

    # ------------------------------------------------------------------ changing the table
    def _change(self, change: Any, *, revision: int | None, action: str, moves: Any = None) -> int:
        """Apply ``change(row, now) -> {column: value}`` as one optimistic write; return the new revision.

        ``moves(row) -> (first number, [(seat, kind, action)], delete_from)`` adds
        (and first deletes) moves in the same transaction. A change made without
        a client's revision (sit, undo, hand to bot) is recomputed when another
        device changed the table meanwhile.
        """
        for attempt in range(1 if revision is not None else 5):  # a seat change retries by itself
            try:
                return self._change_once(change, revision, moves)
            except StaleRevision:
                if revision is not None or attempt == 4:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _change_once(self, change: Any, revision: int | None, moves: Any) -> int:
        """One read-and-write transaction: read the row, compute the change from it, write it if the revision held.

        ``revision`` may be a callable ``(conn, row) -> revision`` (a move's own rule for
        which revision it was made at, read in the same transaction).
        """
        import sqlalchemy as sa

        from pokelab.classroom import schema

        t = schema.game_tables

        def work(conn: Any) -> int:
            self._conn = conn
            row = self._load(conn)
            made_at = revision(conn, row) if callable(revision) else revision
            if made_at is not None and made_at != row.revision:
                raise StaleRevision(row.revision, made_at)
            now = time.time()
            values = change(row, now)
            added = moves(row) if moves is not None else None
            for key in ("seats", "scores", "undo", "variant"):
                if key in values and values[key] is not None and not isinstance(values[key], str):
                    values[key] = json.dumps(values[key])
            values |= {"revision": row.revision + 1, "changed": now}
            done = conn.execute(
                sa.update(t).where(t.c.id == row.id, t.c.revision == row.revision).values(**values)
            )
            if done.rowcount != 1:
                current = conn.execute(sa.select(t.c.revision).where(t.c.id == row.id)).scalar()
                raise StaleRevision(int(current or 0), made_at if made_at is not None else row.revision)
            if added is not None:
                first, new_moves, delete_from = added
                if delete_from is not None:
                    m = schema.table_moves.c
                    conn.execute(
                        sa.delete(schema.table_moves).where(
                            m.table_id == row.id, m.number >= delete_from
                        )
                    )
                _insert_moves(conn, row.id, first, new_moves, row.revision + 1, now, row.kit.action_text)
            return row.revision + 1

        try:  # a refused token is logged by the store once the transaction is over
            return int(self._store._write(work))
        finally:
            self._conn = None

    def _game_values(
        self, row: _Row, state: Any, move_count: int, seats: Any = None
    ) -> dict[str, Any]:
        kit = row.kit
        out = {
            "state": kit.to_json(state),
            "move_count": move_count,
            "finished": kit.game.is_over(state),
            "scores": games.points(kit, state),
            "undo": None,
        }
        if seats is not None:
            out["seats"] = seats
        return out

    def play(self, seat: int, action: Any, revision: int, *, token: str | None = None) -> int:
        """Play ``action`` (text like ``"TakeSame(red)"`` or an engine action) for ``seat``; return the new revision.

        ``revision`` is the one of the view the move was chosen on: an older one
        raises ``StaleRevision``. The engine checks the move (``IllegalAction``
        with its rule ID); bots due next move right after it. The token may be
        left out on the object that sat down.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> tokens = [t.sit(0, "Ash"), t.sit(1, "Misty")]
        >>> v = t.view(0)
        >>> waiting = 1 - v["to_move"][0]
        >>> t.play(waiting, "TakeSame(red)", v["revision"], token=tokens[waiting])
        Traceback (most recent call last):
        ...
        pokelab.errors.IllegalAction: [SP-T1] It is seat ...'s turn, not seat ...'s.
        """
        seat = _check_seat_number(seat, self.players)
        given = token if token is not None else self._tokens.get(seat)
        if isinstance(revision, bool) or not isinstance(revision, int):
            raise ClassroomError(
                _("revision is the whole number from your view, not {revision}", revision=repr(revision)),
            )
        computed: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            self._check_token(row, seat, given, "play")
            kit = row.kit
            move = games.parse_move(kit, action)
            state = games.play_move(kit, row.state(), seat, move)
            state, automatic = games.advance(
                kit, state, row.bots(), seed=row.seed, number=row.move_count + 2
            )
            computed["moves"] = [(seat, "human", move), *automatic]
            seats = list(row.seats)
            seats[seat] = {**seats[seat], "active": now}
            return self._game_values(row, state, row.move_count + len(computed["moves"]), seats)

        return self._change(
            change,
            revision=lambda conn, row: _simultaneous_revision(conn, row, seat, revision),
            action="play",
            moves=lambda row: (row.move_count + 1, computed["moves"], None),
        )

    def advance(self) -> int:
        """Let the bots (and chance) play the moves due now; return the revision (unchanged when none were due).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> t.advance()
        1
        """
        row = self._row()
        state, automatic = games.advance(
            row.kit, row.state(), row.bots(), seed=row.seed, number=row.move_count + 1
        )
        if not automatic:
            return row.revision
        return self._change(
            lambda r, now: self._game_values(r, state, r.move_count + len(automatic)),
            revision=row.revision,
            action="advance",
            moves=lambda r: (r.move_count + 1, automatic, None),
        )

    def __repr__(self) -> str:
        return f"Table({self.code!r}, game={self.game!r}, players={self.players})"
