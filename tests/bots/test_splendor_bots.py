"""Splendor: Pokémon bots: determinization from the view, greedy rules, MCTS sees no hidden card."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokelab.bots import make_bot
from pokelab.bots.splendor_eval import evaluate, sample_state, state_from_view, unseen_cards
from pokelab.bots.splendor_greedy import GreedyBot, best_actions, score_actions
from pokelab.bots.splendor_mcts import LEVELS, FlatMonteCarloBot
from pokelab.sim import play, simulate
from pokelab.splendor import Evolve, apply, legal_actions, observe


def _positions(seed: int, bots=("greedy", "greedy")):
    return [s for s in play("splendor", list(bots), seed=seed).states() if not s.is_over]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_view_rebuilds_the_state_up_to_the_hidden_deck_order(seed):
    """SP-S1: only the deck order is hidden; everything else comes back from observe()."""
    for state in _positions(seed)[::7]:
        view = observe(state, state.current_player)
        guess = sample_state(view, random.Random(0))
        assert sorted(guess.deck) == sorted(state.deck)
        assert sorted(unseen_cards(view)) == sorted(state.deck)
        assert replace(guess, deck=state.deck, seed=state.seed) == state
        assert legal_actions(guess) == legal_actions(state)


def test_the_other_seat_view_rebuilds_the_same_position():
    state = _positions(3)[20]
    other = 1 - state.current_player
    rebuilt = state_from_view(observe(state, other), state.deck)
    assert replace(rebuilt, seed=state.seed) == state


def test_sample_state_rejects_another_games_view():
    with pytest.raises(ValueError, match="needs a splendor view"):
        sample_state({"game": "herecomes"}, random.Random(0))


def test_greedy_evolves_when_it_gains_points():
    """SP-E1: a free evolution that gains points is always taken first."""
    found = 0
    for seed in range(6):
        for state in _positions(seed, ("random", "random")):
            legal = legal_actions(state)
            gains = [a for a in legal if isinstance(a, Evolve)]
            view = observe(state, state.current_player)
            choice = GreedyBot().choose(view, legal, random.Random(0))
            if any(_gain(a) > 0 for a in gains):
                found += 1
                assert isinstance(choice, Evolve) and _gain(choice) == max(map(_gain, gains))
    assert found > 0


def _gain(action):
    from pokelab.splendor import CARDS

    return CARDS[action.into].points - CARDS[action.base].points


def test_greedy_prefers_cheap_points_and_scores_every_action():
    for state in _positions(4)[:40]:
        legal = legal_actions(state)
        scores = score_actions(state, legal)
        assert len(scores) == len(legal)
        choice = GreedyBot().choose(observe(state, state.current_player), legal, random.Random(1))
        assert choice in legal
        assert scores[legal.index(choice)] == max(scores)


def test_greedy_beats_random():
    df = simulate("splendor", ["random", "greedy"], games=10, seed=5, progress=False)
    greedy_wins = sum(w == "greedy" for w in df["winners"])
    assert greedy_wins >= 8


def test_mcts_never_looks_at_the_hidden_deck():
    """Two states that differ only in the deck order give the same view and the same move."""
    state = _positions(6)[16]
    other = replace(state, deck=tuple(reversed(state.deck)))
    view_a, view_b = observe(state, state.current_player), observe(other, other.current_player)
    assert view_a == view_b
    bot = FlatMonteCarloBot("easy", time_limit=None)
    legal = legal_actions(state)
    assert bot.choose(view_a, legal, random.Random(3)) == bot.choose(view_b, legal, random.Random(3))


def test_mcts_plays_legal_moves_to_the_end_and_replays():
    record = play("splendor", ["mcts-easy", "greedy"], seed=8)
    assert record.replay() == record.final_state
    state = record.final_state
    assert state.is_over


def test_mcts_levels_are_budgets_and_bad_levels_are_refused():
    easy, medium, hard = (LEVELS[k] for k in ("easy", "medium", "hard"))
    for budget in easy:  # every budget grows with the level, and something grows at each step
        assert easy[budget] <= medium[budget] <= hard[budget], budget
    assert easy != medium != hard
    assert make_bot("splendor", "mcts-hard").name == "mcts-hard"
    with pytest.raises(ValueError, match="unknown search level"):
        FlatMonteCarloBot("expert")
    with pytest.raises(ValueError, match="iterations, width and rollout_width"):
        FlatMonteCarloBot("easy", iterations=0)


def test_a_judged_rollout_move_is_the_best_greedy_candidate_by_position_value():
    bot = FlatMonteCarloBot("hard", time_limit=None)
    for state in [s for s in _positions(5) if s.phase_id == 0][:20]:
        legal = legal_actions(state)
        if len(legal) < 2:
            continue
        mover = state.current_player
        candidates = best_actions(state, legal, bot.rollout_width)
        best = max(evaluate(apply(state, a), mover) for a in candidates)
        assert evaluate(bot._judged_step(state, legal), mover) == best


def test_evaluation_is_zero_sum_for_two_players():
    for state in _positions(9)[::10]:
        assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))


def test_a_single_legal_action_is_played_without_thinking():
    state = _positions(2)[0]
    only = legal_actions(state)[:1]
    for bot in (GreedyBot(), FlatMonteCarloBot("hard")):
        assert bot.choose(observe(state, state.current_player), only, random.Random(0)) == only[0]
    assert apply(state, only[0]) is not None
