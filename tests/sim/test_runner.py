"""The runner on a tiny chance + simultaneous game: records, replays, seeds, rotation, executors."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

from pokelab.bots import RandomBot
from pokelab.core.seeds import game_seed
from pokelab.errors import SimError
from pokelab.sim import GameRecord, lineup, play, simulate
from pokelab.words import _

from .toygame import AlwaysRisk, Cheater


def test_play_returns_a_record_that_replays_to_the_same_final_state():
    record = play("toy", ["random", "risk"], seed=5)
    assert isinstance(record, GameRecord)
    assert record.bots == ("random", "risk")
    assert record.replay() == record.final_state
    assert len(list(record.states())) == len(record.actions) + 1
    # 4 rounds: a chance roll then one choice per player
    assert [actor for actor, _ in record.actions[:3]] == [None, 0, 1]
    assert len(record.actions) == 4 * 3


def test_same_seed_same_game_and_different_seed_different_game():
    a = play("toy", ["random", "random"], seed=11)
    b = play("toy", ["random", "random"], seed=11)
    assert a.actions == b.actions and a.scores == b.scores
    others = {play("toy", ["random", "random"], seed=s).actions for s in range(8)}
    assert len(others) > 1


def test_each_seat_has_its_own_rng_stream():
    """Replacing seat 1's bot never changes what seat 0's random bot does."""
    a = play("toy", ["random", "random"], seed=2)
    b = play("toy", ["random", "risk"], seed=2)
    moves = lambda r: [x for actor, x in r.actions if actor == 0]  # noqa: E731
    assert moves(a) == moves(b)


def test_simultaneous_choices_see_the_state_before_either_is_applied():
    seen = []

    class Spy:
        name = "spy"

        def choose(self, view, legal, rng):
            seen.append(view["me"])
            return legal[0]

    play("toy", [Spy(), Spy()], seed=0)
    assert seen[:2] == [0, 1]


def test_illegal_choice_names_the_bot_and_rule():
    with pytest.raises(SimError, match=r"cheater.*seat 0.*TOY-1"):
        play("toy", [Cheater(), RandomBot()], seed=0)


def test_simulate_rotates_seats_and_reports_winners_by_name_and_seat():
    df = simulate("toy", ["random", "risk"], games=6, seed=3, progress=False)
    assert list(df["seat_1_bot"]) == ["random", "risk"] * 3
    assert list(df["game_id"]) == list(range(6))
    assert list(df["seed"]) == [game_seed(3, i) for i in range(6)]
    for row in df.itertuples():
        numbers = [int(n) for n in row.winner_seats.split(",")]  # seat numbers from 1, as the columns'
        assert row.winners == ",".join(getattr(row, f"seat_{n}_bot") for n in numbers)
        assert row.seat_1_won + row.seat_2_won == pytest.approx(1.0)
        assert max(row.seat_1_score, row.seat_2_score) == getattr(row, f"seat_{numbers[0]}_score")
    assert {"rounds", "actions", "rotation"} <= set(df.columns)


def test_simulate_three_seats_rotate_through_every_position():
    df = simulate("toy", ["random", "risk", "random"], games=3, progress=False,
                  names=["r1", "risk", "r2"])
    assert list(df["seat_1_bot"]) == ["r1", "risk", "r2"]
    assert list(df["seat_3_bot"]) == ["r2", "r1", "risk"]


def test_a_game_row_matches_playing_that_game_alone():
    df = simulate("toy", ["random", "risk"], games=4, seed=9, progress=False)
    row = df.iloc[3]
    record = play("toy", ["risk", "random"], seed=int(row["seed"]))
    assert (row["seat_1_score"], row["seat_2_score"]) == record.scores


def _frame(executor, **kw):
    return simulate("toy", ["random", "risk"], games=40, seed=1, executor=executor,
                    progress=False, **kw)


def test_results_do_not_depend_on_how_games_are_spread():
    base = _frame(None)
    with ThreadPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(base, _frame(pool, chunk_size=3))
    with ProcessPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(base, _frame(pool, chunk_size=7))


def test_bad_counts_bots_and_seeds_get_clear_errors():
    with pytest.raises(SimError, match="games must be a whole number >= 1"):
        simulate("toy", ["random"], games=0)
    with pytest.raises(SimError, match="unknown bot 'nobody' for toy"):
        simulate("toy", ["nobody"], games=1)
    with pytest.raises(SimError, match="toy takes 1 to 3 players, got 4"):
        play("toy", ["random"] * 4)
    with pytest.raises(SimError, match="a seed is a whole number"):
        play("toy", ["random"], seed="x")
    with pytest.raises(SimError, match="unknown game"):
        play("go", ["random"])
    with pytest.raises(SimError, match="2 names for 1 bots"):
        simulate("toy", ["random"], games=1, names=["a", "b"])
    assert SimError(_("unknown game {name}: choose {choices}", name="go", choices="toy")).message("zh") == "未知的游戏 go：请选择 toy"


def test_lineup_rotation():
    assert lineup(["a", "b"], 0) == ["a", "b"]
    assert lineup(["a", "b"], 1) == ["b", "a"]
    assert lineup(["a", "b"], 1, rotate=False) == ["a", "b"]


def test_record_log_reads_as_text():
    record = play("toy", [AlwaysRisk()], seed=0)
    assert record.log()[1] == "Player 1 (risk): Choose(0, risk)"  # players are numbered from 1, as on the boards
    assert record.log()[0].startswith("chance: Roll(")
    assert record.log("zh")[1] == "玩家 1（risk）：Choose(0, risk)"
    assert record.winner_names == ("risk",)
