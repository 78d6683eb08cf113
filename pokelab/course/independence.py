"""AND, OR, conditional chance and independence of two Here Comes targets, exact.

Built on ``joint_outcomes`` (HC-R5, HC-R6): ``P(A and B)`` is the chance of the
joined condition, ``P(A or B) = P(A) + P(B) − P(A and B)`` (inclusion–exclusion),
``P(A | B) = P(A and B) / P(B)``, and A, B are **independent** when
``P(A and B) = P(A) × P(B)`` — equivalently, when knowing B leaves P(A) unchanged.

>>> d = dependence("last:red", "never:purple")
>>> d.both, d.product, d.independent
(Fraction(3, 38), Fraction(27, 380), False)
>>> d.either == d.p_a + d.p_b - d.both
True
>>> conditional_probability("last:red", given="never:purple")
Fraction(1, 3)
>>> conditional_probability("last:red", given="never:pink")
Traceback (most recent call last):
...
ValueError: unknown token colour 'pink'...
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.registry import Idea, Option
from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS
from pokelab.herecomes.bag import COLOUR_ZH, DRAWS_PER_ROUND
from pokelab.odds import probability
from pokelab.odds.exact import joint_outcomes

__all__ = ["Dependence", "conditional_probability", "dependence"]

@dataclass(frozen=True)
class Dependence:
    """The exact chances of two targets A and B: each, both (AND), either (OR), and how far from independent.

    >>> Dependence(Fraction(1, 2), Fraction(1, 2), Fraction(1, 4)).independent
    True
    """

    p_a: Fraction
    p_b: Fraction
    both: Fraction

    @property
    def either(self) -> Fraction:
        """P(A or B) by inclusion–exclusion: P(A) + P(B) − P(A and B)."""
        return self.p_a + self.p_b - self.both

    @property
    def product(self) -> Fraction:
        """P(A) × P(B): what P(A and B) would be if A and B were independent."""
        return self.p_a * self.p_b

    @property
    def independent(self) -> bool:
        """True when P(A and B) = P(A) × P(B) exactly."""
        return self.both == self.product

    @property
    def disjoint(self) -> bool:
        """True when A and B never hold together (P(A and B) = 0)."""
        return self.both == 0

    @property
    def lift(self) -> Fraction | None:
        """P(A and B) ÷ (P(A) × P(B)): above 1, B makes A likelier; below 1, less likely; ``None`` if a chance is 0."""
        return self.both / self.product if self.product else None


def dependence(
    card_a: Any, card_b: Any, *, bag: Mapping[str, int] | None = DEFAULT_BAG, shown: tuple[str, ...] = (),
    draws: int = DRAWS_PER_ROUND,
) -> Dependence:
    """P(A), P(B) and P(A and B) for two target cards or conditions (``"last:red"``, ``AllOf(...)`` …), exact.

    ``bag``, ``shown`` and ``draws`` as in ``probability``.

    >>> dependence("never:purple", "all:purple").disjoint
    True
    >>> dependence("last:red", "never:purple", bag={"red": 2, "blue": 1, "purple": 1}, draws=2).both
    Fraction(1, 3)
    >>> dependence("last:red", 3)
    Traceback (most recent call last):
    ...
    ValueError: expected a target card or a condition (LastIs, NeverDrawn, AllDrawn, AllOf), got 3
    """
    joint = joint_outcomes(card_a, card_b, bag=bag, shown=shown, draws=draws)
    return Dependence(p_a=joint.only_a + joint.both, p_b=joint.only_b + joint.both, both=joint.both)


def conditional_probability(
    card_a: Any, *, given: Any, bag: Mapping[str, int] | None = DEFAULT_BAG, shown: tuple[str, ...] = (),
    draws: int = DRAWS_PER_ROUND,
) -> Fraction:
    """P(A | B) = P(A and B) ÷ P(B): the chance of A among the rounds where B holds.

    >>> conditional_probability("never:purple", given="last:red")
    Fraction(5, 19)
    >>> conditional_probability("last:red", given="last:blue")
    Fraction(0, 1)
    >>> conditional_probability("last:red", given="never:red", bag={"red": 10, "blue": 1})
    Traceback (most recent call last):
    ...
    ValueError: the condition given has chance 0, so nothing can be known given it
    """
    d = dependence(card_a, given, bag=bag, shown=shown, draws=draws)
    if d.p_b == 0:
        raise ValueError("the condition given has chance 0, so nothing can be known given it")
    return d.both / d.p_b


L38 = "probability/38-and-or-and-independence.ipynb"

# -- 38 AND, OR and independence ----------------------------------------------------------------

_KIND_TEXT = {
    "last": ("the last token is {c}", "最后一枚是{z}"),
    "never": ("no {c} appears", "没有抽出{z}"),
    "all": ("every {c} token is drawn", "{z}全部抽出"),
}


def describe(code: str) -> tuple[str, str]:
    """A one-colour condition code in words, English and Chinese.

    >>> describe("never:purple")
    ('no purple appears', '没有抽出紫色')
    >>> describe("some:red")
    Traceback (most recent call last):
    ...
    ValueError: a condition code is last:, never: or all: and a colour, got 'some:red'
    """
    kind, _, colour = code.partition(":")
    if kind not in _KIND_TEXT or colour not in COLOURS:
        raise ValueError(f"a condition code is last:, never: or all: and a colour, got {code!r}")
    en, zh = _KIND_TEXT[kind]
    return en.format(c=colour), zh.format(z=COLOUR_ZH[colour] + "色")


def card_codes() -> list[str]:
    """The one-colour conditions of the game's non-Mew/Mewtwo cards, as codes (``"last:red"`` …)."""
    kinds = {"gray": "last", "purple": "never", "orange": "all"}
    return sorted({f"{kinds[c.kind]}:{c.condition.colour}" for c in TARGETS.values() if not c.is_legend})


@cache
def overlapping_pairs() -> list[tuple[str, str]]:
    """Pairs of card conditions that can come true together (so OR is not a plain sum): the exercise's hands."""
    codes = card_codes()
    return [(a, b) for i, a in enumerate(codes) for b in codes[i + 1:] if dependence(a, b).both > 0]


def _hand(rng: random.Random) -> dict[str, Any]:
    a, b = rng.choice(overlapping_pairs())
    (a_en, a_zh), (b_en, b_zh) = describe(a), describe(b)
    return {"a": a, "b": b, "a_en": a_en, "a_zh": a_zh, "b_en": b_en, "b_zh": b_zh}


number("38-1", L38, "You keep two cards: A = \"{a_en}\" ({a}) and B = \"{b_en}\" ({b}). What is the chance that at least "
       "one of them comes true (A or B)?",
       "你留下两张卡：A =“{a_zh}”（{a}），B =“{b_zh}”（{b}）。至少有一张达成（A 或 B）的概率是多少？",
       lambda p: dependence(p["a"], p["b"]).either,
       ["P(A or B) = P(A) + P(B) − P(A and B).", "Find P(A and B) with joint_outcomes(a, b).both."],
       ["P(A 或 B) = P(A) + P(B) − P(A 且 B)。", "用 joint_outcomes(a, b).both 求 P(A 且 B)。"],
       defaults={"a": "last:red", "b": "never:purple", "a_en": "the last token is red",
                 "a_zh": "最后一枚是红色", "b_en": "no purple appears", "b_zh": "没有抽出紫色"},
       personal=_hand,
       mistakes=lambda p: _hand_slips(dependence(p["a"], p["b"])))


def _hand_slips(d: Any) -> list[tuple[Fraction, str, str]]:
    """The tempting wrong answers to P(A or B): the plain sum, and the formula for independent events."""
    slips = [
        (d.p_a + d.p_b,
         "you added P(A) and P(B): the rounds where both come true are counted twice; subtract P(A and B) once.",
         "你把 P(A) 和 P(B) 直接相加了：两张都达成的那些情况被算了两次，要减去一次 P(A 且 B)。"),
        (1 - (1 - d.p_a) * (1 - d.p_b),
         "that formula assumes A and B are independent; in one round they are not, so use P(A and B) itself.",
         "这个公式假设 A 和 B 独立；同一轮里它们并不独立，要用真正的 P(A 且 B)。"),
    ]
    return [slip for slip in slips if slip[0] != d.either]


choice("38-2", L38, "Are \"no purple appears\" and \"every purple token is drawn\" independent?",
       "“没有抽出紫色”和“紫色全部抽出”这两个事件独立吗？", (
           Option("a", "Yes: they never happen together, so they have nothing to do with each other.",
                  "独立：它们从来不会同时发生，所以互不相干。",
                  why="mutually exclusive is the opposite of independent: knowing one happened tells you the other did not "
                      "(disjoint = independent)",
                  why_zh="互斥恰恰不是独立：知道一个发生了，就知道另一个没发生（把互斥当成独立）"),
           Option("b", "No: P(both) = 0, but P(no purple) × P(every purple) is not 0.",
                  "不独立：P(两个都发生) = 0，但 P(没有紫色) × P(紫色全部抽出) 不是 0。", correct=True,
                  why="Independent means P(A and B) = P(A) × P(B); here the left side is 0 and the right side is not.",
                  why_zh="独立的意思是 P(A 且 B) = P(A) × P(B)；这里左边是 0，右边不是 0。"),
           Option("c", "Yes: both have the same chance, 9/38.", "独立：它们的概率一样，都是 9/38。",
                  why="equal chances say nothing about whether one event changes the other (equal = independent)",
                  why_zh="概率相等并不能说明一个事件会不会影响另一个（把概率相等当成独立）"),
       ))
predict("38-3", L38, "Before you compute it: among the rounds where every purple token is drawn, what share has a purple "
        "last token?", "先别算，猜一猜：在紫色全部抽出的那些轮里，最后一枚是紫色的占多大比例？",
        lambda p: conditional_probability("last:purple", given="all:purple"),
        ["If both purples are among the 10 tokens drawn, the last token is one of those 10, each equally likely."],
        ["如果两枚紫色都在抽出的 10 枚里，最后一枚就是这 10 枚中的一枚，每一枚的可能性都一样。"], tolerance=0.01)


def _legend(rng: random.Random) -> dict[str, Any]:
    card = TARGETS[rng.choice(sorted(c.id for c in TARGETS.values() if c.is_legend))]
    return {"card": card.id, "name": card.name_en, "name_zh": card.name_zh}


def _product_of_parts(p: Any) -> Fraction:
    result = Fraction(1)
    for part in TARGETS[p["card"]].condition.conditions:
        result *= probability(part)
    return result


number("38-4", L38, "Card {card} ({name}) needs all three of its conditions at once. What is its exact chance in a round?",
       "{card}（{name_zh}）要求三个条件同时成立。它在一轮里达成的精确概率是多少？",
       lambda p: probability(TARGETS[p["card"]].condition),
       ["The three conditions are joined with AND: use probability(TARGETS[card].condition).",
        "Check: the answer is at most the smallest of the three parts' chances."],
       ["三个条件用“且”连在一起：用 probability(TARGETS[card].condition)。", "检查：答案不会超过三个条件中最小的那个概率。"],
       defaults={"card": "L03", "name": "Mewtwo", "name_zh": "超梦"}, personal=_legend,
       mistakes=lambda p: [(_product_of_parts(p), "you multiplied the three parts' chances, which is right only for "
                            "independent events; in one round they depend on each other.",
                            "你把三个条件的概率相乘了，这只对独立事件成立；同一轮里这些条件互相影响。")])
explain("38-5", L38, "Why are \"the last token is red\" and \"no purple appears\" not independent?",
        "为什么“最后一枚是红色”和“没有抽出紫色”不独立？",
        "If no purple appears, the last token is one of the 18 non-purple tokens, 6 of them red, so its chance of being "
        "red rises from 6/20 = 3/10 to 6/18 = 1/3. Knowing one event changes the chance of the other, so "
        "P(both) is not P(last red) × P(no purple).",
        "如果没有抽出紫色，最后一枚只能是 18 枚非紫色代币之一，其中 6 枚是红色，所以它是红色的概率从 6/20 = 3/10 变成了 "
        "6/18 = 1/3。知道一个事件发生会改变另一个事件的概率，所以 P(两个都发生) 不等于 P(最后一枚是红色) × P(没有紫色)。",
        [Idea("knowing one changes the other", "知道一个会改变另一个", ("changes", "given", "knowing", "if no purple",
                                                              "改变", "已知", "知道", "如果没有")),
         Idea("only the 18 non-purple tokens are left", "只剩 18 枚非紫色代币", ("18", "non-purple", "not purple", "非紫")),
         Idea("3/10 becomes 1/3", "3/10 变成 1/3", ("1/3", "6/18", "3/10", "6/20"))])
