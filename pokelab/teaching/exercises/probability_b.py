"""Exercises of the probability lessons 34–36: large numbers, fair scoring, deck odds in Splendor."""

from __future__ import annotations

from functools import cache
from typing import Any

import pandas as pd

from pokelab.herecomes import LastIs, NeverDrawn
from pokelab.odds import card_table, estimate, probability
from pokelab.teaching.exercises._build import choice, explain, number, predict, value
from pokelab.teaching.registry import Idea, Option

L34 = "probability/34-law-of-large-numbers.ipynb"
L35 = "probability/35-is-the-scoring-fair.ipynb"
L36 = "probability/36-deck-odds-in-splendor.ipynb"

# -- 34 the law of large numbers -----------------------------------------------------------------

Z95 = 1.959963984540054


def _rounds_for_width(p: Any) -> int:
    exact = float(probability(NeverDrawn("purple")))
    return round((2 * Z95) ** 2 * exact * (1 - exact) / p["width"] ** 2)


number("34-1", L34, "Roughly how many rounds do you need so that the 95% interval for P(no purple) is about {width} wide? "
       "Any answer within 20% counts.", "大约要多少轮，P(没有紫色) 的 95% 置信区间才会只有 {width} 宽？误差 20% 以内都算对。",
       _rounds_for_width, ["Use width ≈ c / √n with c from the table, and solve for n.", "n = (c / width)²."],
       ["用表里的 c 和 宽度 ≈ c / √n，解出 n。", "n = (c / 宽度)²。"], relative=0.2,
       defaults={"width": 0.01}, personal=lambda rng: {"width": rng.choice([0.005, 0.008, 0.01, 0.02, 0.025])})
number("34-2", L34, "Estimate P(the last token is purple) from the simulation (within 0.01 of the exact value).",
       "用模拟来估计 P(最后一枚是紫色)（和精确值相差 0.01 以内）。", lambda p: probability(LastIs("purple")),
       ["Compare `last` with COLOURS.index('purple').", "Take the mean of the True/False array."],
       ["把 `last` 和 COLOURS.index('purple') 比较。", "对 True/False 数组取平均。"], tolerance=0.01)


@cache
def interval_coverage(experiments: int = 300, rounds: int = 200) -> float:
    """The share of ``experiments`` Wilson 95% intervals (``rounds`` each) that contain the exact P(no purple)."""
    exact = probability(NeverDrawn("purple"))
    trials = [estimate(NeverDrawn("purple"), n=rounds, seed=s) for s in range(experiments)]
    return sum(t.low <= exact <= t.high for t in trials) / experiments


predict("34-3", L34, "Before the experiment: 300 small experiments of 200 rounds each build a 95% interval each. "
        "What share of the intervals will contain the exact value?",
        "实验之前先猜：做 300 次小实验，每次 200 轮，各得一个 95% 置信区间。有多大比例的区间会包含精确值？",
        lambda p: interval_coverage(), ["A 95% interval is built to catch the truth about 95 times in 100."],
        ["95% 置信区间的设计就是大约 100 次里有 95 次包含真实值。"], tolerance=0.03)

# -- 35 is the scoring fair? ---------------------------------------------------------------------


def plain_cards() -> pd.DataFrame:
    """The card table without the legend cards (they win outright and are valued apart)."""
    table = card_table()
    return table[table.kind != "legend"].copy()


def designed_points(target: float, cards: pd.DataFrame | None = None) -> pd.Series:
    """Points by the designer's rule ``round(target ÷ p)``, at least 1, for every non-legend card."""
    cards = plain_cards() if cards is None else cards
    return (target / cards["p"]).round().clip(lower=1).astype(int)


def unfairness(expected_points: pd.Series) -> float:
    """Coefficient of variation of the cards' expected points (standard deviation ÷ mean): 0 is perfectly fair."""
    values = expected_points.astype(float)
    return round(float(values.std(ddof=0) / values.mean()), 3)


TARGETS_35 = (0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5)


def _best_deals(_: Any) -> set[str]:
    cards = plain_cards()
    return set(cards.loc[cards["expected_points"] == cards["expected_points"].max(), "id"])


value("35-1", L35, "Which card id is the best deal (highest expected points) among the cards other than Mew and Mewtwo? (If several tie, "
      "any of them counts.)", "在梦幻/超梦卡以外的卡里，哪张卡最划算（期望分最高）？（如果并列，任何一张都算对。）", _best_deals,
      ["Sort `cards` by expected_points.", "cards.loc[cards['expected_points'].idxmax(), 'id']"],
      ["按 expected_points 给 `cards` 排序。", "cards.loc[cards['expected_points'].idxmax(), 'id']"], member=True)


def _designed(p: Any) -> int:
    cards = plain_cards()
    return int(designed_points(p["target"], cards)[cards["id"] == p["card"]].iloc[0])


number("35-2", L35, "With the rule points = round({target} ÷ p), at least 1, how many points would card {card} be worth?",
       "按规则 分数 = round({target} ÷ p)（至少 1 分），{card} 这张卡值几分？", _designed,
       ["Find the card's p in the table, then target ÷ p.", "Round to the nearest whole number."],
       ["在表里找到这张卡的 p，再算 target ÷ p。", "四舍五入到整数。"],
       defaults={"target": 0.25, "card": "P01"},
       personal=lambda rng: {"target": rng.choice(TARGETS_35), "card": rng.choice(sorted(plain_cards()["id"]))})


def _fairest(_: Any) -> set[float]:
    scores = {t: unfairness(designed_points(t) * plain_cards()["p"]) for t in TARGETS_35}
    best = min(scores.values())
    return {t for t, s in scores.items() if s == best}


value("35-3", L35, "Which target among {targets} gives the fairest points by the coefficient of variation?",
      "在 {targets} 里，按变异系数，哪个目标值给出的分数最公平？", _fairest,
      ["Compute unfairness(designed_points(t) * cards['p']) for each t.", "Pick the t where it is smallest."],
      ["对每个 t 计算 unfairness(designed_points(t) * cards['p'])。", "选最小的那个 t。"], member=True,
      defaults={"targets": TARGETS_35})
choice("35-4", L35, "Why is best ÷ worst a crude measure of fairness?", "为什么用 最好 ÷ 最差 来衡量公平很粗糙？", (
    Option("a", "It looks at two cards only; one odd card moves it, whatever the other 54 do.",
           "它只看两张卡；一张特别的卡就能改变它，不管其他 54 张怎样。", correct=True,
           why="The coefficient of variation uses every card.", why_zh="变异系数用到了每一张卡。"),
    Option("b", "Ratios cannot be used for probabilities.", "概率不能用比值。",
           why="ratios of expected points are fine; the trouble is which numbers go into this one",
           why_zh="期望分的比值没问题；问题在于用了哪些数"),
    Option("c", "The most likely card should always be the best deal.", "最可能实现的卡就应该最划算。",
           why="a fair deck makes probability × points equal, not the likeliest card the best (EV = most likely)",
           why_zh="公平的牌组让 概率 × 分数 相等，而不是让最可能的卡最划算（把期望值当成最可能）"),
))
explain("35-5", L35, "Why can a small target make the scoring less fair?", "为什么目标值太小会让计分更不公平？",
        "With a small target, target ÷ p is below 1.5 for many cards, so they all round to the minimum of 1 point; "
        "likely cards then earn far more per round than rarer ones, and the expected points spread out.",
        "目标值小的时候，很多卡的 target ÷ p 都小于 1.5，全被取整成最低的 1 分；这样容易实现的卡每轮得分比难的卡多得多，期望分就分散了。",
        [Idea("rounding to whole points", "取整成整数分", ("round", "whole", "取整", "整数")),
         Idea("the minimum of 1 point", "最低 1 分", ("1 point", "one point", "minimum", "at least 1", "1 分", "最低")),
         Idea("likely cards earn more", "容易的卡得分更多", ("likely", "common", "more per round", "容易", "更多"))])

# -- 36 deck odds in Splendor --------------------------------------------------------------------


def lesson36_state() -> Any:
    """The lesson's position: seat 0 has caught Charmander and Squirtle (seed 5)."""
    from pokelab.splendor import scenario

    return scenario(2, captured={0: ["Charmander", "Squirtle"]}, seed=5)


@cache
def _deck_names() -> list[str]:
    from pokelab.odds import splendor_unseen
    from pokelab.splendor import CARDS

    deck = splendor_unseen(lesson36_state())
    return sorted(c.name_en for c in CARDS.values() if c.id in deck and c.stage >= 1)


def _within(p: Any) -> Any:
    from pokelab.odds import splendor_appears_within
    from pokelab.splendor import card_by_name

    return splendor_appears_within(lesson36_state(), card_by_name(p["card"]), p["refills"])


number("36-1", L36, "What is the chance that {card} appears within the next {refills} refills?",
       "{card} 在接下来 {refills} 次补牌之内出现的概率是多少？", _within,
       ["One card is equally likely to be at any position of the deck.", "refills ÷ the number of cards in the deck."],
       ["一张卡在牌堆里的任何位置都同样可能。", "补牌次数 ÷ 牌堆里的牌数。"],
       defaults={"card": "Charmeleon", "refills": 5},
       personal=lambda rng: {"card": rng.choice(_deck_names()), "refills": rng.randint(3, 20)})


def legendary_in_deck(state: Any) -> list[int]:
    """The legendary cards still in the face-down deck of ``state``."""
    from pokelab.odds import splendor_unseen
    from pokelab.splendor import CARDS

    deck = splendor_unseen(state)
    return [c.id for c in CARDS.values() if c.tier == "legendary" and c.id in deck]


def _half(_: Any) -> int:
    from pokelab.odds import splendor_appears_within, splendor_unseen

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

