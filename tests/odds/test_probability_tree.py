"""The probability tree model (pokelab.odds.probability_tree) and the count law (pokelab.course.hypergeometric).

The tree's sum of marked paths is checked against ``pokelab.odds.probability``
(the formula, HC-C2) and against a brute force that lists every ordered draw
of the bag's individual tokens, all equally likely; the tree never sees either.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pokelab.course.hypergeometric import count_distribution, count_mean, simulate_counts
from pokelab.errors import ExplainedError
from pokelab.herecomes import TARGETS
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import probability
from pokelab.odds.inputs import condition_of
from pokelab.odds.probability_tree import MAX_TREE_DEPTH, MAX_TREE_NODES, draw_tree, tree_size
from pokelab.odds.tree_nodes import OTHER, fraction_text


def _tokens(bag: dict[str, int], shown: tuple[str, ...] = ()) -> list[str]:
    left = Counter({c: n for c, n in bag.items() if n})
    left.subtract(Counter(shown))
    return [c for c in COLOURS for _ in range(left[c])]


def brute_force(bag: dict[str, int], draws: int, target: str, shown: tuple[str, ...] = ()) -> Fraction:
    """Every ordered draw of distinct physical tokens is equally likely: count those that achieve ``target``."""
    condition = condition_of(target)
    full = {c: bag.get(c, 0) for c in COLOURS}
    hits = total = 0
    for seq in permutations(_tokens(bag, shown), draws - len(shown)):
        total += 1
        hits += condition.holds(shown + seq, full)
    return Fraction(hits, total)


CASES = [
    ({"red": 2, "purple": 1}, 2, "last:red", ()),
    ({"red": 2, "blue": 1, "purple": 1}, 2, "never:purple", ()),
    ({"red": 2, "blue": 1, "purple": 1}, 3, "all:red", ()),
    ({"red": 1, "blue": 2, "purple": 2}, 3, "last:blue & never:purple", ()),
    ({"red": 2, "blue": 2, "yellow": 1}, 4, "all:blue & last:yellow", ()),
    ({"red": 3, "blue": 2, "purple": 1}, 4, "never:purple", ("red", "blue")),
    ({"red": 3, "blue": 2, "purple": 1}, 4, "last:purple", ("red",)),
    ({"red": 2, "green": 2}, 2, "all:yellow", ()),  # no yellow in the bag: holds trivially
    ({"red": 2, "green": 2}, 2, "last:yellow", ()),  # never
]


@pytest.mark.parametrize(("bag", "draws", "target", "shown"), CASES)
@pytest.mark.parametrize("lump", [False, True])
def test_marked_paths_sum_to_the_formula_and_the_brute_force(
    bag: dict[str, int], draws: int, target: str, shown: tuple[str, ...], lump: bool
) -> None:
    """HC-C2: the sum of the achieving leaves = probability() = counting every ordered draw."""
    tree = draw_tree(bag, draws, target, shown=shown, lump=lump)
    expected = brute_force(bag, draws, target, shown)
    assert tree.target_probability == expected
    assert tree.target_probability == probability(target, bag=bag, shown=shown, draws=draws)


@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(st.integers(0, 2), min_size=5, max_size=5).filter(lambda c: 2 <= sum(c) <= 6),
    data=st.data(),
)
def test_any_small_bag_and_any_target_sum_like_the_formula(counts: list[int], data: st.DataObject) -> None:
    """Random bags of up to 6 tokens, random targets of every kind (legend cards too), random shown tokens."""
    bag = dict(zip(COLOURS, counts, strict=True))
    draws = data.draw(st.integers(1, sum(counts)))
    kinds = ["last", "never", "all"]
    parts = data.draw(st.lists(st.tuples(st.sampled_from(kinds), st.sampled_from(COLOURS)), min_size=1, max_size=2))
    target = " & ".join(f"{k}:{c}" for k, c in parts)
    shown = tuple(data.draw(st.permutations(_tokens(bag)))[: data.draw(st.integers(0, draws - 1))])
    lump = data.draw(st.booleans())
    try:
        tree = draw_tree(bag, draws, target, shown=shown, lump=lump)
    except ExplainedError as too_big:  # a bag of 6 tokens can pass the drawing limit (523 nodes)
        assert f"at most {MAX_TREE_NODES}" in str(too_big)
        assume(False)
    assert tree.target_probability == probability(target, bag=bag, shown=shown, draws=draws)


@pytest.mark.parametrize(("bag", "draws", "target", "shown"), CASES[:6])
def test_every_node_multiplies_and_sums_like_a_probability_tree(
    bag: dict[str, int], draws: int, target: str, shown: tuple[str, ...]
) -> None:
    """Branches of a node sum to 1, a path is the product of its branches, hits add up, leaves sum to 1."""
    tree = draw_tree(bag, draws, target, shown=shown)
    assert sum(leaf.probability for leaf in tree.leaves) == 1
    for node in tree.nodes:
        if node.parent is None:
            assert node.probability == 1 and node.branch == 1
        else:
            parent = tree.node(node.parent)
            assert node.probability == parent.probability * node.branch
            assert node.path == (*parent.path, node.token)
            assert node.depth == parent.depth + 1
        if node.children:
            assert sum(tree.node(c).branch for c in node.children) == 1
            assert node.hits == sum(tree.node(c).hits for c in node.children)
            assert node.achieved is None
        else:
            assert node.depth == draws - len(shown)
            assert node.hits == (node.probability if node.achieved else 0)
    assert tree.root.hits == tree.target_probability


def test_branch_fractions_are_tokens_left_over_tokens_left() -> None:
    """The branch into a colour is (that colour left) / (all left), shown reduced: 2/4 -> "1/2"."""
    tree = draw_tree({"red": 2, "blue": 1, "purple": 1}, 2, "last:red")
    first = {tree.node(c).token: tree.node(c).branch for c in tree.root.children}
    assert first == {"red": Fraction(2, 4), "blue": Fraction(1, 4), "purple": Fraction(1, 4)}
    after_red = tree.node(tree.root.children[0])
    assert {tree.node(c).token: fraction_text(tree.node(c).branch) for c in after_red.children} == {
        "red": "1/3", "blue": "1/3", "purple": "1/3"}
    assert [n.achieved for n in tree.leaves] == [True, False, False, True, False, True, False]
    assert tree.sum_text() == "1/6 + 1/6 + 1/6 = 1/2"


def test_size_is_the_number_of_distinct_sequences_and_the_nodes_built() -> None:
    """tree_size (a generating function) = nodes built = distinct token sequences listed by brute force."""
    for bag, draws in [({"red": 2, "blue": 1, "purple": 1}, 3), ({"red": 3, "blue": 3}, 4), ({"green": 4}, 4)]:
        tokens = _tokens(bag)
        distinct = 1 + sum(len(set(permutations(tokens, d))) for d in range(1, draws + 1))
        assert tree_size(bag, draws) == distinct == len(draw_tree(bag, draws).nodes)


def test_lumping_keeps_a_real_round_small_and_exact() -> None:
    """The game's bag, a whole round of 10: purple and "other" only, 231 nodes, P(never purple) = 9/38."""
    tree = draw_tree(None, 10, TARGETS["P01"], lump=True)
    assert tree.groups == ("purple", OTHER)
    assert len(tree.nodes) == tree_size(None, 10, lump_keep=["purple"]) == 231
    assert tree.target_probability == probability(TARGETS["P01"]) == Fraction(9, 38)
    # a round with 8 tokens shown: the last two draws of every colour, not lumped
    shown = ("red", "red", "blue", "green", "red", "yellow", "blue", "red")
    late = draw_tree(DEFAULT_BAG, 10, "last:blue", shown=shown)
    assert late.target_probability == probability("last:blue", shown=shown)
    assert len(late.root.children) == 5


def test_sum_text_groups_equal_terms_when_there_are_many() -> None:
    """More than six marked paths: equal terms written once with a count."""
    few = draw_tree({"red": 3, "blue": 3}, 3, "last:red")
    assert few.sum_text() == "1/20 + 3/20 + 3/20 + 3/20 = 1/2"
    many = draw_tree({"red": 3, "blue": 3}, 4, "last:red")
    assert len(many.achieving) == 7
    assert many.sum_text() == "4 × 1/20 + 3 × 1/10 = 1/2"
    assert draw_tree({"red": 2, "blue": 2}, 2, "last:yellow").sum_text() == "0"


def test_table_and_json_in_both_languages() -> None:
    """The leaves as a DataFrame (path, branches, probability, achieved) and the widget's JSON, en and zh."""
    tree = draw_tree({"red": 1, "purple": 1}, 2, "last:red")
    en = tree.table()
    assert list(en.columns) == ["path", "branches", "probability", "achieved"]
    assert en["branches"].tolist() == ["1/2 × 1/1", "1/2 × 1/1"]
    assert draw_tree({"red": 2, "blue": 2}, 2).table()["branches"].tolist()[:2] == ["2/4 × 1/3", "2/4 × 2/3"]
    assert en["achieved"].tolist() == [False, True]
    zh = tree.table("zh")
    assert list(zh.columns) == ["路径", "各步", "概率", "达成目标"]
    assert zh["路径"].tolist() == ["红 → 紫", "紫 → 红"]
    data = tree.to_json("zh")
    assert data["target_text"] == "最后一枚是红色"
    assert data["sum"] == {"value": "1/2", "float": 0.5, "text": "1/2"}
    assert data["achieving"] == [n.id for n in tree.achieving]


def test_too_big_a_tree_is_refused_in_both_languages_naming_the_limit() -> None:
    """More than MAX_TREE_NODES nodes or MAX_TREE_DEPTH draws: an ExplainedError, nothing built."""
    with pytest.raises(ExplainedError) as err:
        draw_tree(None, 6, "last:red")
    assert str(MAX_TREE_NODES) in str(err.value) and str(MAX_TREE_NODES) in err.value.message("zh")
    assert "lump=True" in str(err.value)
    big = {c: 12 for c in COLOURS}
    with pytest.raises(ExplainedError, match=f"at most {MAX_TREE_DEPTH}") as deep:
        draw_tree(big, 11, "never:red", lump=True)
    assert str(MAX_TREE_DEPTH) in deep.value.message("zh")
    with pytest.raises(ValueError, match="max_nodes"):
        draw_tree({"red": 2}, 1, max_nodes=MAX_TREE_NODES + 1)
    assert len(draw_tree({"red": 2, "blue": 2}, 2, max_nodes=7).nodes) == 7
    with pytest.raises(ExplainedError, match="would have 7 nodes"):
        draw_tree({"red": 2, "blue": 2}, 2, max_nodes=6)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(bag={"pink": 3}, draws=1), "unknown token colour 'pink'"),
        (dict(bag={"red": 1}, draws=2), "add at least 1 more"),
        (dict(bag={"red": -1, "blue": 3}, draws=1), "cannot be negative"),
        (dict(bag={"red": 2}, draws=0), "at least 1"),
        (dict(bag={"red": 2}, draws=True), "at least 1"),
        (dict(bag={"red": 2}, draws=1, target="first:red"), "bad condition"),
        (dict(bag={"red": 2}, draws=1, target=42), "expected a target card"),
        (dict(bag={"red": 2}, draws=1, shown="red"), "list or tuple"),
        (dict(bag={"red": 2}, draws=2, shown=("blue",)), "the bag has only 0"),
        (dict(bag={"red": 2}, draws=1, shown=("red",)), "nothing is left to draw"),
        (dict(bag={"red": 2, "blue": 1}, draws=2, lump=True), "lump=True needs a target"),
    ],
)
def test_bad_input_is_a_value_error_that_says_what_was_wrong(kwargs: dict, message: str) -> None:
    """Bad bags, draws, targets and shown tokens: ValueError (or its bilingual subclass) with the reason."""
    with pytest.raises(ValueError, match=message):
        draw_tree(**kwargs)


def test_node_lookup_and_path_text_refuse_unknown_nodes() -> None:
    tree = draw_tree({"red": 1, "blue": 1}, 1)
    assert tree.path_text(1) == "red" and tree.target_probability is None
    with pytest.raises(ValueError, match="no node -1"):
        tree.node(-1)
    with pytest.raises(ValueError, match="no target"):
        tree.sum_text()


# ----------------------------------------------------------------------- the count law (counts.py)
@pytest.mark.parametrize(
    ("bag", "draws", "colour"),
    [(None, 10, "purple"), ({"red": 3, "blue": 2}, 2, "red"), ({"red": 4, "green": 3, "yellow": 2}, 5, "green"),
     ({"red": 3, "blue": 3}, 6, "blue"), ({"red": 5}, 3, "blue")],
)
def test_count_law_is_the_hypergeometric_by_brute_force(bag: dict | None, draws: int, colour: str) -> None:
    """P(X = k) by listing every set of drawn tokens; the mean draws × K/N equals Σ k P(k) (linearity)."""
    full = dict(DEFAULT_BAG) if bag is None else bag
    tokens = _tokens(full)
    tally: Counter[int] = Counter(sum(1 for i in pick if tokens[i] == colour)
                                  for pick in combinations(range(len(tokens)), draws))
    total = sum(tally.values())
    law = count_distribution(bag, draws, colour)
    assert list(law) == [Fraction(tally[k], total) for k in range(len(law))]
    assert sum(law) == 1
    assert count_mean(bag, draws, colour) == sum(k * p for k, p in enumerate(law))


def test_simulated_counts_are_seeded_and_follow_the_law() -> None:
    """Same seed, same counts; 200,000 rounds land within 0.01 of every exact chance."""
    a = simulate_counts(None, 10, "purple", 1000, seed=5)
    assert (a == simulate_counts(None, 10, "purple", 1000, seed=5)).all()
    rng = np.random.default_rng(5)
    first, second = simulate_counts(None, 10, "purple", 500, rng=rng), simulate_counts(None, 10, "purple", 500, rng=rng)
    assert (np.concatenate([first, second]) == a).all()  # continuing a generator = one long run
    many = simulate_counts(None, 10, "red", 200_000, seed=1)
    shares = np.bincount(many, minlength=7) / len(many)
    assert all(abs(s - float(p)) < 0.01 for s, p in zip(shares, count_distribution(None, 10, "red"), strict=True))
    assert simulate_counts({"red": 3}, 3, "red", 4, seed=0).tolist() == [3, 3, 3, 3]
    assert simulate_counts({"red": 3}, 3, "blue", 2, seed=0).tolist() == [0, 0]


def test_count_functions_refuse_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown token colour 'pink'"):
        count_mean(None, 10, "pink")
    with pytest.raises(ValueError, match="n must be"):
        simulate_counts(None, 10, "red", 10**7)
    with pytest.raises(ValueError, match="seed must be"):
        simulate_counts(None, 10, "red", 5, seed="x")
    with pytest.raises(ValueError, match="rng must be"):
        simulate_counts(None, 10, "red", 5, rng=7)
