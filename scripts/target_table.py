#!/usr/bin/env python3
"""Print every Here Comes target card with its exact probability, points and expected points.

The probability is the chance that the card's condition holds on the 10 final
tokens of a round drawn from the bag (default bag, no redraw). It comes from
``pokelab.odds.probability``; ``--brute`` recomputes it here by enumerating
every multiset of 10 tokens (hypergeometric weights; the last token is any
drawn token with equal chance) as an independent check. The column "P redraw"
is the chance when the last token is always put back and redrawn (HC-R4,
``pokelab.odds.redraw_probability``; ``--brute``: every multiset of the first 9
tokens, then the token put back and the new one): gray and orange cards keep
their chance, purple cards lose some, since the token put back has appeared
(HC-C2). The closing lines compare the expected points (no redraw) within each
kind (HC-C2).

Usage:  .venv/bin/python scripts/target_table.py [--brute] [--lang zh] [--bag red=6,blue=5,...]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND, validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.conditions import Condition
from pokelab.herecomes.pieces import COLOURS, KINDS


def brute_probability(condition: Condition, bag: Mapping[str, int], draws: int = DRAWS_PER_ROUND) -> Fraction:
    """Exact P(condition) by enumerating every multiset of ``draws`` tokens and every last colour."""
    counts = [bag.get(c, 0) for c in COLOURS]
    total = comb(sum(counts), draws)
    result = Fraction(0)
    for drawn in product(*(range(k + 1) for k in counts)):
        if sum(drawn) != draws:
            continue
        weight = Fraction(1, total)
        for k, d in zip(counts, drawn, strict=True):
            weight *= comb(k, d)
        for i, colour in enumerate(COLOURS):
            if not drawn[i]:
                continue
            tokens = [c for j, c in enumerate(COLOURS) for _ in range(drawn[j] - (j == i))] + [colour]
            if condition.holds(tokens, bag):
                result += weight * Fraction(drawn[i], draws)
    return result


def brute_redraw_probability(
    condition: Condition, bag: Mapping[str, int], draws: int = DRAWS_PER_ROUND
) -> Fraction:
    """Exact P(condition) after a redraw: every multiset of the first ``draws - 1`` tokens,
    then the last token L and, L put back, the new token N (both from the same left-over tokens).
    Final tokens: the first ones + N; appeared: the first ones + L + N (HC-C2, HC-R4)."""
    counts = [bag.get(c, 0) for c in COLOURS]
    first = draws - 1
    total = comb(sum(counts), first)
    pool = sum(counts) - first
    result = Fraction(0)
    for drawn in product(*(range(k + 1) for k in counts)):
        if sum(drawn) != first:
            continue
        weight = Fraction(1, total)
        for k, d in zip(counts, drawn, strict=True):
            weight *= comb(k, d)
        head = [c for j, c in enumerate(COLOURS) for _ in range(drawn[j])]
        left = [k - d for k, d in zip(counts, drawn, strict=True)]
        for i, returned in enumerate(COLOURS):
            for j, new in enumerate(COLOURS):
                if (
                    left[i]
                    and left[j]
                    and condition.holds([*head, new], bag, [*head, returned, new])
                ):
                    result += weight * Fraction(left[i] * left[j], pool * pool)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brute", action="store_true", help="enumerate here instead of pokelab.odds")
    parser.add_argument("--lang", choices=("en", "zh"), default="en")
    parser.add_argument("--bag", help="a bag such as red=6,blue=5,green=4,yellow=3,purple=2")
    args = parser.parse_args(argv)
    bag = dict(DEFAULT_BAG)
    if args.bag:
        bag = validate_bag({k: int(v) for k, v in (part.split("=") for part in args.bag.split(","))})
    if args.brute:

        def prob(condition: Condition) -> tuple[Fraction, Fraction]:
            return brute_probability(condition, bag), brute_redraw_probability(condition, bag)
    else:
        from pokelab.odds import probability, redraw_probability

        def prob(condition: Condition) -> tuple[Fraction, Fraction]:
            return probability(condition, bag=bag), redraw_probability(condition, bag=bag)

    cache: dict[str, tuple[Fraction, Fraction]] = {}
    by_kind: dict[str, list[float]] = {k: [] for k in KINDS}
    print(f"bag: {bag}  ({'brute force' if args.brute else 'pokelab.odds'})")
    print(
        f"{'card':5} {'name':12} {'kind':7} {'condition':34} {'P exact':>12} {'P %':>7} "
        f"{'P redraw %':>10} {'pts':>4} {'E[pts]':>7}"
    )
    for card in TARGETS.values():
        code = card.condition.code()
        if code not in cache:
            cache[code] = prob(card.condition)
        p, p_redraw = cache[code]
        expected = float(p) * card.points
        by_kind[card.kind].append(expected)
        name = card.name(args.lang)
        print(
            f"{card.id:5} {name:12} {card.kind:7} {code:34} {p!s:>12} {100 * float(p):7.3f} "
            f"{100 * float(p_redraw):10.3f} {card.points:4d} {expected:7.4f}"
        )
    print()
    for kind, values in by_kind.items():
        if values:
            print(
                f"{kind:7} cards: {len(values):2d}  expected points per card "
                f"{min(values):.4f} .. {max(values):.4f}  (ratio {max(values) / min(values):.2f})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
