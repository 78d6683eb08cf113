"""The whole-class bag experiment (pokelab.classroom): entries checked, tallies against exact odds."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokelab.classroom import (
    DEFAULT_EVENTS,
    SIMULATED,
    ClassroomError,
    ClassTally,
    check_round,
    draw_round,
    parse_event,
)
from pokelab.errors import IllegalAction
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.pieces import COLOURS

ROUND = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")


def test_hc_c3_a_recorded_round_has_exactly_ten_tokens():
    for tokens in (ROUND[:9], (*ROUND, "red")):
        with pytest.raises(IllegalAction) as err:
            check_round(tokens)
        assert err.value.rule == "HC-C3"
        assert str(len(tokens)) in err.value.message("en") and str(len(tokens)) in err.value.message("zh")


def test_hc_c3_a_round_must_be_a_list_not_a_string():
    with pytest.raises(IllegalAction) as err:
        check_round("redredred")
    assert err.value.rule == "HC-C3"


def test_hc_c1_a_round_cannot_hold_more_of_a_colour_than_the_bag():
    tokens = ("purple",) * 3 + ("red",) * 4 + ("blue",) * 3
    with pytest.raises(IllegalAction) as err:
        check_round(tokens)
    assert err.value.rule == "HC-C1"
    assert "3 purple" in err.value.message("en") and "紫色" in err.value.message("zh")
    # the same round is fine from a bag with more purple tokens
    assert check_round(tokens, {"red": 6, "blue": 5, "purple": 4}) == tokens


def test_hc_c1_unknown_colour_is_rejected_with_its_position():
    with pytest.raises(IllegalAction) as err:
        check_round((*ROUND[:4], "pink", *ROUND[5:]))
    assert err.value.rule == "HC-C1"
    assert "token 5" in err.value.message("en") and "第 5 枚" in err.value.message("zh")


def test_colours_may_be_entered_in_chinese_or_any_case():
    zh = ("红", "蓝色", "RED", "绿", " red ", "红", "Blue", "黄", "红", "蓝")
    assert check_round(zh) == ROUND


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    counts=st.lists(st.integers(0, 6), min_size=5, max_size=5).filter(lambda c: sum(c) >= 10),
)
def test_hc_c1_every_drawn_round_is_a_valid_round_of_its_bag(seed, counts):
    bag = dict(zip(COLOURS, counts, strict=True))
    tokens = draw_round(bag, random.Random(seed))
    assert check_round(tokens, bag) == tokens


def test_simulated_rounds_do_not_depend_on_batching():
    once = ClassTally.new(seed=5).simulate(30)
    batched = ClassTally.new(seed=5).simulate(10).simulate(20)
    assert once.rounds == batched.rounds
    assert ClassTally.new(seed=6).simulate(30).rounds != once.rounds
    assert once.groups == (SIMULATED,) * 30


def test_recording_returns_a_new_tally_and_leaves_the_old_one_alone():
    empty = ClassTally.new()
    one = empty.record(ROUND, group="Team A")
    assert empty.n == 0 and one.n == 1
    assert one.rounds == (ROUND,) and one.groups == ("Team A",)
    assert one.undo() == empty
    with pytest.raises(ValueError, match="no round to take back"):
        empty.undo()


def test_bad_requests_are_explained_in_both_languages():
    with pytest.raises(ClassroomError) as err:
        parse_event("any:pink")
    assert "pink" in err.value.message("en") and "pink" in err.value.message("zh") and "颜色" in err.value.message("zh")
    with pytest.raises(ClassroomError) as err:
        ClassTally.new().undo()
    assert err.value.message("zh") == "没有可以撤回的一轮"


def test_bad_inputs_are_explained():
    with pytest.raises(ValueError, match="between 1 and 100000"):
        ClassTally.new().simulate(0)
    with pytest.raises(ValueError, match="between 1 and 100000"):
        ClassTally.new().simulate(True)
    with pytest.raises(ValueError, match="seed must be"):
        ClassTally.new(seed=-1)
    with pytest.raises(ValueError, match="bad event 'first:red'"):
        parse_event("first:red")
    with pytest.raises(ValueError, match="at least one event"):
        ClassTally.new().table([])
    with pytest.raises(ValueError, match="unknown language"):
        ClassTally.new().table(lang="fr")


def _enumerated(event, bag):
    """The chance of ``event`` by listing every ordered round of a small bag."""
    tokens = [c for c in COLOURS for _ in range(bag.get(c, 0))]
    hits = total = 0
    for chosen in combinations(range(len(tokens)), 10):
        # the last token is equally likely to be any of the chosen ones (the others' order is irrelevant)
        for last in chosen:
            rest = [tokens[i] for i in chosen if i != last]
            total += 1
            hits += event.holds((*rest, tokens[last]), bag)
    return Fraction(hits, total)


@pytest.mark.parametrize(
    "code",
    ["any:purple", "never:purple", "all:purple", "last:purple", "last:red", "all:red & never:blue"],
)
def test_hc_c2_exact_chance_of_each_event_matches_enumeration_of_a_small_bag(code):
    bag = {"red": 5, "blue": 4, "purple": 3}
    event = parse_event(code)
    assert event.exact(bag) == _enumerated(event, bag)


def test_any_and_all_are_different_questions():
    """'At least one purple' is far likelier than 'every purple' — the misconception the lesson shows."""
    any_p, all_p = parse_event("any:purple").exact(), parse_event("all:purple").exact()
    assert any_p == 1 - parse_event("never:purple").exact() == Fraction(29, 38)
    assert all_p < any_p / 3


def test_table_compares_tallies_with_the_exact_odds():
    tally = ClassTally.new(seed=11).simulate(3000)
    table = tally.table(DEFAULT_EVENTS)
    assert list(table["event"]) == list(DEFAULT_EVENTS)
    assert (table["rounds"] == 3000).all()
    for _, row in table.iterrows():
        hits = sum(tally.hits(row["event"]))
        assert row["happened"] == hits
        assert row["observed"] == pytest.approx(hits / 3000)
        assert row["gap"] == pytest.approx(row["observed"] - row["p"])
        assert row["low"] <= row["observed"] <= row["high"]
        assert Fraction(row["exact"]) == parse_event(row["event"]).exact()
    # a 95 % interval misses the truth now and then, but not for most events
    assert table["inside"].sum() >= 4
    zh = tally.table(DEFAULT_EVENTS, lang="zh")
    assert zh.columns[0] == "事件" and zh.iloc[0]["含义"] == "最后一枚是红色"


def test_an_empty_tally_has_exact_odds_and_no_observations():
    table = ClassTally.new().table(["last:red"])
    row = table.iloc[0]
    assert row["exact"] == "3/10" and row["rounds"] == 0 and math.isnan(row["observed"])


def test_the_gap_shrinks_as_the_tally_grows():
    tally = ClassTally.new(seed=2).simulate(4000)
    history = tally.history(["last:red", "never:purple"], points=40)
    for _, rows in history.groupby("event"):
        assert rows["rounds"].iloc[-1] == 4000 and rows["rounds"].is_monotonic_increasing
        assert rows["typical_gap"].is_monotonic_decreasing
        early = rows[rows["rounds"] <= 400]["gap"].mean()
        late = rows[rows["rounds"] >= 3000]["gap"].mean()
        assert late < 3 * rows["typical_gap"].iloc[-1]
        assert late < early + 1e-12 or early < 0.02
    observed_last = history[history["event"] == "last:red"]["observed"].iloc[-1]
    assert observed_last == pytest.approx(sum(tally.hits("last:red")) / 4000)


def test_by_group_shows_each_group_beside_the_whole_class():
    a = ("purple", "purple", *ROUND[:8])
    tally = ClassTally.new().record(a, "A").record(ROUND, "B").record(ROUND, "A")
    table = tally.by_group("any:purple").set_index("group")
    assert table.loc["A", "rounds"] == 2 and table.loc["A", "observed"] == 0.5
    assert table.loc["B", "observed"] == 0.0
    assert table.loc["whole class", "rounds"] == 3
    assert table.loc["whole class", "observed"] == pytest.approx(1 / 3)
    assert list(tally.by_group("any:purple", lang="zh")["组"])[-1] == "全班"


def test_gamblers_fallacy_streaks_do_not_change_the_next_round():
    red_last = (*ROUND[:-1], "red")
    tally = ClassTally.new()
    for tokens in (red_last, red_last, red_last, ROUND, red_last, red_last, ROUND):
        tally = tally.record(tokens)
    streak = tally.after_streak("last:red", length=2)
    # rounds 3, 4 follow two reds in a row (round 7 too): red, blue, blue
    assert (streak["after_streak"], streak["happened"]) == (3, 1)
    big = ClassTally.new(seed=4).simulate(6000).after_streak("last:red", length=2)
    assert big["after_streak"] > 400
    assert abs(big["observed"] - 0.3) < 0.07


def test_colour_and_last_counts_add_up():
    tally = ClassTally.new(seed=9).simulate(50)
    assert sum(tally.colour_counts().values()) == 500
    assert sum(tally.last_counts().values()) == 50
    assert all(tally.colour_counts()[c] <= 50 * DEFAULT_BAG[c] for c in COLOURS)


def test_small_bag_permutation_check_of_last_token():
    """HC-C3: the last token of a drawn round is uniform over the bag (exchangeability), checked exactly."""
    bag = {"red": 7, "blue": 3}
    arrangements = list(combinations(range(10), 3))  # where the 3 blue tokens sit
    blue_last = sum(1 for places in arrangements if 9 in places)
    assert Fraction(blue_last, len(arrangements)) == parse_event("last:blue").exact(bag)
