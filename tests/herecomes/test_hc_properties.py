"""Property tests over random games: the invariants of the rules file hold at every step.

The default run keeps to a few dozen games so the suite stays fast; for the
thorough run over thousands of games set ``POKELAB_HC_EXAMPLES``, e.g.
``POKELAB_HC_EXAMPLES=2000 .venv/bin/pytest tests/herecomes/test_hc_properties.py``.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokelab.bots import RandomBot
from pokelab.errors import IllegalAction
from pokelab.herecomes import (
    DEFAULT_BAG,
    TARGETS,
    AllOf,
    Discard,
    Draw,
    LastIs,
    NeverDrawn,
    Variant,
    VoteRedraw,
    apply,
    legal_actions,
    new_game,
    observe,
    result,
    sample,
    scenario,
    to_json,
)
from pokelab.stats import wilson_interval

from .helpers import check_invariants, exact_probability

EXAMPLES = int(os.environ.get("POKELAB_HC_EXAMPLES", "30"))
PROFILE = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def illegal_probe(state, rng):
    """An action that is certainly illegal here (or None)."""
    n = state.n_players
    if not state.is_chance and not state.is_over:
        return Draw("red")
    if state.is_chance:
        return Discard(rng.randrange(n), "G01")
    return VoteRedraw(0, True)


@PROFILE
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(1, 4),
    trainers=st.booleans(),
    redraw=st.sampled_from(["all", "leader"]),
)
def test_invariants_hold_in_random_games(seed, players, trainers, redraw):
    """Tokens and cards are conserved, hands go 5-4-3-2, at most one card scores per player per round,
    rejected actions change nothing and name their rule, and the game ends with consistent winners."""
    rng = random.Random(seed)
    bot = RandomBot()
    s = new_game(players, seed=seed, trainers=trainers, variant=Variant(redraw=redraw))
    steps = 0
    while not s.is_over:
        check_invariants(s)
        if s.is_chance:
            action = sample(s, rng)
        else:
            assert s.to_move and all(legal_actions(s, p) for p in s.to_move)
            p = s.to_move[rng.randrange(len(s.to_move))]
            action = bot.choose(observe(s, p), legal_actions(s, p), rng)
        if steps % 11 == 0:
            probe = illegal_probe(s, rng)
            saved = to_json(s)
            try:
                apply(s, probe)
            except IllegalAction as err:
                assert err.rule.startswith("HC-") and err.message("zh")
            else:
                raise AssertionError(f"{probe} was accepted in phase {s.phase}")
            assert to_json(s) == saved
        after = apply(s, action)
        for q in range(players):
            assert len(after.scored[q]) - len(s.scored[q]) <= 1
        s = after
        steps += 1
        assert s.round < 500, "the game must end"
    check_invariants(s)
    r = result(s)
    assert r.winners and r.scores == s.points
    if r.by_legend:
        assert s.summary["legend_winners"] == r.winners
        assert all(any(TARGETS[c].is_legend for c in s.summary["achieved"][w]) for w in r.winners)
    else:
        assert max(r.scores) >= 10 and all(r.scores[w] == max(r.scores) for w in r.winners)


def _final_tokens(n_rounds: int, seed: int) -> list[tuple[str, ...]]:
    """Play solo rounds without trainers or redraws and collect each round's final tokens."""
    rng = random.Random(seed)
    out = []
    s = scenario(1, hands={0: ["G01", "G02", "G03", "G04", "G05"]}, trainers=False, seed=seed)
    while len(out) < n_rounds:
        if s.is_over:
            s = scenario(1, hands={0: ["G01", "G02", "G03", "G04", "G05"]}, trainers=False, seed=len(out))
        if s.is_chance:
            s = apply(s, sample(s, rng))
        elif s.phase == "vote":
            out.append(s.tokens)
            s = apply(s, VoteRedraw(0, False))
        else:
            s = apply(s, legal_actions(s, 0)[0])
    return out


def test_hc_r5_simulated_rounds_match_exact_probabilities():
    """The engine's chance nodes reproduce the exact odds: Monte Carlo frequencies fall inside
    the 99.9 % Wilson interval around brute-force enumeration."""
    rounds = _final_tokens(3000, seed=12)
    for condition in (LastIs("red"), NeverDrawn("purple"), AllOf(LastIs("blue"), NeverDrawn("yellow"))):
        exact = float(exact_probability(condition, DEFAULT_BAG))
        hits = sum(condition.holds(t, DEFAULT_BAG) for t in rounds)
        low, high = wilson_interval(hits, len(rounds), confidence=0.999)
        assert low <= exact <= high, (condition, hits / len(rounds), exact)
