"""A probability tree a student opens branch by branch: exact fractions, the target's paths marked and summed.

A thin view of ``pokelab.odds.probability_tree`` (the model: ``draw_tree``):
Python builds the tree and every word the page shows; the front end
(``widgets/js/probability_tree.js``) only draws the ``view`` trait and sends what the
student asked for.

For lesson authors::

    from widgets import ProbabilityTree
    ProbabilityTree(bag={"red": 2, "blue": 1, "purple": 1}, draws=2, target="last:red", lang="zh")
    ProbabilityTree(bag=None, draws=10, target="never:purple", lump=True)   # a real round, 231 nodes
    ProbabilityTree(bag=None, draws=10, shown=("red",) * 8, target="last:blue")  # the last 2 tokens

Arguments: ``bag`` (colour -> count, ``None`` = the game's bag), ``draws`` (tokens
in the round, ``shown`` included), ``target`` (a target card, a condition,
``"last:red"`` or ``None``), ``shown`` (tokens already out), ``lump`` (colours
the target does not mention become one branch "other" / 其他), ``lang`` ("en" /
"zh"), ``open_depth`` (levels open at the start; ``None`` opens everything).

What the student sees: each branch labelled as the bag shows it (``2/4``: tokens of
that colour left / tokens left), each node with its path probability (``P = 1/6``,
reduced). What the student does: opens and closes nodes (click, or the keyboard: arrows,
Enter/Space, Home/End — the WAI-ARIA tree pattern), picks the target in a list
(the tree is rebuilt in Python; a tree too big is refused and the message
shown), opens or closes everything. Every leaf where the target is achieved
carries a check mark, the word "achieved" (达成) and a striped background; the
branches leading to one are drawn thick; the sum of those leaves is written
out below ("1/3 + 1/3 = 2/3").

Python API: ``tree`` (the ``DrawTree``), ``target_probability``, ``set_target(code)``,
``expand(id)``, ``collapse(id)``, ``expand_all()``, ``collapse_all()``, the
traits ``open_nodes`` (ids of the open nodes), ``target`` (compact code, ``""``
for none), ``lang``, ``error`` (the last refusal, ``{"text", "n"}`` in ``lang``).

Messages from the page: ``{"type": "set_target", "target": "never:red"}``,
``{"type": "set_lang", "lang": "zh"}``; the open nodes are synced through
``open_nodes``.

>>> w = ProbabilityTree(bag={"red": 2, "purple": 1}, draws=2, target="last:red")
>>> w.target_probability, w.view["tree"]["sum"]["text"]
(Fraction(2, 3), '1/3 + 1/3 = 2/3')
>>> w.set_target("never:purple")
>>> w.target_probability
Fraction(1, 3)
>>> w.set_target("last:pink")
Traceback (most recent call last):
...
pokelab.errors.InputError: unknown token colour 'pink'; colours are red, blue, green, yellow, purple
>>> ProbabilityTree(bag=None, draws=10)
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: this tree would have 6,873,630 nodes but a probability tree is drawn with at most 400: ...
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from pokelab.errors import ExplainedError
from pokelab.herecomes.conditions import AllDrawn, LastIs, NeverDrawn
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.inputs import condition_of
from pokelab.odds.probability_tree import draw_tree
from pokelab.odds.tree_nodes import OTHER, DrawTree, group_name
from pokelab.words import Text, _, check_lang, languages
from widgets._bundle import esm
from widgets._words import joined, labels_in
from widgets.tokens import TOKENS, view_marks

__all__ = ["TREE_LABELS", "ProbabilityTree", "tree_labels"]

_HERE = Path(__file__).parent

#: Every word the tree shows, as catalogue texts ({placeholders} filled by the page).
TREE_LABELS: Mapping[str, Text] = {
    'title': _('Probability tree'),
    'intro': _("Each branch is the next token drawn, with its exact chance given the tokens above it. A path's probability is the product of its branches."),
    'bag': _('Bag'),
    'shown': _('Already shown'),
    'draws': _('Tokens drawn in the tree: {n}'),
    'target': _('Target'),
    'no_target': _('no target'),
    'start': _('start'),
    'other': _('other'),
    'branch': _('branch {p}'),
    'path_p': _('P = {p}'),
    'achieved': _('achieved'),
    'not_achieved': _('not achieved'),
    'hits_inside': _('target {p} below'),
    'expand_all': _('Open every branch'),
    'collapse_all': _('Close every branch'),
    'tree_label': _('Probability tree: {n} nodes, {leaves} whole rounds'),
    'item_label': _('{path}: branch {branch}, path probability {p}'),
    'item_leaf_hit': _('target achieved'),
    'item_leaf_miss': _('target not achieved'),
    'item_hits': _("the target's paths below add up to {p}"),
    'item_closed': _('{n} branches hidden'),
    'sum_title': _('Paths where the target is achieved'),
    'sum': _('{k} of {leaves} paths achieve “{target}”: {text} ≈ {pct}'),
    'sum_none': _('Choose a target to mark its paths and add them up.'),
    'legend_hit': _('achieved: the target holds on this whole round'),
    'legend_line': _('thick branches lead to a path that achieves the target'),
    'keys': _('Keys: ↑ ↓ move, → opens, ← closes, Enter or Space opens and closes.'),
    'lumped': _('Colours the target does not mention are lumped into “other”.'),
    'error': _('Not possible'),

}


def tree_labels(lang: str) -> dict[str, str]:
    """The tree's words in ``lang``.

    >>> tree_labels("zh")["achieved"]
    '达成'
    >>> tree_labels("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    return labels_in(TREE_LABELS, lang)


def _target_options(tree: DrawTree, lang: str) -> list[dict[str, str]]:
    """The targets offered in the page's list: none, then last/never/all for each colour of the bag."""
    options = [{"code": "", "text": TREE_LABELS["no_target"].render(lang)}]
    seen: set[str] = set()
    colours = [c for c in COLOURS if tree.bag.get(c, 0) > 0]
    for condition in (
        *(LastIs(c) for c in colours), *(NeverDrawn(c) for c in colours), *(AllDrawn(c) for c in colours)
    ):
        options.append({"code": condition.code(), "text": condition.describe(lang)})
        seen.add(condition.code())
    if tree.target is not None and tree.target.code() not in seen:
        options.append({"code": tree.target.code(), "text": tree.target.describe(lang)})
    return options


class ProbabilityTree(anywidget.AnyWidget):
    """The probability tree of a small round as a widget (see the module docstring for the API)."""

    _esm = esm("probability_tree")  # built from widgets/js/probability_tree.js
    _css = _HERE / "probability_tree.css"

    #: What the page draws: the tree (``DrawTree.to_json``), the labels, the target list, the marks.
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    #: The target as compact code (``"last:red"``); ``""``: no target.
    target = traitlets.Unicode("").tag(sync=True)
    #: Ids of the open nodes (the page opens and closes them; Python may too).
    open_nodes = traitlets.List(traitlets.Int()).tag(sync=True)
    #: The last refusal, ``{"text", "n"}`` (``text`` in ``lang``, ``n`` counts refusals); ``{}`` after a change that worked.
    error = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        bag: Mapping[str, int] | None = None,
        draws: int = 2,
        target: Any = None,
        *,
        shown: Sequence[str] = (),
        lump: bool = False,
        lang: str = "en",
        open_depth: int | None = 1,
    ) -> None:
        check_lang(lang)
        if open_depth is not None and (isinstance(open_depth, bool) or not isinstance(open_depth, int)
                                       or open_depth < 0):
            raise ValueError(f"open_depth must be None or a whole number ≥ 0, got {open_depth!r}")
        if not isinstance(lump, bool):
            raise ValueError(f"lump must be True or False, got {lump!r}")
        self._bag = bag
        self._draws = draws
        self._shown = tuple(shown) if not isinstance(shown, str) else shown
        self._lump = lump
        self._tree = draw_tree(bag, draws, target, shown=self._shown, lump=lump)
        opened = [n.id for n in self._tree.nodes
                  if n.children and (open_depth is None or n.depth < open_depth)]
        code = "" if self._tree.target is None else self._tree.target.code()
        super().__init__(lang=lang, target=code, open_nodes=opened)
        self._publish()
        self.on_msg(self._on_msg)
        self.observe(self._on_lang, names="lang")

    # ------------------------------------------------------------------ Python API
    @property
    def tree(self) -> DrawTree:
        """The model the widget draws (``pokelab.odds.tree_nodes.DrawTree``)."""
        return self._tree

    @property
    def target_probability(self) -> Fraction | None:
        """The sum of the marked paths: the target's exact chance (``None`` without a target)."""
        return self._tree.target_probability

    def set_target(self, target: Any) -> None:
        """Mark the paths of another target (a card, a condition, its code; ``None`` or ``""``: none).

        The tree is rebuilt (a lumped tree's branches depend on the target); a
        target that would make the tree too big is refused and nothing changes.

        >>> w = ProbabilityTree(bag={"red": 1, "blue": 1}, draws=2, target="last:red")
        >>> w.set_target("all:blue"); w.target, w.target_probability
        ('all:blue', Fraction(1, 1))
        >>> w.set_target("never")
        Traceback (most recent call last):
        ...
        pokelab.errors.InputError: bad condition 'never': each part is last:COLOUR, never:COLOUR or all:COLOUR
        """
        condition = None if target in (None, "") else condition_of(target)
        tree = draw_tree(self._bag, self._draws, condition, shown=self._shown,
                         lump=self._lump and condition is not None)
        same_shape = [n.path for n in tree.nodes] == [n.path for n in self._tree.nodes]
        self._tree = tree
        with self.hold_sync():
            if not same_shape:
                self.open_nodes = [n.id for n in tree.nodes if n.children and n.depth < 1]
            self.target = "" if condition is None else condition.code()
            self.error = {}
            self._publish()

    def expand(self, node_id: int) -> None:
        """Open node ``node_id`` (a leaf has nothing to open: ValueError).

        >>> w = ProbabilityTree(bag={"red": 1, "blue": 1}, draws=2, open_depth=0)
        >>> w.expand(1); w.open_nodes
        [1]
        >>> w.expand(2)
        Traceback (most recent call last):
        ...
        ValueError: node 2 is a whole round (a leaf): it has no branches to open
        """
        node = self._tree.node(node_id)
        if not node.children:
            raise ValueError(f"node {node_id} is a whole round (a leaf): it has no branches to open")
        if node_id not in self.open_nodes:
            self.open_nodes = [*self.open_nodes, node_id]

    def collapse(self, node_id: int) -> None:
        """Close node ``node_id``.

        >>> w = ProbabilityTree(bag={"red": 1, "blue": 1}, draws=2, open_depth=None)
        >>> w.collapse(0); w.open_nodes
        [1, 3]
        >>> w.collapse(9)
        Traceback (most recent call last):
        ...
        ValueError: no node 9: this tree has nodes 0 to 4
        """
        self._tree.node(node_id)
        self.open_nodes = [n for n in self.open_nodes if n != node_id]

    def expand_all(self) -> None:
        """Open every node (every inner node; leaves have nothing to open).

        >>> w = ProbabilityTree(bag={"red": 1, "blue": 1}, draws=2, open_depth=0)
        >>> w.expand_all(); w.open_nodes
        [0, 1, 3]
        """
        self.open_nodes = [n.id for n in self._tree.nodes if n.children]

    def collapse_all(self) -> None:
        """Close every node (only the root shows).

        >>> w = ProbabilityTree(bag={"red": 1, "blue": 1}, draws=2)
        >>> w.collapse_all(); w.open_nodes
        []
        """
        self.open_nodes = []

    # ------------------------------------------------------------------ the page
    @traitlets.validate("open_nodes")
    def _valid_open(self, proposal: dict[str, Any]) -> list[int]:
        """Keep only ids of inner nodes of this tree, each once, in order (the page may send stale ids)."""
        tree = getattr(self, "_tree", None)
        if tree is None:
            return list(proposal["value"])
        inner = {n.id for n in tree.nodes if n.children}
        return sorted({i for i in proposal["value"] if i in inner})

    def _publish(self) -> None:
        lang = self.lang
        tree = self._tree
        data = tree.to_json(lang)
        names = {g: group_name(g, lang) for g in tree.groups}
        colours = [g for g in tree.groups if g != OTHER]
        self.view = {
            "tree": data,
            "labels": tree_labels(lang),
            "names": {**names, **{c: group_name(c, lang) for c in COLOURS}, OTHER: group_name(OTHER, lang)},
            "marks": view_marks(COLOURS),
            "fills": {c: {"light": TOKENS[c].light, "dark": TOKENS[c].dark} for c in COLOURS},
            "colours": colours,
            "bag": [{"colour": c, "name": group_name(c, lang), "count": n}
                    for c, n in tree.bag.items() if n],
            "target_options": _target_options(tree, lang),
        }

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, Mapping):
            return
        kind = content.get("type")
        if kind == "set_target":
            try:
                self.set_target(content.get("target") or None)
            except ExplainedError as err:
                self._refuse(err)
            except ValueError as err:
                self._refuse(_target_reason(str(err)))
        elif kind == "set_lang" and content.get("lang") in languages():
            with self.hold_sync():  # the language and the view it words arrive together
                self.lang = content["lang"]

    def _refuse(self, err: ExplainedError | Text) -> None:
        """Say why the page's wish was refused; ``n`` makes the same refusal twice a new message."""
        self._refusals = getattr(self, "_refusals", 0) + 1
        self._refused = err
        self.error = {"text": self._refusal_text(), "n": self._refusals}

    def _refusal_text(self) -> str:
        err = self._refused
        return err.render(self.lang) if isinstance(err, Text) else err.message(self.lang)

    def _on_lang(self, _change: Any) -> None:
        with self.hold_sync():
            self._publish()
            if self.error and getattr(self, "_refused", None) is not None:
                self.error = {**self.error, "text": self._refusal_text()}


def _target_reason(en: str) -> Text:
    """The catalogue text of a refused target (the engine's messages are English).

    >>> _target_reason("bad condition 'x': each part is last:COLOUR, never:COLOUR or all:COLOUR").render("zh")
    "目标写法有误 'x'：每一部分是 last:颜色、never:颜色 或 all:颜色"
    """
    bad = re.match(r"bad condition ('[^']*'|\S+)", en)
    if bad:
        return _("bad condition {target}: each part is last:COLOUR, never:COLOUR or all:COLOUR", target=bad[1])
    unknown = re.match(r"unknown token colour ('[^']*'|\S+)", en)
    if unknown:
        return _("unknown token colour {colour}; the colours are {colours}", colour=unknown[1],
                 colours=joined([colour_name(c) for c in COLOURS]))
    return _("not a valid target: {reason}", reason=en)
