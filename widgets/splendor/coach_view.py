"""The coach's answers (``pokelab.analysis.suggest`` / ``review``) as the JSON the coach panel draws.

Moves and reasons are kept as texts (``Said``/``Text``) and rendered in the board's language when the coach publishes.

>>> from pokelab import splendor as sp
>>> from pokelab.analysis import Suggestion
>>> from pokelab.analysis import WinEstimate
>>> from pokelab.words import _
>>> row = suggestion_json(Suggestion(sp.Pass(), WinEstimate.from_wins(1, 4), _("passes: no main action is possible")))
>>> row["text"], row["estimate"]["rate"], row["reason"].render("zh")[:2]
('Pass()', 0.25, '跳过')
>>> suggestion_json("Pass()")
Traceback (most recent call last):
...
ValueError: expected a pokelab.analysis Suggestion, got str
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.words import Text
from widgets._words import Said
from widgets.splendor.coach_data import LinePoint, position_summary, result_estimates

__all__ = ["estimate_json", "job_json", "odds_json", "review_json", "review_pairs", "suggestion_json"]


def estimate_json(est: Any) -> dict[str, float]:
    """A ``WinEstimate`` as ``{"rate", "low", "high"}`` rounded to 4 places.

    >>> from pokelab.analysis import WinEstimate
    >>> estimate_json(WinEstimate.from_wins(1, 2))["rate"]
    0.5
    >>> estimate_json(0.5)
    Traceback (most recent call last):
    ...
    ValueError: expected a WinEstimate, got float
    """
    if not all(hasattr(est, k) for k in ("rate", "low", "high")):
        raise ValueError(f"expected a WinEstimate, got {type(est).__name__}")
    return {"rate": round(est.rate, 4), "low": round(est.low, 4), "high": round(est.high, 4)}


def _move(action: Any) -> Said:
    return Said(action.describe)


def suggestion_json(sug: Any) -> dict[str, Any]:
    """One suggestion: the action's text (to play it), the move in words, its estimate, the reason."""
    if not hasattr(sug, "action") or not isinstance(getattr(sug, "why", None), Text):
        raise ValueError(f"expected a pokelab.analysis Suggestion, got {type(sug).__name__}")
    return {
        "text": str(sug.action),
        "move": _move(sug.action),
        "estimate": estimate_json(sug.estimate),
        "reason": sug.why,
    }


def review_pairs(
    moves: Sequence[tuple[int, int, Any, Any]], seats: Sequence[int]
) -> tuple[list[tuple[Any, Any]], list[int]]:
    """The ``(state, action)`` pairs of ``seats``' moves for ``review``, and each pair's move number.

    ``moves`` holds ``(ply, seat, action, state before)`` for every move of the game.

    >>> from pokelab import splendor as sp
    >>> s = sp.new_game(2, seed=1)
    >>> review_pairs([(0, 0, sp.Pass(), s), (1, 1, sp.Pass(), s)], [1])[1]
    [1]
    >>> review_pairs([], [])
    Traceback (most recent call last):
    ...
    ValueError: name at least one seat to review
    """
    if not seats:
        raise ValueError("name at least one seat to review")
    chosen = [(i, m) for i, m in enumerate(moves) if m[1] in seats]
    return [(m[3], m[2]) for _, m in chosen], [i for i, _ in chosen]


def _turn_of(ply: int, line: Sequence[LinePoint]) -> int | None:
    for i, point in enumerate(line):
        if any(p == ply for p, _ in point.moves):
            return i
    return None


def review_json(
    rev: Any,
    indices: Sequence[int],
    moves: Sequence[tuple[int, int, Any, Any]],
    line: Sequence[LinePoint],
) -> list[dict[str, Any]]:
    """A ``GameReview`` of the pairs from ``review_pairs`` as rows: the move, before/after, mistake, better.

    ``index`` is the move's number in the whole game and ``turn`` the point of
    the win-probability line it belongs to (``None`` if not on the line).

    >>> from pokelab.analysis import GameReview
    >>> review_json(GameReview((), 0.1), [], [], [])
    []
    """
    rows = []
    for move in rev.moves:
        game_index = indices[move.index]
        ply = moves[game_index][0]
        rows.append(
            {
                "index": game_index,
                "seat": move.seat,
                "move": _move(move.action),
                "before": estimate_json(move.before),
                "after": estimate_json(move.after),
                "mistake": bool(move.mistake),
                "better": None if move.better is None else suggestion_json(move.better),
                "turn": _turn_of(ply, line),
            }
        )
    return rows


def odds_json(
    state: Any, live: LinePoint | None, line: Sequence[LinePoint], point: int | None, viewer: int, target: int
) -> dict[str, Any]:
    """The odds part of the coach panel: each seat's chance now, the line, and the turn of the line looked at.

    ``live`` is the point being computed for the board's position; ``target`` the playouts it aims at.

    >>> from pokelab import splendor as sp
    >>> shown = odds_json(sp.new_game(["Ann", "Bo"], seed=1), None, [], None, 0, 200)
    >>> shown["odds"]["seats"], shown["line"]
    (None, [])
    """
    names = [p.name for p in state.players]
    estimates = result_estimates(state) if state.is_over else None if live is None else live.estimates
    out: dict[str, Any] = {
        "odds": {
            "seats": None if estimates is None else [
                {"seat": s, "name": names[s], "rate": round(e[0], 4), "low": round(e[1], 4), "high": round(e[2], 4)}
                for s, e in enumerate(estimates)
            ],
            "playouts": 0 if live is None else live.playouts,
            "target": target,
            "final": state.is_over,
        },
        "line": [p.to_json(i) for i, p in enumerate(line)],
    }
    if point is not None:
        out["point"] = {**line[point].to_json(point), "position": position_summary(line[point].state, viewer)}
    return out


def job_json(job: Mapping[str, Any] | None, key: str) -> dict[str, Any] | None:
    """A Suggest or Review the page asked for: still computing, its ``key`` (items or moves), or failed.

    >>> job_json({"items": None}, "items"), job_json(None, "items")
    ({'pending': True, 'items': [], 'failed': False}, None)
    """
    if job is None:
        return None
    return {"pending": job[key] is None, key: job[key] or [], "failed": job.get("failed", False)}
