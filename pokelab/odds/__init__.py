"""Exact odds and Monte Carlo for both games: the mathematics behind every lesson.

Here Comes Pokémon!: ``probability``, ``redraw_probability``, ``joint_outcomes``.
"""

from pokelab.odds.advice import (
    LEGEND_VALUE,
    Advice,
    Option,
    advise_discard,
    best_discard,
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
from pokelab.odds.montecarlo import (
    Estimate,
    estimate,
    estimate_loop,
    estimate_many,
    simulate_rounds,
)
from pokelab.odds.splendor import (
    splendor_appears_within,
    splendor_catchable,
    splendor_evolution_within,
    splendor_position_distribution,
    splendor_refill_catchable,
    splendor_unseen,
)
from pokelab.odds.tables import card_table

__all__ = [
    "LEGEND_VALUE",
    "Advice",
    "Estimate",
    "Joint",
    "Option",
    "advise_discard",
    "any_probability",
    "best_discard",
    "card_table",
    "estimate",
    "estimate_loop",
    "estimate_many",
    "expected_points",
    "joint_outcomes",
    "probability",
    "redraw_gain",
    "redraw_probability",
    "should_redraw",
    "simulate_rounds",
    "splendor_appears_within",
    "splendor_catchable",
    "splendor_evolution_within",
    "splendor_position_distribution",
    "splendor_refill_catchable",
    "splendor_unseen",
]
