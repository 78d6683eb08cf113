"""Issue 14, odds: every odds function answers bad input with a ValueError that says what is wrong."""

from __future__ import annotations

import pytest

from pokelab import odds
from pokelab import splendor as sp
from pokelab.odds.montecarlo import MAX_ROUNDS


@pytest.mark.parametrize("shown", [None, 5, [["red"]], {"red": 1}, [None], "red", ("red",) * 11, iter(["red"])])
@pytest.mark.parametrize(
    "ask",
    [
        lambda shown: odds.probability("last:red", shown=shown),
        lambda shown: odds.redraw_probability("last:red", shown=shown),
        lambda shown: odds.expected_points([("last:red", 1), ("never:blue", 2)], shown=shown),
        lambda shown: odds.estimate("last:red", shown=shown, n=10),
        lambda shown: odds.estimate_loop("last:red", shown=shown, n=10),
    ],
)
def test_hc_c2_odd_shown_tokens_are_a_value_error(ask, shown) -> None:
    """HC-C2, HC-R5: shown=None, 5, [["red"]] ... used to raise TypeError."""
    with pytest.raises(ValueError, match=r"shown|colour|draws"):
        ask(shown)


@pytest.mark.parametrize("seed", ["abc", 1.5, -1, True, [1]])
def test_hc_c1_a_seed_that_is_not_a_whole_number_is_a_value_error(seed) -> None:
    """HC-C1: estimate(seed="abc") used to raise TypeError from NumPy."""
    with pytest.raises(ValueError, match="seed"):
        odds.estimate("last:red", n=10, seed=seed)
    with pytest.raises(ValueError, match="seed"):
        odds.estimate_loop("last:red", n=10, seed=seed)


def test_hc_c1_estimate_refuses_a_huge_n_before_allocating() -> None:
    """HC-C1: estimate(n=10**12) used to raise MemoryError (9 TiB); the bound is checked first."""
    with pytest.raises(ValueError, match="at most"):
        odds.estimate("last:red", n=10**12)
    with pytest.raises(ValueError, match="at most"):
        odds.simulate_rounds(n=MAX_ROUNDS + 1)


def test_hc_c1_a_bag_too_big_for_floats_is_a_value_error() -> None:
    """HC-C1: a bag of 10**30 red tokens used to raise OverflowError in NumPy."""
    with pytest.raises(ValueError, match="at most"):
        odds.estimate("last:red", bag={"red": 10**30}, n=10)
    with pytest.raises(ValueError, match="at most"):
        odds.probability("last:red", bag={"red": 10**30})


@pytest.mark.parametrize("state", [{}, {"display": []}, {"display": 5, "discard": [], "players": [], "deck_size": 0}, 42, None])
def test_sp_t4_splendor_odds_refuse_what_is_not_a_state_or_view(state) -> None:
    """SP-T4: a malformed view used to raise KeyError/AttributeError."""
    with pytest.raises(ValueError):
        odds.splendor_unseen(state)
    with pytest.raises(ValueError):
        odds.splendor_refill_catchable(state, 0)


def test_sp_t4_splendor_odds_still_read_a_real_view() -> None:
    """SP-T4: the check lets a real observe() view through."""
    s = sp.new_game(2, seed=1)
    assert odds.splendor_unseen(sp.observe(s, 0)) == odds.splendor_unseen(s)
