"""One runner for both games: play, simulate, tournaments.

>>> from pokelab.sim import play, simulate, tournament
>>> callable(play) and callable(simulate) and callable(tournament)
True
"""

from typing import Any

from pokelab.core.seeds import game_seed
from pokelab.sim import adapters as _adapters
from pokelab.sim.adapters import GameAdapter, available_games, get_game, register_game
from pokelab.sim.errors import SimError
from pokelab.sim.record import GameRecord
from pokelab.sim.runner import lineup, play, simulate
from pokelab.sim.tournament import Tournament, elo_ratings, tournament

__all__ = [
    "GameAdapter",
    "GameRecord",
    "SimError",
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


def __getattr__(name: str) -> Any:
    """``SplendorAdapter`` / ``HereComesAdapter``: imported with their engine on first use."""
    if name in ("SplendorAdapter", "HereComesAdapter"):
        return getattr(_adapters, name)
    raise AttributeError(f"module 'pokelab.sim' has no attribute {name!r}")
