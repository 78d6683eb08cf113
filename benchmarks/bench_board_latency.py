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

It also walks one move's path (``click_path``): the Python calls of the kit (``pokelab/`` and
``widgets/`` functions) one ``intent`` runs and the source files they live in, counted with
``sys.setprofile`` — the figure of issue 44's "one click walks ~34 files".

    .venv/bin/python benchmarks/bench_board_latency.py [--games 3] [--repeats 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

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


ROOT = Path(__file__).resolve().parent.parent


def click_path(moves: int = 10) -> tuple[float, float, int]:
    """Median kit calls and kit files per human move, and the files any of ``moves`` moves touched (panel off)."""
    kit = (str(ROOT / "pokelab"), str(ROOT / "widgets"))
    greedy = make_bot("splendor", "greedy")
    board = SplendorBoard(bots={1: "greedy"}, seed=0)
    board.run_bots()
    calls: list[int] = []
    files: list[int] = []
    every: set[str] = set()
    for _ in range(moves):
        s = board.state
        if s.is_over:
            break
        action = greedy.choose(sp.observe(s, s.current_player), sp.legal_actions(s), random.Random(0))
        seen: Counter[str] = Counter()

        def profile(frame, event, _arg, seen=seen) -> None:
            if event == "call" and frame.f_code.co_filename.startswith(kit):
                seen[frame.f_code.co_filename] += 1

        sys.setprofile(profile)
        try:
            board.handle_message({"type": "intent", "action": {"kind": "text", "text": str(action)}})
        finally:
            sys.setprofile(None)
        calls.append(sum(seen.values()))
        files.append(len(seen))
        every |= set(seen)
        board.run_bots()
    board.close()
    return statistics.median(calls), statistics.median(files), len(every)


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
    calls, files, touched = click_path()
    print(f"one click's path (panel off): median {calls:.0f} kit calls in {files:.0f} kit files; {touched} files over 10 moves")


if __name__ == "__main__":
    main()
