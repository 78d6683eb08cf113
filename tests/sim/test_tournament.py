"""Round-robin tournaments, head-to-head intervals and the Elo fit."""

from __future__ import annotations

import pytest

from pokelab.bots import RandomBot
from pokelab.errors import SimError
from pokelab.sim import elo_ratings, tournament
from pokelab.sim.tournament import head_to_head
from pokelab.stats import wilson_interval

from .toygame import AlwaysRisk


class AlwaysBank:
    name = "bank"

    def choose(self, view, legal, rng):
        return next(a for a in legal if a.move == "bank")


def test_round_robin_plays_every_pair_with_seats_swapped():
    t = tournament("toy", ["random", AlwaysRisk(), AlwaysBank()], games_per_pair=10, seed=4,
                   progress=False)
    assert len(t.games) == 3 * 10
    assert sorted(t.standings["bot"]) == ["bank", "random", "risk"]
    for pair in range(3):
        df = t.games[t.games["pair"] == pair]
        assert (df["seat_1_bot"].value_counts() == 5).all()  # each bot opens half the games
    assert (t.standings["games"] == 20).all()
    assert list(t.standings["elo"]) == sorted(t.standings["elo"], reverse=True)


def test_standings_win_rates_match_the_games_and_carry_wilson_intervals():
    t = tournament("toy", [AlwaysRisk(), AlwaysBank()], games_per_pair=30, seed=0, progress=False)
    row = t.standings.set_index("bot").loc["bank"]
    g = t.games
    wins = (g["seat_1_won"] * (g["seat_1_bot"] == "bank") + g["seat_2_won"] * (g["seat_2_bot"] == "bank")).sum()
    assert row["wins"] == pytest.approx(wins)
    assert row["win_rate"] == pytest.approx(wins / 30)
    assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson_interval(wins, 30))
    pair = t.pairs.iloc[0]
    assert pair["games"] == 30


def test_duplicate_bot_names_are_told_apart():
    t = tournament("toy", ["random", "random"], games_per_pair=2, progress=False)
    assert sorted(t.standings["bot"]) == ["random", "random#2"]


def test_tournament_needs_two_bots_and_a_count():
    with pytest.raises(SimError, match="at least two bots"):
        tournament("toy", [RandomBot()], 4)
    with pytest.raises(SimError, match="games_per_pair must be a whole number"):
        tournament("toy", ["random", "risk"], 0)


def test_elo_is_order_independent_and_follows_the_score():
    results = [("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10 + [("b", "c", 1.0)] * 20
    r1 = elo_ratings(results)
    r2 = elo_ratings(list(reversed(results)))
    assert r1 == pytest.approx(r2)
    assert r1["a"] > r1["b"] > r1["c"]
    assert sum(r1.values()) / 3 == pytest.approx(1500)
    even = elo_ratings([("x", "y", 0.5)] * 10)
    assert even["x"] == pytest.approx(even["y"])


def test_head_to_head_counts_shared_wins_as_half():
    import pandas as pd

    df = pd.DataFrame({"seat_1_bot": ["x", "y", "x"], "seat_2_bot": ["y", "x", "y"],
                       "seat_1_won": [0.5, 0.0, 1.0], "seat_2_won": [0.5, 1.0, 0.0]})
    h = head_to_head(df, "x", "y")
    assert h["wins"] == 2.5 and h["games"] == 3
