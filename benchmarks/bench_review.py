"""How long does a game's review take, and do its flags hold? (issue 30: ≤ 10 s for a whole game).

Games between kit bots of close strength (fixed seeds; moves can swing the game),
mcts-medium and mcts-hard seats among them (their playout stand-in is the dearest
policy), are reviewed as a board reviews them (``review(pairs, bots=...)``, the
board's ``review_playouts``), every move of both seats; each seat's moves are
timed apart too (a board reviews only its people's moves). For each game: CPU
seconds (the fair figure on a shared machine; worker processes included) and
wall-clock seconds, moves, flags. Then every flag is rechecked independently:
the move played and the better move, ``--recheck`` playouts each on a seed the
review never used. A flag *holds* if the better move is still better by more
than half the threshold there; one that does not is noise.

The machine's speed is printed beside the figures (ns per empty loop iteration,
best of 5, before and after): CPU seconds on a loaded machine run slower.

Full size (the lead's run): ``nice -n 5 python benchmarks/bench_review.py --games 10``
A small sample: ``--games 3 --recheck 200``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import calibrate, cpu_with_children
from pokelab.analysis import review
from pokelab.analysis.playouts import known_position, run_playouts
from pokelab.sim import play
from widgets import SplendorBoard

#: Who plays whom (seats both ways over the seeds): close in strength, so a move can swing the game
#: (against a far weaker seat every chance is near 0 or 1 and no move can fall short by 0.10).
#: mcts-medium and mcts-hard seats make the dearest reviews: their stand-in values three positions a move.
PAIRINGS = (
    ("mcts-medium", "greedy"), ("mcts-hard", "greedy"), ("mcts-easy", "mcts-medium"),
    ("mcts-hard", "mcts-medium"), ("greedy", "mcts-easy"),
)


def recheck(state: object, played: object, better: object, seat: int, playouts: int,
            bots: tuple[str, ...]) -> float:
    """The better move's share of wins minus the played move's, on ``playouts`` fresh playouts."""
    base, unseen = known_position(state, seat)
    rows = run_playouts(base, unseen, [played, better], playouts, 987_654, bots, workers=2)
    return float(rows[1][seat] - rows[0][seat]) / playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--start", type=int, default=0, help="the first game's number (seed)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--playouts", type=int,
                        default=SplendorBoard.class_traits()["review_playouts"].default_value)
    parser.add_argument("--recheck", type=int, default=400)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores), "
          f"{calibrate():.1f} ns per empty loop iteration")
    walls, cpus, seated, seats, held, flags = [], [], [], [], 0, 0
    for g in range(args.start, args.start + args.games):
        pair = PAIRINGS[(g // 2) % len(PAIRINGS)]  # each pairing twice, seats swapped
        bots = pair if g % 2 == 0 else pair[::-1]
        seated.append(bots)
        record = play("splendor", list(bots), seed=g)
        pairs = list(zip(record.states(), (a for _, a in record.actions), strict=False))  # the last state: no move
        # Each seat's moves reviewed apart (a board reviews only its people's moves); every move has its own
        # playout seeds, so together they are the review of the whole game, move for move.
        w, seat_cpu, mistakes = time.perf_counter(), [], []
        for seat in range(len(bots)):
            mine = [i for i in range(len(pairs)) if pairs[i][0].current_player == seat]
            c = cpu_with_children()
            rev = review([pairs[i] for i in mine], playouts=args.playouts, seed=g, workers=args.workers, bots=bots)
            seat_cpu.append(cpu_with_children() - c)
            mistakes += [(mine[m.index], m) for m in rev.mistakes()]
        walls.append(time.perf_counter() - w)
        cpus.append(sum(seat_cpu))
        seats.extend(zip(seat_cpu, bots, strict=True))
        line = []
        for index, m in sorted(mistakes, key=lambda im: im[0]):
            gap = recheck(pairs[index][0], m.action, m.better.action, m.seat, args.recheck, bots)
            flags += 1
            held += gap > rev.threshold / 2
            line.append(f"{gap:+.2f}")
        print(f"game {g} {bots[0]} v {bots[1]}: {len(pairs)} moves, review {cpus[-1]:.1f} s CPU "
              f"({cpus[-1] / max(1, len(pairs)):.2f} s a move; one seat's moves: "
              f"{' and '.join(f'{c:.1f}' for c in seat_cpu)} s), {walls[-1]:.1f} s wall, {len(mistakes)} flags "
              f"(rechecked gaps: {' '.join(line) or '-'})", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{calibrate():.1f} ns per empty loop iteration")
    print(f"review of a whole game ({args.playouts} playouts, workers={args.workers}): CPU median "
          f"{statistics.median(cpus):.1f} s, worst {max(cpus):.1f} s; wall median {statistics.median(walls):.1f} s, "
          f"worst {max(walls):.1f} s (target <= 10 s)")
    for name in sorted({b for bots in seated for b in bots}):
        mine = [c for c, bots in zip(cpus, seated, strict=True) if name in bots]
        print(f"  games with a {name} seat: CPU median {statistics.median(mine):.1f} s, worst {max(mine):.1f} s "
              f"({len(mine)} games)")
    print(f"a board's review of one seat's moves (a person's, played here by the bot named): CPU median "
          f"{statistics.median(c for c, _ in seats):.1f} s, worst {max(c for c, _ in seats):.1f} s")
    print(f"flags that hold on {args.recheck} fresh playouts: {held} of {flags}")


if __name__ == "__main__":
    main()
