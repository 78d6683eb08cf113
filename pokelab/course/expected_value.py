"""Lesson 33, expected value and discards: its exercises."""

from __future__ import annotations

import random
from typing import Any

from pokelab.course._build import choice, number, value
from pokelab.course.herecomes_rounds import draw_tokens
from pokelab.course.registry import Option
from pokelab.herecomes import TARGETS
from pokelab.odds import advise_discard, probability
from pokelab.words import _

L33 = "probability/33-expected-value-and-discards.ipynb"

# -- 33 expected value ---------------------------------------------------------------------------

_PLAIN = sorted(t for t, card in TARGETS.items() if card.kind != "legend")
number("33-1", L33, _("Card {card} is worth how many expected points on its own, before anything is drawn?"),
       lambda p: probability(TARGETS[p["card"]].condition) * TARGETS[p["card"]].points,
       [_("Probability × points."), _("card_table() lists the probability of every card.")],
       defaults={"card": "P09"}, personal=lambda rng: {"card": rng.choice(_PLAIN)},
       mistakes=lambda p: [(probability(TARGETS[p["card"]].condition), _("that is the probability alone; multiply by the points."))])


def _hand(rng: random.Random) -> dict[str, Any]:
    return {"hand": tuple(sorted(rng.sample(_PLAIN, 5))), "shown": draw_tokens(rng, 4)}


def _best_discards(p: Any) -> set[str]:
    advice = advise_discard([TARGETS[c] for c in p["hand"]], p["shown"])
    return {o.card.id for o in advice.options if o.value == advice.value}


value("33-2", L33, _("You hold {hand}; wave 1 showed {shown}. Which card does the kit advise you to discard? (an id like 'G05')"), _best_discards,
      [_("Is a card dead already, or a copy of another card in the hand? Discarding it loses the least."),
       _("Compare probability × points given the shown tokens; advise_discard([TARGETS[c] for c in task.hand], task.shown) "
         "checks you: its .discard.id is the kit's card.")],
      member=True, defaults={"hand": ("G01", "G13", "O07", "O16", "P01"), "shown": ("red", "green", "green", "blue")},
      personal=_hand)
choice("33-3", L33, _("Card A comes true with chance 0.3 and is worth 1 point; card B comes true with chance 0.1 and is "
       "worth 5 points. Which has the higher expected value?"), (
           Option("a", _("Card A: it comes true more often."),
                  why=_("expected value is not the most likely outcome: 0.3 × 1 = 0.3 is less than 0.1 × 5 = 0.5 "
                        "(the misconception: expected value = the most likely outcome)")),
           Option("b", _("Card B: 0.1 × 5 = 0.5 beats 0.3 × 1 = 0.3."), correct=True,
                  why=_("Probability × points.")),
           Option("c", _("Neither: you cannot compare a likely card with a valuable one."),
                  why=_("expected value puts both on one scale: average points per round")),
       ))
