"""The plan written out by hand (lesson 43) agrees with the kit's solver (HC-R2, HC-R5, HC-R6)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pokelab.course.expectimax_by_hand import outcome_counts
from pokelab.course.expectimax_plan import MAX_PLAN_NODES, plan_tree
from pokelab.errors import ExplainedError
from pokelab.herecomes import TARGETS
from pokelab.odds import advise_discard, expected_points
from pokelab.odds.probability_tree import draw_tree

SMALL_BAG = {"red": 2, "blue": 1, "purple": 1}
CODES = ["last:red", "last:blue", "last:purple", "never:red", "never:blue", "never:purple", "all:red", "all:blue"]


def _hand(rng: random.Random, size: int) -> list[tuple[str, int]]:
    return [(rng.choice(CODES), rng.randint(1, 4)) for _ in range(size)]


@pytest.mark.parametrize("waves", [(1, 1), (2, 1), (1, 1, 1)])
def test_hc_r2_the_plan_equals_the_solver_averaged_over_the_first_wave(waves: tuple[int, ...]) -> None:
    rng = random.Random(43)
    bag = {"red": 2, "blue": 2, "purple": 1}
    for _ in range(25):
        hand = _hand(rng, len(waves) + 1)
        plan = plan_tree(hand, bag=bag, waves=waves)
        by_solver = sum(
            (reach * advise_discard(hand, node.tokens, bag=bag, waves=waves, redraw_agree=0).value
             for reach, node in _first_decisions(plan.root)), Fraction(0))
        assert plan.value == by_solver


def _first_decisions(node, reach=Fraction(1)):
    """The decision nodes after the first wave, each with its chance of being reached."""
    if node.kind == "decide":
        return [(reach, node)]
    return [found for child in node.children for found in _first_decisions(child, reach * child.chance)]


def test_hc_r6_a_real_round_last_discard_matches_advise_discard_without_the_redraw() -> None:
    shown = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow")
    hand = [TARGETS["G01"], TARGETS["P01"], TARGETS["O07"]]
    plan = plan_tree(hand, bag=None, shown=shown)
    advice = advise_discard(hand, shown, redraw_agree=0)
    assert plan.root.kind == "decide" and plan.value == advice.value
    assert [c.value for c in plan.root.children] == [o.value for o in advice.options]
    assert hand[plan.root.best] is advice.discard


def test_the_plan_keeping_two_cards_is_expected_points_without_the_redraw() -> None:
    hand = [("last:red", 3), ("never:purple", 2)]
    plan = plan_tree([*hand, ("all:blue", 1)], bag=SMALL_BAG, waves=(1, 1))
    keep = next(c for c in plan.root.children[0].children if c.discarded == 2)
    assert keep.value == expected_points(hand, bag=SMALL_BAG, shown=keep.tokens, draws=2, redraw_agree=0)


def test_deciding_after_the_wave_is_never_worse_than_a_discard_fixed_in_advance() -> None:
    rng = random.Random(7)
    for _ in range(30):
        plan = plan_tree(_hand(rng, 3), bag=SMALL_BAG, waves=(1, 1))
        assert all(plan.value >= plan.value_if_always(i) for i in range(3))


def test_chance_of_points_and_the_simulation_agree() -> None:
    plan = plan_tree([("last:red", 3), ("last:blue", 2), ("never:blue", 2)], bag=SMALL_BAG, waves=(1, 1))
    points = plan.simulate(4_000, seed=3)
    share = sum(1 for p in points if p > 0) / len(points)
    assert abs(share - float(plan.chance_of_points())) < 0.03
    assert abs(sum(points) / len(points) - float(plan.value)) < 0.1
    assert plan.simulate(50, seed=9) == plan.simulate(50, seed=9)


def test_outcome_counts_orders_are_the_leaves_of_the_probability_tree() -> None:
    for bag, size in ((SMALL_BAG, 2), ({"red": 3, "blue": 2, "green": 1}, 3)):
        orders, colour_counts = outcome_counts(bag, size)
        assert orders == len(draw_tree(bag, size).leaves)
        assert colour_counts <= orders


def test_too_big_a_plan_is_refused_in_both_languages() -> None:
    hand = [TARGETS[i] for i in ("G01", "G05", "P01", "O09", "L01")]
    with pytest.raises(ExplainedError) as err:
        plan_tree(hand, bag=None)
    assert str(MAX_PLAN_NODES)[:1] in str(err.value) and "节点" in err.value.message("zh")


def test_bad_inputs_say_what_was_wrong() -> None:
    with pytest.raises(ValueError, match="waves"):
        plan_tree([("last:red", 1), ("last:blue", 1)], bag=SMALL_BAG, waves=(0, 1))
    with pytest.raises(ExplainedError, match="end a wave"):
        plan_tree([("last:red", 1), ("last:blue", 1)], bag=SMALL_BAG, shown=("red",), waves=(2, 1))
    with pytest.raises(ExplainedError, match="at least 2 cards"):
        plan_tree([("last:red", 1)], bag=SMALL_BAG, waves=(1, 1))


def test_hc_r6_exercise_43_5_right_option_is_the_engines_best_discard() -> None:
    from pokelab.course.expectimax_by_hand import (
        FIRST_43_5,
        HAND_43_5,
        SMALL_BAG_43,
        WAVES_43,
    )
    from pokelab.course.registry import get
    from pokelab.odds import probability

    advice = advise_discard(HAND_43_5, (FIRST_43_5,), bag=SMALL_BAG_43, waves=WAVES_43, redraw_agree=0)
    right = next(o for o in get("43-5").options if o.correct)
    assert advice.discard == HAND_43_5["abc".index(right.key)]
    assert all(o.cost > 0 for o in advice.options if o.card != advice.discard)  # no tie: one right answer
    alone = [probability(code, bag=SMALL_BAG_43, draws=2) * points for code, points in HAND_43_5]
    assert alone.index(min(alone)) == 1  # option b names the card with the lowest expected points alone
