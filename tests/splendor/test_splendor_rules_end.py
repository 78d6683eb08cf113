"""One or more tests per rule of docs/rules/splendor-pokemon.en.md, each named by its rule ID: evolution, the end of the game and scoring.

Components, set-up, the turn and the main actions: ``test_splendor_rules.py``.
"""

from __future__ import annotations

import pytest

from pokelab.splendor import (
    CARDS,
    Catch,
    Evolve,
    Reserve,
    TakeSame,
    Variant,
    apply,
    legal_actions,
    new_game,
    result,
    scenario,
)

from .splendor_helpers import by_name, expect_illegal

LEGENDARY = [c.id for c in CARDS.values() if c.tier == "legendary"]
RARE = [c.id for c in CARDS.values() if c.tier == "rare"]


# ---------------------------------------------------------------- evolution
def test_sp_e1_evolve_from_display_or_reserve_once_per_turn():
    charmander, charmeleon = by_name("Charmander"), by_name("Charmeleon")
    squirtle, wartortle = by_name("Squirtle"), by_name("Wartortle")
    s = scenario(
        captured={0: [charmander, squirtle]}, reserved={0: [wartortle]}, display=[charmeleon, 30, 40, 50]
    )
    evolves = [a for a in legal_actions(s) if isinstance(a, Evolve)]
    assert evolves == [Evolve(charmander, charmeleon), Evolve(squirtle, wartortle)]
    s2 = apply(s, Evolve(squirtle, wartortle))
    assert s2.players[0].reserved == ()
    expect_illegal(s2, Evolve(charmander, charmeleon), "SP-E1")


def test_sp_e1_illegal_evolutions():
    charmander, charmeleon, charizard = by_name("Charmander"), by_name("Charmeleon"), by_name("Charizard")
    s = scenario(captured={0: [charmander]}, display=[charizard, 30, 40, 50], deck=[charmeleon])
    expect_illegal(s, Evolve(charmander, charizard), "SP-E1")  # skips a stage
    expect_illegal(s, Evolve(charmander, charmeleon), "SP-E1")  # not visible
    expect_illegal(s, Evolve(by_name("Squirtle"), by_name("Wartortle")), "SP-E1")  # not captured


def test_sp_e1_evolution_cost_variant():
    charmander, charmeleon = by_name("Charmander"), by_name("Charmeleon")
    v = Variant(evolution_cost=1)
    s = scenario(captured={0: [charmander]}, display=[charmeleon, 30, 40, 50], variant=v)
    assert not any(isinstance(a, Evolve) for a in legal_actions(s))
    expect_illegal(s, Evolve(charmander, charmeleon), "SP-E1")
    s = scenario(captured={0: [charmander]}, display=[charmeleon, 30, 40, 50], variant=v, tokens={0: ["red"]})
    s2 = apply(s, Evolve(charmander, charmeleon))
    assert s2.players[0].tokens["red"] == 0 and s2.supply["red"] == 7


def test_sp_e2_base_goes_to_discard_and_stops_counting():
    charmander, charmeleon = by_name("Charmander"), by_name("Charmeleon")
    s = scenario(captured={0: [charmander, 30]}, display=[charmeleon, 31, 40, 50], deck=[60, 61])
    s2 = apply(s, Evolve(charmander, charmeleon))
    p = s2.players[0]
    assert s2.discard[-1] == charmander and charmander not in p.captured
    assert p.captured == (charmeleon, 30)
    assert p.points == CARDS[charmeleon].points + CARDS[30].points
    assert p.discounts["red"] == 1 + (CARDS[30].discount == "red")
    assert s2.display == (60, 31, 40, 50)  # SP-T4 refill after the evolution


def test_sp_e2_stage_one_evolves_again_on_a_later_turn():
    charmander, charmeleon, charizard = by_name("Charmander"), by_name("Charmeleon"), by_name("Charizard")
    s = scenario(captured={0: [charmander]}, display=[charmeleon, charizard, 40, 50])
    s = apply(s, Evolve(charmander, charmeleon))
    assert not any(isinstance(a, Evolve) for a in legal_actions(s))
    s = apply(s, TakeSame("red"))
    s = apply(s, TakeSame("blue"))  # player 1
    assert Evolve(charmeleon, charizard) in legal_actions(s)
    s = apply(s, Evolve(charmeleon, charizard))
    assert s.players[0].captured == (charizard,) and s.players[0].evolved_count == 1


def test_sp_e3_evolved_forms_can_be_caught_and_reserved():
    charmeleon = by_name("Charmeleon")
    tokens = dict(zip(("red", "blue", "green", "yellow", "black"), CARDS[charmeleon].cost, strict=True))
    s = scenario(tokens={0: tokens}, display=[charmeleon, 30, 40, 50])
    acts = legal_actions(s)
    assert Catch(charmeleon) in acts and Reserve(charmeleon) in acts
    assert apply(s, Catch(charmeleon)).players[0].captured == (charmeleon,)
    assert apply(s, Reserve(charmeleon)).players[0].reserved == (charmeleon,)


# ---------------------------------------------------------------- end and scoring
def _big_hand(points: int, *, evolved: bool) -> list[int]:
    """Captured cards worth at least ``points``: stage-2 cards if ``evolved``, else legendary/rare."""
    pool = sorted(
        (c for c in CARDS.values() if (c.stage == 2 if evolved else c.tier != "normal")),
        key=lambda c: -c.points,
    )
    out, total = [], 0
    for c in pool:
        if total >= points:
            break
        out.append(c.id)
        total += c.points
    assert total >= points
    return out


def test_sp_g1_game_ends_when_the_round_is_complete():
    rare = RARE[0]
    hand = _hand_worth(18 - CARDS[rare].points, exclude={rare})
    assert sum(CARDS[c].points for c in hand) + CARDS[rare].points >= 18
    tokens = dict(zip(("red", "blue", "green", "yellow", "black"), CARDS[rare].cost, strict=True))
    first = next(c for c, n in tokens.items() if n)
    tokens[first] -= 1
    tokens["master"] = 1
    # player 0 opens the round and reaches 18: player 1 still plays, then the game ends.
    s = scenario(captured={0: hand}, tokens={0: tokens}, display=[rare, 30, 40, 50], first_player=0)
    assert not s.ending
    s = apply(s, Catch(rare))
    assert s.players[0].points >= 18 and not s.is_over and s.ending and s.current_player == 1
    s = apply(s, TakeSame("red"))
    assert s.is_over and result(s).winners == (0,)
    assert legal_actions(s) == []
    expect_illegal(s, TakeSame("blue"), "SP-G1")


def test_sp_g1_last_player_of_the_round_ends_at_once():
    hand = _big_hand(18, evolved=False)
    s = scenario(captured={1: hand}, current_player=1, first_player=0, round=3)
    assert s.ending
    s = apply(s, TakeSame("red"))
    assert s.is_over and s.round == 3


def test_sp_g2_score_is_card_points_tokens_score_nothing():
    hand = [by_name("Charizard"), by_name("Pikachu"), RARE[1]]
    s = scenario(captured={0: hand}, tokens={0: {"red": 5, "master": 3}})
    assert s.players[0].points == sum(CARDS[c].points for c in hand)


def test_sp_g3_tie_broken_by_evolved_count_then_shared():
    evolved = _big_hand(18, evolved=True)
    pts = sum(CARDS[c].points for c in evolved)
    plain = _big_hand(pts, evolved=False)
    # make the plain hand score exactly the same
    while sum(CARDS[c].points for c in plain) > pts:
        plain.pop()
    filler = [c.id for c in CARDS.values() if c.stage == 0 and c.tier == "normal" and c.points == 1]
    while sum(CARDS[c].points for c in plain) < pts:
        plain.append(filler.pop())
    assert sum(CARDS[c].points for c in plain) == pts
    s = scenario(captured={0: plain, 1: evolved}, current_player=1, first_player=0)
    s = apply(s, TakeSame("red"))
    r = result(s)
    assert r.scores == (pts, pts) and r.winners == (1,) and not r.stalled
    s = scenario(captured={0: plain, 1: _shift(plain)}, current_player=1, first_player=0)
    s = apply(s, TakeSame("red"))
    assert result(s).winners == (0, 1)


def _hand_worth(target: int, exclude: set[int]) -> list[int]:
    """Non-evolved cards (none of ``exclude``) worth exactly ``target`` points."""
    pool = sorted(
        (c for c in CARDS.values() if c.stage == 0 and c.points and c.id not in exclude),
        key=lambda c: -c.points,
    )

    def search(i: int, left: int) -> list[int] | None:
        if left == 0:
            return []
        if i == len(pool) or left < 0:
            return None
        with_it = search(i + 1, left - pool[i].points)
        if with_it is not None:
            return [pool[i].id, *with_it]
        return search(i + 1, left)

    found = search(0, target)
    assert found is not None
    return found


def _shift(hand: list[int]) -> list[int]:
    """Other non-evolved cards (no card shared with ``hand``) worth exactly as many points."""
    return _hand_worth(sum(CARDS[c].points for c in hand), exclude=set(hand))


def test_sp_g4_round_cap_stalls_without_winner():
    s = new_game(2, seed=3, variant=Variant(round_cap=2))
    steps = 0
    while not s.is_over:
        s = apply(s, legal_actions(s)[-1])
        steps += 1
    assert s.stalled and s.round == 2
    r = result(s)
    assert r.stalled and r.winners == ()
    with pytest.raises(ValueError, match="not over"):
        result(new_game(2))
