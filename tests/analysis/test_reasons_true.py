"""Coach reasons are true: every claim a reason makes is answered by the engine itself (``reason_checks.holds``).

The fast test sweeps ~500 positions from games between the kit's bots (fixed
seeds), every legal move of each; ``benchmarks/bench_coach_reasons.py`` runs the
same sweep over 5,000 positions (too slow for a shared two-core machine's test run).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from pokelab.analysis.coach_reasons import explain, false_claims, reason, seat_name
from pokelab.analysis.reason_checks import Claim, holds
from pokelab.sim import play
from pokelab.splendor import (
    Catch,
    ReturnTokens,
    TakeSame,
    apply,
    legal_actions,
    new_game,
    scenario,
)

#: The bot pairings and seeds of the sweep (the benchmark uses more seeds of the same).
PAIRINGS = (("greedy", "random"), ("mcts-easy", "greedy"), ("random", "mcts-easy"))


def sweep_positions(limit: int, first_seed: int = 0):
    """Up to ``limit`` unfinished positions from bot games with fixed seeds, in game order."""
    found = []
    seed = first_seed
    while len(found) < limit:
        for bots in PAIRINGS:
            found += [s for s in play("splendor", list(bots), seed=seed).states() if not s.over]
        seed += 1
    return found[:limit]


def test_500_positions_every_legal_move_no_false_claim_in_either_language():
    positions = sweep_positions(500)
    moves = false = 0
    kinds = set()
    for state in positions:
        for action in legal_actions(state):
            why, claims = explain(state, action)
            kinds |= {c.kind for c in claims}
            bad = false_claims(state, action)
            false += len(bad)
            assert not bad, (str(action), why.render("en"), bad)
            zh = why.render("zh")
            assert not re.search(r"[A-Za-z]", zh), zh  # no English word (a player's name) in Chinese
            moves += 1
    assert false == 0 and len(positions) == 500 and moves > 5_000
    # the sweep reaches the claims the issue found false
    assert {"catch_next", "must_return", "still_catch", "gains_master"} <= kinds


def test_a_catch_promised_after_a_forced_return_is_one_a_legal_return_keeps():
    # 10 tokens with a Master Ball; two more green make 12: Mew (2,2,2,3,2 + a Master Ball)
    # is affordable before the forced return of 2 and after no legal return.
    state = scenario(display=["Mew", "Squirtle", "Bulbasaur", "Pichu"],
                     tokens={0: {"red": 2, "blue": 2, "yellow": 3, "black": 2, "master": 1}})
    take = TakeSame("green")
    en = reason(state, take).render("en")
    assert "return 2 tokens" in en and "catch Mew" not in en
    assert not holds(state, take, Claim("catch_next", state.display[0]))
    assert false_claims(state, take) == []


def test_a_returned_master_ball_is_never_called_unneeded_while_a_rare_card_is_in_view():
    state = scenario(display=["Zapdos", "Corsola", "Bulbasaur", "Pichu"],
                     tokens={0: {"red": 3, "blue": 3, "yellow": 2, "master": 2}})
    state = apply(state, TakeSame("black"))  # 12 tokens: return 2
    returns = [a for a in legal_actions(state) if isinstance(a, ReturnTokens)]
    with_master = [a for a in returns if a.counts[5]]
    assert with_master
    for action in with_master:
        en = reason(state, action).render("en")
        assert "no card in view needs them" not in en, en
    assert all(false_claims(state, a) == [] for a in returns)


def winning_catch_position():
    return scenario(
        captured={0: ["Articuno", "Zapdos", "Magmar"], 1: ["Moltres", "Mewtwo", "Lapras", "Staryu"]},
        tokens={0: {"red": 1, "blue": 3, "green": 3}, 1: {"black": 4}},
        display=["Charizard", "Ponyta", "Typhlosion", "Blaziken"],
        seed=5,
    )


def test_the_last_round_is_announced_only_when_it_has_not_begun():
    state = winning_catch_position()
    assert "starts the last round" in reason(state, Catch(3)).render("en")
    begun = replace(state, ending=True)
    en, zh = reason(begun, Catch(3)).render("en"), reason(begun, Catch(3)).render("zh")
    assert "last round" not in en and "最后一轮" not in zh
    assert not holds(begun, Catch(3), Claim("last_round", 19))


def test_the_last_seat_of_a_round_ends_the_game_instead():
    state = replace(winning_catch_position(), first_player=1)  # seat 0 moves last in the round
    en = reason(state, Catch(3)).render("en")
    assert "ends the game" in en and "last round" not in en
    assert false_claims(state, Catch(3)) == []


@pytest.mark.parametrize("name", ["Player 2", "Player 1"])
def test_default_english_seat_names_read_in_the_boards_language(name):
    state = new_game(["Ash", "Misty"], seed=1)
    p = state.players[1]
    state = replace(state, players=(state.players[0], replace(p, name=name)))
    assert seat_name(state, 1).render("zh") == f"玩家 {name[-1]}"
    assert seat_name(state, 0) == "Ash"
