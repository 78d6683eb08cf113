"""The Here Comes coach tells the truth: every claim of every reason and review is confirmed by the rules.

The sweep takes 1,000 distinct discard steps (seat, hand, tokens) from seeded bot games — with
trainers (Misty's set-aside card left out of the hand), both redraw variants and a changed bag —
words the advisor's reason at each, and asks ``herecomes_checks.holds`` about each claim: the rest
of the round enumerated and every card asked with the rules' own conditions (HC-C2, HC-R5).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pokelab.analysis.herecomes_checks import Spot, holds, option_values
from pokelab.analysis.herecomes_coach import (
    coach_discard,
    explain_discard,
    points_text,
    review_discards,
)
from pokelab.analysis.reason_checks import Claim
from pokelab.errors import InputError
from pokelab.herecomes import TARGETS, Discard, Draw, apply, observe, scenario
from pokelab.odds import advise_discard
from pokelab.sim import play
from tests.analysis.herecomes_positions import sweep


@pytest.fixture(scope="module")
def positions():
    """The 1,000 discard steps, played when a test asks (at import, each xdist worker's collection paid 2 s)."""
    return sweep(1000)


def test_sweep_covers_every_wave_misty_and_both_variants(positions):
    waves = {len(s.tokens) for s, _ in positions}
    assert waves == {4, 7, 9}
    assert any(observe(s, seat)["my_choice"]["extra_discard"] for s, seat in positions)
    assert {s.setup.variant.redraw for s, _ in positions} == {"all", "leader"}


def test_hc_r2_hc_r3_every_reason_in_1000_positions_is_true_in_both_languages(positions):
    """0 false reasons: every claim holds, both languages render, the best discard is the advisor's."""
    false, kinds = [], set()
    for state, seat in positions:
        coach = coach_discard(state, seat)
        bad = coach.false_claims()
        if bad:
            false.append((state, seat, coach.describe("en"), bad))
        kinds |= {c.kind for c in coach.claims}
        en, zh = coach.describe("en"), coach.describe("zh")
        assert en.startswith("Discard ") and zh.startswith("弃掉"), (en, zh)
        assert not re.search(r"[A-Za-z]{3,}", zh), zh  # card ids (G01) only: no English word
        assert coach.discard is coach.advice.discard
    assert false == []
    assert kinds >= {"dead", "chance", "tokens", "value", "best", "margin"}


def test_hc_r6_round_review_costs_are_exact_and_true():
    """Every discard of 30 bot games reviewed: the cost is best − chosen, confirmed by enumeration."""
    rows = 0
    for seed in range(10):
        record = play("herecomes", ["random", "heuristic", "expected-points"], seed=seed)
        for seat in range(3):
            review = review_discards(record, seat)
            for row in review.rows:
                rows += 1
                assert row.false_claims() == []
                assert row.cost == row.coach.advice.value - row.chosen_value >= 0
                assert ("cost you" in row.text().render("en")) == (row.cost > 0)
            if seat == 2:  # the expected-points bot discards the advisor's way: it never loses anything
                assert review.cost == 0
    assert rows > 300


def test_review_sentence_names_the_cost():
    s = scenario(2, hands={0: ["G01", "G13", "P01", "O01", "L01"]}, trainers=False)
    moves = []
    for colour in ("red", "blue", "green", "red"):
        s = apply(s, Draw(colour))
    action = Discard(0, "G01")
    moves.append((s, action))
    review = review_discards(moves, 0)
    (row,) = review.rows
    assert row.cost > 0 and row.round == 1 and row.wave == 1
    en, zh = row.text().render("en"), row.text().render("zh")
    assert f"cost you {points_text(row.cost)} expected points" in en
    assert points_text(row.cost) in zh and "期望分" in zh
    assert review.describe("en").startswith("Round 1: your discards cost you")
    frame = review.to_frame("zh")
    assert list(frame.columns) == ["轮", "波", "弃掉的卡", "最好的弃牌", "损失"]


def test_reasons_name_the_token_counts_of_the_last_wave():
    """After wave 3 the kept card's reason counts the tokens left (HC-R3), as the rules count them."""
    nine = ("red",) * 3 + ("blue",) * 3 + ("green",) * 2 + ("yellow",)
    coach = explain_discard([TARGETS[c] for c in ("G01", "G05", "P05")], nine)
    claims = {c.kind: c for c in coach.claims}
    assert claims["tokens"].extra[1] == 11
    assert "of the 11 tokens left in the bag" in coach.describe("en")
    assert "11 枚" in coach.describe("zh")


def test_checks_catch_a_false_claim():
    nine = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow")
    spot = Spot((("last:red", 3), ("never:purple", 1), ("last:blue", 2)), nine)
    assert holds(spot, Claim("tokens", (0,), (2, 11)))
    assert not holds(spot, Claim("tokens", (0,), (3, 11)))
    assert not holds(spot, Claim("best", 0))
    assert holds(spot, Claim("chance", 1, Fraction(9, 11)))
    assert option_values(spot) == [o.value for o in advise_discard(list(spot.hand), nine).options]


def test_the_coach_reads_only_the_seats_view(positions):
    """HC-G3: the same reason from the engine state and from the seat's view; another seat's cards play no part."""
    state, seat = positions[5]
    assert coach_discard(state, seat).describe("en") == coach_discard(observe(state, seat)).describe("en")


def test_coach_errors_are_kit_errors():
    with pytest.raises(InputError, match="discard step"):
        coach_discard(scenario(2, trainers=False), 0)
    with pytest.raises(InputError, match="game record"):
        review_discards(42, 0)
