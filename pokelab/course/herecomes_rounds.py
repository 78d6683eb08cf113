"""Exercises of the start page (00) and the Here Comes Pokémon! lessons (20, 21)."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from pokelab.course._build import board, choice, number, value
from pokelab.course.registry import Option
from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS, WAVES, LastIs, result
from pokelab.odds import probability
from pokelab.sim import play

L00 = "00-start-here.ipynb"
L20 = "herecomes/20-a-round-step-by-step.ipynb"
L21 = "herecomes/21-full-game-with-odds.ipynb"


def draw_tokens(rng: random.Random, n: int, bag: Any = DEFAULT_BAG) -> tuple[str, ...]:
    """``n`` tokens drawn from ``bag`` without putting back (a student's own wave)."""
    tokens = [c for c, k in bag.items() for _ in range(k)]
    return tuple(rng.sample(tokens, n))


def _colour(rng: random.Random) -> dict[str, Any]:
    return {"colour": rng.choice(COLOURS)}


number("00-1", L00, "What is the chance that the last token drawn is {colour}?", "最后抽出的一枚是 {colour} 的概率是多少？",
       lambda p: probability(LastIs(p["colour"])),
       ["Count the tokens of that colour.",
        "Divide by the number of tokens in the bag: every token is equally likely to be last."],
       ["数一数这种颜色的代币。", "除以布袋里代币的总数：每一枚都同样可能是最后一枚。"],
       defaults={"colour": "red"}, personal=_colour)

# -- 20 a round step by step ---------------------------------------------------------------------

number("20-1", L20, "How many tokens does one round draw in all (before any redraw)?", "一轮一共抽几枚代币（不算重抽）？",
       lambda p: sum(WAVES), ["Add the tokens of the four waves."], ["把四波的代币数加起来。"])


def _wave_1(rng: random.Random) -> dict[str, Any]:
    return {"shown": draw_tokens(rng, 4), "card": rng.choice(["G01", "G05", "G09", "G13", "G17"])}


number("20-2", L20, "Wave 1 showed {shown}. What is the exact chance now that {card} comes true?",
       "第一波抽出了 {shown}。现在 {card} 达成的确切概率是多少？",
       lambda p: probability(TARGETS[p["card"]].condition, shown=p["shown"]),
       ["Which colour does the card want last? How many of that colour are still in the bag?",
        "Tokens of that colour left ÷ tokens left in the bag."],
       ["这张卡要最后一枚是什么颜色？布袋里还剩几枚这种颜色？", "剩下的这种颜色 ÷ 布袋里剩下的代币。"],
       defaults={"shown": ("yellow", "red", "green", "purple"), "card": "G01"}, personal=_wave_1,
       mistakes=lambda p: [(probability(TARGETS[p["card"]].condition),
                            "that is the chance before anything was drawn; take the 4 shown tokens out of the bag first.",
                            "这是还没抽之前的概率；先把已经抽出的 4 枚从布袋里拿走。")])

HAND_20 = ("G01", "G13", "P01", "O01", "L01")


def _dead_discard(state: Any, p: Any) -> list[tuple[str, str]]:
    discards = state.round_discards[0] if state.round_discards else ()
    if not discards:
        return [("seat 0 has not discarded after wave 1 yet", "0 号座位还没有在第一波之后弃牌")]
    first = discards[0]
    if probability(TARGETS[first].condition, shown=state.tokens[:4]) > 0:
        return [(f"{first} could still come true after wave 1; discard a card whose chance is 0",
                 f"{first} 在第一波之后还可能实现；要弃掉一张概率为 0 的卡")]
    return []


board("20-3", L20, "On the board, after wave 1, discard a card that can no longer come true.",
      "在棋盘上，第一波之后，弃掉一张已经不可能实现的卡。", _dead_discard,
      ["Read the P column of your hand: which cards show 0?"], ["看你手牌的 P 一栏：哪些卡是 0？"])

# -- 21 a full game ------------------------------------------------------------------------------


@cache
def _bot_game(seed: int) -> Any:
    return play("herecomes", ["optimal", "heuristic", "random"], seed=seed)


def _final(seed: int) -> Any:
    return result(list(_bot_game(seed).states())[-1])


number("21-1", L21, "How many rounds did the bots' game (seed 5) last?", "电脑的对局（种子 5）一共进行了几轮？",
       lambda p: _bot_game(5).rounds, ["record.rounds", "or the last round in the plot"],
       ["record.rounds", "或者看图里的最后一轮"])
value("21-2", L21, "Which seats won the bots' game? Give a tuple of seat numbers, like (0,) or (0, 1) for a shared win.",
      "电脑的对局里哪些座位赢了？写一个座位号元组，例如 (0,)，平分胜利写 (0, 1)。",
      lambda p: tuple(_final(5).winners), ["result(states[-1]).winners"], ["result(states[-1]).winners"])
choice("21-3", L21, "Suppose one game ends level between the Optimal and the Heuristic bot. What does that tell you?",
       "假设最优电脑和经验电脑的一局打平了。这说明了什么？", (
           Option("a", "The Heuristic bot is the better player.", "经验电脑玩得更好。",
                  why="one game is far too small a sample: luck decides many single games (small samples)",
                  why_zh="一局的样本太小：很多单局是运气决定的（样本太小）"),
           Option("b", "Nothing much: only many games, like the shipped ladder, can compare two bots.",
                  "说明不了什么：只有很多局（比如附带的天梯数据）才能比较两个电脑。", correct=True,
                  why="The ladder's interval, not one score, is the evidence.", why_zh="要看天梯的置信区间，而不是一局的分数。"),
           Option("c", "Here Comes is pure luck, so no bot can be better than another.", "来啦！宝可梦全靠运气，所以没有电脑能比别的更强。",
                  why="chance in each round does not mean choices do not matter: better discards win more over many games",
                  why_zh="每轮有运气不代表选择不重要：弃牌更好的一方在很多局里赢得更多"),
       ))

