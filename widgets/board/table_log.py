"""A table seat's move log, worded once per move: a publish reads only the moves that are new.

``Table.moves(seat)`` grows by a move at a time (an agreed undo cuts it back), so a
board at a table keeps each move's entry and makes entries only for the moves it has
not seen (issue 44: every publish used to parse and word every move of the game). The
entries are the same objects from one publish to the next, so ``ShownLog`` renders only
the new ones too.

>>> log = TableLog()
>>> moves = [{"number": 1, "seat": 0, "kind": "human", "action": "Pass"},
...          {"number": 2, "seat": None, "kind": "chance", "action": "Draw(red)"}]
>>> first = log.entries(moves, lambda m: m["action"].lower())
>>> [(e["seat"], e["bot"], e["text"]) for e in first]
[(0, False, 'pass')]
>>> again = log.entries(moves + [{"number": 3, "seat": 1, "kind": "bot", "action": "EndTurn"}], lambda m: m["action"])
>>> again[0] is first[0], again[1]["text"]
(True, 'EndTurn')
>>> log.entries([{"seat": 0}], str)
Traceback (most recent call last):
...
ValueError: a table move needs seat, kind and action, got ['seat']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["TableLog"]


class TableLog:
    """The entries of a seat's view of a table's moves (``{"seat", "bot", "text"}``), kept between publishes."""

    def __init__(self) -> None:
        self._made: list[tuple[tuple[Any, ...], dict[str, Any] | None]] = []

    def entries(self, moves: Sequence[Mapping[str, Any]], word: Callable[[Mapping[str, Any]], Any]) -> list[dict[str, Any]]:
        """Each move a seat reads, oldest first; ``word(move)`` gives a new move's text (``None``: left out).

        Chance moves (the table's draws) and moves of no seat are left out: their effect is in the view.
        """
        out: list[dict[str, Any]] = []
        for i, move in enumerate(moves):
            if not {"seat", "kind", "action"} <= set(move):
                raise ValueError(f"a table move needs seat, kind and action, got {sorted(move)}")
            key = (move.get("number", i), move["seat"], move["kind"], move["action"])
            if i < len(self._made) and self._made[i][0] == key:
                entry = self._made[i][1]
            else:
                del self._made[i:]
                entry = None
                if move["seat"] is not None and move["kind"] != "chance":
                    text = word(move)
                    if text is not None:
                        entry = {"seat": move["seat"], "bot": move["kind"] == "bot", "text": text}
                self._made.append((key, entry))
            if entry is not None:
                out.append(entry)
        del self._made[len(moves):]
        return out
