"""How many tokens of one colour a round draws: the exact hypergeometric law, its mean, and a seeded simulation.

Draw ``draws`` tokens without replacement from a bag of ``N`` tokens, ``K`` of
them ``colour``. The number ``X`` of that colour drawn follows the
hypergeometric law ``P(X = k) = C(K, k) C(N - K, draws - k) / C(N, draws)``;
its mean needs no distribution at all (linearity of expectation: each drawn
token is ``colour`` with chance ``K / N``), ``E[X] = draws × K / N``.

>>> count_distribution(None, 10, "purple")  # the game's bag: 2 purple among 20 tokens
(Fraction(9, 38), Fraction(10, 19), Fraction(9, 38))
>>> count_mean(None, 10, "purple")
Fraction(1, 1)
>>> counts = simulate_counts(None, 10, "purple", 5, seed=3)
>>> len(counts), all(0 <= k <= 2 for k in counts)
(5, True)
>>> count_distribution(None, 10, "pink")
Traceback (most recent call last):
...
ValueError: unknown token colour 'pink'; colours are red, blue, green, yellow, purple
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from pokelab.herecomes.bag import COLOURS
from pokelab.odds.inputs import bag_counts, check_seed

__all__ = ["MAX_SIMULATED", "count_distribution", "count_mean", "simulate_counts"]

#: Most rounds one call of ``simulate_counts`` simulates.
MAX_SIMULATED = 1_000_000


def _colour_and_counts(bag: Mapping[str, int] | None, draws: int, colour: Any) -> tuple[int, int]:
    """(tokens of ``colour``, all tokens) of a checked bag."""
    if colour not in COLOURS:
        raise ValueError(f"unknown token colour {colour!r}; colours are {', '.join(COLOURS)}")
    counts = bag_counts(bag, draws)
    return counts[COLOURS.index(colour)], sum(counts)


def count_distribution(bag: Mapping[str, int] | None, draws: int, colour: str) -> tuple[Fraction, ...]:
    """``P(X = k)`` for k = 0 … min(draws, K): the exact chance of drawing k tokens of ``colour``.

    >>> [str(p) for p in count_distribution({"red": 3, "blue": 2}, 2, "red")]
    ['1/10', '3/5', '3/10']
    >>> count_distribution({"red": 3}, 4, "red")
    Traceback (most recent call last):
    ...
    ValueError: the bag holds 3 tokens but a round draws 4: add at least 1 more
    """
    good, total = _colour_and_counts(bag, draws, colour)
    den = comb(total, draws)
    return tuple(
        Fraction(comb(good, k) * comb(total - good, draws - k), den) for k in range(min(draws, good) + 1)
    )


def count_mean(bag: Mapping[str, int] | None, draws: int, colour: str) -> Fraction:
    """``E[X] = draws × K / N`` by linearity of expectation (no distribution needed).

    >>> count_mean({"red": 3, "blue": 2}, 2, "red")
    Fraction(6, 5)
    >>> count_mean({"red": 3, "blue": 2}, 0, "red")
    Traceback (most recent call last):
    ...
    ValueError: draws must be a whole number of at least 1, got 0
    """
    good, total = _colour_and_counts(bag, draws, colour)
    return Fraction(draws * good, total)


def simulate_counts(
    bag: Mapping[str, int] | None,
    draws: int,
    colour: str,
    n: int,
    *,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    """Simulate ``n`` rounds and return how many tokens of ``colour`` each drew (NumPy, seeded).

    Give ``seed`` for a fresh generator or ``rng`` to continue one (a widget
    that adds rounds keeps its generator, so the same presses give the same counts).

    >>> simulate_counts({"red": 3, "blue": 2}, 5, "red", 3, seed=0).tolist()  # every token is drawn
    [3, 3, 3]
    >>> simulate_counts(None, 10, "red", 0)
    Traceback (most recent call last):
    ...
    ValueError: n must be a whole number of rounds from 1 to 1000000, got 0
    """
    good, total = _colour_and_counts(bag, draws, colour)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SIMULATED:
        raise ValueError(f"n must be a whole number of rounds from 1 to {MAX_SIMULATED}, got {n!r}")
    if rng is None:
        rng = np.random.default_rng(check_seed(seed))
    elif not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {rng!r}")
    if good == 0:
        return np.zeros(n, dtype=np.int64)
    if good == total:
        return np.full(n, draws, dtype=np.int64)
    return rng.hypergeometric(good, total - good, draws, size=n).astype(np.int64)
