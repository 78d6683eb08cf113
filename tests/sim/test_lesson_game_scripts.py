"""The scripts behind lessons 41-42's shipped games record what the games really did."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pandas as pd

from pokelab.sim import play
from pokelab.sim.balance import load

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_round_points_add_up_to_the_final_score_round_by_round() -> None:
    solo = _script("solo_round_points")
    for seed in (1, 2, 3):
        gained = solo.round_points(seed)
        record = play("herecomes", ["expected-points"], seed=seed)
        assert len(gained) == record.rounds
        if gained[-1] == solo.WIN:
            assert sum(gained[:-1]) <= record.scores[0]
        else:
            assert sum(gained) == record.scores[0] >= 10


def test_trainer_rows_match_the_game_they_come_from() -> None:
    rows = _script("trainer_games").game_rows("duel", True, 0, 5)
    record = play("herecomes", ["expected-points", "expected-points"], seed=5, options={"trainers": True})
    assert [r["trainer"] for r in rows] == list(record.initial_state.trainers)
    assert sum(r["win"] for r in rows) == 1 and {r["rounds"] for r in rows} == {record.rounds}


def test_the_shipped_tables_are_whole() -> None:
    points = load("herecomes_round_points")
    assert abs(points["share"].sum() - 1) < 1e-9 and int(points["rounds"].sum()) == 5825
    games = load("herecomes_trainers")
    assert set(games["mode"]) == {"solo", "duel"}
    duel = games[games["mode"] == "duel"]
    assert isinstance(duel, pd.DataFrame) and duel.groupby("game_id")["win"].sum().eq(1).all()
    assert (duel.groupby("game_id")["trainer"].nunique() == 2).all()  # no two players share a trainer (HC-C4)
