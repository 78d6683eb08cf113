"""Expectimax written out node by node: a small round's whole plan, for lesson 43 (HC-R2, HC-R5, HC-R6).

The kit's ``advise_discard`` searches a round's future with a fast solver
(``pokelab.odds._tree``). This module does the same search the slow, readable
way, one token at a time, so a lesson can print every node and check that
both give the same numbers:

- a **chance node** (○) draws the next token: one branch per colour left in
  the bag, with chance *tokens of that colour left / tokens left*; its value
  is the **average** of its branches weighted by their chances;
- a **decision node** (□) comes after each wave but the last: one branch per
  card the player may discard (HC-R2); its value is the **best** branch;
- a **score node** (◇) is a finished round: the best achieved card among the
  cards kept scores its points (HC-R5, HC-R6), else 0.

The redraw vote (HC-R4) is left out: the values equal ``advise_discard(...,
redraw_agree=0)``. Legend cards are worth ``legend_value`` as in ``advice``.
The tree is built by ``pokelab.course.expectimax_plan`` (``plan_tree``, ``Plan``,
``PlanNode``, ``MAX_PLAN_NODES``).

>>> plan = plan_tree([("last:red", 3), ("last:blue", 2), ("never:blue", 2)],
...                  bag={"red": 2, "blue": 1, "purple": 1}, waves=(1, 1))
>>> plan.value, plan.root.kind, len(plan.root.children)
(Fraction(13, 6), 'chance', 3)
>>> [(c.tokens, c.chance, c.best) for c in plan.root.children]  # the best discard depends on the first token
[(('red',), Fraction(1, 2), 0), (('blue',), Fraction(1, 4), 1), (('purple',), Fraction(1, 4), 2)]
>>> plan_tree([("last:red", 2)], bag=None)
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: a hand of 1 card cannot make the 3 discards of waves (4, 3, 2, 1): it needs at least 4 cards
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.expectimax_plan import (
    Plan,
    plan_tree,
)
from pokelab.course.fields import field
from pokelab.course.registry import Idea, Option
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import advise_discard, probability
from pokelab.odds.inputs import bag_counts
from pokelab.words import Text, _, _n, _p

__all__ = ["outcome_counts"]


def outcome_counts(bag: Mapping[str, int] | None, size: int) -> tuple[int, int]:
    """How many ways ``size`` tokens can come out: (as ordered colour sequences, as colour counts).

    A tree drawn token by token has one leaf per ordered sequence; the kit's
    solver only needs the colour counts of a wave (their chances come from
    the multivariate hypergeometric law), far fewer.

    >>> outcome_counts({"red": 2, "blue": 1}, 2)
    (3, 2)
    >>> outcome_counts(None, 4)
    (607, 64)
    >>> outcome_counts(None, 0)
    Traceback (most recent call last):
    ...
    ValueError: size must be a whole number of at least 1, got 0
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size must be a whole number of at least 1, got {size!r}")
    counts = bag_counts(bag, size)

    def count(i: int, remaining: int, weigh: Callable[[int, int], int]) -> int:
        if i == len(counts):
            return int(remaining == 0)
        return sum(weigh(remaining, k) * count(i + 1, remaining - k, weigh) for k in range(min(remaining, counts[i]) + 1))

    orders = count(0, size, lambda remaining, k: comb(remaining, k))
    colour_counts = count(0, size, lambda remaining, k: 1)
    return orders, colour_counts


L43 = "probability/43-thinking-ahead-expectimax-by-hand.ipynb"

#: The lesson's small bag: 2 red, 1 blue, 1 purple; a round draws 1 token, a discard, then 1 last token.
SMALL_BAG_43: dict[str, int] = {"red": 2, "blue": 1, "purple": 1}
WAVES_43: tuple[int, int] = (1, 1)
#: The lesson's hand of three cards, as (condition, points).
HAND_43: tuple[tuple[str, int], ...] = (("last:red", 3), ("last:blue", 2), ("never:blue", 2))
#: Rounds of the lesson's simulation (exercise 43-3) and its seed.
ROUNDS_43, SEED_43 = 200, 43

_KIND = {"last": _("the last token is {c}"), "never": _("no {c} is drawn")}
#: The names of the three cards of a hand in exercise 43-4 (甲乙丙 in Chinese).
_HAND_LABELS = (_p("card of a hand", "A"), _p("card of a hand", "B"), _p("card of a hand", "C"))


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


def _card_words(label: Text, code: str, points: int) -> Text:
    kind, _sep, colour = code.partition(":")
    condition = _KIND[kind].with_fields(c=field(colour))
    return _n("{label} = \"{condition}\" ({count} pt)", "{label} = \"{condition}\" ({count} pts)", points,
              label=label, condition=condition)


def _small_round(rng: random.Random) -> dict[str, Any]:
    """A pupil's own small bag, hand of three cards and first token."""
    colours = rng.sample(COLOURS, 3)
    bag = {c: rng.randint(1, 2) for c in colours}
    codes = rng.sample([f"{k}:{c}" for k in ("last", "never") for c in colours], 3)
    hand = [(code, rng.randint(1, 4)) for code in codes]
    first = rng.choice([c for c in colours for _i in range(bag[c])])
    return _round_params(bag, hand, first)


def _round_params(bag: dict[str, int], hand: list[tuple[str, int]], first: str) -> dict[str, Any]:
    words: Text | str = ""
    for i, (code, pts) in enumerate(hand):
        card = _card_words(_HAND_LABELS[i], code, pts)
        words = card if i == 0 else _p("list", "{items}; {item}", items=words, item=card)
    return {"bag": bag, "hand": hand, "first": first, "hand_words": words}


def value_after_first(p: Any) -> Fraction:
    """Expected points once the first token is seen and the best card is discarded."""
    return advise_discard(list(map(tuple, p["hand"])), (p["first"],), bag=p["bag"], waves=WAVES_43,
                          redraw_agree=0).value


def _sum_of_pair(p: Any) -> Fraction:
    """The slip of adding both kept cards' expected points (as if both could score, against HC-R6)."""
    hand = [tuple(c) for c in p["hand"]]
    alone = [probability(code, bag=p["bag"], shown=(p["first"],), draws=2) * pts for code, pts in hand]
    return max(sum(alone) - alone[i] for i in range(len(hand)))


def _slips_43_4(p: Any) -> list[tuple[Any, Text]]:
    slip = _sum_of_pair(p)
    if slip == value_after_first(p):
        return []
    return [(slip, _("you added the expected points of the two cards you keep; at most one card scores in a round "
             "(HC-R6), so when both come true you get only the better one."))]


number("43-4", L43, _("A bag holds {bag}. A round draws one token, you discard one of your three cards, then the last "
       "token is drawn and your best achieved card scores. Your hand: {hand_words}. The first token is {first}. "
       "With the best discard, how many points do you expect this round?"),
       value_after_first,
       [_("Try each discard in turn: for the two cards kept, go through every last token the bag can still give."),
        _("For each last token, score the better achieved card (only one scores); average with the chances; keep the "
        "best of the three discards.")],
       defaults=_round_params({"red": 1, "green": 2, "yellow": 2}, [["never:red", 3], ["last:yellow", 2], ["last:green", 1]], "green"),
       personal=_small_round, mistakes=_slips_43_4)

#: Exercise 43-5's hand: a new situation, not the lesson's hand relabelled. No pair covers every last token the way the
#: lesson's B + C did; the 4-point card is still the one to drop (8/3 against 7/3 and 2, asserted in the lesson).
HAND_43_5: tuple[tuple[str, int], ...] = (("last:red", 4), ("never:blue", 2), ("never:purple", 3))
FIRST_43_5 = "red"


def values_43_5() -> dict[str, Fraction]:
    """The expected points after each discard of exercise 43-5 (keyed A, B, C), by the engine's search."""
    advice = advise_discard(list(HAND_43_5), (FIRST_43_5,), bag=SMALL_BAG_43, waves=WAVES_43, redraw_agree=0)
    return {label: option.value for label, option in zip("ABC", advice.options, strict=True)}


choice("43-5", L43, _("Same small bag (2 red, 1 blue, 1 purple), a new hand: A = \"the last token is red\" (4 pts), "
       "B = \"no blue is drawn\" (2 pts), C = \"no purple is drawn\" (3 pts). The first token is red. "
       "Which card should you discard?"), (
           Option("a", _("A, \"the last token is red\" (4 pts), the card worth the most."), correct=True,
                  why=_("Keeping B and C, every last token scores: red 3 (both come true, the better one scores), blue 3 "
                      "(C), purple 2 (B), so 8/3 on average. Keeping A and C gives (4 + 3 + 0)/3 = 7/3, A and B "
                      "(4 + 0 + 2)/3 = 2.")),
           Option("b", _("B, \"no blue is drawn\" (2 pts): it is worth the least."),
                  why=_("the points of one card do not decide: A and C together score nothing when the last token is "
                      "purple, 7/3 on average against 8/3 "
                      "(the misconception: the card worth the least is the one to discard)")),
           Option("c", _("C, \"no purple is drawn\" (3 pts): A and B can then score the most, 4 points on a red."),
                  why=_("the best case is not the average: A and B score nothing when the last token is blue, 2 on average "
                      "against 8/3 (the misconception: a pair is as good as its best outcome)")),
           Option("d", _("It does not matter: the discard is decided before the round, whatever is drawn."),
                  why=_("the best discard depends on the token just seen "
                      "(the misconception: a plan fixed in advance is as good as one that waits)")),
       ))
predict("43-3", L43, _("Before the simulation: in what share of {rounds} rounds of the small game, played with the best "
          "discards, does the hand score at least one point?", rounds=ROUNDS_43),
        lambda p: scoring_share_43(),
        [_("Count the ◇ score 0 leaves on the best paths of the outline, and their chances.")], tolerance=0.05)


def _wilson_counts(rng: random.Random) -> dict[str, Any]:
    """A class's tally whose interval is at least 1.5 times too wide: more rounds are needed, and guessing in
    proportion to the rounds gives a clearly different count."""
    while True:
        n = rng.randint(40, 400)
        p = {"n": n, "hits": rng.randint(max(1, n // 2), n - 1), "width": rng.choice((0.05, 0.04, 0.03))}
        if wilson_half_width(p["hits"] / n, n) > 1.5 * p["width"]:
            return p


def wilson_half_width(share: float, n: int, z: float = 1.959963984540054) -> float:
    """The half-width of the Wilson interval for a share ``share`` of ``n`` rounds (lesson 43, section 6).

    >>> round(wilson_half_width(0.85, 60), 4), round(wilson_half_width(0.85, 240), 4)
    (0.0901, 0.0452)
    >>> wilson_half_width(0.85, 0)
    Traceback (most recent call last):
    ...
    ValueError: a Wilson interval needs at least one round, not 0
    """
    if n < 1:
        raise ValueError(f"a Wilson interval needs at least one round, not {n}")
    return z * math.sqrt(share * (1 - share) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)


def rounds_for_width(share: float, width: float) -> int:
    """The fewest rounds whose Wilson interval, at the same share, is at most ``width`` either side.

    >>> rounds_for_width(51 / 60, 0.05)
    196
    """
    n = 1
    while wilson_half_width(share, n) > width:
        n += 1
    return n


def _proportional_rounds(p: Any) -> int:
    """The rounds a pupil gets who thinks the width falls in proportion to the rounds (it falls like 1/√n)."""
    return math.ceil(p["n"] * wilson_half_width(p["hits"] / p["n"], p["n"]) / p["width"])


number("43-6", L43, _("A class played {n} rounds and {hits} of them scored. It wants to know the chance of scoring to "
       "within ±{width}: if its share stays {hits}/{n}, what is the fewest rounds in all whose 95% Wilson interval is at "
       "most {width} either side (z = 1.96)?"),
       lambda p: rounds_for_width(p["hits"] / p["n"], p["width"]),
       [_("Keep p̂ = hits / n and let n grow: the half-width is z·√(p̂(1 − p̂)/n + z²/(4n²)) / (1 + z²/n)."),
        _("Try twice the rounds played: is the interval then half as wide? Step n up until it is narrow enough "
          "(a loop over n does it).")],
       defaults={"n": 60, "hits": 51, "width": 0.05}, personal=_wilson_counts, tolerance=1,
       mistakes=lambda p: [(_proportional_rounds(p), _("that many rounds would do if the width fell in proportion to the "
                            "rounds; it falls like 1/√n, so twice as narrow needs about four times the rounds.")),
                           (p["n"], _("that is the rounds already played: their interval is wider than ±{width}.",
                                      width=p["width"]))])
explain("43-1", L43, _("Why is deciding after seeing the first token worth more than the best discard chosen before the "
        "round starts?"),
        _("Each first token makes a different card the best one to drop. Deciding after the token takes the best choice in "
        "every branch, then averages; a discard fixed in advance has to use one choice for every branch, so in some "
        "branches it is not the best. The average of the best choices is at least the best of the averages."),
        [Idea(_("the best discard depends on the token"),
              _p("words a pupil may write", "depend|different|each token|each branch|changes")),
         Idea(_("best in every branch, then average"),
              _p("words a pupil may write", "every branch|each branch|then average|best choice|average of the best")),
         Idea(_("a fixed plan cannot adapt"),
              _p("words a pupil may write", "fixed|in advance|one choice|same choice|before"))],
        misconceptions=[Idea(_("a discard fixed before the round is just as good as one chosen after the first token"),
                             _p("words a pupil may write", "just as good|equally good|no difference|worth the same|"
                                "plan is fixed before|fix it before"))])
choice("43-2", L43, _("How does the kit's `best_discard` find the same values as the tree written out by hand, but fast "
       "enough for a whole round?"), (
           Option("a", _("It draws each wave as colour counts (not orders), lumps the colours the hand ignores, and "
                  "remembers positions it has already valued."), correct=True,
                  why=_("Same tree, same values: only repeated and equivalent nodes are merged.")),
           Option("b", _("It plays a few thousand random rounds and keeps the discard that scored most."),
                  why=_("the advice is exact fractions, not a simulation's estimate "
                      "(the misconception: the kit's advice is a simulation)")),
           Option("c", _("It only looks at the next wave and ignores the later discards."),
                  why=_("it looks ahead to the end of the round, every later discard and the redraw included "
                      "(the misconception: the search looks one step ahead)")),
           Option("d", _("It discards the card with the lowest chance × points on its own."),
                  why=_("that rule of thumb ignores how the kept cards work together, since only one scores "
                      "(the misconception: expectimax drops the card with the lowest expected value)")),
       ))
