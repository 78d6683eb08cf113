"""Exercises of probability lesson 43: thinking ahead, expectimax by hand, and the Wilson interval by hand."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache
from statistics import NormalDist
from typing import Any

from pokelab.herecomes.bag import COLOUR_ZH, COLOURS
from pokelab.odds import advise_discard, probability
from pokelab.odds.expectimax_by_hand import Plan, plan_tree
from pokelab.stats import wilson_interval
from pokelab.teaching.exercises._build import choice, explain, number, predict
from pokelab.teaching.registry import Idea, Option

L43 = "probability/43-thinking-ahead-expectimax-by-hand.ipynb"

#: The lesson's small bag: 2 red, 1 blue, 1 purple; a round draws 1 token, a discard, then 1 last token.
SMALL_BAG_43: dict[str, int] = {"red": 2, "blue": 1, "purple": 1}
WAVES_43: tuple[int, int] = (1, 1)
#: The lesson's hand of three cards, as (condition, points).
HAND_43: tuple[tuple[str, int], ...] = (("last:red", 3), ("last:blue", 2), ("never:blue", 2))
#: Rounds of the lesson's simulation (exercise 43-3) and its seed.
ROUNDS_43, SEED_43 = 200, 43

_KIND = {"last": ("the last token is {c}", "最后一枚是{z}色"), "never": ("no {c} is drawn", "没有抽出{z}色")}


def plan_43() -> Plan:
    """The lesson's small round written out as an expectimax tree."""
    return plan_tree(HAND_43, bag=SMALL_BAG_43, waves=WAVES_43)


@cache
def simulated_points_43() -> tuple[Fraction, ...]:
    """The points of the lesson's seeded simulation: ``ROUNDS_43`` rounds played with the best discards."""
    return plan_43().simulate(ROUNDS_43, seed=SEED_43)


def scoring_share_43() -> float:
    """The share of the simulated rounds that score at all (rounded to 3 decimals)."""
    points = simulated_points_43()
    return round(sum(1 for p in points if p > 0) / len(points), 3)


def _card_words(code: str, points: int) -> tuple[str, str]:
    kind, _, colour = code.partition(":")
    en, zh = _KIND[kind]
    return f"\"{en.format(c=colour)}\" ({points} pts)", f"“{zh.format(z=COLOUR_ZH[colour])}”（{points} 分）"


def _small_round(rng: random.Random) -> dict[str, Any]:
    """A pupil's own small bag, hand of three cards and first token."""
    colours = rng.sample(COLOURS, 3)
    bag = {c: rng.randint(1, 2) for c in colours}
    codes = rng.sample([f"{k}:{c}" for k in ("last", "never") for c in colours], 3)
    hand = [(code, rng.randint(1, 4)) for code in codes]
    first = rng.choice([c for c in colours for _ in range(bag[c])])
    return _round_params(bag, hand, first)


def _round_params(bag: dict[str, int], hand: list[tuple[str, int]], first: str) -> dict[str, Any]:
    words = [_card_words(code, pts) for code, pts in hand]
    bag_zh = "、".join(f"{n} 枚{COLOUR_ZH[c]}色" for c, n in bag.items())
    return {"bag": bag, "hand": hand, "first": first, "first_zh": COLOUR_ZH[first] + "色",
            "bag_en": ", ".join(f"{n} {c}" for c, n in bag.items()), "bag_zh": bag_zh,
            "hand_en": "; ".join(f"{'ABC'[i]} = {w[0]}" for i, w in enumerate(words)),
            "hand_zh": "；".join(f"{'甲乙丙'[i]} = {w[1]}" for i, w in enumerate(words))}


def value_after_first(p: Any) -> Fraction:
    """Expected points once the first token is seen and the best card is discarded."""
    return advise_discard(list(map(tuple, p["hand"])), (p["first"],), bag=p["bag"], waves=WAVES_43,
                          redraw_agree=0).value


def _sum_of_pair(p: Any) -> Fraction:
    """The slip of adding both kept cards' expected points (as if both could score, against HC-R6)."""
    hand = [tuple(c) for c in p["hand"]]
    alone = [probability(code, bag=p["bag"], shown=(p["first"],), draws=2) * pts for code, pts in hand]
    return max(sum(alone) - alone[i] for i in range(len(hand)))


def _slips_43_4(p: Any) -> list[tuple[Any, str, str]]:
    slip = _sum_of_pair(p)
    if slip == value_after_first(p):
        return []
    return [(slip, "you added the expected points of the two cards you keep; at most one card scores in a round "
             "(HC-R6), so when both come true you get only the better one.",
             "你把留下的两张卡的期望分加在一起了；每轮最多只有一张卡得分（HC-R6），两张都达成时也只拿分高的那一张。")]


number("43-4", L43, "A bag holds {bag_en}. A round draws one token, you discard one of your three cards, then the last "
       "token is drawn and your best achieved card scores. Your hand: {hand_en}. The first token is {first}. "
       "With the best discard, how many points do you expect this round?",
       "布袋里有 {bag_zh}。一轮先抽一枚，你从三张卡里弃掉一张，再抽最后一枚，达成的卡里分数最高的那张得分。"
       "你的手牌：{hand_zh}。第一枚是{first_zh}。弃得最好的话，这一轮的期望分是多少？",
       value_after_first,
       ["Try each discard in turn: for the two cards kept, go through every last token the bag can still give.",
        "For each last token, score the better achieved card (only one scores); average with the chances; keep the "
        "best of the three discards. advise_discard(hand, (first,), bag=bag, waves=(1, 1), redraw_agree=0) checks it."],
       ["一张一张地试着弃：对留下的两张卡，把布袋里还可能抽出的每一种最后一枚都过一遍。",
        "每一种最后一枚，只算达成的卡里分高的那一张（只有一张得分）；按概率求平均；三种弃法里取最好的。"
        "可以用 advise_discard(hand, (first,), bag=bag, waves=(1, 1), redraw_agree=0) 验证。"],
       defaults=_round_params({"red": 1, "green": 2, "yellow": 2}, [["never:red", 2], ["last:yellow", 2], ["last:green", 1]], "green"),
       personal=_small_round, mistakes=_slips_43_4)

#: Exercise 43-5's hand (transfer: the lesson's hand with purple in place of blue) and its first token.
HAND_43_5: tuple[tuple[str, int], ...] = (("last:red", 3), ("last:purple", 2), ("never:purple", 2))
FIRST_43_5 = "red"

choice("43-5", L43, "Same small bag (2 red, 1 blue, 1 purple), a new hand: A = \"the last token is red\" (3 pts), "
       "B = \"the last token is purple\" (2 pts), C = \"no purple is drawn\" (2 pts). The first token is red. "
       "Which card should you discard?",
       "还是那个小布袋（2 红、1 蓝、1 紫），换一手牌：甲 =“最后一枚是红色”（3 分），乙 =“最后一枚是紫色”（2 分），"
       "丙 =“没有抽出紫色”（2 分）。第一枚是红色。应该弃掉哪一张？", (
           Option("a", "A, \"the last token is red\" (3 pts), the card worth the most.",
                  "甲，“最后一枚是红色”（3 分），分数最高的那张。", correct=True,
                  why="B and C together score 2 whatever the last token is (purple gives B, red or blue gives C); "
                      "any pair with A has a last token that scores nothing.",
                  why_zh="乙和丙合起来，不管最后一枚是什么都能拿 2 分（紫色让乙达成，红色或蓝色让丙达成）；"
                         "任何一对里只要有甲，总有一种最后一枚让你一分都拿不到。"),
           Option("b", "B, \"the last token is purple\" (2 pts): on its own it has the lowest expected points.",
                  "乙，“最后一枚是紫色”（2 分）：单看它的期望分最低。",
                  why="a hand is not judged card by card: what counts is how the two kept cards cover the last tokens "
                      "together (discard the lowest expected value alone)",
                  why_zh="一手牌不能一张一张地看：要看留下的两张卡合起来能覆盖哪些最后一枚（以为弃单看期望最低的那张就对）"),
           Option("c", "C, \"no purple is drawn\" (2 pts): it can fail, so it is the weakest.",
                  "丙，“没有抽出紫色”（2 分）：它可能失败，所以最弱。",
                  why="every card can fail; what matters is the points the kept pair brings on average "
                      "(the card that can fail is the worst)",
                  why_zh="每张卡都可能失败；要看留下的一对平均能带来多少分（以为会失败的卡就是最差的）"),
           Option("d", "It does not matter: the discard is decided before the round, whatever is drawn.",
                  "无所谓：弃哪张在这一轮开始前就定好了，跟抽出什么无关。",
                  why="the best discard depends on the token just seen (a plan fixed in advance is as good as one that "
                      "waits)",
                  why_zh="最好的弃牌取决于刚刚看到的代币（以为提前定好的计划和看了再定一样好）"),
       ))
predict("43-3", L43, f"Before the simulation: in what share of {ROUNDS_43} rounds of the small game, played with the best "
        "discards, does the hand score at least one point?",
        f"模拟之前先猜：小游戏按最好的弃法玩 {ROUNDS_43} 轮，有多大比例的轮能至少拿到 1 分？",
        lambda p: scoring_share_43(),
        ["Count the ◇ score 0 leaves on the best paths of the outline, and their chances."],
        ["在树形提纲里，沿着最好的弃法，数一数得 0 分（◇ 得分 0）的叶子和它们的概率。"], tolerance=0.05)


def _wilson_counts(rng: random.Random) -> dict[str, Any]:
    n = rng.randint(40, 400)
    return {"n": n, "hits": rng.randint(max(1, n // 2), n - 1)}


def _wald_low(p: Any) -> float:
    share, n = p["hits"] / p["n"], p["n"]
    return share - NormalDist().inv_cdf(0.975) * math.sqrt(share * (1 - share) / n)


number("43-6", L43, "A class played {n} rounds and {hits} of them scored. Work out, with the formula, the lower end of "
       "the 95% Wilson interval for the chance of scoring (z = 1.96).",
       "全班玩了 {n} 轮，其中 {hits} 轮得了分。用公式算出“得分概率”的 95% Wilson 区间的下端（z = 1.96）。",
       lambda p: wilson_interval(p["hits"], p["n"])[0],
       ["p̂ = hits / n. The centre is (p̂ + z²/(2n)) / (1 + z²/n).",
        "The half-width is z·√(p̂(1 − p̂)/n + z²/(4n²)) / (1 + z²/n); the lower end is centre − half-width."],
       ["p̂ = 得分轮数 / n。中心是 (p̂ + z²/(2n)) / (1 + z²/n)。",
        "半宽是 z·√(p̂(1 − p̂)/n + z²/(4n²)) / (1 + z²/n)；下端 = 中心 − 半宽。"],
       defaults={"n": 60, "hits": 51}, personal=_wilson_counts, tolerance=1e-3,
       mistakes=lambda p: [(_wald_low(p), "that is the simple interval p̂ − z·√(p̂(1 − p̂)/n), not Wilson's; "
                            "Wilson's centre moves towards 1/2 and its width has an extra z²/(4n²).",
                            "这是简单区间 p̂ − z·√(p̂(1 − p̂)/n)，不是 Wilson 区间；Wilson 区间的中心会往 1/2 挪，"
                            "半宽里还多了一项 z²/(4n²)。")])
explain("43-1", L43, "Why is deciding after seeing the first token worth more than the best discard chosen before the "
        "round starts?", "为什么看到第一枚再决定弃哪张，比开局前就定好（哪怕定得最好）更值钱？",
        "Each first token makes a different card the best one to drop. Deciding after the token takes the best choice in "
        "every branch, then averages; a discard fixed in advance has to use one choice for every branch, so in some "
        "branches it is not the best. The average of the best choices is at least the best of the averages.",
        "不同的第一枚，会让不同的卡成为最该弃的那张。看了再决定，就是在每一个分支里都选最好的，再求平均；"
        "提前定好的弃法只能在所有分支里用同一种选择，有些分支里它就不是最好的。“先取最好再平均”总是不小于“先平均再取最好”。",
        [Idea("the best discard depends on the token", "最好的弃牌取决于抽出的代币",
              ("depend", "different", "each token", "each branch", "changes", "取决", "不同", "每一个分支", "每个分支")),
         Idea("best in every branch, then average", "每个分支取最好，再平均",
              ("every branch", "each branch", "then average", "best choice", "average of the best", "每一个分支", "再平均",
               "取最好")),
         Idea("a fixed plan cannot adapt", "固定的计划不能随机应变",
              ("fixed", "in advance", "one choice", "same choice", "before", "提前", "同一种", "固定"))])
choice("43-2", L43, "How does the kit's best_discard find the same values as the tree written out by hand, but fast "
       "enough for a whole round?", "套件的 best_discard 和手写出来的树算出的值一样，它凭什么快到能算完整的一轮？", (
           Option("a", "It draws each wave as colour counts (not orders), lumps the colours the hand ignores, and "
                  "remembers positions it has already valued.",
                  "它把每一波看成各颜色的枚数（不管顺序），把手牌不关心的颜色并成一组，并记住已经算过的局面。", correct=True,
                  why="Same tree, same values: only repeated and equivalent nodes are merged.",
                  why_zh="同一棵树、同样的值：只是把重复的、等价的节点合并了。"),
           Option("b", "It plays a few thousand random rounds and keeps the discard that scored most.",
                  "它随机玩几千轮，留下得分最多的那种弃法。",
                  why="the advice is exact fractions, not a simulation's estimate (the kit's advice is a simulation)",
                  why_zh="它给出的是精确的分数，不是模拟出来的估计（以为套件的建议是模拟出来的）"),
           Option("c", "It only looks at the next wave and ignores the later discards.",
                  "它只看下一波，不管后面的弃牌。",
                  why="it looks ahead to the end of the round, every later discard and the redraw included "
                      "(the search is greedy)",
                  why_zh="它一直往前看到这一轮结束，后面的每次弃牌和重抽都算进去了（以为搜索只看一步）"),
           Option("d", "It discards the card with the lowest chance × points on its own.",
                  "它弃掉单看 概率 × 分数 最小的那张。",
                  why="that rule of thumb ignores how the kept cards work together (only one scores) "
                      "(expectimax = lowest expected value)",
                  why_zh="这条经验法则没考虑留下的卡怎样配合（只有一张得分）（把期望最大化搜索当成弃期望最低的那张）"),
       ))
