#!/usr/bin/env python3
"""Print every Here Comes target card with its exact probability, points and expected points.

The probability is the chance that the card's condition holds on the 10 final
tokens of a round drawn from the bag (default bag, no redraw). It comes from
``pokelab.odds.probability``; ``--brute`` recomputes it here by enumerating
every multiset of 10 tokens (hypergeometric weights; the last token is any
drawn token with equal chance) as an independent check. The closing lines
compare the expected points within each kind (HC-C2).

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

from pokelab.herecomes.bag import COLOURS, DEFAULT_BAG, DRAWS_PER_ROUND, validate_bag
from pokelab.herecomes.cards import KINDS, TARGETS
from pokelab.herecomes.conditions import Condition


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
        def prob(condition: Condition) -> Fraction:
            return brute_probability(condition, bag)
    else:
        from pokelab.odds import probability

        def prob(condition: Condition) -> Fraction:
            return probability(condition, bag=bag)

    cache: dict[str, Fraction] = {}
    by_kind: dict[str, list[float]] = {k: [] for k in KINDS}
    print(f"bag: {bag}  ({'brute force' if args.brute else 'pokelab.odds'})")
    print(f"{'card':5} {'name':12} {'kind':7} {'condition':34} {'P exact':>12} {'P %':>7} {'pts':>4} {'E[pts]':>7}")
    for card in TARGETS.values():
        code = card.condition.code()
        if code not in cache:
            cache[code] = prob(card.condition)
        p = cache[code]
        expected = float(p) * card.points
        by_kind[card.kind].append(expected)
        name = card.name(args.lang)
        print(
            f"{card.id:5} {name:12} {card.kind:7} {code:34} {p!s:>12} {100 * float(p):7.3f} "
            f"{card.points:4d} {expected:7.4f}"
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
