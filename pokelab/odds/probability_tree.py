"""The probability tree of a small round: every way the tokens can come out, with exact fractions.

Draw ``draws`` tokens one at a time, without replacement, from ``bag`` (after
the tokens ``shown`` are already out). Each node of the tree is the sequence
of tokens drawn so far; each branch is the next token, labelled with its exact
chance given the path above it (tokens of that colour left / tokens left).
A path's probability is the product of its branches (the multiplication rule);
the leaves are the whole rounds and their probabilities sum to 1. Choose a
``target`` (a target card, a condition or its text, ``"last:red"``) and the
tree marks the leaves where it is achieved; the sum of their probabilities
is the target's chance, the same number ``pokelab.odds.probability`` computes
with a formula (tested by brute force).

The API lesson authors use:

- ``draw_tree(bag, draws, target=None, *, shown=(), lump=False) -> DrawTree``;
- ``DrawTree.nodes`` (a flat tuple of ``TreeNode``; node 0 is the root; a node's
  ``children`` are ids), ``root``, ``node(id)``, ``leaves``, ``achieving`` (the
  target's leaves), ``target_probability`` (their sum), ``sum_text(lang)`` (the
  sum written out, "1/6 + 1/6 = 1/3"), ``branch_counts(node)`` (a branch as the bag
  shows it, "2/4", before reducing), ``path_text(node, lang)``, ``table(lang)``
  (the leaves as a DataFrame), ``to_json(lang)`` (what the widget draws);
- ``fraction_text(Fraction(2, 5)) -> "2/5"``;
- ``tree_size(bag, draws, shown=(), lump_keep=None)`` — how many nodes a tree would have.

``lump=True`` groups the colours the target does not mention into one branch
"other" (其他): a tree of a real round stays small when only a few colours
matter. A tree with more than ``MAX_TREE_NODES`` nodes, or deeper than
``MAX_TREE_DEPTH`` draws, is refused with a ``BilingualError`` (a ValueError)
that names the limit.

>>> tree = draw_tree({"red": 2, "purple": 1}, draws=2, target="last:red")
>>> [fraction_text(n.branch) for n in tree.nodes if n.depth == 1]
['2/3', '1/3']
>>> [(tree.path_text(leaf), fraction_text(leaf.probability), leaf.achieved) for leaf in tree.leaves]
[('red → red', '1/3', True), ('red → purple', '1/3', False), ('purple → red', '1/3', True)]
>>> tree.target_probability, tree.sum_text()
(Fraction(2, 3), '1/3 + 1/3 = 2/3')
>>> from pokelab.odds import probability
>>> tree.target_probability == probability("last:red", bag={"red": 2, "purple": 1}, draws=2)
True
>>> draw_tree(None, draws=10, target="never:purple", lump=True).target_probability
Fraction(9, 38)
>>> draw_tree(None, draws=10)
Traceback (most recent call last):
...
pokelab.errors.BilingualError: this tree would have 6,873,630 nodes but a probability tree is drawn with at most 400: draw fewer tokens, use a smaller bag, give tokens already shown, or lump the colours the target does not mention (lump=True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.errors import BilingualError, check_lang
from pokelab.herecomes.bag import COLOURS
from pokelab.herecomes.conditions import Condition
from pokelab.herecomes.names import short_colour_name
from pokelab.odds._probability_tree_build import OTHER, build_nodes, groups_of, sequences_by_length
from pokelab.odds.inputs import bag_counts, condition_of, shown_counts
from pokelab.words import Text, _, _p

__all__ = [
    "MAX_TREE_DEPTH",
    "MAX_TREE_NODES",
    "OTHER",
    "DrawTree",
    "TreeNode",
    "draw_tree",
    "fraction_text",
    "group_name",
    "tree_size",
]

#: Most nodes a probability tree may have (root included): more cannot be read on a page.
MAX_TREE_NODES = 400
#: Most tokens a tree draws below its root (a round draws 10).
MAX_TREE_DEPTH = 10


def fraction_text(value: Fraction | int) -> str:
    """An exact chance as a student writes it: ``"2/5"``, ``"1"``, ``"0"``.

    >>> fraction_text(Fraction(4, 10)), fraction_text(Fraction(1)), fraction_text(0)
    ('2/5', '1', '0')
    >>> fraction_text(0.5)
    Traceback (most recent call last):
    ...
    ValueError: fraction_text takes an exact Fraction or int, got 0.5
    """
    if isinstance(value, bool) or not isinstance(value, Fraction | int):
        raise ValueError(f"fraction_text takes an exact Fraction or int, got {value!r}")
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


#: A branch's short label: the colour alone ("红", not "红色": the tree's labels are small).
_SHORT = {**{c: short_colour_name(c) for c in COLOURS}, OTHER: _p("colour, short", "other")}


def group_text(group: str) -> Text:
    """A branch's token in words, as a catalogue text: a colour's short name or "other".

    >>> group_text("blue").render("zh")
    '蓝'
    """
    if group not in _SHORT:
        raise ValueError(
            f"unknown branch {group!r}: a branch is a colour ({', '.join(COLOURS)}) or 'other'"
        )
    return _SHORT[group]


def group_name(group: str, lang: str = "en") -> str:
    """A branch's token in words: a colour's name or "other" (其他), in ``lang``.

    >>> group_name("red", "zh"), group_name(OTHER, "zh"), group_name("purple")
    ('红', '其他', 'purple')
    >>> group_name("pink")
    Traceback (most recent call last):
    ...
    ValueError: unknown branch 'pink': a branch is a colour (red, blue, green, yellow, purple) or 'other'
    """
    return group_text(group).render(check_lang(lang))


@dataclass(frozen=True, slots=True)
class TreeNode:
    """One node: the tokens drawn since the root (``path``) and the chances that lead to it.

    ``branch`` is the chance of the last token given the parent (1 at the root),
    ``probability`` the whole path's chance, ``left`` the tokens of each group
    still in the bag, ``achieved`` whether the target holds at a leaf (``None``
    at inner nodes and without a target), ``hits`` the summed probability of the
    target's leaves below this node (0 without a target).
    """

    id: int
    parent: int | None
    depth: int
    token: str | None
    branch: Fraction
    probability: Fraction
    path: tuple[str, ...]
    left: tuple[int, ...]
    children: tuple[int, ...]
    achieved: bool | None
    hits: Fraction

    @property
    def is_leaf(self) -> bool:
        """True for a whole round (no token left to draw)."""
        return not self.children


@dataclass(frozen=True)
class DrawTree:
    """The tree of a small round (see the module docstring); build it with ``draw_tree``."""

    groups: tuple[str, ...]
    counts: tuple[int, ...]
    bag: Mapping[str, int]
    shown: tuple[str, ...]
    draws: int
    target: Condition | None
    lumped: bool
    nodes: tuple[TreeNode, ...]

    @property
    def root(self) -> TreeNode:
        """The node before the first token of the tree is drawn."""
        return self.nodes[0]

    def node(self, node_id: int) -> TreeNode:
        """The node with id ``node_id``.

        >>> draw_tree({"red": 1, "blue": 1}, draws=1).node(2).path
        ('blue',)
        >>> draw_tree({"red": 1, "blue": 1}, draws=1).node(7)
        Traceback (most recent call last):
        ...
        ValueError: no node 7: this tree has nodes 0 to 2
        """
        if isinstance(node_id, bool) or not isinstance(node_id, int) or not 0 <= node_id < len(self.nodes):
            raise ValueError(f"no node {node_id!r}: this tree has nodes 0 to {len(self.nodes) - 1}")
        return self.nodes[node_id]

    @property
    def leaves(self) -> tuple[TreeNode, ...]:
        """The whole rounds, left to right (their probabilities sum to 1).

        >>> [n.path for n in draw_tree({"red": 1, "blue": 1}, draws=2).leaves]
        [('red', 'blue'), ('blue', 'red')]
        """
        return tuple(n for n in self.nodes if n.is_leaf)

    @property
    def achieving(self) -> tuple[TreeNode, ...]:
        """The leaves where the target is achieved (none without a target).

        >>> [n.path for n in draw_tree({"red": 1, "blue": 1}, draws=2, target="last:red").achieving]
        [('blue', 'red')]
        """
        return tuple(n for n in self.leaves if n.achieved)

    @property
    def target_probability(self) -> Fraction | None:
        """The sum of the achieving leaves' probabilities: the target's chance (``None`` without a target).

        >>> draw_tree({"red": 1, "blue": 2}, draws=2, target="never:red").target_probability
        Fraction(1, 3)
        """
        if self.target is None:
            return None
        return sum((n.probability for n in self.achieving), Fraction(0))

    def sum_text(self, lang: str = "en") -> str:
        """The target's chance written as the sum of its paths: ``"1/3 + 1/3 = 2/3"``.

        Equal terms are grouped when there are many (``"6 × 1/20 = 3/10"``).

        >>> draw_tree({"red": 1, "blue": 3}, draws=2, target="last:blue").sum_text()
        '1/4 + 1/2 = 3/4'
        >>> draw_tree({"red": 1, "blue": 3}, draws=2).sum_text()
        Traceback (most recent call last):
        ...
        ValueError: this tree has no target: give target= to sum the paths where it is achieved
        """
        check_lang(lang)
        total = self.target_probability
        if total is None:
            raise ValueError("this tree has no target: give target= to sum the paths where it is achieved")
        terms = [n.probability for n in self.achieving]
        if not terms:
            return "0"
        if len(terms) <= 6:
            written = " + ".join(fraction_text(t) for t in terms)
        else:
            tally: dict[Fraction, int] = {}
            for t in terms:
                tally[t] = tally.get(t, 0) + 1
            written = " + ".join(
                fraction_text(t) if k == 1 else f"{k} × {fraction_text(t)}" for t, k in tally.items()
            )
        return written if len(terms) == 1 and "×" not in written else f"{written} = {fraction_text(total)}"

    def branch_counts(self, node: TreeNode | int) -> str:
        """The branch into ``node`` as the bag shows it, not reduced: tokens of its colour left / tokens left.

        >>> tree = draw_tree({"red": 2, "blue": 2}, draws=2)
        >>> [tree.branch_counts(n) for n in tree.nodes[:3]], fraction_text(tree.nodes[1].branch)
        (['1', '2/4', '1/3'], '1/2')
        >>> tree.branch_counts(9)
        Traceback (most recent call last):
        ...
        ValueError: no node 9: this tree has nodes 0 to 6
        """
        found = self.node(node) if isinstance(node, int) else node
        if found.parent is None:
            return "1"
        parent = self.nodes[found.parent]
        return f"{parent.left[self.groups.index(found.token)]}/{sum(parent.left)}"

    def path_text(self, node: TreeNode | int, lang: str = "en") -> str:
        """The tokens drawn on the way to ``node``, in words: ``"red → purple"`` (the root: "start"/"开始").

        >>> tree = draw_tree({"red": 1, "blue": 1}, draws=2)
        >>> tree.path_text(tree.leaves[0], "zh"), tree.path_text(0)
        ('红 → 蓝', 'start')
        >>> tree.path_text(0, "fr")
        Traceback (most recent call last):
        ...
        ValueError: unknown language 'fr': choose 'en' or 'zh'
        """
        check_lang(lang)
        found = self.node(node) if isinstance(node, int) else node
        if not found.path:
            return _p("probability tree", "start").render(lang)
        return " → ".join(group_name(g, lang) for g in found.path)

    def table(self, lang: str = "en") -> Any:
        """The leaves as a pandas DataFrame: path, each branch (tokens left / tokens left), the path's probability, achieved.

        >>> draw_tree({"red": 1, "blue": 1}, draws=2, target="last:red").table()["probability"].tolist()
        ['1/2', '1/2']
        >>> draw_tree({"red": 1, "blue": 1}, draws=2).table("de")
        Traceback (most recent call last):
        ...
        ValueError: unknown language 'de': choose 'en' or 'zh'
        """
        import pandas as pd  # lazy: pandas is slow to import; only a table needs it

        check_lang(lang)
        path, branches_col, probability, achieved = (
            column.render(lang) for column in _TABLE_COLUMNS
        )
        rows = []
        for leaf in self.leaves:
            branches = []
            node = leaf
            while node.parent is not None:
                branches.append(self.branch_counts(node))
                node = self.nodes[node.parent]
            row = {
                path: self.path_text(leaf, lang),
                branches_col: " × ".join(reversed(branches)),
                probability: fraction_text(leaf.probability),
            }
            if self.target is not None:
                row[achieved] = bool(leaf.achieved)
            rows.append(row)
        return pd.DataFrame(rows)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """A JSON-safe form of the tree for a widget: nodes with fraction texts and floats, the sum.

        >>> data = draw_tree({"red": 1, "blue": 1}, draws=1, target="last:red").to_json()
        >>> [(n["id"], n["branch"], n["achieved"]) for n in data["nodes"]], data["sum"]
        ([(0, '1', None), (1, '1/2', True), (2, '1/2', False)], {'value': '1/2', 'float': 0.5, 'text': '1/2'})
        >>> draw_tree({"red": 1, "blue": 1}, draws=1).to_json("fr")
        Traceback (most recent call last):
        ...
        ValueError: unknown language 'fr': choose 'en' or 'zh'
        """
        check_lang(lang)
        total = self.target_probability
        return {
            "groups": list(self.groups),
            "counts": list(self.counts),
            "shown": list(self.shown),
            "draws": self.draws,
            "lumped": self.lumped,
            "target": None if self.target is None else self.target.code(),
            "target_text": None if self.target is None else self.target.describe(lang),
            "nodes": [
                {
                    "id": n.id,
                    "parent": n.parent,
                    "depth": n.depth,
                    "token": n.token,
                    "branch": fraction_text(n.branch),
                    "branch_counts": self.branch_counts(n),
                    "probability": fraction_text(n.probability),
                    "p_float": float(n.probability),
                    "children": list(n.children),
                    "achieved": n.achieved,
                    "hits": fraction_text(n.hits),
                    "hits_float": float(n.hits),
                    "left": list(n.left),
                }
                for n in self.nodes
            ],
            "leaves": len(self.leaves),
            "achieving": [n.id for n in self.achieving],
            "sum": None if total is None else {
                "value": fraction_text(total), "float": float(total), "text": self.sum_text(lang)},
        }


#: The columns of ``DrawTree.table`` (English: the names code reads).
_TABLE_COLUMNS = (
    _p("probability tree", "path"),
    _p("probability tree", "branches"),
    _p("probability tree", "probability"),
    _p("probability tree", "achieved"),
)


def _check_draws(draws: Any) -> int:
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 1:
        raise BilingualError(
            _("draws must be a whole number of at least 1, got {value}", value=repr(draws)),
        )
    return draws


def tree_size(
    bag: Mapping[str, int] | None,
    draws: int,
    *,
    shown: Sequence[str] = (),
    lump_keep: Sequence[str] | None = None,
) -> int:
    """How many nodes (root included) the tree of this round would have, without building it.

    ``lump_keep``: the colours that keep their own branch (the others are lumped).

    >>> tree_size({"red": 2, "purple": 1}, 2)
    6
    >>> tree_size(None, 10, lump_keep=["purple"])
    231
    >>> tree_size({"red": 2}, 3)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the bag holds 2 tokens but a round draws 3: add at least 1 more
    """
    counts = bag_counts(bag, _check_draws(draws))
    seen = shown_counts(tuple(shown), counts, draws)
    keep = None if lump_keep is None else set(lump_keep)
    _groups, left = groups_of(counts, seen, keep)
    depth = draws - len(shown)
    return sum(sequences_by_length(left, depth))


def draw_tree(
    bag: Mapping[str, int] | None,
    draws: int,
    target: Any = None,
    *,
    shown: Sequence[str] = (),
    lump: bool = False,
    max_nodes: int = MAX_TREE_NODES,
) -> DrawTree:
    """Build the probability tree of drawing ``draws`` tokens from ``bag`` (see the module docstring).

    ``bag``: colour -> count (``None``: the game's default bag); ``draws``: the
    tokens of the whole round, ``shown`` included (the tree starts after the
    shown tokens); ``target``: a target card, a condition or its text, or
    ``None``; ``lump``: lump the colours the target does not mention into "other".

    >>> tree = draw_tree({"red": 1, "blue": 1, "purple": 1}, draws=2, target="never:purple")
    >>> len(tree.nodes), len(tree.leaves), fraction_text(tree.target_probability)
    (10, 6, '1/3')
    >>> draw_tree({"red": 1, "blue": 1}, draws=2, target="first:red")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: bad condition 'first:red': each part is last:COLOUR, never:COLOUR or all:COLOUR
    >>> draw_tree({"red": 3, "blue": 3}, draws=2, lump=True)
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: lump=True needs a target: the colours it does not mention become "other"
    """
    _check_draws(draws)
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or not 1 <= max_nodes <= MAX_TREE_NODES:
        raise ValueError(f"max_nodes must be a whole number from 1 to {MAX_TREE_NODES}, got {max_nodes!r}")
    counts = bag_counts(bag, draws)
    if isinstance(shown, str) or not isinstance(shown, Sequence):
        raise ValueError(f"shown must be a list or tuple of colours, got {shown!r}")
    shown = tuple(shown)
    seen = shown_counts(shown, counts, draws)
    condition = None if target is None else condition_of(target)
    if lump and condition is None:
        raise BilingualError(
            _('lump=True needs a target: the colours it does not mention become "other"'),
        )
    keep = {part.colour for part in condition.parts()} if lump and condition is not None else None
    depth = draws - len(shown)
    if depth < 1:
        raise BilingualError(
            _(
                "every token of the round is shown ({count} of {draws}): nothing is left to draw",
                count=len(shown),
                draws=draws,
            ),
        )
    if depth > MAX_TREE_DEPTH:
        raise BilingualError(
            _(
                "this tree would draw {depth} tokens but a probability tree draws at most {most}",
                depth=depth,
                most=MAX_TREE_DEPTH,
            ),
        )
    groups, left = groups_of(counts, seen, keep)
    size = sum(sequences_by_length(left, depth))
    if size > max_nodes:
        written = f"{size:,}"
        raise BilingualError(
            _(
                "this tree would have {size} nodes but a probability tree is drawn with at most {most}: "
                "draw fewer tokens, use a smaller bag, give tokens already shown, or lump the colours "
                "the target does not mention (lump=True)",
                size=written,
                most=max_nodes,
            ),
        )
    bag_map = dict(zip(COLOURS, counts, strict=True))
    shown_groups = tuple(t if keep is None or t in keep else OTHER for t in shown)
    return DrawTree(
        groups=groups,
        counts=left,
        bag=bag_map,
        shown=shown,
        draws=draws,
        target=condition,
        lumped=keep is not None,
        nodes=tuple(TreeNode(**r) for r in build_nodes(groups, left, depth, condition, bag_map, shown_groups)),
    )
