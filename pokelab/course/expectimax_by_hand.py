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

>>> plan = plan_tree([("last:red", 3), ("last:blue", 2), ("never:blue", 2)],
...                  bag={"red": 2, "blue": 1, "purple": 1}, waves=(1, 1))
>>> plan.value, plan.root.kind, len(plan.root.children)
(Fraction(13, 6), 'chance', 3)
>>> [(c.tokens, c.chance, c.best) for c in plan.root.children]  # the best discard depends on the first token
[(('red',), Fraction(1, 2), 0), (('blue',), Fraction(1, 4), 1), (('purple',), Fraction(1, 4), 2)]
>>> plan_tree([("last:red", 2)], bag=None)
Traceback (most recent call last):
...
pokelab.errors.BilingualError: a hand of 1 card cannot make the 3 discards of waves (4, 3, 2, 1): it needs at least 4 cards
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import comb
from statistics import NormalDist
from typing import Any

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.fields import field, join_or
from pokelab.course.registry import Idea, Option
from pokelab.errors import BilingualError, check_lang
from pokelab.herecomes.bag import COLOURS, DEFAULT_BAG, WAVES
from pokelab.odds import advise_discard, probability
from pokelab.odds.inputs import (
    LEGEND_VALUE,
    bag_counts,
    card_condition,
    card_value,
    check_seed,
    shown_counts,
)
from pokelab.odds.probability_tree import fraction_text, group_name
from pokelab.stats import wilson_interval
from pokelab.words import Text, _, _n, _p

__all__ = ["MAX_PLAN_NODES", "Plan", "PlanNode", "outcome_counts", "plan_tree"]

#: Most nodes a plan written out by hand may have: more is no longer "by hand".
MAX_PLAN_NODES = 5_000

_MARK = {"chance": "○", "decide": "□", "score": "◇"}


@dataclass(frozen=True, slots=True)
class PlanNode:
    """One node of the plan: its kind, the tokens drawn so far, the cards still held, its exact value.

    ``kind`` is ``"chance"``, ``"decide"`` or ``"score"``; ``tokens`` the round's
    tokens so far (``shown`` included); ``kept`` the indices (in the hand) of the
    cards held; ``value`` the expected points from here on with the best play;
    ``chance`` the chance of the token branch leading here (1 after a discard);
    ``discarded`` the card let go on the branch leading here (``None`` after a
    token); ``best`` at a decision node the index of the best discard (the first
    if several tie), else ``None``.
    """

    kind: str
    tokens: tuple[str, ...]
    kept: tuple[int, ...]
    value: Fraction
    chance: Fraction
    discarded: int | None
    best: int | None
    children: tuple[PlanNode, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """A whole plan: the hand, the bag, the waves and the root node (see ``plan_tree``)."""

    hand: tuple[Any, ...]
    bag: Mapping[str, int]
    waves: tuple[int, ...]
    shown: tuple[str, ...]
    root: PlanNode
    size: int

    @property
    def value(self) -> Fraction:
        """Expected points of the round with the best discards: the root's value.

        >>> plan_tree([("last:red", 2), ("last:blue", 3)], bag={"red": 1, "blue": 1}, waves=(1, 1)).value
        Fraction(5, 2)
        """
        return self.root.value

    def value_if_always(self, discard: int) -> Fraction:
        """Expected points when the first discard is fixed in advance (card ``discard``), whatever the tokens.

        Later discards are still the best ones. The gap to ``value`` is what
        waiting to see the wave is worth.

        >>> plan = plan_tree([("last:red", 2), ("last:blue", 3), ("never:red", 1)],
        ...                  bag={"red": 1, "blue": 1}, waves=(1, 1))
        >>> plan.value, [plan.value_if_always(i) for i in range(3)]
        (Fraction(5, 2), [Fraction(3, 2), Fraction(1, 1), Fraction(5, 2)])
        >>> plan.value_if_always(3)
        Traceback (most recent call last):
        ...
        ValueError: discard must be the index of a card in the hand (0 to 2), got 3
        """
        if isinstance(discard, bool) or not isinstance(discard, int) or not 0 <= discard < len(self.hand):
            raise ValueError(
                f"discard must be the index of a card in the hand (0 to {len(self.hand) - 1}), got {discard!r}"
            )

        def walk(node: PlanNode) -> Fraction:
            if node.kind == "decide":
                return next(c.value for c in node.children if c.discarded == discard)
            if node.kind == "score":
                return node.value
            return sum((c.chance * walk(c) for c in node.children), Fraction(0))

        return walk(self.root)

    def chance_of_points(self) -> Fraction:
        """The chance the round scores at all (more than 0 points) when the best discards are played.

        >>> plan_tree([("last:red", 2), ("last:blue", 3)], bag={"red": 1, "blue": 2}, waves=(1, 1)).chance_of_points()
        Fraction(2, 3)
        """

        def walk(node: PlanNode) -> Fraction:
            if node.kind == "score":
                return Fraction(int(node.value > 0))
            if node.kind == "decide":
                return walk(next(c for c in node.children if c.discarded == node.best))
            return sum((c.chance * walk(c) for c in node.children), Fraction(0))

        return walk(self.root)

    def decisions(self, lang: str = "en") -> Any:
        """One row per decision node: tokens seen, chance of getting there, the value of each discard, the best.

        >>> plan = plan_tree([("last:red", 2), ("last:blue", 3), ("never:red", 1)],
        ...                  bag={"red": 1, "blue": 1}, waves=(1, 1))
        >>> plan.decisions().iloc[:, :2].values.tolist()
        [['red', Fraction(1, 2)], ['blue', Fraction(1, 2)]]
        >>> plan.decisions("fr")
        Traceback (most recent call last):
        ...
        ValueError: unknown language 'fr': choose 'en' or 'zh'
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        check_lang(lang)
        seen_col, chance_col = _("tokens seen").render(lang), _("chance").render(lang)
        best_col = _("best discard").render(lang)
        rows = []
        for reach, node in self._decision_nodes():
            row: dict[str, Any] = {
                seen_col: " → ".join(group_name(t, lang) for t in node.tokens),
                chance_col: reach,
            }
            for child in node.children:
                row[_discard_label(self.hand[child.discarded], lang)] = child.value  # type: ignore[index]
            row[best_col] = _card_label(self.hand[node.best], lang)  # type: ignore[index]
            rows.append(row)
        return pd.DataFrame(rows)

    def _decision_nodes(self) -> list[tuple[Fraction, PlanNode]]:
        """Every decision node reached when the best discards are played, with its chance of being reached."""
        out: list[tuple[Fraction, PlanNode]] = []

        def walk(node: PlanNode, reach: Fraction) -> None:
            if node.kind == "decide":
                out.append((reach, node))
                walk(next(c for c in node.children if c.discarded == node.best), reach)
            elif node.kind == "chance":
                for child in node.children:
                    walk(child, reach * child.chance)

        walk(self.root, Fraction(1))
        return out

    def outline(self, lang: str = "en", depth: int | None = None) -> str:
        """The plan as an indented tree of text: ○ chance (average), □ decision (best), ◇ score.

        ``depth`` limits how many levels are written (``None``: all).

        >>> plan = plan_tree([("last:red", 2), ("last:blue", 3)], bag={"red": 1, "blue": 1}, waves=(1, 1))
        >>> print(plan.outline())
        ○ draw: average = 5/2
          red 1/2 → □ discard: best = 3
            drop the last token is red (2 pts) → ○ draw: average = 3
              blue 1 → ◇ score 3
            drop the last token is blue (3 pts) → ○ draw: average = 0
              blue 1 → ◇ score 0
          blue 1/2 → □ discard: best = 2
            drop the last token is red (2 pts) → ○ draw: average = 0
              red 1 → ◇ score 0
            drop the last token is blue (3 pts) → ○ draw: average = 2
              red 1 → ◇ score 2
        >>> plan.outline(depth=-1)
        Traceback (most recent call last):
        ...
        ValueError: depth must be None or a whole number >= 0, got -1
        """
        check_lang(lang)
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
            raise ValueError(f"depth must be None or a whole number >= 0, got {depth!r}")
        lines: list[str] = []

        def head(node: PlanNode) -> str:
            v = fraction_text(node.value)
            if node.kind == "chance":
                return _("○ draw: average = {value}", value=v).render(lang)
            if node.kind == "decide":
                return _("□ discard: best = {value}", value=v).render(lang)
            return _("◇ score {value}", value=v).render(lang)

        def walk(node: PlanNode, indent: int, level: int) -> None:
            if depth is not None and level > depth:
                return
            for child in node.children:
                if child.discarded is None:
                    edge = f"{group_name(child.tokens[-1], lang)} {fraction_text(child.chance)}"
                else:
                    edge = _discard_label(self.hand[child.discarded], lang)
                lines.append(f"{'  ' * indent}{edge} → {head(child)}")
                walk(child, indent + 1, level + 1)

        lines.append(head(self.root))
        walk(self.root, 1, 1)
        return "\n".join(lines)

    def simulate(self, rounds: int, seed: int | None = None) -> tuple[Fraction, ...]:
        """Points of ``rounds`` rounds played out with shuffled tokens and the plan's best discards.

        >>> plan = plan_tree([("last:red", 2), ("last:blue", 3)], bag={"red": 1, "blue": 2}, waves=(1, 1))
        >>> points = plan.simulate(300, seed=1)
        >>> len(points), set(points) <= {0, 2, 3}
        (300, True)
        >>> plan.simulate(0)
        Traceback (most recent call last):
        ...
        ValueError: rounds must be a whole number of at least 1, got 0
        """
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
            raise ValueError(f"rounds must be a whole number of at least 1, got {rounds!r}")
        rng = random.Random(check_seed(seed))
        seen = shown_counts(self.shown, bag_counts(self.bag, sum(self.waves)), sum(self.waves))
        pool = [c for c, total, out in zip(COLOURS, bag_counts(self.bag, sum(self.waves)), seen, strict=True)
                for _i in range(total - out)]
        out: list[Fraction] = []
        for _i in range(rounds):
            order = rng.sample(pool, len(pool))
            node = self.root
            while node.kind != "score":
                if node.kind == "decide":
                    node = next(c for c in node.children if c.discarded == node.best)
                else:
                    token = order[len(node.tokens) - len(self.shown)]
                    node = next(c for c in node.children if c.tokens[-1] == token)
            out.append(node.value)
        return tuple(out)


def _card_label(card: Any, lang: str) -> str:
    """A card in words: a TargetCard's id and name, else its condition and points."""
    name = getattr(card, "name", None)
    if callable(name):
        return f"{card.id} {name(lang)}"
    text, points = card_condition(card).describe(lang), card[1]
    return _n("{condition} ({count} pt)", "{condition} ({count} pts)", points, condition=text).render(lang)


def _discard_label(card: Any, lang: str) -> str:
    return _("drop {card}", card=_card_label(card, lang)).render(lang)


def _too_big(size: int) -> BilingualError:
    limit = f"{MAX_PLAN_NODES:,}"
    return BilingualError(
        _("this plan would have more than {limit} nodes, too many to write out by hand: "
          "use a smaller bag, give the tokens already shown, or fewer waves", limit=limit),
    )


def plan_tree(
    hand: Sequence[Any],
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    waves: Sequence[int] = WAVES,
    legend_value: Fraction | int = LEGEND_VALUE,
) -> Plan:
    """The whole expectimax tree of the rest of a round, one token at a time (no redraw).

    ``hand`` holds TargetCards or ``(condition, points)`` pairs; ``waves`` the
    tokens of each wave (a discard follows every wave but the last, HC-R2);
    ``shown`` the tokens already drawn — they must end a wave, and the plan
    then starts with that wave's discard. A plan with more than
    ``MAX_PLAN_NODES`` nodes is refused.

    >>> plan = plan_tree([("last:red", 2), ("last:blue", 3), ("never:red", 1)],
    ...                  bag={"red": 1, "blue": 1}, waves=(1, 1))
    >>> plan.value, plan.size
    (Fraction(5, 2), 15)
    >>> plan_tree([("last:red", 2), ("last:blue", 3)], bag=None, shown=("red",) * 3, waves=(4, 3, 2, 1))
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: the tokens shown must end a wave (after 4, 7 or 9 tokens) or be none, got 3
    """
    waves = tuple(waves)
    if not waves or any(isinstance(w, bool) or not isinstance(w, int) or w < 1 for w in waves):
        raise ValueError(f"waves are whole numbers of tokens, each at least 1, got {waves!r}")
    draws = sum(waves)
    counts = bag_counts(bag, draws)
    shown = tuple(shown)
    seen = shown_counts(shown, counts, draws)
    ends = list(accumulate(waves))[:-1]
    if shown and len(shown) not in ends:
        allowed = join_or(ends) if ends else 0
        raise BilingualError(
            _("the tokens shown must end a wave (after {allowed} tokens) or be none, got {count}",
              allowed=allowed, count=len(shown)),
        )
    discards_left = len(ends) - (ends.index(len(shown)) if shown else 0)
    if isinstance(hand, str) or not isinstance(hand, Sequence) or len(hand) <= discards_left:
        size = len(hand) if isinstance(hand, Sequence) else hand
        raise BilingualError(
            _n("a hand of {count} card cannot make the {discards} discards of waves {waves}: "
               "it needs at least {needed} cards",
               "a hand of {count} cards cannot make the {discards} discards of waves {waves}: "
               "it needs at least {needed} cards",
               size if isinstance(size, int) else 0, size=str(size), discards=discards_left, waves=str(waves),
               needed=discards_left + 1),
        )
    hand = tuple(hand)
    values = [card_value(c, legend_value) for c in hand]
    conditions = [card_condition(c) for c in hand]
    full_bag = {c: n for c, n in zip(COLOURS, counts, strict=True)}
    left0 = [n - s for n, s in zip(counts, seen, strict=True)]
    built = [0]

    def score(tokens: tuple[str, ...], kept: tuple[int, ...]) -> Fraction:
        return max((values[i] for i in kept if conditions[i].holds(tokens, full_bag)), default=Fraction(0))

    def node(tokens: tuple[str, ...], kept: tuple[int, ...], chance: Fraction, discarded: int | None,
             made: int, left: list[int]) -> PlanNode:
        built[0] += 1
        if built[0] > MAX_PLAN_NODES:
            raise _too_big(built[0])
        if len(tokens) == draws:
            return PlanNode("score", tokens, kept, score(tokens, kept), chance, discarded, None, ())
        if _due(len(tokens), ends, made, discards_left):
            kids = tuple(
                node(tokens, tuple(k for k in kept if k != i), Fraction(1), i, made + 1, left) for i in kept
            )
            best_child = max(kids, key=lambda c: c.value)
            return PlanNode("decide", tokens, kept, best_child.value, chance, discarded, best_child.discarded, kids)
        pool = sum(left)
        kids_list = []
        for colour_index, n in enumerate(left):
            if not n:
                continue
            after = list(left)
            after[colour_index] -= 1
            kids_list.append(node((*tokens, COLOURS[colour_index]), kept, Fraction(n, pool), None, made, after))
        kids = tuple(kids_list)
        value = sum((c.chance * c.value for c in kids), Fraction(0))
        return PlanNode("chance", tokens, kept, value, chance, discarded, None, kids)

    root = node(shown, tuple(range(len(hand))), Fraction(1), None, 0, left0)
    return Plan(hand, full_bag, waves, shown, root, built[0])


def _due(drawn: int, ends: list[int], made: int, discards_left: int) -> bool:
    """True when a discard is due now: ``drawn`` ends a wave and its discard is not made yet."""
    first = len(ends) - discards_left  # waves already discarded for before the plan starts
    return drawn in ends and made == ends.index(drawn) - first


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
        "best of the three discards. advise_discard(hand, (first,), bag=bag, waves=(1, 1), redraw_agree=0) checks it.")],
       defaults=_round_params({"red": 1, "green": 2, "yellow": 2}, [["never:red", 2], ["last:yellow", 2], ["last:green", 1]], "green"),
       personal=_small_round, mistakes=_slips_43_4)

#: Exercise 43-5's hand (transfer: the lesson's hand with purple in place of blue) and its first token.
HAND_43_5: tuple[tuple[str, int], ...] = (("last:red", 3), ("last:purple", 2), ("never:purple", 2))
FIRST_43_5 = "red"

choice("43-5", L43, _("Same small bag (2 red, 1 blue, 1 purple), a new hand: A = \"the last token is red\" (3 pts), "
       "B = \"the last token is purple\" (2 pts), C = \"no purple is drawn\" (2 pts). The first token is red. "
       "Which card should you discard?"), (
           Option("a", _("A, \"the last token is red\" (3 pts), the card worth the most."), correct=True,
                  why=_("B and C together score 2 whatever the last token is (purple gives B, red or blue gives C); "
                      "any pair with A has a last token that scores nothing.")),
           Option("b", _("B, \"the last token is purple\" (2 pts): on its own it has the lowest expected points."),
                  why=_("a hand is not judged card by card: what counts is how the two kept cards cover the last tokens "
                      "together (discard the lowest expected value alone)")),
           Option("c", _("C, \"no purple is drawn\" (2 pts): it can fail, so it is the weakest."),
                  why=_("every card can fail; what matters is the points the kept pair brings on average "
                      "(the card that can fail is the worst)")),
           Option("d", _("It does not matter: the discard is decided before the round, whatever is drawn."),
                  why=_("the best discard depends on the token just seen (a plan fixed in advance is as good as one that "
                      "waits)")),
       ))
predict("43-3", L43, _("Before the simulation: in what share of {rounds} rounds of the small game, played with the best "
          "discards, does the hand score at least one point?", rounds=ROUNDS_43),
        lambda p: scoring_share_43(),
        [_("Count the ◇ score 0 leaves on the best paths of the outline, and their chances.")], tolerance=0.05)


def _wilson_counts(rng: random.Random) -> dict[str, Any]:
    n = rng.randint(40, 400)
    return {"n": n, "hits": rng.randint(max(1, n // 2), n - 1)}


def _wald_low(p: Any) -> float:
    share, n = p["hits"] / p["n"], p["n"]
    return share - NormalDist().inv_cdf(0.975) * math.sqrt(share * (1 - share) / n)


number("43-6", L43, _("A class played {n} rounds and {hits} of them scored. Work out, with the formula, the lower end of "
       "the 95% Wilson interval for the chance of scoring (z = 1.96)."),
       lambda p: wilson_interval(p["hits"], p["n"])[0],
       [_("p̂ = hits / n. The centre is (p̂ + z²/(2n)) / (1 + z²/n)."),
        _("The half-width is z·√(p̂(1 − p̂)/n + z²/(4n²)) / (1 + z²/n); the lower end is centre − half-width.")],
       defaults={"n": 60, "hits": 51}, personal=_wilson_counts, tolerance=1e-3,
       mistakes=lambda p: [(_wald_low(p), _("that is the simple interval p̂ − z·√(p̂(1 − p̂)/n), not Wilson's; "
                            "Wilson's centre moves towards 1/2 and its width has an extra z²/(4n²)."))])
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
              _p("words a pupil may write", "fixed|in advance|one choice|same choice|before"))])
choice("43-2", L43, _("How does the kit's best_discard find the same values as the tree written out by hand, but fast "
       "enough for a whole round?"), (
           Option("a", _("It draws each wave as colour counts (not orders), lumps the colours the hand ignores, and "
                  "remembers positions it has already valued."), correct=True,
                  why=_("Same tree, same values: only repeated and equivalent nodes are merged.")),
           Option("b", _("It plays a few thousand random rounds and keeps the discard that scored most."),
                  why=_("the advice is exact fractions, not a simulation's estimate (the kit's advice is a simulation)")),
           Option("c", _("It only looks at the next wave and ignores the later discards."),
                  why=_("it looks ahead to the end of the round, every later discard and the redraw included "
                      "(the search is greedy)")),
           Option("d", _("It discards the card with the lowest chance × points on its own."),
                  why=_("that rule of thumb ignores how the kept cards work together (only one scores) "
                      "(expectimax = lowest expected value)")),
       ))
