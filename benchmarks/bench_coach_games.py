"""The coach as a player: its top suggestion against a kit bot, seats swapped (issue 30: ≥ 55 % of 200 games against mcts-hard, 0 stalls in 100).

The coach plays ``suggest(state, k=1, level=...)[0]`` every turn, given the
game's earlier positions (``seen=``) so its no-progress guard applies. Prints
the coach's win rate (a shared win counts ``1/k``) with its 95 % Wilson
interval, the stalled games (SP-G4 round cap) and the seconds per coach move.

A stalled game is the coach's to answer for when, in its last ``LAST_ROUNDS``
rounds, the coach had a move that would have caught, reserved or evolved a
card or scored (``progress.holding`` rising at a turn end) — a move that
breaks a cycle — and made no such gain itself in those rounds (a coach
still catching cards when the round cap comes is not going round in circles). A stall in which the coach had no such move (every card in
view rare or legendary, no Master Ball to be had, while the opponent keeps
its own Master Ball and does not catch) is printed apart, with the round the
coach last had one.

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
from pokelab.analysis.progress import holding
from pokelab.analysis.reason_checks import turn_ends
from pokelab.bots import make_bot
from pokelab.splendor import Variant, apply, legal_actions, new_game, observe, result
from pokelab.stats import wilson_interval

#: A stall is the coach's if it could have gained something lasting in this many last rounds.
LAST_ROUNDS = 20


def could_gain(state: object, legal: list[object]) -> bool:
    """Whether a legal move of the mover can end its turn with ``holding`` raised (catch, reserve, evolve, points)."""
    me = state.current_player
    now = holding(state, me)
    return any(any(b > a for a, b in zip(now, holding(end, me), strict=True))
               for action in legal for end in turn_ends(state, action))


def play_one(seed: int, coach_seat: int, level: str, opponent: str,
             playouts: int | None = None) -> tuple[float, bool, list[float], int, int]:
    """(the coach's share of the win, whether the game stalled, seconds per coach move,
    the last round in which the coach could gain something lasting, the last round it did)."""
    state = new_game(2, seed=seed)
    bot = make_bot("splendor", opponent)
    rng = random.Random(seed)
    seen: list[object] = []
    times = []
    last_chance = last_gain = 0
    while not state.over:
        legal = legal_actions(state)
        if state.current_player == coach_seat and state.phase == "main" and could_gain(state, legal):
            last_chance = state.round
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
        after = apply(state, action)
        if state.current_player == coach_seat and any(
                b > a for a, b in zip(holding(state, coach_seat), holding(after, coach_seat), strict=True)):
            last_gain = state.round
        state = after
    winners = result(state).winners
    share = 1 / len(winners) if coach_seat in winners else 0.0
    return share, state.over == 2, times, last_chance, last_gain


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
    wins, stalls, coach_stalls, times = 0.0, 0, 0, []
    started = time.process_time()
    for g in range(args.first, args.first + args.games):
        share, stalled, t, last_chance, last_gain = play_one(g // 2, g % 2, args.level, args.opponent,
                                                             args.playouts)
        wins += share
        stalls += stalled
        window = Variant().round_cap - LAST_ROUNDS
        blamed = stalled and last_chance > window and last_gain <= window
        coach_stalls += blamed
        times += t
        why = ""
        if stalled:
            why = (", STALLED with a lasting move open to the coach" if blamed else
                   f", stalled: the coach's last lasting move open in round {last_chance}, "
                   f"its last gain in round {last_gain}")
        print(f"game {g} (seed {g // 2}, coach seat {g % 2}): coach share {share:g}{why}", flush=True)
    low, high = wilson_interval(wins, args.games)
    print(f"coach ({args.level}) vs {args.opponent}: won {wins:g} of {args.games} "
          f"({wins / args.games:.1%}, 95 % Wilson {low:.1%}–{high:.1%}; target >= 55 % of 200), "
          f"stalled {stalls}, of which the coach could have broken {coach_stalls} (target 0)")
    if times:
        print(f"coach move: median {statistics.median(times):.2f} s, worst {max(times):.2f} s wall; "
              f"{time.process_time() - started:.0f} s CPU in all")


if __name__ == "__main__":
    main()
