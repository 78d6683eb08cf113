"""Lesson 30, counting and the last token: its exercises."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from pokelab.course._build import explain, number
from pokelab.course.herecomes_rounds import draw_tokens
from pokelab.course.registry import Idea
from pokelab.herecomes import COLOURS, DEFAULT_BAG, LastIs
from pokelab.odds import probability

L30 = "probability/30-counting-and-the-last-token.ipynb"

# -- 30 counting and the last token --------------------------------------------------------------

number("30-1", L30, "With the default bag, what is the chance that the last token is {colour}?",
       "用默认布袋，最后一枚是 {colour} 的概率是多少？", lambda p: probability(LastIs(p["colour"])),
       ["Count the tokens of that colour in the bag.", "Divide by the number of tokens in the whole bag, not by the 10 drawn."],
       ["数一数布袋里这种颜色的代币。", "除以整个布袋的代币数，而不是抽出的 10 枚。"],
       defaults={"colour": "yellow"}, personal=lambda rng: {"colour": rng.choice(COLOURS)},
       mistakes=lambda p: [(Fraction(DEFAULT_BAG[p["colour"]], 10),
                            "you divided by the 10 tokens drawn; the last token can be any of the bag's tokens.",
                            "你除以了抽出的 10 枚；最后一枚可以是布袋里的任何一枚。")])
number("30-2", L30, "Wave 1 showed {shown}. What is the chance now that the last token is {colour}?",
       "第一波抽出了 {shown}。现在最后一枚是 {colour} 的概率是多少？",
       lambda p: probability(LastIs(p["colour"]), shown=p["shown"]),
       ["How many tokens of that colour are still in the bag?", "How many tokens are still in the bag in all?"],
       ["布袋里还剩几枚这种颜色？", "布袋里一共还剩几枚？"],
       defaults={"shown": ("red", "red", "purple", "blue"), "colour": "red"},
       personal=lambda rng: {"shown": draw_tokens(rng, 4), "colour": rng.choice(COLOURS)})


def _small_bag(rng: random.Random) -> dict[str, Any]:
    colour, other = rng.sample(COLOURS, 2)
    return {"bag": {other: rng.randint(8, 18), colour: rng.randint(2, 7)}, "colour": colour}


number("30-3", L30, "A teacher's bag holds {bag}. What is the chance that the last of the 10 tokens drawn is {colour}?",
       "老师的布袋里有 {bag}。抽 10 枚时，最后一枚是 {colour} 的概率是多少？",
       lambda p: probability(LastIs(p["colour"]), bag=p["bag"]),
       ["Tokens of that colour ÷ all tokens in this bag.", "Try the kit: probability(LastIs(colour), bag=...)."],
       ["这种颜色的代币 ÷ 这个布袋里的全部代币。", "用工具试试：probability(LastIs(colour), bag=...)。"],
       defaults={"bag": {"red": 16, "purple": 4}, "colour": "purple"}, personal=_small_bag)
explain("30-4", L30, "Why is the chance that the last token is purple the same as the chance that the first token is purple?",
        "为什么最后一枚是紫色的概率和第一枚是紫色的概率一样？",
        "Shuffle all 20 tokens into a row and draw the first 10 in order. Every token is equally likely to sit in any "
        "position of the row, so the 10th position (the last token drawn) is like the 1st: purple lands there with "
        "chance purple tokens ÷ all tokens = 2/20.",
        "把 20 枚代币洗成一排，按顺序抽前 10 枚。每一枚代币出现在任何位置的可能性都一样，所以第 10 个位置（最后抽出的）和第 1 个"
        "位置一样：紫色在那里的概率是 紫色数 ÷ 总数 = 2/20。",
        [Idea("every position is alike", "每个位置都一样", ("equally likely", "any position", "same chance", "每个位置", "一样")),
         Idea("a shuffled row of all the tokens", "全部代币洗成一排", ("shuffle", "row", "order", "洗", "一排")),
         Idea("purple ÷ all", "紫色数 ÷ 总数", ("2/20", "1/10", "÷", "divide", "share", "除"))])
