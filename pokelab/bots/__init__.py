"""Bots for both games, behind one protocol (see ``pokelab.bots.base.Bot``).

Bots are given to the runner as instances or by registered name, per game:

>>> available_bots("splendor")
['greedy', 'mcts-easy', 'mcts-hard', 'mcts-medium', 'random']
>>> available_bots("herecomes")
['expected-points', 'heuristic', 'random']
>>> make_bot("splendor", "random")
RandomBot()
>>> make_bot("splendor", "expected-points")
Traceback (most recent call last):
...
pokelab.errors.SimError: unknown bot 'expected-points' for splendor: choose greedy, mcts-easy, mcts-hard, mcts-medium, random
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pokelab.bots.base import Bot
from pokelab.bots.random_bot import RandomBot
from pokelab.errors import SimError
from pokelab.words import Text, _, _p, check_lang

__all__ = [
    "Bot",
    "RandomBot",
    "available_bots",
    "bot_name",
    "bot_title",
    "make_bot",
    "register_bot",
]

# (game, name) -> "module:factory" plus keyword arguments; imported only when asked for,
# so a game's bots load only once that game's engine is used. The mcts-* names are kept for
# FlatMonteCarloBot (a flat, root-only search): the ladder data, lessons and guide use them.
_REGISTRY: dict[tuple[str, str], tuple[str | Callable[..., Any], dict[str, Any]]] = {
    ("splendor", "random"): ("pokelab.bots.random_bot:RandomBot", {}),
    ("splendor", "greedy"): ("pokelab.bots.splendor_greedy:GreedyBot", {}),
    ("splendor", "mcts-easy"): ("pokelab.bots.splendor_mcts:FlatMonteCarloBot", {"level": "easy"}),
    ("splendor", "mcts-medium"): ("pokelab.bots.splendor_mcts:FlatMonteCarloBot", {"level": "medium"}),
    ("splendor", "mcts-hard"): ("pokelab.bots.splendor_mcts:FlatMonteCarloBot", {"level": "hard"}),
    ("herecomes", "random"): ("pokelab.bots.random_bot:RandomBot", {}),
    ("herecomes", "heuristic"): ("pokelab.bots.herecomes_bots:HeuristicBot", {}),
    ("herecomes", "expected-points"): ("pokelab.bots.herecomes_bots:ExpectedPointsBot", {}),
}


def register_bot(game: str, name: str, factory: Callable[..., Any], **kwargs: Any) -> None:
    """Register ``factory(**kwargs)`` as bot ``name`` for ``game`` (a class writes itself in).

    >>> class FirstChoice:
    ...     name = "first"
    ...     def choose(self, view, legal, rng):
    ...         return legal[0]
    >>> register_bot("splendor", "first-doc", FirstChoice)
    >>> make_bot("splendor", "first-doc").name
    'first'
    >>> register_bot("splendor", "", FirstChoice)
    Traceback (most recent call last):
    ...
    ValueError: a bot name is a non-empty string without commas, got ''
    """
    if not isinstance(name, str) or not name or "," in name:
        raise ValueError(f"a bot name is a non-empty string without commas, got {name!r}")
    _REGISTRY[(game, name)] = (factory, dict(kwargs))


def available_bots(game: str) -> list[str]:
    """The registered bot names for ``game``, sorted."""
    return sorted(n for g, n in _REGISTRY if g == game and not n.endswith("-doc"))


def make_bot(game: str, spec: Any) -> Any:
    """A bot for ``game``: a registered name becomes a fresh instance; an instance passes through.

    >>> bot = RandomBot()
    >>> make_bot("herecomes", bot) is bot
    True
    >>> make_bot("herecomes", 3)
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: a bot is a registered name or an object with choose(view, legal, rng), got 3
    """
    if isinstance(spec, str):
        entry = _REGISTRY.get((game, spec.strip()))
        if entry is None:
            names = ", ".join(available_bots(game)) or "(none)"
            raise SimError(
                _("unknown bot {name} for {game}: choose {choices}", name=repr(spec), game=game, choices=names),
            )
        factory, kwargs = entry
        if isinstance(factory, str):
            module, _sep, attr = factory.partition(":")
            factory = getattr(importlib.import_module(module), attr)
        return factory(**kwargs)
    if callable(getattr(spec, "choose", None)):
        return spec
    raise SimError(
        _("a bot is a registered name or an object with choose(view, legal, rng), got {value}", value=repr(spec)),
    )


# What a board or a table calls each registered bot, as catalogue texts (the ids stay the
# names code and the guides use).
BOT_TITLES: dict[str, Text] = {
    "random": _p("bot", "random"),
    "greedy": _p("bot", "greedy"),
    "mcts-easy": _p("bot", "MCTS easy"),
    "mcts-medium": _p("bot", "MCTS medium"),
    "mcts-hard": _p("bot", "MCTS hard"),
    "heuristic": _p("bot", "heuristic"),
    "expected-points": _p("bot", "expected-points"),
}


def bot_title(name: str, lang: str = "en") -> str:
    """The name a page shows for the bot ``name`` in ``lang``; a custom bot keeps its own name.

    >>> bot_title("greedy", "zh"), bot_title("mcts-hard", "en"), bot_title("my-bot", "zh")
    ('贪心', 'MCTS hard', 'my-bot')
    >>> bot_title("greedy", "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    check_lang(lang)
    title = BOT_TITLES.get(name)
    return name if title is None else title.render(lang)


def bot_name(bot: Any) -> str:
    """The name shown in tables: ``bot.name``, else its class name.

    >>> bot_name(RandomBot())
    'random'
    >>> bot_name("greedy")
    'greedy'
    """
    if isinstance(bot, str):
        return bot
    return str(getattr(bot, "name", None) or type(bot).__name__)
