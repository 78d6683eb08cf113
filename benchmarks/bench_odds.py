"""Print the speed of ``pokelab.odds``: exact queries, best_discard, Monte Carlo (NumPy vs plain Python).

Targets (issue 4): one exact probability query ≤ 1 ms; ``best_discard`` right
after wave 1 (5 cards) ≤ 50 ms; Monte Carlo ≥ 1,000,000 simulated rounds/s.

The machine may be shared, so figures are CPU time (``time.process_time``),
best of several repeats, with a calibration line (ns per empty loop
iteration) to compare runs.

Usage: ``python benchmarks/bench_odds.py [--repeats R] [--hands H]``
"""

from __future__ import annotations

import argparse
import random
import statistics

from _timing import best_of, calibrate

from pokelab.herecomes import TARGETS, Draw, apply, scenario
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import (
    advise_discard,
    best_discard,
    estimate,
    estimate_loop,
    probability,
    redraw_probability,
    splendor_appears_within,
    splendor_refill_catchable,
    splendor_unseen,
)


def bench_exact(repeats: int) -> None:
    cards = list(TARGETS.values())
    shown = ("red", "purple", "blue", "green", "red", "yellow", "blue")
    queries = 4 * len(cards)

    def run() -> None:
        for card in cards:
            probability(card)
            probability(card, shown=shown[:4])
            probability(card, shown=shown)
            redraw_probability(card, shown=shown)

    seconds = best_of(repeats, run)
    print(f"exact probability: {seconds / queries * 1e6:8.1f} µs per query "
          f"(all 60 cards × 4 prefixes; target ≤ 1000 µs)")


def _random_wave_1(rng: random.Random) -> tuple[str, ...]:
    bag = [c for c in COLOURS for _ in range(DEFAULT_BAG[c])]
    return tuple(rng.sample(bag, 4))


def bench_discard(hands: int, repeats: int) -> None:
    rng = random.Random(0)
    ids = list(TARGETS)
    times = []
    for _ in range(hands):
        hand = [TARGETS[i] for i in rng.sample(ids, 5)]
        shown = _random_wave_1(rng)
        times.append(best_of(repeats, lambda hand=hand, shown=shown: advise_discard(hand, shown)))
    times.sort()
    print(f"best_discard after wave 1 (5 cards, {hands} random hands, fresh search each): "
          f"median {statistics.median(times) * 1e3:.1f} ms, p90 {times[int(0.9 * len(times))] * 1e3:.1f} ms, "
          f"max {times[-1] * 1e3:.1f} ms (target ≤ 50 ms)")
    # the hardest kind of hand: five live gray cards on five colours
    hard = [("last:red", 1), ("last:blue", 1), ("last:green", 1), ("last:yellow", 2), ("last:purple", 3)]
    seconds = best_of(repeats, lambda: advise_discard(hard, ("red", "blue", "green", "blue")))
    print(f"best_discard, five gray cards on five colours: {seconds * 1e3:.1f} ms")
    s = scenario(2, hands={0: ["G01", "G17", "P01", "O09", "L02"]}, trainers=False)
    for colour in ("red", "blue", "green", "blue"):
        s = apply(s, Draw(colour))
    seconds = best_of(repeats, lambda: best_discard(s, 0))
    print(f"best_discard(state, player) on an engine state: {seconds * 1e3:.1f} ms")


def bench_monte_carlo(repeats: int) -> None:
    card = TARGETS["L01"]
    n_np, n_py = 1_000_000, 50_000
    np_s = best_of(repeats, lambda: estimate(card, n=n_np, seed=0))
    py_s = best_of(max(1, repeats // 2), lambda: estimate_loop(card, n=n_py, seed=0))
    np_rate, py_rate = n_np / np_s, n_py / py_s
    print(f"Monte Carlo, NumPy:        {np_rate:12,.0f} rounds/s (target ≥ 1,000,000)")
    print(f"Monte Carlo, plain Python: {py_rate:12,.0f} rounds/s")
    print(f"NumPy / plain Python:      {np_rate / py_rate:12.1f} ×")
    np_s = best_of(repeats, lambda: estimate(card, n=n_np, seed=0, redraw=True))
    print(f"Monte Carlo with the redraw, NumPy: {n_np / np_s:,.0f} rounds/s")


def bench_splendor(repeats: int) -> None:
    from pokelab.splendor import new_game

    s = new_game(3, seed=1)
    deck = sorted(splendor_unseen(s))
    seconds = best_of(repeats, lambda: [splendor_appears_within(s, c, 5) for c in deck[:20]])
    print(f"splendor_appears_within: {seconds / 20 * 1e6:.1f} µs per query")
    seconds = best_of(repeats, lambda: splendor_refill_catchable(s, 1, 2))
    print(f"splendor_refill_catchable (whole deck checked): {seconds * 1e3:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=40)
    args = parser.parse_args()
    print(f"calibration: {calibrate():.1f} ns per empty loop iteration")
    bench_exact(args.repeats)
    bench_discard(args.hands, args.repeats)
    bench_monte_carlo(args.repeats)
    bench_splendor(args.repeats)


if __name__ == "__main__":
    main()
