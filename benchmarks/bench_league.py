"""A class bot league of 12 bots on this machine: games per minute and move latency through the store (issue 46).

    python benchmarks/bench_league.py [--kernels 3] [--bots 3] [--games-per-pair 1] [--game herecomes]

The teacher's process (this one) creates a class and a league on a SQLite file, adds the game's house
bots (three for Here Comes: random, heuristic, expected-points), and starts ``--kernels`` pupils'
kernels as separate processes (this file again, ``--kernel``), each entering ``--bots`` bots (first
legal move, random move, in turn) with their runners. ``League.play_round`` then plays every pair
(house against house excepted) ``--games-per-pair`` times. Printed: the games, the wall time, games per
minute, the pupils' moves, and the move latency their runners measured — from reading a table's new
revision to the move stored (``Runner.latencies``: the seat's view, the bot's choice in its worker
thread, ``Table.play``) — median, p95, p99 and max. No asserts: figures only (the machine is shared).

Measured on the kit's shared 2-core machine (load average 5–7, SQLite file, defaults): 63 games in 161 s,
23.5 games per minute; 8,638 pupils' moves (54 a second), latency median 22 ms, p95 119 ms, p99 311 ms.
At load 11–14 the same run took 292 s (12.9 games per minute, p99 937 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokelab.bots import available_bots  # noqa: E402
from pokelab.classroom import ClassStore  # noqa: E402
from pokelab.league import League  # noqa: E402


class First:
    def choose(self, view, legal, rng):
        return legal[0]


class Rando:
    def choose(self, view, legal, rng):
        return rng.choice(legal)


def kernel(url: str, code: str, join_code: str, author: str, bots: int) -> None:
    """A pupil's kernel: enter ``bots`` bots, play until stdin closes, print the runners' latencies."""
    league = League(ClassStore.connect(url), code)
    entries = [
        league.enter((First, Rando)[i % 2](), name=f"{author} {i}", join_code=join_code, author=author)
        for i in range(bots)
    ]
    print(json.dumps({"ready": True}), flush=True)
    sys.stdin.read()
    for entry in entries:
        entry.stop(2.0)
    print(json.dumps({"latencies": [x for e in entries for x in e.runner.latencies],
                      "problems": sum(len(e.runner.problems) for e in entries)}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", type=int, default=3)
    parser.add_argument("--bots", type=int, default=3)
    parser.add_argument("--games-per-pair", type=int, default=1)
    parser.add_argument("--game", default="herecomes")
    parser.add_argument("--kernel", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.kernel:
        url, code, join_code, author, bots = args.kernel
        kernel(url, code, join_code, author, int(bots))
        return
    folder = tempfile.mkdtemp(prefix="bench-league-")
    url = f"sqlite:///{folder}/class.db"
    store = ClassStore.connect(url)
    join_code, key = store.create_class("bench")
    league = League.create(store, join_code, key, args.game, games_per_pair=args.games_per_pair)
    house = [b for b in ("random", "heuristic", "expected-points", "greedy") if b in available_bots(args.game)][:3]
    for bot in house:
        league.add_house(bot, teacher_key=key)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kernels = [
        subprocess.Popen([sys.executable, __file__, "--kernel", url, league.code, join_code, f"pupil{k}",
                          str(args.bots)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        for k in range(args.kernels)
    ]
    for k in kernels:
        assert json.loads(k.stdout.readline())["ready"]
    bots = len(league.entries())
    start = time.perf_counter()
    report = league.play_round(join_code=join_code, teacher_key=key, timeout=3600)
    wall = time.perf_counter() - start
    latencies: list[float] = []
    problems = 0
    for k in kernels:
        k.stdin.close()
        out = json.loads(k.stdout.readline())
        latencies += out["latencies"]
        problems += out["problems"]
        k.wait(30)
    latencies.sort()

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))]

    print(f"{bots} bots ({len(house)} house), {args.kernels} pupils' kernels, game {args.game}, "
          f"{args.games_per_pair} game(s) per pair, {os.cpu_count()} cores")
    print(f"games: {report.done} done, {report.left} left, absent {report.absent}, in {wall:.1f} s: "
          f"{60 * report.done / wall:.1f} games per minute")
    print(f"pupils' moves: {len(latencies)} ({len(latencies) / wall:.1f} per second), default moves {problems}")
    print(f"move latency (revision seen -> move stored), ms: median {pct(0.5):.1f}, p95 {pct(0.95):.1f}, "
          f"p99 {pct(0.99):.1f}, max {1000 * latencies[-1]:.1f}, mean {1000 * statistics.fmean(latencies):.1f}")
    print(league.standings(teacher_key=key)[["bot", "games", "wins", "win_rate", "rating", "rating_sd"]].to_string())


if __name__ == "__main__":
    main()
