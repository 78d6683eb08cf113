"""A shared game table's stored row, read back and checked, and the checks every door of a table shares.

A damaged row (a field that is not what this kit writes) is a ``ClassroomError``
that names the table and the field — never a ``KeyError`` deep in a board.

>>> clean_table_code("abc def")
'ABCDEF'
>>> _read_row({"code": "ABCDEF", "game": "chess"})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: table ABCDEF's stored game name is damaged ('chess'); ask the teacher to start a new table
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import sqlalchemy as sa

from pokelab.classroom import JOIN_ALPHABET, ClassroomError, clean_secret
from pokelab.core.registry import is_game
from pokelab.tables import games, schema
from pokelab.words import _

__all__ = [
    "DEFAULT_IDLE_SECONDS",
    "SEAT_TOKEN_LENGTH",
    "TABLE_CODE_LENGTH",
    "clean_table_code",
]


TABLE_CODE_LENGTH = 6
SEAT_TOKEN_LENGTH = 6
#: How long a seat may sit unused before the table's creator may hand it to a bot (seconds).
DEFAULT_IDLE_SECONDS = 120.0


def _damaged(code: str, field: str, why: str) -> ClassroomError:
    return ClassroomError(
        _("table {code}'s stored {field} is damaged ({why}); ask the teacher to start a new table",
            code=code, field=field, why=why),
    )


@dataclass(frozen=True)
class _Row:
    """One table's row, read back and checked."""

    id: int
    class_id: int
    code: str
    game: str
    players: int
    seed: int
    variant: dict[str, Any] | None
    idle_seconds: float
    seats: tuple[dict[str, Any], ...]
    creator: int | None
    state_json: str
    revision: int
    move_count: int
    finished: bool
    scores: tuple[int, ...]
    undo: dict[str, Any] | None
    changed: float

    @cached_property
    def kit(self) -> games.GameKit:
        return games.kit(self.game)

    @cached_property
    def _state(self) -> Any:
        try:
            return self.kit.from_json(self.state_json)
        except (TypeError, ValueError) as err:
            raise _damaged(self.code, "game", str(err)[:120]) from None

    def state(self) -> Any:
        """The stored game, decoded once per row (game states are immutable: every change makes a new one)."""
        return self._state

    def keep_state(self, state: Any) -> None:
        """Remember ``state`` as this row's decoded game (it was just saved as ``state_json``)."""
        self.__dict__["_state"] = state

    def bots(self) -> dict[int, str]:
        return {i: s["bot"] for i, s in enumerate(self.seats) if s["bot"]}

    def names(self) -> list[str | None]:
        return [s["bot"] if s["bot"] else s["name"] for s in self.seats]


def _json(code: str, field: str, text: Any, kind: type) -> Any:
    if text is None:
        return None
    try:
        value = json.loads(text)
    except (TypeError, ValueError) as err:
        raise _damaged(code, field, f"not JSON: {err}") from None
    if not isinstance(value, kind):
        raise _damaged(code, field, f"expected {kind.__name__}, found {type(value).__name__}")
    return value


def _seat_record(code: str, value: Any) -> dict[str, Any]:
    keys = {"name", "token", "bot", "active"}
    if not isinstance(value, dict) or set(value) != keys:
        raise _damaged(code, "seats", f"a seat is {{{', '.join(sorted(keys))}}}")
    if not all(value[k] is None or isinstance(value[k], str) for k in ("name", "token", "bot")):
        raise _damaged(code, "seats", "a seat's name, token and bot are text")
    if not isinstance(value["active"], int | float):
        raise _damaged(code, "seats", "a seat's last activity is a time")
    return value


def _undo_record(code: str, value: Any, players: int) -> dict[str, Any] | None:
    """A stored undo request checked: ``seat``, ``number``, ``asked``, ``yes``, ``time``."""
    if value is None:
        return None
    if set(value) != {"seat", "number", "asked", "yes", "time"}:
        raise _damaged(code, "undo request", "it needs seat, number, asked, yes and time")
    seats = (
        [value["seat"], *value["asked"], *value["yes"]]
        if isinstance(value["asked"], list) and isinstance(value["yes"], list)
        else None
    )
    if seats is None or not all(isinstance(s, int) and 0 <= s < players for s in seats):
        raise _damaged(code, "undo request", "its seats are not seats of this table")
    if not isinstance(value["number"], int) or value["number"] < 1:
        raise _damaged(code, "undo request", "its move number is not a move")
    return value


def _read_row(mapping: Mapping[str, Any]) -> _Row:
    """A table row checked field by field (a damaged row is a ``ClassroomError``, never a ``KeyError``)."""
    code = str(mapping["code"])
    game = mapping["game"]
    if not is_game(game):
        raise _damaged(code, "game name", repr(game))
    players = mapping["players"]
    seats = _json(code, "seats", mapping["seats"], list)
    if not isinstance(players, int) or not 2 <= players <= 4 or len(seats) != players:
        raise _damaged(code, "seats", f"{len(seats)} seats for {players!r} players")
    scores = _json(code, "scores", mapping["scores"], list)
    if len(scores) != players or not all(isinstance(x, int) for x in scores):
        raise _damaged(code, "scores", "one whole number per seat")
    creator = mapping["creator"]
    if creator is not None and not 0 <= creator < players:
        raise _damaged(code, "creator", repr(creator))
    for field in ("revision", "move_count"):
        if not isinstance(mapping[field], int) or mapping[field] < 0:
            raise _damaged(code, field, repr(mapping[field]))
    return _Row(
        id=int(mapping["id"]),
        class_id=int(mapping["class_id"]),
        code=code,
        game=game,
        players=players,
        seed=int(mapping["seed"]),
        variant=_json(code, "variant", mapping["variant"], dict),
        idle_seconds=float(mapping["idle_seconds"]),
        seats=tuple(_seat_record(code, s) for s in seats),
        creator=creator,
        state_json=str(mapping["state"]),
        revision=int(mapping["revision"]),
        move_count=int(mapping["move_count"]),
        finished=bool(mapping["finished"]),
        scores=tuple(scores),
        undo=_undo_record(code, _json(code, "undo request", mapping["undo"], dict), players),
        changed=float(mapping["changed"]),
    )


def clean_table_code(value: Any) -> str:
    """A table code as typed (any case, spaces and dashes ignored), checked for its shape.

    >>> clean_table_code(" abc-dEF ")
    'ABCDEF'
    >>> clean_table_code("AB1")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a table code is 6 letters and digits (no I, O, 0 or 1), not 'AB1'
    """
    if not isinstance(value, str):
        raise ClassroomError(
            _("a table code is text, not {type}", type=type(value).__name__),
        )
    code = clean_secret(value, _("table code"))
    if len(code) != TABLE_CODE_LENGTH or any(ch not in JOIN_ALPHABET for ch in code):
        raise ClassroomError(
            _("a table code is {most} letters and digits (no I, O, 0 or 1), not {code}",
                most=TABLE_CODE_LENGTH, code=repr(value[:12])),
        )
    return code


def _check_seat_number(seat: Any, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ClassroomError(
            _("seats are numbered 0 to {players}, not {seat}", players=players - 1, seat=repr(seat)),
        )
    return seat


def _check_bots(kit: games.GameKit, bots: Any, players: int) -> dict[int, str]:
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise ClassroomError(
            _("bots is a mapping from seat numbers to bot names, got {bots}", bots=repr(bots)),
        )
    out = {
        _check_seat_number(seat, players): games.check_bot(kit, name) for seat, name in bots.items()
    }
    if len(out) >= players:
        raise ClassroomError(
            _("a table needs at least one human seat (a game of bots alone is pokelab.sim.play)"),
        )
    return out


def _new_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


def _insert_moves(
    conn: Any,
    table_id: int,
    first: int,
    moves: list[tuple[int | None, str, Any]],
    revision: int,
    at: float,
    text: Callable[[Any], str] = str,
) -> None:
    """Insert ``moves`` ``(seat, kind, action)`` numbered from ``first``; ``text`` writes an action object as text."""
    if moves:
        conn.execute(
            sa.insert(schema.table_moves),
            [
                {
                    "table_id": table_id,
                    "number": first + i,
                    "seat": seat,
                    "kind": kind,
                    "action": text(action),
                    "revision": revision,
                    "at": at,
                }
                for i, (seat, kind, action) in enumerate(moves)
            ],
        )


def _simultaneous_revision(conn: Any, row: _Row, seat: int, revision: int) -> int:
    """The revision a move chosen at ``revision`` counts as made at: the current one when only others' face-down choices came between.

    At a simultaneous step (Here Comes' discards and redraw votes, HC-R3, HC-R4)
    a classmate's face-down choice (``Game.is_face_down``) changes the table's
    revision but nothing this seat can see or decide, so it must not refuse this
    seat's move. Anything else in between (a draw, a move of this seat, a sit, an
    undo: a revision without moves) keeps the move stale. Read in the move's own
    transaction.

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> store = ClassStore.connect("sqlite://")
    >>> tables = Tables(store)
    >>> join_code = store.create_class("7B")[0]
    >>> t = tables.table(tables.create_table(join_code, "herecomes", seed=2))
    >>> tokens = [t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)]
    >>> seen = t.view(0)["revision"]
    >>> hand = lambda s: [card["id"] for card in t.view(s)["observation"]["hand"]]
    >>> t.play(1, f"Discard(1, {hand(1)[0]})", seen) == seen + 1
    True
    >>> t.play(0, f"Discard(0, {hand(0)[0]})", seen) > seen + 1   # chosen at `seen`: still accepted
    True
    >>> t.play(1, "Discard(1, G01)", seen)
    Traceback (most recent call last):
    ...
    pokelab.tables.errors.StaleRevision: someone moved first; ...
    """
    game = row.kit.game
    if not game.simultaneous or not 0 <= revision < row.revision:
        return revision
    m = schema.table_moves.c
    since = conn.execute(
        sa.select(m.seat, m.kind, m.action, m.revision).where(
            m.table_id == row.id, m.revision > revision, m.revision <= row.revision
        )
    ).all()
    if {r for *_, r in since} != set(range(revision + 1, row.revision + 1)):
        return revision  # a revision without moves (a sit, an undo) came between

    def face_down(text: str) -> bool:
        try:
            return game.is_face_down(game.parse_action(text))
        except (TypeError, ValueError):
            return False

    if all(kind != "chance" and who != seat and face_down(text) for who, kind, text, _ in since):
        return row.revision
    return revision
