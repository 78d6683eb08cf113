"""The coach's memory of the game: every move, one point per turn of the win-probability line, the live point.

The board tells its coach (``widgets.splendor.coach``) each move it makes
(:meth:`CoachLine.moved`) and the position it now shows (:meth:`CoachLine.sync`);
the line follows, dropping what undo or a new game took back. Nothing here reads
the board: it is told plain values.

>>> from pokelab import splendor as sp
>>> line = CoachLine()
>>> s = sp.new_game(["Ann", "Bo"], seed=1)
>>> line.sync(s, ply=0)
>>> len(line.points), line.live is line.points[0]
(1, True)
>>> line.look(3)
Traceback (most recent call last):
...
widgets.board.errors.BadIntent: there is no turn 3 on the line (0 to 0)
"""

from __future__ import annotations

from typing import Any

from pokelab import splendor as sp
from pokelab.words import _
from widgets.board.errors import BadIntent, _short
from widgets.splendor.coach_data import LinePoint

__all__ = ["CoachLine", "Move"]

#: One move of the game as the coach keeps it: ``(ply, seat, action, state before)``.
Move = tuple[int, int, Any, Any]


def _turn_start(state: sp.State) -> bool:
    return not state.is_over and state.phase == "main" and not state.main_done


class CoachLine:
    """The game's moves, one ``LinePoint`` per turn, the point for the position on the board, the turn looked at.

    ``moves`` holds every move (``Move``), ``points`` the line (the last one the
    finished game's result), ``live`` the point of the position on the board
    (``None`` once the game is over and not on the line), ``point`` the index of the
    turn the page shows read-only (``None``: the game itself).
    """

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self.points: list[LinePoint] = []
        self.live: LinePoint | None = None
        self.point: int | None = None

    def moved(self, ply: int, seat: int, action: Any, before: sp.State, after: sp.State) -> None:
        """Keep ``seat``'s ``action`` (move number ``ply``) from ``before`` to ``after``, forgetting any later ones."""
        self.moves = [m for m in self.moves if m[0] < ply]
        self.moves.append((ply, seat, action, before))
        points = self.points = [p for p in self.points if p.ply < ply or (p.ply == ply and p.state is before)]
        if _turn_start(before) and not (points and points[-1].ply == ply):
            points.append(LinePoint(before, ply=ply, seat=seat))
        if points:
            last = points[-1]
            last.moves = [m for m in last.moves if m[0] < ply]
            last.moves.append((ply, action))
        if after.is_over:
            points.append(LinePoint.final_of(after, ply + 1))

    def sync(self, state: sp.State, ply: int) -> None:
        """Follow the board to ``state`` (move number ``ply``): drop what undo or a new game took back, add this turn."""
        self.moves = [m for m in self.moves if m[0] < ply]
        points = self.points = [p for p in self.points if p.ply < ply or (p.ply == ply and p.state is state)]
        for point in points:
            point.moves = [m for m in point.moves if m[0] < ply]
        if _turn_start(state) and not (points and points[-1].ply == ply):
            points.append(LinePoint(state, ply=ply, seat=state.current_player))
        if state.is_over and not (points and points[-1].final):
            points.append(LinePoint.final_of(state, ply))
        if points and points[-1].state is state:
            self.live = points[-1]
        elif self.live is None or self.live.state is not state:
            self.live = None if state.is_over else LinePoint(state, ply=ply, seat=state.current_player)
        if self.point is not None and self.point >= len(points):
            self.point = None

    def look(self, index: Any) -> None:
        """Show turn ``index`` of the line read-only (``None``: back to the game); ``BadIntent`` if there is none."""
        if index is None:
            self.point = None
        elif isinstance(index, bool) or not isinstance(index, int):
            raise BadIntent(_('index must be a turn number or null, not {index}', index=_short(index)))
        elif not 0 <= index < len(self.points):
            top = len(self.points) - 1
            raise BadIntent(_('there is no turn {index} on the line (0 to {value})', index=index, value=max(top, 0)))
        else:
            self.point = index

    def holds(self, point: LinePoint) -> bool:
        """Whether ``point`` is still the live point or on the line (a result for any other is stale)."""
        return point is self.live or point in self.points
