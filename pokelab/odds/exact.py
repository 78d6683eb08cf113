"""Exact Here Comes Pokémon! odds: one card's chance, the redraw, and two cards together (HC-C2, HC-R4).

A round draws ``draws`` tokens (10 by default: waves of 4, 3, 2, 1) without
replacement. Given the first ``len(shown)`` tokens, the rest of the round is a
multivariate hypergeometric draw from what is left in the bag, so the chance
of a card needs no enumeration of orderings:

- "colour X never drawn" and "every X drawn" fix how many X tokens the rest of
  the round must hold (0, or all that are left); the other colours are lumped
  into one pool, and the chance is ``C(pool, draws left) / C(left, draws left)``;
- "the last token is X" uses exchangeability: given how many X tokens the rest
  of the round holds (``k``), the last one is X with chance ``k / draws left``,
  so only the expected ``k`` is needed.

The redraw (HC-R4): the last token L goes back and a token N is drawn in its
place. Given the first ``draws - 1`` tokens, L and N are two independent draws
from the same pool, and (first tokens, N) has the law of an ordinary round. A
purple part "never X" needs X absent from every token that appeared (HC-C2):
the first tokens, L *and* N. On that event the pool holds all X tokens of the
bag, so L avoids every never colour with the fixed chance
``(pool - their tokens) / pool``: the redraw multiplies a purple card's chance
by that factor — it can only hurt it — while a gray card's chance is that of
an ordinary round, and once L is known (and is not X) the redraw can rescue it.

>>> nine = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red")
>>> probability("never:purple", shown=nine), redraw_probability("never:purple", shown=nine)
(Fraction(9, 11), Fraction(81, 121))
>>> probability("last:purple", shown=nine + ("purple",)), probability("never:purple", shown=nine + ("purple",))
(Fraction(1, 1), Fraction(0, 1))
>>> redraw_probability("never:purple", shown=nine + ("purple",))  # the purple token has appeared
Fraction(0, 1)
>>> probability("last:blue", shown=nine + ("purple",)), redraw_probability("last:blue", shown=nine + ("purple",))
(Fraction(0, 1), Fraction(3, 11))

>>> probability(NeverDrawn("purple"))
Fraction(9, 38)
>>> probability(AllDrawn("purple"), shown=("red", "purple", "blue", "green"))
Fraction(3, 8)
>>> probability("last:red & never:purple")
Fraction(3, 38)
>>> probability(LastIs("pink"))
Traceback (most recent call last):
...
pokelab.errors.InputError: unknown token colour 'pink'; colours are red, blue, green, yellow, purple
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND
from pokelab.herecomes.conditions import AllDrawn, LastIs, NeverDrawn  # noqa: F401 (doctests)
from pokelab.odds.exact_parts import chance_of_parts, returned_counts
from pokelab.odds.inputs import (
    COLOUR_INDEX,
    Part,
    bag_counts,
    card_condition,
    condition_of,
    parts_of,
    shown_counts,
)
from pokelab.words import _p, check_lang

__all__ = ["Joint", "any_probability", "joint_outcomes", "probability", "redraw_probability"]


def _prepare(
    bag: Mapping[str, int] | None, shown: Sequence[str], draws: int, returned: Sequence[str] = ()
) -> tuple[tuple[int, ...], tuple[int, ...], int | None, tuple[int, ...]]:
    counts = bag_counts(bag, draws)
    seen = shown_counts(shown, counts, draws)
    last_shown = COLOUR_INDEX[shown[-1]] if len(shown) else None
    back = returned_counts(returned, counts, len(shown), draws)
    return counts, seen, last_shown, back


def probability(
    condition: Any,
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    draws: int = DRAWS_PER_ROUND,
    returned: Sequence[str] = (),
) -> Fraction:
    """The exact chance that ``condition`` holds at the round's check, with no (further) redraw (HC-C2, HC-R5).

    ``condition`` is a target card (anything with ``.condition``), a condition
    value or its compact text (``"last:red & never:blue"``). ``shown`` are the
    tokens on the order cards, in draw order; ``returned`` the tokens already
    put back by a redraw this round (HC-R4, HC-T2) — they break purple cards
    (HC-C2) and are back in the bag. Use ``float(...)`` for a decimal.

    >>> probability(LastIs("red"))
    Fraction(3, 10)
    >>> probability(LastIs("red"), shown=("red",) * 6)
    Fraction(0, 1)
    >>> probability(NeverDrawn("purple"), shown=("red",) * 5 + ("blue",) * 4, returned=("purple",))
    Fraction(0, 1)
    >>> probability(NeverDrawn("red"), shown=("red",) * 11)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: 11 tokens shown but a round draws only 10
    """
    parts = parts_of([condition_of(condition)])
    counts, seen, last_shown, back = _prepare(bag, shown, draws, returned)
    return chance_of_parts(parts, counts, seen, last_shown, draws, back=back)


def redraw_probability(
    condition: Any,
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    draws: int = DRAWS_PER_ROUND,
    returned: Sequence[str] = (),
) -> Fraction:
    """The chance ``condition`` holds when the last token is put back and redrawn (HC-R4).

    The token on order card 4 goes back into the bag and one token is drawn in
    its place; the returned token no longer counts for gray and orange cards,
    but it has appeared, so it still breaks a purple card (HC-C2). ``shown``
    may be all the round's tokens (the last one is the token returned) or a
    prefix of them; ``returned`` are tokens an earlier redraw of this round
    (Brock's, HC-T2) already put back.

    The redrawn token is a uniform draw from the bag minus the first
    ``draws - 1`` tokens — exactly how the original last token was drawn — so
    before the last token is seen a redraw changes nothing for gray and orange
    cards, and multiplies a purple card's chance by the chance that the token
    put back is not of its colour. Once the last token is seen, redrawing
    forgets it for gray and orange cards. Compare with
    ``probability(..., shown=shown)``.

    >>> tokens = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")
    >>> probability(LastIs("blue"), shown=tokens), redraw_probability(LastIs("blue"), shown=tokens)
    (Fraction(1, 1), Fraction(3, 11))
    >>> redraw_probability(LastIs("blue"), shown=tokens[:4]) == probability(LastIs("blue"), shown=tokens[:4])
    True
    >>> probability(NeverDrawn("purple"), shown=tokens[:4]), redraw_probability(NeverDrawn("purple"), shown=tokens[:4])
    (Fraction(3, 8), Fraction(27, 88))
    >>> redraw_probability(LastIs("blue"), shown=("green",) * 5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the shown tokens hold 5 green but the bag has only 4
    """
    parts = parts_of([condition_of(condition)])
    counts, seen, last_shown, back = _prepare(bag, shown, draws, returned)
    return chance_of_parts(parts, counts, seen, last_shown, draws, back=back, redraw=True)


_JOINT_LABELS = (
    _p("joint outcome", "neither"),
    _p("joint outcome", "only A"),
    _p("joint outcome", "only B"),
    _p("joint outcome", "both"),
)
#: The columns of ``Joint.to_frame`` (English: the names code reads).
_JOINT_COLUMNS = (_p("joint table", "outcome"), _p("joint table", "probability"), _p("joint table", "p"))


@dataclass(frozen=True, slots=True)
class Joint:
    """The four outcomes for two kept cards A and B; exact fractions that sum to 1."""

    neither: Fraction
    only_a: Fraction
    only_b: Fraction
    both: Fraction

    def as_floats(self) -> dict[str, float]:
        """The four chances as floats, keyed ``neither``, ``only_a``, ``only_b``, ``both``."""
        return {
            "neither": float(self.neither),
            "only_a": float(self.only_a),
            "only_b": float(self.only_b),
            "both": float(self.both),
        }

    def to_frame(self, lang: str = "en") -> Any:
        """A pandas DataFrame: one row per outcome with the exact fraction and its float.

        >>> joint_outcomes("never:purple", "all:purple").to_frame("zh")["结果"].tolist()
        ['都没达成', '只达成 A', '只达成 B', '两张都达成']
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        check_lang(lang)
        labels = [label.render(lang) for label in _JOINT_LABELS]
        values = (self.neither, self.only_a, self.only_b, self.both)
        cols = [column.render(lang) for column in _JOINT_COLUMNS]
        return pd.DataFrame(
            {cols[0]: labels, cols[1]: values, cols[2]: [float(v) for v in values]}
        )


def joint_outcomes(
    card_a: Any,
    card_b: Any,
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    draws: int = DRAWS_PER_ROUND,
    redraw: bool = False,
    returned: Sequence[str] = (),
) -> Joint:
    """P(neither), P(only A), P(only B), P(both) for the two cards a player keeps (HC-R5, HC-R6).

    Cards are target cards, ``(condition, points)`` pairs, conditions or their
    text. With ``redraw=True`` the last token is put back and redrawn (HC-R4);
    it still breaks a purple card of its colour (HC-C2). ``returned``: tokens
    already put back this round (as in ``probability``).

    >>> j = joint_outcomes(NeverDrawn("purple"), AllDrawn("purple"))
    >>> j.both, j.only_a + j.only_b + j.neither + j.both
    (Fraction(0, 1), Fraction(1, 1))
    >>> joint_outcomes("last:red", "last:blue").both
    Fraction(0, 1)
    >>> joint_outcomes("last:red", 7)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: expected a target card or a condition (LastIs, NeverDrawn, AllDrawn, AllOf), got 7
    """
    a = parts_of([card_condition(card_a)])
    b = parts_of([card_condition(card_b)])
    counts, seen, last_shown, back = _prepare(bag, shown, draws, returned)

    def chance(parts: Sequence[Part]) -> Fraction:
        return chance_of_parts(parts, counts, seen, last_shown, draws, back=back, redraw=redraw)

    pa, pb, both = chance(a), chance(b), chance(a + b)
    return Joint(neither=1 - pa - pb + both, only_a=pa - both, only_b=pb - both, both=both)


def any_probability(
    targets: Sequence[Any],
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    draws: int = DRAWS_PER_ROUND,
    redraw: bool = False,
    returned: Sequence[str] = (),
) -> Fraction:
    """The chance that at least one of ``targets`` holds (inclusion-exclusion over conjunctions).

    ``redraw`` and ``returned`` as in ``joint_outcomes``.

    >>> any_probability(["never:purple", "all:purple"])
    Fraction(9, 19)
    >>> any_probability(["never:purple", "last:purple"], shown=("red",) * 6 + ("blue",) * 3 + ("purple",), redraw=True)
    Fraction(2, 11)
    >>> any_probability(["never:purple"], shown=("red",) * 6, returned=("purple",))
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: a token is put back only after the round's last token (HC-R4): returned needs at least 9 shown tokens, got 6
    """
    parts = [parts_of([card_condition(t)]) for t in targets]
    counts, seen, last_shown, back = _prepare(bag, shown, draws, returned)
    total = Fraction(0)
    for size in range(1, len(parts) + 1):
        sign = 1 if size % 2 else -1
        for group in combinations(parts, size):
            joined = tuple(p for g in group for p in g)
            total += sign * chance_of_parts(
                joined, counts, seen, last_shown, draws, back=back, redraw=redraw
            )
    return total
