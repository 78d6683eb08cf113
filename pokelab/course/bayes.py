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
  target cards, equally likely, and they vote like the expected-points bot (``should_redraw``).
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
from pokelab.herecomes.bag import DRAWS_PER_ROUND, draw_round, validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.advice import should_redraw
from pokelab.words import Text, _, _p

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


predict("39-1", L39, _("Before any calculation: how likely is it that the mystery round came from the purple-rich bag? "
        "(Both bags were equally likely before the round.)"), lambda p: _rich_posterior(mystery_round()),
        [_("Count the purple tokens, then look at the reds and blues too: which bag gives such a round more easily?")],
        tolerance=0.08)  # the purples-alone reading (25/42, 0.11 off) and "no idea" (1/2) are not "well judged"

_SHORT_COLOURS = ("red", "blue", "purple", "purple", "yellow", "green")


def _personal_tokens(rng: Any) -> dict[str, Any]:
    tokens = tuple(rng.choice(_SHORT_COLOURS) for _i in range(rng.randint(3, 4)))
    return {"tokens": tokens, "shown": tokens}


def _posterior_slips(p: Any) -> list[tuple[Any, Text]]:

    likelihood = sequence_probability(p["tokens"], RICH_BAG)
    ratio = likelihood / sequence_probability(p["tokens"], RULES_BAG) if sequence_probability(p["tokens"], RULES_BAG) else None
    slips = [(likelihood, _("that is P(tokens | purple-rich bag), not P(purple-rich bag | tokens): divide by the chance of "
                          "the tokens under both bags."))]
    if ratio is not None:
        slips.append((ratio, _("that is the likelihood ratio (the Bayes factor); turn it into a probability: ratio ÷ (1 + ratio).")))
    return slips


number("39-2", L39, _("The first tokens of a round are {shown}. Both bags were equally likely. What is P(purple-rich bag | "
       "these tokens)? (An exact fraction.)"), lambda p: _rich_posterior(p["tokens"]),
       [_("Likelihood: multiply the chances of each token, one after the other, for each bag."),
        _("Posterior = likelihood of the rich bag ÷ (sum of both likelihoods), when the priors are equal.")],
       mistakes=_posterior_slips, defaults={"tokens": ("purple", "red", "purple"), "shown": ("purple", "red", "purple")},
       personal=_personal_tokens, chance=True)
choice("39-3", L39, _("The last token is red and your opponent votes NO to the redraw. What does that tell you?"), (
           Option("a", _("Nothing: a vote is a choice, not a token drawn from the bag."),
                  why=_("a choice depends on the hidden hand, so it is evidence about it "
                        "(the misconception: a vote tells nothing about the hand)")),
           Option("b", _("They are now more likely to already score with these tokens, but it is not certain."), correct=True,
                  why=_("under the lesson's model P(they score) rises, but stays far from 1")),
           Option("c", _("They certainly score already."),
                  why=_("a hand that scores nothing can still vote no, when a redraw would not help it "
                        "(the misconception: evidence is proof)")),
       ), hints=(_("Which hands vote no? Those that would lose by a redraw, and those a redraw cannot help."),))


def _vote_yes(_params: Any) -> Fraction:

    return read_redraw_vote(VOTE_TOKENS, True).posterior


def _vote_slips(_params: Any) -> list[tuple[Any, Text]]:

    reading = read_redraw_vote(VOTE_TOKENS, True)
    no = read_redraw_vote(VOTE_TOKENS, False)
    return [(reading.prior, _("that is the chance before the vote: the vote is evidence, use it.")),
            (reading.vote_chance, _("that is P(vote yes), the evidence's own chance, not the posterior.")),
            (1 - no.posterior, _("that is P(they do not score | no): a yes is another vote, not the other side of the same "
                                 "one. Split P(they score) over the two votes and solve for the yes part.")),
            (no.prior - no.vote_chance * no.posterior, _("that is P(they score and vote yes); divide it by P(a yes vote) "
                                                         "= 1 − P(a no vote)."))]


number("39-4", L39, _("Same tokens, but the opponent votes YES. Under the lesson's model, what is P(they already score | "
       "they voted yes)? Work it out from the three numbers of the \"no\" table only: P(they score) before the vote, "
       "P(a no vote) and P(they score | no)."),
       _vote_yes, [_("Every opponent votes yes or no: P(score) = P(no) × P(score | no) + P(yes) × P(score | yes)."),
                   _("P(yes) = 1 − P(no). Solve for P(score | yes).")], mistakes=_vote_slips,
       chance=True)
explain("39-5", L39, _("Why can 10 rounds of class tallies not tell the rules' bag from a bag with one extra red token, "
        "when 200 rounds usually can?"),
        _("The two bags differ by one token in twenty, so one round is almost as likely under either: each round's "
        "likelihood ratio is close to 1. The evidence of independent rounds multiplies (the log Bayes factor adds up), "
        "so it takes many rounds before it grows large, and a few rounds can point either way by chance."),
        [Idea(_("the bags are almost the same"), _p("words a pupil may write", "one token|almost|similar|close to 1")),
         Idea(_("evidence adds up over rounds"), _p("words a pupil may write", "add|multipl|accumulat|many rounds")),
         Idea(_("few rounds vary by chance"), _p("words a pupil may write", "chance|luck|random|vary"))],
        misconceptions=[Idea(_("a few rounds are enough to judge a bag"),
                             _p("words a pupil may write", "few rounds are enough|10 rounds are enough|enough to judge|enough to tell"))])
