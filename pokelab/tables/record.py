"""A shared table's record — its accepted moves — shown to each reader as the game lets them see it.

Every read of a table's moves goes through the game's per-seat view: a seat
reads each move as ``Game.observe_action(action, seat)`` words it (Here Comes'
face-down discards, votes and Misty's extra discard of another seat show ``?``,
HC-G3, HC-R2, HC-T1); only the teacher (``viewer=None``, after the teacher key)
reads the record in full. ``seat_view`` is the one place a seat's view of a
table is made; ``after_change`` gives the row a change just wrote, its game kept
decoded, so the seat's view after its own move needs no second read or decoding.

>>> from pokelab.tables.games import kit
>>> from pokelab.herecomes import Discard
>>> moves = [Move(1, 1, "human", Discard(1, "G13"), 2, 0.0)]
>>> [m["action"] for m in seen_moves(kit("herecomes"), moves, 0)], seen_moves(kit("herecomes"), moves, None)[0]["action"]
(['Discard(1, ?)'], 'Discard(1, G13)')
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from pokelab.core.texts import default_name
from pokelab.sim import GameRecord
from pokelab.tables import games, schema
from pokelab.tables.games import GameKit

__all__ = [
    "Move", "after_change", "game_record", "read_moves", "record_data", "record_from_data", "record_of", "seat_view",
    "seen_moves",
]


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted move: ``action`` is the engine's object, or its stored text (read only when a reader needs it)."""

    number: int
    seat: int | None
    kind: str
    action: Any
    revision: int
    at: float

    def tuple(self) -> tuple[int | None, str, Any]:
        """``(seat, kind, action)``, as ``games.replay`` takes it."""
        return (self.seat, self.kind, self.action)


def read_moves(conn: Any, table_id: int) -> tuple[Move, ...]:
    """The table's accepted moves in order, their actions as stored (text: one query, nothing parsed).

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> store = ClassStore.connect("sqlite://")
    >>> tables = Tables(store)
    >>> t = tables.table(tables.create_table(store.create_class("7B")[0], "herecomes", seed=2))
    >>> [m.action[:5] for m in store.read(lambda conn: read_moves(conn, t._id))]
    ['Draw(', 'Draw(', 'Draw(', 'Draw(']
    """
    m = schema.table_moves.c
    rows = conn.execute(
        sa.select(m.number, m.seat, m.kind, m.action, m.revision, m.at)
        .where(m.table_id == table_id)
        .order_by(m.number)
    ).all()
    return tuple(
        Move(n, seat, kind, text, rev, at) for n, seat, kind, text, rev, at in rows
    )


def seen_moves(kit: GameKit, moves: Sequence[Move], viewer: int | None) -> list[dict[str, Any]]:
    """The moves as ``viewer`` may see them (``None``: the teacher's full record), as plain dicts.

    Keys: ``number``, ``seat`` (``None`` for a draw), ``kind`` (``human``, ``bot``,
    ``chance``), ``action`` (its text, hidden parts ``?``), ``revision``, ``time``.

    >>> from pokelab.tables.games import kit
    >>> seen_moves(kit("splendor"), [], 0)
    []
    """
    game = kit.game

    def seen(m: Move) -> str:
        if viewer is None or m.seat == viewer or not game.hidden_information:
            return kit.action_text(m.action)  # nothing of it is hidden from this reader
        return game.observe_action(game.parse_action(m.action), viewer)

    return [
        {
            "number": m.number,
            "seat": m.seat,
            "kind": m.kind,
            "action": seen(m),
            "revision": m.revision,
            "time": m.at,
        }
        for m in moves
    ]


def game_record(row: Any, moves: Sequence[Move]) -> GameRecord:
    """The whole game of a table as a ``pokelab.sim`` record (every seat's every move): only for a reader who may see it all.

    The seats are named as the table names them (a bot by its name, a person by the name they sat
    down with); ``Board.from_record`` shows it. The moves are re-applied from the table's seed, so a
    record that does not follow from it is refused as the table's own replay refuses it.

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> store = ClassStore.connect("sqlite://")
    >>> tables = Tables(store)
    >>> join_code, key = store.create_class("7B")
    >>> t = tables.table(tables.create_table(join_code, "herecomes", 3, bots={1: "random", 2: "random"}, seed=2))
    >>> record = t.record(teacher_key=key)
    >>> record.bots, record.replay() == t.replay(teacher_key=key), len(record.actions) == len(t.moves(teacher_key=key))
    (('Player 1', 'random', 'random'), True, True)
    >>> game_record(t._row(), [Move(1, None, "chance", "Draw(purple)", 2, 0.0)])
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: move 1 of this table is Draw(purple), but the table's seed draws Draw(...)
    """
    return record_of(row.game, row.players, row.seed, row.variant, row.names(), [m.tuple() for m in moves])


def record_of(game: str, players: int, seed: int, variant: Any, names: Sequence[str | None],
              moves: Sequence[tuple[int | None, str, Any]]) -> GameRecord:
    """A table's game as a record, from what a table keeps: its seed, variant, seats' names and moves ``(seat, kind, action)``.

    ``game_record`` reads them from the table's row; a remote table from the class service's
    answer (``RemoteTable.record``): one way to make a table's record.

    >>> record_of("herecomes", 2, 7, None, ["Ann", None], []).bots
    ('Ann', 'Player 2')
    >>> record_of("herecomes", 2, 7, None, ["Ann", None], [(0, "human", "Discard(0, G13)")])
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: on a table chance's moves (the bag's draws) come from the table's seed: nobody plays Discard
    """
    kit = games.kit(game)
    first = games.new_state(kit, players, seed=seed, variant=variant)
    actions, state = [], first
    for actor, action, after in games.replayed(kit, first, seed, moves):
        actions.append((actor, action))
        state = after
    return GameRecord(
        game=game,
        seed=seed,
        bots=tuple(name or default_name(seat) for seat, name in enumerate(names)),
        actions=tuple(actions),
        scores=tuple(games.points(kit, state)),
        winners=tuple(kit.game.winners(state)) if kit.game.is_over(state) else (),
        rounds=kit.game.rounds(state),
        options=games.game_options(kit, variant),
        final_state=state,
        initial_state=first,
    )


def record_data(made: GameRecord) -> dict[str, Any]:
    """A table's record as the class service sends it: seed, variant, names and every move as text (``record_from_data``).

    >>> data = record_data(record_of("herecomes", 2, 7, None, ["Ann", None], []))
    >>> data["names"], data["moves"], record_from_data(data).bots
    (['Ann', 'Player 2'], [], ('Ann', 'Player 2'))
    >>> record_from_data({"game": "herecomes"})
    Traceback (most recent call last):
    ...
    KeyError: 'moves'
    """
    kit = games.kit(made.game)  # the record's own game: no second read of the table
    moves = [[seat, "chance" if seat is None else "move", kit.action_text(action)] for seat, action in made.actions]
    variant = made.options.get("variant")
    return {"game": made.game, "players": made.players, "seed": made.seed, "names": list(made.bots),
            "variant": None if variant is None else games.variant_dict(kit, variant), "moves": moves}


def record_from_data(made: dict[str, Any]) -> GameRecord:
    """The record ``record_data`` wrote, replayed and checked by ``record_of`` (``KeyError``/``TypeError``/``ValueError``
    for an answer of another shape: the caller says whose)."""
    moves = [(seat, str(kind), str(action)) for seat, kind, action in made["moves"]]
    return record_of(str(made["game"]), int(made["players"]), int(made["seed"]), made["variant"],
                     list(made["names"]), moves)


def after_change(row: Any, values: dict[str, Any], state: Any, saved: str | None, now: float) -> Any:
    """The row a change just wrote: ``row`` with ``values``, the new revision, and ``state`` (saved as ``saved``) kept decoded."""
    columns = {f.name for f in dataclasses.fields(row)}
    fields = {k: tuple(v) if k in ("seats", "scores") else v for k, v in values.items() if k in columns}
    if saved is not None:
        fields["state_json"] = saved
    after = dataclasses.replace(row, revision=row.revision + 1, changed=now, **fields)
    if state is not None:
        after.keep_state(state)
    elif "_state" in row.__dict__:  # decoded already: the same game
        after.keep_state(row.state())
    return after


def seat_view(row: Any, moves: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """``Table.view``'s dict for ``seat`` from its row and its view of the moves (``seen_moves``; the token already checked)."""
    kit = row.kit
    state = row.state()
    now = time.time()
    unused = [now - max(float(s["active"]), row.changed) for s in row.seats]
    undo = row.undo
    if undo is not None:
        waiting = [s for s in undo.get("asked", []) if s not in undo.get("yes", [])]
        undo = {**undo, "waiting": waiting}
    observation = kit.game.observe(state, seat)
    to_move = list(kit.game.actors(state))
    return {
        "code": row.code,
        "game": row.game,
        "revision": row.revision,
        "seat": seat,
        "to_move": to_move,
        "observation": observation,
        "legal": _legal_texts(kit, state, seat, observation, to_move),
        "moves": moves,
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
            for s, one in enumerate(row.seats)
            if not one["bot"] and not row.finished and (one["token"] is None or unused[s] >= row.idle_seconds)
        ],
    }


def _legal_texts(kit: Any, state: Any, seat: int, observation: Any, to_move: list[int]) -> list[str]:
    """``seat``'s legal moves as text when it must act (the observation's own list where it has one), else ``[]``."""
    if seat not in to_move or kit.game.is_over(state) or kit.game.is_chance(state):
        return []
    if isinstance(observation, dict) and isinstance(observation.get("legal"), list):
        return [str(a) for a in observation["legal"]]
    return [kit.game.action_text(a) for a in kit.game.legal_actions(state, seat)]
