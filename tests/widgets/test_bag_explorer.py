"""The BagExplorer widget: the exact count law beside a seeded, growing simulation, driven by the page's messages."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from pokelab.course.hypergeometric import count_distribution, count_mean, simulate_counts
from tests.widgets.conftest import said
from widgets import BagExplorer
from widgets._bag_explorer_figure import explorer_figure_spec
from widgets._bag_explorer_text import EXPLORER_LABELS, labels
from widgets.bag_explorer import MAX_ROUNDS


def page_says(widget: Any, content: Any) -> list[Any]:
    """Deliver ``content`` as the front end's ``model.send`` does; return what the widget sent back."""
    sent: list[Any] = []
    original = widget.send
    widget.send = lambda *args, **kwargs: sent.append(args)
    try:
        widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    finally:
        widget.send = original
    return sent


def test_exact_bars_are_the_hypergeometric_law_and_the_mean_is_linear() -> None:
    ex = BagExplorer(seed=2)
    assert ex.exact == count_distribution(None, 10, "purple")
    assert ex.mean == count_mean(None, 10, "purple") == 1
    fig = ex.figure
    assert fig["data"][0]["y"] == [float(p) for p in ex.exact]
    assert fig["data"][0]["text"] == ["9/38", "10/19", "9/38"]
    assert fig["data"][2]["x"] == [1.0, 1.0]  # the exact mean line
    assert [e["p"] for e in ex.view["exact"]] == ["9/38", "10/19", "9/38"]
    assert ex.view["mean"] == {"value": "1", "float": 1.0, "good": 2, "total": 20}


def test_simulation_is_seeded_grows_on_demand_and_matches_simulate_counts() -> None:
    """100 rounds at once; "draw 100 more" continues the same generator: the tallies of one 300-round run."""
    ex = BagExplorer(seed=4)
    assert ex.rounds == 100
    page_says(ex, {"type": "more", "n": 100})
    page_says(ex, {"type": "more", "n": 100})
    assert ex.rounds == 300 and ex.error == {}
    import numpy as np

    rng = np.random.default_rng(4)
    runs = [simulate_counts(None, 10, "purple", n, rng=rng) for n in (100, 100, 100)]
    assert ex.tallies == np.bincount(np.concatenate(runs), minlength=3).tolist()
    assert ex.figure["data"][1]["y"] == [t / 300 for t in ex.tallies]
    assert ex.simulated_mean == pytest.approx(sum(k * t for k, t in enumerate(ex.tallies)) / 300)
    again = BagExplorer(seed=4)
    again.draw_more(200)
    assert again.tallies == ex.tallies
    page_says(ex, {"type": "reset"})
    assert ex.rounds == 100 and ex.tallies == BagExplorer(seed=4).tallies


def test_many_simulated_rounds_approach_the_exact_law() -> None:
    ex = BagExplorer({"red": 6, "blue": 5, "purple": 4}, draws=6, colour="red", seed=9, initial=0)
    assert ex.rounds == 0 and ex.simulated_mean is None and len(ex.figure["data"]) == 3
    ex.draw_more(100_000)
    shares = [t / ex.rounds for t in ex.tallies]
    assert all(abs(s - float(p)) < 0.01 for s, p in zip(shares, ex.exact, strict=True))
    assert abs(ex.simulated_mean - float(ex.mean)) < 0.02


def test_a_slider_change_from_the_page_recomputes_and_restarts_the_simulation() -> None:
    ex = BagExplorer(seed=1)
    ex.draw_more(400)
    page_says(ex, {"type": "set", "bag": {"purple": 4}})
    bag = {"red": 6, "blue": 5, "green": 4, "yellow": 3, "purple": 4}
    assert ex.bag == bag and ex.error == {}
    assert ex.exact == count_distribution(bag, 10, "purple") and ex.mean == Fraction(40, 22)
    assert ex.rounds == 100
    page_says(ex, {"type": "set", "draws": 3})
    assert ex.draws == 3 and ex.exact == count_distribution(bag, 3, "purple")
    page_says(ex, {"type": "set", "colour": "red"})
    assert ex.colour == "red" and len(ex.exact) == 4 and ex.view["colour"] == "red"
    page_says(ex, {"type": "set", "bag": {"red": 0, "blue": 0}, "draws": 5, "colour": "green"})
    assert (ex.bag["red"], ex.draws, ex.colour) == (0, 5, "green")


@pytest.mark.parametrize(
    ("content", "en", "zh"),
    [
        ({"type": "set", "draws": 30}, "the bag holds 20 tokens but a round draws 30", "布袋里只有 20 枚代币"),
        ({"type": "set", "bag": {"red": 0, "blue": 0, "green": 0}}, "add at least 5 more", "至少再加 5 枚"),
        ({"type": "set", "bag": {"red": -2}}, "cannot be negative", "红色代币的数量不能是负数"),
        ({"type": "set", "draws": 0}, "draws must be", "抽取数必须"),
        ({"type": "set", "colour": "pink"}, "unknown token colour 'pink'", "未知的代币颜色 'pink'；颜色有红色、蓝色"),
        ({"type": "set", "bag": {"red": 2.5}}, "whole number", "红色代币的数量必须是整数"),
        ({"type": "set", "bag": {"blue": 5000}}, "at most 1000", "每种颜色最多 1000 枚"),
        ({"type": "set", "bag": {"pink": 1}}, "unknown token colour 'pink'", "未知的代币颜色"),
        ({"type": "set", "draws": "ten"}, "draws must be", "抽取数必须"),
        ({"type": "more", "n": 0}, "at least 1", "模拟的轮数必须"),
        ({"type": "more", "n": MAX_ROUNDS}, f"at most {MAX_ROUNDS:,} rounds", "最多模拟"),
    ],
)
def test_a_refused_change_keeps_everything_and_says_why_in_both_languages(content: dict, en: str, zh: str) -> None:
    ex = BagExplorer(seed=1)
    before = (ex.bag, ex.draws, ex.colour, ex.tallies, ex.view, ex.figure)
    page_says(ex, content)
    assert en in ex.error["text"]
    assert (ex.bag, ex.draws, ex.colour, ex.tallies, ex.view, ex.figure) == before
    assert zh in said(ex, "zh")
    first = ex.error["n"]
    page_says(ex, content)  # the same refusal twice is a new error (the page resets its inputs each time)
    assert ex.error["n"] == first + 1
    page_says(ex, {"type": "more", "n": 10})
    assert ex.error == {}


def test_the_page_gets_plotly_js_from_the_kernel() -> None:
    ex = BagExplorer(initial=0)
    sent = page_says(ex, {"type": "plotly_js", "id": 5})
    (reply, buffers), = sent
    assert reply["type"] == "plotly_js" and reply["id"] == 5 and len(buffers[0]) > 1_000_000


def test_chinese_labels_titles_and_axes() -> None:
    assert set(labels("en")) == set(labels("zh"))
    ex = BagExplorer(lang="zh", seed=0)
    layout = ex.figure["layout"]
    assert layout["title"]["text"] == "抽 10 枚中有几枚紫色：确切值与 100 轮模拟"
    assert layout["xaxis"]["title"]["text"] == "抽出的紫色代币数"
    assert layout["yaxis"]["title"]["text"] == "概率 / 轮数占比"
    assert [t["name"] for t in ex.figure["data"][:2]] == ["确切", "模拟"]
    assert ex.view["names"]["purple"] == "紫色"
    page_says(ex, {"type": "set_lang", "lang": "en"})
    assert ex.figure["layout"]["xaxis"]["title"]["text"] == "number of purple tokens drawn"
    table = ex.table("zh")
    assert list(table.columns) == ["k", "exact", "确切概率", "模拟轮数占比"]


def test_simulated_bars_differ_from_exact_bars_by_more_than_colour() -> None:
    """The simulated bars are hatched, the exact plain; the means are a solid and a dashed line."""
    spec = explorer_figure_spec([Fraction(1, 2)] * 2, [3, 7], colour="red", draws=1, mean=Fraction(1, 2))
    exact, simulated, mean, sim_mean = spec["data"]
    assert "pattern" not in exact["marker"] and simulated["marker"]["pattern"]["shape"] == "/"
    assert "dash" not in mean["line"] and sim_mean["line"]["dash"] == "dash"
    assert sim_mean["x"] == [0.7, 0.7]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(lang="fr"), "unknown language"),
        (dict(seed=-1), "seed must be"),
        (dict(seed=None), "reproducible"),
        (dict(initial=-1), "initial must be"),
        (dict(max_count=0), "max_count must be"),
        (dict(colour="pink"), "unknown token colour"),
        (dict(bag={"red": 3}), "add at least 7 more"),
    ],
)
def test_bad_arguments_are_value_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BagExplorer(**kwargs)


def test_every_label_the_page_reads_exists_in_both_languages_without_english_in_chinese() -> None:
    """Same keys and placeholders in en and zh, no English left in zh, and each ``L.key`` the ES module reads exists."""
    import re

    from widgets._bundle import JS

    english = labels("en")
    for key, zh in labels("zh").items():
        assert not re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", zh)), (key, zh)
        assert set(re.findall(r"\{\w+\}", zh)) == set(re.findall(r"\{\w+\}", english[key])), key
    js = (JS / "bag_explorer.js").read_text()
    read = set(re.findall(r"\bL\.(\w+)", js)) | set(re.findall(r"labels\.(\w+)", js))
    assert read and read <= set(EXPLORER_LABELS), read - set(EXPLORER_LABELS)


def test_the_means_round_half_up_as_the_page_and_the_cards_do() -> None:
    """One rounding (issue 42 item 5): the legend's means are rounded half up from their exact value, as the
    page's text (JavaScript ``toFixed``) and the boards' cards are; Python's ``:.3f`` wrote 1/16 as 0.062."""
    spec = explorer_figure_spec([Fraction(15, 16), Fraction(1, 16)], [9375, 625], colour="red", draws=1,
                                mean=Fraction(1, 16))
    names = [trace["name"] for trace in spec["data"] if trace.get("mode") == "lines"]
    assert len(names) == 2 and all("0.063" in name and "0.062" not in name for name in names), names
