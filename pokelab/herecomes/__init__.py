"""Here Comes Pokémon! (来啦！宝可梦): the engine."""

from pokelab.herecomes.bag import COLOURS, DEFAULT_BAG, WAVES, validate_bag
from pokelab.herecomes.conditions import (
    AllDrawn,
    AllOf,
    Condition,
    LastIs,
    NeverDrawn,
    parse_condition,
)

__all__ = [
    "COLOURS",
    "DEFAULT_BAG",
    "WAVES",
    "AllDrawn",
    "AllOf",
    "Condition",
    "LastIs",
    "NeverDrawn",
    "parse_condition",
    "validate_bag",
]
