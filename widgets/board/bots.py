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
from collections.abc import Mapping
from typing import Any

from pokelab.bots import RandomBot, available_bots, bot_title, make_bot


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


class PlayedElsewhere:
    """A seat of a finished record whose bot is not one of the kit's (a pupil's league entry): shown by its name, never asked to move.

    >>> PlayedElsewhere("Sparky").choose({}, [], None)
    Traceback (most recent call last):
    ...
    RuntimeError: Sparky chose its moves in its author's notebook: a board only shows its finished game
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        raise RuntimeError(f"{self.name} chose its moves in its author's notebook: a board only shows its finished game")


def recorded_bot(game: str, name: str) -> Any:
    """A record's seat as a board seats it: a kit bot by its registered name, any other name as ``PlayedElsewhere``.

    >>> recorded_bot("herecomes", "expected-points"), recorded_bot("herecomes", "Sparky").name
    ('expected-points', 'Sparky')
    """
    return name if name in available_bots(game) else PlayedElsewhere(name)


def bot_label(bot: Any) -> str:
    """The short name a board shows for a bot (a registered name is its own label).

    >>> bot_label(RandomBot()), bot_label("greedy")
    ('random', 'greedy')
    """
    if isinstance(bot, str):
        return bot
    return str(getattr(bot, "name", None) or type(bot).__name__)


def seat_bot(bot: Any, lang: str) -> dict[str, str | None]:
    """A seat's bot as a board's view shows it: its id and its name in ``lang`` (both ``None`` for a person).

    >>> seat_bot(resolve_bot("splendor", "random"), "en"), seat_bot(None, "zh")
    ({'bot': 'random', 'bot_title': 'random'}, {'bot': None, 'bot_title': None})
    """
    if bot is None:
        return {"bot": None, "bot_title": None}
    label = bot_label(bot)
    return {"bot": label, "bot_title": bot_title(label, lang)}


def seat_bots(game: str, players: int, bots: Mapping[int, Any] | None, human: int | None) -> tuple[dict[int, Any], int]:
    """A board's bots by seat (resolved) and the seat it shows: ``human``, else the first seat without a bot.

    >>> bots, human = seat_bots("splendor", 3, {0: "random"}, None)
    >>> sorted(bots), human
    ([0], 1)
    >>> seat_bots("splendor", 2, {2: "random"}, None)
    Traceback (most recent call last):
    ...
    ValueError: bots: seat 2 does not exist; seats are 0 to 1
    """
    bots = dict(bots or {})
    for seat in bots:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(f"bots: seat {seat!r} does not exist; seats are 0 to {players - 1}")
    resolved = {seat: resolve_bot(game, spec) for seat, spec in bots.items()}
    if human is None:
        free = [seat for seat in range(players) if seat not in resolved]
        human = free[0] if free else 0
    if not 0 <= human < players:
        raise ValueError(f"human: seat {human!r} does not exist; seats are 0 to {players - 1}")
    return resolved, human
