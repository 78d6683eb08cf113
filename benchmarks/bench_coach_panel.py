"""What the Splendor coach panel costs the kernel per move (issue 23): prints milliseconds.

The playouts run in their own process; what stays in the kernel, on the path of
every click, is keeping the line, the exact card odds (turns to afford, the
needed evolutions, the opponents' next-refill chance) and sending the ``coach``
trait. This script plays the same seeded games with the panel off and on (no
playouts: ``odds_playouts = line_playouts = 0``) and prints the median time of
one human move (``board.play`` and the board's publish; and the same move sent
as the page sends it, an ``intent`` message answered by ``handle_message``), and
the coach's own share of it.

    .venv/bin/python benchmarks/bench_coach_panel.py [--games 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pokelab import splendor as sp
from pokelab.bots import make_bot
from widgets import SplendorBoard


def move_times(odds: bool, games: int, message: bool = False) -> tuple[list[float], list[float]]:
    """Milliseconds per human move, and per coach publish, over ``games`` seeded games.

    ``message``: each move is sent as the page's ``intent`` message rather than ``board.play``.
    """
    per_move, per_panel = [], []
    greedy = make_bot("splendor", "greedy")
    for seed in range(games):
        board = SplendorBoard(bots={1: "greedy"}, seed=seed, odds=odds, coach=odds)
        board.odds_playouts = board.line_playouts = 0  # only the kernel's own share
        board.wait_coach()  # the first position's playouts (asked for before the line above) must not share the CPU
        board.run_bots()
        while not board.state.is_over:
            s = board.state
            action = greedy.choose(sp.observe(s, s.current_player), sp.legal_actions(s), random.Random(0))
            started = time.perf_counter()
            if message:
                reply = board.handle_message({"type": "intent", "action": {"kind": "text", "text": str(action)}})
                assert reply["ok"], reply
            else:
                board.play(action)
            per_move.append((time.perf_counter() - started) * 1000)
            if odds:
                started = time.perf_counter()
                with board._coach.lock:
                    board._coach.publish(again=True)
                per_panel.append((time.perf_counter() - started) * 1000)
            board.run_bots()
        board.close()
    return per_move, per_panel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per setting (default 3)")
    args = parser.parse_args()
    off, _ = move_times(False, args.games)
    on, panel = move_times(True, args.games)
    off_msg, _ = move_times(False, args.games, message=True)
    on_msg, _ = move_times(True, args.games, message=True)
    print(f"human move, panel off: median {statistics.median(off):.2f} ms over {len(off)} moves")
    print(f"human move, panel on:  median {statistics.median(on):.2f} ms over {len(on)} moves")
    print(f"page intent message, panel off: median {statistics.median(off_msg):.2f} ms over {len(off_msg)} moves")
    print(f"page intent message, panel on:  median {statistics.median(on_msg):.2f} ms over {len(on_msg)} moves")
    print(
        f"coach publish alone (card odds + line + trait): median {statistics.median(panel):.2f} ms, "
        f"90th percentile {statistics.quantiles(panel, n=10)[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
