"""The Markov chain of a solo game's score (lesson 42): exact lengths checked against other ways of counting."""

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from pokelab.course.game_length import (
    WIN,
    distribution_from_counts,
    expected_rounds,
    mean_with_interval,
    rounds_distribution,
    simulate_lengths,
    transition_matrix,
)

TWO_POINTS = {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)}




def test_rounds_distribution_matches_listing_every_sequence():
    points = {0: Fraction(1, 4), 1: Fraction(1, 2), WIN: Fraction(1, 4)}
    target, rounds = 3, 5
    exact = rounds_distribution(points, target=target, rounds=rounds)
    listed = {n: Fraction(0) for n in range(1, rounds + 1)}
    for seq in product(points, repeat=rounds):
        score, p = 0, Fraction(1)
        for x in seq:
            p *= points[x]
        for n, x in enumerate(seq, start=1):
            score = target if x == WIN else score + x
            if score >= target:
                listed[n] += p  # summing over the continuations adds up to the prefix's chance
                break
    assert exact == listed


def test_geometric_and_negative_binomial_means():
    p = Fraction(2, 5)
    assert expected_rounds({0: 1 - p, 1: p}, target=1) == 1 / p
    assert expected_rounds({0: 1 - p, 1: p}, target=10) == 10 / p  # ten geometric waits


def test_mean_is_the_sum_of_the_tail():
    """E[T] = Σ_{n≥0} P(T > n): the backwards recursion and the forward distribution agree."""
    dist = rounds_distribution(TWO_POINTS, target=10, rounds=300)
    tail = sum(1 - sum(dist[k] for k in range(1, n + 1)) for n in range(0, 300))
    assert abs(float(tail) - float(expected_rounds(TWO_POINTS))) < 1e-9


def test_rows_of_the_matrix_add_up_to_one_and_done_is_absorbing():
    matrix = transition_matrix({0: Fraction(1, 2), 3: Fraction(1, 4), WIN: Fraction(1, 4)}, target=5)
    assert all(sum(row.values()) == 1 for row in matrix.values())
    assert matrix["done"]["done"] == 1
    assert matrix[4]["done"] == Fraction(1, 2) and matrix[4][4] == Fraction(1, 2)


def test_a_win_card_shortens_the_game():
    without = {0: Fraction(1, 2), 1: Fraction(1, 2)}
    with_win = {0: Fraction(1, 2), 1: Fraction(3, 8), WIN: Fraction(1, 8)}
    assert expected_rounds(with_win) < expected_rounds(without)


def test_simulation_agrees_with_the_exact_mean():
    lengths = simulate_lengths(TWO_POINTS, games=4000, seed=3)
    _, low, high = mean_with_interval(lengths)
    assert low < float(expected_rounds(TWO_POINTS)) < high
    assert simulate_lengths(TWO_POINTS, games=50, seed=9).tolist() == simulate_lengths(TWO_POINTS, games=50, seed=9).tolist()


def test_counts_and_interval_with_counts():
    assert distribution_from_counts({0: 1, 2: 3, WIN: 0}) == {0: Fraction(1, 4), 2: Fraction(3, 4)}
    assert mean_with_interval([1, 3], counts=[1, 3])[0] == mean_with_interval([1, 3, 3, 3])[0] == 2.5
    assert np.isclose(mean_with_interval([1, 3], counts=[1, 3])[1], mean_with_interval([1, 3, 3, 3])[1])


@pytest.mark.parametrize("bad", [{}, {0: Fraction(1, 2)}, {1.5: Fraction(1)}, {"x": Fraction(1)}, {0: 0.5, 1: 0.5}])
def test_bad_distributions_are_refused(bad):
    with pytest.raises(ValueError):
        expected_rounds(bad)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="target"):
        rounds_distribution(TWO_POINTS, target=0)
    with pytest.raises(ValueError, match="never ends"):
        expected_rounds({0: Fraction(1)})
    with pytest.raises(ValueError, match="2 values"):
        mean_with_interval([])


@pytest.mark.parametrize("student", [None, "Mei", "Ana", "小明", "Dee", "Ben"])
def test_42_2_two_point_rounds_overshoot_an_odd_target(student):
    """Issue 41: 42-2 was k ÷ p, the formula the prose states above it. Now a round scores 2 points and the target is
    odd: ⌈target ÷ 2⌉ scoring rounds are needed, each a wait of 1/p, and neither k ÷ p nor (k ÷ 2) ÷ p is right."""
    from pokelab.course.registry import get

    ex = get("42-2")
    params = ex.params(student)
    p, target = Fraction(params["num"], params["den"]), params["target"]
    answer = ex.answer(params)
    assert target % 2 == 1 and answer == ((target + 1) // 2) / p
    assert answer not in (target / p, Fraction(target, 2) / p)
