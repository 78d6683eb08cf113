"""Lesson 35, is the scoring fair?: its exercises."""

from __future__ import annotations

from typing import Any

import pandas as pd

from pokelab.course._build import choice, explain, number, value
from pokelab.course.registry import Idea, Option
from pokelab.odds import card_table

L35 = "probability/35-is-the-scoring-fair.ipynb"

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
