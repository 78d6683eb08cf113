"""Target cards (HC-C2): the 60-card CSV, the loader's errors, and points that follow difficulty."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from pokelab.herecomes import DEFAULT_BAG, KINDS, TARGETS, AllOf, TargetCard, load_targets
from pokelab.herecomes.cards import TARGETS_CSV

from .helpers import exact_probability

HEADER = "id,kind,condition,points,name_en\n"


def test_hc_c2_sixty_cards_of_four_kinds_with_both_names():
    """HC-C2: 60 cards, gray/purple/orange/legend, each with an English and a Chinese name."""
    assert len(TARGETS) == 60
    kinds = Counter(c.kind for c in TARGETS.values())
    assert set(kinds) == set(KINDS) and kinds["legend"] >= 2
    for card in TARGETS.values():
        assert card.name_en and card.name("zh") and card.name_en != card.name("zh")  # Chinese: the catalogue
        assert card.points >= 1
    assert TARGETS["G13"].name_en == "Pikachu" and TARGETS["G13"].name("zh") == "皮卡丘"
    legends = {c.name_en: c.name("zh") for c in TARGETS.values() if c.kind == "legend"}
    assert legends == {"Mew": "梦幻", "Mewtwo": "超梦"}
    assert all(isinstance(c.condition, AllOf) and len(c.condition.parts()) == 3
               for c in TARGETS.values() if c.kind == "legend")


@pytest.fixture(scope="module")
def probabilities() -> dict[str, Fraction]:
    cache: dict[str, Fraction] = {}
    out = {}
    for card in TARGETS.values():
        code = card.condition.code()
        if code not in cache:
            cache[code] = exact_probability(card.condition, DEFAULT_BAG)
        out[card.id] = cache[code]
    return out


def test_hc_c2_legend_cards_between_half_and_three_percent(probabilities):
    """HC-C2: legend cards are achieved with probability between 0.5 % and 3 % (default bag)."""
    for card in TARGETS.values():
        if card.kind == "legend":
            assert Fraction(5, 1000) <= probabilities[card.id] <= Fraction(3, 100), card.id


def test_hc_c2_points_follow_difficulty_within_each_kind(probabilities):
    """HC-C2: expected points (probability x points) are comparable within a kind (ratio <= 1.6)."""
    for kind in KINDS:
        values = [probabilities[c.id] * c.points for c in TARGETS.values() if c.kind == kind]
        assert max(values) / min(values) <= Fraction(8, 5), kind
    # And a rarer card of a kind never gives fewer points than a commoner one.
    for kind in KINDS:
        cards = sorted((probabilities[c.id], c.points) for c in TARGETS.values() if c.kind == kind)
        for (p1, pts1), (p2, pts2) in itertools.pairwise(cards):
            assert p1 == p2 or pts1 >= pts2, (kind, p1, pts1, p2, pts2)


def test_hc_c2_brute_force_agrees_with_pokelab_odds(probabilities):
    """The card table's odds (pokelab.odds.probability) equal this test's own enumeration."""
    odds = pytest.importorskip("pokelab.odds")
    for card in TARGETS.values():
        assert odds.probability(card.condition) == probabilities[card.id], card.id


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "cards.csv"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ("A1,blue,last:red,1,X\n", "row 2, field 'kind'"),
        ("A1,gray,last:red,one,X\n", "row 2, field 'points'"),
        ("A1,gray,last:red,-2,X\n", "row 2, field 'points'"),
        ("A1,gray,never:red,1,X\n", "row 2, field 'condition'"),
        ("A1,gray,last:red,1,X\nA1,gray,last:red,1,Y\n", "row 3, field 'id'"),
        ("A1,gray,last:red,1,\n", "row 2, field 'name_en'"),
        (",gray,last:red,1,X\n", "row 2, field 'id'"),
        ("A1,legend,last:red,1,X\n", "row 2, field 'condition'"),
        ("A1,gray,last:red\n", "row 2: expected 5 fields"),
    ],
)
def test_hc_c2_loader_names_row_and_field(tmp_path, body, where):
    """HC-C2: the card list is validated on load; the error names the row and field."""
    with pytest.raises(ValueError, match=where):
        load_targets(write(tmp_path, body))


def test_hc_c2_loader_header_and_missing_file(tmp_path):
    """HC-C2: a wrong header or a missing file is reported clearly."""
    path = tmp_path / "bad.csv"
    path.write_text("id,kind\nA1,gray\n", encoding="utf-8")
    with pytest.raises(ValueError, match="header"):
        load_targets(path)
    with pytest.raises(ValueError, match="cannot read"):
        load_targets(tmp_path / "missing.csv")
    cards = load_targets(write(tmp_path, "A1,gray,last:red,1,X\n"))
    assert cards["A1"] == TargetCard("A1", "gray", TARGETS["G01"].condition, 1, "X")
    assert load_targets(TARGETS_CSV) == TARGETS


def test_hc_c2_card_data_is_bilingual():
    """HC-C2: a card describes itself in English and Chinese."""
    d = TARGETS["L01"].to_dict()
    assert d["condition"] == "last:red&never:yellow&all:purple"
    assert "purple" in d["condition_text"].render("en") and "紫色" in d["condition_text"].render("zh")
    assert TARGETS["L01"].describe("zh").startswith("梦幻（梦幻/超梦，5 分）")
    with pytest.raises(ValueError):
        TARGETS["L01"].describe("fr")
