"""Bots for both games, behind one protocol (see ``pokelab.bots.base.Bot``).

Bots are given to the runner as instances or by registered name, per game:

>>> available_bots("splendor")
['greedy', 'mcts-easy', 'mcts-hard', 'mcts-medium', 'random']
>>> available_bots("herecomes")
['heuristic', 'optimal', 'random']
>>> make_bot("splendor", "random")
RandomBot()
>>> make_bot("splendor", "optimal")
Traceback (most recent call last):
...
pokelab.errors.SimError: unknown bot 'optimal' for splendor: choose greedy, mcts-easy, mcts-hard, mcts-medium, random
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pokelab.bots.base import Bot
from pokelab.bots.random_bot import RandomBot
from pokelab.errors import SimError, check_lang

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
    ("herecomes", "optimal"): ("pokelab.bots.herecomes_bots:OptimalBot", {}),
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
                f"unknown bot {spec!r} for {game}: choose {names}",
                f"{game} 没有名为 {spec!r} 的电脑玩家：可选 {names}",
            )
        factory, kwargs = entry
        if isinstance(factory, str):
            module, _, attr = factory.partition(":")
            factory = getattr(importlib.import_module(module), attr)
        return factory(**kwargs)
    if callable(getattr(spec, "choose", None)):
        return spec
    raise SimError(
        f"a bot is a registered name or an object with choose(view, legal, rng), got {spec!r}",
        f"电脑玩家应是已注册的名字或带有 choose(view, legal, rng) 方法的对象，收到 {spec!r}",
    )


# What a board or a table calls each registered bot, in English and in Chinese (the ids stay
# the names code and the guides use).
BOT_TITLES: dict[str, tuple[str, str]] = {
    "random": ("random", "随机"),
    "greedy": ("greedy", "贪心"),
    "mcts-easy": ("MCTS easy", "蒙特卡洛·简单"),
    "mcts-medium": ("MCTS medium", "蒙特卡洛·中等"),
    "mcts-hard": ("MCTS hard", "蒙特卡洛·困难"),
    "heuristic": ("heuristic", "经验"),
    "optimal": ("optimal", "最优"),
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
    titles = BOT_TITLES.get(name)
    return name if titles is None else titles[lang == "zh"]


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
