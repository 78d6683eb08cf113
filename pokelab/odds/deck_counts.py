"""How many marked cards the next refills of a Splendor deck bring: the hypergeometric law outside the bag.

The same question as "how many purple tokens does a round draw" (``pokelab.odds.counts``),
asked of a shuffled deck: ``population`` cards, ``marked`` of them wanted, the top
``draws`` cards turned up. ``P(X = k) = C(marked, k) C(population − marked, draws − k) / C(population, draws)``,
and by linearity of expectation ``E[X] = draws × marked / population``.

>>> [str(p) for p in hypergeometric(20, 2, 10)]
['9/38', '10/19', '9/38']
>>> hypergeometric_mean(20, 2, 10)
Fraction(1, 1)
>>> hypergeometric(5, 6, 2)
Traceback (most recent call last):
...
ValueError: marked must be a whole number from 0 to 5 (the population), got 6
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from pokelab.odds.splendor import check_refills, marked_in_deck

__all__ = ["hypergeometric", "hypergeometric_mean", "splendor_count_distribution", "splendor_count_mean"]


def _whole(name: str, value: Any, top: int | None = None, what: str = "") -> int:
    """``value`` checked as a whole number from 0 to ``top``."""
    bad = isinstance(value, bool) or not isinstance(value, int) or value < 0 or (top is not None and value > top)
    if bad:
        limit = f" from 0 to {top} ({what})" if top is not None else " >= 0"
        raise ValueError(f"{name} must be a whole number{limit}, got {value!r}")
    return value


def hypergeometric(population: int, marked: int, draws: int) -> tuple[Fraction, ...]:
    """``P(X = k)`` for k = 0 … min(draws, marked): k marked items among ``draws`` taken without putting back.

    >>> [str(p) for p in hypergeometric(4, 2, 2)]
    ['1/6', '2/3', '1/6']
    >>> hypergeometric(4, 2, 5)
    Traceback (most recent call last):
    ...
    ValueError: draws must be a whole number from 0 to 4 (the population), got 5
    """
    population = _whole("population", population)
    marked = _whole("marked", marked, population, "the population")
    draws = _whole("draws", draws, population, "the population")
    den = comb(population, draws)
    return tuple(
        Fraction(comb(marked, k) * comb(population - marked, draws - k), den) for k in range(min(draws, marked) + 1)
    )


def hypergeometric_mean(population: int, marked: int, draws: int) -> Fraction:
    """``E[X] = draws × marked / population`` (linearity of expectation: each item taken is marked with chance marked/population).

    >>> hypergeometric_mean(42, 3, 10)
    Fraction(5, 7)
    >>> hypergeometric_mean(0, 0, 0)
    Traceback (most recent call last):
    ...
    ValueError: population must hold at least one item, got 0
    """
    population = _whole("population", population)
    if population == 0:
        raise ValueError("population must hold at least one item, got 0")
    marked = _whole("marked", marked, population, "the population")
    draws = _whole("draws", draws, population, "the population")
    return Fraction(draws * marked, population)


def _deck_and_marked(state: Any, cards: Any, refills: Any) -> tuple[int, int, int]:
    """(deck size, marked cards in the deck, refills capped at the deck size), checked."""
    deck, marked = marked_in_deck(state, cards)
    return deck, marked, min(check_refills(refills), deck)


def splendor_count_distribution(state: Any, cards: Any, refills: int) -> tuple[Fraction, ...]:
    """``P(k of cards reach the display)`` in the next ``refills`` refills (SP-T4): the deck's hypergeometric law.

    ``cards``: a card, an id, a name or a collection of them, every one still in the
    face-down deck (public information only, as ``splendor_appears_within``).

    >>> from pokelab.splendor import scenario
    >>> s = scenario(display=[1, 4, 7, 10], deck=[2, 5, 8, 11])
    >>> [str(p) for p in splendor_count_distribution(s, [2, 5], 2)]
    ['1/6', '2/3', '1/6']
    >>> splendor_count_distribution(s, [2, 5], -1)
    Traceback (most recent call last):
    ...
    ValueError: refills must be a whole number >= 0, got -1
    """
    deck, marked, refills = _deck_and_marked(state, cards, refills)
    return hypergeometric(deck, marked, refills)


def splendor_count_mean(state: Any, cards: Any, refills: int) -> Fraction:
    """The expected number of ``cards`` reaching the display in the next ``refills`` refills: refills × k / deck.

    >>> from pokelab.splendor import scenario
    >>> s = scenario(display=[1, 4, 7, 10], deck=[2, 5, 8, 11])
    >>> splendor_count_mean(s, [2, 5], 2)
    Fraction(1, 1)
    >>> splendor_count_mean(s, [1], 2)
    Traceback (most recent call last):
    ...
    ValueError: ...is not in the deck: ...
    """
    deck, marked, refills = _deck_and_marked(state, cards, refills)
    return hypergeometric_mean(deck, marked, refills)
