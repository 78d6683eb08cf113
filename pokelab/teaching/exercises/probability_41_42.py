"""Exercises of the probability lessons 41 (what a redraw and a trainer are worth) and 42 (how long a game lasts)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from pokelab.herecomes import TARGETS
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.odds.advice import SHOWN_9, redraw_gain
from pokelab.odds.game_length import (
    WIN,
    distribution_from_counts,
    expected_rounds,
    rounds_distribution,
)
from pokelab.odds.trainer_value import redraw_worth
from pokelab.teaching.exercises._build import choice, explain, number, predict
from pokelab.teaching.registry import Idea, Option

L41 = "probability/41-what-a-redraw-and-a-trainer-are-worth.ipynb"
L42 = "probability/42-how-long-does-a-game-last.ipynb"

# -- 41 what a redraw and a trainer are worth ------------------------------------------------------

#: Lesson 41's round: the nine tokens ``SHOWN_9`` and then a blue token on order card 4.
FINAL_41 = (*SHOWN_9, "blue")
#: The two hands of lesson 41's first section: Charmander + Gastly, Charmander + Clefairy.
HAND_A_41, HAND_B_41 = ("G01", "G17"), ("G01", "P01")
#: The gray cards a pupil's pair is drawn from in exercise 41-2.
GRAY_41 = ("G01", "G05", "G09", "G13", "G17")


def _name(card_id: str, lang: str = "en") -> str:
    card = TARGETS[card_id]
    return card.name_zh if lang == "zh" else card.name_en


choice("41-1", L41, "The round's tokens are out and the last one is blue. You hold Charmander (the last token is red) and "
       "Clefairy (no purple token is drawn). Do you vote for the redraw?",
       "这一轮的代币都抽完了，最后一枚是蓝色。你手里是小火龙（最后一枚是红色）和皮皮（没有抽到紫色代币）。你投票赞成重抽吗？", (
           Option("a", "Yes: a redraw is a free second chance.", "赞成：重抽是白送的第二次机会。",
                  why="a redraw is not free: it can take away what you already have (a redraw is a free chance)",
                  why_zh="重抽不是白送的：它可能拿走你已经到手的分（以为重抽是白送的机会）"),
           Option("b", "No: Clefairy already scores, and a purple token from the redraw would break it.",
                  "反对：皮皮已经能得分，重抽抽到紫色就会把它破坏。", correct=True,
                  why="a red token would only swap one 1-point card for another; a purple one (2 of the 11) loses the point",
                  why_zh="抽到红色只是把一张 1 分的卡换成另一张 1 分的卡；抽到紫色（11 枚里有 2 枚）就丢了这 1 分"),
           Option("c", "It does not matter: the blue token goes back and no longer counts for anything.",
                  "无所谓：蓝色代币放回去了，就什么都不算了。",
                  why="the token put back still counts as appeared for purple cards (HC-C2), and the new token counts too "
                      "(the token put back is forgotten)",
                  why_zh="放回去的代币对紫色卡来说仍然算出现过（HC-C2），新抽的代币也要算（以为放回去的代币就被忘掉了）"),
       ), hints=("List the 11 tokens a redraw can bring and what each does to your two cards.",),
       hints_zh=("列出重抽可能抽到的 11 枚代币，看看每一种对你的两张卡有什么影响。",))


def _gain(p: Any) -> Fraction:
    return redraw_gain([TARGETS[p["a"]], TARGETS[p["b"]]], (*SHOWN_9, p["last"]))


def _gain_slips(p: Any) -> list[tuple[Any, str, str]]:
    cards = [TARGETS[p["a"]], TARGETS[p["b"]]]
    final = (*SHOWN_9, p["last"])
    after = _gain(p) + max((c.points for c in cards if c.condition.holds(final)), default=0)
    left = {c: n - SHOWN_9.count(c) for c, n in DEFAULT_BAG.items()}  # the bag the redraw draws from
    hits = sum(Fraction(left[c.condition.colour], sum(left.values())) for c in cards)
    slips = [(after, "that is the expected points after the redraw; subtract what the tokens give you now.",
             "这是重抽之后的期望分；还要减去现在这些代币已经给你的分。"),
            (hits, "that is the chance the redraw makes a card come true; a card brings its points, not 1.",
             "这是重抽让某张卡达成的概率；达成一张卡得到的是它的分数，不是 1。")]
    return [slip for slip in slips if slip[0] != _gain(p)]


def _personal_gain(rng: Any) -> dict[str, str]:
    a, b = rng.sample(GRAY_41, 2)
    return {"a": a, "b": b, "last": rng.choice(["blue", "green", "yellow"]), "a_name": _name(a), "b_name": _name(b),
            "a_zh": _name(a, "zh"), "b_zh": _name(b, "zh")}


number("41-2", L41, "The nine tokens above are out and the last token is {last}. You hold {a_name} ({a}) and {b_name} ({b}). "
       "How many expected points does the redraw gain you? (An exact fraction; negative if it loses.)",
       "上面那九枚代币已经抽出，最后一枚是{last}。你手里是{a_zh}（{a}）和{b_zh}（{b}）。重抽能让你的期望分增加多少？"
       "（给出准确的分数；如果会减少，就写负数。）",
       _gain, ["Put the last token back: which 11 tokens can the redraw bring?",
               "Gain = Σ P(new colour) × points it gives − points you have now."],
       ["把最后一枚放回去：重抽可能抽到哪 11 枚代币？", "增加的期望分 = Σ P(新颜色) × 它给的分 − 你现在的分。"],
       mistakes=_gain_slips, personal=_personal_gain,
       defaults={"a": "G09", "b": "G13", "last": "blue", "a_name": "Bulbasaur", "b_name": "Pikachu",
                 "a_zh": "妙蛙种子", "b_zh": "皮卡丘"})


def _finish_worth(p: Any) -> Fraction:
    return redraw_worth([TARGETS[p["a"]], TARGETS[p["b"]]], need=10 - p["score"])


def _personal_finish(rng: Any) -> dict[str, Any]:
    pair = _personal_gain(rng)
    del pair["last"]
    while {pair["a"], pair["b"]} == set(HAND_A_41):  # lesson 41 works this very pair out in its table
        pair = {k: v for k, v in _personal_gain(rng).items() if k != "last"}
    return {**pair, "score": rng.choice([7, 8, 9])}


number("41-3", L41, "You have {score} points and keep {a_name} ({a}) and {b_name} ({b}) for the whole round; the table agrees "
       "to every redraw you ask for. By how much does the redraw raise your chance of reaching 10 points this round?",
       "你有 {score} 分，这一轮一直留着{a_zh}（{a}）和{b_zh}（{b}）；你要求重抽时大家都同意。"
       "重抽让你这一轮凑到 10 分的概率提高了多少？",
       _finish_worth, ["Only the cards worth at least 10 − score points count now: which are they?",
                       "Give each of them 1 point and the others 0: the redraw's expected gain is then a gain in chance."],
       ["现在只有分数不少于 10 − 当前分数的卡才有用：是哪几张？", "让这些卡各值 1 分、其余的卡值 0 分：这时重抽增加的期望分就是增加的概率。"],
       mistakes=lambda p: [slip for slip in [(redraw_worth([TARGETS[p["a"]], TARGETS[p["b"]]]),
                                              "that is the gain in expected points, which also counts points you do not need.",
                                              "这是增加的期望分，它把你用不上的分也算进去了。")] if slip[0] != _finish_worth(p)],
       defaults={"a": "G05", "b": "G13", "score": 8, "a_name": "Squirtle", "b_name": "Pikachu", "a_zh": "杰尼龟", "b_zh": "皮卡丘"},
       personal=_personal_finish)

choice("41-4", L41, "For Charmander + Gastly kept a whole round, Erika's swap adds more expected points than a redraw. "
       "Over a whole game, which statement is right?",
       "留着小火龙 + 鬼斯过一整轮时，莉佳的交换比一次重抽增加的期望分更多。放到一整局来看，哪种说法是对的？", (
           Option("a", "Erika is always the better trainer: her round is worth more.", "莉佳一定是更好的训练师：她那一轮更值钱。",
                  why="Erika swaps once per game, Brock redraws once per round: multiply by how often you can use it "
                      "(one round's value is the whole value)",
                  why_zh="莉佳一局只能交换一次，小刚每轮都能重抽一次：要乘上能用的次数（把一轮的价值当成全部价值）"),
           Option("b", "Brock can be worth more: his smaller gain comes every round, Erika's only once per game.",
                  "小刚可能更值钱：他的收益虽然小，但每轮都有；莉佳一局只有一次。", correct=True,
                  why="about nine rounds of Brock's gain add up to more than one swap",
                  why_zh="小刚大约九轮的收益加起来，比一次交换多"),
           Option("c", "They are worth the same: both only change the last token.", "一样值钱：两者都只改变最后一枚代币。",
                  why="the swap picks among tokens you can see, the redraw draws blind, and they can be used a different "
                      "number of times (the same kind of move has the same value)",
                  why_zh="交换是在看得见的代币里挑，重抽是闭着眼抽，而且两者能用的次数也不同（以为同一类动作价值就一样）"),
       ), hints=("Read the trainer rules: how often may each power be used?",), hints_zh=("读一读训练师的规则：每种能力多久能用一次？",))

explain("41-5", L41, "Why does a redraw never help a purple card, even when the last token has that card's colour?",
        "为什么重抽永远帮不了紫色卡，即使最后一枚代币正好是那张卡的颜色？",
        "A purple card needs its colour never to appear. The token put back has already appeared, and it still counts "
        "(HC-C2), so the card stays broken; the new token can only bring another colour that might break a purple card too.",
        "紫色卡要求它的颜色从头到尾都不出现。放回去的那枚代币已经出现过了，它仍然算数（HC-C2），所以这张卡还是失败；"
        "新抽的代币只会多出一种颜色，还可能把别的紫色卡也破坏掉。",
        [Idea("the token put back has appeared and still counts", "放回的代币已经出现过，仍然算数",
              ("appeared", "still counts", "already", "seen", "出现过", "仍然", "已经", "算数")),
         Idea("the new token can only break, never repair", "新代币只会破坏，不会修复",
              ("new token", "break", "another colour", "only hurt", "新", "破坏", "只会"))],
        ["Read HC-C2's note on the redraw."], ["读一读 HC-C2 关于重抽的说明。"])

# -- 42 how long does a game last? ----------------------------------------------------------------


@cache
def round_points_42() -> dict[Any, Fraction]:
    """The points of one solo round of the optimal bot, as exact shares of the shipped tally.

    The tally is ``pokelab/data/balance/herecomes_round_points.csv`` (``scripts/solo_round_points.py``);
    ``"win"`` is a round won by a Mew or Mewtwo card.

    >>> points = round_points_42()
    >>> sum(points.values()), points[0]
    (Fraction(1, 1), Fraction(373, 1165))
    >>> points[4]   # no card is worth 4 points
    Traceback (most recent call last):
    ...
    KeyError: 4
    """
    from pokelab.sim.balance import load

    table = load("herecomes_round_points")
    counts = {(WIN if str(x) == WIN else int(x)): int(n) for x, n in zip(table["points"], table["rounds"], strict=True)}
    return distribution_from_counts(counts)


predict("42-1", L42, "Before the chain is solved: how many rounds does a solo game of the optimal bot last on average, "
        "if every round's points follow the table above?",
        "解马尔可夫链之前先猜：如果每一轮的得分都服从上表，最优电脑玩家的一局单人游戏平均要玩几轮？",
        lambda p: float(expected_rounds(round_points_42())),
        ["10 points divided by the mean points of a round is a first guess; think about the points beyond 10 "
         "in the last round, and about the Mew and Mewtwo rounds."],
        ["先用 10 分除以一轮的平均得分估一下；再想想最后一轮超过 10 分的那部分，以及梦幻和超梦那几轮。"],
        tolerance=0.75)


def _wait(p: Any) -> Fraction:
    chance = Fraction(p["num"], p["den"])
    return expected_rounds({0: 1 - chance, 1: chance}, target=p["target"])


def _wait_slips(p: Any) -> list[tuple[Any, str, str]]:
    chance = Fraction(p["num"], p["den"])
    return [(p["target"] * chance, "that is the points you expect after {target} rounds, not the rounds you need.".format(**p),
             "这是 {target} 轮之后你预计得到的分，不是需要的轮数。".format(**p)),
            (1 / chance, "that is the wait for one point; you need {target} of them, one after another.".format(**p),
             "这是等到 1 分要的轮数；你要一分接一分地等 {target} 次。".format(**p))]


def _personal_wait(rng: Any) -> dict[str, int]:
    num, den = rng.choice([(1, 2), (2, 5), (3, 5), (3, 4), (1, 3), (2, 3)])
    return {"num": num, "den": den, "target": rng.choice([3, 4, 5, 6])}


number("42-2", L42, "A simpler game: each round you score 1 point with chance {num}/{den}, otherwise 0. "
       "On average, how many rounds does it take to reach {target} points? (An exact number.)",
       "一个更简单的游戏：每一轮以 {num}/{den} 的概率得 1 分，否则得 0 分。平均要几轮才能凑到 {target} 分？（给出准确的数。）",
       _wait, ["Waiting for one point: if it comes with chance p each round, you wait 1/p rounds on average.",
               "Reaching the target is that wait, once for each point: the means add up."],
       ["先看等 1 分：如果每轮得分的概率是 p，平均要等 1/p 轮。", "凑到目标分就是一分一分地等，每一分都等一次：期望可以相加。"],
       mistakes=_wait_slips, defaults={"num": 2, "den": 5, "target": 4}, personal=_personal_wait)


def _ends_in(p: Any) -> Fraction:
    chance = Fraction(p["num"], p["den"])
    return rounds_distribution({0: 1 - chance, 1: chance}, target=2, rounds=p["n"])[p["n"]]


def _ends_in_slips(p: Any) -> list[tuple[Any, str, str]]:
    chance = Fraction(p["num"], p["den"])
    within = sum(rounds_distribution({0: 1 - chance, 1: chance}, target=2, rounds=p["n"]).values())
    one_order = chance**2 * (1 - chance) ** (p["n"] - 2)
    return [(within, "that is P(over within {n} rounds); the question asks for the game to end in round {n} itself.".format(**p),
             "这是 {n} 轮之内结束的概率；题目问的是恰好在第 {n} 轮结束。".format(**p)),
            (one_order, "that counts one order of the rounds only: the first point can come in any of the first {m} rounds."
             .format(m=p["n"] - 1), "这只算了一种顺序：第一分可以出现在前 {m} 轮中的任何一轮。".format(m=p["n"] - 1))]


number("42-3", L42, "Same simple game, {num}/{den} chance of a point each round, target 2 points. What is the chance "
       "that the game ends exactly in round {n}?",
       "还是这个简单游戏：每轮得 1 分的概率是 {num}/{den}，目标是 2 分。游戏恰好在第 {n} 轮结束的概率是多少？",
       _ends_in, ["Ending in round n means: the second point comes in round n, and exactly one point came before it.",
                  "The one earlier point can be in any of the n − 1 earlier rounds."],
       ["恰好在第 n 轮结束，意思是：第二分出现在第 n 轮，而且之前正好得了 1 分。", "之前那一分可以出现在前 n − 1 轮中的任何一轮。"],
       mistakes=_ends_in_slips, defaults={"num": 1, "den": 3, "n": 4},
       personal=lambda rng: {**dict(zip(("num", "den"), rng.choice([(2, 5), (1, 3), (2, 3), (3, 4)]), strict=True)),
                             "n": rng.choice([3, 4, 5])})

choice("42-4", L42, "The chain says a solo game of the optimal bot lasts {mean} rounds on average. What does that number tell you?",
       "马尔可夫链算出：最优电脑玩家的一局单人游戏平均要 {mean} 轮。这个数告诉了你什么？", (
           Option("a", "Most games last about that many rounds, give or take one.", "大多数游戏都玩这么多轮，最多差一轮。",
                  why="the mean is not a typical game: the lengths spread widely, and fewer than half the games end within one round of it "
                      "(mean = typical value)",
                  why_zh="平均值不代表一局典型的游戏：轮数散得很开，离平均值一轮以内结束的游戏不到一半（把平均值当成典型值）"),
           Option("b", "Over many games, the average length comes close to that number.",
                  "玩很多局时，轮数的平均值会接近这个数。", correct=True,
                  why="the mean is what the average of many games settles to (the law of large numbers, lesson 34)",
                  why_zh="期望就是很多局的平均值会稳定到的那个数（大数定律，第 34 课）"),
           Option("c", "No game can last more than twice that many rounds.", "任何一局都不会超过这个轮数的两倍。",
                  why="every long run of rounds without points has a chance above zero: the distribution has a long tail "
                      "(the mean is a limit)",
                  why_zh="连续很多轮不得分的概率也大于零：分布有一条长长的尾巴（把平均值当成上限）"),
       ), hints=("Look at the bar chart of P(the game ends in round n): how much of it is near the mean?",),
       hints_zh=("看 P(游戏在第 n 轮结束) 的柱状图：有多少落在平均值附近？",),
       defaults={"mean": f"{float(expected_rounds(round_points_42())):.2f}"})

explain("42-5", L42, "The chain's mean and the mean of 400 real solo games of the same bot are close but not equal. "
        "Give two reasons why they can differ.",
        "马尔可夫链算出的平均轮数，和同一个电脑玩家 400 局真实单人游戏的平均轮数很接近，但不相等。说出两个可能的原因。",
        "The 400 games are a sample: their mean varies by chance, which is why it has a 95% interval. And the chain is a "
        "model: it assumes every round has the same points distribution, independent of the others, while in the real game "
        "the deck is not reshuffled every round, a trainer like Erika is used once per game, and the table of round points "
        "is itself measured from a finite number of rounds.",
        "400 局只是一个样本：它们的平均值会随机波动，所以要给出 95% 置信区间。而且马尔可夫链只是一个模型：它假设每一轮的得分分布都一样，"
        "并且各轮相互独立；可真实游戏里牌堆不是每轮都重新洗，莉佳这样的训练师一局只能用一次，每轮得分的表本身也是从有限的轮数里统计出来的。",
        [Idea("chance / sampling error", "随机误差 / 抽样", ("chance", "sample", "random", "interval", "luck", "随机", "样本", "区间", "抽样", "运气")),
         Idea("the model's assumption: rounds independent and the same", "模型的假设：各轮独立且相同",
              ("independent", "same distribution", "model", "assum", "deck", "trainer", "独立", "模型", "假设", "牌堆", "训练师", "一样"))],
        ["One reason is about the 400 games, one about the chain."], ["一个原因和那 400 局有关，一个和马尔可夫链有关。"])


def splendor_share_longer(rounds: int) -> float:
    """The share of the shipped Splendor games (greedy against greedy) that lasted more than ``rounds`` rounds.

    >>> splendor_share_longer(25)
    0.1865
    >>> splendor_share_longer("25")
    Traceback (most recent call last):
    ...
    ValueError: rounds must be a whole number, got '25'
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise ValueError(f"rounds must be a whole number, got {rounds!r}")
    from pokelab.sim.balance import load

    table = load("splendor_lengths")
    return float(table.loc[table["rounds"] > rounds, "games"].sum() / table["games"].sum())


number("42-6", L42, "Read the table of the Splendor games: what share of them lasted more than {rounds} rounds? (A decimal.)",
       "读一读璀璨宝石宝可梦对局的表：有多大比例的对局超过了 {rounds} 轮？（用小数作答。）",
       lambda p: splendor_share_longer(p["rounds"]),
       ["Add the games of every length above the number asked and divide by all the games.",
        "Or: 1 minus the running share (cumulative) on the row of that number of rounds."],
       ["把超过题目那个轮数的各行局数加起来，再除以总局数。", "或者：1 减去那个轮数那一行的累计比例。"],
       tolerance=0.002, defaults={"rounds": 25}, personal=lambda rng: {"rounds": rng.choice([22, 24, 25, 26, 28])},
       mistakes=lambda p: [(1 - splendor_share_longer(p["rounds"]),
                            "that is the share that lasted {rounds} rounds or fewer.".format(**p),
                            "这是 {rounds} 轮或更少就结束的比例。".format(**p))])
