"""Print the speed of the Splendor: Pokémon engine under random-vs-random play.

Figures: full games per second (2 and 4 players), turns and actions per game,
µs per ``legal_actions`` and per ``apply``, and random-play turns per second
(a turn = every step one player takes before play passes: legal_actions +
choice + apply). Target: ≥ 35,000 turns/s on one core, pure Python.

The machine may be shared, so every figure is the best of several repeats of
CPU time (``time.process_time``), and a calibration line shows how fast this
Python runs an empty loop right now (compare it across machines/runs).

Usage: ``python benchmarks/bench_splendor.py [--games N] [--repeats R] [--profile]``
"""

from __future__ import annotations

import argparse
import random
import time

from _timing import calibrate

from pokelab.splendor import apply, legal_actions, new_game


def play_games(players: int, games: int, seed0: int) -> tuple[float, int, int]:
    """Play ``games`` random games; return (cpu seconds, turns, actions)."""
    turns = actions = 0
    la, ap = legal_actions, apply
    t0 = time.process_time()
    for g in range(games):
        s = new_game(players, seed=seed0 + g)
        rr = random.Random(seed0 + g).randrange
        while not s.over:
            cur = s.current_player
            acts = la(s)
            s = ap(s, acts[rr(len(acts))])
            actions += 1
            if s.current_player != cur or s.over:
                turns += 1
    return time.process_time() - t0, turns, actions


def play_games_observed(players: int, games: int, seed0: int) -> tuple[float, int]:
    """Like ``play_games`` but building the mover's ``observe`` view every step (what a bot sees)."""
    from pokelab.splendor import observe

    turns = 0
    t0 = time.process_time()
    for g in range(games):
        s = new_game(players, seed=seed0 + g)
        rr = random.Random(seed0 + g).randrange
        while not s.over:
            cur = s.current_player
            observe(s, cur)
            acts = legal_actions(s)
            s = apply(s, acts[rr(len(acts))])
            if s.current_player != cur or s.over:
                turns += 1
    return time.process_time() - t0, turns


def per_call(players: int, games: int) -> tuple[float, float]:
    """µs per legal_actions and per apply over the states of random games."""
    pairs = []
    for g in range(games):
        s = new_game(players, seed=10_000 + g)
        rng = random.Random(g)
        while not s.over:
            acts = legal_actions(s)
            a = acts[rng.randrange(len(acts))]
            pairs.append((s, a))
            s = apply(s, a)
    best_l = best_a = float("inf")
    for _ in range(3):
        t = time.process_time()
        for s, _a in pairs:
            legal_actions(s)
        best_l = min(best_l, time.process_time() - t)
        t = time.process_time()
        for s, a in pairs:
            apply(s, a)
        best_a = min(best_a, time.process_time() - t)
    return best_l / len(pairs) * 1e6, best_a / len(pairs) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60, help="games per repeat (default 60)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats; the best is kept (default 3)")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of 2-player games")
    args = ap.parse_args()
    print(f"calibration: empty loop {calibrate():.1f} ns/iteration (CPU time)")
    for players in (2, 4):
        best = None
        for r in range(args.repeats):
            secs, turns, acts = play_games(players, args.games, seed0=1000 * r)
            if best is None or turns / secs > best[1] / best[0]:
                best = (secs, turns, acts)
        secs, turns, acts = best
        lus, aus = per_call(players, max(5, args.games // 6))
        print(
            f"{players} players: {args.games / secs:7.1f} games/s  "
            f"{turns / args.games:6.1f} turns/game  {acts / args.games:6.1f} actions/game  "
            f"{turns / secs:9.0f} turns/s  {acts / secs:9.0f} actions/s  "
            f"legal_actions {lus:5.2f} µs  apply {aus:5.2f} µs"
        )
    secs, turns = play_games_observed(2, max(5, args.games // 4), 0)
    print(f"2 players, with observe() every step (a bot's view): {turns / secs:9.0f} turns/s")
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("play_games(2, args.games, 0)", globals(), {"args": args}, "/tmp/bench_splendor.prof")
        pstats.Stats("/tmp/bench_splendor.prof").sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
