"""Regenerate the balance data shipped in pokelab/data/balance/ from simulated games.

Splendor: Pokémon (2 players, greedy vs greedy by default): first-player
advantage, game length distribution, each card's win-rate lift, stalled share.
Here Comes Pokémon! (3 players, expected-points vs heuristic vs random by default):
first-leader advantage, game length, legend wins.

    python scripts/balance_report.py --games 2000 --workers 2

Files written (read them back with ``pokelab.sim.balance.load``):
``splendor_summary.json``, ``splendor_lengths.csv``, ``splendor_card_lift.csv``,
``herecomes_summary.json``, ``herecomes_lengths.csv``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokelab.core.texts import seat_column  # noqa: E402
from pokelab.sim import simulate  # noqa: E402
from pokelab.sim.balance import card_lift, first_player_advantage, length_distribution  # noqa: E402
from pokelab.splendor import CARDS  # noqa: E402

OUT = ROOT / "pokelab" / "data" / "balance"


def splendor(games: int, bots: list[str], seed: int, executor) -> None:
    start = time.time()
    df = simulate("splendor", bots, games=games, seed=seed, executor=executor, chunk_size=10)
    fp = first_player_advantage(df)
    lengths = length_distribution(df)
    lift = card_lift(df)
    lift.insert(1, "name_en", [CARDS[c].name_en for c in lift["card"]])
    lift.insert(2, "name_zh", [CARDS[c].name("zh") for c in lift["card"]])
    lift.insert(3, "tier", [CARDS[c].tier for c in lift["card"]])
    lift.insert(4, "points", [CARDS[c].points for c in lift["card"]])
    lift = lift.sort_values("lift", ascending=False)
    finished = df[~df["stalled"]]
    summary = {
        "game": "splendor", "bots": bots, "games": games, "seed": seed,
        "generated": datetime.now().strftime("%Y-%m-%d %H:%M"),
        "first_player_advantage": fp,
        "rounds": {"mean": float(finished["rounds"].mean()), "median": float(finished["rounds"].median()),
                   "min": int(finished["rounds"].min()), "max": int(finished["rounds"].max())},
        "stalled_share": float(df["stalled"].mean()),
        "mean_winning_score": float(
            df.apply(lambda r: max(r[seat_column(0, "score")], r[seat_column(1, "score")]), axis=1)[~df["stalled"]].mean()),
        "cards_most_lift": lift.head(5)[["card", "name_en", "lift", "games"]].to_dict("records"),
        "cards_least_lift": lift.tail(5)[["card", "name_en", "lift", "games"]].to_dict("records"),
        "seconds": round(time.time() - start, 1),
    }
    (OUT / "splendor_summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))
    lengths.to_csv(OUT / "splendor_lengths.csv", index=False)
    lift.round(4).to_csv(OUT / "splendor_card_lift.csv", index=False)
    print(json.dumps(summary, indent=1, ensure_ascii=False))


def herecomes(games: int, bots: list[str], seed: int, executor) -> None:
    start = time.time()
    df = simulate("herecomes", bots, games=games, seed=seed, executor=executor, chunk_size=10)
    fp = first_player_advantage(df)
    summary = {
        "game": "herecomes", "bots": bots, "games": games, "seed": seed,
        "generated": datetime.now().strftime("%Y-%m-%d %H:%M"),
        "first_leader_advantage": fp,
        "rounds": {"mean": float(df["rounds"].mean()), "median": float(df["rounds"].median()),
                   "min": int(df["rounds"].min()), "max": int(df["rounds"].max())},
        "legend_win_share": float(df["by_legend"].mean()),
        "win_share_by_bot": {
            b: float(sum(df.loc[df[seat_column(s, "bot")] == b, seat_column(s, "won")].sum() for s in range(len(bots)))
                     / games)
            for b in sorted(set(bots))
        },
        "seconds": round(time.time() - start, 1),
    }
    (OUT / "herecomes_summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))
    length_distribution(df).to_csv(OUT / "herecomes_lengths.csv", index=False)
    print(json.dumps(summary, indent=1, ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--herecomes-games", type=int, default=None)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--splendor-bots", default="greedy,greedy")
    p.add_argument("--herecomes-bots", default="expected-points,heuristic,random")
    p.add_argument("--only", choices=["splendor", "herecomes"])
    args = p.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(args.workers) as executor:
        if args.only in (None, "splendor"):
            splendor(args.games, args.splendor_bots.split(","), args.seed, executor)
        if args.only in (None, "herecomes"):
            herecomes(args.herecomes_games or args.games, args.herecomes_bots.split(","),
                      args.seed, executor)
    return 0


if __name__ == "__main__":
    sys.exit(main())
