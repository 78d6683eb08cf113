"""Splendor win probability from playouts: it reads only the viewer's view, agrees with long games, is deterministic."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokelab.analysis import WinEstimate, win_probabilities, win_probability
from pokelab.analysis.splendor_win import frozen
from pokelab.bots import make_bot
from pokelab.errors import ExplainedError
from pokelab.sim import play
from pokelab.splendor import Pass, apply, legal_actions, new_game, observe, result, scenario
from pokelab.splendor.state import Variant
from pokelab.stats import wilson_interval


def _mid_game(seed: int, moves: int):
    """The position after ``moves`` moves of a greedy-vs-random game (not over)."""
    states = [s for s in play("splendor", ["greedy", "random"], seed=seed).states() if not s.is_over]
    return states[min(moves, len(states) - 1)]


def _reordered(state, rng: random.Random):
    deck = list(state.deck)
    rng.shuffle(deck)
    return replace(state, deck=tuple(deck))


@pytest.mark.parametrize("seed,moves", [(1, 10), (2, 25), (3, 40)])
def test_the_estimate_never_reads_the_hidden_deck_order(seed, moves):
    """SP-A3 / view: the deck order is the only hidden thing; another order gives the identical estimate."""
    state = _mid_game(seed, moves)
    viewer = state.current_player
    real = win_probabilities(state, viewer, playouts=40, seed=9)
    for k in range(3):
        other = _reordered(state, random.Random(k))
        assert other.deck != state.deck and sorted(other.deck) == sorted(state.deck)
        assert win_probabilities(other, viewer, playouts=40, seed=9) == real
    reversed_deck = replace(state, deck=state.deck[::-1])
    assert win_probabilities(reversed_deck, 1 - viewer, playouts=40, seed=9) == win_probabilities(
        state, 1 - viewer, playouts=40, seed=9
    )


def test_each_seat_estimate_comes_from_the_same_playouts():
    state = _mid_game(4, 20)
    both = win_probabilities(state, 0, playouts=60, seed=3)
    assert [e.playouts for e in both] == [60, 60]
    assert sum(e.wins for e in both) <= 60
    assert win_probability(state, 0, playouts=60, seed=3) == both[0]
    assert win_probability(state, 1, playouts=60, seed=3) == win_probabilities(state, 1, playouts=60, seed=3)[1]


def test_deterministic_for_a_seed_and_the_same_with_worker_processes():
    state = _mid_game(5, 15)
    one = win_probabilities(state, 0, playouts=30, seed=11)
    assert win_probabilities(state, 0, playouts=30, seed=11) == one
    assert win_probabilities(state, 0, playouts=30, seed=11, workers=3) == one
    seeds = {win_probabilities(state, 0, playouts=30, seed=s)[0].wins for s in range(6)}
    assert len(seeds) > 1  # the seed does change the sampled decks


def test_the_interval_is_wilsons_and_holds_the_rate():
    est = win_probability(_mid_game(6, 12), 0, playouts=50, seed=2, calibrate=False)
    assert (est.low, est.high) == wilson_interval(est.wins, 50)
    assert est.low <= est.rate <= est.high and est.rate == est.wins / 50
    assert isinstance(est, WinEstimate) and est.to_dict()["playouts"] == 50


def test_a_stalled_game_is_a_win_for_nobody():
    """SP-G4: the round cap ends the game without a winner, so no seat gets a win."""
    state = scenario(variant=Variant(round_cap=1), current_player=1, first_player=0)
    ests = win_probabilities(state, 0, playouts=10)
    assert [e.wins for e in ests] == [0.0, 0.0]


def test_a_shared_victory_counts_half_for_each():
    """SP-G3: equal points and equal evolved counts share the win; each sharer gets 1/2 of it."""
    # Both hold 18 points of basic cards; it is the last player's turn of the last round and
    # without tokens or a useful discount no move can change the points.
    state = scenario(
        captured={0: ["Articuno", "Zapdos", "Magmar", "Staryu", "Ponyta"],
                  1: ["Moltres", "Mewtwo", "Mew"]},
        current_player=1, first_player=0,
    )
    assert state.ending and state.players[0].points == state.players[1].points == 18
    ests = win_probabilities(state, 0, playouts=20, bots="random")
    assert [e.wins for e in ests] == [10.0, 10.0] and [e.rate for e in ests] == [0.5, 0.5]


def _independent_rate(state, seat: int, games: int, seed: int) -> float:
    """A long simulation written apart from the estimator: numpy-free, bots through their protocol."""
    rng = random.Random(f"independent:{seed}")
    bots = [make_bot("splendor", "greedy") for _ in state.players]
    wins = 0.0
    for _ in range(games):
        s = _reordered(state, rng)
        while not s.is_over:
            legal = legal_actions(s)
            s = apply(s, bots[s.current_player].choose(observe(s, s.current_player), legal, rng))
        winners = result(s).winners
        if seat in winners:
            wins += 1 / len(winners)
    return wins / games


@pytest.mark.slow
@pytest.mark.parametrize("seed,moves", [(7, 8), (8, 30)])
def test_the_estimate_agrees_with_a_long_independent_simulation(seed, moves):
    """The playout estimate and 400 independent greedy games from the same position agree within the intervals."""
    state = _mid_game(seed, moves)
    seat = state.current_player
    est = win_probability(state, seat, playouts=300, seed=seed, bots="greedy", calibrate=False)
    games = 400
    rate = _independent_rate(state, seat, games, seed)
    low, high = wilson_interval(round(rate * games * 2) / 2, games)
    assert est.low <= high and low <= est.high, (est, rate, low, high)
    assert abs(est.rate - rate) < 0.12


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"player": 2}, "player must be a seat number 0..1"),
        ({"player": True}, "player must be a whole number naming a seat \\(0..1\\), got True of type bool"),
        ({"player": 1.0}, "player must be a whole number naming a seat \\(0..1\\), got 1.0 of type float"),
        ({"playouts": 0}, "playouts must be a whole number from 1 to 10000"),
        ({"playouts": 100_000}, "playouts must be a whole number from 1 to 10000, got 100000"),
        ({"playouts": 10**9}, "playouts must be a whole number from 1 to 10000"),
        ({"playouts": 2.5}, "playouts must be a whole number"),
        ({"bots": "chess"}, "bots must be one of"),
        ({"bots": ["greedy"]}, "bots must be one of"),
        ({"seed": "1"}, "a seed is a whole number"),
        ({"workers": 0}, "workers must be a whole number from 1 to 64"),
    ],
)
def test_bad_input_is_a_bilingual_value_error(kwargs, words):
    args = {"player": 0} | kwargs
    player = args.pop("player")
    with pytest.raises(ExplainedError, match=words) as err:
        win_probability(new_game(2, seed=1), player, **args)
    assert isinstance(err.value, ValueError) and err.value.message("zh") != err.value.message("en")


def test_a_finished_game_answers_one_and_zero_and_a_non_state_is_refused():
    record = play("splendor", ["greedy", "random"], seed=3)
    state = list(record.states())[-1]
    winners = result(state).winners
    assert state.over == 1 and len(winners) == 1
    ests = win_probabilities(state, 0)
    assert [e.rate for e in ests] == [1.0 if j in winners else 0.0 for j in range(2)]
    assert all(e.playouts == 0 and e.low == e.high == e.rate for e in ests)
    assert win_probability(state, winners[0]).rate == 1.0
    with pytest.raises(ValueError, match="expected a Splendor State"):
        win_probabilities(observe(new_game(2), 0), 0)


def test_a_shared_win_in_a_finished_game_is_split():
    state = scenario(
        captured={0: ["Articuno", "Zapdos", "Magmar", "Staryu", "Ponyta"],
                  1: ["Moltres", "Mewtwo", "Mew"]},
        current_player=1, first_player=0,
    )
    over = apply(state, legal_actions(state)[0])
    while not over.over:
        over = apply(over, legal_actions(over)[0])
    assert result(over).winners == (0, 1)
    assert [e.rate for e in win_probabilities(over, 1)] == [0.5, 0.5]


def test_numpy_integers_are_accepted_as_seats_and_counts():
    np = pytest.importorskip("numpy")
    state = _mid_game(4, 20)
    plain = win_probabilities(state, 0, playouts=8, seed=3)
    assert win_probabilities(state, np.int64(0), playouts=np.int32(8), seed=np.int64(3)) == plain
    assert win_probability(state, np.int64(1), playouts=8, seed=3) == plain[1]
    with pytest.raises(ExplainedError, match=r"player must be a seat number 0\.\.1, got 2"):
        win_probability(state, np.int64(2))


def frozen_position():
    """A four-player position from a random game where every seat can only pass, for ever."""
    for state in play("splendor", ["random"] * 4, seed=1).states():
        if not state.over and legal_actions(state) == [Pass()]:
            return state
    raise AssertionError("no pass-only position in this game")


def test_a_frozen_pass_only_position_is_answered_by_the_rules_without_playouts():
    """SP-G4: nothing can change, the game can only stall at the round cap: a win for nobody, exactly."""
    state = frozen_position()
    assert frozen(state)
    record_end = list(play("splendor", ["random"] * 4, seed=1).states())[-1]
    assert record_end.over == 2  # the real game did stall
    ests = win_probabilities(state, state.current_player, playouts=50)
    assert [(e.rate, e.playouts) for e in ests] == [(0.0, 0)] * 4


def test_a_pass_only_mover_whose_rivals_can_still_act_gets_playouts():
    state = frozen_position()
    thawed = replace(state, sup=(2, 2, 2, 2, 2, *state.sup[5:]))  # tokens back in the supply
    assert not frozen(thawed)
    ests = win_probabilities(thawed, thawed.current_player, playouts=20, bots="greedy")
    assert all(e.playouts == 20 for e in ests)


def test_playouts_follow_the_seated_bots():
    state = _mid_game(4, 2)
    greedy = win_probabilities(state, 0, playouts=30, seed=1, bots="greedy")
    seated = win_probabilities(state, 0, playouts=30, seed=1, bots=("greedy", "mcts-hard"))
    human = win_probabilities(state, 0, playouts=30, seed=1)
    assert seated != greedy and human != greedy
    assert win_probabilities(state, 0, playouts=30, seed=1, bots="human") == human


def test_the_chance_is_the_calibrated_share_of_playouts_won():
    from pokelab.analysis.splendor_win import MODEL_DOUBT, calibrated

    state = _mid_game(6, 12)
    raw = win_probabilities(state, 0, playouts=40, seed=2, calibrate=False)
    chance = win_probabilities(state, 0, playouts=40, seed=2)
    assert chance == tuple(calibrated(e, 2) for e in raw)
    for r, c in zip(raw, chance, strict=True):
        assert c.rate == pytest.approx((1 - MODEL_DOUBT) * r.rate + MODEL_DOUBT / 2)
        assert c.low <= c.rate <= c.high and (c.wins, c.playouts) == (r.wins, r.playouts)
    assert sum(c.rate for c in chance) <= 1.0 + 1e-12
