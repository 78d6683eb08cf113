"""The shared tables' own error: a move made on an old view of the table (``StaleRevision``, a ``ClassroomError``)."""

from __future__ import annotations

from typing import Any

from pokelab.classroom import ClassroomError
from pokelab.words import _

__all__ = ["StaleRevision"]


class StaleRevision(ClassroomError):
    """A move (or undo) made on an old view of the table: someone else changed it first.

    ``current`` is the table's revision now; the board should fetch ``view`` again.

    >>> err = StaleRevision(5, 4)
    >>> err.current, err.message("zh")
    (5, '有人先走了一步，你的棋盘已刷新（游戏桌现在是第 5 版，你的操作基于第 4 版）')
    """

    def __init__(self, current: int, given: Any) -> None:
        super().__init__(_(
            "someone moved first; your board was refreshed (the table is at revision {current}, "
            "your move was made at revision {given})",
            current=current, given=str(given),
        ))
        self.current = current
