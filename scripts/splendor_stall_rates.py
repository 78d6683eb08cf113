"""How often do Splendor: Pokémon games stall, with the frozen-display sweep (the default) and without it?

A display of four rare/legendary cards while nobody holds a master ball can never
change under the written rules (SP-A3, SP-A5), so the game runs to the round cap
(SP-G4, ``stalled``). The default ``Variant()`` (``frozen_display="sweep"``, SP-T5)
sends such a display under the deck; ``Variant(frozen_display="wait")`` keeps the
literal text (see ``docs/house-rules.md``). This script plays the same seeded
games under both variants with ``pokelab.sim.play`` and prints, per policy:
games, stalled (with a 95 % Wilson interval), stalled games whose final display
is frozen, sweeps per game, and the mean rounds of the finished games.

Policies (every seat plays the same policy; player counts rotate 2/3/4):
- ``random`` — the registered uniformly random bot;
- ``catch``  — random, but always catches or evolves when it can (as in
  ``scripts/splendor_card_balance.py``);
- ``greedy`` — the registered GreedyBot.

Usage: ``python scripts/splendor_stall_rates.py [--games 300] [--policies random,catch,greedy] [--seed 0]``
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.core.seeds import game_seed
from pokelab.sim import play
from pokelab.splendor import Catch, Evolve, Variant, apply, display_swept, is_display_frozen
from pokelab.stats import wilson_interval

VARIANTS = {"wait": Variant(frozen_display="wait"), "sweep": Variant()}  # Variant() is the sweep (SP-T5)


class CatchFirstBot:
    """Random play that always catches or evolves when it can."""

    name = "catch"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        best = [a for a in legal if isinstance(a, Catch | Evolve)]
        return rng.choice(best or list(legal))


def _bot(policy: str) -> Any:
    return CatchFirstBot() if policy == "catch" else policy


def measure(policy: str, variant: Variant, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` seeded games of ``policy`` under ``variant``; return the counts."""
    stalled = frozen_end = sweeps = finished_rounds = 0
    t0 = time.process_time()
    for i in range(games):
        players = 2 + i % 3
        record = play("splendor", [_bot(policy)] * players, seed=game_seed(seed, i), options={"variant": variant})
        final = record.final_state
        if final.stalled:
            stalled += 1
            frozen_end += is_display_frozen(final)
        else:
            finished_rounds += final.round
        s = record.initial_state
        for _, action in record.actions:
            after = apply(s, action)
            sweeps += display_swept(s, after)
            s = after
    finished = games - stalled
    return {
        "games": games,
        "stalled": stalled,
        "frozen_end": frozen_end,
        "sweeps": sweeps / games,
        "rounds": finished_rounds / finished if finished else float("nan"),
        "cpu": time.process_time() - t0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per policy and variant (default 300)")
    ap.add_argument("--policies", default="random,catch,greedy", help="comma-separated: random, catch, greedy")
    ap.add_argument("--seed", type=int, default=0, help="run seed; game i uses game_seed(seed, i)")
    args = ap.parse_args(argv)
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    bad = [p for p in policies if p not in ("random", "catch", "greedy")]
    if bad or args.games < 1:
        ap.error(f"unknown policy {bad[0]!r}" if bad else "--games must be at least 1")
    print(f"{args.games} games per row, player counts 2/3/4 in turn, seed {args.seed}")
    print()
    print("| policy | frozen_display | stalled | 95 % interval | stalled with frozen display | sweeps/game "
          "| rounds (finished) | CPU s |")
    print("|---|---|---:|---|---:|---:|---:|---:|")
    for policy in policies:
        for label, variant in VARIANTS.items():
            m = measure(policy, variant, args.games, args.seed)
            lo, hi = wilson_interval(int(m["stalled"]), int(m["games"]))
            print(
                f"| {policy} | {label} | {m['stalled']}/{m['games']} ({m['stalled'] / m['games']:.1%}) "
                f"| {lo:.1%}–{hi:.1%} | {m['frozen_end']} | {m['sweeps']:.2f} | {m['rounds']:.1f} | {m['cpu']:.0f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
