"""The games playable by name: each installed game is an entry point of the ``pokelab.games`` group; ``get_game`` (pgx's ``make``) builds it.

A package declares its games in its metadata (``pyproject.toml``), the Python
packaging way for plugins that ``pip`` and every tool can read::

    [project.entry-points."pokelab.games"]
    splendor = "pokelab.splendor.game:SplendorGame"

Each is imported the first time it is asked for, so ``pokelab.core`` never
imports an engine it is not given. ``register_game`` adds a game at run time
(a notebook's or a test's own), and wins over an installed one of the same name.

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

from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from pokelab.core.game import Game
from pokelab.errors import SimError
from pokelab.words import _

__all__ = ["GROUP", "available_games", "get_game", "installed_games", "is_game", "make", "register_game"]

#: The entry-point group a package names its games in.
GROUP = "pokelab.games"

#: The games registered at run time, and the installed ones once loaded.
_GAMES: dict[str, Callable[[], Game]] = {}


@cache
def installed_games() -> dict[str, EntryPoint]:
    """The ``pokelab.games`` entry points of the installed packages, by game name (read once).

    >>> installed_games()["herecomes"].value
    'pokelab.herecomes.game:HereComesGame'
    """
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        other = found.setdefault(point.name, point)
        if other.value != point.value:
            raise SimError(_("two installed packages name the game {name}: {first} and {second}",
                             name=repr(point.name), first=other.value, second=point.value))
    return found


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
    """The names of the playable games, sorted (``sort=False``: the installed ones in the order their packages' metadata lists them, then those registered at run time, in that order).

    >>> class Go(Game):
    ...     name = "go-doc"
    >>> register_game("go-doc", Go)
    >>> available_games(sort=False)[-1], available_games() == sorted(available_games(sort=False))
    ('go-doc', True)
    """
    names = list(dict.fromkeys([*installed_games(), *_GAMES]))
    return sorted(names) if sort else names


def is_game(name: object) -> bool:
    """True when ``name`` is a playable game's name (nothing is imported to tell).

    >>> is_game("splendor"), is_game("chess"), is_game(3)
    (True, False, False)
    """
    return isinstance(name, str) and (name in _GAMES or name in installed_games())


def _load(point: EntryPoint) -> Callable[[], Game]:
    """The ``Game`` class an entry point names; ``SimError`` when it does not import or is not a ``Game`` of that name."""
    try:
        loaded = point.load()
    except Exception as err:  # whatever the package raises while it imports
        error = f"{type(err).__name__}: {err}"
        raise SimError(_("the game {name} ({target}, entry point of {group}) does not load: {error}",
                         name=repr(point.name), target=point.value, group=GROUP, error=error)) from err
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        raise SimError(_("the game {name} ({target}, entry point of {group}) is not a Game class",
                         name=repr(point.name), target=point.value, group=GROUP))
    if loaded.name != point.name:
        raise SimError(_("the game {name} ({target}, entry point of {group}) calls itself {own}",
                         name=repr(point.name), target=point.value, group=GROUP, own=repr(loaded.name)))
    return loaded


def get_game(game: str | Game) -> Game:
    """The ``Game`` of ``game`` (a game's name, or a ``Game`` passed through); ``SimError`` for an unknown name or a game that does not load."""
    if isinstance(game, Game):
        return game
    factory = _GAMES.get(game) if isinstance(game, str) else None
    if factory is None:
        point = installed_games().get(game) if isinstance(game, str) else None
        if point is None:
            if not installed_games():  # the kit's own metadata is missing: it runs from a folder, not installed
                raise SimError(_("unknown game {name}: no package declares a game ({group} entry points); "
                                 "install the kit (make install, or pip install -e .)", name=repr(game), group=GROUP))
            names = ", ".join(available_games())
            raise SimError(_("unknown game {name}: choose {choices}", name=repr(game), choices=names))
        factory = _GAMES[game] = _load(point)
    return factory()


#: pgx's name for ``get_game``.
make = get_game
