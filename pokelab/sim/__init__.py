"""One runner for both games: play, simulate, tournaments.

The games themselves are found through ``pokelab.core`` (``get_game``,
``register_game``, ``available_games``); the runner's errors are
``pokelab.errors.SimError``.

>>> from pokelab.sim import play, simulate, tournament
>>> callable(play) and callable(simulate) and callable(tournament)
True
"""

from pokelab.sim.record import GameRecord
from pokelab.sim.runner import lineup, play, simulate
from pokelab.sim.tournament import Tournament, elo_ratings, tournament

__all__ = [
    "GameRecord",
    "Tournament",
    "elo_ratings",
    "lineup",
    "play",
    "simulate",
    "tournament",
]
