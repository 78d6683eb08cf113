"""The runner's old names for the game protocol, kept for lessons and code that import them.

The protocol is ``pokelab.core.Game`` (``GameAdapter`` is that class); each game
implements it in its own package (``SplendorAdapter`` is
``pokelab.splendor.game.SplendorGame``, ``HereComesAdapter`` is
``pokelab.herecomes.game.HereComesGame``, imported on first use).

>>> {"herecomes", "splendor"} <= set(available_games())
True
>>> get_game("splendor").name
'splendor'
>>> __getattr__("SplendorAdapter") is get_game("splendor").__class__
True
>>> get_game("chess")
Traceback (most recent call last):
...
pokelab.errors.SimError: unknown game 'chess': choose ...
"""

from __future__ import annotations

import importlib
from typing import Any

from pokelab.core.game import Game
from pokelab.core.registry import available_games, get_game, register_game

__all__ = [  # and SplendorAdapter, HereComesAdapter (module __getattr__)
    "GameAdapter",
    "available_games",
    "get_game",
    "register_game",
]

#: The protocol under its old name.
GameAdapter = Game

_LAZY = {
    "SplendorAdapter": ("pokelab.splendor.game", "SplendorGame"),
    "HereComesAdapter": ("pokelab.herecomes.game", "HereComesGame"),
}


def __getattr__(name: str) -> Any:
    """``SplendorAdapter`` and ``HereComesAdapter``, imported with their engine on first use."""
    if name in _LAZY:
        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'pokelab.sim.adapters' has no attribute {name!r}")
