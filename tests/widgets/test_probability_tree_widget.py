"""The ProbabilityTree widget: a thin view of pokelab.odds.probability_tree, driven by the page's messages."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from pokelab.errors import ExplainedError
from pokelab.herecomes import TARGETS
from pokelab.odds import probability
from pokelab.odds.probability_tree import MAX_TREE_NODES, draw_tree
from tests.widgets.conftest import said
from widgets import ProbabilityTree
from widgets.probability_tree import TREE_LABELS, tree_labels

BAG = {"red": 2, "blue": 1, "purple": 1}


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


def test_the_view_is_the_model_as_json() -> None:
    """Nodes, fractions, the marked leaves and the sum in the view are the model's own."""
    w = ProbabilityTree(bag=BAG, draws=2, target="last:red")
    model = draw_tree(BAG, 2, "last:red")
    assert w.view["tree"] == model.to_json("en")
    assert w.target == "last:red"
    assert w.target_probability == probability("last:red", bag=BAG, draws=2) == Fraction(1, 2)
    assert w.view["tree"]["sum"]["text"] == "1/6 + 1/6 + 1/6 = 1/2"
    # the page draws tokens with the kit's palette and symbols, named in the view's language
    assert w.view["names"]["red"] == "red" and w.view["marks"]["purple"]["symbol"] == "cross"
    assert [b["colour"] for b in w.view["bag"]] == ["red", "blue", "purple"]
    # the target list holds every kind for each colour in the bag
    codes = [o["code"] for o in w.view["target_options"]]
    assert codes[0] == "" and {"last:red", "never:purple", "all:blue"} <= set(codes)
    assert "last:yellow" not in codes


def test_open_nodes_start_at_open_depth_and_follow_the_python_api() -> None:
    w = ProbabilityTree(bag=BAG, draws=2, target="last:red")
    assert w.open_nodes == [0]
    w.expand(1)
    assert w.open_nodes == [0, 1]
    w.collapse(0)
    assert w.open_nodes == [1]
    w.expand_all()
    assert w.open_nodes == [n.id for n in w.tree.nodes if n.children]
    w.collapse_all()
    assert w.open_nodes == []
    with pytest.raises(ValueError, match="leaf"):
        w.expand(w.tree.leaves[0].id)
    with pytest.raises(ValueError, match="no node 99"):
        w.collapse(99)
    everything = ProbabilityTree(bag=BAG, draws=2, open_depth=None)
    assert len(everything.open_nodes) == 4
    assert ProbabilityTree(bag=BAG, draws=2, open_depth=0).open_nodes == []


def test_stale_or_bad_open_ids_from_the_page_are_dropped() -> None:
    """The page syncs open_nodes; ids of leaves or of no node are dropped, duplicates merged, order sorted."""
    w = ProbabilityTree(bag=BAG, draws=2)
    leaf = w.tree.leaves[0].id
    inner = [n.id for n in w.tree.nodes if n.children]
    assert inner == [0, 1, 5, 8]
    w.open_nodes = [5, 0, 0, leaf, 500, -1]
    assert w.open_nodes == [0, 5]


def test_the_page_chooses_another_target_and_the_sum_follows() -> None:
    w = ProbabilityTree(bag=BAG, draws=2, target="last:red")
    page_says(w, {"type": "set_target", "target": "never:purple"})
    assert w.target == "never:purple" and w.error == {}
    assert w.target_probability == probability("never:purple", bag=BAG, draws=2)
    assert w.view["tree"]["target"] == "never:purple"
    page_says(w, {"type": "set_target", "target": ""})
    assert w.target == "" and w.target_probability is None and w.view["tree"]["sum"] is None


def test_a_bad_target_from_the_page_is_refused_and_nothing_changes() -> None:
    w = ProbabilityTree(bag=BAG, draws=2, target="last:red")
    before = w.view
    page_says(w, {"type": "set_target", "target": "first:red"})
    assert "bad condition" in w.error["text"] and said(w, "zh").startswith("目标写法有误")
    page_says(w, {"type": "set_target", "target": "last:pink"})
    assert "pink" in w.error["text"] and said(w, "zh").startswith("未知的代币颜色")
    assert w.view == before and w.target == "last:red"
    page_says(w, {"type": "unknown"})
    page_says(w, "not a dict")
    assert w.view == before


def test_a_target_that_would_make_a_lumped_tree_too_big_is_refused_in_both_languages() -> None:
    """A real round lumped for "never purple" fits; with no target nothing can be lumped: refused, with the limit."""
    w = ProbabilityTree(bag=None, draws=10, target=TARGETS["P01"], lump=True)
    assert len(w.tree.nodes) == 231 and w.target_probability == Fraction(9, 38)
    page_says(w, {"type": "set_target", "target": ""})
    assert str(MAX_TREE_NODES) in w.error["text"] and str(MAX_TREE_NODES) in said(w, "zh")
    assert w.target == "never:purple" and len(w.tree.nodes) == 231
    first = w.error["n"]
    page_says(w, {"type": "set_target", "target": ""})  # the same refusal again is a new message
    assert w.error["n"] == first + 1
    page_says(w, {"type": "set_target", "target": "last:purple"})
    assert w.error == {} and w.target == "last:purple"
    with pytest.raises(ExplainedError):
        w.set_target(None)


def test_a_new_tree_shape_resets_the_open_nodes() -> None:
    """A lumped tree changes shape with its target: the open nodes of the old shape are not kept."""
    w = ProbabilityTree(bag={"red": 2, "blue": 2, "purple": 1}, draws=2, target="never:purple", lump=True,
                        open_depth=None)
    assert w.tree.groups == ("purple", "other")
    w.set_target("last:red & never:purple")
    assert w.tree.groups == ("red", "purple", "other")
    assert w.open_nodes == [0]
    same = ProbabilityTree(bag=BAG, draws=2, target="last:red", open_depth=None)
    opened = list(same.open_nodes)
    same.set_target("all:red")  # not lumped: the same tree, the same open nodes
    assert same.open_nodes == opened


def test_language_switch_and_labels_in_both_languages() -> None:
    assert set(tree_labels("en")) == set(tree_labels("zh")) == set(TREE_LABELS)
    assert all(tree_labels("zh").values())
    w = ProbabilityTree(bag=BAG, draws=2, target="last:red", lang="zh")
    assert w.view["labels"] == tree_labels("zh") and w.view["tree"]["target_text"] == "最后一枚是红色"
    assert w.view["names"]["other"] == "其他"
    page_says(w, {"type": "set_lang", "lang": "en"})
    assert w.lang == "en" and w.view["tree"]["target_text"] == "the last token is red"
    page_says(w, {"type": "set_lang", "lang": "fr"})
    assert w.lang == "en"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(lang="fr"), "unknown language"),
        (dict(open_depth=-1), "open_depth"),
        (dict(lump="yes"), "lump must be"),
        (dict(draws=0), "draws must be"),
        (dict(bag={"red": 1}), "add at least 1 more"),
    ],
)
def test_bad_arguments_are_value_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ProbabilityTree(**{"bag": BAG, "draws": 2, **kwargs})


def test_the_front_end_is_a_wai_aria_tree_with_its_keys() -> None:
    """The ES module draws role=tree/treeitem/group with aria-expanded and handles the pattern's keys."""
    from widgets._bundle import JS

    js = (JS / "probability_tree.js").read_text()
    for needle in ('role: "tree"', 'role: "treeitem"', 'role: "group"', "aria-expanded", "aria-level",
                   '"ArrowDown"', '"ArrowUp"', '"ArrowRight"', '"ArrowLeft"', '"Enter"', 'case " "',
                   '"Home"', '"End"', "data-lm-suppress-shortcuts"):
        assert needle in js, needle


def test_every_label_the_page_reads_exists_in_both_languages_without_english_in_chinese() -> None:
    """Same keys and placeholders in en and zh, no English left in zh, and each ``L.key`` the ES module reads exists."""
    import re

    from widgets._bundle import JS

    en = tree_labels("en")
    for key, zh in tree_labels("zh").items():
        english = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", zh))) - {"Enter"}
        assert not english, (key, zh)
        assert set(re.findall(r"\{\w+\}", zh)) == set(re.findall(r"\{\w+\}", en[key])), key
    js = (JS / "probability_tree.js").read_text()
    read = set(re.findall(r"\bL\.(\w+)", js))
    assert read and read <= set(TREE_LABELS), read - set(TREE_LABELS)
