"""Lesson 32, conditional probability over the waves: its exercises."""

from __future__ import annotations

from pokelab.course._build import choice, number, predict
from pokelab.course.herecomes_rounds import draw_tokens
from pokelab.course.registry import Option
from pokelab.herecomes import COLOURS, AllDrawn, LastIs
from pokelab.odds import probability

L32 = "probability/32-conditional-probability-waves.ipynb"

# -- 32 conditional probability ------------------------------------------------------------------

_WAVE_2 = ("green", "red", "red", "yellow", "blue", "red", "green")
number("32-1", L32, "After wave 2 the seven tokens shown are {shown}. What is the chance the last token is {colour}?",
       "第二波之后，已经抽出的 7 枚是 {shown}。最后一枚是 {colour} 的概率是多少？",
       lambda p: probability(LastIs(p["colour"]), shown=p["shown"]),
       ["Take the 7 shown tokens out of the bag.", "Tokens of that colour left ÷ tokens left."],
       ["把抽出的 7 枚从布袋里拿走。", "剩下的这种颜色 ÷ 剩下的代币数。"],
       defaults={"shown": _WAVE_2, "colour": "blue"},
       personal=lambda rng: {"shown": draw_tokens(rng, 7), "colour": rng.choice(COLOURS)})
number("32-2", L32, "After wave 2 the seven tokens shown are {shown}. Give the ratio P(all purple | shown) ÷ P(all purple).",
       "第二波之后，已经抽出的 7 枚是 {shown}。求比值 P(全部紫色 | 已抽出) ÷ P(全部紫色)。",
       lambda p: probability(AllDrawn("purple"), shown=p["shown"]) / probability(AllDrawn("purple")),
       ["Use probability(AllDrawn('purple'), shown=...) and probability(AllDrawn('purple')).", "Divide the first by the second."],
       ["用 probability(AllDrawn('purple'), shown=...) 和 probability(AllDrawn('purple'))。", "第一个除以第二个。"],
       defaults={"shown": _WAVE_2}, personal=lambda rng: {"shown": draw_tokens(rng, 7)})
_five_red = probability(LastIs("red"), shown=("red",) * 5) < probability(LastIs("red"))
choice("32-3", L32, "Five red tokens have been shown. Compared with before the round, the last token is now…",
       "已经抽出了五枚红色。和这一轮开始前相比，最后一枚现在是红色的可能性……", (
           Option("a", "more likely to be red: red is on a streak.", "更大：红色正在连续出现。",
                  why="a streak does not make a colour hot; the tokens are not put back (the hot-hand idea)",
                  why_zh="连续出现不会让颜色变「热」；代币不会放回（「手热」的想法）"),
           Option("b", "equally likely: the bag has no memory.", "一样：布袋没有记忆。",
                  why="that holds when tokens are put back; here each red drawn leaves fewer reds in the bag (ignoring the condition)",
                  why_zh="放回时才是这样；这里每抽出一枚红色，布袋里的红色就少一枚（忽略了条件）"),
           Option("c", "less likely to be red.", "更小。", correct=_five_red,
                  why="Each red drawn leaves fewer reds in the bag.", why_zh="每抽出一枚红色，布袋里的红色就少一枚。"),
       ))
predict("32-4", L32, "Before you look at the table: after three red tokens have been shown, what is the chance the last token is red?",
        "先别看表：已经抽出三枚红色之后，最后一枚是红色的概率是多少？",
        lambda p: probability(LastIs("red"), shown=("red",) * 3),
        ["Reds left ÷ tokens left: 3 of the 6 reds and 3 of the 20 tokens are gone."],
        ["剩下的红色 ÷ 剩下的代币：6 枚红色和 20 枚代币里都少了 3 枚。"], tolerance=0.03)
