"""How long does ``suggest(k=3, level="hard")`` take? Median, 95th percentile and worst (issue 30: p95 ≤ 1.5 s).

Positions are the main-phase positions of seeded games between the kit's bots
(every ``--every``-th one). Each is timed once in wall-clock and CPU seconds;
on a shared machine the CPU time is the fairer figure, the wall time is what a
pupil waits. CPU time counts the worker processes too (``--workers 2``: the
playouts spread over two cores, so the wall time on an idle 2-core machine is
about half the CPU time); the load average is printed before and after.

Full size (the lead's run): ``python benchmarks/bench_coach_p95.py --positions 200``
A small sample: ``--positions 20``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import cpu_with_children
from pokelab.analysis import suggest
from pokelab.sim import play
from pokelab.splendor import legal_actions

PAIRINGS = (("greedy", "mcts-medium"), ("mcts-hard", "greedy"), ("greedy", "greedy"))


def _positions(count: int, every: int) -> list[object]:
    found: list[object] = []
    seed = 0
    while len(found) < count:
        for bots in PAIRINGS:
            states = [s for s in play("splendor", list(bots), seed=seed).states()
                      if not s.over and s.phase == "main" and len(legal_actions(s)) > 1]
            found += states[::every]
        seed += 1
    return found[:count]


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    wall, cpu = [], []
    positions = _positions(args.positions, args.every)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    for i, state in enumerate(positions):
        w, c = time.perf_counter(), cpu_with_children()
        suggest(state, k=3, level="hard", seed=i, workers=args.workers)
        wall.append(time.perf_counter() - w)
        cpu.append(cpu_with_children() - c)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, xs in (("wall", wall), ("CPU", cpu)):
        print(f"suggest(k=3, level='hard') {name}: median {statistics.median(xs):.2f} s, "
              f"p95 {_quantile(xs, 0.95):.2f} s, worst {max(xs):.2f} s over {len(xs)} positions "
              f"(workers={args.workers}; target p95 <= 1.5 s)")


if __name__ == "__main__":
    main()
