"""The one bot protocol shared by both games.

A bot sees only its own player's view (``observe(state, player)``, a JSON-safe
dict), the list of legal actions, and a seeded ``random.Random``; it returns
one of the legal actions. A student can write one in a notebook cell:

>>> import random
>>> class FirstChoice:
...     name = "first"
...     def choose(self, view, legal, rng):
...         return legal[0]
>>> isinstance(FirstChoice(), Bot)
True
>>> FirstChoice().choose({}, ["a", "b"], random.Random(0))
'a'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``choose(view, legal, rng) -> action``."""

    name: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """Return one element of ``legal``."""
        ...
