"""Lesson 36, deck odds in Splendor: its helpers (the lesson's position) and exercises."""

from __future__ import annotations

from functools import cache
from typing import Any

from pokelab.course._build import number, predict
from pokelab.odds import splendor_appears_within, splendor_unseen
from pokelab.splendor import CARDS, card_by_name, scenario
from pokelab.words import _

L36 = "probability/36-deck-odds-in-splendor.ipynb"

# -- 36 deck odds in Splendor --------------------------------------------------------------------


def lesson36_state() -> Any:
    """The lesson's position: seat 0 has caught Charmander and Squirtle (seed 5)."""
    return scenario(2, captured={0: ["Charmander", "Squirtle"]}, seed=5)


@cache
def _deck_names() -> list[str]:
    deck = splendor_unseen(lesson36_state())
    return sorted(c.name_en for c in CARDS.values() if c.id in deck and c.stage >= 1)


def _within(p: Any) -> Any:
    return splendor_appears_within(lesson36_state(), card_by_name(p["card"]), p["refills"])


number("36-1", L36, _("What is the chance that {card} appears within the next {refills} refills?"), _within,
       [_("One card is equally likely to be at any position of the deck."), _("refills ÷ the number of cards in the deck.")],
       defaults={"card": "Charmeleon", "refills": 5},
       personal=lambda rng: {"card": rng.choice(_deck_names()), "refills": rng.randint(3, 20)}, chance=True)


def legendary_in_deck(state: Any) -> list[int]:
    """The legendary cards still in the face-down deck of ``state``."""
    deck = splendor_unseen(state)
    return [c.id for c in CARDS.values() if c.tier == "legendary" and c.id in deck]


def _half(_params: Any) -> int:
    state = lesson36_state()
    legendary = legendary_in_deck(state)
    return next(r for r in range(len(splendor_unseen(state)) + 1) if splendor_appears_within(state, legendary, r) > 0.5)


number("36-2", L36, _("How many refills do you need before the chance that at least one legendary card has appeared passes one half?"), _half,
       [_("Read the 'any legendary' curve where it crosses 0.5."), _("Try splendor_appears_within(state, legendary, r) for r = 1, 2, 3 …")])
predict("36-3", L36, _("Before the simulation: in what share of shuffles will a legendary card be among the top 10 deck cards?"),
        lambda p: float(__import__("pokelab.odds", fromlist=["x"]).splendor_appears_within(
            lesson36_state(), legendary_in_deck(lesson36_state()), 10)),
        [_("With k wanted cards the complement is C(D − k, 10) ÷ C(D, 10).")], tolerance=0.05)
