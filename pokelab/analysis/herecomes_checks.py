"""The rules' own answers to the claims a Here Comes coach reason makes (``Spot``, ``holds``, ``option_values``).

A reason of the Here Comes coach (``herecomes_coach``) is worded from the exact
odds of ``pokelab.odds``; each factual clause comes with a ``Claim``. Here every
claim is answered by another road: the possible rest of the round is enumerated
(every multiset of tokens each wave can bring, with its exact weight, and every
colour the last token can have) and each card is asked whether it comes true
with the rules' own ``condition.holds`` (HC-C2, HC-R5) — no formula of
``pokelab.odds`` is used. The claims (``Claim`` of ``reason_checks``; ``subject``
indexes the spot's hand):

- ``dead`` (card): no way the round can end makes the card come true;
- ``chance`` (card, p): the card comes true with chance ``p`` (no redraw);
- ``tokens`` (cards, (n, m)): one token is left to draw, the bag holds ``m`` and
  on ``n`` of them at least one of the cards comes true;
- ``value`` (card, v): discarding the card, then the best later discards and the
  redraw vote (HC-R4, at the spot's chance that the table agrees), is worth ``v``
  expected points this round (HC-R6: the better achieved card scores);
- ``best`` (card): no discard is worth more; ``margin`` (None, loss): the best
  discard is worth ``loss`` more than the next best.

>>> spot = Spot((("last:red", 3), ("never:purple", 1), ("last:blue", 2)), ("red",) * 4 + ("blue",) * 3 + ("green", "yellow"))
>>> holds(spot, Claim("tokens", (0,), (2, 11))), holds(spot, Claim("value", 1, Fraction(15, 11)))
(True, False)
>>> holds(spot, Claim("telepathy", 0))
Traceback (most recent call last):
...
ValueError: unknown claim kind 'telepathy'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import comb, prod
from typing import Any

from pokelab.analysis.reason_checks import Claim
from pokelab.herecomes.bag import DEFAULT_BAG, WAVES
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.inputs import LEGEND_VALUE, card_condition, card_value

__all__ = ["Spot", "false_claims", "holds", "option_values"]

_BOUNDARIES = tuple(accumulate(WAVES))  # (4, 7, 9, 10)


@dataclass(frozen=True)
class Spot:
    """A discard step as one seat sees it: its hand, the tokens shown, the bag, the chance the table redraws.

    >>> Spot((("last:red", 3),), ("red",) * 9).tokens_left
    11
    """

    hand: tuple[Any, ...]
    shown: tuple[str, ...]
    bag: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_BAG))
    agree: Fraction | int = 1

    @property
    def left(self) -> tuple[int, ...]:
        """Tokens of each colour still in the bag (``COLOURS`` order)."""
        return tuple(self.bag.get(c, 0) - self.shown.count(c) for c in COLOURS)

    @property
    def tokens_left(self) -> int:
        """How many tokens the bag holds now."""
        return sum(self.left)

    @property
    def draws_left(self) -> int:
        """Tokens still to be drawn this round (before any redraw)."""
        return _BOUNDARIES[-1] - len(self.shown)


@cache
def _outcomes(left: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of ``k`` tokens drawn from ``left``, with how many of the ``C(sum(left), k)`` draws give it."""
    found: list[tuple[tuple[int, ...], int]] = []

    def grow(i: int, rest: int, taken: tuple[int, ...]) -> None:
        if i == len(left) - 1:
            if rest <= left[i]:
                x = (*taken, rest)
                found.append((x, prod(comb(n, j) for n, j in zip(left, x, strict=True))))
            return
        for j in range(min(rest, left[i]) + 1):
            grow(i + 1, rest - j, (*taken, j))

    grow(0, k, ())
    return tuple(found)


def _tokens(counts: Sequence[int], last: int, back: int = -1) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A final token sequence with these colour counts before a last token, and what appeared (a returned one too)."""
    final = (*(c for c, n in zip(COLOURS, counts, strict=True) for _ in range(n)), COLOURS[last])
    return final, final + ((COLOURS[back],) if back >= 0 else ())


class _Rules:
    """The round's rest enumerated for one spot, every card asked with ``condition.holds``.

    Sets of cards are bit masks over the hand; values are whole points, so sums stay integers
    until the last division.
    """

    def __init__(self, spot: Spot) -> None:
        self.spot = spot
        self.conditions = [card_condition(c) for c in spot.hand]
        worth = [card_value(c, LEGEND_VALUE) for c in spot.hand]
        self.values = [int(v) if v.denominator == 1 else v for v in worth]
        #: the points of the best card in each mask of cards (HC-R6: only the better achieved card scores)
        self.best = [max((v for i, v in enumerate(self.values) if mask >> i & 1), default=0)
                     for mask in range(1 << len(self.values))]
        self.shown = tuple(spot.shown.count(c) for c in COLOURS)
        self.full = tuple(spot.bag.get(c, 0) for c in COLOURS)
        self.true_cards = cache(self._true_cards)
        self.end = cache(self._end)
        self.value = cache(self._value)

    def _true_cards(self, first: tuple[int, ...], last: int, back: int) -> int:
        """The mask of the hand's cards that come true with these final tokens (and a returned one)."""
        final, appeared = _tokens(first, last, back)
        return sum(1 << i for i, c in enumerate(self.conditions) if c.holds(final, self.spot.bag, appeared))

    def comes_true(self, cards: Sequence[int], counts: Sequence[int], last: int, back: int = -1) -> bool:
        mask = self.true_cards(tuple(counts), last, back)
        return any(mask >> i & 1 for i in cards)

    def chance(self, cards: Sequence[int]) -> Fraction:
        """The chance that one of ``cards`` comes true at the check, with no redraw."""
        r, left = self.spot.draws_left, self.spot.left
        total = 0
        for x, ways in _outcomes(left, r):
            for last, n in enumerate(x):
                if n:
                    first = [a + b - (i == last) for i, (a, b) in enumerate(zip(self.shown, x, strict=True))]
                    if self.comes_true(cards, first, last):
                        total += ways * n
        return Fraction(total, comb(sum(left), r) * r)

    def _score(self, kept: int, first: tuple[int, ...], last: int, back: int) -> Fraction | int:
        return self.best[self.true_cards(first, last, back) & kept]

    def _end(self, kept: int, first: tuple[int, ...]) -> Fraction:
        """The last token, then the redraw vote: redraw when a fresh token is worth more on average."""
        left = [b - f for b, f in zip(self.full, first, strict=True)]
        m = sum(left)
        agree = self.spot.agree
        total: Fraction | int = 0
        for last, n in enumerate(left):
            if not n:
                continue
            now = self._score(kept, first, last, -1) * m
            again = sum(k * self._score(kept, first, new, last) for new, k in enumerate(left) if k)
            total += n * (now if again <= now else agree * again + (1 - agree) * now)
        return total  # over m * m

    def _value(self, kept: int, drawn: tuple[int, ...], rest: tuple[int, ...]) -> Fraction | int:
        """Expected points times ``scale(rest)``: every sum stays whole while the table agrees or never does."""
        if len(rest) == 1:
            return self.end(kept, drawn)
        left = tuple(b - d for b, d in zip(self.full, drawn, strict=True))
        total: Fraction | int = 0
        cards = [i for i in range(len(self.values)) if kept >> i & 1]
        for x, ways in _outcomes(left, rest[0]):
            after = tuple(a + b for a, b in zip(drawn, x, strict=True))
            total += ways * max(self.value(kept & ~(1 << d), after, rest[1:]) for d in cards)
        return total

    def option_values(self) -> list[Fraction]:
        rest = WAVES[_BOUNDARIES.index(len(self.spot.shown)) + 1 :]
        scale, left = 1, self.spot.tokens_left
        for w in rest[:-1]:  # each wave's draws counted, then the last token's and the redraw's (m * m)
            scale *= comb(left, w)
            left -= w
        scale *= left * left
        everything = (1 << len(self.spot.hand)) - 1
        return [Fraction(self.value(everything & ~(1 << i), self.shown, tuple(rest)), scale)
                for i in range(len(self.spot.hand))]


@cache
def _rules(spot: Spot) -> _Rules:
    return _Rules(spot)


def option_values(spot: Spot) -> list[Fraction]:
    """Expected points of each discard at ``spot``, by enumerating the rest of the round (HC-R2…HC-R6).

    >>> spot = Spot((("last:red", 3), ("never:purple", 1), ("last:blue", 2)), ("red",) * 4 + ("blue",) * 3 + ("green", "yellow"))
    >>> [str(v) for v in option_values(spot)]
    ['129/121', '180/121', '169/121']
    >>> option_values(Spot((("last:red", 3),), ("red",) * 5))
    Traceback (most recent call last):
    ...
    ValueError: tuple.index(x): x not in tuple
    """
    return _rules(_hashable(spot)).option_values()


def _hashable(spot: Spot) -> Spot:
    return Spot(tuple(spot.hand), tuple(spot.shown), _Bag(spot.bag), spot.agree)


class _Bag(dict):  # type: ignore[type-arg]
    """A bag that can be a cache key (it is never changed)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))


def holds(spot: Spot, claim: Claim) -> bool:
    """The rules' answer: is ``claim``, made at ``spot``, true? (see the module docstring)

    >>> spot = Spot((("last:red", 3), ("never:purple", 1)), ("red",) * 4 + ("purple",) * 2 + ("blue",))
    >>> holds(spot, Claim("dead", 1)), holds(spot, Claim("dead", 0))
    (True, False)
    """
    rules = _rules(_hashable(spot))
    kind = claim.kind
    if kind == "dead":
        return rules.chance([claim.subject]) == 0
    if kind == "chance":
        return rules.chance([claim.subject]) == claim.extra
    if kind == "tokens":
        if spot.draws_left != 1:
            return False
        n, m = claim.extra
        shown = rules.shown
        hits = sum(k for c, k in enumerate(spot.left) if k and rules.comes_true(claim.subject, shown, c))
        return spot.tokens_left == m and hits == n
    values = rules.option_values()
    if kind == "value":
        return values[claim.subject] == claim.extra
    if kind == "best":
        return values[claim.subject] == max(values)
    if kind == "margin":
        top = max(values)
        others = sorted(values, reverse=True)[1:]
        return bool(others) and top - others[0] == claim.extra
    raise ValueError(f"unknown claim kind {kind!r}")


def false_claims(spot: Spot, claims: Sequence[Claim]) -> list[Claim]:
    """The claims the rules do not confirm (``[]`` for a true reason).

    >>> false_claims(Spot((("last:red", 3), ("last:blue", 1)), ("red",) * 4 + ("blue",) * 5), [Claim("dead", 0), Claim("dead", 1)])
    [Claim(kind='dead', subject=0, extra=None)]
    """
    return [c for c in claims if not holds(spot, c)]
