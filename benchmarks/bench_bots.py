"""Bot speed: games per second for each bot pairing, and the search bots' seconds per decision.

    python benchmarks/bench_bots.py [--games 10]

The hardest Splendor level must decide within 1 s per move on one core: the
table prints the mean and the slowest decision of each MCTS level over the
main-phase positions of a few greedy games.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokelab.bots import make_bot
from pokelab.sim import play, simulate
from pokelab.splendor import legal_actions, observe

PAIRINGS = {
    "splendor": [
        ("random", "random"), ("random", "greedy"), ("greedy", "greedy"),
        ("greedy", "mcts-easy"), ("mcts-easy", "mcts-medium"), ("mcts-medium", "mcts-hard"),
    ],
    "herecomes": [
        ("random", "random"), ("random", "heuristic"), ("heuristic", "expected-points"),
        ("expected-points", "expected-points"),
    ],
}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10)
    args = p.parse_args()
    print(f"{'game':<10} {'pairing':<26} {'games/s':>9} {'s/game':>8}")
    for game, pairs in PAIRINGS.items():
        for a, b in pairs:
            n = args.games if "hard" not in b else max(2, args.games // 4)
            start = time.perf_counter()
            simulate(game, [a, b], games=n, seed=3, progress=False)
            secs = time.perf_counter() - start
            print(f"{game:<10} {a + ' v ' + b:<26} {n / secs:>9.2f} {secs / n:>8.3f}")
    positions = []
    for seed in range(3):
        record = play("splendor", ["greedy", "greedy"], seed=seed)
        positions += [s for s in record.states() if not s.is_over and s.phase == "main"][::4]
    print(f"\nMCTS seconds per decision over {len(positions)} positions (one core):")
    for level in ("easy", "medium", "hard"):
        bot = make_bot("splendor", f"mcts-{level}")
        times = []
        for s in positions:
            view, legal = observe(s, s.current_player), legal_actions(s)
            start = time.perf_counter()
            bot.choose(view, legal, random.Random(0))
            times.append(time.perf_counter() - start)
        print(f"  mcts-{level:<7} mean {sum(times) / len(times):.3f} s   max {max(times):.3f} s")


if __name__ == "__main__":
    main()
