"""How a shared table changes: one read-and-write transaction per change.

Every change of a table — a move, a seat taken, an undo asked or answered, a
seat handed to a bot, the bots' moves — is ``change(table, compute, …)``: one
transaction that reads the table's row, computes the change from it (the game
decoded once), and rewrites the row only if its **revision** is still the one
the change was computed from (optimistic concurrency; the moves are read only
by a change that needs them, an undo). The game is saved once (``to_json``), the
moves' actions are carried as objects and written as text once
(``Game.action_text``). Then each seat this ``Table`` object plays gets its next
view made from the row just written (``Table._after_change``), so a board's
refresh after its own move needs no second read, decoding or move query.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> store = ClassStore.connect("sqlite://")
>>> tables = Tables(store)
>>> join_code = store.create_class("7B")[0]
>>> t = tables.table(tables.create_table(join_code, "splendor", seed=4))
>>> token = t.sit(0, "Ash", join_code=join_code)
>>> change(t, lambda row, now: {"idle_seconds": 30.0}, revision=t.revision(), moves=None)
3
>>> change(t, lambda row, now: {"idle_seconds": 60.0}, revision=2, moves=None)
Traceback (most recent call last):
...
pokelab.tables.errors.StaleRevision: someone moved first; your board was refreshed (the table is at revision 3, your move was made at revision 2)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

import sqlalchemy as sa

from pokelab.tables import games, schema
from pokelab.tables.errors import StaleRevision
from pokelab.tables.record import Move, after_change
from pokelab.tables.rows import _insert_moves, _Row

__all__ = ["Compute", "MovesOf", "Write", "change", "game_values"]

#: A change computed from the row it reads and the time: ``{column: value}`` (``"state"``: the game object).
Compute = Callable[[_Row, float], dict[str, Any]]
#: The moves a change writes, from its row: ``(first number, [(seat, kind, action)], delete_from)``.
MovesOf = Callable[[_Row], tuple[int, list[Any], int | None]]


class Write(Protocol):
    """What a table's parts are given to change it: one optimistic write of ``compute`` (``change`` on their table)."""

    def __call__(self, compute: Compute, *, revision: Any, moves: MovesOf | None = None) -> int:
        """Apply ``compute`` as one transaction; return the new revision (``StaleRevision`` when ``revision`` is old)."""
        ...


def game_values(row: _Row, state: Any, move_count: int, seats: Any = None) -> dict[str, Any]:
    """The columns a new game state sets (``state`` is the object: the write saves it once); a pending undo is dropped.

    ``state`` is a state of ``row``'s game computed by the change (not checked
    again here: the engine refused an illegal move before, ``IllegalAction``).

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> tables = Tables(ClassStore.connect("sqlite://"))
    >>> join_code = tables.store.create_class("7B")[0]
    >>> row = tables.table(tables.create_table(join_code, "splendor", seed=4))._row()
    >>> sorted(game_values(row, row.state(), 0, seats=list(row.seats)))
    ['finished', 'move_count', 'scores', 'seats', 'state', 'undo']
    """
    out = {
        "state": state,
        "move_count": move_count,
        "finished": row.kit.game.is_over(state),
        "scores": games.points(row.kit, state),
        "undo": None,
    }
    if seats is not None:
        out["seats"] = seats
    return out


def change(table: Any, compute: Any, *, revision: Any, moves: Any) -> int:
    """Apply ``compute(row, now) -> {column: value}`` to ``table`` as one optimistic write; return the new revision.

    ``moves(row) -> (first number, [(seat, kind, action)], delete_from)`` adds
    (and first deletes) moves in the same transaction. ``revision`` is the
    client's (``None`` for a seat change, recomputed up to 5 times when another
    device changed the table meanwhile) or a callable ``(conn, row) -> revision``
    (a move's own rule for which revision it was made at, read in the same
    transaction). A ``"state"`` value is the game object: it is saved here.
    """
    for attempt in range(1 if revision is not None else 5):  # a seat change retries by itself
        try:
            return int(table._store.write(lambda conn: _in_transaction(table, conn, compute, revision, moves)))
        except StaleRevision:
            if revision is not None or attempt == 4:
                raise
        finally:
            table._conn = table._working = None
    raise AssertionError("unreachable")  # pragma: no cover


def _in_transaction(table: Any, conn: Any, compute: Any, revision: Any, moves: Any) -> int:
    table._conn = conn
    row = table._load(conn)
    table._working = row
    made_at = revision(conn, row) if callable(revision) else revision
    if made_at is not None and made_at != row.revision:
        raise StaleRevision(row.revision, made_at)
    now = time.time()
    values = compute(row, now)
    first, new_moves, delete_from = moves(row) if moves is not None else (0, [], None)
    state = values.pop("state", None)
    stored = dict(values)
    if state is not None:
        stored["state"] = row.kit.to_json(state)
    for key in ("seats", "scores", "undo", "variant"):
        if key in stored and stored[key] is not None and not isinstance(stored[key], str):
            stored[key] = json.dumps(stored[key])
    stored |= {"revision": row.revision + 1, "changed": now}
    t = schema.game_tables
    done = conn.execute(sa.update(t).where(t.c.id == row.id, t.c.revision == row.revision).values(**stored))
    if done.rowcount != 1:
        current = conn.execute(sa.select(t.c.revision).where(t.c.id == row.id)).scalar()
        raise StaleRevision(int(current or 0), made_at if made_at is not None else row.revision)
    if delete_from is not None:
        m = schema.table_moves.c
        conn.execute(sa.delete(schema.table_moves).where(m.table_id == row.id, m.number >= delete_from))
    _insert_moves(conn, row.id, first, new_moves, row.revision + 1, now, row.kit.action_text)
    after = after_change(row, values, state, stored.get("state"), now)
    made = [Move(first + i, seat, kind, action, after.revision, now) for i, (seat, kind, action) in enumerate(new_moves)]
    table._after_change(row.revision, after, made, delete_from)
    return after.revision
