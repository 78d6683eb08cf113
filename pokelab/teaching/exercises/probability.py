"""Exercises of the probability lessons 30–33: counting, never/all, conditional odds, expected value."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS, AllDrawn, LastIs, NeverDrawn
from pokelab.odds import advise_discard, probability
from pokelab.teaching.exercises._build import choice, explain, number, predict, value
from pokelab.teaching.exercises.herecomes import draw_tokens
from pokelab.teaching.registry import Idea, Option

L30 = "probability/30-counting-and-the-last-token.ipynb"
L31 = "probability/31-never-and-all.ipynb"
L32 = "probability/32-conditional-probability-waves.ipynb"
L33 = "probability/33-expected-value-and-discards.ipynb"

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
