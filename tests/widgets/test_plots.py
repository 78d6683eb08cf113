"""Plot builders (widgets.plots): the odds figure as plotly objects and as plain JSON."""

from __future__ import annotations

import json
from fractions import Fraction

import plotly.graph_objects as go
import pytest

from pokelab.herecomes import TARGETS
from pokelab.odds import estimate_many, probability
from widgets.plots import KIND_COLOURS, odds_figure, odds_figure_spec

ROWS = [
    {"label": "Pikachu", "p": Fraction(3, 20), "value": 2, "kind": "gray"},
    {"label": "Clefairy", "p": Fraction(9, 38), "value": 1, "kind": "purple"},
    {"label": "Mew", "p": 0.02, "value": 10, "kind": "legend"},
]


def test_odds_figure_draws_chance_and_expected_points_per_card() -> None:
    fig = odds_figure(ROWS)
    assert isinstance(fig, go.Figure)
    chance = next(t for t in fig.data if t.name == "chance")
    ev = next(t for t in fig.data if t.name == "expected points")
    assert list(chance.x) == pytest.approx([0.15, 9 / 38, 0.02])
    assert list(ev.x) == pytest.approx([0.3, 9 / 38, 0.2])
    assert list(chance.marker.color) == [KIND_COLOURS[r["kind"]] for r in ROWS]
    assert list(fig.layout.yaxis.ticktext) == ["Pikachu", "Clefairy", "Mew"]
    assert fig.layout.paper_bgcolor == "rgba(0,0,0,0)"  # sits on light and dark themes


def test_previous_wave_is_drawn_faintly_and_skips_missing_values() -> None:
    fig = odds_figure(ROWS, previous=[0.3, None, 0.01])
    faint = fig.data[0]
    assert faint.name == "previous wave" and faint.marker.opacity < 0.5
    assert list(faint.x) == pytest.approx([0.3, 0, 0.01])
    marks = next(t for t in fig.data if t.name == "previous position" and t.xaxis == "x")
    assert list(marks.y) == [0, 2]


def test_monte_carlo_overlay_takes_estimates_with_their_intervals() -> None:
    cards = [TARGETS["G13"], TARGETS["P01"]]
    est = estimate_many(cards, n=4000, seed=2)
    rows = [{"label": c.name_en, "p": probability(c), "value": c.points} for c in cards]
    fig = odds_figure(rows, mc=est, lang="zh")
    mc = next(t for t in fig.data if t.name == "蒙特卡洛")
    assert list(mc.x) == [e.p for e in est]
    assert list(mc.error_x.array) == pytest.approx([e.high - e.p for e in est])
    assert list(mc.error_x.arrayminus) == pytest.approx([e.p - e.low for e in est])


def test_redraw_markers_appear_only_when_given() -> None:
    assert not any(t.name == "if redrawn" for t in odds_figure(ROWS).data)
    fig = odds_figure(ROWS, redraw=[0.25, None, 0.0])
    marker = next(t for t in fig.data if t.name == "if redrawn")
    assert list(marker.y) == [0, 2] and list(marker.x) == [0.25, 0.0]


def test_rows_without_values_draw_only_the_chance_panel() -> None:
    fig = odds_figure([{"label": "a", "p": 0.5}])
    assert [t.name for t in fig.data] == ["previous wave", "chance", "chance", "previous position"]
    assert fig.layout.xaxis.domain == (0.0, 1.0)


def test_the_spec_is_plain_json_and_the_same_figure() -> None:
    spec = odds_figure_spec(ROWS, previous=[0.1, 0.2, 0.3], lang="en")
    assert json.loads(json.dumps(spec)) == spec
    fig = odds_figure(ROWS, previous=[0.1, 0.2, 0.3], lang="en")
    assert [t.name for t in fig.data] == [t["name"] for t in spec["data"]]
    assert list(fig.data[1].x) == spec["data"][1]["x"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": "abc"}, "rows must be a list"),
        ({"rows": [{"p": 0.1}]}, "expected a mapping with 'label' and 'p'"),
        ({"rows": [{"label": "x", "p": -0.1}]}, "between 0 and 1"),
        ({"rows": [{"label": "x", "p": "1/2"}]}, "a chance is a number"),
        ({"rows": [{"label": "x", "p": 0.1, "value": -1}]}, "value is the points"),
        ({"rows": [{"label": "x", "p": 0.1}], "previous": [0.1, 0.2]}, "previous has 2 entries"),
        ({"rows": [{"label": "x", "p": 0.1}], "mc": [0.1]}, "a Monte Carlo entry"),
        ({"rows": [{"label": "x", "p": 0.1}], "redraw": 0.3}, "redraw must be a list"),
        ({"rows": [{"label": "x", "p": 0.1}], "lang": "fr"}, "unknown language"),
    ],
)
def test_bad_input_says_what_was_wrong(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        odds_figure(**kwargs)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bar_never_claims_a_certainty_it_is_not(lang: str) -> None:
    """Issue 31: a chance above 0 is not "0%", one below 1 not "100%"; 0 and 1 are written as they are."""
    rows = [{"label": str(i), "p": p, "value": 1} for i, p in enumerate([0, 0.001, 0.004999, 0.005, 0.4, 0.996, 1])]
    chance = odds_figure_spec(rows, lang=lang)["data"][2]
    assert chance["mode"] == "markers+text" and chance["text"] == ["0%", "<1%", "<1%", "1%", "40%", ">99%", "100%"]


def test_a_chance_label_sits_right_of_every_mark_in_its_row() -> None:
    """Issue 31: the Monte Carlo dot sat on the label ("●15%"); the label now starts after the row's last mark."""
    rows = [{"label": "a", "p": 0.15, "value": 1}, {"label": "b", "p": 0.5, "value": 1}, {"label": "c", "p": 0.3}]
    spec = odds_figure_spec(rows, previous=[0.2, None, 0.4], mc=[(0.16, 0.12, 0.21), None, None], redraw=[None, 0.55, None])
    label = spec["data"][2]
    assert label["x"] == [0.21, 0.55, 0.4] and label["text"] == ["15%", "50%", "30%"]
    assert label["textposition"] == "middle right" and label["marker"]["size"] > 0 == label["marker"]["opacity"]
    assert not any(spec["data"][1]["text"])  # the bar itself carries no second label
