"""Splendor: Pokémon analysis: win chances from playouts, the coach and the game review.

This layer sits above the bots and the engine odds (a playout needs bots, a review needs the
coach) and below the simulator, the classroom and the boards:

- ``win_probability`` / ``win_probabilities`` — a seat's win chance from greedy playouts that
  read only what the viewer may know (a ``WinEstimate`` with a Wilson interval);
- ``suggest(state, level=)`` — the coach's best moves, each a ``Suggestion`` with its reason;
- ``review(record)`` — every move's win chance before and after, mistakes and better moves
  (a ``GameReview`` of ``MoveReview`` rows).

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
