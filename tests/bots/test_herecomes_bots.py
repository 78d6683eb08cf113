"""Here Comes Pokémon! bots: the heuristic keeps likely cards, the optimal bot follows pokelab.odds."""

from __future__ import annotations

import random

import pytest

from pokelab.bots.herecomes_bots import HeuristicBot, OptimalBot
from pokelab.herecomes import (
    TARGETS,
    Discard,
    Draw,
    Keep,
    VoteRedraw,
    apply,
    legal_actions,
    observe,
    scenario,
)
from pokelab.odds import best_discard, probability, should_redraw
from pokelab.sim import play, simulate

HAND = ["G01", "G17", "P01", "O09", "L01"]


def _after_wave_one(colours=("red", "blue", "purple", "green")):
    s = scenario(2, hands={0: HAND}, trainers=False)
    for colour in colours:
        s = apply(s, Draw(colour))
    return s


def test_hc_r2_heuristic_discards_its_least_likely_card():
    s = _after_wave_one()
    view = observe(s, 0)
    action = HeuristicBot().choose(view, legal_actions(s, 0), random.Random(0))
    assert isinstance(action, Discard)
    shown = tuple(s.tokens)
    chance = {c: probability(TARGETS[c].condition, bag=s.setup.bag, shown=shown) for c in HAND}
    assert chance[action.card] == min(chance.values())


def test_hc_r2_optimal_discards_what_best_discard_advises():
    s = _after_wave_one()
    action = OptimalBot().choose(observe(s, 0), legal_actions(s, 0), random.Random(0))
    assert action == Discard(0, best_discard(s, 0).discard.id)


def _to_vote(seed):
    """Play a round with heuristic discards up to the redraw vote."""
    rng = random.Random(seed)
    s = scenario(2, trainers=False)
    bot = HeuristicBot()
    while s.phase != "vote":
        if s.is_chance:
            from pokelab.herecomes import sample

            s = apply(s, sample(s, rng))
        else:
            for p in s.to_move:
                s = apply(s, bot.choose(observe(s, p), legal_actions(s, p), rng))
    return s


@pytest.mark.parametrize("seed", range(4))
def test_hc_r4_optimal_votes_with_the_expected_value_of_a_redraw(seed):
    s = _to_vote(seed)
    for p in s.to_move:
        view = observe(s, p)
        vote = OptimalBot().choose(view, legal_actions(s, p), random.Random(0))
        hand = [TARGETS[c] for c in s.hands[p]]
        assert isinstance(vote, VoteRedraw)
        assert vote.agree == should_redraw(hand, s.tokens, s.setup.bag)


@pytest.mark.parametrize("seed", range(4))
def test_hc_r4_heuristic_votes_for_a_redraw_only_when_nothing_holds(seed):
    s = _to_vote(seed)
    for p in s.to_move:
        vote = HeuristicBot().choose(observe(s, p), legal_actions(s, p), random.Random(0))
        holds = any(TARGETS[c].condition.holds(s.tokens, s.setup.bag) for c in s.hands[p])
        assert vote.agree == (not holds)


def test_hc_r6_both_bots_keep_the_better_card():
    legal = [Keep(0, "G01"), Keep(0, "O09")]
    best = max(legal, key=lambda a: TARGETS[a.card].points)
    for bot in (HeuristicBot(), OptimalBot()):
        assert bot.choose({"composition": {}, "tokens": []}, legal, random.Random(0)) == best


def test_bots_play_whole_games_with_trainers_and_the_ladder_holds():
    record = play("herecomes", ["optimal", "heuristic", "random"], seed=2)
    assert record.replay() == record.final_state
    df = simulate("herecomes", ["random", "optimal"], games=6, seed=1, progress=False)
    assert sum(w == "optimal" for w in df["winners"]) >= 5


def test_empty_legal_list_is_refused():
    with pytest.raises(ValueError, match="OptimalBot was given no legal action"):
        OptimalBot().choose({}, [], random.Random(0))
