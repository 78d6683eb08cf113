"""The core every game and every loop shares: the ``Game`` protocol, its registry, the ``Stepper`` and the contract.

- ``Game`` / ``GameInfo`` (``pokelab.core.game``): the questions a loop asks a
  game, and what kind of game it is (OpenSpiel's ``GameType``, pgx's ``Env``);
- ``register_game`` / ``get_game`` (= ``make``) / ``available_games``;
- ``Stepper`` / ``Seeding`` / ``Step`` (``pokelab.core.stepper``): the one loop;
- ``check_game`` (``pokelab.core.contract``): the contract a new game must keep;
- ``pokelab.toy``: a tiny game that plays through all of it.

>>> from pokelab.core import get_game
>>> get_game("herecomes").info.simultaneous
True
>>> get_game("go")
Traceback (most recent call last):
...
pokelab.errors.SimError: unknown game 'go': choose ...
"""

from pokelab.core.contract import ContractError, check_game
from pokelab.core.game import CHANCE_MODES, Game, GameInfo
from pokelab.core.registry import available_games, get_game, is_game, make, register_game
from pokelab.core.stepper import BotError, Seeding, Step, Stepper
from pokelab.core.view import LazyView

__all__ = [
    "CHANCE_MODES",
    "BotError",
    "ContractError",
    "Game",
    "GameInfo",
    "LazyView",
    "Seeding",
    "Step",
    "Stepper",
    "available_games",
    "check_game",
    "get_game",
    "is_game",
    "make",
    "register_game",
]
