"""The 90 cards (SP-C2): the shipped data's design properties and the loader's errors on bad rows."""

from __future__ import annotations

from collections import Counter
from statistics import mean

import pytest

from pokelab.splendor import CARDS, COLOURS, load_cards
from pokelab.splendor.cards import CARDS_CSV, FIELDS

from .splendor_helpers import CJK


def test_sp_c2_tiers_and_chains():
    tiers = Counter(c.tier for c in CARDS.values())
    assert tiers["legendary"] == 5 and 8 <= tiers["rare"] <= 12
    chains = [c for c in CARDS.values() if c.stage == 2]
    assert len(chains) >= 10
    for c in chains:
        mid = CARDS[c.evolves_from]
        base = CARDS[mid.evolves_from]
        assert (base.stage, mid.stage) == (0, 1)
        assert base.points <= mid.points <= c.points
        assert base.discount == mid.discount == c.discount


def test_sp_c2_names_are_bilingual_and_unique():
    assert len({c.name_en for c in CARDS.values()}) == 90
    zh = {c.pokemon.render("zh") for c in CARDS.values()}  # the Chinese names live in the catalogue
    assert len(zh) == 90 and all(CJK.search(name) for name in zh)
    assert CARDS[1].name_en == "Charmander"


def test_sp_c2_every_colour_well_represented():
    normal_discounts = Counter(c.discount for c in CARDS.values() if c.tier != "legendary")
    assert set(normal_discounts) == set(COLOURS)
    assert max(normal_discounts.values()) - min(normal_discounts.values()) <= 2
    cost_totals = {col: sum(c.cost[i] for c in CARDS.values()) for i, col in enumerate(COLOURS)}
    assert max(cost_totals.values()) <= 1.25 * min(cost_totals.values())


def test_sp_c2_costs_rise_with_points():
    by_points: dict[int, list[int]] = {}
    for c in CARDS.values():
        by_points.setdefault(c.points, []).append(c.total_cost)
    means = [mean(by_points[p]) for p in sorted(by_points)]
    assert means == sorted(means)


def _write(tmp_path, rows):
    path = tmp_path / "cards.csv"
    path.write_text(",".join(FIELDS) + "\n" + "".join(r + "\n" for r in rows), encoding="utf-8")
    return path


GOOD = [
    "1,Pichu,normal,0,,0,1,1,0,1,yellow,0",
    "2,Pikachu,normal,1,1,2,2,0,0,1,yellow,1",
]


def test_loader_reads_a_good_file(tmp_path):
    cards = load_cards(_write(tmp_path, GOOD))
    assert cards[2].evolves_from == 1 and cards[2].cost == (2, 2, 0, 0, 1)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("3,Raichu,normal,2,2,1,1,1,1,x,yellow,3", "row 4 (id 3), field 'cost_black': 'x' is not a whole number"),
        ("3,Raichu,epic,0,,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'tier'"),
        ("3,Raichu,normal,3,2,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'stage': 3 is outside 0..2"),
        ("3,Raichu,normal,2,1,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'evolves_from': card 1 is stage 0"),
        ("3,Raichu,normal,2,9,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'evolves_from': no card has id 9"),
        ("3,Raichu,normal,2,,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'evolves_from': a stage-2 card must name its base"),
        ("3,Raichu,normal,0,2,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'evolves_from': a basic card"),
        ("3,Raichu,normal,2,2,1,1,1,1,1,purple,3", "row 4 (id 3), field 'discount': 'purple'"),
        ("3,Raichu,normal,2,2,1,1,1,1,1,,3", "row 4 (id 3), field 'discount': only legendary"),
        ("3,Raichu,normal,2,2,0,0,0,0,0,yellow,3", "row 4 (id 3), field 'cost_red': the card costs nothing"),
        ("3,,normal,2,2,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'name_en'"),
        ("3,Pichu,normal,0,,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'name_en': 'Pichu' is used twice"),
        ("2,Raichu,normal,0,,1,1,1,1,1,yellow,3", "row 4 (id 2), field 'id': id 2 is used twice"),
        ("3,Raichu,rare,2,2,1,1,1,1,1,yellow,3", "row 4 (id 3), field 'tier': an evolved form"),
        ("3,Raichu,normal,2,2,1,1,1,1,1,yellow,-1", "row 4 (id 3), field 'points': -1 is outside"),
        ("3,Raichu,normal,2,2,1,1,1,1,yellow,3", "row 4: expected 12 fields, got 11"),
        ("", "row 4: empty row"),
    ],
)
def test_loader_names_row_and_field_of_bad_values(tmp_path, row, message):
    with pytest.raises(ValueError, match="cards.csv " + _escape(message)):
        load_cards(_write(tmp_path, [*GOOD, row]))


def _escape(text: str) -> str:
    import re

    return re.escape(text)


def test_loader_rejects_a_bad_header(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("id,name\n1,Pichu\n", encoding="utf-8")
    with pytest.raises(ValueError, match="row 1: the header must be"):
        load_cards(path)


def test_shipped_csv_is_the_loaded_data():
    assert load_cards(CARDS_CSV) == dict(CARDS)
