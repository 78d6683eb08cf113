"""The deck's hypergeometric law (lesson 37) and AND / OR / independence of two targets (lesson 38)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from pokelab.course.hypergeometric import (
    count_distribution,
    hypergeometric,
    hypergeometric_mean,
    splendor_count_distribution,
    splendor_count_mean,
)
from pokelab.course.independence import conditional_probability, dependence
from pokelab.herecomes import COLOURS, DEFAULT_BAG, TARGETS
from pokelab.odds import probability, splendor_appears_within, splendor_unseen
from pokelab.splendor import CARDS, scenario


@pytest.mark.parametrize(("population", "marked", "draws"), [(20, 2, 10), (12, 5, 4), (7, 0, 3), (9, 9, 2), (6, 3, 0)])
def test_hypergeometric_matches_counting_every_subset(population: int, marked: int, draws: int) -> None:
    tally = [0] * (min(draws, marked) + 1)
    subsets = list(combinations(range(population), draws))
    for subset in subsets:
        tally[sum(i < marked for i in subset)] += 1
    assert hypergeometric(population, marked, draws) == tuple(Fraction(t, len(subsets)) for t in tally)
    mean = sum(k * p for k, p in enumerate(hypergeometric(population, marked, draws)))
    assert hypergeometric_mean(population, marked, draws) == mean


def test_hypergeometric_is_the_bag_law_for_every_colour() -> None:
    total = sum(DEFAULT_BAG.values())
    for colour in COLOURS:
        assert hypergeometric(total, DEFAULT_BAG[colour], 10) == count_distribution(None, 10, colour)


@pytest.mark.parametrize(("args", "message"), [((5, -1, 2), "marked"), ((5, 2, 6), "draws"), ((True, 0, 0), "population"),
                                              ((4, 2, 1.5), "draws")])
def test_bad_sizes_are_refused_with_the_name_of_the_argument(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hypergeometric(*args)


def test_the_deck_law_agrees_with_the_any_card_chance_and_the_mean() -> None:
    state = scenario(2, captured={0: ["Charmander", "Squirtle"]}, seed=5)
    deck = splendor_unseen(state)
    legendary = [c.id for c in CARDS.values() if c.tier == "legendary" and c.id in deck]
    for refills in (0, 1, 5, 10, len(deck), len(deck) + 3):
        law = splendor_count_distribution(state, legendary, refills)
        assert sum(law) == 1
        assert 1 - law[0] == splendor_appears_within(state, legendary, refills)
        assert splendor_count_mean(state, legendary, refills) == sum(k * p for k, p in enumerate(law))
    with pytest.raises(ValueError, match="not in the deck"):
        splendor_count_distribution(state, "Charmander", 3)


def _enumerate_joint(a: str, b: str, bag: dict[str, int], draws: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(A), P(B), P(A and B) by listing every ordered draw of distinct tokens (a small bag only)."""
    tokens = [c for c in COLOURS for _ in range(bag.get(c, 0))]
    hits_a = hits_b = hits_both = total = 0
    for order in permutations(range(len(tokens)), draws):
        drawn = [tokens[i] for i in order]
        result = []
        for code in (a, b):
            kind, colour = code.split(":")
            if kind == "last":
                result.append(drawn[-1] == colour)
            elif kind == "never":
                result.append(colour not in drawn)
            else:
                result.append(drawn.count(colour) == bag.get(colour, 0))
        total += 1
        hits_a += result[0]
        hits_b += result[1]
        hits_both += result[0] and result[1]
    return Fraction(hits_a, total), Fraction(hits_b, total), Fraction(hits_both, total)


@pytest.mark.parametrize(("a", "b"), [("last:red", "never:purple"), ("never:purple", "all:purple"),
                                      ("all:red", "last:blue"), ("never:blue", "never:purple")])
def test_and_or_and_independence_match_a_full_listing(a: str, b: str) -> None:
    bag = {"red": 2, "blue": 2, "purple": 1}
    p_a, p_b, both = _enumerate_joint(a, b, bag, 3)
    d = dependence(a, b, bag=bag, draws=3)
    assert (d.p_a, d.p_b, d.both) == (p_a, p_b, both)
    assert d.either == p_a + p_b - both
    assert d.independent == (both == p_a * p_b)
    if p_b:
        assert conditional_probability(a, given=b, bag=bag, draws=3) == both / p_b


def test_no_two_one_colour_targets_are_independent_with_the_game_bag() -> None:
    codes = [f"{kind}:{c}" for kind in ("last", "never", "all") for c in COLOURS]
    assert not any(dependence(a, b).independent for a, b in combinations(codes, 2))


def test_a_legend_card_is_an_and_no_likelier_than_its_hardest_part() -> None:
    for card in (c for c in TARGETS.values() if c.is_legend):
        parts = card.condition.conditions
        d = dependence(parts[0], parts[1])
        assert d.both <= min(d.p_a, d.p_b)
        assert probability(card.condition) <= min(probability(p) for p in parts)


def test_a_condition_of_chance_zero_cannot_be_given() -> None:
    with pytest.raises(ValueError, match="chance 0"):
        conditional_probability("last:red", given="never:red", bag={"red": 10, "blue": 1})


@pytest.mark.parametrize("bag", [DEFAULT_BAG, {**DEFAULT_BAG, "purple": 3}, {**DEFAULT_BAG, "red": 5, "yellow": 4}])
def test_two_cards_that_never_come_true_together_are_dependent_but_not_complements(bag: dict) -> None:
    """Issue 41: lesson 38 says "cannot happen together" (each chance above 0) is never independent, yet not the
    tightest tie: knowing one did NOT happen leaves the other uncertain. Checked for every pair of card conditions."""
    conditions = {card.condition.code(): card.condition for card in TARGETS.values()}
    disjoint = 0
    for a, b in combinations(conditions.values(), 2):
        d = dependence(a, b, bag=bag)
        assert not d.independent
        if d.disjoint and d.p_a and d.p_b:
            disjoint += 1
            assert d.product > 0 and d.p_a + d.p_b < 1
    assert disjoint > 0


def test_exercise_38_2_is_a_new_situation_and_38_5_a_pair_the_prose_does_not_explain() -> None:
    """Issue 41: 38-2 and 38-5 were answered word for word in lesson 38's section 4 (rounds are independent
    because the tokens go back). 38-2 now asks about a house rule that keeps round 1's tokens out: then
    "no purple in round 1" is the same event as "every purple in round 2", so its right option c holds."""
    from pokelab.course.registry import all_exercises

    by_id = {e.id: e for e in all_exercises()}
    options = by_id["38-2"].options
    assert [o.key for o in options if o.correct] == ["c"]
    assert "round 2" in by_id["38-2"].question.render("en") and "18 non-purple" not in by_id["38-5"].question.render("en")
    assert "stay out of the bag" in by_id["38-2"].question.render("en")
    tokens = [c for c, n in DEFAULT_BAG.items() for _ in range(n)]
    rng = random.Random(382)
    for _ in range(500):  # round 2 draws the 10 tokens round 1 left
        rng.shuffle(tokens)
        assert ("purple" not in tokens[:10]) == (tokens[10:].count("purple") == DEFAULT_BAG["purple"])
    p_none = probability("never:purple")
    assert p_none == probability("all:purple") and p_none != p_none**2  # P(both) = P(A), not P(A)P(B)
    assert all("opposite of independent" not in o.why.render("en") for o in options if o.why)
    d = dependence("never:red", "never:blue")
    assert d.disjoint and d.p_a > 0 and d.p_b > 0
    assert sum(n for c, n in DEFAULT_BAG.items() if c not in ("red", "blue")) == 9


def test_37_4_gives_the_game_bags_mean_with_another_likeliest_count() -> None:
    """Issue 41: 37-4 was answered by section 3's table; its new bag has the same mean 1.5 and a likeliest count of 1."""
    from pokelab.course.hypergeometric import BAG_37_4, DRAWS_37_4, count_mean, yellow_law_37_4
    from pokelab.course.registry import get

    law, game = yellow_law_37_4(), count_distribution(None, 10, "yellow")
    assert count_mean(BAG_37_4, DRAWS_37_4, "yellow") == count_mean(None, 10, "yellow") == Fraction(3, 2)
    assert law[1] > law[2] and game[1] == game[2] and law[0] > 0 and sum(law[3:]) > 0
    assert get("37-4").expected() == "a"


def test_38_3_asks_for_a_red_last_token_that_every_purple_and_yellow_make_rarer() -> None:
    from pokelab.course.independence import GIVEN_38_3
    from pokelab.course.registry import get

    given = conditional_probability("last:red", given=GIVEN_38_3)
    assert given == Fraction(5, 10) * Fraction(6, 15) == Fraction(1, 5) < probability("last:red") == Fraction(3, 10)
    assert get("38-3").expected() == given


def test_38_3_cannot_be_read_or_computed_from_the_table_of_pairs() -> None:
    """Issue 41: the old 38-3 was the table's 0.89 × 3/20. The new condition is two targets at once, which no cell shows:
    neither one cell for red with either condition, nor the two multiplied as if independent, lands within the
    exercise's tolerance, and the answer is no cell of the table (the lifts printed to two places, as in the lesson)."""
    from pokelab.course.independence import GIVEN_38_3
    from pokelab.course.registry import get

    ex = get("38-3")
    answer, base = float(ex.expected()), float(probability("last:red"))
    codes = [f"{kind}:{c}" for kind in ("last", "never", "all") for c in COLOURS]
    shown = {round(float(dependence(x, y).lift), 2) for x in codes for y in codes if x != y}
    assert round(answer, 2) not in shown and abs(base - answer) > ex.tolerance
    purple, yellow = (round(float(dependence("last:red", f"all:{c}").lift), 2) for c in ("purple", "yellow"))
    for reading in (base * purple, base * yellow, base * purple * yellow):
        assert abs(reading - answer) > ex.tolerance, reading
    assert GIVEN_38_3 not in codes and dependence("last:red", GIVEN_38_3).lift < 1
