"""Sweep coach reasons over 5,000 positions and count the false ones (issue 30: target 0 in either language).

Positions come from games between the kit's bots with fixed seeds (the same
pairings as ``tests/analysis/test_reasons_true.py``, which sweeps 500 of them
in the test run). Every legal move of every position gets its reason; each
claim it makes is answered by the engine (``reason_checks.holds``), and its
Chinese text must hold no Latin letter (a player named in English).

Usage: ``python benchmarks/bench_coach_reasons.py [--positions 5000]``
(about 75 s of CPU for 5,000 positions on an unloaded core).
"""

from __future__ import annotations

import argparse
import collections
import re
import time

from pokelab.analysis.coach_reasons import explain, false_claims
from pokelab.sim import play
from pokelab.splendor import legal_actions

PAIRINGS = (("greedy", "random"), ("mcts-easy", "greedy"), ("random", "mcts-easy"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=5000)
    args = parser.parse_args()
    started = time.process_time()
    positions = moves = 0
    kinds: collections.Counter[str] = collections.Counter()
    false: collections.Counter[str] = collections.Counter()
    examples: list[str] = []
    seed = 0
    while positions < args.positions:
        for bots in PAIRINGS:
            for state in play("splendor", list(bots), seed=seed).states():
                if state.over or positions >= args.positions:
                    continue
                positions += 1
                for action in legal_actions(state):
                    moves += 1
                    why, claims = explain(state, action)
                    kinds.update(c.kind for c in claims)
                    for claim in false_claims(state, action):
                        false[claim.kind] += 1
                        examples.append(f"{action}: {why.render('en')}")
                    if re.search(r"[A-Za-z]", why.render("zh")):
                        false["english-in-zh"] += 1
                        examples.append(why.render("zh"))
        seed += 1
    print(f"{positions} positions, {moves} reasons, games seeds 0..{seed - 1} of {len(PAIRINGS)} pairings")
    print("claims made:", dict(sorted(kinds.items())))
    print(f"false reasons: {sum(false.values())} {dict(false)} (target 0)")
    for line in examples[:10]:
        print("  ", line)
    print(f"CPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
