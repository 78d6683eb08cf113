"""Print the speed of the Here Comes engine: full random 4-player games.

Figures: games per second, applied actions per game (draws, discards, votes,
keeps, trainer uses), µs per action and actions per second. Target (issue 3):
at least 50,000 applied actions per second on one core in pure Python.

Two loops are timed: the *engine loop* (``legal_actions`` + a uniform random
choice + ``apply``; chance by ``sample``) — the cost of the rules themselves —
and the *bot loop*, which also builds each acting player's JSON view with
``observe`` and asks ``RandomBot``, as the simulation runner does.

The machine may be shared, so times are CPU time (``time.process_time``),
best of several repeats, with a calibration line (ns per empty loop iteration).

Usage: ``python benchmarks/bench_herecomes.py [--games N] [--repeats R] [--players P]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import calibrate

from pokelab.bots import RandomBot
from pokelab.herecomes import apply, legal_actions, new_game, observe, sample


def engine_loop(games: int, players: int, seed: int) -> int:
    """Play ``games`` random games; return the number of applied actions."""
    actions = 0
    for g in range(games):
        rng = random.Random(seed + g)
        s = new_game(players, seed=seed + g)
        while not s.is_over:
            if s.is_chance:
                a = sample(s, rng)
            else:
                to_move = s.to_move
                p = to_move[rng.randrange(len(to_move))]
                legal = legal_actions(s, p)
                a = legal[rng.randrange(len(legal))]
            s = apply(s, a)
            actions += 1
    return actions


def bot_loop(games: int, players: int, seed: int) -> int:
    """As ``engine_loop`` but each decision sees ``observe(state, player)`` and a RandomBot chooses."""
    bot = RandomBot()
    actions = 0
    for g in range(games):
        rng = random.Random(seed + g)
        s = new_game(players, seed=seed + g)
        while not s.is_over:
            if s.is_chance:
                a = sample(s, rng)
            else:
                p = s.to_move[rng.randrange(len(s.to_move))]
                a = bot.choose(observe(s, p), legal_actions(s, p), rng)
            s = apply(s, a)
            actions += 1
    return actions


def timed(fn, repeats: int, *args) -> tuple[float, int]:
    best, count = float("inf"), 0
    for _ in range(repeats):
        t = time.process_time()
        count = fn(*args)
        best = min(best, time.process_time() - t)
    return best, count


def report(label: str, seconds: float, games: int, actions: int) -> float:
    per_second = actions / seconds
    print(
        f"{label:12} {games / seconds:9.1f} games/s  {actions / games:7.1f} actions/game  "
        f"{1e6 * seconds / actions:6.2f} µs/action  {per_second:10,.0f} actions/s"
    )
    return per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(f"calibration: {calibrate():.1f} ns per empty loop iteration (CPU time, best of 5)")
    print(f"{args.games} random {args.players}-player games, best of {args.repeats}")
    seconds, actions = timed(engine_loop, args.repeats, args.games, args.players, 1000)
    rate = report("engine loop", seconds, args.games, actions)
    bot_games = max(1, args.games // 5)
    seconds, actions = timed(bot_loop, args.repeats, bot_games, args.players, 1000)
    report("bot loop", seconds, bot_games, actions)
    verdict = "meets" if rate >= 50_000 else "MISSES"
    print(f"engine loop {verdict} the target of 50,000 applied actions/s")


if __name__ == "__main__":
    main()
