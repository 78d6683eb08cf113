"""Exercises of the probability lessons 39 (Bayes and inference) and 40 (risk, not only the average)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from pokelab.herecomes import TARGETS
from pokelab.odds.advice import SHOWN_9
from pokelab.odds.risk import chance_at_least, mean_and_variance, points_distribution
from pokelab.teaching.exercises._build import choice, explain, number, predict
from pokelab.teaching.registry import Idea, Option

L39 = "probability/39-bayes-and-inference.ipynb"
L40 = "probability/40-risk-not-only-the-average.ipynb"

# -- 39 Bayes and inference ---------------------------------------------------------------------

#: Lesson 39's two candidate bags: the rules' bag (HC-C1) and a purple-rich one of the same size.
RULES_BAG = {"red": 6, "blue": 5, "green": 4, "yellow": 3, "purple": 2}
RICH_BAG = {"red": 4, "blue": 4, "green": 4, "yellow": 3, "purple": 5}
#: The seed of the mystery round (drawn from the purple-rich bag) and of the simulated class.
MYSTERY_SEED, CLASS_SEED = 2, 39
#: The lesson's final tokens for the redraw vote: the last token is red.
VOTE_TOKENS = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow", "red")


def mystery_round() -> tuple[str, ...]:
    """The round lesson 39 shows first, drawn by the engine from a bag the pupil does not know.

    >>> from pokelab.odds.inference import sequence_probability
    >>> len(mystery_round()), sequence_probability(mystery_round(), RICH_BAG) > 0
    (10, True)
    """
    import random

    from pokelab.classroom.rounds import draw_round

    return draw_round(RICH_BAG, random.Random(MYSTERY_SEED))


def _rich_posterior(tokens: Any) -> Fraction:
    from pokelab.odds.inference import bag_posterior

    return bag_posterior(tokens, {"rules": RULES_BAG, "rich": RICH_BAG})["rich"]


predict("39-1", L39, "Before any calculation: how likely is it that the mystery round came from the purple-rich bag? "
        "(Both bags were equally likely before the round.)", "先别计算：这神秘的一轮来自紫色多的布袋的可能性有多大？"
        "（抽之前两个布袋的可能性一样。）", lambda p: _rich_posterior(mystery_round()),
        ["Count the purple tokens: which bag gives that many more easily?"], ["数一数紫色代币：哪个布袋更容易抽出这么多？"],
        tolerance=0.15)

_SHORT_COLOURS = ("red", "blue", "purple", "purple", "yellow", "green")


def _personal_tokens(rng: Any) -> dict[str, Any]:
    tokens = tuple(rng.choice(_SHORT_COLOURS) for _ in range(rng.randint(3, 4)))
    return {"tokens": tokens, "shown": ", ".join(tokens), "shown_zh": _zh_tokens(tokens)}


def _zh_tokens(tokens: Any) -> str:
    from pokelab.herecomes.bag import COLOUR_ZH

    return "、".join(f"{COLOUR_ZH[c]}色" for c in tokens)


def _posterior_slips(p: Any) -> list[tuple[Any, str, str]]:
    from pokelab.odds.inference import sequence_probability

    likelihood = sequence_probability(p["tokens"], RICH_BAG)
    ratio = likelihood / sequence_probability(p["tokens"], RULES_BAG) if sequence_probability(p["tokens"], RULES_BAG) else None
    slips = [(likelihood, "that is P(tokens | purple-rich bag), not P(purple-rich bag | tokens): divide by the chance of "
                          "the tokens under both bags.",
              "这是 P(代币 | 紫色多的布袋)，不是 P(紫色多的布袋 | 代币)：还要除以两个布袋下看到这些代币的总概率。")]
    if ratio is not None:
        slips.append((ratio, "that is the likelihood ratio (the Bayes factor); turn it into a probability: ratio ÷ (1 + ratio).",
                      "这是似然比（贝叶斯因子）；还要把它变成概率：比值 ÷ (1 + 比值)。"))
    return slips


number("39-2", L39, "The first tokens of a round are {shown}. Both bags were equally likely. What is P(purple-rich bag | "
       "these tokens)? (An exact fraction.)", "一轮的前几枚代币是{shown_zh}。两个布袋原本可能性相同。"
       "P(紫色多的布袋 | 这些代币) 是多少？（给出准确的分数。）", lambda p: _rich_posterior(p["tokens"]),
       ["Likelihood: multiply the chances of each token, one after the other, for each bag.",
        "Posterior = likelihood of the rich bag ÷ (sum of both likelihoods), when the priors are equal."],
       ["似然：对每个布袋，把一枚接一枚抽出这些代币的概率相乘。", "先验相同时，后验 = 紫色多布袋的似然 ÷ 两个似然之和。"],
       mistakes=_posterior_slips, defaults={"tokens": ("purple", "red", "purple"), "shown": "purple, red, purple",
                 "shown_zh": "紫色、红色、紫色"},
       personal=_personal_tokens)
choice("39-3", L39, "The last token is red and your opponent votes NO to the redraw. What does that tell you?",
       "最后一枚是红色，你的对手对重抽投了反对票。这说明了什么？", (
           Option("a", "Nothing: a vote is a choice, not a token drawn from the bag.", "什么也说明不了：投票是人的选择，不是从布袋里抽出的代币。",
                  why="a choice depends on the hidden hand, so it is evidence about it (ignoring the evidence)",
                  why_zh="选择取决于看不见的手牌，所以它就是关于手牌的证据（忽视了证据）"),
           Option("b", "They are now more likely to already score with these tokens, but it is not certain.",
                  "他们现在更可能已经靠这些代币得分了，但并不确定。", correct=True,
                  why="under the lesson's model P(they score) rises, but stays far from 1",
                  why_zh="按本课的模型，P(他们得分) 上升了，但离 1 还很远"),
           Option("c", "They certainly score already.", "他们一定已经得分了。",
                  why="a hand that scores nothing can still vote no, when a redraw would not help it (evidence is not proof)",
                  why_zh="没得分的手牌也可能投反对，只要重抽帮不上它（证据不等于证明）"),
       ), hints=("Which hands vote no? Those that would lose by a redraw, and those a redraw cannot help.",),
       hints_zh=("哪些手牌会投反对？重抽会让它们吃亏的，以及重抽也帮不上的。",))


def _vote_yes(_: Any) -> Fraction:
    from pokelab.odds.inference import read_redraw_vote

    return read_redraw_vote(VOTE_TOKENS, True).posterior


def _vote_slips(_: Any) -> list[tuple[Any, str, str]]:
    from pokelab.odds.inference import read_redraw_vote

    reading = read_redraw_vote(VOTE_TOKENS, True)
    return [(reading.prior, "that is the chance before the vote: the vote is evidence, use it.",
             "这是投票之前的概率：投票是证据，要用上它。"),
            (reading.vote_chance, "that is P(vote yes), the evidence's own chance, not the posterior.",
             "这是 P(投赞成) 本身的概率，不是后验概率。")]


number("39-4", L39, "Same tokens, but the opponent votes YES. Under the lesson's model, what is P(they already score | "
       "they voted yes)?", "代币一样，但这次对手投了赞成票。按本课的模型，P(他们已经得分 | 投了赞成) 是多少？",
       _vote_yes, ["Use `read_redraw_vote(tokens, voted_yes=True)`.", "Read its `posterior`."],
       ["用 `read_redraw_vote(tokens, voted_yes=True)`。", "看它的 `posterior`。"], mistakes=_vote_slips)
explain("39-5", L39, "Why can 10 rounds of class tallies not tell the rules' bag from a bag with one extra red token, "
        "when 200 rounds can?", "为什么全班记 10 轮分不清规则布袋和多了一枚红色代币的布袋，而记 200 轮就可以？",
        "The two bags differ by one token in twenty, so one round is almost as likely under either: each round's "
        "likelihood ratio is close to 1. The evidence of independent rounds multiplies (the log Bayes factor adds up), "
        "so it takes many rounds before it grows large, and a few rounds can point either way by chance.",
        "两个布袋二十枚里只差一枚，同一轮在两个布袋下的可能性几乎一样：每一轮的似然比都接近 1。"
        "独立的各轮证据是相乘的（贝叶斯因子的对数相加），要很多轮才会变大；只有几轮时，碰巧偏向哪边都有可能。",
        [Idea("the bags are almost the same", "两个布袋几乎一样", ("one token", "almost", "similar", "close to 1", "差一枚", "几乎", "接近")),
         Idea("evidence adds up over rounds", "证据一轮轮累积", ("add", "multipl", "accumulat", "many rounds", "相乘", "相加", "累积", "越多")),
         Idea("few rounds vary by chance", "轮数少时受偶然影响", ("chance", "luck", "random", "vary", "偶然", "碰巧", "运气"))])

# -- 40 risk, not only the average ---------------------------------------------------------------

#: Lesson 40's hand after wave 3 (the nine tokens ``SHOWN_9``): Bulbasaur, Pikachu, Gastly.
HAND_40 = ("G09", "G13", "G17")
#: The gray cards a pupil's pair is drawn from in exercise 40-2.
GRAY_40 = ("G01", "G05", "G09", "G13", "G17")


def _name(card_id: str, lang: str = "en") -> str:
    card = TARGETS[card_id]
    return card.name_zh if lang == "zh" else card.name_en


@cache
def keep_options_40(shown: tuple[str, ...] = SHOWN_9) -> dict[tuple[str, str], dict[Any, Fraction]]:
    """Each pair of lesson 40's hand a player can keep after the wave-3 tokens ``shown``, with its points distribution.

    >>> keep_options_40()[("G09", "G17")]
    {0: Fraction(6, 11), 1: Fraction(3, 11), 3: Fraction(2, 11)}
    """
    return {pair: points_distribution([TARGETS[c] for c in pair], shown=shown) for pair in combinations(HAND_40, 2)}


def best_reach_40(need: int, shown: tuple[str, ...] = SHOWN_9) -> Fraction:
    """The best chance, over the three pairs of lesson 40's hand, of scoring at least ``need`` points this round.

    >>> best_reach_40(1), best_reach_40(4)
    (Fraction(5, 11), Fraction(0, 1))
    >>> best_reach_40(1, ("red",) * 9)
    Traceback (most recent call last):
    ...
    ValueError: the shown tokens hold 9 red but the bag has only 6
    """
    return max(chance_at_least(dist, need) for dist in keep_options_40(shown).values())


def best_mean_pair_40(shown: tuple[str, ...] = SHOWN_9) -> tuple[str, str]:
    """The pair of lesson 40's hand with the highest expected points after the tokens ``shown``.

    >>> best_mean_pair_40()
    ('G13', 'G17')
    """
    options = keep_options_40(shown)
    return max(options, key=lambda pair: mean_and_variance(options[pair])[0])


choice("40-1", L40, "You have 9 points. After wave 3 (the nine tokens above) you hold Bulbasaur, Pikachu and Gastly. "
       "Which card should you discard to give yourself the best chance of reaching 10 points this round?",
       "你已经有 9 分。第三波之后（就是上面那九枚代币），你手里有妙蛙种子、皮卡丘和鬼斯。"
       "要让这一轮凑到 10 分的可能性最大，应该弃掉哪一张？", (
           Option("a", "Bulbasaur: it is worth the fewest points.", "妙蛙种子：它的分数最少。",
                  why="you need one point; points beyond it are worth nothing now (more points = better)",
                  why_zh="你只差 1 分，多出来的分现在毫无用处（以为分数越多越好）"),
           Option("b", "Pikachu or Gastly (either): keep Bulbasaur, the likeliest card.",
                  "皮卡丘或鬼斯（哪张都行）：留下最容易达成的妙蛙种子。", correct=True,
                  why="with Bulbasaur kept, 5 of the 11 tokens left make you score",
                  why_zh="留下妙蛙种子，剩下 11 枚代币里有 5 枚能让你得分"),
           Option("c", "Bulbasaur, because the advisor's expected points are highest without it.",
                  "妙蛙种子，因为弃掉它时顾问算出的期望分最高。",
                  why="the best average is not the best chance of getting the one point you need (the average is not the goal)",
                  why_zh="平均分最高，不等于拿到那 1 分的机会最大（把平均值当成了目标）"),
       ), hints=("Count, for each pair you could keep, the tokens left that make you score at least 1 point.",),
       hints_zh=("对每一种留牌组合，数一数剩下的代币里有几枚能让你至少得 1 分。",))


def _pair_40(p: Any) -> list[Any]:
    return [TARGETS[p["a"]], TARGETS[p["b"]]]


def _variance(p: Any) -> Fraction:
    return mean_and_variance(points_distribution(_pair_40(p)))[1]


def _variance_slips(p: Any) -> list[tuple[Any, str, str]]:
    dist = points_distribution(_pair_40(p))
    square = sum(x * x * q for x, q in dist.items())
    alone = sum(mean_and_variance(points_distribution([card]))[1] for card in _pair_40(p))
    return [(square, "that is E[X²]: subtract the square of the mean.", "这是 E[X²]：还要减去均值的平方。"),
            (alone, "that adds the two cards' variances, as if both could score: two last-token cards never come "
                    "true together, and only one card scores.",
             "这是把两张卡各自的方差相加，好像两张都能得分：两张“最后一枚”卡不可能同时达成，而且最多只有一张得分。")]


def _personal_pair(rng: Any) -> dict[str, str]:
    a, b = rng.sample(GRAY_40, 2)
    return {"a": a, "b": b, "a_name": _name(a), "b_name": _name(b), "a_zh": _name(a, "zh"), "b_zh": _name(b, "zh")}


number("40-2", L40, "Before any token is drawn you keep {a_name} ({a}) and {b_name} ({b}). What is the variance of the "
       "points you score this round? (An exact fraction.)",
       "还没抽任何代币时，你留下了{a_zh}（{a}）和{b_zh}（{b}）。这一轮得分的方差是多少？（给出准确的分数。）",
       _variance, ["Write the distribution: P(0), P(points of card A), P(points of card B).",
                   "Variance = E[X²] − (E[X])²."],
       ["先写出分布：P(0)、P(A 卡的分数)、P(B 卡的分数)。", "方差 = E[X²] − (E[X])²。"],
       mistakes=_variance_slips,
       defaults={"a": "G01", "b": "G17", "a_name": "Charmander", "b_name": "Gastly", "a_zh": "小火龙", "b_zh": "鬼斯"},
       personal=_personal_pair)


def _reach(p: Any) -> Fraction:
    return best_reach_40(10 - p["score"], tuple(p["shown"]))


def _reach_slips(p: Any) -> list[tuple[Any, str, str]]:
    shown = tuple(p["shown"])
    chance = chance_at_least(keep_options_40(shown)[best_mean_pair_40(shown)], 10 - p["score"])
    if chance == _reach(p):
        return []
    return [(chance, "that is the chance of the pair with the best average, not the best chance to reach 10.",
             "这是平均分最高的那一对的机会，不是凑到 10 分的最大机会。")]


def _tokens_params(shown: tuple[str, ...], score: int) -> dict[str, Any]:
    from pokelab.herecomes.bag import COLOUR_ZH

    return {"shown": shown, "score": score, "shown_text": ", ".join(shown),
            "shown_zh": "、".join(f"{COLOUR_ZH[c]}色" for c in shown)}


def _personal_wave3(rng: Any) -> dict[str, Any]:
    from pokelab.classroom.rounds import draw_round

    return _tokens_params(draw_round(None, rng)[:9], rng.choice([7, 8, 9]))


number("40-3", L40, "Same three cards (Bulbasaur, Pikachu, Gastly), but wave 3 ended on other tokens: {shown_text}. "
       "You have {score} points. What is the best chance, over the three pairs you could keep, of reaching 10 points "
       "this round?",
       "还是这三张卡（妙蛙种子、皮卡丘、鬼斯），但第三波结束时亮出的是另外九枚代币：{shown_zh}。你有 {score} 分。"
       "在三种可能的留牌组合里，这一轮凑到 10 分的最大机会是多少？",
       _reach, ["You need 10 − score points: which cards are worth that many?",
                "Count the tokens left in the bag; for each pair add the chances of the cards worth enough "
                "(two last-token cards cannot both come true)."],
       ["你还差 10 − 当前分数：哪些卡的分数够？", "先数布袋里还剩哪些代币；对每一对，把分数够的卡的概率加起来（两张“最后一枚”卡不会同时达成）。"],
       mistakes=_reach_slips,
       defaults=_tokens_params(("red", "blue", "green", "green", "red", "blue", "purple", "red", "yellow"), 9),
       personal=_personal_wave3)


def policy_games() -> Any:
    """The shipped solo games of the two policies (``scripts/solo_policies.py``), one row per game.

    >>> sorted(policy_games()["policy"].unique())
    ['heuristic', 'optimal']
    """
    from pokelab.sim.balance import load

    return load("herecomes_policies")


def share_within(policy: str, rounds: int) -> float:
    """The share of the shipped solo games of ``policy`` that reached 10 points within ``rounds`` rounds.

    >>> share_within("optimal", 10) > share_within("heuristic", 10)
    True
    >>> share_within("random", 10)
    Traceback (most recent call last):
    ...
    ValueError: no games of policy 'random': choose optimal or heuristic
    """
    games = policy_games()
    games = games[games["policy"] == policy]
    if games.empty:
        raise ValueError(f"no games of policy {policy!r}: choose optimal or heuristic")
    return float((games["rounds"] <= rounds).mean())


predict("40-4", L40, "Before reading the table: in what share of 400 solo games did the expected-points bot (optimal) "
        "reach 10 points within 10 rounds?", "看表之前先猜：在 400 局单人游戏里，追求期望分的电脑（optimal）"
        "有多大比例在 10 轮之内拿到 10 分？", lambda p: share_within("optimal", 10),
        ["Its games last about as long on average as the number of rounds asked about."],
        ["它平均一局的轮数和这里问的轮数差不多。"], tolerance=0.1)
explain("40-5", L40, "Why is the pair with the best expected points not the best pair to keep at 9 points?",
        "为什么在 9 分的时候，期望分最高的那一对不是最该留下的？",
        "At 9 points you need only one point. Expected points also count the extra points of Pikachu and Gastly, "
        "which are worth nothing more now; what matters is the chance of scoring at least one point, and keeping "
        "Bulbasaur gives the most tokens that score.",
        "9 分的时候只差 1 分。期望分把皮卡丘和鬼斯多出来的分也算进去了，可这些分现在没有额外用处；"
        "要紧的是至少得 1 分的概率，留下妙蛙种子，能让你得分的代币最多。",
        [Idea("only one point is needed", "只差 1 分", ("one point", "1 point", "only need", "need 1", "差 1", "1 分", "一分")),
         Idea("extra points are useless", "多出来的分没用", ("extra", "more points", "useless", "worth nothing", "多出", "没用", "浪费")),
         Idea("the chance of scoring, not the average", "看得分的概率，不看平均",
              ("chance", "probability", "likely", "概率", "机会", "可能"))])
