"""Lesson 36, deck odds in Splendor: its helpers (the lesson's position) and exercises."""

from __future__ import annotations

from functools import cache
from typing import Any

from pokelab.course._build import number, predict
from pokelab.odds import splendor_appears_within, splendor_unseen
from pokelab.splendor import CARDS, card_by_name, scenario

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


number("36-1", L36, "What is the chance that {card} appears within the next {refills} refills?",
       "{card} 在接下来 {refills} 次补牌之内出现的概率是多少？", _within,
       ["One card is equally likely to be at any position of the deck.", "refills ÷ the number of cards in the deck."],
       ["一张卡在牌堆里的任何位置都同样可能。", "补牌次数 ÷ 牌堆里的牌数。"],
       defaults={"card": "Charmeleon", "refills": 5},
       personal=lambda rng: {"card": rng.choice(_deck_names()), "refills": rng.randint(3, 20)})


def legendary_in_deck(state: Any) -> list[int]:
    """The legendary cards still in the face-down deck of ``state``."""
    deck = splendor_unseen(state)
    return [c.id for c in CARDS.values() if c.tier == "legendary" and c.id in deck]


def _half(_: Any) -> int:
    state = lesson36_state()
    legendary = legendary_in_deck(state)
    return next(r for r in range(len(splendor_unseen(state)) + 1) if splendor_appears_within(state, legendary, r) > 0.5)


number("36-2", L36, "How many refills do you need before the chance that at least one legendary card has appeared passes one half?",
       "要补多少次牌，至少出现一张传说卡的概率才超过一半？", _half,
       ["Read the 'any legendary' curve where it crosses 0.5.", "Try splendor_appears_within(state, legendary, r) for r = 1, 2, 3 …"],
       ["看「任一传说」曲线穿过 0.5 的地方。", "对 r = 1, 2, 3 … 试 splendor_appears_within(state, legendary, r)。"])
predict("36-3", L36, "Before the simulation: in what share of shuffles will a legendary card be among the top 10 deck cards?",
        "模拟之前先猜：洗牌之后，有多大比例的情况下牌堆顶上 10 张里有传说卡？",
        lambda p: float(__import__("pokelab.odds", fromlist=["x"]).splendor_appears_within(
            lesson36_state(), legendary_in_deck(lesson36_state()), 10)),
        ["With k wanted cards the complement is C(D − k, 10) ÷ C(D, 10)."],
        ["想要的牌有 k 张时，对立事件的概率是 C(D − k, 10) ÷ C(D, 10)。"], tolerance=0.05)
