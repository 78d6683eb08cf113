"""Lesson 34, the law of large numbers: its exercises."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from pokelab.course._build import number, predict
from pokelab.herecomes import DEFAULT_BAG, WAVES, NeverDrawn
from pokelab.odds import estimate, probability
from pokelab.words import _

L34 = "probability/34-law-of-large-numbers.ipynb"

# -- 34 the law of large numbers -----------------------------------------------------------------

Z95 = 1.959963984540054


def _rounds_for_width(p: Any) -> int:
    exact = float(probability(NeverDrawn("purple")))
    return round((2 * Z95) ** 2 * exact * (1 - exact) / p["width"] ** 2)


number("34-1", L34, _("Roughly how many rounds do you need so that the 95% interval for P(no purple) is about {width} wide? "
       "Any answer within 20% counts."),
       _rounds_for_width, [_("Use width ≈ c / √n with c from the table, and solve for n."), _("n = (c / width)².")], relative=0.2,
       defaults={"width": 0.01}, personal=lambda rng: {"width": rng.choice([0.005, 0.008, 0.01, 0.02, 0.025])})
def _exactly_two(p: Any) -> Fraction:
    """P(a round draws exactly two tokens of ``p["colour"]``), counted: which 2 of that colour and which 8 of the rest."""
    of_colour, drawn = DEFAULT_BAG[p["colour"]], sum(WAVES)
    total = sum(DEFAULT_BAG.values())
    return Fraction(comb(of_colour, 2) * comb(total - of_colour, drawn - 2), comb(total, drawn))


number("34-2", L34, _("From the 20,000 simulated rounds, estimate the chance that a round draws exactly two {colour} tokens "
       "(within 0.01 of the exact value)."), _exactly_two,
       [_("counts[:, COLOURS.index(task.colour)] holds how many tokens of that colour each round drew."),
        _("Take the mean of the True/False array (that column == 2).")], tolerance=0.01,
       defaults={"colour": "yellow"}, personal=lambda rng: {"colour": rng.choice(("red", "blue", "green", "yellow"))})


@cache
def interval_coverage(experiments: int = 300, rounds: int = 200) -> float:
    """The share of ``experiments`` Wilson 95% intervals (``rounds`` each) that contain the exact P(no purple)."""
    exact = probability(NeverDrawn("purple"))
    trials = [estimate(NeverDrawn("purple"), n=rounds, seed=s) for s in range(experiments)]
    return sum(t.low <= exact <= t.high for t in trials) / experiments


predict("34-3", L34, _("Before the experiment: 300 small experiments of 200 rounds each build a 95% interval each. "
        "What share of the intervals will contain the exact value?"),
        lambda p: interval_coverage(), [_("A 95% interval is built to catch the truth about 95 times in 100.")], tolerance=0.03)
