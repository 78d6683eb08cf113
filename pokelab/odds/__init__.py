"""Exact odds and Monte Carlo for both games: the mathematics behind every lesson.

Here Comes Pokémon!: ``probability``, ``redraw_probability``, ``joint_outcomes``.
"""

from pokelab.odds.exact import (
    Joint,
    any_probability,
    joint_outcomes,
    probability,
    redraw_probability,
)

__all__ = [
    "Joint",
    "any_probability",
    "joint_outcomes",
    "probability",
    "redraw_probability",
]
