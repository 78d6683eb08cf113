"""Measure the bot ladders: each level against the one below, seats swapped, with Wilson intervals.

Splendor: Pokémon: random < greedy < mcts-easy < mcts-medium < mcts-hard.
Here Comes Pokémon!: random < heuristic < expected-points (and each bot's points per round).

The issue asks each step to win at least 65 % of 400 two-player games. Games
are played in blocks (even sizes keep the seats balanced) until ``--games`` or
``--deadline`` is reached, so a long pair can be stopped and still report the
games it played. Results go to ``pokelab/data/balance/ladder.csv`` (one row per
pair, updated in place) and are printed. Each row records the search budgets
the bots had (``LEVELS`` of the MCTS bot), so a test notices when a level is
changed without measuring the ladder again.

    python scripts/bot_ladder.py --game splendor --pair greedy,mcts-easy --games 400
    python scripts/bot_ladder.py --game herecomes --games 400      # every step of that ladder
    python scripts/bot_ladder.py --show
"""

from __future__ import annotations

import argparse
import fcntl
import itertools
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokelab.core.seeds import game_seed  # noqa: E402
from pokelab.core.texts import seat_column  # noqa: E402
from pokelab.sim import simulate  # noqa: E402
from pokelab.sim.tournament import head_to_head  # noqa: E402

LADDERS = {
    "splendor": ["random", "greedy", "mcts-easy", "mcts-medium", "mcts-hard"],
    "herecomes": ["random", "heuristic", "expected-points"],
}
OUT = ROOT / "pokelab" / "data" / "balance" / "ladder.csv"
THRESHOLD = 0.65


def budget(game: str, bot: str) -> str:
    """The search budget of a Splendor MCTS level as compact JSON; "" for a bot without one."""
    if game != "splendor" or not bot.startswith("mcts-"):
        return ""
    from pokelab.bots.splendor_mcts import LEVELS

    return json.dumps(LEVELS[bot.removeprefix("mcts-")], sort_keys=True, separators=(",", ":"))


def _points_per_round(df: pd.DataFrame, bot: str) -> float:
    total, rounds = 0.0, 0
    for seat in (0, 1):
        mine = df[df[seat_column(seat, "bot")] == bot]
        total += float(mine[seat_column(seat, "score")].sum())
        rounds += int(mine["rounds"].sum())
    return total / rounds if rounds else float("nan")


def measure(game: str, lower: str, upper: str, games: int, block: int, workers: int, seed: int,
            deadline: float | None) -> dict:
    """Play ``lower`` vs ``upper`` in blocks until ``games`` or the deadline; summarise."""
    tables = []
    played = 0
    start = time.time()
    executor = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        k = 0
        while played < games and (deadline is None or time.time() < deadline):
            n = min(block, games - played)
            df = simulate(game, [lower, upper], games=n, executor=executor, progress=False,
                          seed=game_seed(seed, k, salt=f"{game}:{lower}:{upper}"), chunk_size=1)
            tables.append(df)
            played += n
            k += 1
            h = head_to_head(pd.concat(tables), upper, lower)
            print(f"  {upper} vs {lower}: {h['wins']:.1f}/{h['games']} = {h['win_rate']:.3f} "
                  f"[{h['ci_low']:.3f}, {h['ci_high']:.3f}]  {time.time() - start:.0f}s", flush=True)
    finally:
        if executor is not None:
            executor.shutdown()
    df = pd.concat(tables, ignore_index=True)
    h = head_to_head(df, upper, lower)
    row = {
        "game": game, "lower": lower, "upper": upper, "games": h["games"],
        "upper_wins": h["wins"], "win_rate": round(h["win_rate"], 4),
        "ci_low": round(h["ci_low"], 4), "ci_high": round(h["ci_high"], 4),
        "passes_65": h["win_rate"] >= THRESHOLD,
        "ci_above_65": h["ci_low"] >= THRESHOLD,
        "games_asked": games,
        "stalled_share": round(float(df["stalled"].mean()), 4) if "stalled" in df else 0.0,
        "mean_rounds": round(float(df["rounds"].mean()), 2),
        "seconds": round(time.time() - start, 1),
        "seed": seed,
        "measured": datetime.now().strftime("%Y-%m-%d %H:%M"),
        "lower_budget": budget(game, lower),
        "upper_budget": budget(game, upper),
    }
    if game == "herecomes":
        row["lower_points_per_round"] = round(_points_per_round(df, lower), 4)
        row["upper_points_per_round"] = round(_points_per_round(df, upper), 4)
    return row


def save(row: dict) -> pd.DataFrame:
    """Insert or replace the row of this pair in ladder.csv (locked: pairs may run in parallel)."""
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        old = pd.read_csv(OUT) if OUT.exists() else pd.DataFrame()
        if len(old):
            keep = ~((old["game"] == row["game"]) & (old["lower"] == row["lower"])
                     & (old["upper"] == row["upper"]))
            old = old[keep]
        table = pd.concat([old, pd.DataFrame([row])], ignore_index=True)
        order = {g: i for i, g in enumerate(LADDERS)}
        table["_g"] = table["game"].map(order)
        table["_l"] = [LADDERS[g].index(lo) if lo in LADDERS[g] else 99
                       for g, lo in zip(table["game"], table["lower"], strict=True)]
        table = table.sort_values(["_g", "_l"]).drop(columns=["_g", "_l"])
        table.to_csv(OUT, index=False)
    OUT.with_suffix(".lock").unlink(missing_ok=True)
    return table


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=sorted(LADDERS), default="splendor")
    p.add_argument("--pair", help="lower,upper (default: every step of the ladder)")
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--block", type=int, default=20, help="games per block (even)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--deadline", help="stop starting new blocks at this clock time, HH:MM")
    p.add_argument("--show", action="store_true", help="print the saved ladder and stop")
    args = p.parse_args(argv)
    if args.show:
        print(pd.read_csv(OUT).to_string(index=False))
        return 0
    deadline = None
    if args.deadline:
        hh, mm = map(int, args.deadline.split(":"))
        now = datetime.now()
        deadline = now.replace(hour=hh, minute=mm, second=0).timestamp()
    ladder = LADDERS[args.game]
    pairs = [tuple(args.pair.split(","))] if args.pair else list(itertools.pairwise(ladder))
    for lower, upper in pairs:
        print(f"{args.game}: {upper} vs {lower}", flush=True)
        row = measure(args.game, lower, upper, args.games, args.block, args.workers, args.seed,
                      deadline)
        table = save(row)
    print(table.to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
