"""The classroom apps' building blocks: each app is one object whose ``.ui`` a notebook displays.

The app notebooks in this folder are a few lines each (``make app`` opens them
full screen with Voilà, no code showing); the layout and the buttons live here
so they can be tested without a browser. Everything is bilingual: every label
exists in English and Chinese and the 中文/EN switch relabels the whole app.
No rule and no probability is computed here: the boards use the engines, the
class experiment uses ``pokelab.classroom`` and ``pokelab.odds``.

- ``ClassExperiment``: the whole-class "draw from the bag" experiment — groups
  enter their rounds (or a button draws rounds with a seeded RNG), the tallies
  are compared with the exact odds in a table and a plotly chart.
- ``OddsLab``: the Here Comes Pokémon! board with its odds beside the hand, a
  bag editor and the odds of all 60 target cards for that bag.
- ``SplendorApp``: Splendor: Pokémon against the bots.
"""

from __future__ import annotations

import html
import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from pokelab.bots import available_bots
from pokelab.classroom import DEFAULT_EVENTS, SIMULATED, ClassroomError, ClassTally, parse_event
from pokelab.errors import IllegalAction, check_lang
from pokelab.herecomes.bag import COLOUR_ZH, COLOURS, DRAWS_PER_ROUND, WAVES, validate_bag
from pokelab.odds import card_table

__all__ = ["ClassExperiment", "OddsLab", "SplendorApp", "lang_switch", "page_options"]

TOKEN_HEX = {
    "red": "#e53935",
    "blue": "#1e88e5",
    "green": "#43a047",
    "yellow": "#fbc02d",
    "purple": "#8e24aa",
}
_WAVE_ENDS = tuple(sum(WAVES[: i + 1]) for i in range(len(WAVES)))  # (4, 7, 9, 10)
EVENT_HEX = ("#e53935", "#8e24aa", "#1e88e5", "#43a047", "#fb8c00", "#6d4c41", "#00897b", "#5c6bc0")

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "lang": "Language",
        # class experiment
        "exp_title": "Draw from the bag — the whole class experiment",
        "exp_intro": (
            "Each group draws a round of 10 tokens (waves of 4, 3, 2 and 1) from the bag and enters them here, "
            "or the computer draws rounds. The more rounds we tally, the closer each frequency gets to the exact chance."
        ),
        "bag": "Bag",
        "group": "Group",
        "group_placeholder": "e.g. Team Pikachu",
        "order_card": "Order card {i} ({n})",
        "record": "Record this round",
        "undo": "Take back the last round",
        "simulate": "Let the computer draw",
        "draw_n": "Draw {n}",
        "reset": "Start again",
        "add_event": "Add an event",
        "event_placeholder": "e.g. any:red or last:blue & never:purple",
        "add": "Add",
        "rounds": "{n} rounds tallied ({groups} from groups, {sim} by the computer)",
        "recorded": "Recorded {group}'s round: {tokens}",
        "no_rounds": "No rounds yet: enter one, or let the computer draw.",
        "table_title": "Tallies against the exact odds",
        "event": "event",
        "happened": "happened",
        "observed": "observed",
        "exact": "exact",
        "gap": "gap",
        "interval": "95% interval",
        "inside": "exact inside?",
        "yes": "yes",
        "no": "no",
        "chart_bars": "observed vs exact",
        "chart_lines": "running frequency (dashed: exact)",
        "x_rounds": "rounds tallied",
        "y_freq": "frequency",
        "observed_trace": "observed",
        "exact_trace": "exact",
        "streak_title": "After a streak",
        "streak": (
            "After {length} rounds in a row where <i>{event}</i>, it happened again in {happened} of {after} rounds "
            "({observed}). The exact chance is still {p}: the bag does not remember."
        ),
        "streak_none": "No streak of {length} rounds where <i>{event}</i> yet.",
        "groups_title": "Each group against the whole class",
        "group_col": "group",
        "rounds_col": "rounds",
        "whole_class": "whole class",
        "computer": "computer",
        "anonymous": "a group",
        # odds lab
        "lab_title": "Here Comes Pokémon! odds lab",
        "lab_intro": (
            "Play a round against the bots: the chart beside your hand shows each card's exact chance of coming true "
            "and how it moved with the last wave. Change the bag and watch every chance move."
        ),
        "opponents": "Bots",
        "bot": "Bot",
        "settings": "Settings: bots and bag",
        "teacher": "Teacher view",
        "new_bag_game": "New round with this bag",
        "bag_total": "{n} tokens in the bag",
        "all_cards": "All 60 target cards with this bag",
        # splendor
        "sp_title": "Splendor: Pokémon against the bots",
        "sp_intro": "Take tokens, buy cards, catch the legends — the bots play their turns one visible step at a time.",
        "new_game": "New game",
        "seed": "Seed",
    },
    "zh": {
        "lang": "语言",
        "exp_title": "从布袋里抽——全班实验",
        "exp_intro": (
            "每组从布袋里抽一轮 10 枚精灵球（分 4、3、2、1 四波），并在这里输入，或者让电脑来抽。"
            "统计的轮数越多，每个频率就越接近精确概率。"
        ),
        "bag": "布袋",
        "group": "小组",
        "group_placeholder": "例如：皮卡丘队",
        "order_card": "{i} 号顺序卡（{n} 枚）",
        "record": "记录这一轮",
        "undo": "撤回上一轮",
        "simulate": "让电脑来抽",
        "draw_n": "抽 {n} 轮",
        "reset": "重新开始",
        "add_event": "添加事件",
        "event_placeholder": "例如 any:red 或 last:blue & never:purple",
        "add": "添加",
        "rounds": "已统计 {n} 轮（小组 {groups} 轮，电脑 {sim} 轮）",
        "recorded": "已记录 {group} 的一轮：{tokens}",
        "no_rounds": "还没有数据：输入一轮，或者让电脑来抽。",
        "table_title": "统计结果与精确概率",
        "event": "事件",
        "happened": "发生次数",
        "observed": "观察频率",
        "exact": "精确概率",
        "gap": "差距",
        "interval": "95% 区间",
        "inside": "精确值在区间内？",
        "yes": "是",
        "no": "否",
        "chart_bars": "观察频率与精确概率",
        "chart_lines": "累计频率（虚线：精确概率）",
        "x_rounds": "已统计轮数",
        "y_freq": "频率",
        "observed_trace": "观察频率",
        "exact_trace": "精确概率",
        "streak_title": "连续发生之后",
        "streak": (
            "在连续 {length} 轮都出现“<i>{event}</i>”之后，下一轮再次出现 {happened} 次，共 {after} 轮（{observed}）。"
            "精确概率仍然是 {p}：布袋没有记忆。"
        ),
        "streak_none": "还没有出现连续 {length} 轮“<i>{event}</i>”。",
        "groups_title": "各组与全班对比",
        "group_col": "小组",
        "rounds_col": "轮数",
        "whole_class": "全班",
        "computer": "电脑",
        "anonymous": "某组",
        "lab_title": "来啦！宝可梦 概率实验室",
        "lab_intro": "和电脑对战一轮：手牌旁的图表显示每张卡达成的精确概率，以及它随上一波如何变化。改变布袋，看所有概率一起变化。",
        "opponents": "电脑人数",
        "bot": "电脑",
        "settings": "设置：电脑与布袋",
        "teacher": "教师视角",
        "new_bag_game": "用这个布袋开新一轮",
        "bag_total": "布袋里共 {n} 枚",
        "all_cards": "用这个布袋时全部 60 张目标卡",
        "sp_title": "璀璨宝石：宝可梦 人机对战",
        "sp_intro": "拿宝石、买卡牌、收服传说宝可梦——电脑一步一步地走，你能看清每一步。",
        "new_game": "新游戏",
        "seed": "种子",
    },
}


def t(lang: str, key: str, **fields: Any) -> str:
    """The label ``key`` in ``lang``, formatted with ``fields``.

    >>> t("zh", "draw_n", n=10)
    '抽 10 轮'
    >>> t("fr", "draw_n", n=10)
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    text = TEXT[check_lang(lang)][key]
    return text.format(**fields) if fields else text


def colour_name(colour: str, lang: str) -> str:
    """A token colour in words: ``red`` or ``红``."""
    return COLOUR_ZH[colour] if lang == "zh" else colour


def _pct(x: float) -> str:
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.1%}"


def page_options(
    lang: str = "en", seed: int = 0, environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The page's language and seed, from the link's query string (``…/app.ipynb?lang=zh&seed=7``).

    Voilà hands the URL's query string to the kernel as ``QUERY_STRING``, so a
    teacher can share a link that opens in Chinese or on a prepared seed. A value
    that is not ``en``/``zh`` or not a whole number ≥ 0 is ignored (the default
    stays): a typo in a link must not stop the lesson.

    >>> page_options(environ={"QUERY_STRING": "lang=zh&seed=7"})
    {'lang': 'zh', 'seed': 7}
    >>> page_options(lang="en", seed=1, environ={"QUERY_STRING": "lang=fr&seed=-3"})
    {'lang': 'en', 'seed': 1}
    """
    check_lang(lang)
    query = parse_qs((os.environ if environ is None else environ).get("QUERY_STRING", ""))
    wanted_lang = query.get("lang", [lang])[-1]
    wanted_seed = query.get("seed", [str(seed)])[-1]
    return {
        "lang": wanted_lang if wanted_lang in ("en", "zh") else lang,
        "seed": int(wanted_seed) if wanted_seed.isdigit() else seed,
    }


def lang_switch(lang: str) -> w.ToggleButtons:
    """The EN / 中文 switch shown at the top of every app."""
    check_lang(lang)
    return w.ToggleButtons(
        options=[("EN", "en"), ("中文", "zh")],
        value=lang,
        style={"button_width": "4.5em"},
        layout=w.Layout(width="auto"),
    )


def _header(title: str, intro: str) -> str:
    return (
        f"<h2 style='margin:0.2em 0'>{html.escape(title)}</h2>"
        f"<p style='margin:0 0 0.6em 0;max-width:60em'>{html.escape(intro)}</p>"
    )


def _token_html(tokens: Sequence[str]) -> str:
    return "".join(
        f"<span title='{c}' style='display:inline-block;width:0.9em;height:0.9em;border-radius:50%;"
        f"background:{TOKEN_HEX[c]};margin:0 1px;vertical-align:middle'></span>"
        for c in tokens
    )


# ============================================================================ the class experiment


class ClassExperiment:
    """The whole-class "draw from the bag" experiment (see the module docstring).

    ``bag``: the composition (default ``DEFAULT_BAG``); ``seed``: the seed of the
    computer's draws; ``events``: the events compared (``pokelab.classroom``
    codes); ``lang``: ``"en"`` or ``"zh"``. ``tally`` is the current
    ``ClassTally``; ``ui`` is the widget to display.

    >>> app = ClassExperiment(seed=1)
    >>> app.draw(100).tally.n, len(app.figure.data)  # 2 bars + a line and its exact line per event
    (100, 12)
    >>> app.enter(["red"] * 10, group="A")
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [HC-C1] the round holds 10 red tokens but the bag has only 6
    """

    DRAW_SIZES = (1, 10, 100, 1000)

    def __init__(
        self,
        bag: Mapping[str, int] | None = None,
        *,
        seed: int = 0,
        events: Sequence[str] = DEFAULT_EVENTS,
        lang: str = "en",
    ) -> None:
        check_lang(lang)
        self.tally = ClassTally.new(bag, seed=seed)
        self.events = [parse_event(e) for e in events]
        if not self.events:
            raise ValueError("name at least one event, e.g. 'last:red'")
        self.lang = lang
        self.message = ""
        self.error = ""
        self._build()
        self.set_lang(lang)

    # -------------------------------------------------------------- public API
    def enter(self, tokens: Sequence[str], group: str = "") -> ClassExperiment:
        """Record one round entered by ``group`` (raises ``IllegalAction`` for an impossible round)."""
        self.tally = self.tally.record(tokens, group=group.strip() or t(self.lang, "anonymous"))
        self.message = t(
            self.lang,
            "recorded",
            group=html.escape(self.tally.groups[-1]),
            tokens=_token_html(self.tally.rounds[-1]),
        )
        self.error = ""
        self.refresh()
        return self

    def draw(self, n: int) -> ClassExperiment:
        """Let the computer draw ``n`` rounds (seeded: the same seed gives the same rounds)."""
        self.tally = self.tally.simulate(n)
        self.message = self.error = ""
        self.refresh()
        return self

    def undo(self) -> ClassExperiment:
        """Take back the last round (a mistyped entry); raises ``ValueError`` when there is none."""
        self.tally = self.tally.undo()
        self.message = self.error = ""
        self.refresh()
        return self

    def reset(self) -> ClassExperiment:
        """Forget every round (same bag, same seed)."""
        self.tally = ClassTally.new(self.tally.bag, seed=self.tally.seed)
        self.message = self.error = ""
        self.refresh()
        return self

    def add_event(self, code: str) -> ClassExperiment:
        """Compare one more event (``pokelab.classroom.parse_event`` code); raises ``ValueError`` if bad."""
        event = parse_event(code)
        if event.code not in [e.code for e in self.events]:
            self.events.append(event)
        self.refresh()
        return self

    def set_lang(self, lang: str) -> None:
        """Relabel the whole app in ``lang``."""
        self.lang = check_lang(lang)
        if self.switch.value != lang:
            self.switch.value = lang
        L = lambda key, **f: t(lang, key, **f)  # noqa: E731
        self.header.value = _header(L("exp_title"), L("exp_intro"))
        self.group.description = L("group")
        self.group.placeholder = L("group_placeholder")
        for i, label in enumerate(self.wave_labels):
            label.value = f"<b>{html.escape(L('order_card', i=i + 1, n=WAVES[i]))}</b>"
        options = [("—", None)] + [(colour_name(c, lang), c) for c in COLOURS]
        for dd in self.tokens:
            value = dd.value
            dd.options = options
            dd.value = value
        self.record_button.description = L("record")
        self.undo_button.description = L("undo")
        self.sim_label.value = f"<b>{html.escape(L('simulate'))}</b>"
        for n, button in zip(self.DRAW_SIZES, self.draw_buttons, strict=True):
            button.description = L("draw_n", n=n)
        self.reset_button.description = L("reset")
        self.event_text.placeholder = L("event_placeholder")
        self.event_button.description = L("add")
        self.refresh()

    def refresh(self) -> None:
        """Redraw the status, table, chart, streak and group panels from ``tally``."""
        lang = self.lang
        tally = self.tally
        sim = tally.groups.count(SIMULATED)
        bag = "".join(f"{_token_html([c] * tally.bag[c])} " for c in COLOURS if tally.bag[c])
        status = (
            t(lang, "rounds", n=tally.n, groups=tally.n - sim, sim=sim)
            if tally.n
            else t(lang, "no_rounds")
        )
        parts = [
            f"<div><b>{html.escape(t(lang, 'bag'))}:</b> {bag}</div>",
            f"<div data-testid='rounds'>{html.escape(status)}</div>",
        ]
        if self.message:
            parts.append(f"<div>{self.message}</div>")
        self.status.value = "".join(parts)
        self.error_html.value = (
            f"<div role='alert' style='color:#b71c1c;font-weight:bold'>{html.escape(self.error)}</div>"
            if self.error
            else ""
        )
        self.table.value = self._table_html()
        self._update_figure()
        self.streak.value = self._streak_html()
        self.groups_html.value = self._groups_html()

    # -------------------------------------------------------------- layout
    def _build(self) -> None:
        self.switch = lang_switch(self.lang)
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.header = w.HTML()
        self.group = w.Text(layout=w.Layout(width="22em"))
        self.tokens: list[w.Dropdown] = []
        self.wave_labels: list[w.HTML] = []
        rows = []
        for size in WAVES:
            label = w.HTML(layout=w.Layout(width="11em"))
            self.wave_labels.append(label)
            dds = [
                w.Dropdown(
                    options=[("—", None), *((c, c) for c in COLOURS)],
                    value=None,
                    layout=w.Layout(width="6.5em"),
                )
                for _ in range(size)
            ]
            self.tokens.extend(dds)
            rows.append(w.HBox([label, *dds]))
        self.record_button = w.Button(
            button_style="primary", icon="check", layout=w.Layout(width="auto")
        )
        self.record_button.add_class("pk-record")
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.record_button.on_click(lambda _b: self._on_record())
        self.undo_button.on_click(lambda _b: self._on_undo())
        self.sim_label = w.HTML()
        self.draw_buttons = []
        for n in self.DRAW_SIZES:
            button = w.Button(icon="random", layout=w.Layout(width="auto"))
            button.add_class(f"pk-draw-{n}")
            button.on_click(lambda _b, n=n: self._guard(lambda: self.draw(n)))
            self.draw_buttons.append(button)
        self.reset_button = w.Button(
            button_style="warning", icon="refresh", layout=w.Layout(width="auto")
        )
        self.reset_button.on_click(lambda _b: self._guard(self.reset))
        self.event_text = w.Text(layout=w.Layout(width="24em"))
        self.event_button = w.Button(icon="plus", layout=w.Layout(width="auto"))
        self.event_button.on_click(lambda _b: self._on_add_event())
        self.status = w.HTML()
        self.status.add_class("pk-status")
        self.error_html = w.HTML()
        self.error_html.add_class("pk-error")
        self.table = w.HTML()
        self.table.add_class("pk-table")
        self.figure = self._empty_figure()
        self.chart = w.Output(layout=w.Layout(width="100%"))
        self.chart.add_class("pk-chart")
        self.streak = w.HTML()
        self.groups_html = w.HTML()
        entry = w.VBox([self.group, *rows, w.HBox([self.record_button, self.undo_button])])
        simulate = w.VBox(
            [
                self.sim_label,
                w.HBox(self.draw_buttons),
                w.HBox([self.event_text, self.event_button]),
                self.reset_button,
            ]
        )
        self.ui = w.VBox(
            [
                w.HBox(
                    [self.header, self.switch], layout=w.Layout(justify_content="space-between")
                ),
                w.HBox(
                    [entry, simulate],
                    layout=w.Layout(flex_flow="row wrap", justify_content="space-between"),
                ),
                self.status,
                self.error_html,
                self.table,
                self.chart,
                w.HBox(
                    [self.streak, self.groups_html],
                    layout=w.Layout(flex_flow="row wrap", justify_content="space-between"),
                ),
            ]
        )
        self.ui.add_class("pk-class-experiment")

    # -------------------------------------------------------------- callbacks
    def _guard(self, action: Callable[[], Any]) -> None:
        """Run a button's action; show a rejection in the app's language instead of a traceback."""
        try:
            action()
        except IllegalAction as err:
            self.error = f"[{err.rule}] {err.message(self.lang)}"
            self.refresh()
        except ClassroomError as err:
            self.error = err.message(self.lang)
            self.refresh()
        except ValueError as err:
            self.error = str(err)
            self.refresh()

    def _on_record(self) -> None:
        def record() -> None:
            tokens = [dd.value for dd in self.tokens]
            if None in tokens:
                i = tokens.index(None)
                card = next(k for k, end in enumerate(_WAVE_ENDS) if i < end)
                raise ClassroomError(
                    f"choose the colour of token {i + 1} (order card {card + 1}) first",
                    f"请先选好第 {i + 1} 枚（{card + 1} 号顺序卡）的颜色",
                )
            self.enter(tokens, group=self.group.value)
            for dd in self.tokens:  # ready for the next group
                dd.value = None

        self._guard(record)

    def _on_undo(self) -> None:
        self._guard(self.undo)

    def _on_add_event(self) -> None:
        def add() -> None:
            self.add_event(self.event_text.value)
            self.event_text.value = ""
            self.error = ""
            self.refresh()

        self._guard(add)

    # -------------------------------------------------------------- panels
    def _table_html(self) -> str:
        lang = self.lang
        df = self.tally.table(self.events, lang="en")
        head = "".join(
            f"<th style='padding:2px 8px'>{html.escape(t(lang, k))}</th>"
            for k in ("event", "happened", "observed", "exact", "gap", "interval", "inside")
        )
        body = []
        for e, (_, row) in zip(self.events, df.iterrows(), strict=True):
            n = int(row["rounds"])
            interval = "—" if not n else f"{_pct(row['low'])} – {_pct(row['high'])}"
            inside = "—" if not n else t(lang, "yes" if row["inside"] else "no")
            gap = "—" if not n else f"{row['gap']:+.1%}"
            body.append(
                "<tr>"
                f"<td style='padding:2px 8px'>{html.escape(e.describe(lang))} <small><code>{e.code}</code></small></td>"
                f"<td style='padding:2px 8px;text-align:right'>{int(row['happened'])} / {n}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{_pct(row['observed'])}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{row['exact']} = {_pct(row['p'])}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{gap}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{interval}</td>"
                f"<td style='padding:2px 8px;text-align:center'>{inside}</td>"
                "</tr>"
            )
        return (
            f"<h3>{html.escape(t(lang, 'table_title'))}</h3>"
            f"<table data-testid='tally-table' style='border-collapse:collapse'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>"
        )

    def _empty_figure(self) -> go.Figure:
        fig = make_subplots(rows=1, cols=2, column_widths=[0.4, 0.6], horizontal_spacing=0.08)
        fig.update_layout(
            height=380,
            margin={"l": 50, "r": 20, "t": 40, "b": 40},
            barmode="group",
            paper_bgcolor="rgba(0,0,0,0)",
            legend={"orientation": "h", "y": -0.2},
        )
        return fig

    def _update_figure(self) -> None:
        lang = self.lang
        table = self.tally.table(self.events, lang="en")
        history = self.tally.history(self.events, points=120)
        codes = [e.code for e in self.events]
        labels = [e.describe(lang) for e in self.events]
        traces: list[Any] = [
            go.Bar(
                name=t(lang, "observed_trace"),
                x=codes,
                y=[0 if math.isnan(v) else v for v in table["observed"]],
                marker_color="#5c7cfa",
                customdata=labels,
                hovertemplate="%{customdata}: %{y:.1%}<extra></extra>",
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [
                        0 if math.isnan(h) else h - o
                        for h, o in zip(table["high"], table["observed"], strict=True)
                    ],
                    "arrayminus": [
                        0 if math.isnan(lo) else o - lo
                        for lo, o in zip(table["low"], table["observed"], strict=True)
                    ],
                },
                xaxis="x",
                yaxis="y",
            ),
            go.Bar(
                name=t(lang, "exact_trace"),
                x=codes,
                y=list(table["p"]),
                marker_color="#adb5bd",
                customdata=list(table["exact"]),
                hovertemplate="%{customdata} = %{y:.1%}<extra></extra>",
                xaxis="x",
                yaxis="y",
            ),
        ]
        last = self.tally.n or 1
        for i, (e, label) in enumerate(zip(self.events, labels, strict=True)):
            colour = EVENT_HEX[i % len(EVENT_HEX)]
            rows = history[history["event"] == e.code]
            p = float(table["p"].iloc[i])
            traces.append(
                go.Scatter(
                    name=label,
                    x=list(rows["rounds"]),
                    y=list(rows["observed"]),
                    mode="lines",
                    line={"color": colour},
                    legendgroup=e.code,
                    xaxis="x2",
                    yaxis="y2",
                    hovertemplate=f"{html.escape(label)}: %{{y:.1%}} (%{{x}})<extra></extra>",
                )
            )
            traces.append(
                go.Scatter(
                    name=f"{label} ({t(lang, 'exact_trace')})",
                    x=[1, last],
                    y=[p, p],
                    mode="lines",
                    line={"color": colour, "dash": "dash", "width": 1},
                    legendgroup=e.code,
                    showlegend=False,
                    hoverinfo="skip",
                    xaxis="x2",
                    yaxis="y2",
                )
            )
        fig = self._empty_figure()
        fig.add_traces(traces)
        fig.update_layout(
            title={
                "text": f"{t(lang, 'chart_bars')}  ·  {t(lang, 'chart_lines')}",
                "font": {"size": 14},
            },
            xaxis={"title": None},
            yaxis={"title": t(lang, "y_freq"), "tickformat": ".0%", "range": [0, 1]},
            xaxis2={
                "title": t(lang, "x_rounds"),
                "type": "log" if self.tally.n >= 20 else "linear",
            },
            yaxis2={"tickformat": ".0%", "range": [0, 1]},
        )
        self.figure = fig
        # Shown through plotly's own mimetype (JupyterLab and Voilà render it with the
        # plotly extension that ships with the package: no CDN). The whole output is
        # replaced at once, so nothing flickers and no kernel-side capture is needed.
        self.chart.outputs = (
            {
                "output_type": "display_data",
                "data": {
                    "application/vnd.plotly.v1+json": {
                        **json.loads(fig.to_json()),
                        "config": {"displayModeBar": False},
                    },
                    "text/plain": f"<{t(lang, 'chart_bars')}: {self.tally.n} rounds>",
                },
                "metadata": {},
            },
        )

    def _streak_html(self) -> str:
        lang = self.lang
        event = self.events[0]
        s = self.tally.after_streak(event, length=2)
        title = f"<h4>{html.escape(t(lang, 'streak_title'))}</h4>"
        words = html.escape(event.describe(lang))
        if not s["after_streak"]:
            return title + t(lang, "streak_none", length=2, event=words)
        return title + t(
            lang,
            "streak",
            length=2,
            event=words,
            happened=s["happened"],
            after=s["after_streak"],
            observed=_pct(s["observed"]),
            p=f"{event.exact(self.tally.bag)} = {_pct(s['p'])}",
        )

    def _groups_html(self) -> str:
        lang = self.lang
        if not self.tally.n:
            return ""
        event = self.events[0]
        df = self.tally.by_group(event, lang="en")
        rows = []
        for _, row in df.iterrows():
            name = {SIMULATED: t(lang, "computer"), "whole class": t(lang, "whole_class")}.get(
                row["group"], row["group"]
            )
            rows.append(
                f"<tr><td style='padding:2px 8px'>{html.escape(str(name))}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{int(row['rounds'])}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{_pct(row['observed'])}</td></tr>"
            )
        head = (
            f"<tr><th>{html.escape(t(lang, 'group_col'))}</th><th>{html.escape(t(lang, 'rounds_col'))}</th>"
            f"<th>{html.escape(t(lang, 'observed'))}</th></tr>"
        )
        return (
            f"<h4>{html.escape(t(lang, 'groups_title'))}: <i>{html.escape(event.describe(lang))}</i> "
            f"({event.exact(self.tally.bag)})</h4><table>{head}{''.join(rows)}</table>"
        )


# ============================================================================ the odds lab


def _herecomes_board() -> Any:
    from widgets.herecomes_board import HereComesBoard

    return HereComesBoard


class _BotBoardApp:
    """What the two board apps share: checking the line-up, relabelling, following the board's language."""

    lang: str
    board: Any
    switch: Any
    header: Any
    opponents: Any
    bot: Any

    @staticmethod
    def _check_lineup(game: str, title: str, opponents: Any, bot: str) -> list[str]:
        """The game's bot names, once ``opponents`` (1–3) and ``bot`` are known to be valid."""
        if isinstance(opponents, bool) or opponents not in (1, 2, 3):
            raise ValueError(f"opponents must be 1, 2 or 3 bots, got {opponents!r}")
        bots = available_bots(game)
        if bot not in bots:
            raise ValueError(f"unknown bot {bot!r} for {title}: choose {', '.join(bots)}")
        return bots

    def _relabel(self, lang: str, title_key: str, intro_key: str) -> None:
        """Switch the app, its language toggle and its board to ``lang``; relabel header and bot choices."""
        self.lang = check_lang(lang)
        if self.switch.value != lang:
            self.switch.value = lang
        if self.board is not None and self.board.lang != lang:
            self.board.lang = lang
        self.header.value = _header(t(lang, title_key), t(lang, intro_key))
        self.opponents.description = t(lang, "opponents")
        self.bot.description = t(lang, "bot")

    def _on_board_lang(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.lang:
            self.set_lang(change["new"])  # each app's own set_lang starts with _relabel


class OddsLab(_BotBoardApp):
    """The Here Comes Pokémon! board with the odds beside the hand, a bag editor and the 60-card table.

    ``opponents``: 1–3 bots of kind ``bot``; ``bag``: the composition; ``seed``: the
    board's seed; ``lang``: ``"en"`` or ``"zh"``. ``board`` is the current
    ``HereComesBoard``; ``new_round()`` deals a fresh one with the bag in the sliders
    (the board's own odds/advisor/Monte Carlo switches carry over). The settings
    (bots, bag, teacher view) sit in a folded panel so the board fills the screen.

    >>> lab = OddsLab(opponents=1, bot="random", lang="en", seed=3)
    >>> lab.sliders["purple"].value = 4
    >>> lab.new_round().board.state.composition["purple"]
    4
    >>> OddsLab(opponents=5)
    Traceback (most recent call last):
    ...
    ValueError: opponents must be 1, 2 or 3 bots, got 5
    """

    def __init__(
        self,
        *,
        opponents: int = 2,
        bot: str = "optimal",
        bag: Mapping[str, int] | None = None,
        seed: int = 1,
        lang: str = "en",
    ) -> None:
        check_lang(lang)
        bots = self._check_lineup("herecomes", "Here Comes Pokémon!", opponents, bot)
        self.lang = lang
        self.seed = seed
        bag = validate_bag(bag)
        self.switch = lang_switch(lang)
        self.header = w.HTML()
        self.opponents = w.Dropdown(
            options=[1, 2, 3], value=opponents, layout=w.Layout(width="12em")
        )
        self.bot = w.Dropdown(options=bots, value=bot, layout=w.Layout(width="16em"))
        self.sliders = {
            c: w.IntSlider(value=bag[c], min=0, max=10, layout=w.Layout(width="22em"))
            for c in COLOURS
        }
        self.total = w.HTML()
        self.new_button = w.Button(
            button_style="primary", icon="refresh", layout=w.Layout(width="auto")
        )
        self.new_button.add_class("pk-new-round")
        self.error_html = w.HTML()
        self.teacher = w.Checkbox(value=False, indent=False)
        self.board_box = w.VBox(layout=w.Layout(width="100%"))
        self.cards = w.HTML()
        self.accordion = w.Accordion(children=[self.cards], selected_index=None)
        for s in self.sliders.values():
            s.observe(lambda _ch: self._update_bag_info(), names="value")
        self.new_button.on_click(lambda _b: self._on_new())
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.teacher.observe(lambda _ch: self._sync_options(), names="value")
        self.settings = w.VBox(
            [
                w.HBox(
                    [self.opponents, self.bot, self.teacher], layout=w.Layout(flex_flow="row wrap")
                ),
                *self.sliders.values(),
                self.total,
                self.new_button,
            ]
        )
        self.settings_box = w.Accordion(children=[self.settings], selected_index=None)
        self.ui = w.VBox(
            [
                w.HBox(
                    [self.header, self.switch], layout=w.Layout(justify_content="space-between")
                ),
                self.settings_box,
                self.error_html,
                self.board_box,
                self.accordion,
            ]
        )
        self.ui.add_class("pk-odds-lab")
        self.board: Any = None
        self._make_board(bag)
        self.set_lang(lang)

    def bag(self) -> dict[str, int]:
        """The composition in the sliders (not yet checked)."""
        return {c: s.value for c, s in self.sliders.items()}

    def new_round(self) -> OddsLab:
        """A fresh board with the sliders' bag, the chosen bots and the next seed.

        Raises ``ClassroomError`` (English and Chinese) when the bag cannot fill a round (HC-C1).
        """
        total = sum(self.bag().values())
        if total < DRAWS_PER_ROUND:
            raise ClassroomError(
                f"the bag holds {total} tokens but a round draws {DRAWS_PER_ROUND}: "
                f"add at least {DRAWS_PER_ROUND - total} more",
                f"布袋里只有 {total} 枚，但一轮要抽 {DRAWS_PER_ROUND} 枚：至少再加 {DRAWS_PER_ROUND - total} 枚",
            )
        bag = validate_bag(self.bag())
        self.seed += 1
        self._make_board(bag)
        self.error_html.value = ""
        return self

    def set_lang(self, lang: str) -> None:
        """Relabel the app and the board in ``lang``."""
        self._relabel(lang, "lab_title", "lab_intro")
        for c, s in self.sliders.items():
            s.description = colour_name(c, lang)
        self.new_button.description = t(lang, "new_bag_game")
        self.teacher.description = t(lang, "teacher")
        self.settings_box.set_title(0, t(lang, "settings"))
        self.accordion.set_title(0, t(lang, "all_cards"))
        self._update_bag_info()
        if self.board is not None:
            self._update_cards(dict(self.board.state.composition))

    # -------------------------------------------------------------- internals
    def _make_board(self, bag: Mapping[str, int]) -> None:
        names = ["You" if self.lang == "en" else "你"] + [
            f"{t(self.lang, 'bot')} {i}" for i in range(1, self.opponents.value + 1)
        ]
        old = self.board  # the board's own toggles (odds, advisor, Monte Carlo) carry over
        board_cls = _herecomes_board()
        self.board = board_cls(
            names,
            bots={i: self.bot.value for i in range(1, len(names))},
            lang=self.lang,
            seed=self.seed,
            bag=dict(bag),
            show_odds=True if old is None else old.show_odds,
            advisor=False if old is None else old.advisor,
            monte_carlo=False if old is None else old.monte_carlo,
            teacher=self.teacher.value,
        )
        self.board.observe(self._on_board_lang, names="lang")
        self.board_box.children = [self.board]
        self._update_cards(bag)

    def _sync_options(self) -> None:
        if self.board is None:
            return
        self.board.teacher = self.teacher.value

    def _on_new(self) -> None:
        try:
            self.new_round()
        except ValueError as err:
            text = err.message(self.lang) if isinstance(err, ClassroomError) else str(err)
            self.error_html.value = f"<div role='alert' style='color:#b71c1c;font-weight:bold'>{html.escape(text)}</div>"

    def _update_bag_info(self) -> None:
        bag = self.bag()
        self.total.value = (
            _token_html([c for c in COLOURS for _ in range(bag[c])])
            + " "
            + html.escape(t(self.lang, "bag_total", n=sum(bag.values())))
        )

    def _update_cards(self, bag: Mapping[str, int]) -> None:
        table = card_table(bag, lang=self.lang)
        table = table.sort_values(by=table.columns[7], ascending=False)  # the chance, best first
        self.cards.value = table.to_html(index=False, float_format=lambda x: f"{x:.3f}", border=0)


# ============================================================================ Splendor


def _splendor_board() -> Any:
    from widgets.splendor import SplendorBoard

    return SplendorBoard


class SplendorApp(_BotBoardApp):
    """Splendor: Pokémon against 1–3 bots, with a bot chooser, a seed and a "new game" button.

    >>> app = SplendorApp(opponents=1, bot="random", seed=2, lang="zh")
    >>> app.board.players, app.board.lang
    (['你', '电脑 1'], 'zh')
    >>> SplendorApp(bot="deep-blue")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'deep-blue' for Splendor: choose greedy, mcts-easy, mcts-hard, mcts-medium, random
    """

    def __init__(
        self, *, opponents: int = 1, bot: str = "greedy", seed: int = 0, lang: str = "en"
    ) -> None:
        check_lang(lang)
        bots = self._check_lineup("splendor", "Splendor", opponents, bot)
        self.lang = lang
        self.switch = lang_switch(lang)
        self.header = w.HTML()
        self.opponents = w.Dropdown(
            options=[1, 2, 3], value=opponents, layout=w.Layout(width="12em")
        )
        self.bot = w.Dropdown(options=bots, value=bot, layout=w.Layout(width="16em"))
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, layout=w.Layout(width="12em"))
        self.new_button = w.Button(
            button_style="primary", icon="refresh", layout=w.Layout(width="auto")
        )
        self.new_button.add_class("pk-new-game")
        self.new_button.on_click(lambda _b: self.new_game())
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.board_box = w.VBox(layout=w.Layout(width="100%"))
        self.ui = w.VBox(
            [
                w.HBox(
                    [self.header, self.switch], layout=w.Layout(justify_content="space-between")
                ),
                w.HBox(
                    [self.opponents, self.bot, self.seed, self.new_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.board_box,
            ]
        )
        self.ui.add_class("pk-splendor-app")
        self.board: Any = None
        self.new_game()
        self.set_lang(lang)

    def new_game(self) -> SplendorApp:
        """A fresh game with the chosen number and kind of bots and the seed in the box."""
        names = ["You" if self.lang == "en" else "你"] + [
            f"{t(self.lang, 'bot')} {i}" for i in range(1, self.opponents.value + 1)
        ]
        board = _splendor_board()(
            names,
            bots={i: self.bot.value for i in range(1, len(names))},
            lang=self.lang,
            seed=self.seed.value,
        )
        board.observe(self._on_board_lang, names="lang")
        self.board = board
        self.board_box.children = [board]
        return self

    def set_lang(self, lang: str) -> None:
        """Relabel the app and the board in ``lang``."""
        self._relabel(lang, "sp_title", "sp_intro")
        self.seed.description = t(lang, "seed")
        self.new_button.description = t(lang, "new_game")
