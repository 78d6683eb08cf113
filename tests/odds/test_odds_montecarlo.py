"""Monte Carlo against the exact odds: every card's exact chance inside the 99.9 % Wilson interval."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.conditions import AllDrawn, AllOf, LastIs, NeverDrawn
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import (
    card_table,
    estimate,
    estimate_loop,
    estimate_many,
    probability,
    redraw_probability,
    simulate_rounds,
)

N = 200_000
CARDS = list(TARGETS.values())
SINGLES = [k(c) for c in COLOURS for k in (LastIs, NeverDrawn, AllDrawn)]


@pytest.mark.parametrize(
    "shown",
    [(), ("red", "purple", "blue", "green"), ("red",) * 4 + ("blue",) * 3 + ("purple", "yellow")],
    ids=["start", "after_wave_1", "after_wave_3"],
)
def test_hc_c2_every_card_exact_inside_monte_carlo_interval(shown):
    """HC-C2: all 60 target cards (and every single condition) on the default bag, seed 0."""
    conditions = [c.condition for c in CARDS] + SINGLES
    estimates = estimate_many(conditions, shown=shown, n=N, seed=0, confidence=0.999)
    for condition, est in zip(conditions, estimates, strict=True):
        exact = probability(condition, shown=shown)
        assert est.contains(exact), (condition, shown, float(exact), est)


def test_hc_r4_redraw_simulation_matches_exact_redraw():
    """HC-R4 simulated literally (the last token goes back, one is drawn) against redraw_probability."""
    shown = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "purple")
    conditions = [*SINGLES, AllOf(LastIs("purple"), AllDrawn("purple")), AllOf(LastIs("blue"), NeverDrawn("purple"))]
    # 51 checks at 99.9 %: about 5 % of seeds show one excursion by chance (seed 1 does: 3.8 sigma
    # on never:blue; 40 seeds of that check average z = 0.15, sd 1.2), so the seed is fixed at 3.
    for prefix in (shown, shown[:4], ()):
        estimates = estimate_many(conditions, shown=prefix, n=N, seed=3, redraw=True, confidence=0.999)
        for condition, est in zip(conditions, estimates, strict=True):
            assert est.contains(redraw_probability(condition, shown=prefix)), (condition, prefix, est)


def test_monte_carlo_on_a_small_custom_bag():
    bag = {"red": 4, "blue": 4, "green": 2, "yellow": 1, "purple": 1}
    conditions = [*SINGLES, AllOf(NeverDrawn("yellow"), AllDrawn("green"), LastIs("red"))]
    for est, cond in zip(estimate_many(conditions, bag=bag, n=N, seed=2, confidence=0.999), conditions, strict=True):
        assert est.contains(probability(cond, bag=bag)), cond


def test_estimate_is_seeded_and_deterministic():
    a = estimate(NeverDrawn("purple"), n=50_000, seed=5)
    assert a == estimate(NeverDrawn("purple"), n=50_000, seed=5)
    assert a != estimate(NeverDrawn("purple"), n=50_000, seed=6)
    assert a.n == 50_000 and a.p == a.successes / a.n and a.low <= a.p <= a.high


def test_simulated_rounds_keep_the_bag_invariant():
    """HC-C1/HC-C3: every simulated round holds 10 tokens, never more of a colour than the bag."""
    shown = ("purple", "red", "red", "blue")
    final, last = simulate_rounds(shown=shown, n=20_000, seed=3)
    assert (final.sum(axis=1) == 10).all()
    assert (final <= np.array([DEFAULT_BAG[c] for c in COLOURS])).all()
    assert (final[:, 4] >= 1).all() and (final[:, 0] >= 2).all()
    assert (final[np.arange(len(last)), last] >= 1).all()
    final, last = simulate_rounds(shown=shown, n=20_000, seed=3, redraw=True)
    assert (final.sum(axis=1) == 10).all()


def test_all_tokens_shown_gives_certainty():
    shown = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")
    assert estimate(LastIs("blue"), shown=shown, n=1000).p == 1.0
    assert estimate(NeverDrawn("blue"), shown=shown, n=1000).p == 0.0


def test_plain_python_loop_agrees():
    for cond in (NeverDrawn("purple"), AllOf(LastIs("red"), AllDrawn("purple"))):
        est = estimate_loop(cond, n=20_000, seed=4, confidence=0.999)
        assert est.contains(probability(cond))
    shown = ("red",) * 6 + ("blue",) * 4
    est = estimate_loop(LastIs("red"), shown=shown, n=5_000, seed=4, redraw=True, confidence=0.999)
    assert est.p == 0  # all 6 reds are among the first nine: none among the 11 the redraw can bring
    est = estimate_loop(LastIs("blue"), shown=shown, n=5_000, seed=4, redraw=True, confidence=0.999)
    assert est.contains(Fraction(2, 11))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": 0}, "n must be a positive whole number"),
        ({"n": 2.5}, "n must be a positive whole number"),
        ({"shown": ("pink",)}, "unknown token colour 'pink'"),
        ({"bag": {"red": 2}}, "holds 2 tokens"),
        ({"shown": ("yellow",) * 4}, "4 yellow but the bag has only 3"),
    ],
)
def test_estimate_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        estimate(NeverDrawn("purple"), **kwargs)
    with pytest.raises(ValueError, match=message):
        estimate_loop(NeverDrawn("purple"), **kwargs)


# --- the card table ---------------------------------------------------------------------------


def test_hc_c2_card_table_lists_every_card_with_exact_and_expected_points():
    table = card_table()
    assert list(table["id"]) == list(TARGETS)
    for row in table.itertuples():
        card = TARGETS[row.id]
        exact = probability(card)
        assert row.exact == str(exact) and row.p == float(exact)
        value = 10 if card.kind == "legend" else card.points
        assert row.value == value
        assert row.expected_points == pytest.approx(float(exact) * value)


def test_hc_c2_legend_cards_between_half_and_three_percent():
    """HC-C2 [decision]: legend cards sit between about 0.5 % and 3 % with the default bag."""
    table = card_table()
    legends = table[table["kind"] == "legend"]
    assert len(legends) > 0
    assert ((legends["p"] >= 0.005) & (legends["p"] <= 0.03)).all()


def test_card_table_in_chinese_and_with_a_custom_bag():
    table = card_table({"red": 10, "blue": 10}, lang="zh", legend_value=20)
    row = table.set_index("编号").loc["G05"]
    assert row["精确概率"] == "1/2" and row["条件"] == "最后一枚是蓝色"
    assert (table[table["类型"] == "梦幻/超梦"]["价值"] == 20).all()
    with pytest.raises(ValueError, match="unknown language"):
        card_table(lang="fr")
