"""Where the boards get their bots: the one place to change when new bots arrive.

``resolve_bot(game, spec)`` asks ``pokelab.bots.make_bot`` (the registry, by name)
when it exists, and otherwise — or while a registered bot's module is not written
yet — stands in the ``RandomBot`` so a board always has an opponent.

>>> resolve_bot("splendor", "random").name
'random'
>>> class First:
...     name = "first"
...     def choose(self, view, legal, rng):
...         return legal[0]
>>> bot = First()
>>> resolve_bot("splendor", bot) is bot
True
>>> resolve_bot("splendor", 42)
Traceback (most recent call last):
...
ValueError: a bot is a registered name (like 'greedy') or an object with choose(view, legal, rng), not 42
"""

from __future__ import annotations

import warnings
from typing import Any

from pokelab.bots import RandomBot, make_bot


def resolve_bot(game: str, spec: Any) -> Any:
    """A bot object for ``game`` from a registered name or an object with ``choose``."""
    if callable(getattr(spec, "choose", None)) and not isinstance(spec, str):
        return spec
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(
            "a bot is a registered name (like 'greedy') or an object with "
            f"choose(view, legal, rng), not {spec!r}"
        )
    name = spec.strip()
    try:
        return make_bot(game, name)
    except ImportError:
        pass  # registered, but its module has not landed yet: stand in below
    except ValueError as err:  # unknown name: say so (SimError is a ValueError)
        raise ValueError(str(err)) from None
    if name == "random":
        return RandomBot()
    warnings.warn(
        f"bot {name!r} is not available yet; a RandomBot plays in its place",
        stacklevel=2,
    )
    stand_in = RandomBot()
    stand_in.name = f"{name}→random"  # type: ignore[misc]
    return stand_in


def bot_label(bot: Any) -> str:
    """The short name a board shows for a bot.

    >>> bot_label(RandomBot())
    'random'
    """
    return str(getattr(bot, "name", None) or type(bot).__name__)
