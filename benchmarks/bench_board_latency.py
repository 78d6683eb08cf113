"""The Splendor board's move latency as the page feels it: prints milliseconds, best of repeats.

Plays the same seeded games against ``greedy`` with the coach panel off and on
(no playouts: ``odds_playouts = line_playouts = 0``, so only the kernel's own
share is timed) and times each human move sent as the page sends it, an
``intent`` message answered by ``handle_message`` (parse, engine, log, publish,
coach panel). It uses only the board's public API, so the same script times any
two trees: run it from each, interleaved, and compare the medians.

The machine may be shared, so a move's time is the CPU time of this process
(``time.process_time``: the board's own work, whichever thread does it, not the
waits for a busy core); each setting is played ``--repeats`` times and, per
move, the fastest of the repeats is kept; the figure is the median of those.

    .venv/bin/python benchmarks/bench_board_latency.py [--games 3] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pokelab import splendor as sp
from pokelab.bots import make_bot
from widgets import SplendorBoard


def move_times(panel: bool, games: int) -> list[float]:
    """CPU milliseconds per human move (an ``intent`` message), in play order, over ``games`` seeded games."""
    times: list[float] = []
    greedy = make_bot("splendor", "greedy")
    for seed in range(games):
        board = SplendorBoard(bots={1: "greedy"}, seed=seed, odds=panel, coach=panel)
        board.odds_playouts = board.line_playouts = 0  # only the kernel's own share
        board.wait_coach()  # the first position's playouts must not share the CPU
        board.run_bots()
        while not board.state.is_over:
            s = board.state
            action = greedy.choose(sp.observe(s, s.current_player), sp.legal_actions(s), random.Random(0))
            message = {"type": "intent", "action": {"kind": "text", "text": str(action)}}
            started = time.process_time()
            reply = board.handle_message(message)
            times.append((time.process_time() - started) * 1000)
            assert reply["ok"], reply
            board.run_bots()
        board.close()
    return times


def best_median(panel: bool, games: int, repeats: int) -> float:
    """The median over moves of each move's fastest time across ``repeats`` plays of the same games."""
    runs = [move_times(panel, games) for _ in range(repeats)]
    return statistics.median(min(per_move) for per_move in zip(*runs, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per setting (default 3)")
    parser.add_argument("--repeats", type=int, default=5, help="plays of the same games (default 5)")
    args = parser.parse_args()
    move_times(False, 1)  # warm the caches and imports once
    off = best_median(False, args.games, args.repeats)
    on = best_median(True, args.games, args.repeats)
    print(f"intent message, panel off: {off:.3f} ms (median over moves of the best of {args.repeats})")
    print(f"intent message, panel on:  {on:.3f} ms (median over moves of the best of {args.repeats})")


if __name__ == "__main__":
    main()
