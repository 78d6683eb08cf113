"""One or more tests per rule of docs/rules/splendor-pokemon.en.md, each named by its rule ID: components, set-up, the turn, the main actions.

Evolution and the end of the game: ``test_splendor_rules_end.py``.
"""

from __future__ import annotations

import pytest

from pokelab.splendor import (
    CARDS,
    Catch,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
    Variant,
    apply,
    legal_actions,
    new_game,
    scenario,
)

from .splendor_helpers import by_name, discounts_covering, expect_illegal, normal_with_discount

LEGENDARY = [c.id for c in CARDS.values() if c.tier == "legendary"]
RARE = [c.id for c in CARDS.values() if c.tier == "rare"]


# ---------------------------------------------------------------- components and set-up
def test_sp_c1_forty_tokens_full_supply():
    s = new_game(2)
    assert s.supply == {"red": 7, "blue": 7, "green": 7, "yellow": 7, "black": 7, "master": 5}
    assert sum(s.supply.values()) == 40


@pytest.mark.parametrize(("players", "regular"), [(2, 4), (3, 5), (4, 7)])
def test_sp_c1_scaled_supply_variant(players, regular):
    s = new_game(players, variant=Variant(supply="scaled"))
    assert [s.supply[c] for c in ("red", "blue", "green", "yellow", "black")] == [regular] * 5
    assert s.supply["master"] == 5


def test_sp_c2_ninety_cards_with_every_field():
    assert len(CARDS) == 90
    for c in CARDS.values():
        assert c.tier in ("normal", "rare", "legendary")
        assert c.stage in (0, 1, 2)
        if c.stage:
            assert c.tier == "normal" and CARDS[c.evolves_from].stage == c.stage - 1
        assert c.discount in ("red", "blue", "green", "yellow", "black") or (
            c.discount is None and c.tier == "legendary"
        )
        assert len(c.cost) == 5 and sum(c.cost) > 0


@pytest.mark.parametrize("bad", [1, 5, 0, ["solo"], ["a", "b", "c", "d", "e"]])
def test_sp_c3_two_to_four_players(bad):
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(bad)
    assert len(new_game(["Ash", "Misty", "Brock", "May"]).players) == 4


def test_sp_s1_one_deck_four_face_up():
    s = new_game(3, seed=9)
    assert len(s.display) == 4 and s.deck_size == 86
    assert sorted(s.display + s.deck) == sorted(CARDS)


def test_sp_s1_rare_and_legendary_cards_stay_in_the_display():
    """A revealed rare/legendary card is not replaced: some seed shows one at set-up."""
    seeds = [seed for seed in range(200) if any(c in RARE + LEGENDARY for c in new_game(2, seed=seed).display)]
    assert seeds
    s = new_game(2, seed=seeds[0])
    special = next(c for c in s.display if c in RARE + LEGENDARY)
    s2 = apply(s, TakeSame("red"))
    assert special in s2.display


def test_sp_s2_first_player_from_the_seed():
    assert new_game(2, seed=4) == new_game(2, seed=4)
    firsts = {new_game(4, seed=k).first_player for k in range(60)}
    assert firsts == {0, 1, 2, 3}
    s = new_game(3, seed=4)
    assert s.current_player == s.first_player


# ---------------------------------------------------------------- the turn
def test_sp_t1_one_main_action_then_the_turn_passes():
    s = new_game(2, seed=1)
    s2 = apply(s, TakeDifferent(["red", "blue", "green"]))
    assert s2.current_player != s.current_player and s2.phase == "main"


def test_sp_t1_second_main_action_rejected_after_evolution_offer():
    charmander, charmeleon = by_name("Charmander"), by_name("Charmeleon")
    s = scenario(captured={0: [charmander]}, display=[charmeleon, 30, 40, 50])
    s2 = apply(s, TakeDifferent(["red", "blue", "green"]))
    assert s2.phase == "after_main" and s2.current_player == 0 and s2.main_done
    assert [str(a) for a in legal_actions(s2)] == [f"Evolve({charmander}, {charmeleon})", "EndTurn()"]
    expect_illegal(s2, TakeSame("red"), "SP-T1")
    s3 = apply(s2, EndTurn())
    assert s3.current_player == 1


def test_sp_t1_evolve_before_the_main_action():
    charmander, charmeleon = by_name("Charmander"), by_name("Charmeleon")
    s = scenario(captured={0: [charmander]}, display=[charmeleon, 30, 40, 50])
    s2 = apply(s, Evolve(charmander, charmeleon))
    assert s2.current_player == 0 and s2.phase == "main" and s2.evolved
    assert not any(isinstance(a, Evolve) for a in legal_actions(s2))
    s3 = apply(s2, TakeSame("red"))
    assert s3.current_player == 1


def test_sp_t1_end_turn_needs_a_main_action_first():
    expect_illegal(new_game(2), EndTurn(), "SP-T1")


def test_sp_t2_pass_only_when_no_main_action():
    # scaled supply (4 per colour with 2 players): the players hold all 20 regular tokens,
    # the display shows only legendary cards and the current player has no master ball.
    s = scenario(
        variant=Variant(supply="scaled"),
        tokens={0: {"red": 4, "blue": 4, "green": 2}, 1: {"green": 2, "yellow": 4, "black": 4}},
        display=LEGENDARY[:4],
        deck=[],
    )
    assert legal_actions(s) == [Pass()]
    s2 = apply(s, Pass())
    assert s2.current_player == 1
    expect_illegal(new_game(2), Pass(), "SP-T2")


def test_sp_t3_return_tokens_down_to_ten():
    s = scenario(tokens={0: {"red": 3, "blue": 3, "green": 2, "yellow": 1}})
    s2 = apply(s, TakeDifferent(["red", "blue", "black"]))
    assert s2.phase == "return" and s2.must_return == 2 and s2.current_player == 0
    options = legal_actions(s2)
    assert all(isinstance(a, ReturnTokens) and len(a.tokens) == 2 for a in options)
    assert ReturnTokens(["red", "blue"]) in options and ReturnTokens(["master"]) not in options
    assert len(options) == len(set(options))
    expect_illegal(s2, TakeSame("green"), "SP-T3")
    expect_illegal(s2, ReturnTokens(["red"]), "SP-T3")
    s3 = apply(s2, ReturnTokens(["yellow", "black"]))
    assert s3.current_player == 1 and sum(s3.players[0].tokens.values()) == 10
    assert s3.supply["yellow"] == 7 and s3.supply["black"] == 7


def test_sp_t3_return_only_above_ten():
    expect_illegal(new_game(2), ReturnTokens(["red"]), "SP-T3")


def test_sp_t4_display_refilled_from_the_deck():
    card = by_name("Growlithe")
    s = scenario(display=[card, 30, 40, 50], deck=[60, 61])
    s2 = apply(s, Reserve(card))
    assert s2.display == (60, 30, 40, 50) and s2.deck == (61,)


def test_sp_t4_empty_deck_leaves_a_short_display():
    card = by_name("Growlithe")
    s = scenario(display=[card, 30, 40, 50], deck=[])
    s2 = apply(s, Reserve(card))
    assert s2.display == (30, 40, 50) and s2.deck_size == 0


# ---------------------------------------------------------------- main actions
def test_sp_a1_take_three_different_colours():
    s = new_game(2, seed=2)
    p = s.current_player
    s2 = apply(s, TakeDifferent(["red", "green", "black"]))
    assert s2.players[p].tokens == {"red": 1, "blue": 0, "green": 1, "yellow": 0, "black": 1, "master": 0}
    assert s2.supply["red"] == 6 and s2.supply["blue"] == 7
    expect_illegal(s, TakeDifferent(["red", "green"]), "SP-A1")
    expect_illegal(s, TakeDifferent(["red", "red", "green"]), "SP-A1")
    expect_illegal(s, TakeDifferent(["red", "green", "master"]), "SP-A1")


def test_sp_a1_fewer_than_three_colours_left_take_each():
    s = scenario(
        4,
        tokens={
            0: {"red": 7, "blue": 3},
            1: {"blue": 4, "green": 6},
            2: {"yellow": 7, "black": 3},
            3: {"black": 4},
        },
    )
    assert s.supply == {"red": 0, "blue": 0, "green": 1, "yellow": 0, "black": 0, "master": 5}
    s = scenario(
        4,
        current_player=3,
        tokens={0: {"red": 7, "blue": 3}, 1: {"blue": 4, "green": 5}, 2: {"yellow": 7, "black": 3}, 3: {"black": 3}},
    )
    takes = [a for a in legal_actions(s) if isinstance(a, TakeDifferent)]
    assert takes == [TakeDifferent(["green", "black"])]
    expect_illegal(s, TakeDifferent(["green"]), "SP-A1")
    s2 = apply(s, TakeDifferent(["green", "black"]))
    assert s2.supply["green"] == 1 and s2.supply["black"] == 0


def test_sp_a1_empty_colour_cannot_be_taken():
    s = scenario(tokens={0: {"red": 7}})
    assert not any(isinstance(a, TakeDifferent) and "red" in a.colours for a in legal_actions(s))
    expect_illegal(s, TakeDifferent(["red", "blue", "green"]), "SP-A1")


def test_sp_a2_take_two_needs_four_in_supply():
    s = scenario(tokens={1: {"red": 4}})
    assert s.supply["red"] == 3
    expect_illegal(s, TakeSame("red"), "SP-A2")
    assert TakeSame("red") not in legal_actions(s)
    s2 = apply(s, TakeSame("blue"))
    assert s2.players[0].tokens["blue"] == 2 and s2.supply["blue"] == 5


def test_sp_a2_master_balls_cannot_be_taken():
    expect_illegal(new_game(2), TakeSame("master"), "SP-A2")


def test_sp_a3_reserve_gives_a_master_ball():
    card = by_name("Vulpix")
    s = scenario(display=[card, 30, 40, 50])
    s2 = apply(s, Reserve(card))
    assert s2.players[0].reserved == (card,) and s2.players[0].tokens["master"] == 1
    assert s2.supply["master"] == 4


def test_sp_a3_reserve_without_master_balls_left():
    card = by_name("Vulpix")
    s = scenario(display=[card, 30, 40, 50], tokens={1: ["master"] * 5})
    s2 = apply(s, Reserve(card))
    assert s2.players[0].reserved == (card,) and s2.players[0].tokens["master"] == 0


def test_sp_a3_never_rare_or_legendary_and_at_most_three():
    s = scenario(display=[RARE[0], LEGENDARY[0], 30, 40])
    expect_illegal(s, Reserve(RARE[0]), "SP-A3")
    expect_illegal(s, Reserve(LEGENDARY[0]), "SP-A3")
    assert {a.card for a in legal_actions(s) if isinstance(a, Reserve)} == {30, 40}
    s = scenario(display=[30, 40, 50, 60], reserved={0: [1, 4, 7]})
    expect_illegal(s, Reserve(30), "SP-A3")
    assert not any(isinstance(a, Reserve) for a in legal_actions(s))
    expect_illegal(s, Reserve(70), "SP-A3")  # not in the display


def test_sp_a4_catch_with_discounts_and_master_balls():
    charizard = by_name("Charizard")
    cost = dict(zip(("red", "blue", "green", "yellow", "black"), CARDS[charizard].cost, strict=True))
    # one discount in blue, tokens short by one green, covered by a master ball
    blue_card = normal_with_discount("blue", 1)[0]
    tokens = {c: n for c, n in cost.items() if n}
    tokens["blue"] -= 1
    tokens["green"] -= 1
    tokens["master"] = 1
    s = scenario(captured={0: [blue_card]}, tokens={0: tokens}, display=[charizard, 30, 40, 50])
    assert Catch(charizard) in legal_actions(s)
    s2 = apply(s, Catch(charizard))
    p = s2.players[0]
    assert charizard in p.captured and sum(p.tokens.values()) == 0
    assert p.points == CARDS[blue_card].points + CARDS[charizard].points
    assert p.discounts["red"] == 1
    assert s2.supply == new_game(2).supply  # every paid token went back


def test_sp_a4_catch_from_own_reserve_only():
    card = by_name("Growlithe")
    tokens = CARDS[card].cost_by_colour()
    s = scenario(reserved={1: [card]}, tokens={0: tokens})
    expect_illegal(s, Catch(card), "SP-A4")
    s = scenario(reserved={0: [card]}, tokens={0: tokens})
    s2 = apply(s, Catch(card))
    assert s2.players[0].reserved == () and s2.players[0].captured == (card,)


def test_sp_a4_cannot_afford():
    s = scenario(display=[by_name("Charizard"), 30, 40, 50])
    expect_illegal(s, Catch(by_name("Charizard")), "SP-A4")


def test_sp_a5_rare_needs_a_master_ball():
    rare = RARE[0]
    tokens = dict(zip(("red", "blue", "green", "yellow", "black"), CARDS[rare].cost, strict=True))
    s = scenario(tokens={0: tokens}, display=[rare, 30, 40, 50])
    assert Catch(rare) not in legal_actions(s)
    expect_illegal(s, Catch(rare), "SP-A5")
    tokens["master"] = 1
    s = scenario(tokens={0: tokens}, display=[rare, 30, 40, 50])
    s2 = apply(s, Catch(rare))
    spent = {c: tokens[c] - s2.players[0].tokens[c] for c in tokens}
    assert spent["master"] == 1 and sum(spent.values()) == CARDS[rare].total_cost


def test_sp_a5_zero_effective_cost_still_spends_one_master_ball():
    rare = RARE[0]
    s = scenario(captured={0: discounts_covering(rare)}, tokens={0: {"master": 2, "red": 1}}, display=[rare, 30, 40, 50])
    s2 = apply(s, Catch(rare))
    assert s2.players[0].tokens["master"] == 1 and s2.players[0].tokens["red"] == 1
    expect_illegal(s, Catch(rare, {}), "SP-A5")
    expect_illegal(s, Catch(rare, {"master": 2}), "SP-A6")


def test_sp_a6_named_payment_is_checked():
    card = by_name("Charmander")  # costs blue, green, yellow: one each
    s = scenario(tokens={0: {"blue": 1, "green": 1, "yellow": 1, "master": 2}}, display=[card, 30, 40, 50])
    s2 = apply(s, Catch(card, {"blue": 1, "master": 2}))
    assert s2.players[0].tokens == {"red": 0, "blue": 0, "green": 1, "yellow": 1, "black": 0, "master": 0}
    expect_illegal(s, Catch(card, {"blue": 1, "green": 1, "yellow": 1, "master": 1}), "SP-A6")  # overpays
    expect_illegal(s, Catch(card, {"blue": 1, "green": 1}), "SP-A6")  # short
    expect_illegal(s, Catch(card, {"red": 1, "blue": 1, "green": 1}), "SP-A6")  # holds no red
    expect_illegal(s, Catch(card, {"master": 3}), "SP-A6")  # holds only 2


def test_sp_a6_default_payment_spends_regular_tokens_first():
    card = by_name("Charmander")
    s = scenario(tokens={0: {"blue": 1, "green": 1, "yellow": 1, "master": 2}}, display=[card, 30, 40, 50])
    s2 = apply(s, Catch(card))
    assert s2.players[0].tokens["master"] == 2 and sum(s2.players[0].tokens.values()) == 2


def test_sp_a6_cheapest_payment_matches_the_automatic_catch():
    from pokelab.errors import IllegalAction
    from pokelab.splendor import cheapest_payment

    card = by_name("Charmander")
    s = scenario(tokens={0: {"blue": 1, "green": 1, "master": 2}}, display=[card, 30, 40, 50])
    pay = cheapest_payment(s, card)
    assert pay == {"blue": 1, "green": 1, "master": 1}
    assert apply(s, Catch(card)) == apply(s, Catch(card, pay))
    with pytest.raises(IllegalAction) as err:
        cheapest_payment(s, RARE[0], player=1)
    assert err.value.rule == "SP-A5"
