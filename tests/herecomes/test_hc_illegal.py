"""Illegal moves raise IllegalAction with the rule ID and a reason in English and Chinese, and change nothing."""

from __future__ import annotations

import pytest

from pokelab.errors import IllegalAction
from pokelab.herecomes import (
    Discard,
    Draw,
    Keep,
    UseTrainer,
    VoteRedraw,
    apply,
    new_game,
    scenario,
    to_json,
)

from .helpers import T_LEGEND, T_RED, draw_all, run_round

HANDS = {0: ["G01", "G05", "G06", "G15", "G18"], 1: ["G13", "G14", "G09", "G10", "G17"]}


def fresh():
    return scenario(2, hands=HANDS, trainers=False)


def at_discard():
    return draw_all(fresh(), iter(T_RED))


def at_vote():
    s = fresh()
    it = iter(T_RED)
    for wave in range(3):
        s = draw_all(s, it)
        s = apply(apply(s, Discard(0, ["G05", "G06", "G15"][wave])), Discard(1, ["G14", "G10", "G17"][wave]))
    return draw_all(s, it)


def rejected(state, action, rule):
    """Apply an illegal action: check rule, bilingual reason, and that the state is untouched."""
    saved = to_json(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    err = info.value
    assert err.rule == rule, (err.rule, str(err))
    assert err.message("en") and err.message("zh") and err.message("en") != err.message("zh")
    assert to_json(state) == saved
    return err


def test_hc_r2_discard_a_card_not_held():
    """HC-R2: you can only discard a card in your hand."""
    err = rejected(at_discard(), Discard(0, "G13"), "HC-R2")
    assert "does not hold" in err.message("en")


def test_hc_r2_discard_twice_in_a_wave():
    """HC-R2: one discard per player per wave."""
    s = apply(at_discard(), Discard(0, "G05"))
    err = rejected(s, Discard(0, "G06"), "HC-R2")
    assert "already" in err.message("en")


def test_hc_r2_acting_at_a_chance_node():
    """HC-R2: while the leader draws tokens no player can act."""
    rejected(fresh(), Discard(0, "G01"), "HC-R2")
    rejected(fresh(), VoteRedraw(0, True), "HC-R2")


def test_hc_r2_drawing_at_a_non_chance_node():
    """HC-R2: a token is drawn only when one is due."""
    rejected(at_discard(), Draw("red"), "HC-R2")
    rejected(at_vote(), Draw("red"), "HC-R2")


def test_hc_c1_drawing_a_colour_the_bag_no_longer_holds():
    """HC-C1: the bag holds 2 purple tokens; a third cannot be drawn."""
    s = apply(apply(fresh(), Draw("purple")), Draw("purple"))
    rejected(s, Draw("purple"), "HC-C1")
    rejected(fresh(), Draw("pink"), "HC-C1")


def test_hc_r3_no_discard_after_wave_four():
    """HC-R3: wave 4 has no discard."""
    rejected(at_vote(), Discard(0, "G01"), "HC-R3")


def test_hc_r4_voting_twice():
    """HC-R4: one vote per player."""
    s = apply(at_vote(), VoteRedraw(0, True))
    err = rejected(s, VoteRedraw(0, False), "HC-R4")
    assert "already voted" in err.message("en")


def test_hc_r4_voting_outside_the_redraw_step():
    """HC-R4: there is nothing to vote on during a discard step."""
    rejected(at_discard(), VoteRedraw(0, True), "HC-R4")


def test_hc_r6_keep_outside_the_keep_step_or_a_card_not_achieved():
    """HC-R6: Keep only in the keep step, only an achieved card, only once."""
    rejected(at_vote(), Keep(0, "G01"), "HC-R6")
    s = scenario(2, hands={0: ["G01", "P09", "G06", "G15", "G18"], 1: HANDS[1]}, trainers=False)
    it = iter(T_RED)
    for wave in range(3):
        s = draw_all(s, it)
        s = apply(apply(s, Discard(0, ["G06", "G15", "G18"][wave])), Discard(1, ["G14", "G10", "G17"][wave]))
    s = draw_all(s, it)
    s = apply(apply(s, VoteRedraw(0, False)), VoteRedraw(1, False))
    assert s.phase == "keep" and s.to_move == (0,)
    rejected(s, Keep(0, "G13"), "HC-R6")
    rejected(s, Keep(1, "G13"), "HC-R6")  # seat 1 has no choice to make: not in to_move


def test_hc_g2_no_move_after_the_end():
    """HC-G2: once the game is over every move is rejected."""
    s = scenario(2, hands={0: ["L01", "G05", "G06", "G15", "G18"], 1: HANDS[1]}, trainers=False)
    s = run_round(s, T_LEGEND, {0: ["G05", "G06", "G15"], 1: ["G14", "G10", "G17"]})
    assert s.is_over
    rejected(s, Draw("red"), "HC-R2")
    rejected(s, Discard(0, "G18"), "HC-G2")


def test_hc_c5_a_seat_that_does_not_exist():
    """HC-C5: seats are 0 to players-1."""
    rejected(at_discard(), Discard(2, "G01"), "HC-C5")
    rejected(at_discard(), Discard(-1, "G01"), "HC-C5")


def test_hc_c4_unknown_trainer_power_and_not_an_action():
    """HC-C4: only the four trainer powers exist; apply() rejects anything that is not an action."""
    rejected(at_discard(), UseTrainer(0, "teleport"), "HC-C4")
    with pytest.raises(ValueError, match="not a Here Comes"):
        apply(new_game(2), "Discard(0, G01)")
