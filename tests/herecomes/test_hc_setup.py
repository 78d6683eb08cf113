"""Set-up: players, bag, order cards, dealing and the reshuffle, scenario(), chance nodes."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pokelab.herecomes import (
    DEFAULT_BAG,
    Draw,
    Variant,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    sample,
    scenario,
)

from .helpers import check_invariants, random_game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_hc_c5_one_to_four_players(players):
    """HC-C5: 2 to 4 players, and 1 for solo practice."""
    s = new_game(players, seed=players)
    assert s.n_players == players and len(s.players) == players
    assert [p.name for p in s.players] == [f"Player {i + 1}" for i in range(players)]
    check_invariants(s)


@pytest.mark.parametrize("bad", [0, 5, -1, True, "3", ["A"] * 5, [], ["A", "A"], ["A", ""]])
def test_hc_c5_bad_player_counts_and_names_are_rejected(bad):
    """HC-C5: the error says what was wrong."""
    with pytest.raises(ValueError, match="player"):
        new_game(bad)


def test_hc_c1_default_and_custom_bag():
    """HC-C1: default bag 6/5/4/3/2; any composition that can fill a round is accepted."""
    s = new_game(2)
    assert s.bag == dict(DEFAULT_BAG) and sum(s.bag.values()) == 20
    s = new_game(2, bag={"red": 5, "blue": 5})
    assert s.bag == {"red": 5, "blue": 5, "green": 0, "yellow": 0, "purple": 0}
    assert chance_outcomes(s) == [("red", Fraction(1, 2)), ("blue", Fraction(1, 2))]
    with pytest.raises(ValueError, match="a round draws 10"):
        new_game(2, bag={"red": 9})
    with pytest.raises(ValueError, match="unknown token colour"):
        new_game(2, bag={"gold": 12})


def test_hc_c3_order_cards_take_four_three_two_one():
    """HC-C3: order cards 1-4 receive 4, 3, 2 and 1 tokens; the chance node stops at each wave's end."""
    s = new_game(2, seed=4)
    rng = random.Random(4)
    filled = []
    while s.round == 1 and not s.is_over:
        if s.is_chance:
            s = apply(s, sample(s, rng))
            if not s.is_chance:
                filled.append(tuple(len(c) for c in s.order_cards))
        else:
            p = s.to_move[0]
            s = apply(s, legal_actions(s, p)[-1] if s.phase == "vote" else legal_actions(s, p)[0])
    assert filled[:4] == [(4, 0, 0, 0), (4, 3, 0, 0), (4, 3, 2, 0), (4, 3, 2, 1)]


def test_hc_r1_five_secret_cards_each_and_reshuffle_when_the_deck_runs_out():
    """HC-R1: 5 cards each per round; an empty deck is refilled by shuffling the discard pile."""
    s = new_game(4, seed=8)
    assert all(len(h) == 5 for h in s.hands) and s.deck_size == 40
    shuffled = False
    for _before, _action, after in random_game(8, 4):
        check_invariants(after)
        if after.shuffles > 1:
            shuffled = True
            break
    assert shuffled, "a 4-player game must run through the 60-card deck"


def test_hc_r1_same_seed_same_game():
    """Randomness is part of the state: the same seed deals the same deck, trainers and leader."""
    a, b = new_game(3, seed=42), new_game(3, seed=42)
    assert a == b and a.deck == b.deck
    assert new_game(3, seed=43).deck != a.deck
    moves_a = [str(x) for _, x, _ in random_game(5, 3)]
    moves_b = [str(x) for _, x, _ in random_game(5, 3)]
    assert moves_a == moves_b


def test_hc_r2_chance_outcomes_follow_the_bag():
    """HC-R2: each draw's probabilities are the bag's remaining proportions, summing to 1."""
    s = new_game(2)
    assert sum(p for _, p in chance_outcomes(s)) == 1
    s = apply(apply(s, Draw("purple")), Draw("purple"))
    outcomes = dict(chance_outcomes(s))
    assert "purple" not in outcomes and outcomes["red"] == Fraction(6, 18)
    assert [a.colour for a in legal_actions(s)] == ["red", "blue", "green", "yellow"]


def test_sample_is_seeded_and_weighted():
    """sample() with the same seeded RNG gives the same draws; frequencies follow the bag."""
    s = new_game(2)
    first = [sample(s, random.Random(k)).colour for k in range(5)]
    assert first == [sample(s, random.Random(k)).colour for k in range(5)]
    rng = random.Random(1)
    counts = {c: 0 for c in DEFAULT_BAG}
    for _ in range(4000):
        counts[sample(s, rng).colour] += 1
    assert abs(counts["red"] / 4000 - 0.30) < 0.03 and abs(counts["purple"] / 4000 - 0.10) < 0.02


def test_variant_options_are_checked():
    """The variant: redraw 'all' or 'leader', win points 1 to 10; a mapping works too."""
    assert new_game(2, variant={"redraw": "leader"}).setup.variant == Variant(redraw="leader")
    with pytest.raises(ValueError, match="win_points"):
        new_game(2, variant=Variant(win_points=11))
    with pytest.raises(ValueError, match="variant"):
        new_game(2, variant="leader")


def test_scenario_rejects_impossible_setups():
    """scenario(): every impossible set-up gets a clear error."""
    ok = ["G01", "G02", "G03", "G04", "G05"]
    with pytest.raises(ValueError, match="5 cards"):
        scenario(2, hands={0: ok[:4]})
    with pytest.raises(ValueError, match="dealt twice"):
        scenario(2, hands={0: ok, 1: ["G05", "G06", "G07", "G08", "G09"]})
    with pytest.raises(ValueError, match="unknown card"):
        scenario(2, hands={0: ["ZZ1", *ok[1:]]})
    with pytest.raises(ValueError, match="seat"):
        scenario(2, hands={2: ok})
    with pytest.raises(ValueError, match="leader"):
        scenario(2, leader=2)
    with pytest.raises(ValueError, match="would have ended"):
        scenario(2, scores={0: 10})
    with pytest.raises(ValueError, match="unknown trainer"):
        scenario(2, trainers={0: "gary"})
    with pytest.raises(ValueError, match="dealt twice"):
        scenario(2, trainers={0: "misty", 1: "misty"})
    s = scenario(3, hands={1: ok}, trainers={2: "brock"}, scores={0: 4}, leader=2)
    assert s.hands[1] == tuple(ok) and s.trainers == (None, None, "brock") and s.points == (4, 0, 0)
    check_invariants(s, from_scenario=True)
