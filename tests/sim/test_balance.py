"""Balance figures from simulated tables, and the shipped balance data."""

from __future__ import annotations

import pandas as pd
import pytest

from pokelab.sim import simulate
from pokelab.sim.balance import (
    available,
    card_lift,
    first_player_advantage,
    length_distribution,
    load,
)


@pytest.fixture(scope="module")
def table():
    return simulate("splendor", ["greedy", "greedy"], games=12, seed=3, progress=False)


def test_first_player_advantage_counts_the_seat_that_opened(table):
    """SP-S2: the first player is drawn at random, so it is read from each game."""
    fp = first_player_advantage(table)
    by_hand = sum(row[f"seat_{row['first_player']}_won"] for _, row in table.iterrows())  # numbered from 1
    undecided = sum((table["seat_1_won"] + table["seat_2_won"]) == 0)
    assert fp["games"] + fp["undecided"] == 12 and fp["undecided"] == undecided
    assert fp["first_player_wins"] == pytest.approx(by_hand)
    assert fp["ci_low"] <= fp["win_rate"] <= fp["ci_high"] and fp["fair"] == 0.5


def test_length_distribution_adds_up(table):
    dist = length_distribution(table)
    assert dist["games"].sum() == 12
    assert dist["cumulative"].iloc[-1] == pytest.approx(1.0)


def test_card_lift_is_win_rate_minus_base(table):
    lift = card_lift(table)
    seats = [1, 2]
    done = table[(table["seat_1_won"] + table["seat_2_won"]) > 0]
    base = sum(done[f"seat_{n}_won"].sum() for n in seats) / (2 * len(done))
    assert (lift["lift"] - (lift["win_rate"] - base)).abs().max() < 1e-12
    held = sum(len(str(c).split()) for n in seats for c in done[f"seat_{n}_cards"].fillna(""))
    assert lift["games"].sum() == held


def test_herecomes_rows_carry_the_first_leader():
    df = simulate("herecomes", ["random", "random"], games=2, seed=1, progress=False)
    assert set(df["first_player"]) <= {1, 2}  # the first leader's seat number, from 1
    assert first_player_advantage(df)["games"] == 2


def test_first_player_advantage_needs_the_column():
    with pytest.raises(ValueError, match="no first_player column"):
        first_player_advantage(pd.DataFrame({"seat_1_bot": []}))


def test_shipped_balance_data_loads():
    names = available()
    assert "splendor_card_lift.csv" in names and "ladder.csv" in names
    lift = load("splendor_card_lift")
    assert {"card", "name_en", "lift", "ci_low", "ci_high"} <= set(lift.columns)
    assert load("splendor_summary")["game"] == "splendor"
    ladder = load("ladder")
    assert {"lower", "upper", "win_rate", "ci_low", "ci_high", "games"} <= set(ladder.columns)
    with pytest.raises(FileNotFoundError, match="no balance data"):
        load("nope")
