"""How the probability tree is built: node counts by generating function, the branches, the nodes.

Private helpers of ``pokelab.odds.probability_tree`` (inputs are checked there).

>>> sequences_by_length((2, 1), 2)  # "", r, b; rr, rb, br
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import factorial
from typing import Any

from pokelab.herecomes.conditions import Condition
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.tree_nodes import OTHER

__all__ = ["build_nodes", "groups_of", "sequences_by_length"]


def sequences_by_length(counts: Sequence[int], depth: int) -> list[int]:
    """How many distinct token sequences of each length 0..depth a bag with ``counts`` gives.

    The exponential generating function: d! × [x^d] Π_i (Σ_{j ≤ n_i} x^j / j!).
    """
    poly = [Fraction(1)] + [Fraction(0)] * depth
    for n in counts:
        factor = [Fraction(1, factorial(j)) for j in range(min(n, depth) + 1)]
        out = [Fraction(0)] * (depth + 1)
        for i, a in enumerate(poly):
            if a:
                for j, b in enumerate(factor):
                    if i + j > depth:
                        break
                    out[i + j] += a * b
        poly = out
    return [int(poly[d] * factorial(d)) for d in range(depth + 1)]


def groups_of(
    counts: Sequence[int], seen: Sequence[int], keep: set[str] | None
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The tree's branches (colours left in the bag, the rest lumped into ``OTHER``) and their counts."""
    names: list[str] = []
    left: list[int] = []
    other = 0
    for colour, n, s in zip(COLOURS, counts, seen, strict=True):
        if keep is not None and colour not in keep:
            other += n - s
        elif n - s > 0:
            names.append(colour)
            left.append(n - s)
    if other:
        names.append(OTHER)
        left.append(other)
    return tuple(names), tuple(left)


def build_nodes(
    groups: tuple[str, ...],
    left: tuple[int, ...],
    depth: int,
    condition: Condition | None,
    bag: Mapping[str, int],
    shown: tuple[str, ...],
) -> tuple[dict[str, Any], ...]:
    """The nodes' fields depth-first (ids in pre-order), children in the groups' order (``TreeNode(**r)``)."""
    raw: list[dict[str, Any]] = []

    def visit(parent: int | None, token: str | None, branch: Fraction, probability: Fraction,
              path: tuple[str, ...], remaining: tuple[int, ...]) -> tuple[int, Fraction]:
        me = len(raw)
        raw.append({})
        children: list[int] = []
        hits = Fraction(0)
        achieved: bool | None = None
        if len(path) < depth:
            pool = sum(remaining)
            for g, n in enumerate(remaining):
                if not n:
                    continue
                step = Fraction(n, pool)
                after = (*remaining[:g], n - 1, *remaining[g + 1:])
                child, child_hits = visit(me, groups[g], step, probability * step, (*path, groups[g]), after)
                children.append(child)
                hits += child_hits
        elif condition is not None:
            achieved = bool(condition.holds(shown + path, bag))
            hits = probability if achieved else Fraction(0)
        raw[me] = dict(id=me, parent=parent, depth=len(path), token=token, branch=branch,
                       probability=probability, path=path, left=remaining,
                       children=tuple(children), achieved=achieved, hits=hits)
        return me, hits

    visit(None, None, Fraction(1), Fraction(1), (), left)
    return tuple(raw)
