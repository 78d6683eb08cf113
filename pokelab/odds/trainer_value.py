"""What a redraw and a trainer are worth in one round, exactly: expected points and the chance to finish.

Lesson 41's mathematics. Each function compares a round *with* a tool and
*without* it, for a player who plays it well (only when it helps):

- ``redraw_worth(hand, shown=, need=)`` — the redraw vote (HC-R4) or Brock's personal
  redraw (HC-T2), which is the same move without the table's consent: expected points
  with a redraw the player can always get, minus with none. With ``need`` it is the
  chance of scoring at least ``need`` points (finishing the game) instead;
- ``finish_hand(hand, need)`` — the hand rewritten so that a card is worth 1 when it
  finishes (its points reach ``need``, or it is a Mew/Mewtwo card, HC-G1) and 0 if not:
  the expected points of that hand *are* the chance to finish;
- ``swap_worth(hand, bag=)`` — Erika (HC-T4): swap the last token with a different colour
  on order card 3, exact over every round for a hand kept the whole round;
- ``misty_worth(hand, dead, shown=)`` — Misty (HC-T1): set a dead card aside and draw a
  fresh one before the normal discard, the fresh card averaged over the unseen cards.

The token put back by a redraw **has appeared** (HC-C2): a redraw never rescues a purple
card, it can only break one. Erika's swap draws nothing, so purple and orange cards do
not change; only the last token does.

>>> redraw_worth([("last:red", 3)])        # vote yes whenever the last token is not red
Fraction(126, 209)
>>> redraw_worth([("never:purple", 2)])   # a redraw can only hurt a purple card: never asked for
Fraction(0, 1)
>>> swap_worth([("last:red", 1)])         # red among the last 3 tokens: 1 - C(14,3)/C(20,3)
(Fraction(3, 10), Fraction(194, 285))
>>> finish_hand([("last:red", 1)], need=0)
Traceback (most recent call last):
...
ValueError: need is a whole number of points from 1 to 10, got 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from pokelab.herecomes import TARGETS
from pokelab.herecomes.bag import COLOURS, DEFAULT_BAG, DRAWS_PER_ROUND, validate_bag
from pokelab.odds.advice import advise_discard, expected_points
from pokelab.odds.inputs import LEGEND_VALUE, card_condition, card_value

__all__ = ["finish_hand", "misty_worth", "redraw_worth", "swap_worth"]


def _is_legend(card: Any) -> bool:
    return getattr(card, "kind", None) == "legend"


def finish_hand(hand: Sequence[Any], need: int) -> list[tuple[Any, int]]:
    """The hand with each card worth 1 if it finishes the game this round (points >= ``need``, or a Mew/Mewtwo) else 0.

    >>> finish_hand([("last:red", 1), ("last:purple", 3)], need=2)
    [(LastIs('red'), 0), (LastIs('purple'), 1)]
    >>> finish_hand([("last:red", 1)], need=11)
    Traceback (most recent call last):
    ...
    ValueError: need is a whole number of points from 1 to 10, got 11
    """
    if isinstance(need, bool) or not isinstance(need, int) or not 1 <= need <= 10:
        raise ValueError(f"need is a whole number of points from 1 to 10, got {need!r}")
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence) or not hand:
        raise ValueError(f"a hand is a non-empty list of cards, got {hand!r}")
    return [(card_condition(card), int(_is_legend(card) or card_value(card, LEGEND_VALUE) >= need)) for card in hand]


def redraw_worth(
    hand: Sequence[Any], *, shown: Sequence[str] = (), bag: Mapping[str, int] | None = DEFAULT_BAG,
    need: int | None = None,
) -> Fraction:
    """What a redraw the player can always get is worth this round: expected points (or, with ``need``, chance to finish).

    The player asks for it only when the last token is bad for them (HC-R4); it is the
    value of a table that always agrees (or of Brock, HC-T2) over a table that never does.

    >>> redraw_worth([("last:red", 1)], shown=("blue",) * 4 + ("red",) * 5 + ("green",))
    Fraction(1, 11)
    >>> redraw_worth([("last:red", 1)], need="one")
    Traceback (most recent call last):
    ...
    ValueError: need is a whole number of points from 1 to 10, got 'one'
    """
    cards = list(hand) if need is None else finish_hand(hand, need)
    always = expected_points(cards, shown=shown, bag=bag, redraw_agree=1)
    never = expected_points(cards, shown=shown, bag=bag, redraw_agree=0)
    return always - never


def _ways(counts: Sequence[int], taken: Sequence[int]) -> int:
    """The number of ways to draw exactly ``taken`` of each colour from ``counts``, order ignored."""
    ways = 1
    for k, n in zip(counts, taken, strict=True):
        ways *= comb(k, n)
    return ways


def _multisets(counts: Sequence[int], size: int) -> list[tuple[int, ...]]:
    found = set()
    for pick in combinations_with_replacement(range(len(counts)), size):
        taken = tuple(pick.count(i) for i in range(len(counts)))
        if all(t <= k for t, k in zip(taken, counts, strict=True)):
            found.add(taken)
    return sorted(found)


@cache
def _rounds(counts: tuple[int, ...]) -> tuple[list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...], int]], int]:
    """Every round as (its tokens, the tokens after each swap Erika may make, weight), and the weights' total.

    Order inside a wave is ignored; a round's chance is its weight over the total
    (C(N, 7) · C(N − 7, 2) · (N − 9) for a bag of N tokens), so the sums stay whole numbers.
    """
    out = []
    for first in _multisets(counts, DRAWS_PER_ROUND - 3):
        left = tuple(k - t for k, t in zip(counts, first, strict=True))
        w_first = _ways(counts, first)
        for third in _multisets(left, 2):
            rest = tuple(k - t for k, t in zip(left, third, strict=True))
            w_third = w_first * _ways(left, third)
            body = tuple(c for i, c in enumerate(COLOURS) for _ in range(first[i] + third[i]))
            for last, n in enumerate(rest):
                if not n:
                    continue
                swaps = []
                for colour in sorted({i for i, m in enumerate(third) if m and i != last}):
                    # the swap moves a wave-3 token of another colour to order card 4 and the last token into the body
                    moved = list(body)
                    moved.remove(COLOURS[colour])
                    swaps.append((*moved, COLOURS[last], COLOURS[colour]))
                out.append(((*body, COLOURS[last]), tuple(swaps), w_third * n))
    total = sum(counts)
    return out, comb(total, DRAWS_PER_ROUND - 3) * comb(total - DRAWS_PER_ROUND + 3, 2) * (total - DRAWS_PER_ROUND + 1)


def _points(cards: Sequence[tuple[Any, Fraction]], tokens: Sequence[str], bag: Mapping[str, int]) -> Fraction:
    return max((value for condition, value in cards if condition.holds(tokens, bag)), default=Fraction(0))


def swap_worth(
    hand: Sequence[Any], *, bag: Mapping[str, int] | None = DEFAULT_BAG, legend_value: Fraction | int = LEGEND_VALUE
) -> tuple[Fraction, Fraction]:
    """Expected points of a hand kept the whole round, without and with Erika's swap (HC-T4), exact; no redraw.

    With the swap the player swaps the last token with a token of another colour on
    order card 3 whenever that scores more; the tokens drawn stay the same.

    >>> swap_worth([("never:purple", 2)])   # the swap changes only the last token
    (Fraction(9, 19), Fraction(9, 19))
    >>> swap_worth([])
    Traceback (most recent call last):
    ...
    ValueError: a hand is a non-empty list of cards, got []
    """
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence) or not hand:
        raise ValueError(f"a hand is a non-empty list of cards, got {hand!r}")
    composition = validate_bag(DEFAULT_BAG if bag is None else bag)
    cards = [(card_condition(card), Fraction(card_value(card, legend_value))) for card in hand]
    counts = tuple(composition.get(c, 0) for c in COLOURS)
    rounds, total = _rounds(counts)
    without: dict[Fraction, int] = {}
    with_swap: dict[Fraction, int] = {}
    for tokens, swaps, weight in rounds:
        now = _points(cards, tokens, composition)
        best = max([now, *(_points(cards, swapped, composition) for swapped in swaps)])
        without[now] = without.get(now, 0) + weight
        with_swap[best] = with_swap.get(best, 0) + weight
    mean = lambda spread: sum((value * Fraction(w, total) for value, w in spread.items()), Fraction(0))  # noqa: E731
    return mean(without), mean(with_swap)


def misty_worth(
    hand: Sequence[Any], dead: Any, *, shown: Sequence[str], unseen: Sequence[Any] | None = None,
    redraw_agree: Fraction | int = 0,
) -> tuple[Fraction, Fraction]:
    """Expected points of the round without and with Misty (HC-T1) at this discard step, exact given the unseen cards.

    Without: the normal best discard (``advise_discard``). With: ``dead`` is set aside, a
    fresh card comes from the deck — each of ``unseen`` equally likely (default: every
    target card not in ``hand``) — and then the normal best discard is made.

    >>> hand = [TARGETS[c] for c in ("G01", "G05", "P01", "O01")]
    >>> no, yes = misty_worth(hand, "P01", shown=("red", "blue", "purple", "green", "red", "blue", "red"))
    >>> yes > no
    True
    >>> misty_worth(hand, "G20", shown=())
    Traceback (most recent call last):
    ...
    ValueError: the card set aside must be in the hand, got 'G20'
    """
    ids = [getattr(card, "id", card) for card in hand]
    key = getattr(dead, "id", dead)
    if key not in ids:
        raise ValueError(f"the card set aside must be in the hand, got {key!r}")
    pool = [TARGETS[c] for c in TARGETS if c not in ids] if unseen is None else list(unseen)
    if not pool:
        raise ValueError("Misty needs at least one unseen card to draw")
    kept = [card for card, i in zip(hand, ids, strict=True) if i != key]
    without = advise_discard(list(hand), shown, redraw_agree=redraw_agree).value
    total = sum((advise_discard([*kept, fresh], shown, redraw_agree=redraw_agree).value for fresh in pool), Fraction(0))
    return without, total / len(pool)
