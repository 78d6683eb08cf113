"""Lesson 30, counting and the last token: its exercises."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from pokelab.course._build import explain, number
from pokelab.course.herecomes_rounds import draw_tokens
from pokelab.course.registry import Idea
from pokelab.herecomes import COLOURS, DEFAULT_BAG, LastIs
from pokelab.odds import probability
from pokelab.words import _, _p

L30 = "probability/30-counting-and-the-last-token.ipynb"

# -- 30 counting and the last token --------------------------------------------------------------

number("30-1", L30, _("With the default bag, what is the chance that the last token is {colour}?"), lambda p: probability(LastIs(p["colour"])),
       [_("Count the tokens of that colour in the bag."), _("Divide by the number of tokens in the whole bag, not by the 10 drawn.")],
       defaults={"colour": "yellow"}, personal=lambda rng: {"colour": rng.choice(COLOURS)},
       mistakes=lambda p: [(Fraction(DEFAULT_BAG[p["colour"]], 10),
                            _("you divided by the 10 tokens drawn; the last token can be any of the bag's tokens."))], chance=True)
number("30-2", L30, _("Wave 1 showed {shown}. What is the chance now that the last token is {colour}?"),
       lambda p: probability(LastIs(p["colour"]), shown=p["shown"]),
       [_("How many tokens of that colour are still in the bag?"), _("How many tokens are still in the bag in all?")],
       defaults={"shown": ("red", "red", "purple", "blue"), "colour": "red"},
       personal=lambda rng: {"shown": draw_tokens(rng, 4), "colour": rng.choice(COLOURS)}, chance=True)


def _small_bag(rng: random.Random) -> dict[str, Any]:
    colour, other = rng.sample(COLOURS, 2)
    return {"bag": {other: rng.randint(8, 18), colour: rng.randint(2, 7)}, "colour": colour}


number("30-3", L30, _("A teacher's bag holds {bag}. What is the chance that the last of the 10 tokens drawn is {colour}?"),
       lambda p: probability(LastIs(p["colour"]), bag=p["bag"]),
       [_("Tokens of that colour ÷ all tokens in this bag."), _("Try the kit: probability(LastIs(colour), bag=...).")],
       defaults={"bag": {"red": 16, "purple": 4}, "colour": "purple"}, personal=_small_bag, chance=True)
explain("30-4", L30, _("Why is the chance that the last token is purple the same as the chance that the first token is purple?"),
        _("Shuffle all 20 tokens into a row and draw the first 10 in order. Every token is equally likely to sit in any "
        "position of the row, so the 10th position (the last token drawn) is like the 1st: purple lands there with "
        "chance purple tokens ÷ all tokens = 2/20."),
        [Idea(_("every position is alike"), _p("words a pupil may write", "equally likely|any position|same chance")),
         Idea(_("a shuffled row of all the tokens"), _p("words a pupil may write", "shuffle|row|order")),
         Idea(_("purple ÷ all"), _p("words a pupil may write", "2/20|1/10|÷|divide|share"))],
        misconceptions=[Idea(_("a token is due, or less likely, because of the tokens drawn before it"),
                             _p("words a pupil may write", "is due|less likely at the end|used up"))])
