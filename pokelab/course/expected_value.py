"""Lesson 33, expected value and discards: its exercises."""

from __future__ import annotations

import random
from typing import Any

from pokelab.course._build import choice, number, value
from pokelab.course.herecomes_rounds import draw_tokens
from pokelab.course.registry import Option
from pokelab.herecomes import TARGETS
from pokelab.odds import advise_discard, probability

L33 = "probability/33-expected-value-and-discards.ipynb"

# -- 33 expected value ---------------------------------------------------------------------------

_PLAIN = sorted(t for t, card in TARGETS.items() if card.kind != "legend")
number("33-1", L33, "Card {card} is worth how many expected points on its own, before anything is drawn?",
       "在还没抽之前，{card} 这张卡单独的期望分是多少？",
       lambda p: probability(TARGETS[p["card"]].condition) * TARGETS[p["card"]].points,
       ["Probability × points.", "card_table() lists the probability of every card."],
       ["概率 × 分数。", "card_table() 列出了每张卡的概率。"],
       defaults={"card": "G01"}, personal=lambda rng: {"card": rng.choice(_PLAIN)},
       mistakes=lambda p: [(probability(TARGETS[p["card"]].condition), "that is the probability alone; multiply by the points.",
                            "这只是概率；还要乘以分数。")])


def _hand(rng: random.Random) -> dict[str, Any]:
    return {"hand": tuple(sorted(rng.sample(_PLAIN, 5))), "shown": draw_tokens(rng, 4)}


def _best_discards(p: Any) -> set[str]:
    advice = advise_discard([TARGETS[c] for c in p["hand"]], p["shown"])
    return {o.card.id for o in advice.options if o.value == advice.value}


value("33-2", L33, "You hold {hand}; wave 1 showed {shown}. Which card does the kit advise you to discard? (an id like 'G05')",
      "你手里有 {hand}；第一波抽出了 {shown}。参谋建议你弃掉哪张？（像 'G05' 这样的编号）", _best_discards,
      ["Call advise_discard([TARGETS[c] for c in task.hand], task.shown).", "Its .discard is a card; its .id is the answer."],
      ["调用 advise_discard([TARGETS[c] for c in task.hand], task.shown)。", "它的 .discard 是一张卡；.id 就是答案。"],
      member=True, defaults={"hand": ("G01", "G13", "O07", "O16", "P01"), "shown": ("red", "green", "green", "blue")},
      personal=_hand)
choice("33-3", L33, "Card A comes true with chance 0.3 and is worth 1 point; card B comes true with chance 0.1 and is "
       "worth 5 points. Which has the higher expected value?",
       "A 卡实现的概率是 0.3，值 1 分；B 卡实现的概率是 0.1，值 5 分。哪张的期望值更高？", (
           Option("a", "Card A: it comes true more often.", "A 卡：它更常实现。",
                  why="expected value is not the most likely outcome: 0.3 × 1 = 0.3 is less than 0.1 × 5 = 0.5 (EV = most likely)",
                  why_zh="期望值不是最可能的结果：0.3 × 1 = 0.3 小于 0.1 × 5 = 0.5（把期望值当成最可能）"),
           Option("b", "Card B: 0.1 × 5 = 0.5 beats 0.3 × 1 = 0.3.", "B 卡：0.1 × 5 = 0.5 大于 0.3 × 1 = 0.3。", correct=True,
                  why="Probability × points.", why_zh="概率 × 分数。"),
           Option("c", "Neither: you cannot compare a likely card with a valuable one.", "都不是：可能的卡和值钱的卡没法比较。",
                  why="expected value puts both on one scale: average points per round",
                  why_zh="期望值把两者放在同一个尺度上：每轮平均得分"),
       ))
