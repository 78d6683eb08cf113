"""Runner speed: games per second in one process and in a process pool, and the pool's speed-up.

    python benchmarks/bench_sim.py [--games 200] [--workers N]

Prints figures only (timing never lives in tests). On a shared machine the
speed-up depends on what else runs; the figure printed is what this run saw.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokelab.sim import simulate

CASES = [
    ("splendor", ["random", "random"]),
    ("splendor", ["greedy", "greedy"]),
    ("herecomes", ["random", "random", "random"]),
    ("herecomes", ["heuristic", "heuristic", "heuristic"]),
]


def rate(game: str, bots: list[str], games: int, executor=None) -> tuple[float, float]:
    start = time.perf_counter()
    df = simulate(game, bots, games=games, seed=1, executor=executor, progress=False)
    secs = time.perf_counter() - start
    return games / secs, float(df["rounds"].mean())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = p.parse_args()
    print(f"cores: {os.cpu_count()}, pool workers: {args.workers}, games per case: {args.games}")
    print(f"{'game':<10} {'bots':<32} {'1 process':>12} {'pool':>12} {'speed-up':>9} {'rounds':>7}")
    with ProcessPoolExecutor(args.workers) as pool:
        pool.submit(int).result()  # start the workers before timing
        for game, bots in CASES:
            one, rounds = rate(game, bots, args.games)
            many, _ = rate(game, bots, args.games, pool)
            print(f"{game:<10} {','.join(bots):<32} {one:>9.1f} g/s {many:>9.1f} g/s "
                  f"{many / one:>8.2f}x {rounds:>7.1f}")


if __name__ == "__main__":
    main()
