"""The coach as a player: its top suggestion against a kit bot, seats swapped (issue 30: ≥ 55 % of 200 games against mcts-hard, 0 stalls in 100).

The coach plays ``suggest(state, k=1, level=...)[0]`` every turn, given the
game's earlier positions (``seen=``) so its no-progress guard applies. Prints
the coach's win rate (a shared win counts ``1/k``) with its 95 % Wilson
interval, the stalled games (SP-G4 round cap) and the seconds per coach move.

Full size (the lead's run, hours on one core):
    python benchmarks/bench_coach_games.py --games 200 --level hard --opponent mcts-hard
A small sample: ``--games 4 --level easy``. The stall count (100 games) at a cheap
budget: ``--games 100 --level easy --playouts 20``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pokelab.analysis import suggest
from pokelab.bots import make_bot
from pokelab.splendor import apply, legal_actions, new_game, observe, result
from pokelab.stats import wilson_interval


def play_one(seed: int, coach_seat: int, level: str, opponent: str,
             playouts: int | None = None) -> tuple[float, bool, list[float]]:
    """(the coach's share of the win, whether the game stalled, seconds per coach move)."""
    state = new_game(2, seed=seed)
    bot = make_bot("splendor", opponent)
    rng = random.Random(seed)
    seen: list[object] = []
    times = []
    while not state.over:
        legal = legal_actions(state)
        if state.current_player == coach_seat and len(legal) > 1:
            t = time.perf_counter()
            action = suggest(state, k=1, level=level, seed=seed * 1000 + len(seen), seen=seen,
                             playouts=playouts)[0].action
            times.append(time.perf_counter() - t)
        elif len(legal) == 1:
            action = legal[0]
        else:
            action = bot.choose(observe(state, state.current_player), legal, rng)
        seen.append(state)
        state = apply(state, action)
    winners = result(state).winners
    share = 1 / len(winners) if coach_seat in winners else 0.0
    return share, state.over == 2, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--opponent", default="mcts-hard")
    parser.add_argument("--playouts", type=int, default=None,
                        help="the finalists' playouts (default: the level's); fewer for a cheap stall count")
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's number (to split a run over processes: --first 50 --games 50)")
    args = parser.parse_args()
    wins, stalls, times = 0.0, 0, []
    started = time.process_time()
    for g in range(args.first, args.first + args.games):
        share, stalled, t = play_one(g // 2, g % 2, args.level, args.opponent, args.playouts)
        wins += share
        stalls += stalled
        times += t
        print(f"game {g} (seed {g // 2}, coach seat {g % 2}): coach share {share:g}"
              f"{', STALLED' if stalled else ''}", flush=True)
    low, high = wilson_interval(wins, args.games)
    print(f"coach ({args.level}) vs {args.opponent}: won {wins:g} of {args.games} "
          f"({wins / args.games:.1%}, 95 % Wilson {low:.1%}–{high:.1%}; target >= 55 % of 200), "
          f"stalled {stalls} (target 0)")
    if times:
        print(f"coach move: median {statistics.median(times):.2f} s, worst {max(times):.2f} s wall; "
              f"{time.process_time() - started:.0f} s CPU in all")


if __name__ == "__main__":
    main()
