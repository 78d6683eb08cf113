"""One runner for both games: play, simulate, tournaments.

>>> from pokelab.sim import play, simulate, tournament
>>> callable(play) and callable(simulate) and callable(tournament)
True
"""

from pokelab.seeds import game_seed
from pokelab.sim.adapters import (
    GameAdapter,
    HereComesAdapter,
    SplendorAdapter,
    available_games,
    get_game,
    register_game,
)
from pokelab.sim.errors import SimError
from pokelab.sim.record import GameRecord
from pokelab.sim.runner import lineup, play, simulate
from pokelab.sim.tournament import Tournament, elo_ratings, tournament

__all__ = [
    "GameAdapter",
    "GameRecord",
    "HereComesAdapter",
    "SimError",
    "SplendorAdapter",
    "Tournament",
    "available_games",
    "elo_ratings",
    "game_seed",
    "get_game",
    "lineup",
    "play",
    "register_game",
    "simulate",
    "tournament",
]
