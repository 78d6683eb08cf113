"""Property tests over many random games: the invariants of the rules file hold at every step.

Default: 200 random games (seeds, player counts and variants drawn by Hypothesis).
More: ``POKELAB_SPLENDOR_GAMES=3000 pytest tests/splendor/test_splendor_properties.py``.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokelab.bots import RandomBot
from pokelab.errors import IllegalAction
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
    observe,
    result,
    to_json,
)

GAMES = int(os.environ.get("POKELAB_SPLENDOR_GAMES", "200"))

# A pool of actions, legal or not, to throw at positions: SP rejections must leave the state untouched.
PROBES = [
    TakeDifferent(["red", "blue", "green"]),
    TakeDifferent(["yellow", "black"]),
    TakeSame("red"),
    TakeSame("black"),
    *[Reserve(c) for c in (1, 12, 40, 86)],
    *[Catch(c) for c in (2, 16, 33, 89)],
    Catch(3, {"red": 2}),
    Evolve(1, 2),
    Evolve(18, 19),
    ReturnTokens(["red"]),
    ReturnTokens(["blue", "master"]),
    Pass(),
    EndTurn(),
]


def check_invariants(s, total):
    # Tokens: supply + all players' tokens = the game's tokens in every colour, never negative.
    for k in range(6):
        held = sum(p.tok[k] for p in s.players)
        assert s.sup[k] >= 0 and all(p.tok[k] >= 0 for p in s.players)
        assert s.sup[k] + held == total[k]
    # Cards: deck + display + reserves + captured + discard = 90, each card exactly once.
    cards = list(s.deck) + list(s.display) + list(s.discard)
    for p in s.players:
        cards += list(p.captured) + list(p.reserved)
    assert len(cards) == 90 and set(cards) == set(CARDS)
    # Display ≤ 4 (exactly 4 while the deck lasts); reserves ≤ 3, normal cards only.
    assert len(s.display) <= 4 and (len(s.display) == 4 or not s.deck)
    for p in s.players:
        assert len(p.reserved) <= 3 and all(CARDS[c].tier == "normal" for c in p.reserved)
        # Derived values match the cards held (SP-G2, SP-E2).
        assert p.points == sum(CARDS[c].points for c in p.captured)
        for i, colour in enumerate(("red", "blue", "green", "yellow", "black")):
            assert p.dsc[i] == sum(CARDS[c].discount == colour for c in p.captured)
    # Tokens ≤ 10 for everyone except the current player mid-turn.
    for i, p in enumerate(s.players):
        if i != s.current_player or s.phase == "main":
            assert sum(p.tok) <= 10


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 4),
    supply=st.sampled_from(["full", "scaled"]),
    evolution_cost=st.sampled_from([0, 0, 1]),
    round_cap=st.integers(5, 60),
)
def test_invariants_hold_in_random_games(seed, players, supply, evolution_cost, round_cap):
    """SP invariants: token and card conservation, limits, rejections untouched, legal moves apply."""
    variant = Variant(supply=supply, evolution_cost=evolution_cost, round_cap=round_cap)
    s = new_game(players, seed=seed, variant=variant)
    total = variant.supply_counts(players)
    rng = random.Random(seed)
    bot = RandomBot()
    turns = 0
    last_round = s.round
    while not s.is_over:
        check_invariants(s, total)
        legal = legal_actions(s)
        assert legal and len(set(legal)) == len(legal)
        assert legal == legal_actions(s)  # deterministic
        if rng.random() < 0.05:
            probe = rng.choice(PROBES)
            before = to_json(s)
            try:
                apply(s, probe)
            except IllegalAction as err:
                assert probe not in legal
                assert err.rule.startswith("SP-") and err.message("en") and err.message("zh")
            else:
                assert probe in legal or (isinstance(probe, Catch) and probe.payment)
            assert to_json(s) == before
        if rng.random() < 0.01:
            view = observe(s, s.current_player)
            assert view["legal"] == [str(a) for a in legal]
        action = bot.choose({}, legal, rng)
        cur = s.current_player
        s = apply(s, action)
        if s.current_player != cur or s.is_over:
            turns += 1
        assert s.round in (last_round, last_round + 1)
        last_round = s.round
    check_invariants(s, total)
    r = result(s)
    assert r.scores == tuple(p.points for p in s.players)
    if r.stalled:
        assert s.round == round_cap and r.winners == ()
    else:
        assert max(r.scores) >= 18 and r.winners
        assert turns % players == 0  # SP-G1: everyone had the same number of turns
