"""Round-robin tournaments: every pair plays with seats swapped; standings, Wilson intervals, Elo."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import pandas as pd

import pokelab.bots as bots_mod
from pokelab.core.game import Game
from pokelab.core.registry import get_game
from pokelab.core.seeds import game_seed
from pokelab.core.texts import seat_column, table_seats
from pokelab.errors import SimError
from pokelab.sim.runner import MAX_GAMES, _check_bots, check_count, simulate
from pokelab.stats import wilson_interval
from pokelab.words import _

__all__ = ["Tournament", "elo_ratings", "head_to_head", "tournament"]


def elo_ratings(
    results: Sequence[tuple[str, str, float]],
    *,
    base: float = 1500.0,
    prior_draws: float = 1.0,
    iterations: int = 2000,
) -> dict[str, float]:
    """Elo-style ratings fitted to all results at once (Bradley-Terry, order does not matter).

    ``results`` holds ``(a, b, score_of_a)`` with score 1 (a won), 0.5 (shared) or 0.
    Each pair also gets ``prior_draws`` virtual draws so a perfect record keeps a
    finite rating. A 400-point gap means 10:1 odds; the mean rating is ``base``.

    >>> r = elo_ratings([("a", "b", 1.0)] * 75 + [("a", "b", 0.0)] * 25, prior_draws=0)
    >>> round(r["a"] - r["b"])
    191
    >>> elo_ratings([("a", "a", 1.0)])
    Traceback (most recent call last):
    ...
    ValueError: a result needs two different players, got ('a', 'a', 1.0)
    """
    names: list[str] = []
    wins: dict[str, float] = {}
    games: dict[tuple[str, str], float] = {}
    for a, b, s in results:
        if a == b:
            raise ValueError(f"a result needs two different players, got {(a, b, s)!r}")
        if not 0 <= s <= 1:
            raise ValueError(f"a score is between 0 and 1, got {s!r}")
        for p in (a, b):
            if p not in wins:
                names.append(p)
                wins[p] = 0.0
        wins[a] += s
        wins[b] += 1 - s
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + 1
    for key in list(games):
        games[key] += prior_draws
        wins[key[0]] += prior_draws / 2
        wins[key[1]] += prior_draws / 2
    gamma = {p: 1.0 for p in names}
    for _iteration in range(iterations):
        new = {}
        for p in names:
            denom = 0.0
            for (a, b), n in games.items():
                if p in (a, b):
                    q = b if p == a else a
                    denom += n / (gamma[p] + gamma[q])
            new[p] = max(wins[p], 1e-9) / denom if denom else 1.0
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        new = {p: v / math.exp(mean_log) for p, v in new.items()}
        done = all(abs(new[p] - gamma[p]) < 1e-10 * gamma[p] for p in names)
        gamma = new
        if done:
            break
    return {p: base + 400 * math.log10(gamma[p]) for p in names}


def _pair_results(df: pd.DataFrame) -> list[tuple[str, str, float]]:
    """Every pair of seats in every game as ``(a, b, score_of_a)``."""
    seats = table_seats(df.columns)
    out = []
    for rec in df.to_dict("records"):
        for s, t in itertools.combinations(seats, 2):
            ws, wt = rec[seat_column(s, "won")], rec[seat_column(t, "won")]
            score = 1.0 if ws > wt else 0.0 if ws < wt else 0.5
            out.append((rec[seat_column(s, "bot")], rec[seat_column(t, "bot")], score))
    return out


def head_to_head(df: pd.DataFrame, a: str, b: str, *, confidence: float = 0.95) -> dict[str, Any]:
    """How often ``a`` beat ``b`` in a two-player table, with a Wilson interval.

    A shared win counts half. ``stalled`` games (no winner) count as half too.

    >>> df = pd.DataFrame({"seat_1_bot": ["x", "y"], "seat_2_bot": ["y", "x"],
    ...                    "seat_1_won": [1.0, 0.0], "seat_2_won": [0.0, 1.0]})
    >>> head_to_head(df, "x", "y")["wins"]
    2.0
    >>> head_to_head(df, "x", "z")
    Traceback (most recent call last):
    ...
    ValueError: no game between 'x' and 'z' in the table
    """
    score = 0.0
    n = 0
    for x, y, s in _pair_results(df):
        if (x, y) == (a, b):
            score, n = score + s, n + 1
        elif (x, y) == (b, a):
            score, n = score + 1 - s, n + 1
    if n == 0:
        raise ValueError(f"no game between {a!r} and {b!r} in the table")
    low, high = wilson_interval(score, n, confidence)
    return {"bot": a, "opponent": b, "games": n, "wins": score, "win_rate": score / n,
            "ci_low": low, "ci_high": high}


@dataclass(frozen=True)
class Tournament:
    """A finished round-robin: ``standings``, ``pairs`` (head to head) and every ``games`` row."""

    standings: pd.DataFrame
    pairs: pd.DataFrame
    games: pd.DataFrame

    def _repr_html_(self) -> str:
        return self.standings._repr_html_()  # type: ignore[operator]


def _unique_names(labels: Sequence[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label}#{seen[label]}")
    return out


def tournament(
    game: str | Game,
    bots: Sequence[Any],
    games_per_pair: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    options: Mapping[str, Any] | None = None,
    confidence: float = 0.95,
) -> Tournament:
    """Round-robin: every pair of ``bots`` plays ``games_per_pair`` two-player games, seats swapped.

    ``standings`` has one row per bot, best first: games, wins (a shared win
    counts half), win rate with its Wilson interval, and an Elo-style rating
    fitted to every game. ``pairs`` has each pairing's score with its interval.

    >>> t = tournament("splendor", ["random", "greedy"], 4, progress=False)  # doctest: +SKIP
    >>> list(t.standings["bot"])                                              # doctest: +SKIP
    ['greedy', 'random']
    >>> tournament("splendor", ["random"], 4)
    Traceback (most recent call last):
    ...
    pokelab.errors.SimError: a tournament needs at least two bots, got 1
    """
    rules = get_game(game)
    check_count(games_per_pair, "games_per_pair", maximum=MAX_GAMES)
    if len(_check_bots(bots)) < 2:
        raise SimError(
            _("a tournament needs at least two bots, got {count}", count=len(bots)),
        )

    made = [bots_mod.make_bot(rules.name, b) for b in bots]
    labels = _unique_names([bots_mod.bot_name(b) for b in made])
    specs = [b if isinstance(b, str) else m for b, m in zip(bots, made, strict=True)]
    tables = []
    pair_rows = []
    for k, (i, j) in enumerate(itertools.combinations(range(len(specs)), 2)):
        df = simulate(
            game if isinstance(game, str) else rules,
            [specs[i], specs[j]],
            games=games_per_pair,
            seed=game_seed(seed, k, salt="pair"),
            executor=executor,
            progress=progress,
            options=options,
            names=[labels[i], labels[j]],
        )
        df.insert(0, "pair", k)
        tables.append(df)
        pair_rows.append(head_to_head(df, labels[i], labels[j], confidence=confidence))
    games = pd.concat(tables, ignore_index=True)
    results = _pair_results(games)
    ratings = elo_ratings(results)
    rows = []
    for name in labels:
        score = sum(s for a, _, s in results if a == name) + sum(
            1 - s for _, b, s in results if b == name
        )
        n = sum(1 for a, b, _ in results if name in (a, b))
        low, high = wilson_interval(score, n, confidence)
        rows.append({"bot": name, "games": n, "wins": score, "win_rate": score / n,
                     "ci_low": low, "ci_high": high, "elo": round(ratings[name], 1)})
    standings = pd.DataFrame(rows).sort_values("elo", ascending=False, ignore_index=True)
    return Tournament(standings=standings, pairs=pd.DataFrame(pair_rows), games=games)
