"""Exact odds and Monte Carlo for both games: what the games' boards, bots and advisers need.

Maths that only a lesson needs (the hypergeometric law, Bayes, risk, game length …) lives with
its lesson in ``pokelab.course``.

Here Comes Pokémon! (exact fractions; ``float(...)`` for a decimal):

- ``probability(condition, bag=, shown=)`` — a card's chance given the tokens shown (HC-C2, HC-R5);
- ``redraw_probability`` — the same after the last token is put back and redrawn (HC-R4); the
  token put back has appeared, so it still breaks a purple card (HC-C2); every function takes
  ``returned=`` for tokens a redraw already put back this round (Brock, HC-T2);
- ``joint_outcomes(a, b)`` — P(neither), P(only A), P(only B), P(both) for the two kept cards;
- ``expected_points(hand)`` — the round's value of a hand under HC-R6 (legend = ``LEGEND_VALUE``);
- ``advise_discard(hand, shown)`` / ``best_discard(state, player)`` — the best discard by exact
  expectimax, with the value and cost of every option (``Advice``);
- ``should_redraw`` / ``redraw_gain`` / ``redraw_vote`` — the expected-value redraw vote;
- ``estimate(condition, n=, seed=)`` — NumPy Monte Carlo with a Wilson interval (``Estimate``);
- ``card_table(bag)`` — every target card's chance and expected points as a DataFrame.

Splendor: Pokémon (public information only): ``splendor_appears_within``,
``splendor_position_distribution``, ``splendor_refill_catchable``,
``splendor_evolution_within``, ``splendor_catchable``, ``splendor_unseen``. Win chances from
playouts (``win_probability``) need the bots, so they live a layer up, in ``pokelab.analysis``.

>>> from pokelab.herecomes import TARGETS
>>> probability(TARGETS["P01"])
Fraction(9, 38)
>>> probability("all:purple", shown=("red", "purple", "blue", "green"))
Fraction(3, 8)
>>> probability(TARGETS["P01"]) > redraw_probability(TARGETS["P01"])  # a redraw only hurts purple
True
"""

from pokelab.odds.advice import (
    advise_discard,
    best_discard,
    expected_points,
    redraw_gain,
    redraw_vote,
    should_redraw,
)
from pokelab.odds.advice_result import Advice, Option
from pokelab.odds.exact import (
    Joint,
    any_probability,
    joint_outcomes,
    probability,
    redraw_probability,
)
from pokelab.odds.inputs import LEGEND_VALUE
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
    "redraw_vote",
    "should_redraw",
    "simulate_rounds",
    "splendor_appears_within",
    "splendor_catchable",
    "splendor_evolution_within",
    "splendor_position_distribution",
    "splendor_refill_catchable",
    "splendor_unseen",
]
