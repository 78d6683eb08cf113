"""Balance figures from simulated games: first-player advantage, game length, card win-rate lift.

The functions take the table of ``simulate`` and return small DataFrames; the
kit ships the figures computed from thousands of games in
``pokelab/data/balance/`` (regenerate with ``scripts/balance_report.py``), and
``load`` reads them back for the strategy notebook.

>>> import pandas as pd
>>> df = pd.DataFrame({"seat_1_bot": ["a", "a"], "seat_2_bot": ["b", "b"], "seat_1_won": [1.0, 0.0],
...                    "seat_2_won": [0.0, 1.0], "first_player": [1, 1], "rounds": [20, 22],
...                    "seat_1_cards": ["1 2", "2"], "seat_2_cards": ["3", "1 3"]})
>>> first_player_advantage(df)["win_rate"]
0.5
>>> card_lift(df).set_index("card").loc[2, ["games", "win_rate"]].tolist()
[2.0, 0.5]
>>> load("nothing-here")
Traceback (most recent call last):
...
FileNotFoundError: no balance data 'nothing-here': ...
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pandas as pd

from pokelab.core.texts import seat_column, table_seats
from pokelab.stats import wilson_interval

__all__ = [
    "available",
    "card_lift",
    "decided",
    "first_player_advantage",
    "length_distribution",
    "load",
]


def decided(df: pd.DataFrame) -> pd.DataFrame:
    """The games somebody won (a stalled game, SP-G4, has no winner).

    >>> len(decided(pd.DataFrame({"seat_1_bot": ["a", "a"], "seat_1_won": [1.0, 0.0],
    ...                           "seat_2_bot": ["b", "b"], "seat_2_won": [0.0, 0.0]})))
    1
    """
    total = sum(df[seat_column(s, "won")] for s in table_seats(df.columns))
    return df[total > 0]


def first_player_advantage(df: pd.DataFrame, *, confidence: float = 0.95) -> dict[str, Any]:
    """How often the player who moved first won a decided game (a shared win counts its share).

    Needs the ``first_player`` column, the seat number (from 1) that opened (Splendor draws the
    first player at random, SP-S2; Here Comes draws the first leader). Games without a winner
    are left out and counted in ``undecided``. With ``n`` players a fair game
    gives ``1/n``.
    """
    if "first_player" not in df.columns:
        raise ValueError("the table has no first_player column")
    done = decided(df)
    wins = [float(row[seat_column(int(row["first_player"]) - 1, "won")]) for _, row in done.iterrows()]
    n = len(wins)
    if n == 0:
        raise ValueError("the table has no decided games")
    low, high = wilson_interval(sum(wins), n, confidence)
    return {"games": n, "undecided": len(df) - n, "first_player_wins": sum(wins),
            "win_rate": sum(wins) / n, "ci_low": low, "ci_high": high,
            "fair": 1 / len(table_seats(df.columns))}


def length_distribution(df: pd.DataFrame, column: str = "rounds") -> pd.DataFrame:
    """How many games lasted each number of rounds, with the share and the running share.

    >>> length_distribution(pd.DataFrame({"rounds": [3, 3, 5]}))["share"].round(3).tolist()
    [0.667, 0.333]
    """
    counts = df[column].value_counts().sort_index()
    out = pd.DataFrame({column: counts.index, "games": counts.values})
    out["share"] = out["games"] / out["games"].sum()
    out["cumulative"] = out["share"].cumsum()
    return out


def card_lift(df: pd.DataFrame, *, confidence: float = 0.95) -> pd.DataFrame:
    """Each card's win-rate lift: the win rate of players who ended holding it, minus the overall rate.

    One observation per player per decided game (``seat_<N>_cards`` lists the ids
    held at the end). A positive lift means holders won more often than average
    — correlation, not proof the card causes it (winners catch more cards).
    """
    rows = []
    seats = table_seats(df.columns)
    df = decided(df)
    for seat in seats:
        for cards, win in zip(df[seat_column(seat, "cards")].fillna(""), df[seat_column(seat, "won")], strict=True):
            for c in str(cards).split():
                rows.append((int(c), float(win)))
    base = float(sum(df[seat_column(s, "won")].sum() for s in seats)) / (len(df) * len(seats))
    held = pd.DataFrame(rows, columns=["card", "win"])
    out = held.groupby("card")["win"].agg(["count", "sum"]).reset_index()
    out.columns = ["card", "games", "wins"]
    out["games"] = out["games"].astype(float)
    out["win_rate"] = out["wins"] / out["games"]
    intervals = [wilson_interval(w, int(n), confidence) for w, n in zip(out["wins"], out["games"],
                                                                       strict=True)]
    out["ci_low"] = [lo for lo, _ in intervals]
    out["ci_high"] = [hi for _, hi in intervals]
    out["lift"] = out["win_rate"] - base
    return out


def _folder() -> Any:
    return resources.files("pokelab") / "data" / "balance"


def available() -> list[str]:
    """The names of the shipped balance files (``load(name)`` reads one)."""
    return sorted(p.name for p in _folder().iterdir() if p.name.endswith((".csv", ".json")))


def load(name: str) -> Any:
    """A shipped balance file: a ``.csv`` as a DataFrame, a ``.json`` as a dict.

    ``name`` may leave out the extension when only one file has that stem.
    """
    files = available()
    matches = [f for f in files if f == name or f.rsplit(".", 1)[0] == name]
    if not matches:
        raise FileNotFoundError(f"no balance data {name!r}: choose one of {', '.join(files)}")
    path = _folder() / matches[0]
    if matches[0].endswith(".json"):
        return json.loads(path.read_text(encoding="utf-8"))
    with resources.as_file(path) as real:
        return pd.read_csv(real)
