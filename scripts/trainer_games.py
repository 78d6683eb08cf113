"""Play Here Comes Pokémon! games with and without trainers and ship who held which trainer and how it went (lesson 41).

Lesson 41 (what a redraw and a trainer are worth) computes a trainer's value for
one round exactly; over a whole game it needs simulation, which is too slow for a
notebook, so the games are played here:

- ``solo``: solo games (HC-C5) of the ``expected-points`` bot, once with trainers dealt
  (Misty, Brock or Erika; Sabrina needs an opponent) and once without (``trainers=False``);
- ``duel``: two ``expected-points`` bots against each other with trainers, so each game
  compares two different trainers in the same hands of the same bot.

The ``expected-points`` bot plays its trainer when that gains expected points.

    python scripts/trainer_games.py --games 400 --seed 41

Writes ``pokelab/data/balance/herecomes_trainers.check.csv`` to compare with the shipped
``herecomes_trainers.csv`` the lesson reads (``--force`` overwrites that one, ``--out`` writes elsewhere): one row per player per game,
``mode`` (solo/duel), ``trainers`` (dealt or not), ``game_id``, ``seed``, ``seat``,
``trainer`` (its power, or ``none``), ``uses`` (times the power was played),
``rounds``, ``score`` and ``win`` (1, 1/2 for a shared win, or 0). Same arguments, same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokelab.core.seeds import stream  # noqa: E402
from pokelab.herecomes import UseTrainer  # noqa: E402
from pokelab.sim import play  # noqa: E402
from scripts._shipped_table import add_output_arguments, output_path  # noqa: E402

OUT = ROOT / "pokelab" / "data" / "balance" / "herecomes_trainers.csv"


def game_rows(mode: str, trainers: bool, game_id: int, seed: int) -> list[dict]:
    """One row per seat of one game of ``expected-points`` bots (one seat for solo, two for a duel)."""
    seats = 1 if mode == "solo" else 2
    record = play("herecomes", ["expected-points"] * seats, seed=seed, options={"trainers": trainers})
    held = record.initial_state.trainers
    rows = []
    for seat in range(seats):
        uses = sum(1 for actor, action in record.actions if actor == seat and isinstance(action, UseTrainer))
        share = (1 / len(record.winners)) if seat in record.winners else 0.0
        rows.append({"mode": mode, "trainers": trainers, "game_id": game_id, "seed": seed, "seat": seat,
                     "trainer": held[seat] or "none", "uses": uses, "rounds": record.rounds,
                     "score": record.scores[seat], "win": share})
    return rows


def main(argv: list[str] | None = None) -> None:
    """Play ``--games`` games of each kind and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per set (default 400, as lesson 41 uses)")
    parser.add_argument("--seed", type=int, default=41)
    add_output_arguments(parser)
    args = parser.parse_args(argv)
    out = output_path(OUT, args.out, args.force)
    rows = []
    for mode, trainers in (("solo", True), ("solo", False), ("duel", True)):
        start = time.time()
        seeds = stream(args.seed, f"trainer-games-{mode}-{trainers}")
        for game_id in range(args.games):
            rows.extend(game_rows(mode, trainers, game_id, seeds.randrange(2**62)))
        print(f"{mode}, trainers={trainers}: {args.games} games in {time.time() - start:.1f} s", flush=True)
    pd.DataFrame(rows).to_csv(out, index=False)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
