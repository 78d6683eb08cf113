"""Checked inputs shared by the odds functions: bag counts, shown tokens, conditions, card values.

Everything here turns user input into small tuples indexed like ``COLOURS`` and
raises a ``ValueError`` that says what was wrong.

>>> bag_counts(DEFAULT_BAG)
(6, 5, 4, 3, 2)
>>> shown_counts(("red", "purple"), (6, 5, 4, 3, 2))
(1, 0, 0, 0, 1)
>>> shown_counts(("purple",) * 3, (6, 5, 4, 3, 2))
Traceback (most recent call last):
...
pokelab.errors.InputError: the shown tokens hold 3 purple but the bag has only 2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from numbers import Rational
from typing import Any

from pokelab.errors import InputError
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND, MAX_BAG_COLOUR, validate_bag
from pokelab.herecomes.conditions import (
    AllDrawn,
    AllOf,
    Condition,
    LastIs,
    NeverDrawn,
    parse_condition,
)
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import _

__all__ = [
    "COLOUR_INDEX",
    "LEGEND_VALUE",
    "Part",
    "bag_counts",
    "card_value",
    "check_seed",
    "condition_of",
    "parts_of",
    "shown_counts",
]

COLOUR_INDEX: Mapping[str, int] = {c: i for i, c in enumerate(COLOURS)}

#: Points a legend win is worth when comparing it with point cards (HC-G1).
#: A legend win ends the game at once, which is worth at least as much as the
#: 10 points that end a game otherwise (HC-G2), so the kit values it at 10.
#: Every function that scores a hand takes ``legend_value`` to change this.
LEGEND_VALUE: int = 10

#: A condition part as data: (kind, colour index) with kind "last", "never" or "all".
Part = tuple[str, int]

_KIND = {LastIs: "last", NeverDrawn: "never", AllDrawn: "all"}


def bag_counts(bag: Mapping[str, int] | None = DEFAULT_BAG, draws: int = DRAWS_PER_ROUND) -> tuple[int, ...]:
    """The bag as counts in ``COLOURS`` order, checked for a round of ``draws`` tokens.

    >>> bag_counts({"red": 5, "blue": 5})
    (5, 5, 0, 0, 0)
    >>> bag_counts({"red": -1})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the count of red cannot be negative, got -1
    """
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 1:
        raise InputError(_('draws must be a whole number of at least 1, got {draws}', draws=repr(draws)))
    clean = validate_bag(bag, draws=draws)
    for colour, count in clean.items():
        if count > MAX_BAG_COLOUR:
            raise InputError(_('a bag holds at most {most} tokens of a colour, got {count} {colour}', most=MAX_BAG_COLOUR, count=count, colour=colour))
    return tuple(clean[c] for c in COLOURS)


def check_seed(seed: Any) -> int | None:
    """A seed for the simulators: ``None`` (fresh entropy) or a whole number >= 0.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed("abc")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: seed must be None or a whole number >= 0, got 'abc'
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise InputError(_('seed must be None or a whole number >= 0, got {seed}', seed=repr(seed)))
    return seed


def shown_counts(shown: Sequence[str], counts: Sequence[int], draws: int = DRAWS_PER_ROUND) -> tuple[int, ...]:
    """Count the shown tokens per colour, checking the bag can produce them.

    >>> shown_counts(["blue", "blue"], (6, 5, 4, 3, 2))
    (0, 2, 0, 0, 0)
    >>> shown_counts(["pink"], (6, 5, 4, 3, 2))
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: unknown token colour 'pink' among the shown tokens (position 1); colours are red, blue, green, yellow, purple
    """
    if isinstance(shown, str):
        raise InputError(_('shown must be a sequence of colours, not the string {shown}', shown=repr(shown)))
    if not isinstance(shown, list | tuple):
        raise InputError(_('shown must be a list or tuple of colours, got {shown}', shown=repr(shown)))
    if len(shown) > draws:
        raise InputError(_('{count} tokens shown but a round draws only {draws}', count=len(shown), draws=draws))
    seen = [0] * len(COLOURS)
    n = 0
    for n, token in enumerate(shown, start=1):
        if not isinstance(token, str) or token not in COLOUR_INDEX:
            raise InputError(_('unknown token colour {token} among the shown tokens (position {count}); colours are {choices}', token=repr(token), count=n, choices=', '.join(COLOURS)))
        seen[COLOUR_INDEX[token]] += 1
    if n > draws:
        raise InputError(_('{count} tokens shown but a round draws only {draws}', count=n, draws=draws))
    for i, colour in enumerate(COLOURS):
        if seen[i] > counts[i]:
            raise InputError(_('the shown tokens hold {count} {colour} but the bag has only {total}', count=seen[i], colour=colour, total=counts[i]))
    return tuple(seen)


def condition_of(target: Any) -> Condition:
    """The condition of a target card, a condition value, or its compact text form.

    >>> condition_of("never:purple")
    NeverDrawn('purple')
    >>> condition_of(42)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: expected a target card or a condition (LastIs, NeverDrawn, AllDrawn, AllOf), got 42
    """
    condition = getattr(target, "condition", target)
    if isinstance(condition, str):
        return parse_condition(condition)
    if not isinstance(condition, LastIs | NeverDrawn | AllDrawn | AllOf):
        raise InputError(_('expected a target card or a condition (LastIs, NeverDrawn, AllDrawn, AllOf), got {target}', target=repr(target)))
    return condition


def parts_of(targets: Iterable[Any]) -> tuple[Part, ...]:
    """The (kind, colour index) parts of the conjunction of ``targets``.

    >>> parts_of(["last:red & never:blue", "all:purple"])
    (('last', 0), ('never', 1), ('all', 4))
    """
    out: list[Part] = []
    for target in targets:
        for part in condition_of(target).parts():
            out.append((_KIND[type(part)], COLOUR_INDEX[part.colour]))
    return tuple(out)


def is_legend(card: Any) -> bool:
    """True for a legend card: ``kind == "legend"`` when the card says, else a compound condition."""
    kind = getattr(card, "kind", None)
    if kind is not None:
        return str(getattr(kind, "value", kind)).lower() == "legend"
    return isinstance(condition_of(card), AllOf)


def card_value(card: Any, legend_value: Fraction | int = LEGEND_VALUE) -> Fraction:
    """What achieving ``card`` is worth this round: its points, or ``legend_value`` for a legend.

    A card is anything with ``.condition`` and ``.points`` (a ``TargetCard``), or a
    ``(condition, points)`` pair.

    >>> card_value(("last:red", 3))
    Fraction(3, 1)
    >>> card_value(("last:red & never:blue", 0), legend_value=12)
    Fraction(12, 1)
    >>> card_value("last:red")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: a card needs points: give a TargetCard or a (condition, points) pair, got 'last:red'
    """
    if isinstance(card, tuple) and len(card) == 2:
        condition, points = card
        legend = isinstance(condition_of(condition), AllOf)
    elif hasattr(card, "condition") and hasattr(card, "points"):
        points = card.points
        legend = is_legend(card)
    else:
        raise InputError(_('a card needs points: give a TargetCard or a (condition, points) pair, got {card}', card=repr(card)))
    value = legend_value if legend else points
    if isinstance(value, bool) or not isinstance(value, Rational) or value < 0:
        raise InputError(_("a card's value must be a non-negative whole number or fraction, got {value}", value=repr(value)))
    return Fraction(value)


def card_condition(card: Any) -> Condition:
    """The condition of a card given as a ``TargetCard`` or a ``(condition, points)`` pair."""
    if isinstance(card, tuple) and len(card) == 2:
        return condition_of(card[0])
    return condition_of(card)
