"""Simulate solo Here Comes Pokémon! games for two discard policies and ship the rounds each game took.

Lesson 40 (risk, not only the average) compares the chance of reaching 10 points
within N rounds for the expected-points policy (the ``expected-points`` bot: ``best_discard``)
and the keep-the-likeliest-cards policy (the ``heuristic`` bot). A full solo game
with the expected-points bot takes about 0.2 s, too slow for a notebook, so the games are
played here and the notebook reads the table back with
``pokelab.sim.balance.load("herecomes_policies")``.

    python scripts/solo_policies.py --games 400 --seed 40

Writes ``pokelab/data/balance/herecomes_policies.csv``: one row per game with
``policy`` (bot name), ``game_id``, ``seed``, ``rounds``, ``score`` and ``by_legend``.
The same arguments give the same file on every machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokelab.core.texts import seat_column  # noqa: E402
from pokelab.sim import simulate  # noqa: E402

OUT = ROOT / "pokelab" / "data" / "balance" / "herecomes_policies.csv"
POLICIES = ("expected-points", "heuristic")


def main(argv: list[str] | None = None) -> None:
    """Play ``--games`` solo games per policy and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=40)
    args = parser.parse_args(argv)
    frames = []
    for policy in POLICIES:
        start = time.time()
        df = simulate("herecomes", [policy], games=args.games, seed=args.seed, progress=False)
        frames.append(pd.DataFrame({"policy": policy, "game_id": df["game_id"], "seed": df["seed"],
                                    "rounds": df["rounds"], "score": df[seat_column(0, "score")],
                                    "by_legend": df["by_legend"].astype(bool)}))
        print(f"{policy}: {args.games} games in {time.time() - start:.1f} s, mean rounds {df['rounds'].mean():.2f}")
    pd.concat(frames).to_csv(OUT, index=False)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
