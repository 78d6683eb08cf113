"""Lesson 41's values of the redraw and the trainers, checked against a token-by-token probability tree."""

from fractions import Fraction

import pytest

from pokelab.course.trainer_value import finish_hand, misty_worth, redraw_worth, swap_worth
from pokelab.herecomes import TARGETS
from pokelab.herecomes.conditions import parse_condition
from pokelab.odds import expected_points, probability

SMALL_BAG = {"red": 4, "blue": 4, "purple": 4}


def _tree(bag, draws=10, drawn=()):
    """Every ordered draw sequence of ``draws`` tokens with its chance (a token-by-token tree)."""
    if len(drawn) == draws:
        yield drawn, Fraction(1)
        return
    left = {c: bag[c] - drawn.count(c) for c in bag}
    total = sum(left.values())
    for colour, n in left.items():
        if n:
            for tokens, p in _tree(bag, draws, (*drawn, colour)):
                yield tokens, p * Fraction(n, total)


def _swap_by_tree(hand, bag):
    cards = [(parse_condition(c), Fraction(v)) for c, v in hand]
    best = lambda tokens: max((v for c, v in cards if c.holds(tokens, bag)), default=Fraction(0))  # noqa: E731
    without = with_swap = Fraction(0)
    for tokens, p in _tree(bag):
        options = [best(tokens)]
        for k in (7, 8):  # order card 3 holds tokens 8 and 9
            if tokens[k] != tokens[9]:
                swapped = list(tokens)
                swapped[k], swapped[9] = swapped[9], swapped[k]
                options.append(best(tuple(swapped)))
        without += p * options[0]
        with_swap += p * max(options)
    return without, with_swap


@pytest.mark.parametrize("hand", [
    [("last:red", 1)],
    [("last:blue", 1), ("never:purple", 2)],
    [("last:purple", 3), ("all:red", 2)],
])
def test_swap_matches_the_token_tree(hand):
    assert swap_worth(hand, bag=SMALL_BAG) == _swap_by_tree(hand, SMALL_BAG)


def test_swap_on_the_default_bag_is_a_red_among_the_last_three():
    assert swap_worth([("last:red", 1)]) == (Fraction(3, 10), 1 - Fraction(364, 1140))


def test_redraw_worth_is_never_negative_and_zero_for_purple_cards():
    for card in ("G01", "G17", "P01", "P15", "O01"):
        assert redraw_worth([TARGETS[card]]) >= 0
    assert redraw_worth([TARGETS["P01"]]) == 0  # the token put back has appeared (HC-C2)


def test_redraw_worth_in_finishing_chance_counts_only_cards_that_finish():
    hand = [TARGETS["G01"], TARGETS["G17"]]  # 1 point and 3 points
    assert redraw_worth(hand, need=2) == redraw_worth([TARGETS["G17"]], need=2)
    no_redraw = expected_points(finish_hand(hand, 2), redraw_agree=0)
    assert no_redraw == probability(TARGETS["G17"])


def test_misty_averages_the_fresh_card_over_the_unseen_cards():
    hand = [TARGETS[c] for c in ("G01", "G05", "P01", "O01")]
    shown = ("red", "blue", "purple", "green", "red", "blue", "red")
    only_itself = misty_worth(hand, "P01", shown=shown, unseen=[TARGETS["P01"]])
    assert only_itself[0] == only_itself[1]  # drawing the same dead card back changes nothing
    no, yes = misty_worth(hand, "P01", shown=shown)
    assert yes > no


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError, match="need"):
        finish_hand([("last:red", 1)], need=0)
    with pytest.raises(ValueError, match="set aside"):
        misty_worth([TARGETS["G01"]], "G02", shown=())
    with pytest.raises(ValueError, match="hand"):
        swap_worth("G01")


def test_exercise_41_5_hand_b_with_a_purple_last_token():
    """41-5's model answer: Clefairy stays broken (HC-C2), Charmander gains 2/11 from a red token, so vote yes."""
    from pokelab.course.trainer_value import HAND_B_41
    from pokelab.odds import redraw_gain, should_redraw
    from pokelab.odds.advice import SHOWN_9
    final = (*SHOWN_9, "purple")
    charmander, clefairy = (TARGETS[c] for c in HAND_B_41)
    assert not clefairy.condition.holds(final) and not charmander.condition.holds(final)
    assert redraw_gain([clefairy], final) == 0  # no redraw rescues it
    assert redraw_gain([charmander, clefairy], final) == Fraction(2, 11) and should_redraw([charmander, clefairy], final)
