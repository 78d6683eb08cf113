"""Splendor: Pokémon analysis: win chances from playouts, the coach and the game review.

This layer sits above the bots and the engine odds (a playout needs bots, a review needs the
coach) and below the simulator, the classroom and the boards:

- ``win_probability`` / ``win_probabilities`` — a seat's calibrated win chance from playouts
  that read only what the viewer may know and play the seated bots (``bots=``; by default the
  stated model of a person) (a ``WinEstimate`` with a Wilson interval);
- ``suggest(state, level=)`` — the coach's best moves, each a ``Suggestion`` with its reason,
  every claim of which the engine checks (``coach_reasons.false_claims``);
- ``review(record)`` — every move against the best move found, noise-checked mistakes and
  better moves explained in one sentence (a ``GameReview`` of ``MoveReview`` rows).

>>> from pokelab.splendor import new_game
>>> win_probability(new_game(2, seed=5), 1, playouts=10).playouts
10
"""

from pokelab.analysis.coach import Suggestion, suggest
from pokelab.analysis.game_review import GameReview, MoveReview, review
from pokelab.analysis.splendor_win import WinEstimate, win_probabilities, win_probability

__all__ = [
    "GameReview",
    "MoveReview",
    "Suggestion",
    "WinEstimate",
    "review",
    "suggest",
    "win_probabilities",
    "win_probability",
]
