"""The Splendor game review: a passed-up winning catch is a mistake with the catch as the better move."""

from __future__ import annotations

import pytest

from pokelab.analysis import GameReview, MoveReview, review
from pokelab.analysis.game_review import RECHECK
from pokelab.errors import ExplainedError
from pokelab.sim import play
from pokelab.splendor import Catch, TakeDifferent, apply, legal_actions, new_game, scenario
from tests.analysis.test_coach import winning_catch_position


def _scripted_blunder():
    """Seat 0 takes tokens instead of the winning catch; seat 1 then catches Ponyta and wins."""
    s0 = winning_catch_position()
    blunder = TakeDifferent(("red", "yellow", "black"))
    s1 = apply(s0, blunder)
    s2 = apply(s1, Catch(14))
    assert s2.is_over and s2.players[1].points == 18
    return [(s0, blunder), (s1, Catch(14))]


def test_a_passed_up_winning_catch_is_a_mistake_and_the_catch_is_offered():
    rev = review(_scripted_blunder(), playouts=30, bots="greedy")
    first, second = rev.moves
    assert isinstance(rev, GameReview) and isinstance(first, MoveReview)
    assert (first.index, first.seat, second.seat) == (0, 0, 1)
    assert first.before.rate > 0.8 and first.after.wins == 0.0
    assert first.mistake and first.drop > 0.7  # calibrated: 1 - MODEL_DOUBT at most
    assert first.better is not None and first.better.action == Catch(3)
    assert "Charizard" in first.better.reason('en') and "喷火龙" in first.better.reason('zh')
    assert first.explain("en").startswith("catch Charizard") and "喷火龙" in first.explain("zh")
    assert first.better.reason("en") in first.explain("en") and second.explain("en") == ""
    assert not second.mistake and second.better is None  # seat 1 took its winning catch
    assert rev.mistakes() == (first,) and rev.mistakes(seat=0) == (first,) and rev.mistakes(seat=1) == ()


def test_the_threshold_decides_what_counts_as_a_mistake():
    pairs = _scripted_blunder()
    assert review(pairs, playouts=20, threshold=1.0).mistakes() == ()
    assert len(review(pairs, playouts=20, threshold=0.5).mistakes()) == 1


def test_a_game_record_from_the_runner_is_reviewed_move_by_move():
    record = play("splendor", ["greedy", "random"], seed=6)
    rev = review(record, playouts=6)
    assert len(rev.moves) == len(record.actions)
    states = list(record.states())
    for m, (seat, action) in zip(rev.moves, record.actions, strict=True):
        assert m.seat == seat == states[m.index].current_player and m.action == action
        if len(legal_actions(states[m.index])) == 1:
            assert m.before == m.after and not m.mistake
        if m.better is not None:
            assert m.mistake and m.better.action in legal_actions(states[m.index])
            assert m.better.action != m.action
    assert rev.to_dict()["moves"][0]["action"] == str(record.actions[0][1])


def test_review_is_deterministic_for_a_seed():
    pairs = _scripted_blunder()
    assert review(pairs, playouts=10, seed=3) == review(pairs, playouts=10, seed=3)


@pytest.mark.parametrize(
    "record,kwargs,words",
    [
        ("a game", {}, "review needs a GameRecord or a list of"),
        ([(1, 2, 3)], {}, "move 0: expected a \\(state, action\\) pair"),
        ([("state", Catch(3))], {}, "expected a Splendor State"),
        ([(new_game(2, seed=1), Catch(3))], {}, "move 0: Catch\\(3\\) is not a legal move"),
        ([], {"threshold": 0}, "threshold must be a number above 0 and at most 1"),
        ([], {"playouts": 0}, "playouts must be a whole number"),
        ([], {"seed": "x"}, "a seed is a whole number"),
    ],
)
def test_bad_input_is_a_bilingual_value_error(record, kwargs, words):
    with pytest.raises(ExplainedError, match=words) as err:
        review(record, **kwargs)
    assert isinstance(err.value, ValueError) and err.value.message("zh")


def test_a_here_comes_record_is_refused():
    record = play("herecomes", ["random", "random"], seed=1)
    with pytest.raises(ExplainedError, match="review reads Splendor games"):
        review(record)


def test_a_finished_position_in_the_list_is_refused():
    over = scenario(captured={0: ["Articuno", "Zapdos", "Magmar", "Charizard"]}, current_player=1,
                    first_player=0)
    end = apply(over, legal_actions(over)[0])
    assert end.is_over
    with pytest.raises(ExplainedError, match="the game is over"):
        review([(end, Catch(3))])


def test_a_greedy_move_can_be_flagged_now_that_the_review_measures_from_the_best_move():
    """The review compares the move played with the best of greedy's top moves, not with greedy's own move."""
    import random

    from pokelab.bots.splendor_greedy import greedy_action

    s0 = winning_catch_position()
    greedy = greedy_action(s0, legal_actions(s0), random.Random(0))
    rev = review([(s0, greedy)], playouts=30)
    move = rev.moves[0]
    assert move.before.rate >= move.after.rate
    if greedy != Catch(3):
        assert move.mistake and move.better.action == Catch(3)


def test_a_small_shortfall_is_rechecked_before_it_is_flagged():
    """A move whose first playouts fall short is replayed on RECHECK times as many fresh ones, then twice as many
    fresh ones again: each recheck decides by itself, and a mistake passes both."""
    from pokelab.analysis.game_review import RECHECK, RECHECK_STAGES

    rev = review(_scripted_blunder()[:1], playouts=10, bots="greedy")
    assert RECHECK_STAGES == 2
    assert rev.moves[0].mistake and rev.moves[0].after.playouts == 2 * RECHECK * 10


def test_two_workers_give_the_same_review_as_one():
    """Whole moves go to each process and every move has its own playout seeds: the review does not change."""
    pairs = _scripted_blunder() + _scripted_blunder()[:1]
    one = review(pairs, playouts=8, seed=2, bots="greedy")
    assert review(pairs, playouts=8, seed=2, bots="greedy", workers=2) == one
    assert one.moves[0].mistake and [m.index for m in one.moves] == [0, 1, 2]


def test_a_recheck_stage_ends_once_its_playouts_settle_it():
    """A recheck stage is played a screen's worth at a time: its playouts are a whole number of screens, and
    a recheck ended early found the better move no longer ahead (no mistake); a flag shows its whole last stage."""
    record = play("splendor", ["greedy", "random"], seed=6)
    rev = review(record, playouts=5, seed=1, bots="greedy")
    counts = {m.after.playouts for m in rev.moves}
    assert all(c % 5 == 0 and c <= 2 * RECHECK * 5 for c in counts) and counts - {5}
    for m in rev.moves:
        assert m.before.playouts == m.after.playouts
        if m.after.playouts not in (5, RECHECK * 5, 2 * RECHECK * 5):  # ended early
            assert not m.mistake and m.before.rate <= m.after.rate
        if m.mistake:
            assert m.after.playouts == 2 * RECHECK * 5
