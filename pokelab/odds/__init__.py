"""Exact odds and Monte Carlo for both games: the mathematics behind every lesson.

Here Comes Pokémon!: ``probability``, ``redraw_probability``, ``joint_outcomes``.
"""

from pokelab.odds.advice import (
    LEGEND_VALUE,
    Advice,
    Option,
    advise_discard,
    expected_points,
    redraw_gain,
    should_redraw,
)
from pokelab.odds.exact import (
    Joint,
    any_probability,
    joint_outcomes,
    probability,
    redraw_probability,
)

__all__ = [
    "LEGEND_VALUE",
    "Advice",
    "Joint",
    "Option",
    "advise_discard",
    "any_probability",
    "expected_points",
    "joint_outcomes",
    "probability",
    "redraw_gain",
    "redraw_probability",
    "should_redraw",
]
