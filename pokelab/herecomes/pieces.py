"""The pieces of Here Comes Pokémon! by their codes: the token colours of the bag and the kinds of target card.

The lowest module of the game: ``bag``, ``cards``, ``conditions`` and ``names`` all
read these, so none of them has to import another to learn them.

>>> COLOURS[-1], KINDS[-1]
('purple', 'legend')
"""

from __future__ import annotations

__all__ = ["COLOURS", "KINDS"]

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
KINDS: tuple[str, ...] = ("gray", "purple", "orange", "legend")
