"""The league's standings: games, wins, win rate with its Wilson interval, a rating with its uncertainty, head to head.

The rating is the kit's own Bradley–Terry fit (``pokelab.sim.elo_ratings``:
all games at once, order does not matter, one virtual draw per pair so an
unbeaten bot keeps a finite rating), on the Elo scale (400 points = 10:1
odds, mean 1500). Its uncertainty ``rating_sd`` is the standard error of that
fit: the inverse of the Fisher information of the Bradley–Terry likelihood at
the fitted strengths (a pseudo-inverse, since only differences are fixed). No
rating library is installed in the kit (``openskill`` is not in
``requirements/``), and a fit of every game at once suits a league whose games
all end before the board is read.

A game counts as a win (1), a shared result (0.5: a tie, or a stalled game)
or a loss (0) for each seat; a forfeited game is a loss for the bot that was
away. ``win_rate`` is ``(wins + ties / 2) / games``.

>>> r = ratings_with_sd([("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10)
>>> round(r["a"][0] - r["b"][0]), round(r["a"][1])
(185, 31)
>>> ratings_with_sd([])
{}
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from pokelab.sim import elo_ratings
from pokelab.stats import wilson_interval

__all__ = ["STANDINGS_COLUMNS", "head_to_head_frame", "ratings_with_sd", "standings_frame"]

STANDINGS_COLUMNS = [
    "bot", "version", "house", "games", "wins", "losses", "ties", "win_rate", "ci_low", "ci_high",
    "rating", "rating_sd", "marks", "forfeits",
]


def ratings_with_sd(
    results: Sequence[tuple[str, str, float]], *, prior_draws: float = 1.0
) -> dict[str, tuple[float, float]]:
    """Each player's Bradley–Terry rating (``elo_ratings``) and its standard error, from ``(a, b, score_of_a)``."""
    if not results:
        return {}
    ratings = elo_ratings(results, prior_draws=prior_draws)
    names = list(ratings)
    index = {p: i for i, p in enumerate(names)}
    scale = 400 / math.log(10)
    theta = np.array([(ratings[p] - 1500.0) / scale for p in names])
    counts: dict[tuple[int, int], float] = {}
    for a, b, _s in results:
        key = tuple(sorted((index[a], index[b])))
        counts[key] = counts.get(key, 0.0) + 1.0
    information = np.zeros((len(names), len(names)))
    for (i, j), n in counts.items():
        p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
        w = (n + prior_draws) * p * (1 - p)
        information[i, i] += w
        information[j, j] += w
        information[i, j] -= w
        information[j, i] -= w
    covariance = np.linalg.pinv(information)
    return {p: (ratings[p], float(scale * math.sqrt(max(covariance[i, i], 0.0)))) for p, i in index.items()}


def _per_version(games: Sequence[Mapping[str, Any]]) -> dict[int, dict[str, float]]:
    out: dict[int, dict[str, float]] = {}
    for g in games:
        for seat, version in enumerate((g["seat0"], g["seat1"])):
            row = out.setdefault(version, {"games": 0, "wins": 0, "losses": 0, "ties": 0, "forfeits": 0})
            result = g["results"][seat]
            row["games"] += 1
            row["wins" if result == 1 else "losses" if result == 0 else "ties"] += 1
            row["forfeits"] += int(bool(g["forfeits"][seat]))
    return out


def standings_frame(
    versions: Mapping[int, Mapping[str, Any]],
    games: Sequence[Mapping[str, Any]],
    marks: Mapping[int, int],
    *,
    shown: Sequence[int],
    confidence: float = 0.95,
) -> pd.DataFrame:
    """One row per version in ``shown`` (every entry's newest, or all), best rating first (``STANDINGS_COLUMNS``).

    ``versions``: version id -> ``name``, ``version``, ``house``; ``games``: done
    games with ``seat0``, ``seat1`` (version ids), ``results`` and ``forfeits``
    per seat; ``marks``: version id -> how many marks.

    >>> v = {1: {"name": "a", "version": 1, "house": None}, 2: {"name": "b", "version": 1, "house": "random"}}
    >>> g = [{"seat0": 1, "seat1": 2, "results": [1.0, 0.0], "forfeits": [False, False]}]
    >>> standings_frame(v, g, {}, shown=[1, 2])[["bot", "games", "wins", "losses"]].values.tolist()
    [['a', 1, 1, 0], ['b', 1, 0, 1]]
    >>> standings_frame(v, g, {}, shown=[3])
    Traceback (most recent call last):
    ...
    KeyError: 'no version 3 in this league'
    """
    counts = _per_version(games)
    ratings = ratings_with_sd(
        [(str(g["seat0"]), str(g["seat1"]), float(g["results"][0])) for g in games]
    )
    rows = []
    for version_id in shown:
        if version_id not in versions:
            raise KeyError(f"no version {version_id} in this league")
        info = versions[version_id]
        c = counts.get(version_id, {"games": 0, "wins": 0, "losses": 0, "ties": 0, "forfeits": 0})
        n = int(c["games"])
        score = c["wins"] + c["ties"] / 2
        low, high = wilson_interval(score, n, confidence) if n else (math.nan, math.nan)
        rating, sd = ratings.get(str(version_id), (math.nan, math.nan))
        rows.append({
            "bot": info["name"], "version": int(info["version"]), "house": info["house"], "games": n,
            "wins": int(c["wins"]), "losses": int(c["losses"]), "ties": int(c["ties"]),
            "win_rate": score / n if n else math.nan, "ci_low": low, "ci_high": high,
            "rating": round(rating, 1), "rating_sd": round(sd, 1),
            "marks": int(marks.get(version_id, 0)), "forfeits": int(c["forfeits"]),
        })
    frame = pd.DataFrame(rows, columns=STANDINGS_COLUMNS)
    return frame.sort_values(["rating", "bot"], ascending=[False, True], ignore_index=True, na_position="last")


def head_to_head_frame(
    versions: Mapping[int, Mapping[str, Any]], games: Sequence[Mapping[str, Any]], *, confidence: float = 0.95
) -> pd.DataFrame:
    """One row per ordered pair that met: ``bot``, ``opponent`` (names with versions), games, wins, losses, ties, win rate and its interval.

    >>> v = {1: {"name": "a", "version": 1}, 2: {"name": "b", "version": 2}}
    >>> g = [{"seat0": 1, "seat1": 2, "results": [0.5, 0.5]}]
    >>> head_to_head_frame(v, g)[["bot", "opponent", "ties", "win_rate"]].values.tolist()
    [['a', 'b v2', 1, 0.5], ['b v2', 'a', 1, 0.5]]
    """
    def label(version_id: int) -> str:
        info = versions[version_id]
        return info["name"] if int(info["version"]) == 1 else f"{info['name']} v{info['version']}"

    pairs: dict[tuple[str, str], list[float]] = {}
    for g in games:
        a, b = label(g["seat0"]), label(g["seat1"])
        pairs.setdefault((a, b), []).append(float(g["results"][0]))
        pairs.setdefault((b, a), []).append(float(g["results"][1]))
    rows = []
    for (a, b), scores in sorted(pairs.items()):
        n, score = len(scores), sum(scores)
        low, high = wilson_interval(score, n, confidence)
        rows.append({"bot": a, "opponent": b, "games": n, "wins": scores.count(1.0), "losses": scores.count(0.0),
                     "ties": scores.count(0.5), "win_rate": score / n, "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows, columns=["bot", "opponent", "games", "wins", "losses", "ties", "win_rate",
                                       "ci_low", "ci_high"])
