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

#: The position 30-1 asks about: the first token of wave 3, on order card 3 (4 + 3 tokens come before it).
POSITION_30_1 = 8

# 30-1 is not a copy of the purple ÷ all cell above it: the pupil must see that the 8th position is like the 10th
# (exchangeability) and that the 7 tokens drawn before it, unseen, change nothing.
number("30-1", L30, _("With the default bag, before the round starts: what is the chance that the first token laid on "
                      "order card 3 (the 8th token drawn) is {colour}?"),
       lambda p: probability(LastIs(p["colour"]), draws=POSITION_30_1),
       [_("Think of all 20 tokens shuffled into a row: which position of the row is this token?"),
        _("Every position of the row is alike: tokens of that colour ÷ all tokens in the bag.")],
       defaults={"colour": "yellow"}, personal=lambda rng: {"colour": rng.choice(COLOURS)},
       mistakes=lambda p: [(Fraction(DEFAULT_BAG[p["colour"]], 10),
                            _("you divided by the 10 tokens drawn; the token can be any of the bag's tokens.")),
                           (Fraction(DEFAULT_BAG[p["colour"]], 20 - (POSITION_30_1 - 1)),
                            _("you took the 7 tokens drawn before it out of the bag, but nobody has seen them: "
                              "tokens you have not seen change nothing."))], chance=True)
# 30-2 goes one wave further than the worked example (wave 1 alone, whose table of tokens left is printed above).
number("30-2", L30, _("Waves 1 and 2 showed {shown}. What is the chance now that the last token is {colour}?"),
       lambda p: probability(LastIs(p["colour"]), shown=p["shown"]),
       [_("How many tokens of that colour are still in the bag?"), _("How many tokens are still in the bag in all?")],
       defaults={"shown": ("blue", "green", "red", "blue", "yellow", "red", "blue"), "colour": "blue"},
       personal=lambda rng: {"shown": draw_tokens(rng, 7), "colour": rng.choice(COLOURS)},
       mistakes=lambda p: [(probability(LastIs(p["colour"])),
                            _("that is the chance before anything was drawn; take the 7 shown tokens out of the bag first.")),
                           (Fraction(DEFAULT_BAG[p["colour"]] - p["shown"].count(p["colour"]), sum(DEFAULT_BAG.values())),
                            _("the shown tokens left the bag: divide by the tokens still in it, not by 20."))],
       chance=True)

def _small_bag(rng: random.Random) -> dict[str, Any]:
    colour, other = rng.sample(COLOURS, 2)
    return {"bag": {other: rng.randint(8, 18), colour: rng.randint(2, 7)}, "colour": colour}


number("30-3", L30, _("A teacher's bag holds {bag}. What is the chance that the last of the 10 tokens drawn is {colour}?"),
       lambda p: probability(LastIs(p["colour"]), bag=p["bag"]),
       [_("Tokens of that colour ÷ all tokens in this bag."),
        _("How many tokens are drawn does not matter: the last position is like any other.")],
       defaults={"bag": {"red": 16, "purple": 4}, "colour": "purple"}, personal=_small_bag,
       mistakes=lambda p: [(Fraction(p["bag"][p["colour"]], 10),
                            _("you divided by the 10 tokens drawn; the last token can be any of the bag's tokens."))], chance=True)
# 30-4 answers a classmate's misconception instead of repeating the row argument the lesson gives in full.
explain("30-4", L30, _("Before a round, a classmate says: \"Nine tokens come out before the last one, so by then the "
                       "chance that it is purple has changed: purple is owed a turn, or has run out.\" What is wrong?"),
        _("Before the round nobody has seen those nine tokens. Shuffle all 20 tokens into a row and draw the first 10 in "
          "order: every token is equally likely to sit in any position of the row, so the 10th position (the last token "
          "drawn) is like the 1st, and purple lands there with chance purple tokens ÷ all tokens = 2/20. Only tokens "
          "you have seen change the chance: then you recount what is left in the bag."),
        [Idea(_("every position is alike"), _p("words a pupil may write", "equally likely|any position|same chance")),
         Idea(_("unseen tokens change nothing"), _p("words a pupil may write", "seen|unseen|nobody|don't know|do not know")),
         Idea(_("purple ÷ all"), _p("words a pupil may write", "2/20|1/10|÷|divide|share"))],
        misconceptions=[Idea(_("a token is due, or less likely, because of the tokens drawn before it"),
                             _p("words a pupil may write", "is due|less likely at the end|used up"))])
