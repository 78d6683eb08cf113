"""The expectimax tree of lesson 43 written out node by node: ``PlanNode``, ``Plan``, ``plan_tree``.

The lesson's module ``pokelab.course.expectimax_by_hand`` explains the tree
(chance ○, decision □, score ◇ nodes) and holds the exercises.

>>> plan = plan_tree([("last:red", 2), ("last:blue", 3)], bag={"red": 1, "blue": 1}, waves=(1, 1))
>>> plan.value, plan.size, plan.root.kind
(Fraction(5, 2), 11, 'chance')
>>> plan_tree([("last:red", 2)], bag={"red": 1, "blue": 1}, waves=(1, 1))
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: a hand of 1 card cannot make the 1 discards of waves (1, 1): it needs at least 2 cards
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import Any

from pokelab.course.fields import join_or
from pokelab.errors import ExplainedError
from pokelab.herecomes.bag import DEFAULT_BAG, WAVES
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.advice_result import card_label
from pokelab.odds.inputs import (
    LEGEND_VALUE,
    bag_counts,
    card_condition,
    card_value,
    check_seed,
    shown_counts,
)
from pokelab.odds.tree_nodes import fraction_text, group_name
from pokelab.words import _, _n, check_lang

__all__ = ["MAX_PLAN_NODES", "Plan", "PlanNode", "plan_tree"]

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
            drop "the last token is red" (2 pts) → ○ draw: average = 3
              blue 1 → ◇ score 3
            drop "the last token is blue" (3 pts) → ○ draw: average = 0
              blue 1 → ◇ score 0
          blue 1/2 → □ discard: best = 2
            drop "the last token is red" (2 pts) → ○ draw: average = 0
              red 1 → ◇ score 0
            drop "the last token is blue" (3 pts) → ○ draw: average = 2
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
    """A card in words (``pokelab.odds.advice_result.card_label``) in ``lang``."""
    return card_label(card).render(lang)


def _discard_label(card: Any, lang: str) -> str:
    return _("drop {card}", card=_card_label(card, lang)).render(lang)


def _too_big(size: int) -> ExplainedError:
    limit = f"{MAX_PLAN_NODES:,}"
    return ExplainedError(
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
    pokelab.errors.ExplainedError: the tokens shown must end a wave (after 4, 7 or 9 tokens) or be none, got 3
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
        raise ExplainedError(
            _("the tokens shown must end a wave (after {allowed} tokens) or be none, got {count}",
              allowed=allowed, count=len(shown)),
        )
    discards_left = len(ends) - (ends.index(len(shown)) if shown else 0)
    if isinstance(hand, str) or not isinstance(hand, Sequence) or len(hand) <= discards_left:
        size = len(hand) if isinstance(hand, Sequence) else hand
        raise ExplainedError(
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
