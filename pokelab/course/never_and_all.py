"""Lesson 31, "never" and "all": its exercises."""

from __future__ import annotations

import random
from typing import Any

from pokelab.course._build import choice, explain, number
from pokelab.course.registry import Idea, Option
from pokelab.herecomes import COLOURS, AllDrawn, NeverDrawn
from pokelab.odds import probability
from pokelab.words import _, _p

L31 = "probability/31-never-and-all.ipynb"

# -- 31 never and all ----------------------------------------------------------------------------

number("31-1", L31, _("What is the chance that at least one {colour} token is drawn? Use the complement."), lambda p: 1 - probability(NeverDrawn(p["colour"])),
       [_("First find P(no token of that colour): choose all 10 tokens from the others."), _("Then take 1 minus that.")],
       defaults={"colour": "red"}, personal=lambda rng: {"colour": rng.choice(COLOURS)},
       mistakes=lambda p: [(probability(NeverDrawn(p["colour"])), _("that is P(none): the question asks for the opposite."))], chance=True)
#: The round lengths of exercise 31-2: not the 10 of the lesson, whose table shows every colour's answer.
_OTHER_DRAWS = (7, 8, 9, 11, 12, 13)
number("31-2", L31, _("A round draws {draws} tokens instead of 10. What is the chance that every {colour} token is drawn? "
       "Count with comb."), lambda p: probability(AllDrawn(p["colour"]), draws=p["draws"]),
       [_("All tokens of that colour are in the set; in how many ways can the rest of the tokens drawn come from the "
          "other tokens?"),
        _("Divide by comb(20, tokens drawn): every set of that many tokens is equally likely.")],
       defaults={"colour": "yellow", "draws": 8},
       personal=lambda rng: {"colour": rng.choice(COLOURS), "draws": rng.choice(_OTHER_DRAWS)}, chance=True)


def _never_bag(rng: random.Random) -> dict[str, Any]:
    total = rng.randint(14, 24)
    return {"total": total, "purple": rng.randint(1, 4), "draws": rng.choice([d for d in range(6, total - 2) if 2 * d != total])}


number("31-3", L31, _("A bag of {total} tokens holds {purple} purple; a round draws {draws}. What is P(no purple)?"),
       lambda p: probability(NeverDrawn("purple"), bag={"purple": p["purple"], "red": p["total"] - p["purple"]},
                             draws=p["draws"]),
       [_("Choose all the drawn tokens from the non-purple ones: comb(non-purple, draws)."), _("Divide by comb(total, draws).")],
       defaults={"total": 20, "purple": 2, "draws": 12}, personal=_never_bag, chance=True)
# 31-4 and 31-5 carry the halves argument to rounds of different lengths: the lesson's curves and its "why" paragraph
# state the 10-of-20 case and which chance is larger with 12 drawn, so asking those again would be reading, not reasoning.
#: Round A draws 12 of the 20 tokens, round B the 8 that A leaves in the bag.
DRAWS_31_4 = (12, 8)
_mirror = probability(NeverDrawn("purple"), draws=DRAWS_31_4[0]), probability(AllDrawn("purple"), draws=DRAWS_31_4[1])
choice("31-4", L31, _("Round A draws 12 of the 20 tokens; round B draws only 8. How does P(no purple in round A) compare "
                      "with P(every purple in round B)?"), (
           Option("a", _("They are equal."), correct=_mirror[0] == _mirror[1],
                  why=_("Exercise 5 asks you why.")),
           Option("b", _("P(no purple in round A) is larger."), correct=_mirror[0] > _mirror[1],
                  why=_("round A draws more tokens, which makes missing both purples harder, and round B draws fewer, "
                        "which makes catching both harder too; compare the 8 tokens round A leaves in the bag with "
                        "the 8 round B draws")),
           Option("c", _("P(every purple in round B) is larger."), correct=_mirror[1] > _mirror[0],
                  why=_("the two chances are not about the same number of drawn tokens, so the lesson's curves at one "
                        "number of tokens do not compare them; think of the 8 tokens round A leaves in the bag")),
       ))
explain("31-5", L31, _("Why is P(no purple) when 12 of the 20 tokens are drawn equal to P(every purple) when 8 are drawn?"),
        _("Drawing 12 tokens leaves 8 in the bag. No purple among the 12 drawn means every purple is among the 8 left "
          "over. The 8 left over are a random set of 8, as likely as any 8 tokens drawn, so that chance is P(every "
          "purple) when 8 are drawn."),
        [Idea(_("the 8 tokens left in the bag"), _p("words a pupil may write", "left|remain|in the bag|8")),
         Idea(_("no purple drawn is every purple left over"), _p("words a pupil may write", "every purple|all purple|both purple")),
         Idea(_("the tokens left over are as random as tokens drawn"), _p("words a pupil may write", "random|as likely|equally likely|same chance|swap"))],
        misconceptions=[Idea(_("never and all are always equal, whatever the number drawn"),
                             _p("words a pupil may write", "whatever the number|any number of tokens|always mirror"))])
