"""Exercises of the probability lessons 37–38: the hypergeometric distribution; AND, OR and independence."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS
from pokelab.herecomes.bag import COLOUR_ZH
from pokelab.odds import probability
from pokelab.odds.counts import count_distribution, count_mean, simulate_counts
from pokelab.odds.deck_counts import splendor_count_mean
from pokelab.odds.independence import conditional_probability, dependence
from pokelab.teaching.exercises._build import choice, explain, number, predict
from pokelab.teaching.registry import Idea, Option

L37 = "probability/37-the-hypergeometric-distribution.ipynb"
L38 = "probability/38-and-or-and-independence.ipynb"

# -- 37 the hypergeometric distribution ---------------------------------------------------------


def _colour_zh(colour: str) -> str:
    """A colour's Chinese name with 色 (红色, 紫色 …)."""
    return COLOUR_ZH[colour] + "色"


def _exactly_k_bag(rng: random.Random) -> dict[str, Any]:
    colour, other = rng.sample(COLOURS, 2)
    bag = {colour: rng.randint(3, 8), other: rng.randint(6, 14)}
    draws = rng.randint(4, min(10, sum(bag.values()) - 1))
    k = rng.randint(1, min(draws, bag[colour]) - 1) if min(draws, bag[colour]) > 1 else 1
    return {"bag": bag, "draws": draws, "colour": colour, "colour_zh": _colour_zh(colour), "k": k}


def _binomial(p: Any) -> Fraction:
    """The with-replacement (binomial) answer: the slip of putting every token back."""
    share = Fraction(p["bag"][p["colour"]], sum(p["bag"].values()))
    return comb(p["draws"], p["k"]) * share ** p["k"] * (1 - share) ** (p["draws"] - p["k"])


number("37-1", L37, "A bag holds {bag} and a round draws {draws} tokens without putting any back. What is the chance that "
       "exactly {k} {colour} tokens are drawn?",
       "布袋里有 {bag}，一轮不放回地抽 {draws} 枚。恰好抽出 {k} 枚{colour_zh}代币的概率是多少？",
       lambda p: count_distribution(p["bag"], p["draws"], p["colour"])[p["k"]],
       ["Choose which k of the colour's tokens are drawn, and which of the other tokens fill the rest.",
        "comb(K, k) × comb(N − K, draws − k) ÷ comb(N, draws)."],
       ["先选出抽到的是这种颜色里的哪 k 枚，再从其他代币里选出剩下的几枚。",
        "comb(K, k) × comb(N − K, 抽出数 − k) ÷ comb(N, 抽出数)。"],
       defaults={"bag": dict(DEFAULT_BAG), "draws": 10, "colour": "red", "colour_zh": "红色", "k": 3},
       personal=_exactly_k_bag,
       mistakes=lambda p: [(_binomial(p), "that is the binomial answer, as if every token were put back before the next "
                            "draw; in a round the tokens stay out, so count with combinations.",
                            "这是二项分布的答案，好像每抽一枚都放回去了；但一轮里抽出的代币不放回，要用组合数来数。")])


def _mean_bag(rng: random.Random) -> dict[str, Any]:
    bag = {c: rng.randint(2, 8) for c in rng.sample(COLOURS, 3)}
    colour = rng.choice(sorted(bag))
    return {"bag": bag, "draws": rng.randint(3, sum(bag.values()) - 1), "colour": colour, "colour_zh": _colour_zh(colour)}


number("37-2", L37, "A bag holds {bag} and a round draws {draws} tokens. How many {colour} tokens are drawn on average "
       "(the expected number)? Use linearity, not the distribution.",
       "布袋里有 {bag}，一轮抽 {draws} 枚。平均能抽出几枚{colour_zh}代币（期望）？用期望的线性性质，不必求分布。",
       lambda p: count_mean(p["bag"], p["draws"], p["colour"]),
       ["Each token drawn is that colour with chance K ÷ N.", "Add that chance once for every token drawn: draws × K ÷ N."],
       ["抽出的每一枚是这种颜色的概率都是 K ÷ N。", "每抽一枚就加一次这个概率：抽出数 × K ÷ N。"],
       defaults={"bag": dict(DEFAULT_BAG), "draws": 10, "colour": "yellow", "colour_zh": "黄色"},
       personal=_mean_bag,
       mistakes=lambda p: [(p["bag"][p["colour"]], "that is how many are in the bag; only part of the bag is drawn.",
                            "这是布袋里的枚数；一轮只抽出布袋的一部分。")])

PREDICT_ROUNDS_37 = 2_000
PREDICT_DRAWS_37 = 15


@cache
def both_purple_share(rounds: int = PREDICT_ROUNDS_37, draws: int = PREDICT_DRAWS_37, seed: int = 37) -> float:
    """The share of ``rounds`` simulated rounds of ``draws`` tokens (game bag, seeded) that draw both purple tokens."""
    counts = simulate_counts(None, draws, "purple", rounds, seed=seed)
    return round(sum(1 for k in counts if k == 2) / rounds, 3)


predict("37-3", L37, f"A round now draws {PREDICT_DRAWS_37} of the 20 tokens, so the mean is 1.5 purple. Before the "
        f"simulation: in what share of {PREDICT_ROUNDS_37:,} such rounds are both purple tokens drawn?",
        f"现在一轮从 20 枚里抽 {PREDICT_DRAWS_37} 枚，所以平均抽出 1.5 枚紫色。模拟之前先猜：这样的 {PREDICT_ROUNDS_37} 轮里，"
        "有多大比例两枚紫色都被抽出？",
        lambda p: both_purple_share(),
        ["A mean of 1.5 does not make 1 and 2 equally likely: with 15 of 20 drawn, each purple is left in the bag "
         "only 1 time in 4."],
        ["期望是 1.5，并不说明 1 枚和 2 枚一样可能：从 20 枚里抽 15 枚，每枚紫色留在布袋里的机会只有四分之一。"],
        tolerance=0.05)
choice("37-4", L37, "With the game's bag a round draws 1.5 yellow tokens on average (10 × 3/20). What does that mean?",
       "用游戏的布袋，一轮平均抽出 1.5 枚黄色代币（10 × 3/20）。这是什么意思？", (
           Option("a", "Over many rounds the yellow tokens drawn add up to about 1.5 per round, though no round draws 1.5.",
                  "很多轮下来，抽出的黄色代币平均每轮约 1.5 枚，虽然没有哪一轮能抽出 1.5 枚。", correct=True,
                  why="An expected value is a long-run average; it need not be a possible count.",
                  why_zh="期望是长期的平均值，不一定是某一轮真能出现的枚数。"),
           Option("b", "The likeliest count is 2, because 1.5 rounds up to 2.",
                  "最可能的枚数是 2，因为 1.5 四舍五入是 2。",
                  why="the mean is not the likeliest value: here 1 and 2 yellow are exactly as likely (mean = mode)",
                  why_zh="平均值不是最可能的值：这里 1 枚和 2 枚黄色的概率完全相同（把期望当成众数）"),
           Option("c", "It is wrong: half a token cannot be drawn, so the mean must be 1 or 2.",
                  "这不对：不可能抽出半枚代币，所以平均值只能是 1 或 2。",
                  why="a mean need not be a value that can happen (the mean must be a possible outcome)",
                  why_zh="平均值不必是真能出现的值（以为期望一定是可能的结果）"),
           Option("d", "Every round draws 1 or 2 yellow tokens.", "每一轮都会抽出 1 枚或 2 枚黄色代币。",
                  why="0 and 3 yellow happen too; the mean says nothing about every single round (average = always)",
                  why_zh="0 枚和 3 枚黄色也会出现；平均值不能说明每一轮的情况（把平均当成每次都这样）"),
       ))


def lesson37_state() -> Any:
    """The lesson's Splendor position (lesson 36's): seat 0 has caught Charmander and Squirtle (seed 5)."""
    from pokelab.teaching.exercises.probability_b import lesson36_state

    return lesson36_state()


def legendary_in_deck_37() -> list[int]:
    """The legendary cards (传说) still in the face-down deck of the lesson's position."""
    from pokelab.teaching.exercises.probability_b import legendary_in_deck

    return legendary_in_deck(lesson37_state())


def _legendary_within(p: Any) -> Fraction:
    from pokelab.odds import splendor_appears_within

    return splendor_appears_within(lesson37_state(), legendary_in_deck_37(), p["refills"])


number("37-5", L37, "In the Splendor position of the lesson, how many legendary cards do you expect among the next {refills} "
       "refills?", "在本课的璀璨宝石局面里，接下来 {refills} 次补牌中，平均会出现几张传说卡？",
       lambda p: splendor_count_mean(lesson37_state(), legendary_in_deck_37(), p["refills"]),
       ["Each refill turns up a legendary card with chance (legendary cards in the deck) ÷ (deck size).",
        "refills × k ÷ D."],
       ["每次补牌翻出传说卡的概率都是 牌堆里的传说卡数 ÷ 牌堆张数。", "补牌次数 × k ÷ D。"],
       defaults={"refills": 10}, personal=lambda rng: {"refills": rng.randint(4, 25)},
       mistakes=lambda p: [(_legendary_within(p), "that is the chance of at least one legendary card, not how many to "
                            "expect.", "这是至少出现一张传说卡的概率，不是平均会出现几张。")])
explain("37-6", L37, "Why is the expected number of purple tokens in a round exactly 1, without working out the distribution?",
        "为什么不用求分布，就能知道一轮平均抽出的紫色代币恰好是 1 枚？",
        "Look at the 10 draws one at a time: each token drawn is purple with chance 2/20 = 1/10, whatever the others are. "
        "The expected count is the sum of these chances (linearity of expectation holds even though the draws depend "
        "on each other): 10 × 1/10 = 1.",
        "把 10 次抽取一次一次地看：每抽出一枚，它是紫色的概率都是 2/20 = 1/10，不管别的几枚是什么。期望枚数就是这些概率加起来"
        "（即使每次抽取互相不独立，期望的线性性质照样成立）：10 × 1/10 = 1。",
        [Idea("each draw on its own", "每一次抽取单独看", ("each", "every draw", "one at a time", "position", "每", "每一次", "每一枚")),
         Idea("the chance 2/20 for each", "每次的概率都是 2/20", ("2/20", "1/10", "0.1", "K/N", "2 ÷ 20")),
         Idea("add them up (linearity)", "加起来（线性性质）", ("add", "sum", "linear", "10 ×", "10 x", "加", "线性"))])

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
    return en.format(c=colour), zh.format(z=_colour_zh(colour))


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
