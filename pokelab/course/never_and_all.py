"""Lesson 31, "never" and "all": its exercises."""

from __future__ import annotations

import random
from typing import Any

from pokelab.course._build import choice, explain, number
from pokelab.course.registry import Idea, Option
from pokelab.herecomes import COLOURS, AllDrawn, NeverDrawn
from pokelab.odds import probability

L31 = "probability/31-never-and-all.ipynb"

# -- 31 never and all ----------------------------------------------------------------------------

number("31-1", L31, "What is the chance that at least one {colour} token is drawn? Use the complement.",
       "至少抽出一枚 {colour} 代币的概率是多少？用对立事件。", lambda p: 1 - probability(NeverDrawn(p["colour"])),
       ["First find P(no token of that colour): choose all 10 tokens from the others.", "Then take 1 minus that."],
       ["先求 P(一枚也没有)：10 枚全从别的颜色里选。", "再用 1 减去它。"],
       defaults={"colour": "red"}, personal=lambda rng: {"colour": rng.choice(COLOURS)},
       mistakes=lambda p: [(probability(NeverDrawn(p["colour"])), "that is P(none): the question asks for the opposite.",
                            "这是 P(一枚也没有)：题目问的是它的反面。")])
number("31-2", L31, "What is the chance that every {colour} token is drawn? Count with comb.",
       "所有 {colour} 代币都被抽出的概率是多少？用 comb 数。", lambda p: probability(AllDrawn(p["colour"])),
       ["All tokens of that colour are in the set; in how many ways can the rest of the 10 come from the other tokens?",
        "Divide by comb(20, 10)."],
       ["这种颜色的代币全在里面；剩下的几枚从其他代币里选，有多少种选法？", "再除以 comb(20, 10)。"],
       defaults={"colour": "yellow"}, personal=lambda rng: {"colour": rng.choice(COLOURS)})


def _never_bag(rng: random.Random) -> dict[str, Any]:
    total = rng.randint(14, 24)
    return {"total": total, "purple": rng.randint(1, 4), "draws": rng.choice([d for d in range(6, total - 2) if 2 * d != total])}


number("31-3", L31, "A bag of {total} tokens holds {purple} purple; a round draws {draws}. What is P(no purple)?",
       "一个布袋有 {total} 枚代币，其中 {purple} 枚紫色；一轮抽 {draws} 枚。P(没有紫色) 是多少？",
       lambda p: probability(NeverDrawn("purple"), bag={"purple": p["purple"], "red": p["total"] - p["purple"]},
                             draws=p["draws"]),
       ["Choose all the drawn tokens from the non-purple ones: comb(non-purple, draws).", "Divide by comb(total, draws)."],
       ["抽出的代币全从非紫色里选：comb(非紫色数, 抽的枚数)。", "再除以 comb(总数, 抽的枚数)。"],
       defaults={"total": 20, "purple": 2, "draws": 12}, personal=_never_bag)
_twelve = probability(NeverDrawn("purple"), draws=12), probability(AllDrawn("purple"), draws=12)
choice("31-4", L31, "A round draws 12 of the 20 tokens. How do P(no purple) and P(every purple) compare?",
       "一轮从 20 枚里抽 12 枚。P(没有紫色) 和 P(全部紫色) 比起来怎样？", (
           Option("a", "They are equal: never and all are always mirror images.", "一样大：「没有」和「全部」总是互为镜像。",
                  correct=_twelve[0] == _twelve[1],
                  why="the mirror trick needs the drawn half and the left-over half to be the same size (10 of 20)",
                  why_zh="镜像的技巧要求抽出的一半和剩下的一半一样大（20 枚抽 10 枚）"),
           Option("b", "P(no purple) is larger.", "P(没有紫色) 更大。", correct=_twelve[0] > _twelve[1],
                  why="drawing more tokens makes it harder to miss every purple, not easier",
                  why_zh="抽得越多，越难躲开所有紫色，而不是越容易"),
           Option("c", "P(every purple) is larger.", "P(全部紫色) 更大。", correct=_twelve[1] > _twelve[0],
                  why="with fewer draws than half the bag, missing purple would be the likelier one",
                  why_zh="如果抽的少于半袋，躲开紫色才更可能"),
       ))
explain("31-5", L31, "Why are P(no purple) and P(every purple) equal when exactly 10 of the 20 tokens are drawn?",
        "为什么 20 枚里正好抽 10 枚时，P(没有紫色) 和 P(全部紫色) 相等？",
        "A round splits the bag into two halves of 10: drawn and left over. Swapping the names of the halves gives "
        "another equally likely split. 'No purple drawn' is 'every purple left over', which by the swap is as likely as "
        "'every purple drawn'. The trick needs the two halves to be the same size.",
        "一轮把布袋分成两个 10 枚的一半：抽出的和剩下的。交换两半的名字，得到同样可能的另一种分法。「没有抽出紫色」就是「紫色全在"
        "剩下的一半」，交换之后和「紫色全被抽出」一样可能。这个技巧要求两半一样大。",
        [Idea("two halves of the bag", "布袋的两半", ("half", "halves", "一半", "两半")),
         Idea("swapping drawn and left over", "交换抽出的和剩下的", ("swap", "exchange", "mirror", "交换", "对调")),
         Idea("the halves are the same size", "两半一样大", ("same size", "equal size", "10 of 20", "一样大", "10"))])
