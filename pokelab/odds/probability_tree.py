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
``MAX_TREE_DEPTH`` draws, is refused with a ``ExplainedError`` (a ValueError)
that names the limit.

>>> from pokelab.odds.tree_nodes import fraction_text
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
pokelab.errors.ExplainedError: this tree would have 6,873,630 nodes but a probability tree is drawn with at most 400: draw fewer tokens, use a smaller bag, give tokens already shown, or lump the colours the target does not mention (lump=True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.errors import ExplainedError
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds._probability_tree_build import build_nodes, groups_of, sequences_by_length
from pokelab.odds.inputs import bag_counts, condition_of, shown_counts
from pokelab.odds.tree_nodes import OTHER, DrawTree, TreeNode
from pokelab.words import _

__all__ = ["MAX_TREE_DEPTH", "MAX_TREE_NODES", "draw_tree", "tree_size"]

#: Most nodes a probability tree may have (root included): more cannot be read on a page.
MAX_TREE_NODES = 400
#: Most tokens a tree draws below its root (a round draws 10).
MAX_TREE_DEPTH = 10


def _check_draws(draws: Any) -> int:
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 1:
        raise ExplainedError(
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

    >>> from pokelab.odds.tree_nodes import fraction_text
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
    pokelab.errors.ExplainedError: lump=True needs a target: the colours it does not mention become "other"
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
        raise ExplainedError(
            _('lump=True needs a target: the colours it does not mention become "other"'),
        )
    keep = {part.colour for part in condition.parts()} if lump and condition is not None else None
    depth = draws - len(shown)
    if depth < 1:
        raise ExplainedError(
            _(
                "every token of the round is shown ({count} of {draws}): nothing is left to draw",
                count=len(shown),
                draws=draws,
            ),
        )
    if depth > MAX_TREE_DEPTH:
        raise ExplainedError(
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
        raise ExplainedError(
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
