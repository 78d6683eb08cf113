"""Trainer cards HC-T1…HC-T4 (docs/rules-here-comes-trainers.md): effects, timing and limits."""

from __future__ import annotations

import pytest

from pokelab.errors import IllegalAction
from pokelab.herecomes import (
    TRAINERS,
    Discard,
    Draw,
    UseTrainer,
    VoteRedraw,
    apply,
    legal_actions,
    new_game,
    observe,
    scenario,
)

from .helpers import T_RED, check_invariants, draw_all

HANDS = {
    0: ["G01", "G05", "G06", "G15", "G18"],
    1: ["G13", "G14", "G09", "G10", "G17"],
    2: ["P01", "P02", "P09", "O01", "O09"],
}
DISCARDS = {0: ["G05", "G06", "G15"], 1: ["G14", "G10", "G17"], 2: ["P02", "O01", "O09"]}
ALL = {0: "misty", 1: "brock", 2: "sabrina"}


def start(trainers=ALL, **kw):
    return scenario(3, hands=HANDS, trainers=trainers, **kw)


def through_wave(s, it, wave):
    """Draw and discard up to (not including) discard step ``wave``."""
    for w in range(wave - 1):
        s = draw_all(s, it)
        for p in range(3):
            s = apply(s, Discard(p, DISCARDS[p][w]))
    return draw_all(s, it)


def to_vote(s, it):
    s = through_wave(s, it, 4)
    assert s.phase == "vote"
    return s


def test_hc_c4_one_distinct_trainer_each_dealt_at_random():
    """HC-C4: every player gets one trainer, no two alike, seeded; trainers are face up in every view."""
    for seed in range(20):
        s = new_game(4, seed=seed)
        assert sorted(s.trainers) == sorted(TRAINERS)
    assert new_game(3, seed=1).trainers == new_game(3, seed=1).trainers
    assert len({new_game(3, seed=k).trainers for k in range(10)}) > 1
    s = new_game(3, seed=2)
    assert [p["trainer"]["id"] for p in observe(s, 0)["players"]] == list(s.trainers)
    assert new_game(3, trainers=False).trainers == (None, None, None)
    assert all(t != "sabrina" for k in range(20) for t in new_game(1, seed=k).trainers)


def test_hc_t1_extra_discard_replaced_by_a_fresh_draw():
    """HC-T1: Misty sets one more card aside; at the reveal it is discarded and the top deck card is drawn."""
    s = start(deck_top=["P18", "P17"])
    s = draw_all(s, iter(T_RED))
    s = apply(s, UseTrainer(0, "extra_discard", "G18"))
    assert s.hands[0] == ("G01", "G05", "G06", "G15", "G18")  # nothing visible happens yet
    assert "Discard(0, G18)" not in [str(a) for a in legal_actions(s, 0)]
    s = apply(s, Discard(0, "G05"))
    s = apply(apply(s, Discard(1, "G14")), Discard(2, "P02"))
    assert s.hands[0] == ("G01", "G06", "G15", "P18")
    assert s.discards == ("G05", "G18", "G14", "P02")  # revealed in seat order from the leader
    assert [e["kind"] for e in observe(s, 1)["events"]] == ["extra_discard"]
    check_invariants(s, from_scenario=True)


def test_hc_t1_limit_once_per_round_and_only_in_discard_steps():
    """HC-T1: once per round; only in a discard step; not the same card as the regular discard."""
    it = iter(T_RED)
    s = start()
    s = draw_all(s, it)
    s = apply(s, UseTrainer(0, "extra_discard", "G18"))
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(0, "extra_discard", "G15"))
    assert info.value.rule == "HC-T1"
    with pytest.raises(IllegalAction) as info:
        apply(s, Discard(0, "G18"))
    assert info.value.rule == "HC-T1"
    for p in range(3):
        s = apply(s, Discard(p, DISCARDS[p][0]))
    s = draw_all(s, it)
    assert not any(isinstance(a, UseTrainer) for a in legal_actions(s, 0))
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(0, "extra_discard", "G06"))
    assert info.value.rule == "HC-T1" and "this round" in info.value.message("en")
    # Not in the vote step.
    s2 = to_vote(start(), iter(T_RED))
    with pytest.raises(IllegalAction) as info:
        apply(s2, UseTrainer(0, "extra_discard", "G01"))
    assert info.value.rule == "HC-T1"


def test_hc_t1_only_misty_may_extra_discard():
    """HC-T1: a player without Misty cannot use the power."""
    s = draw_all(start(), iter(T_RED))
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(1, "extra_discard", "G13"))
    assert info.value.rule == "HC-T1" and "小霞" in info.value.message("zh")


def test_hc_t2_personal_redraw_without_agreement():
    """HC-T2: Brock returns the token on card 4 and one is drawn in its place; everyone votes again."""
    s = to_vote(start(), iter(T_RED))
    s = apply(s, VoteRedraw(0, False))
    s = apply(s, UseTrainer(1, "redraw"))
    assert s.phase == "redraw" and s.is_chance and s.tokens == T_RED[:9]
    assert s.bag["red"] == 6 - 3  # the red went back: 3 reds remain drawn
    s = apply(s, Draw("blue"))
    assert s.phase == "vote" and s.to_move == (0, 1, 2)  # seat 0's vote was cancelled
    assert s.tokens[-1] == "blue" and s.returned == ("red",)
    assert UseTrainer(1, "redraw") not in legal_actions(s, 1)  # once per round
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(1, "redraw"))
    assert info.value.rule == "HC-T2"
    # The shared redraw is still possible afterwards.
    for p in range(3):
        s = apply(s, VoteRedraw(p, True))
    assert s.phase == "redraw"
    s = apply(s, Draw("red"))
    assert s.summary["returned"] == ("red", "blue") and s.summary["tokens"][-1] == "red"


def test_hc_t2_only_in_the_redraw_step_before_voting():
    """HC-T2: not during a discard step, not after having voted."""
    s = draw_all(start(), iter(T_RED))
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(1, "redraw"))
    assert info.value.rule == "HC-T2"
    s = to_vote(start(), iter(T_RED))
    s = apply(s, VoteRedraw(1, True))
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(1, "redraw"))
    assert info.value.rule == "HC-T2" and "already" in info.value.message("en")


def test_hc_t3_peek_at_an_opponent_discard():
    """HC-T3: Sabrina sees the opponent's latest discard of the round; only her view shows it."""
    it = iter(T_RED)
    s = start()
    s = draw_all(s, it)
    assert not any(a.power == "peek" for a in legal_actions(s, 2) if isinstance(a, UseTrainer))  # nothing discarded yet
    for p in range(3):
        s = apply(s, Discard(p, DISCARDS[p][0]))
    s = draw_all(s, it)
    assert [str(a) for a in legal_actions(s, 2) if isinstance(a, UseTrainer)] == [
        "UseTrainer(2, peek, 0)",
        "UseTrainer(2, peek, 1)",
    ]
    s = apply(s, UseTrainer(2, "peek", 0))
    seen = observe(s, 2)["seen_discards"]
    assert seen == [{"round": 1, "player": 0, "card": seen[0]["card"]}] and seen[0]["card"]["id"] == "G05"
    assert observe(s, 1)["seen_discards"] == []
    assert observe(s, 1)["events"][-1]["kind"] == "peek"
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(2, "peek", 1))
    assert info.value.rule == "HC-T3"


def test_hc_t3_cannot_peek_at_a_pending_discard_or_oneself():
    """HC-T3: pending (unrevealed) discards are never shown; the target must be an opponent."""
    s = draw_all(start(), iter(T_RED))
    s = apply(s, Discard(0, "G05"))
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(2, "peek", 0))
    assert info.value.rule == "HC-T3" and "not discarded" in info.value.message("en")
    with pytest.raises(IllegalAction):
        apply(s, UseTrainer(2, "peek", 2))


def test_hc_t4_swap_last_token_with_one_on_card_three():
    """HC-T4: Erika swaps card 4's token with a different-coloured one on card 3; votes restart."""
    s = to_vote(start(trainers={0: "misty", 1: "erika", 2: "sabrina"}), iter(T_RED))
    assert s.order_cards[2] == ("blue", "purple") and s.order_cards[3] == ("red",)
    assert [str(a) for a in legal_actions(s, 1) if isinstance(a, UseTrainer)] == [
        "UseTrainer(1, swap, 0)",
        "UseTrainer(1, swap, 1)",
    ]
    s = apply(s, VoteRedraw(0, True))
    s = apply(s, UseTrainer(1, "swap", 1))
    assert s.order_cards[2] == ("blue", "red") and s.order_cards[3] == ("purple",)
    assert s.to_move == (0, 1, 2)
    assert s.bag == {"red": 2, "blue": 2, "green": 2, "yellow": 3, "purple": 1}  # same tokens drawn
    for p in range(3):
        s = apply(s, VoteRedraw(p, False))
    assert s.summary["tokens"][-1] == "purple"
    assert s.game_uses[1] == 1


def test_hc_t4_limit_once_per_game():
    """HC-T4: a second swap in a later round is rejected with the HC-T4 rule."""
    s = to_vote(start(trainers={1: "erika"}), iter(T_RED))
    s = apply(s, UseTrainer(1, "swap", 1))
    for p in range(3):
        s = apply(s, VoteRedraw(p, False))
    assert s.round == 2
    it = iter(T_RED)
    for _wave in range(3):
        s = draw_all(s, it)
        for p in range(3):
            s = apply(s, Discard(p, s.hands[p][0]))
    s = draw_all(s, it)
    assert s.phase == "vote"
    assert not any(isinstance(a, UseTrainer) for a in legal_actions(s, 1))
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(1, "swap", 1))
    assert info.value.rule == "HC-T4" and "this game" in info.value.message("en")


def test_hc_t4_same_colour_swap_is_rejected():
    """HC-T4: swapping two tokens of the same colour changes nothing and is not allowed."""
    tokens = (*T_RED[:7], "red", "blue", "red")
    it = iter(tokens)
    s = to_vote(start(trainers={1: "erika"}), it)
    assert [str(a) for a in legal_actions(s, 1) if isinstance(a, UseTrainer)] == ["UseTrainer(1, swap, 1)"]
    with pytest.raises(IllegalAction) as info:
        apply(s, UseTrainer(1, "swap", 0))
    assert info.value.rule == "HC-T4"
