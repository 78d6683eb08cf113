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
for none), ``lang``, ``error`` (the last refusal, ``{"en", "zh"}``).

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
ValueError: unknown token colour 'pink'; colours are red, blue, green, yellow, purple
>>> ProbabilityTree(bag=None, draws=10)
Traceback (most recent call last):
...
pokelab.errors.BilingualError: this tree would have 6,873,630 nodes but a probability tree is drawn with at most 400: ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from pokelab.errors import BilingualError, check_lang
from pokelab.herecomes.bag import COLOUR_ZH, COLOURS
from pokelab.herecomes.conditions import AllDrawn, LastIs, NeverDrawn
from pokelab.odds.inputs import condition_of
from pokelab.odds.probability_tree import OTHER, DrawTree, draw_tree, group_name
from widgets._bundle import esm
from widgets.tokens import TOKENS, view_marks

__all__ = ["TREE_LABELS", "ProbabilityTree", "tree_labels"]

_HERE = Path(__file__).parent

#: Every word the tree shows, in both languages ({placeholders} filled by the page).
TREE_LABELS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "title": "Probability tree",
        "intro": "Each branch is the next token drawn, with its exact chance given the tokens above it. "
                 "A path's probability is the product of its branches.",
        "bag": "Bag",
        "shown": "Already shown",
        "draws": "Tokens drawn in the tree: {n}",
        "target": "Target",
        "no_target": "no target",
        "start": "start",
        "other": "other",
        "branch": "branch {p}",
        "path_p": "P = {p}",
        "achieved": "achieved",
        "not_achieved": "not achieved",
        "hits_inside": "target {p} below",
        "expand_all": "Open every branch",
        "collapse_all": "Close every branch",
        "tree_label": "Probability tree: {n} nodes, {leaves} whole rounds",
        "item_label": "{path}: branch {branch}, path probability {p}",
        "item_leaf_hit": "target achieved",
        "item_leaf_miss": "target not achieved",
        "item_hits": "the target's paths below add up to {p}",
        "item_closed": "{n} branches hidden",
        "sum_title": "Paths where the target is achieved",
        "sum": "{k} of {leaves} paths achieve “{target}”: {text} ≈ {pct}",
        "sum_none": "Choose a target to mark its paths and add them up.",
        "legend_hit": "achieved: the target holds on this whole round",
        "legend_line": "thick branches lead to a path that achieves the target",
        "keys": "Keys: ↑ ↓ move, → opens, ← closes, Enter or Space opens and closes.",
        "lumped": "Colours the target does not mention are lumped into “other”.",
        "error": "Not possible",
    },
    "zh": {
        "title": "概率树",
        "intro": "每一条分支是下一枚抽出的代币，上面写着在前面几枚已抽出的情况下它的确切概率。"
                 "一条路径的概率是它各分支概率的乘积。",
        "bag": "布袋",
        "shown": "已经抽出",
        "draws": "树里要抽的代币：{n} 枚",
        "target": "目标",
        "no_target": "没有目标",
        "start": "开始",
        "other": "其他",
        "branch": "分支 {p}",
        "path_p": "P = {p}",
        "achieved": "达成",
        "not_achieved": "未达成",
        "hits_inside": "下面目标共 {p}",
        "expand_all": "展开全部分支",
        "collapse_all": "收起全部分支",
        "tree_label": "概率树：{n} 个节点，{leaves} 种完整的抽法",
        "item_label": "{path}：分支 {branch}，路径概率 {p}",
        "item_leaf_hit": "目标达成",
        "item_leaf_miss": "目标未达成",
        "item_hits": "下面达成目标的路径加起来是 {p}",
        "item_closed": "隐藏了 {n} 条分支",
        "sum_title": "达成目标的路径",
        "sum": "{leaves} 条路径中有 {k} 条达成“{target}”：{text} ≈ {pct}",
        "sum_none": "选择一个目标，标出它的路径并把它们加起来。",
        "legend_hit": "达成：这一整轮目标成立",
        "legend_line": "粗的分支通向达成目标的路径",
        "keys": "按键：↑ ↓ 移动，→ 展开，← 收起，Enter 或空格 展开/收起。",
        "lumped": "目标没有提到的颜色合并为“其他”。",
        "error": "做不到",
    },
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
    return dict(TREE_LABELS[check_lang(lang)])


def _target_options(tree: DrawTree, lang: str) -> list[dict[str, str]]:
    """The targets offered in the page's list: none, then last/never/all for each colour of the bag."""
    options = [{"code": "", "text": TREE_LABELS[lang]["no_target"]}]
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
    #: The last refusal, ``{"en", "zh", "n"}`` (``n`` counts refusals); ``{}`` after a change that worked.
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
        self.observe(lambda _change: self._publish(), names="lang")

    # ------------------------------------------------------------------ Python API
    @property
    def tree(self) -> DrawTree:
        """The model the widget draws (``pokelab.odds.probability_tree.DrawTree``)."""
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
        ValueError: bad condition 'never': each part is last:COLOUR, never:COLOUR or all:COLOUR
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
            except BilingualError as err:
                self._refuse(err.en, err.zh)
            except ValueError as err:
                self._refuse(str(err), _zh_target_reason(str(err)))
        elif kind == "set_lang" and content.get("lang") in ("en", "zh"):
            self.lang = content["lang"]

    def _refuse(self, en: str, zh: str) -> None:
        """Say why the page's wish was refused; ``n`` makes the same refusal twice a new message."""
        self._refusals = getattr(self, "_refusals", 0) + 1
        self.error = {"en": en, "zh": zh, "n": self._refusals}


def _zh_target_reason(en: str) -> str:
    """The Chinese reason for a refused target (the engine's messages are English).

    >>> _zh_target_reason("bad condition 'x': each part is last:COLOUR, never:COLOUR or all:COLOUR")
    '目标写法有误：每一部分是 last:颜色、never:颜色 或 all:颜色'
    """
    if en.startswith("bad condition"):
        return "目标写法有误：每一部分是 last:颜色、never:颜色 或 all:颜色"
    if en.startswith("unknown token colour"):
        return f"未知的代币颜色；颜色有{'、'.join(COLOUR_ZH[c] for c in COLOURS)}"
    return f"无效的目标：{en}"
