"""The uniformly random bot: the baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any


class RandomBot:
    """Chooses uniformly among the legal actions, with the RNG it is given.

    >>> import random
    >>> RandomBot().choose({}, ["x", "y", "z"], random.Random(1))
    'x'
    >>> RandomBot().choose({}, [], random.Random(1))
    Traceback (most recent call last):
    ...
    ValueError: RandomBot was given no legal action to choose from
    """

    name = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """Return a uniformly random element of ``legal``."""
        if not legal:
            raise ValueError("RandomBot was given no legal action to choose from")
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"
