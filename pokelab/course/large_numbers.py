"""Lesson 34, the law of large numbers: its exercises."""

from __future__ import annotations

from functools import cache
from typing import Any

from pokelab.course._build import number, predict
from pokelab.herecomes import LastIs, NeverDrawn
from pokelab.odds import estimate, probability

L34 = "probability/34-law-of-large-numbers.ipynb"

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
