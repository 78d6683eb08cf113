"""Play the duels of lesson 44 against the expected-points bot and ship one row per game.

Lesson 44 (write a bot that beats the expected-points bot) asks what beats the
``expected-points`` bot in two-player Here Comes Pokémon! games and by how much.
A two-player game takes about 0.1 s, and a difference of a few per cent needs
thousands of games, too slow for a notebook: the games are played here and the
notebook reads them back with ``pokelab.course.beat_the_bot.duels()``.

    python scripts/bot_duels.py --games 300 --endgame 400 --seeds 1 2 3

Two experiments, each bot against the expected-points bot with the seats swapped every game:
``full`` — whole games from 0 points; ``endgame`` — games started with both players
on 8 points (``beat_the_bot.play_from``). The bots: ``heuristic`` (the house bot);
``big-cards``, the lesson's first bot (keeps the cards worth the most points); ``all-in``,
the expected-points bot that, 2 points or fewer from 10, always discards for the best
chance of finishing this round (``beat_the_bot.finish_discard``); ``finisher``, the same
but only when that chance is better than with the expected-points discard.

Writes ``pokelab/data/balance/herecomes_bot_duels.csv``: ``experiment``, ``bot``, ``seed``,
``game``, ``won`` (1, ½ for a shared win, 0), ``points`` and ``opponent_points`` (scored in
the game), ``rounds``. The same arguments give the same file on every machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pokelab.bots.herecomes_bots import ExpectedPointsBot  # noqa: E402
from pokelab.core.registry import get_game  # noqa: E402
from pokelab.course.beat_the_bot import finish_chances, finish_discard, play_from  # noqa: E402
from pokelab.herecomes import TARGETS, Discard, Keep, UseTrainer, VoteRedraw  # noqa: E402
from pokelab.odds import best_discard  # noqa: E402
from pokelab.sim import simulate  # noqa: E402

OUT = ROOT / "pokelab" / "data" / "balance" / "herecomes_bot_duels.csv"
ENDGAME = (8, 8)


class AllIn(ExpectedPointsBot):
    """The expected-points bot, but within 2 points of 10 it always discards what the best chance of finishing says."""

    name = "all-in"

    def choose(self, view, legal, rng):
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards and 10 - view["players"][view["viewer"]]["points"] <= 2 and not view["my_choice"].get("extra_discard"):
            card = finish_discard(view)
            return next(a for a in discards if a.card == card)
        return super().choose(view, legal, rng)


class Finisher(ExpectedPointsBot):
    """Lesson 44's bot: within 2 points of 10 it leaves the expected-points discard only for a better chance of finishing."""

    name = "finisher"

    def choose(self, view, legal, rng):
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards and 10 - view["players"][view["viewer"]]["points"] <= 2 and not view["my_choice"].get("extra_discard"):
            chances = finish_chances(view)
            average = best_discard(view).discard.id
            if chances[average] < max(chances.values()):
                card = finish_discard(view)
                return next(a for a in discards if a.card == card)
        return super().choose(view, legal, rng)


class BigCards:
    """Lesson 44's first bot: keeps the cards worth the most points, never redraws, never plays a trainer."""

    name = "big-cards"

    def choose(self, view, legal, rng):
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return min(discards, key=lambda a: TARGETS[a.card].points)
        votes = [a for a in legal if isinstance(a, VoteRedraw)]
        if votes:
            return next(a for a in votes if not a.agree)
        keeps = [a for a in legal if isinstance(a, Keep)]
        if keeps:
            return max(keeps, key=lambda a: TARGETS[a.card].points)
        return next((a for a in legal if not isinstance(a, UseTrainer)), legal[0])


BOTS = {"heuristic": "heuristic", "big-cards": BigCards(), "all-in": AllIn(), "finisher": Finisher()}


def full(bot: str, games: int, seed: int) -> list[dict]:
    table = simulate("herecomes", [BOTS[bot], "expected-points"], games=games, seed=seed, progress=False,
                     names=[bot, "expected-points"])
    rows = []
    for game in table.to_dict("records"):
        me = 1 if game["rotation"] == 0 else 2
        rows.append({"experiment": "full", "bot": bot, "seed": seed, "game": game["game_id"], "won": game[f"seat_{me}_won"],
                     "points": game[f"seat_{me}_score"], "opponent_points": game[f"seat_{3 - me}_score"],
                     "rounds": game["rounds"]})
    return rows


def endgame(bot: str, games: int, seed: int) -> list[dict]:
    rules, rng, rows = get_game("herecomes"), random.Random(seed), []
    for game in range(games):
        me = game % 2
        lineup = [BOTS[bot], "expected-points"] if me == 0 else ["expected-points", BOTS[bot]]
        end = play_from(lineup, scores=ENDGAME, seed=rng.randrange(2**32))
        winners = rules.winners(end)
        rows.append({"experiment": "endgame", "bot": bot, "seed": seed, "game": game,
                     "won": (1 / len(winners)) if me in winners else 0.0, "points": end.points[me] - ENDGAME[me],
                     "opponent_points": end.points[1 - me] - ENDGAME[1 - me], "rounds": rules.rounds(end)})
    return rows


def main(argv: list[str] | None = None) -> None:
    """Play the duels and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="whole games per bot and seed")
    parser.add_argument("--endgame", type=int, default=400, help="end-game games per bot and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows: list[dict] = []
    for bot in BOTS:
        for seed in args.seeds:
            start = time.time()
            rows += full(bot, args.games, seed) + endgame(bot, args.endgame, seed)
            print(f"{bot} seed {seed}: {time.time() - start:.0f} s", flush=True)
    pd.DataFrame(rows).to_csv(args.out, index=False)
    print(f"wrote {args.out} ({len(rows)} games)")


if __name__ == "__main__":
    main()
