"""How long does a game's review take, and do its flags hold? (issue 30: ≤ 10 s for a whole game).

Games between kit bots of close strength (fixed seeds; moves can swing the game)
are reviewed as a board reviews them (``review(pairs, bots=...)``,
the board's ``review_playouts``). For each game: wall-clock and CPU seconds
(the worker processes included), moves, flags. Then every flag is rechecked
independently: the move played and the better move, 1,000 playouts each on a
seed the review never used. A flag *holds* if the better move is still better
by more than half the threshold there; one that does not is noise.

Full size (the lead's run): ``python benchmarks/bench_review.py --games 6 --workers 2``
A small sample: ``--games 2 --recheck 200``.
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
from pokelab.analysis import review
from pokelab.analysis.splendor_win import known_position, run_playouts
from pokelab.sim import play
from widgets import SplendorBoard

#: Who plays whom (seats both ways over the seeds): close in strength, so a move can swing the game
#: (against a far weaker seat every chance is near 0 or 1 and no move can fall short by 0.10).
PAIRINGS = (("greedy", "mcts-easy"), ("mcts-medium", "greedy"), ("mcts-easy", "mcts-medium"))


def recheck(state: object, played: object, better: object, seat: int, playouts: int,
            bots: tuple[str, ...]) -> float:
    """The better move's share of wins minus the played move's, on ``playouts`` fresh playouts."""
    base, unseen = known_position(state, seat)
    rows = run_playouts(base, unseen, [played, better], playouts, 987_654, bots, workers=2)
    return float(rows[1][seat] - rows[0][seat]) / playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--playouts", type=int,
                        default=SplendorBoard.class_traits()["review_playouts"].default_value)
    parser.add_argument("--recheck", type=int, default=1000)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    walls, cpus, held, flags = [], [], 0, 0
    for g in range(args.games):
        pair = PAIRINGS[(g // 2) % len(PAIRINGS)]
        bots = pair if g % 2 == 0 else pair[::-1]
        record = play("splendor", list(bots), seed=g)
        pairs = list(zip(record.states(), (a for _, a in record.actions), strict=False))  # the last state: no move
        w, c = time.perf_counter(), cpu_with_children()
        rev = review(pairs, playouts=args.playouts, seed=g, workers=args.workers, bots=bots)
        walls.append(time.perf_counter() - w)
        cpus.append(cpu_with_children() - c)
        line = []
        for m in rev.mistakes():
            gap = recheck(pairs[m.index][0], m.action, m.better.action, m.seat, args.recheck, bots)
            flags += 1
            held += gap > rev.threshold / 2
            line.append(f"{gap:+.2f}")
        print(f"game {g} {bots[0]} v {bots[1]}: {len(pairs)} moves, review {walls[-1]:.1f} s wall, "
              f"{cpus[-1]:.1f} s CPU, {len(rev.mistakes())} flags (rechecked gaps: {' '.join(line) or '-'})",
              flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"review of a game ({args.playouts} playouts, workers={args.workers}): wall median "
          f"{statistics.median(walls):.1f} s, worst {max(walls):.1f} s; CPU median {statistics.median(cpus):.1f} s, "
          f"worst {max(cpus):.1f} s (target <= 10 s)")
    print(f"flags that hold on {args.recheck} fresh playouts: {held} of {flags}")


if __name__ == "__main__":
    main()
