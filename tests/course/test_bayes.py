"""Tests for pokelab.course.bayes: Bayes over bags, the evidence of a class's rounds, reading a redraw vote."""

import math
import random
from fractions import Fraction
from itertools import permutations

import pytest

from pokelab.classroom import ClassTally
from pokelab.course.bayes import (
    bag_posterior,
    log10_bayes_factor,
    read_redraw_vote,
    sequence_probability,
)
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.odds import probability

RICH = {"red": 4, "blue": 4, "green": 4, "yellow": 3, "purple": 5}
EXTRA_RED = {"red": 7, "blue": 5, "green": 4, "yellow": 3, "purple": 2}
TOKENS = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow", "red")


def test_sequence_probability_agrees_with_the_exact_odds_hc_c1():
    """HC-C1: summing the sequences that end in red gives P(last is red) (one token, then two)."""
    assert sum(sequence_probability((c,)) for c in DEFAULT_BAG) == 1
    two = sum(sequence_probability((a, "red")) for a in DEFAULT_BAG)
    assert two == Fraction(DEFAULT_BAG["red"], 20) == probability("last:red")


def test_order_does_not_change_the_chance_of_a_multiset():
    orders = {sequence_probability(p) for p in permutations(("red", "purple", "purple", "blue"))}
    assert len(orders) == 1


def test_posterior_is_prior_times_likelihood_normalised():
    bags = {"rules": DEFAULT_BAG, "rich": RICH}
    seen = ("purple", "red", "purple")
    post = bag_posterior(seen, bags, prior={"rules": 3, "rich": 1})
    a, b = 3 * sequence_probability(seen), sequence_probability(seen, RICH)
    assert post == {"rules": a / (a + b), "rich": b / (a + b)}
    assert sum(post.values()) == 1


def test_more_purple_moves_belief_to_the_purple_rich_bag():
    bags = {"rules": DEFAULT_BAG, "rich": RICH}
    beliefs = [bag_posterior(("purple",) * k, bags)["rich"] for k in range(3)]
    assert beliefs[0] < beliefs[1] < beliefs[2] < 1


def test_bayes_factor_grows_with_the_class_rounds_for_the_true_bag():
    rounds = ClassTally.new(seed=39).simulate(200).rounds
    assert abs(log10_bayes_factor(rounds[:10], DEFAULT_BAG, EXTRA_RED)) < 1
    assert log10_bayes_factor(rounds, DEFAULT_BAG, EXTRA_RED) > 2
    tampered = ClassTally.new(EXTRA_RED, seed=39).simulate(200).rounds
    assert log10_bayes_factor(tampered, DEFAULT_BAG, EXTRA_RED) < -2


def test_an_impossible_round_settles_the_question():
    lost_purple = {**DEFAULT_BAG, "purple": 1}
    assert log10_bayes_factor([("purple", "purple")], DEFAULT_BAG, lost_purple) == math.inf
    assert log10_bayes_factor([("purple", "purple")], lost_purple, DEFAULT_BAG) == -math.inf


def test_reading_the_redraw_vote_hc_r4():
    """HC-R4: a 'no' makes 'they already score' likelier, a 'yes' less likely; the two readings average to the prior."""
    yes, no = read_redraw_vote(TOKENS, True), read_redraw_vote(TOKENS, False)
    assert yes.prior == no.prior and yes.vote_chance + no.vote_chance == 1
    assert yes.posterior < yes.prior < no.posterior
    assert yes.vote_chance * yes.posterior + no.vote_chance * no.posterior == yes.prior


def test_sabrinas_peek_removes_a_card_hc_t3():
    """HC-T3: seeing that they let a scoring card go lowers the chance that they score."""
    assert read_redraw_vote(TOKENS, False, not_held=("G01",)).posterior < read_redraw_vote(TOKENS, False).posterior


def test_random_rounds_never_break_the_posterior():
    rng = random.Random(5)
    for _ in range(50):
        colours = [c for c, n in RICH.items() for _ in range(n)]
        rng.shuffle(colours)
        post = bag_posterior(colours[:6], {"rules": DEFAULT_BAG, "rich": RICH})
        assert sum(post.values()) == 1 and all(0 <= p <= 1 for p in post.values())


@pytest.mark.parametrize("call, message", [
    (lambda: sequence_probability("red"), "list of colours"),
    (lambda: bag_posterior(("red",), {}), "at least one"),
    (lambda: bag_posterior(("red",), {"a": DEFAULT_BAG}, prior={"a": 0}), "prior"),
    (lambda: log10_bayes_factor([("pink",)], None, None), "unknown token colour"),
    (lambda: read_redraw_vote(TOKENS, True, not_held=("X99",)), "X99"),
])
def test_bad_input_is_refused_with_the_reason(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_exercise_39_4_follows_from_the_no_table_by_total_probability():
    """Issue 41: 39-4 was a one-line copy; its answer now comes from the "no" reading's three numbers."""
    from pokelab.course.bayes import VOTE_TOKENS, _vote_slips, _vote_yes

    no = read_redraw_vote(VOTE_TOKENS, voted_yes=False)
    assert _vote_yes(None) == (no.prior - no.vote_chance * no.posterior) / (1 - no.vote_chance) < no.prior
    assert _vote_yes(None) not in [value for value, _why in _vote_slips(None)]


def test_lesson_39s_mystery_round_counting_purples_alone_undersells_the_rich_bag():
    """Issue 41: the purples alone give 25/42, every token 12/17: the reds and blues carry evidence too."""
    from math import comb

    from pokelab.course.bayes import RICH_BAG, RULES_BAG, mystery_round

    seen = mystery_round()
    k = seen.count("purple")
    by_count = {n: comb(b["purple"], k) * comb(20 - b["purple"], 10 - k) for n, b in (("rules", RULES_BAG), ("rich", RICH_BAG))}
    assert Fraction(by_count["rich"], sum(by_count.values())) == Fraction(25, 42)
    assert bag_posterior(seen, {"rules": RULES_BAG, "rich": RICH_BAG})["rich"] == Fraction(12, 17)


@pytest.mark.parametrize(("guess", "close"), [(0.7, True), (0.65, True), (Fraction(25, 42), False), (0.5, False), (0.8, False)])
def test_exercise_39_1_calls_only_a_guess_near_every_tokens_posterior_well_judged(guess, close):
    """Issue 41: with a 0.15 tolerance the purples-alone guess (25/42) was "well judged" against 12/17."""
    from pokelab.teaching import predict

    predict("39-1", guess)
    verdict = predict("39-1").render("en")
    assert ("well judged" in verdict) is close, verdict
