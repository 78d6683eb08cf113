"""The fitted correction of the seated playouts' share (issue 30): its table is checked, it moves chances the right way, and only where it was fitted."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokelab.analysis import win_probabilities
from pokelab.analysis.coach import rank_moves
from pokelab.analysis.splendor_win import MODEL_DOUBT, WinEstimate, calibrated
from pokelab.analysis.win_calibration import CORRECTION, EXACT, FITTED, SHIPPED, load_correction
from pokelab.errors import InputError
from pokelab.sim import play
from pokelab.splendor import legal_actions, new_game

HEADER = "parameter,policy,value\n"
GOOD = HEADER + "slope,,0.9\nshift,mcts-easy,0.5\nshift,mcts-medium,1.0\nshift,mcts-hard,1.5\n"
BOTS = (*EXACT, *FITTED)


def test_the_shipped_table_loads_with_a_shift_for_every_stand_in():
    table = load_correction(SHIPPED)
    assert table == CORRECTION
    assert 0 < table.slope <= 5
    assert set(table.shifts) == set(BOTS)
    assert all(table.shifts[b] == 0.0 for b in EXACT)


def test_a_good_table_reads_back_its_figures(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(GOOD, encoding="utf-8")
    table = load_correction(path)
    assert table.slope == 0.9
    assert dict(table.shifts) == {"greedy": 0.0, "random": 0.0, "mcts-easy": 0.5, "mcts-medium": 1.0,
                                  "mcts-hard": 1.5}


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "row 1: the header must be parameter,policy,value, got "),
        ("param,policy,value\nslope,,1\n", "row 1: the header must be parameter,policy,value"),
        (GOOD.replace("0.9", "steep"), "row 2: the value must be a number, got 'steep'"),
        (GOOD.replace("0.9", "nan"), "row 2: the value must be a number, got 'nan'"),
        (GOOD.replace("0.9", "0"), "row 2: the slope must be above 0 and at most 5.0, got 0.0"),
        (GOOD.replace("1.5", "9"), "row 5: a shift must be from -5.0 to 5.0, got 9.0"),
        (GOOD.replace("mcts-hard", "chess"), "row 5: a shift is for one of mcts-easy, mcts-medium, mcts-hard, got 'chess'"),
        (GOOD.replace("mcts-hard", "greedy"), "row 5: a shift is for one of"),
        (GOOD.replace("mcts-hard", "mcts-easy"), "row 5: a second shift for mcts-easy"),
        (GOOD + "slope,,1.1\n", "row 6: expected one slope row (policy empty) and shift rows, got 'slope,'"),
        (GOOD.replace("slope,,", "slope,greedy,"), "row 2: expected one slope row"),
        (GOOD + "shift,mcts-hard\n", "row 6: expected 3 fields, got 2"),
        (HEADER + "slope,,1\nshift,mcts-easy,0\n", "the table needs a slope row and a shift for each of"),
        (HEADER + "shift,mcts-easy,0\nshift,mcts-medium,0\nshift,mcts-hard,0\n", "needs a slope row"),
    ],
)
def test_a_bad_row_is_refused_naming_it_in_both_languages(tmp_path, text, words):
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=words.replace("(", r"\(").replace(")", r"\)")) as caught:
        load_correction(path)
    assert str(path) in str(caught.value)
    zh = caught.value.message("zh")
    assert zh != caught.value.message("en") and str(path) in zh


def test_a_missing_table_is_a_kit_error(tmp_path):
    with pytest.raises(InputError, match="cannot read the calibration table"):
        load_correction(tmp_path / "none.csv")


def test_the_stand_ins_are_weaker_than_the_real_bots_so_their_seats_gain():
    """The fitted direction: the mcts stand-ins under-rate the real bots (checked by the benchmark's games)."""
    assert CORRECTION.shifts["mcts-hard"] > 0 and CORRECTION.shifts["mcts-medium"] > 0
    even = WinEstimate.from_wins(50, 100)
    up = calibrated(even, 2, bots=("mcts-hard", "greedy"), seat=0)
    down = calibrated(even, 2, bots=("mcts-hard", "greedy"), seat=1)
    assert up.rate > 0.5 > down.rate
    assert up.rate + down.rate == pytest.approx(1.0)
    assert calibrated(even, 2, bots=("greedy", "greedy")).rate == pytest.approx(0.5)


def test_win_probabilities_correct_a_seated_mcts_hard_against_greedy():
    state = [s for s in play("splendor", ["mcts-medium", "greedy"], seed=3).states() if not s.over][10]
    bots = ("mcts-hard", "greedy")
    raw = win_probabilities(state, 0, playouts=40, seed=1, bots=bots, calibrate=False)
    chance = win_probabilities(state, 0, playouts=40, seed=1, bots=bots)
    assert chance == tuple(calibrated(e, 2, bots=bots, seat=j) for j, e in enumerate(raw))
    assert chance[0].rate > raw[0].rate and chance[1].rate < raw[1].rate
    assert [(c.wins, c.playouts) for c in chance] == [(r.wins, r.playouts) for r in raw]


@given(
    wins=st.integers(0, 200),
    extra=st.integers(0, 200),
    mover=st.sampled_from(BOTS),
    other=st.sampled_from(BOTS),
    seat=st.sampled_from((0, 1)),
)
def test_corrected_chances_stay_ordered_in_zero_to_one(wins, extra, mover, other, seat):
    est = WinEstimate.from_wins(wins, wins + extra or 1)
    c = calibrated(est, 2, bots=(mover, other), seat=seat)
    assert 0.0 <= c.low <= c.rate <= c.high <= 1.0
    assert (c.wins, c.playouts) == (est.wins, est.playouts)


def test_a_finished_game_still_answers_one_and_zero_with_seated_bots():
    end = list(play("splendor", ["mcts-easy", "greedy"], seed=2).states())[-1]
    assert end.over == 1
    ests = win_probabilities(end, 0, bots=("mcts-hard", "greedy"))
    assert sorted(e.rate for e in ests) == [0.0, 1.0] and all(e.playouts == 0 for e in ests)


@pytest.mark.parametrize("bots", [None, ("human", "human"), ("human", "mcts-hard"), ("greedy", "greedy", "mcts-hard")])
def test_where_no_fit_applies_the_plain_shrink_stays(bots):
    est = WinEstimate.from_wins(30, 100)
    seats = 3 if bots and len(bots) == 3 else 2
    c = calibrated(est, seats, bots=bots, seat=1)
    assert c.rate == pytest.approx((1 - MODEL_DOUBT) * 0.3 + MODEL_DOUBT / seats)
    assert not CORRECTION.applies(bots)


def test_the_default_human_model_is_unchanged():
    state = new_game(2, seed=5)
    raw = win_probabilities(state, 0, playouts=20, seed=2, calibrate=False)
    assert win_probabilities(state, 0, playouts=20, seed=2) == tuple(calibrated(e, 2) for e in raw)


def test_the_coach_ranks_with_the_same_correction_as_win_probabilities():
    state = new_game(2, seed=4)
    moves = legal_actions(state)[:3]
    bots = ("mcts-hard", "greedy")
    plain = rank_moves(state, moves, first=8, keep=3, final=8, bots=bots)
    greedy_model = rank_moves(state, moves, first=8, keep=3, final=8)
    for (_, est), (_, unseated) in zip(plain, greedy_model, strict=True):
        raw = WinEstimate.from_wins(est.wins, est.playouts)
        assert est == calibrated(raw, 2, bots=bots, seat=state.current_player)
        assert unseated == calibrated(WinEstimate.from_wins(unseated.wins, unseated.playouts), 2)
