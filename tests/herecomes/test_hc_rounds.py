"""Scripted rounds: fixed hands and a fixed token sequence give the expected achievements, scores and winners."""

from __future__ import annotations

from pokelab.herecomes import (
    Draw,
    Variant,
    VoteRedraw,
    apply,
    legal_actions,
    observe,
    result,
    scenario,
)

from .helpers import T_L04, T_LEGEND, T_RED, check_invariants, draw_all, run_round

# Seat 1 holds cards that T_RED, T_LEGEND and T_L04 never achieve (last yellow / green / purple).
IDLE_HAND = ["G13", "G14", "G09", "G10", "G17"]
IDLE_DISCARDS = ["G14", "G10", "G17"]  # keeps G13 (last yellow), G09 (last green)


def two_players(hand0, **kw):
    return scenario(2, hands={0: hand0, 1: IDLE_HAND}, trainers=False, **kw)


def test_hc_r5_hc_r6_gray_card_one_achieved_scores_it():
    """HC-C2 gray, HC-R5, HC-R6: the last token is red -> the gray red card scores its points."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"])
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: IDLE_DISCARDS})
    assert s.scored == (("G01",), ())
    assert s.points == (1, 0)
    summary = observe(s, 0)["last_round"]
    mine = {c["card"]["id"]: c for c in summary["seats"][0]["checked"]}
    assert mine["G01"]["achieved"] and not mine["G18"]["achieved"]
    assert mine["G18"]["why"].render("en") == "the last token is red (wanted purple)"
    assert "checked" not in summary["seats"][1]  # HC-G3: the other hand stays secret
    check_invariants(s)


def test_hc_c2_purple_card_never_drawn():
    """HC-C2 purple: no yellow at all -> 'never yellow' (2 points) is achieved; 'never purple' is not."""
    s = two_players(["P09", "P01", "G05", "G06", "G15"])
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: IDLE_DISCARDS})
    assert s.summary["achieved"][0] == ("P09",)
    assert s.points == (2, 0)


def test_hc_c2_orange_card_all_drawn():
    """HC-C2 orange: both purple tokens came out -> 'all purple' is achieved."""
    s = two_players(["O01", "O09", "G05", "G06", "G15"])
    s = run_round(s, T_LEGEND, {0: ["G05", "G06", "G15"], 1: IDLE_DISCARDS})
    assert s.summary["achieved"][0] == ("O01",)
    assert s.points == (1, 0)
    # With only one purple out (T_RED) the same card fails.
    s = two_players(["O01", "O09", "G05", "G06", "G15"])
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: IDLE_DISCARDS})
    assert s.summary["achieved"][0] == () and s.points == (0, 0)


def test_hc_r6_two_achieved_keep_one_and_discard_other():
    """HC-R6: two achieved cards -> the player keeps one (their choice); the other is discarded."""
    s = two_players(["G01", "P09", "G05", "G06", "G15"])
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: IDLE_DISCARDS}, keeps={0: "P09"})
    assert s.scored[0] == ("P09",) and s.points[0] == 2
    assert "G01" in s.discards and "G01" not in s.scored[0]
    assert s.summary["kept"] == ("P09", None)


def test_hc_r6_keep_step_only_for_players_with_a_choice():
    """HC-R6: the keep step asks only the seats with two achieved cards; at most one card scores."""
    s = two_players(["G01", "P09", "G05", "G06", "G15"])
    it = iter(T_RED)
    from pokelab.herecomes import Discard

    for wave in range(3):
        s = draw_all(s, it)
        for p, cards in ((0, ["G05", "G06", "G15"]), (1, IDLE_DISCARDS)):
            s = apply(s, Discard(p, cards[wave]))
    s = draw_all(s, it)
    s = apply(apply(s, VoteRedraw(0, False)), VoteRedraw(1, False))
    assert s.phase == "keep" and s.to_move == (0,)
    assert observe(s, 0)["keep_options"] == ["G01", "P09"]


def test_hc_r4_redraw_returns_token_to_bag_and_it_no_longer_counts():
    """HC-R4: all agree, the red on card 4 goes back; a blue is drawn; red cards fail, blue ones score."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"])
    s = run_round(s, T_RED, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS}, votes={0: True, 1: True}, redraw="blue")
    assert s.summary["returned"] == ("red",)
    assert s.summary["tokens"][-1] == "blue"
    assert s.summary["achieved"][0] == ("G05",)
    assert s.points == (1, 0)


def test_hc_r4_returned_purple_no_longer_counts_for_orange():
    """HC-R4: a returned purple token is no longer drawn, so 'all purple' fails after the redraw."""
    tokens = ("red", "blue", "blue", "green", "purple", "red", "blue", "green", "red", "purple")
    s = two_players(["O01", "G05", "G06", "G15", "G18"])
    s = run_round(s, tokens, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS}, votes={0: True, 1: True}, redraw="red")
    assert s.summary["returned"] == ("purple",)
    assert s.summary["achieved"][0] == ()
    # Without the redraw the same round achieves it.
    s = two_players(["O01", "G05", "G06", "G15", "G18"])
    s = run_round(s, tokens, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS})
    assert s.summary["achieved"][0] == ("O01",)


def test_hc_r4_one_refusal_means_no_redraw():
    """HC-R4 (default): the redraw needs every player's agreement."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"])
    s = run_round(s, T_RED, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS}, votes={0: True, 1: False})
    assert s.summary["returned"] == ()
    assert s.summary["achieved"][0] == ("G01",)
    votes = [e for e in observe(s, 1)["last_round"]["events"] if e["kind"] == "votes"]
    assert votes[0]["votes"] == [True, False]


def test_hc_r4_leader_variant_leader_decides_alone():
    """HC-R4 variant redraw='leader': the leader's vote decides, the others' do not matter."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"], leader=1, variant=Variant(redraw="leader"))
    s = run_round(s, T_RED, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS}, votes={0: False, 1: True}, redraw="blue")
    assert s.summary["returned"] == ("red",)
    s = two_players(["G01", "G05", "G06", "G15", "G18"], leader=1, variant=Variant(redraw="leader"))
    s = run_round(s, T_RED, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS}, votes={0: True, 1: False})
    assert s.summary["returned"] == ()


def test_hc_r4_redraw_only_once_per_round():
    """HC-R4: after the shared redraw the round is checked at once: no second vote."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"])
    s = run_round(s, T_RED, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS}, votes={0: True, 1: True}, redraw="red")
    assert s.round == 2 and s.phase == "draw" and s.summary["returned"] == ("red",)


def test_hc_g1_legend_wins_at_once():
    """HC-G1: achieving Mew (L01) ends the game at the end of the round, whatever the scores."""
    s = two_players(["L01", "G05", "G06", "G15", "G18"], scores={1: 8})
    s = run_round(s, T_LEGEND, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS})
    assert s.is_over
    r = result(s)
    assert r.winners == (0,) and r.by_legend
    assert r.scores[0] == 5


def test_hc_g1_legend_priority_over_a_points_win():
    """HC-G1: a legend achiever wins even if another player passes 10 points with a higher score."""
    s = scenario(2, hands={0: ["L01", "G05", "G06", "G15", "G18"], 1: ["P09", "G13", "G14", "G10", "G17"]},
                 scores={1: 9}, trainers=False)
    s = run_round(s, T_LEGEND, {0: ["G06", "G15", "G18"], 1: ["G14", "G10", "G17"]})
    r = result(s)
    assert r.scores == (5, 11)
    assert r.winners == (0,) and r.by_legend


def test_hc_g1_legend_with_another_card_is_kept_automatically():
    """HC-G1 / HC-R6: legend + another achieved card -> no keep step, the legend is kept."""
    s = two_players(["L01", "G01", "G06", "G15", "G18"])
    s = run_round(s, T_LEGEND, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS})
    assert s.summary["achieved"][0] == ("G01", "L01")
    assert s.scored[0] == ("L01",) and s.is_over


def test_hc_g1_several_legend_achievers_share_the_win():
    """HC-G1: Mew (L01) and Mewtwo (L04) achieved by the same tokens -> both players win."""
    s = scenario(3, hands={0: ["L01", "G05", "G06", "G15", "G18"], 1: ["L04", "G07", "G08", "G16", "G19"],
                           2: IDLE_HAND}, trainers=False)
    s = run_round(s, T_L04, {0: ["G06", "G15", "G18"], 1: ["G08", "G16", "G19"], 2: IDLE_DISCARDS})
    r = result(s)
    assert r.winners == (0, 1) and r.by_legend
    assert r.scores == (5, 9, 0)


def test_hc_g1_two_legends_in_one_hand_choose_which_to_keep():
    """HC-G1 / HC-R6: two legends achieved by one player -> they choose which one scores."""
    s = two_players(["L01", "L04", "G06", "G15", "G18"])
    s = run_round(s, T_L04, {0: ["G06", "G15", "G18"], 1: IDLE_DISCARDS}, keeps={0: "L04"})
    assert s.scored[0] == ("L04",) and s.points[0] == 9 and result(s).winners == (0,)


def test_hc_g2_ten_points_ends_game_highest_wins():
    """HC-G2: 10 or more ends the game; the highest score wins."""
    s = scenario(2, hands={0: ["G01", "G05", "G06", "G15", "G18"], 1: ["P09", "G13", "G14", "G10", "G17"]},
                 scores={0: 9, 1: 9}, trainers=False)
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: ["G14", "G10", "G17"]})
    r = result(s)
    assert r.scores == (10, 11) and r.winners == (1,) and not r.by_legend


def test_hc_g2_equal_highest_scores_share_the_win():
    """HC-G2: equal highest scores share the win."""
    s = scenario(3, hands={0: ["G01", "G05", "G06", "G15", "G18"], 1: ["G02", "G13", "G14", "G10", "G17"],
                           2: ["G03", "G07", "G08", "G16", "G19"]}, scores={0: 9, 1: 9, 2: 3}, trainers=False)
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: ["G14", "G10", "G17"], 2: ["G07", "G08", "G16"]})
    r = result(s)
    assert r.scores == (10, 10, 4) and r.winners == (0, 1)


def test_hc_g2_below_ten_the_game_goes_on():
    """HC-G2: nobody at 10 -> a new round starts."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"], scores={0: 8})
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: IDLE_DISCARDS})
    assert not s.is_over and s.round == 2 and s.points == (9, 0)


def test_hc_r7_cleanup_tokens_back_cards_discarded_leader_moves_left():
    """HC-R7: tokens back in the bag, the round's cards in the discard pile, leadership to the left."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"], leader=1)
    before_discards = s.discard_size
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"], 1: IDLE_DISCARDS})
    assert s.tokens == () and s.bag == s.composition
    assert s.leader == 0
    # 10 cards were in hands; G01 scored, 9 discarded; new hands dealt from the deck.
    assert s.discard_size == before_discards + 9
    assert all(len(h) == 5 for h in s.hands)
    check_invariants(s)


def test_hc_c5_solo_practice_ends_at_ten_points():
    """HC-C5: solo practice (1 player) ends when the player reaches 10 points; rounds are counted."""
    s = scenario(1, hands={0: ["G01", "G05", "G06", "G15", "G18"]}, scores={0: 9}, trainers=False)
    assert s.to_move == () and s.is_chance
    s = run_round(s, T_RED, {0: ["G05", "G06", "G15"]})
    r = result(s)
    assert r.winners == (0,) and r.scores == (10,) and s.round == 1


def test_hc_r2_hc_r3_waves_then_discards():
    """HC-R2 / HC-R3 / HC-C3: 4-3-2-1 tokens on the order cards, a discard after waves 1-3 only."""
    s = two_players(["G01", "G05", "G06", "G15", "G18"])
    it = iter(T_RED)
    from pokelab.herecomes import Discard

    sizes = []
    for wave, cards in enumerate(["G05", "G06", "G15"]):
        s = draw_all(s, it)
        sizes.append([len(c) for c in s.order_cards])
        assert s.phase == "discard" and len(s.hands[0]) == 5 - wave
        s = apply(apply(s, Discard(0, cards)), Discard(1, IDLE_DISCARDS[wave]))
    s = draw_all(s, it)
    sizes.append([len(c) for c in s.order_cards])
    assert sizes == [[4, 0, 0, 0], [4, 3, 0, 0], [4, 3, 2, 0], [4, 3, 2, 1]]
    assert s.phase == "vote" and [len(h) for h in s.hands] == [2, 2]
    assert s.order_cards == (T_RED[:4], T_RED[4:7], T_RED[7:9], T_RED[9:])
    assert not s.is_chance and Draw("red") not in legal_actions(s)
