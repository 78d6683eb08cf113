"""How long a pupil waits for a board's Review once the game is over (issue 30: ≤ 10 s for a whole game).

The board's coach reviews the people's moves while the game goes on, one move at
a time whenever it has nothing more urgent to do, so a Review asked for at the
end waits only for the moves not reviewed yet. This replays ``bench_review``'s
games (the same seeds and pairings, game 1 the 100-round one) on a
``SplendorBoard`` with the coach on and both seats played by people (a hot-seat
board: every move is reviewed), its odds off so the coach's only background
work is the review. Printed for each game:

* **pause**: after each move the script waits until the coach is idle; that wait
  is the pause a pupil must take for the move to be reviewed before the next
  (median and worst). A pupil thinking longer than that leaves nothing for the end;
* **review wait**: the seconds from asking for the Review to its rows on the board;
* **--no-pause**: every move played at once, then the Review asked for: the whole
  game reviewed at the end (as ``review()`` alone does, on the board's processes).

Wall-clock seconds (what a pupil waits); the load average is printed before and after.
The boards and the analysis are imported inside the functions: a playout process
started by forkserver imports the main module's top level first, and a kernel's
(``ipykernel_launcher``) imports almost nothing, so this script's must not either.

Full size (the lead's run): ``python benchmarks/bench_board_review.py --games 10``
A small sample: ``--games 2 --no-pause``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

WAIT = 600


def replay(seed: int, bots: tuple[str, str], *, pause: bool) -> tuple[int, list[float], float, int]:
    """(moves, the pauses after each move, the review's wait, the review's rows) of game ``seed`` on a board."""
    from pokelab.sim import play
    from widgets import SplendorBoard

    record = play("splendor", list(bots), seed=seed)
    board = SplendorBoard.from_state(next(record.states()), bots={}, odds=False, coach=True,
                                     seed=seed)
    pauses = []
    try:
        for _seat, action in record.actions:
            board.play(action)
            if pause:
                started = time.perf_counter()
                if not board.wait_coach(WAIT):
                    raise RuntimeError(f"game {seed}: the coach was still busy after {WAIT} s")
                pauses.append(time.perf_counter() - started)
        started = time.perf_counter()
        asked = board.handle_message({"type": "coach_review"})
        if not asked["ok"]:
            raise RuntimeError(f"game {seed}: the board refused the Review: {asked}")
        if not board.wait_coach(WAIT):
            raise RuntimeError(f"game {seed}: no Review after {WAIT} s")
        waited = time.perf_counter() - started
        shown = board.coach["review"]
        if shown["pending"] or shown["failed"]:
            raise RuntimeError(f"game {seed}: the Review failed")
        return len(record.actions), pauses, waited, len(shown["moves"])
    finally:
        board.close()


def main() -> None:
    from benchmarks.bench_review import PAIRINGS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--start", type=int, default=0, help="the first game's number (seed)")
    parser.add_argument("--no-pause", action="store_true", help="play every move at once, then ask for the Review")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    waits, all_pauses = [], []
    for g in range(args.start, args.start + args.games):
        pair = PAIRINGS[(g // 2) % len(PAIRINGS)]
        bots = pair if g % 2 == 0 else pair[::-1]
        moves, pauses, waited, rows = replay(g, bots, pause=not args.no_pause)
        waits.append(waited)
        all_pauses += pauses
        pause_text = (f"pause after a move median {statistics.median(pauses):.2f} s, worst {max(pauses):.2f} s; "
                      if pauses else "")
        print(f"game {g} ({bots[0]} v {bots[1]}, {moves} moves, {rows} reviewed): {pause_text}"
              f"review wait {waited:.2f} s", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if all_pauses:
        ordered = sorted(all_pauses)
        print(f"pause a move's review needs: median {statistics.median(ordered):.2f} s, "
              f"p95 {ordered[round(0.95 * (len(ordered) - 1))]:.2f} s, worst {ordered[-1]:.2f} s "
              f"over {len(ordered)} moves")
    print(f"review wait once the game is over ({'no pauses' if args.no_pause else 'pauses'}): median "
          f"{statistics.median(waits):.2f} s, worst {max(waits):.2f} s over {len(waits)} games (target <= 10 s)")


if __name__ == "__main__":
    main()
