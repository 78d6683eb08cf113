"""Per-game seeds derived from one master seed (``pokelab.core.seeds``; this path stays for old imports).

>>> from pokelab.core.seeds import game_seed as same
>>> game_seed is same
True
"""

from __future__ import annotations

from pokelab.core.seeds import game_seed, stream

__all__ = ["game_seed", "stream"]
