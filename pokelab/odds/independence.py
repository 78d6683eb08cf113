"""AND, OR, conditional chance and independence of two Here Comes targets, exact.

Built on ``joint_outcomes`` (HC-R5, HC-R6): ``P(A and B)`` is the chance of the
joined condition, ``P(A or B) = P(A) + P(B) − P(A and B)`` (inclusion–exclusion),
``P(A | B) = P(A and B) / P(B)``, and A, B are **independent** when
``P(A and B) = P(A) × P(B)`` — equivalently, when knowing B leaves P(A) unchanged.

>>> d = dependence("last:red", "never:purple")
>>> d.both, d.product, d.independent
(Fraction(3, 38), Fraction(27, 380), False)
>>> d.either == d.p_a + d.p_b - d.both
True
>>> conditional_probability("last:red", given="never:purple")
Fraction(1, 3)
>>> conditional_probability("last:red", given="never:pink")
Traceback (most recent call last):
...
ValueError: unknown token colour 'pink'...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND
from pokelab.odds.exact import joint_outcomes

__all__ = ["Dependence", "conditional_probability", "dependence"]


@dataclass(frozen=True)
class Dependence:
    """The exact chances of two targets A and B: each, both (AND), either (OR), and how far from independent.

    >>> Dependence(Fraction(1, 2), Fraction(1, 2), Fraction(1, 4)).independent
    True
    """

    p_a: Fraction
    p_b: Fraction
    both: Fraction

    @property
    def either(self) -> Fraction:
        """P(A or B) by inclusion–exclusion: P(A) + P(B) − P(A and B)."""
        return self.p_a + self.p_b - self.both

    @property
    def product(self) -> Fraction:
        """P(A) × P(B): what P(A and B) would be if A and B were independent."""
        return self.p_a * self.p_b

    @property
    def independent(self) -> bool:
        """True when P(A and B) = P(A) × P(B) exactly."""
        return self.both == self.product

    @property
    def disjoint(self) -> bool:
        """True when A and B never hold together (P(A and B) = 0)."""
        return self.both == 0

    @property
    def lift(self) -> Fraction | None:
        """P(A and B) ÷ (P(A) × P(B)): above 1, B makes A likelier; below 1, less likely; ``None`` if a chance is 0."""
        return self.both / self.product if self.product else None


def dependence(
    card_a: Any, card_b: Any, *, bag: Mapping[str, int] | None = DEFAULT_BAG, shown: tuple[str, ...] = (),
    draws: int = DRAWS_PER_ROUND,
) -> Dependence:
    """P(A), P(B) and P(A and B) for two target cards or conditions (``"last:red"``, ``AllOf(...)`` …), exact.

    ``bag``, ``shown`` and ``draws`` as in ``probability``.

    >>> dependence("never:purple", "all:purple").disjoint
    True
    >>> dependence("last:red", "never:purple", bag={"red": 2, "blue": 1, "purple": 1}, draws=2).both
    Fraction(1, 3)
    >>> dependence("last:red", 3)
    Traceback (most recent call last):
    ...
    ValueError: expected a target card or a condition (LastIs, NeverDrawn, AllDrawn, AllOf), got 3
    """
    joint = joint_outcomes(card_a, card_b, bag=bag, shown=shown, draws=draws)
    return Dependence(p_a=joint.only_a + joint.both, p_b=joint.only_b + joint.both, both=joint.both)


def conditional_probability(
    card_a: Any, *, given: Any, bag: Mapping[str, int] | None = DEFAULT_BAG, shown: tuple[str, ...] = (),
    draws: int = DRAWS_PER_ROUND,
) -> Fraction:
    """P(A | B) = P(A and B) ÷ P(B): the chance of A among the rounds where B holds.

    >>> conditional_probability("never:purple", given="last:red")
    Fraction(5, 19)
    >>> conditional_probability("last:red", given="last:blue")
    Fraction(0, 1)
    >>> conditional_probability("last:red", given="never:red", bag={"red": 10, "blue": 1})
    Traceback (most recent call last):
    ...
    ValueError: the condition given has chance 0, so nothing can be known given it
    """
    d = dependence(card_a, given, bag=bag, shown=shown, draws=draws)
    if d.p_b == 0:
        raise ValueError("the condition given has chance 0, so nothing can be known given it")
    return d.both / d.p_b
