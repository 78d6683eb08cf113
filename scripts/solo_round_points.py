"""Play solo Here Comes Pokémon! games and ship how many points each round gave (lesson 42).

Lesson 42 (how long does a game last?) models a solo game as a Markov chain: the
score is the state and every round adds the points of one round, drawn from the
same distribution. That distribution is measured here, from the rounds of solo
games played by the ``expected-points`` bot (``best_discard``, the expected-points policy),
because one round of the real game (5 of 60 cards dealt, 10 tokens, a trainer)
has too many cases to list. The lesson then checks the chain's exact answer
against the lengths of whole games played by the same bot
(``herecomes_policies.csv``, from ``scripts/solo_policies.py``).

    python scripts/solo_round_points.py --games 600 --seed 42

Writes ``pokelab/data/balance/herecomes_round_points.check.csv`` to compare with the shipped
``herecomes_round_points.csv`` the lesson reads (``--force`` overwrites that one, ``--out`` writes elsewhere): one row per outcome of a
round, ``points`` (0, 1, 2, …, or ``win`` for a Mew/Mewtwo card, HC-G1), ``rounds``
(how many rounds gave it) and ``share``. The same arguments give the same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokelab import herecomes  # noqa: E402
from pokelab.core.seeds import stream  # noqa: E402
from pokelab.sim import play  # noqa: E402
from scripts._shipped_table import add_output_arguments, output_path  # noqa: E402

OUT = ROOT / "pokelab" / "data" / "balance" / "herecomes_round_points.csv"
WIN = "win"


def round_points(seed: int, policy: str = "expected-points") -> list[int | str]:
    """The points each round of one solo game gave, in order (``"win"`` for a legend card)."""
    record = play("herecomes", [policy], seed=seed)
    state = record.initial_state
    gained: list[int | str] = []
    for _, action in record.actions:
        before_round, before_points = state.round, state.points[0]
        state = herecomes.apply(state, action)
        if state.round != before_round or state.is_over:
            if state.is_over and herecomes.result(state).by_legend:
                gained.append(WIN)
            else:
                gained.append(state.points[0] - before_points)
    return gained


def main(argv: list[str] | None = None) -> None:
    """Play ``--games`` solo games and write the table of points per round."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games per set (default 600, as lesson 42 uses)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--policy", default="expected-points")
    add_output_arguments(parser)
    args = parser.parse_args(argv)
    out = output_path(OUT, args.out, args.force)
    seeds = stream(args.seed, "solo-round-points")
    start = time.time()
    tally: Counter = Counter()
    for _ in range(args.games):
        tally.update(round_points(seeds.randrange(2**62), args.policy))
    total = sum(tally.values())
    order = sorted((k for k in tally if k != WIN), key=int) + ([WIN] if WIN in tally else [])
    table = pd.DataFrame({"points": [str(k) for k in order], "rounds": [tally[k] for k in order]})
    table["share"] = table["rounds"] / total
    table.to_csv(out, index=False)
    print(f"{args.games} games, {total} rounds in {time.time() - start:.1f} s; wrote {out}")
    print(table.to_string(index=False))


if __name__ == "__main__":
    main()
