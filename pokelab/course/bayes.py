"""Bayes and inference: from what you saw back to what you cannot see (lesson 39).

Bayes' formula turns "how likely are these tokens if the bag is X" (the
**likelihood**) into "how likely is the bag X, now that I saw these tokens" (the
**posterior**): posterior ∝ prior × likelihood.

- ``sequence_probability(tokens, bag)`` — the exact chance of drawing these tokens in this order;
- ``bag_posterior(tokens, bags, prior=)`` — P(bag | tokens) for a few candidate bags;
- ``log10_bayes_factor(rounds, bag_a, bag_b)`` — the evidence of many rounds (a class's tallies)
  for bag A against bag B, as a base-10 logarithm: +2 means A explains the rounds 100 times better;
- ``read_redraw_vote(final_tokens, voted_yes, not_held=)`` — what an opponent's redraw vote
  (HC-R4) says about their hand, under a stated model: their two kept cards are any two
  target cards, equally likely, and they vote like the expected-value bot (``should_redraw``).
  ``not_held`` removes cards they cannot hold (yours, or the discard Sabrina's peek showed, HC-T3).

>>> bags = {"rules": {"red": 6, "blue": 5, "green": 4, "yellow": 3, "purple": 2},
...         "purple-rich": {"red": 4, "blue": 4, "green": 4, "yellow": 3, "purple": 5}}
>>> bag_posterior(("purple", "purple"), bags)
{'rules': Fraction(1, 11), 'purple-rich': Fraction(10, 11)}
>>> bag_posterior(("purple",) * 3, bags)["rules"]  # the rules' bag holds only 2 purple
Fraction(0, 1)
>>> bag_posterior(("pink",), bags)
Traceback (most recent call last):
...
ValueError: unknown token colour 'pink'; colours are red, blue, green, yellow, purple
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.registry import Idea, Option
from pokelab.herecomes.bag import COLOUR_ZH, COLOURS, DRAWS_PER_ROUND, draw_round, validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.odds.advice import should_redraw

__all__ = ["VoteReading", "bag_posterior", "log10_bayes_factor", "read_redraw_vote", "sequence_probability"]

def _check_tokens(tokens: Sequence[str]) -> tuple[str, ...]:
    if isinstance(tokens, str):
        raise ValueError(f"tokens are a list of colours, got the text {tokens!r}")
    for colour in tokens:
        if colour not in COLOURS:
            raise ValueError(f"unknown token colour {colour!r}; colours are {', '.join(COLOURS)}")
    return tuple(tokens)


def sequence_probability(tokens: Sequence[str], bag: Mapping[str, int] | None = None) -> Fraction:
    """The exact chance that the first draws from ``bag`` (no replacement) are ``tokens``, in this order.

    A colour drawn more often than the bag holds it has chance 0.

    >>> sequence_probability(("purple", "purple"))  # 2/20 × 1/19
    Fraction(1, 190)
    >>> sequence_probability(("purple",) * 3)
    Fraction(0, 1)
    >>> sequence_probability(("red",) * 21)
    Traceback (most recent call last):
    ...
    ValueError: 21 tokens cannot come out of a bag of 20
    """
    tokens = _check_tokens(tokens)
    counts = validate_bag(bag, draws=min(len(tokens), DRAWS_PER_ROUND))
    total = sum(counts.values())
    if len(tokens) > total:
        raise ValueError(f"{len(tokens)} tokens cannot come out of a bag of {total}")
    left, chance = dict(counts), Fraction(1)
    for i, colour in enumerate(tokens):
        chance *= Fraction(left[colour], total - i)
        if not chance:
            return chance
        left[colour] -= 1
    return chance


def bag_posterior(
    tokens: Sequence[str], bags: Mapping[str, Mapping[str, int]], prior: Mapping[str, Any] | None = None
) -> dict[str, Fraction]:
    """P(bag | tokens seen) by Bayes' formula, for each named candidate bag (prior: equal, unless given).

    >>> bag_posterior(("red",), {"a": {"red": 10, "blue": 10}, "b": {"red": 15, "blue": 5}})
    {'a': Fraction(2, 5), 'b': Fraction(3, 5)}
    >>> bag_posterior(("red",) * 11, {"a": {"red": 10, "blue": 10}})
    Traceback (most recent call last):
    ...
    ValueError: no candidate bag can give these tokens: every likelihood is 0
    """
    if not isinstance(bags, Mapping) or not bags:
        raise ValueError("bags maps a name to a bag composition; give at least one")
    weights = {name: Fraction(1) for name in bags} if prior is None else {n: Fraction(prior[n]) for n in bags}
    if any(w < 0 for w in weights.values()) or not sum(weights.values()):
        raise ValueError(f"a prior gives each bag a weight >= 0, not all 0: got {prior!r}")
    joint = {name: weights[name] * sequence_probability(tokens, bag) for name, bag in bags.items()}
    evidence = sum(joint.values())
    if not evidence:
        raise ValueError("no candidate bag can give these tokens: every likelihood is 0")
    return {name: value / evidence for name, value in joint.items()}


def log10_bayes_factor(
    rounds: Iterable[Sequence[str]], bag_a: Mapping[str, int] | None, bag_b: Mapping[str, int] | None
) -> float:
    """log10 of P(rounds | bag A) ÷ P(rounds | bag B): positive favours A, +2 means 100 times better.

    Rounds are independent (the tokens go back into the bag after each, HC-R7), so
    the logarithms add up. A round impossible under one bag gives ±infinity.

    >>> rules, lost = None, {"red": 6, "blue": 5, "green": 4, "yellow": 3, "purple": 1}
    >>> round(log10_bayes_factor([("purple", "blue")], rules, lost), 3)  # 2/20 · 5/19 against 1/19 · 5/18
    0.255
    >>> log10_bayes_factor([("purple", "purple")], rules, lost)
    inf
    >>> log10_bayes_factor([], rules, lost)
    Traceback (most recent call last):
    ...
    ValueError: give at least one round
    """
    total, seen = 0.0, 0
    for tokens in rounds:
        seen += 1
        a, b = sequence_probability(tokens, bag_a), sequence_probability(tokens, bag_b)
        if not a and not b:
            raise ValueError(f"round {seen} ({', '.join(tokens)}) is impossible under both bags")
        if not b:
            return math.inf
        if not a:
            return -math.inf
        total += math.log10(a / b)
    if not seen:
        raise ValueError("give at least one round")
    return total


@dataclass(frozen=True)
class VoteReading:
    """What one redraw vote says: P(opponent scores now) before and after seeing the vote, and P(that vote)."""

    prior: Fraction
    vote_chance: Fraction
    posterior: Fraction


@cache
def _card_kinds(not_held: tuple[str, ...]) -> tuple[tuple[Any, int], ...]:
    """The target cards left, grouped as (card, how many share its condition and points)."""
    groups: Counter = Counter()
    first: dict[tuple[str, int, str], Any] = {}
    for card in TARGETS.values():
        if card.id in not_held:
            continue
        key = (card.condition.code(), card.points, card.kind)
        groups[key] += 1
        first.setdefault(key, card)
    return tuple((first[key], n) for key, n in groups.items())


def read_redraw_vote(final_tokens: Sequence[str], voted_yes: bool, *, not_held: Sequence[str] = ()) -> VoteReading:
    """P(the opponent's kept pair already scores | their redraw vote), under the module's model (HC-R4, HC-T3).

    The model: their two cards are any two of the target cards not in ``not_held``,
    all pairs equally likely, and they vote yes exactly when a redraw raises their
    expected points (``should_redraw``). The tokens are the round's 10 final ones.

    >>> tokens = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow", "red")
    >>> reading = read_redraw_vote(tokens, voted_yes=False)
    >>> reading.posterior > reading.prior
    True
    >>> read_redraw_vote(tokens[:9], voted_yes=True)
    Traceback (most recent call last):
    ...
    ValueError: the redraw vote comes after all 10 tokens of the round, got 9
    """
    tokens = _check_tokens(final_tokens)
    if len(tokens) != DRAWS_PER_ROUND:
        raise ValueError(f"the redraw vote comes after all {DRAWS_PER_ROUND} tokens of the round, got {len(tokens)}")
    unknown = [c for c in not_held if c not in TARGETS]
    if unknown:
        raise ValueError(f"unknown target card id(s) {', '.join(map(str, unknown))} in not_held")
    kinds = _card_kinds(tuple(sorted(set(not_held))))
    pairs = scoring = voting = scoring_and_voting = 0
    for i, (card_a, n_a) in enumerate(kinds):
        for card_b, n_b in kinds[i:]:
            ways = n_a * (n_a - 1) // 2 if card_a is card_b else n_a * n_b
            if not ways:
                continue
            scores = card_a.condition.holds(tokens) or card_b.condition.holds(tokens)
            votes = should_redraw([card_a, card_b], tokens) == bool(voted_yes)
            pairs += ways
            scoring += ways * scores
            voting += ways * votes
            scoring_and_voting += ways * (scores and votes)
    if not voting:
        raise ValueError("under the model no hand votes this way; the vote cannot be read")
    return VoteReading(Fraction(scoring, pairs), Fraction(voting, pairs), Fraction(scoring_and_voting, voting))


L39 = "probability/39-bayes-and-inference.ipynb"

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

    >>> from pokelab.course.bayes import sequence_probability
    >>> len(mystery_round()), sequence_probability(mystery_round(), RICH_BAG) > 0
    (10, True)
    """
    return draw_round(RICH_BAG, random.Random(MYSTERY_SEED))


def _rich_posterior(tokens: Any) -> Fraction:

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
    return "、".join(f"{COLOUR_ZH[c]}色" for c in tokens)


def _posterior_slips(p: Any) -> list[tuple[Any, str, str]]:

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

    return read_redraw_vote(VOTE_TOKENS, True).posterior


def _vote_slips(_: Any) -> list[tuple[Any, str, str]]:

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
