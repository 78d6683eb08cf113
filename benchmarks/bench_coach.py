"""Splendor coach figures: playout speed, suggest/review time, and the coach's strength against a random move.

    python benchmarks/bench_coach.py [--positions 40] [--eval 200] [--level hard] [--skip-strength]

1. Speed (issue 23 target: 200 greedy playouts from an early position in at most
   1.5 s on one core): CPU seconds of ``win_probabilities(..., playouts=200)``
   from the opening and from a few moves in, best of 3.
2. ``suggest`` per level and ``review`` of one game, CPU seconds.
3. Strength: from ``--positions`` main-phase positions of seeded greedy games,
   the coach's top move at ``--level`` and a random legal move are each played
   out ``--eval`` times on fresh samples (a seed the coach never used, so its
   choice is judged on other luck), and the mover's win rates are compared,
   with 95 % Wilson intervals and the paired difference.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import best_of
from pokelab.analysis import review, suggest
from pokelab.analysis.playouts import known_position, run_playouts
from pokelab.analysis.splendor_win import win_probabilities
from pokelab.sim import play
from pokelab.splendor import legal_actions, new_game
from pokelab.stats import wilson_interval


def speed() -> None:
    """Print the CPU time of 200 greedy playouts from early positions."""
    opening = new_game(2, seed=1)
    early = list(play("splendor", ["greedy", "greedy"], seed=1).states())[6]
    for label, state in (("opening (round 1)", opening), (f"early (round {early.round})", early)):
        secs = best_of(3, lambda s=state: win_probabilities(s, s.current_player, playouts=200, bots="greedy"))
        print(f"200 greedy playouts, {label:<20} {secs:6.3f} s CPU  ({secs / 200 * 1e3:.2f} ms a playout)")
    t = time.perf_counter()
    win_probabilities(opening, 0, playouts=800, workers=2)
    print(f"800 playouts with workers=2 (wall)        {time.perf_counter() - t:6.3f} s")


def coach_times() -> None:
    """Print suggest's CPU time per level, and a whole-game review's."""
    states = list(play("splendor", ["greedy", "greedy"], seed=2).states())
    for label, state in (("opening", states[0]), ("mid-game", states[len(states) // 2])):
        for level in ("easy", "medium", "hard"):
            secs = best_of(1, lambda s=state, lv=level: suggest(s, k=3, level=lv))
            print(f"suggest level={level:<7} {label:<9} {secs:6.2f} s CPU")
    record = play("splendor", ["greedy", "random"], seed=3)
    t = time.process_time()
    rev = review(record, playouts=100)
    secs = time.process_time() - t
    print(f"review of a {len(record.actions)}-move game, 100 playouts a move: {secs:6.1f} s CPU, "
          f"{len(rev.mistakes())} mistakes flagged")


def strength(positions: int, evaluations: int, level: str) -> None:
    """Print the coach's top move's win rate against a random legal move's, from the same positions."""
    picked = []
    seed = 100
    while len(picked) < positions:
        states = [s for s in play("splendor", ["greedy", "greedy"], seed=seed).states()
                  if not s.is_over and s.phase == "main" and len(legal_actions(s)) > 1]
        rng = random.Random(seed)
        picked.extend(rng.sample(states, min(2, len(states))))
        seed += 1
    picked = picked[:positions]
    coach_wins = random_wins = 0.0
    diffs = []
    same = 0
    t = time.perf_counter()
    for i, state in enumerate(picked):
        me = state.current_player
        top = suggest(state, k=1, level=level, seed=i)[0].action
        other = random.Random(f"random-move:{i}").choice(legal_actions(state))
        same += top == other
        base, unseen = known_position(state, me)
        rows = run_playouts(base, unseen, [top, other], evaluations, 10_000 + i, ("greedy",) * len(state.players))
        a, b = float(rows[0][me]), float(rows[1][me])
        coach_wins += a
        random_wins += b
        diffs.append((a - b) / evaluations)
    n = positions * evaluations
    for label, wins in (("coach top move", coach_wins), ("random legal move", random_wins)):
        low, high = wilson_interval(wins, n)
        print(f"{label:<18} win rate {wins / n:.3f}  [{low:.3f}, {high:.3f}]  ({n} playouts)")
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(diffs))
    better = sum(d > 0 for d in diffs)
    print(f"paired difference over {positions} positions: {mean:+.3f}  [{mean - half:+.3f}, {mean + half:+.3f}]; "
          f"coach better in {better}, worse in {sum(d < 0 for d in diffs)}, same move {same}; "
          f"{time.perf_counter() - t:.0f} s wall")


def main() -> None:
    """Run the three parts."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--eval", type=int, default=200)
    p.add_argument("--level", default="hard")
    p.add_argument("--skip-strength", action="store_true")
    args = p.parse_args()
    speed()
    coach_times()
    if not args.skip_strength:
        strength(args.positions, args.eval, args.level)


if __name__ == "__main__":
    main()
