"""Time the Here Comes coach and its checks by wave, and count false reasons (issue 30: target 0).

Positions are the test's sweep (``tests/analysis/test_herecomes_coach.py``: distinct discard
steps from seeded bot games, trainers on, both redraw variants, a changed bag). For each, the
coach words its reason (``coach_discard``, the time a board waits) and the rules answer every
claim (``false_claims``, the test's cost). Prints CPU milliseconds per position by wave and the
false reasons found.

Usage: ``PYTHONPATH=. python benchmarks/bench_herecomes_coach.py [--positions 1000]``
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time

from pokelab.analysis.herecomes_coach import coach_discard
from tests.analysis.herecomes_positions import sweep


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=1000)
    args = parser.parse_args()
    words: dict[int, list[float]] = collections.defaultdict(list)
    checks: dict[int, list[float]] = collections.defaultdict(list)
    false = 0
    for state, seat in sweep(args.positions):
        wave = len(state.tokens)
        start = time.process_time()
        coach = coach_discard(state, seat)
        coach.describe("en"), coach.describe("zh")
        middle = time.process_time()
        false += bool(coach.false_claims())
        words[wave].append(1000 * (middle - start))
        checks[wave].append(1000 * (time.process_time() - middle))
    print(f"{args.positions} positions, {false} false reasons")
    print("tokens shown  positions  coach ms (median / max)  checks ms (median / max)")
    for wave in sorted(words):
        w, c = words[wave], checks[wave]
        print(f"{wave:12d}  {len(w):9d}  {statistics.median(w):8.1f} / {max(w):7.1f}"
              f"          {statistics.median(c):8.1f} / {max(c):7.1f}")


if __name__ == "__main__":
    main()
