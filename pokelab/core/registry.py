"""The games playable by name: ``register_game`` adds one, ``get_game`` (pgx's ``make``) builds it.

A built-in game is named by ``"module:Class"`` and imported the first time it
is asked for, so ``pokelab.core`` never imports an engine it is not given.

>>> {"herecomes", "splendor"} <= set(available_games())
True
>>> get_game("splendor").info.rule_prefix
'SP'
>>> get_game("chess")
Traceback (most recent call last):
...
pokelab.errors.SimError: unknown game 'chess': choose ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from pokelab.core.game import Game
from pokelab.errors import SimError
from pokelab.words import _

__all__ = ["available_games", "get_game", "is_game", "make", "register_game"]

_GAMES: dict[str, str | Callable[[], Game]] = {
    "splendor": "pokelab.splendor.game:SplendorGame",
    "herecomes": "pokelab.herecomes.game:HereComesGame",
}


def register_game(name: str, factory: Callable[[], Game]) -> None:
    """Make a game playable by name (``factory()`` returns its ``Game``).

    >>> class Nim(Game):
    ...     name = "nim-doc"
    >>> register_game("nim-doc", Nim)
    >>> get_game("nim-doc").name
    'nim-doc'
    >>> register_game("", Nim)
    Traceback (most recent call last):
    ...
    ValueError: a game name is a non-empty string, got ''
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"a game name is a non-empty string, got {name!r}")
    _GAMES[name] = factory


def available_games(*, sort: bool = True) -> list[str]:
    """The names of the registered games, sorted (``sort=False``: in the order they were registered).

    >>> available_games(sort=False)[:2]
    ['splendor', 'herecomes']
    """
    return sorted(_GAMES) if sort else list(_GAMES)


def is_game(name: object) -> bool:
    """True when ``name`` is a registered game's name.

    >>> is_game("splendor"), is_game("chess"), is_game(3)
    (True, False, False)
    """
    return isinstance(name, str) and name in _GAMES


def get_game(game: str | Game) -> Game:
    """The ``Game`` of ``game`` (a registered name, or a ``Game`` passed through); ``SimError`` for an unknown name."""
    if isinstance(game, Game):
        return game
    factory = _GAMES.get(game) if isinstance(game, str) else None
    if factory is None:
        names = ", ".join(available_games())
        raise SimError(_("unknown game {name}: choose {choices}", name=repr(game), choices=names))
    if isinstance(factory, str):  # a built-in game: import its package once
        module, _sep, attr = factory.partition(":")
        factory = _GAMES[game] = getattr(importlib.import_module(module), attr)
    return factory()


#: pgx's name for ``get_game``.
make = get_game
