"""The nodes of a probability tree and the tree itself (``TreeNode``, ``DrawTree``), with the words it is read in.

``pokelab.odds.probability_tree`` builds a tree (``draw_tree``) and says what
it is for; this module holds what a built tree is and how a lesson or the
widget reads it: paths, sums, tables, JSON, and the labels of its branches
(``fraction_text``, ``group_name``). Every name is importable from there.

>>> fraction_text(Fraction(2, 6)), group_name("purple", "zh")
('1/3', '紫')
>>> group_name("pink")
Traceback (most recent call last):
...
ValueError: unknown branch 'pink': a branch is a colour (red, blue, green, yellow, purple) or 'other'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.herecomes.conditions import Condition
from pokelab.herecomes.names import short_colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import Text, _p, check_lang

__all__ = ["OTHER", "DrawTree", "TreeNode", "fraction_text", "group_name", "group_text"]

#: The branch name of the lumped colours (``lump=True``).
OTHER = "other"


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

        >>> from pokelab.odds.probability_tree import draw_tree
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

        >>> from pokelab.odds.probability_tree import draw_tree
        >>> [n.path for n in draw_tree({"red": 1, "blue": 1}, draws=2).leaves]
        [('red', 'blue'), ('blue', 'red')]
        """
        return tuple(n for n in self.nodes if n.is_leaf)

    @property
    def achieving(self) -> tuple[TreeNode, ...]:
        """The leaves where the target is achieved (none without a target).

        >>> from pokelab.odds.probability_tree import draw_tree
        >>> [n.path for n in draw_tree({"red": 1, "blue": 1}, draws=2, target="last:red").achieving]
        [('blue', 'red')]
        """
        return tuple(n for n in self.leaves if n.achieved)

    @property
    def target_probability(self) -> Fraction | None:
        """The sum of the achieving leaves' probabilities: the target's chance (``None`` without a target).

        >>> from pokelab.odds.probability_tree import draw_tree
        >>> draw_tree({"red": 1, "blue": 2}, draws=2, target="never:red").target_probability
        Fraction(1, 3)
        """
        if self.target is None:
            return None
        return sum((n.probability for n in self.achieving), Fraction(0))

    def sum_text(self, lang: str = "en") -> str:
        """The target's chance written as the sum of its paths: ``"1/3 + 1/3 = 2/3"``.

        Equal terms are grouped when there are many (``"6 × 1/20 = 3/10"``).

        >>> from pokelab.odds.probability_tree import draw_tree
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

        >>> from pokelab.odds.probability_tree import draw_tree
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

        >>> from pokelab.odds.probability_tree import draw_tree
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

        >>> from pokelab.odds.probability_tree import draw_tree
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

        >>> from pokelab.odds.probability_tree import draw_tree
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
