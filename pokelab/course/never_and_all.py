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
_twelve = probability(NeverDrawn("purple"), draws=12), probability(AllDrawn("purple"), draws=12)
choice("31-4", L31, _("A round draws 12 of the 20 tokens. How do P(no purple) and P(every purple) compare?"), (
           Option("a", _("They are equal: never and all are always mirror images."),
                  correct=_twelve[0] == _twelve[1],
                  why=_("the mirror trick needs the drawn half and the left-over half to be the same size (10 of 20)")),
           Option("b", _("P(no purple) is larger."), correct=_twelve[0] > _twelve[1],
                  why=_("drawing more tokens makes it harder to miss every purple, not easier")),
           Option("c", _("P(every purple) is larger."), correct=_twelve[1] > _twelve[0],
                  why=_("with fewer draws than half the bag, missing purple would be the likelier one")),
       ))
explain("31-5", L31, _("Why are P(no purple) and P(every purple) equal when exactly 10 of the 20 tokens are drawn?"),
        _("A round splits the bag into two halves of 10: drawn and left over. Swapping the names of the halves gives "
        "another equally likely split. 'No purple drawn' is 'every purple left over', which by the swap is as likely as "
        "'every purple drawn'. The trick needs the two halves to be the same size."),
        [Idea(_("two halves of the bag"), _p("words a pupil may write", "half|halves")),
         Idea(_("swapping drawn and left over"), _p("words a pupil may write", "swap|exchange|mirror")),
         Idea(_("the halves are the same size"), _p("words a pupil may write", "same size|equal size|10 of 20|10"))],
        misconceptions=[Idea(_("never and all are always equal, whatever the number drawn"),
                             _p("words a pupil may write", "whatever the number|any number of tokens|always mirror"))])
