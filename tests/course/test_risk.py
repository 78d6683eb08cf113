"""Tests for pokelab.course.risk: exact points distributions, variance and the finish-in-time Markov chain."""

from fractions import Fraction

import pytest

from pokelab.course.risk import (
    chance_at_least,
    finish_chance,
    mean_and_variance,
    points_distribution,
    reach_choice,
)
from pokelab.herecomes import TARGETS
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.odds import advise_discard, expected_points, probability
from pokelab.odds.advice import SHOWN_9


def test_distribution_sums_to_one_and_its_mean_is_the_expected_points_hc_r6():
    """HC-R6: the mean of the points distribution is the engine's expected points (no redraw)."""
    for ids in (("G01", "P15"), ("P01", "O01"), ("G13", "O15"), ("L01", "G01")):
        hand = [TARGETS[i] for i in ids]
        dist = points_distribution(hand)
        assert sum(dist.values()) == 1
        assert mean_and_variance(dist)[0] == expected_points(hand, redraw_agree=0)


def test_one_card_is_a_two_point_distribution():
    card = TARGETS["G17"]
    p = probability(card.condition)
    assert points_distribution([card]) == {0: 1 - p, 3: p}
    mean, variance = mean_and_variance(points_distribution([card]))
    assert mean == 3 * p
    assert variance == 9 * p * (1 - p)


def test_both_achieved_scores_the_better_card_only():
    """HC-R6: two cards that both come true score the better one, never the sum."""
    dist = points_distribution([("never:purple", 2), ("last:red", 3)])
    assert max(dist) == 3 and 5 not in dist


def test_shown_tokens_condition_the_distribution_hc_r5():
    hand = [TARGETS["G09"], TARGETS["G17"]]
    assert points_distribution(hand, shown=SHOWN_9) == {0: Fraction(6, 11), 1: Fraction(3, 11), 3: Fraction(2, 11)}


def test_variance_by_the_shortcut_formula():
    dist = points_distribution([TARGETS["G13"], TARGETS["G17"]])
    mean, variance = mean_and_variance(dist)
    assert variance == sum(x * x * p for x, p in dist.items()) - mean**2


def test_chance_at_least_counts_the_right_tail():
    dist = points_distribution([TARGETS["G13"], TARGETS["G17"]], shown=SHOWN_9)
    assert chance_at_least(dist, 0) == 1
    assert chance_at_least(dist, 3) == Fraction(2, 11)
    assert chance_at_least(dist, 4) == 0


def test_reach_is_never_worse_than_the_mean_policy():
    hand = [TARGETS[i] for i in ("G01", "G05", "P15")]
    options = {f"{a}+{b}": points_distribution([TARGETS[a], TARGETS[b]])
               for a, b in (("G01", "G05"), ("G01", "P15"), ("G05", "P15"))}
    assert len(hand) == 3
    for rounds in (3, 8, 12):
        assert finish_chance(options, rounds=rounds, choose="reach") >= finish_chance(options, rounds=rounds)
    assert finish_chance(options, rounds=10, choose="reach") > finish_chance(options, rounds=10)


def test_finish_chance_grows_with_rounds_and_matches_a_hand_count():
    safe = {"safe": {0: Fraction(1, 2), 1: Fraction(1, 2)}}
    assert finish_chance(safe, target=2, rounds=2) == Fraction(1, 4)
    assert finish_chance(safe, target=2, rounds=3) == Fraction(1, 2)  # 2 or 3 successes out of 3
    chances = [finish_chance(safe, target=3, rounds=n) for n in range(1, 8)]
    assert chances == sorted(chances) and chances[0] == 0


def test_reach_choice_near_the_target_prefers_the_safe_pair():
    options = {"G09+G13": points_distribution([TARGETS["G09"], TARGETS["G13"]], shown=SHOWN_9),
               "G09+G17": points_distribution([TARGETS["G09"], TARGETS["G17"]], shown=SHOWN_9),
               "G13+G17": points_distribution([TARGETS["G13"], TARGETS["G17"]], shown=SHOWN_9)}
    best_mean = max(options, key=lambda k: mean_and_variance(options[k])[0])
    assert best_mean == "G13+G17"
    assert advise_discard([TARGETS[i] for i in ("G09", "G13", "G17")], SHOWN_9, redraw_agree=0).discard.id == "G09"
    assert "G09" in reach_choice(options, score=9, rounds_left=1)  # one point needed: keep the likeliest card
    assert reach_choice(options, score=8, rounds_left=1) == "G13+G17"  # two points needed: both big cards


@pytest.mark.parametrize("bad", [{}, {0: Fraction(1, 2)}, {0: -1, 1: 2}, {"x": 1}])
def test_bad_distributions_are_refused(bad):
    with pytest.raises(ValueError):
        mean_and_variance(bad)


def test_bad_arguments_are_refused():
    coin = {"c": {0: Fraction(1, 2), 1: Fraction(1, 2)}}
    with pytest.raises(ValueError, match="rounds"):
        finish_chance(coin, rounds=0)
    with pytest.raises(ValueError, match="choose"):
        finish_chance(coin, choose="best")
    with pytest.raises(ValueError, match="score"):
        reach_choice(coin, score=-1, rounds_left=1)
    with pytest.raises(ValueError, match="1 or 2 cards"):
        points_distribution("last:red")


def _lesson_40_menu():
    from itertools import combinations
    dealt = ("G01", "G05", "P15")  # Charmander, Squirtle, Charizard: lesson 40's simplified game
    return {pair: points_distribution([TARGETS[c] for c in pair]) for pair in combinations(dealt, 2)}


def test_the_criterion_is_points_needed_against_rounds_left():
    """Lesson 40 §5 over every (points needed, rounds left): neither 'far from the end' nor the points alone decide.

    The false rule "far from the end, play for the average" fails at 0 points with 10 rounds left.
    """
    from pokelab.course.risk import average_threshold
    menu = _lesson_40_menu()
    average = ("G01", "G05")
    thresholds = [average_threshold(menu, rounds_left=n) for n in range(1, 31)]
    assert thresholds == sorted(thresholds) and thresholds[0] == 1 and thresholds[-1] == 10
    assert reach_choice(menu, score=0, rounds_left=10) != average  # far from the end, and still not the average
    assert reach_choice(menu, score=0, rounds_left=15) == average
    for n in range(1, 16):
        kept = [reach_choice(menu, score=10 - need, rounds_left=n) == average for need in range(1, 11)]
        threshold = thresholds[n - 1]
        assert all(kept[:threshold]) and (threshold == 10 or not kept[threshold])
    # the same points needed, a different choice with other rounds left; the same rounds left, a different choice
    assert reach_choice(menu, score=3, rounds_left=10) == average != reach_choice(menu, score=3, rounds_left=5)
    assert reach_choice(menu, score=3, rounds_left=10) != reach_choice(menu, score=0, rounds_left=10)


def test_the_markov_chain_needs_no_history():
    """Lesson 40 §5's Markov property: the best history-dependent play does no better than the (score, rounds) table."""
    menu = _lesson_40_menu()

    def best(history: tuple[int, ...], rounds: int, target: int) -> Fraction:
        if sum(history) >= target:
            return Fraction(1)
        if rounds == 0:
            return Fraction(0)
        return max(sum((p * best((*history, x), rounds - 1, target) for x, p in dist.items()), Fraction(0))
                   for dist in menu.values())

    for target, rounds in ((4, 4), (6, 5), (10, 6)):
        assert best((), rounds, target) == finish_chance(menu, target=target, rounds=rounds, choose="reach")


def _counted_wave3(params):
    """Exercise 40-3 counted token by token: each of the 11 tokens left is the last one with the same chance.

    For every pair of the hand, the points it scores on each possible last token (the better card that came
    true, HC-R6); returns (the points of each pair on each token, the pair with the best average).
    """
    import itertools

    left = dict(DEFAULT_BAG)
    for colour in params["shown"]:
        left[colour] -= 1
    tokens = list(itertools.chain.from_iterable(itertools.repeat(colour, n) for colour, n in left.items()))
    assert len(tokens) == 11
    scored = {}
    for pair in itertools.combinations(params["hand"], 2):
        cards = [TARGETS[c] for c in pair]
        scored[pair] = [max([c.points for c in cards if c.condition.holds((*params["shown"], last))], default=0)
                        for last in tokens]
    totals = sorted((sum(points) for points in scored.values()), reverse=True)
    assert totals[0] > totals[1], "one pair alone has the best average"
    return scored, max(scored, key=lambda pair: sum(scored[pair]))


def _wave3_situations():
    import random

    from pokelab.course.registry import get
    from pokelab.course.risk import _personal_wave3

    exercise = get("40-3")
    yield exercise.params()
    for seed in range(60):
        yield _personal_wave3(random.Random(seed))
    for name in ("Mei", "Ann Li", "王芳", "Omar Khan"):
        yield exercise.params(name)


def test_exercise_40_3_is_the_best_average_pairs_chance_counted_token_by_token():
    """40-3's answer, for the lesson's numbers and many drawn ones, is the classmate's pair's chance counted by hand."""
    from pokelab.course.registry import get

    exercise = get("40-3")
    situations = list(_wave3_situations())
    assert len({(p["hand"], tuple(sorted(p["shown"])), p["score"]) for p in situations}) > 30  # they really differ
    for params in situations:
        scored, average = _counted_wave3(params)
        need = 10 - params["score"]
        counted = Fraction(sum(points >= need for points in scored[average]), 11)
        assert exercise.answer(params) == counted
        assert 0 < counted < 1


def test_exercise_40_3_always_has_a_better_pair_than_the_best_average():
    """Every situation 40-3 hands out has the best-average pair strictly behind another pair for reaching 10."""
    from pokelab.course.registry import get
    from pokelab.course.risk import _average_slips

    for params in _wave3_situations():
        scored, average = _counted_wave3(params)
        need = 10 - params["score"]
        chances = {pair: Fraction(sum(points >= need for points in on), 11) for pair, on in scored.items()}
        best = max(chances, key=chances.get)
        assert best != average and chances[best] > chances[average]
        # a pupil who answers with the best pair's chance is told it is not the classmate's pair
        assert _average_slips(params)[0][0] == chances[best] != get("40-3").answer(params)
