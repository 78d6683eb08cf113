"""Monte Carlo for Here Comes Pokémon!: simulate many rounds at once with NumPy, seeded, with a Wilson interval.

All rounds of a batch are simulated at once. The tokens before the last are a
multivariate hypergeometric draw from the bag minus the shown tokens
(``Generator.multivariate_hypergeometric``, one row per round); the last token
is then drawn alone from what is left, with one uniform number per round
looked up in the cumulative counts per colour. Only the colour counts and the
last token are kept — all that any target card looks at (HC-C2). This is the
same law as shuffling the bag and reading off the first tokens (each order of
the tokens equally likely), which ``estimate_loop`` does literally, one round
at a time, in plain Python.

With ``redraw`` the last token is put back and one drawn in its place (HC-R4);
the colour put back is kept too, because it has appeared: it still breaks a
purple card (HC-C2). ``returned`` are tokens an earlier redraw of the round
already put back (Brock, HC-T2); they break purple cards the same way.

>>> est = estimate(NeverDrawn("purple"), n=20_000, seed=1)
>>> est.low < 9 / 38 < est.high
True
>>> estimate(NeverDrawn("purple"), n=0)
Traceback (most recent call last):
...
pokelab.errors.InputError: n must be a positive whole number of rounds, got 0
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokelab.errors import InputError
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND
from pokelab.herecomes.conditions import NeverDrawn  # noqa: F401 (doctests)
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.exact_parts import returned_counts
from pokelab.odds.inputs import (
    COLOUR_INDEX,
    bag_counts,
    check_seed,
    condition_of,
    parts_of,
    shown_counts,
)
from pokelab.stats import wilson_interval
from pokelab.words import _

__all__ = ["Estimate", "estimate", "estimate_loop", "estimate_many", "simulate_rounds"]

#: Rounds simulated per NumPy batch (bounds memory; part of what a seed reproduces).
BATCH = 1 << 18
#: Most rounds one call simulates: the results take about 11 bytes a round (55 MB at the bound),
#: so a typo such as ``n=10**12`` is refused before anything is allocated.
MAX_ROUNDS = 5_000_000


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated chance: ``p`` = successes / n with its Wilson interval [low, high] at ``confidence``."""

    p: float
    low: float
    high: float
    n: int
    successes: int
    confidence: float

    def contains(self, value: float) -> bool:
        """True when ``value`` lies inside the interval."""
        return self.low <= float(value) <= self.high


def _check_n(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
        raise InputError(_('n must be a positive whole number of rounds, got {count}', count=repr(n)))
    if n > MAX_ROUNDS:
        raise InputError(_('n is at most {most} rounds per call, got {count}; run several seeds instead', most=format(MAX_ROUNDS, '_'), count=format(n, '_')))
    return n


def simulate_rounds(
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    n: int = 100_000,
    seed: int | None = 0,
    draws: int = DRAWS_PER_ROUND,
    redraw: bool = False,
    with_returned: bool = False,
) -> Any:
    """Simulate ``n`` rounds: final tokens per colour (n × 5) and the last token's colour index (n,).

    With ``redraw`` the last token is put back and one token redrawn (HC-R4).
    With ``with_returned`` a third array gives the colour index of the token
    the redraw put back (``-1`` without a redraw): it has appeared, so it
    still breaks a purple card (HC-C2).

    >>> counts, last = simulate_rounds(n=4, seed=0)
    >>> counts.shape, last.shape, counts.sum(axis=1).tolist()
    ((4, 5), (4,), [10, 10, 10, 10])
    >>> _, _, back = simulate_rounds(n=3, seed=0, redraw=True, with_returned=True)
    >>> back.shape, bool((back >= 0).all())
    ((3,), True)
    >>> simulate_rounds(n=3, shown=("red",) * 7)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the shown tokens hold 7 red but the bag has only 6
    """
    finals, lasts, backs = _simulate(bag, shown, n, seed, draws, redraw)
    return (finals, lasts, backs) if with_returned else (finals, lasts)


def _simulate(
    bag: Mapping[str, int] | None,
    shown: Sequence[str],
    n: int,
    seed: int | None,
    draws: int,
    redraw: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``simulate_rounds`` with the returned colours (-1: no redraw), batch by batch."""
    n = _check_n(n)
    counts = bag_counts(bag, draws)
    seen = shown_counts(shown, counts, draws)
    rng = np.random.default_rng(check_seed(seed))
    left = np.array([c - s for c, s in zip(counts, seen, strict=True)], dtype=np.int64)
    to_draw = draws - len(shown)
    finals = np.empty((n, len(COLOURS)), dtype=np.int16)
    lasts = np.empty(n, dtype=np.int8)
    backs = np.full(n, -1, dtype=np.int8)
    for start in range(0, n, BATCH):
        size = min(BATCH, n - start)
        final, last, back = _batch(rng, left, seen, shown, to_draw, size, redraw)
        finals[start : start + size] = final
        lasts[start : start + size] = last
        backs[start : start + size] = back
    return finals, lasts, backs


def _draw_one(rng: np.random.Generator, remaining: np.ndarray, pool: int) -> np.ndarray:
    """The colour of one token drawn per row from ``remaining`` (rows × colours, each row summing to ``pool``)."""
    u = (rng.random(remaining.shape[0]) * pool).astype(remaining.dtype)
    cum = np.cumsum(remaining, axis=1, dtype=remaining.dtype)
    return (u[:, None] >= cum).sum(axis=1, dtype=np.int8)


def _batch(
    rng: np.random.Generator,
    left: np.ndarray,
    seen: Sequence[int],
    shown: Sequence[str],
    to_draw: int,
    size: int,
    redraw: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One batch: the tokens before the last as a multivariate hypergeometric draw, then the last alone.

    Returns the final counts, the last colour and the colour put back by the redraw (-1: none).
    """
    rows = np.arange(size)
    seen_arr = np.asarray(seen, dtype=np.int16)
    if to_draw:
        pool = int(left.sum()) - (to_draw - 1)
        if to_draw > 1:
            before = rng.multivariate_hypergeometric(left, to_draw - 1, size=size, method="count")
            before = before.astype(np.int16) + seen_arr
        else:
            before = np.tile(seen_arr, (size, 1))
        remaining = (left + seen_arr - before).astype(np.int16)
        last = _draw_one(rng, remaining, pool)
    else:
        last_colour = COLOUR_INDEX[shown[-1]]
        before = np.tile(seen_arr, (size, 1))
        before[:, last_colour] -= 1
        remaining = np.tile((left + seen_arr - before[0]).astype(np.int16), (size, 1))
        pool = int(remaining[0].sum())
        last = np.full(size, last_colour, dtype=np.int8)
    back = np.full(size, -1, dtype=np.int8)
    if redraw:  # HC-R4: the last token goes back (it is still counted in remaining) and one is drawn
        back = last
        last = _draw_one(rng, remaining, pool)
    final = before
    final[rows, last] += 1
    return final, last, back


def _holds(
    parts: Sequence[tuple[str, int]],
    final: np.ndarray,
    last: np.ndarray,
    counts: Sequence[int],
    back: np.ndarray,
    returned: Sequence[int],
) -> np.ndarray:
    """Per round: does every part hold? "never" parts also look at the tokens put back (HC-C2)."""
    ok = np.ones(final.shape[0], dtype=bool)
    for kind, colour in parts:
        if kind == "last":
            ok &= last == colour
        elif kind == "never":
            ok &= (final[:, colour] == 0) & (back != colour) & (returned[colour] == 0)
        else:
            ok &= final[:, colour] >= counts[colour]
    return ok


def estimate_many(
    conditions: Sequence[Any],
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    n: int = 100_000,
    seed: int | None = 0,
    draws: int = DRAWS_PER_ROUND,
    redraw: bool = False,
    confidence: float = 0.95,
    returned: Sequence[str] = (),
) -> list[Estimate]:
    """Estimate several conditions on the same ``n`` simulated rounds (one ``Estimate`` each).

    >>> [round(e.p, 2) for e in estimate_many(["last:red", "never:purple"], n=10_000)]
    [0.3, 0.24]
    >>> est = estimate_many(["last:red", "never:purple"], n=10_000, redraw=True)
    >>> [e.contains(p) for e, p in zip(est, (3 / 10, 81 / 418))]  # the exact redraw_probability values
    [True, True]
    """
    parts = [parts_of([condition_of(c)]) for c in conditions]
    counts = bag_counts(bag, draws)
    shown_counts(shown, counts, draws)  # checked before len(shown) is read
    earlier = returned_counts(returned, counts, len(shown), draws)
    final, last, back = _simulate(bag, shown, n, seed, draws, redraw)
    out = []
    for p in parts:
        hits = int(_holds(p, final, last, counts, back, earlier).sum())
        low, high = wilson_interval(hits, n, confidence)
        out.append(Estimate(hits / n, low, high, n, hits, confidence))
    return out


def estimate(
    condition: Any,
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    n: int = 100_000,
    seed: int | None = 0,
    draws: int = DRAWS_PER_ROUND,
    redraw: bool = False,
    confidence: float = 0.95,
    returned: Sequence[str] = (),
) -> Estimate:
    """Simulate ``n`` rounds and estimate the chance ``condition`` holds, with a Wilson interval.

    Same inputs as ``probability`` (plus ``redraw`` for HC-R4); the same seed
    gives the same estimate.

    >>> e = estimate("last:red", n=50_000, seed=7)
    >>> e == estimate("last:red", n=50_000, seed=7), e.contains(0.3)
    (True, True)
    >>> estimate("last:red", shown=("pink",))
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: unknown token colour 'pink' among the shown tokens (position 1); colours are red, blue, green, yellow, purple
    """
    return estimate_many(
        [condition],
        bag=bag,
        shown=shown,
        n=n,
        seed=seed,
        draws=draws,
        redraw=redraw,
        confidence=confidence,
        returned=returned,
    )[0]


def estimate_loop(
    condition: Any,
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    n: int = 10_000,
    seed: int | None = 0,
    draws: int = DRAWS_PER_ROUND,
    redraw: bool = False,
    confidence: float = 0.95,
    returned: Sequence[str] = (),
) -> Estimate:
    """The same estimate with a plain Python loop, one round at a time (to compare speed in a lesson).

    Each round is checked with the condition's own ``holds``: final tokens, and
    for purple parts every token that appeared (``returned`` and the token a
    redraw puts back included, HC-C2).

    >>> estimate_loop("never:purple", n=5_000, seed=3).contains(9 / 38)
    True
    >>> estimate_loop("never:purple", n=5_000, seed=3, redraw=True).contains(81 / 418)
    True
    """
    n = _check_n(n)
    cond = condition_of(condition)
    counts = bag_counts(bag, draws)
    shown_counts(shown, counts, draws)
    check_seed(seed)
    returned_counts(returned, counts, len(shown), draws)
    full = dict(zip(COLOURS, counts, strict=True))
    left = [c for c, k in full.items() for _ in range(k)]
    for token in shown:
        left.remove(token)
    rng = random.Random(seed)
    to_draw = draws - len(shown)
    hits = 0
    for _round in range(n):
        rest = left[:]
        rng.shuffle(rest)
        tokens = [*shown, *rest[:to_draw]]
        appeared = [*tokens, *returned]
        if redraw:
            back = [*rest[to_draw:], tokens[-1]]
            tokens[-1] = rng.choice(back)
            appeared.append(tokens[-1])
        hits += cond.holds(tokens, full, appeared)
    low, high = wilson_interval(hits, n, confidence)
    return Estimate(hits / n, low, high, n, hits, confidence)
