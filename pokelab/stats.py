"""Small statistics helpers shared by the odds, the simulator and the tournaments.

Bad input is an ``InputError`` (a ``ValueError``) whose reason renders in every language.
"""

from __future__ import annotations

import math
from statistics import NormalDist

from pokelab.errors import InputError
from pokelab.words import _

__all__ = ["wilson_interval"]


def wilson_interval(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n``.

    It stays inside [0, 1] and behaves well near 0 and 1, unlike the normal
    approximation.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 10)[0]
    0.0
    >>> wilson_interval(3, 2)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: need 0 <= successes <= n and n > 0, got successes=3, n=2
    >>> wilson_interval(3, 4, confidence=95)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: confidence must be between 0 and 1, got 95
    """
    if n <= 0 or not 0 <= successes <= n:
        raise InputError(
            _("need 0 <= successes <= n and n > 0, got successes={successes}, n={n}", successes=successes, n=n)
        )
    if not 0 < confidence < 1:
        raise InputError(_("confidence must be between 0 and 1, got {confidence}", confidence=confidence))
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high
