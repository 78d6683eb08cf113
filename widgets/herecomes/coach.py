"""The advisor's words on the Here Comes Pokémon! board: why the best discard, and the review of your last round.

A view-model over ``pokelab.analysis.herecomes_coach``: at your discard step the
reason for the advisor's best discard (``coach_discard``, from your seat's view
only, HC-G3); once a round is over, each discard you made in it against the
best one at that moment, with the exact expected points it lost
(``review_discards``). The texts stay catalogue texts until the board renders
its view in its language.

>>> from pokelab.herecomes import Discard, Draw, apply, scenario
>>> s = scenario(2, hands={0: ["G01", "G13", "P01", "O01", "L01"]}, trainers=False)
>>> for colour in ("red", "blue", "green", "red"):
...     s = apply(s, Draw(colour))
>>> coach_view(s, 0, [])["why"].render("en").startswith("Discard O01")
True
>>> coach_view(s, 0, [(s, Discard(0, "G01"))])["review"] is None  # the round is not over yet
True
>>> coach_view(s, 4, [])
Traceback (most recent call last):
...
pokelab.errors.InputError: there is no seat 4: seats are 0 to 1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokelab.analysis.herecomes_coach import coach_discard, points_text, review_discards
from pokelab.herecomes.state import State, check_seat
from pokelab.words import _

__all__ = ["coach_view", "last_round_review"]


def last_round_review(state: State, seat: int, moves: Sequence[tuple[State, Any]]) -> Any:
    """The review of ``seat``'s discards in the last round that is over (a ``RoundReview``), or ``None``.

    ``moves``: ``(state before, action)`` of the game so far, in order.
    """
    over = [before.round for before, _action in moves if before.round < state.round or state.is_over]
    if not over:
        return None
    review = review_discards(moves, seat, round=max(over))
    return review if review.rows else None


def coach_view(state: State, seat: int, moves: Sequence[tuple[State, Any]]) -> dict[str, Any]:
    """``{"why", "review"}`` for the board's view: the reason now (or ``None``) and the last round's review."""
    check_seat(state, seat)
    why = None
    if state.phase == "discard" and seat in state.to_move:
        why = coach_discard(state, seat).reason
    review = last_round_review(state, seat, moves)
    if review is None:
        return {"why": why, "review": None}
    return {
        "why": why,
        "review": {
            "round": review.rows[0].round,
            "title": _("Your discards in round {round}, reviewed", round=review.rows[0].round),
            "lines": review.lines(),
            "cost": points_text(review.cost),
            "costs": [points_text(r.cost) for r in review.rows],
        },
    }
