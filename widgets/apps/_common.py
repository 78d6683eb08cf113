"""Small pieces the classroom apps share: the bilingual text table and ``t()``, the language switch, headers, token HTML.

No rule and no probability is computed here: the apps use the engines
(``pokelab.classroom``, ``pokelab.odds``); token colours come from the engine's
``COLOURS`` and their hex shades and symbols from ``widgets.tokens``.
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from pokelab.bots import available_bots, bot_title
from pokelab.errors import check_lang
from pokelab.herecomes.bag import COLOUR_ZH, WAVES
from widgets.tokens import token_html

__all__ = ["TEXT", "bot_choices", "colour_name", "lang_switch", "page_options", "t"]

_WAVE_ENDS = tuple(sum(WAVES[: i + 1]) for i in range(len(WAVES)))  # (4, 7, 9, 10)
EVENT_HEX = ("#e53935", "#8e24aa", "#1e88e5", "#43a047", "#fb8c00", "#6d4c41", "#00897b", "#5c6bc0")

def bot_choices(bots: list[str], lang: str) -> list[tuple[str, str]]:
    """A bot drop-down's (shown name, bot id) pairs in ``lang``.

    >>> bot_choices(["greedy", "random"], "zh")
    [('贪心', 'greedy'), ('随机', 'random')]
    >>> bot_choices(["greedy"], "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    return [(bot_title(bot, lang), bot) for bot in bots]


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
        # the class experiment on many devices: student page and teacher dashboard
        "st_title": "Draw from the bag — your group's page",
        "st_intro": (
            "Join your class with the code on the board, draw a round of 10 tokens from the bag "
            "(order cards 1–4) and send it. Your rounds join the whole class's on the teacher's screen."
        ),
        "join_code": "Join code",
        "join": "Join",
        "joined": "You are group <b>{group}</b> in class <b>{name}</b>.",
        "send": "Send this round",
        "draw_one": "Let the computer draw a round",
        "undo_mine": "Take back our last round",
        "sent": "Sent: {tokens}",
        "taken_back": "Your last round was taken back.",
        "join_first": "Join your class first: type the join code and your group's name.",
        "mine_title": "Our group's rounds",
        "mine_status": "Our group: {mine} rounds · whole class: {n} rounds",
        "db_trouble": "The class database cannot be reached: {error}",
        "tc_title": "Draw from the bag — teacher dashboard",
        "tc_intro": (
            "Create a class or open one with its join code and teacher key. The tallies update by "
            "themselves within a second of any group's submission."
        ),
        "class_name": "Class",
        "class_placeholder": "e.g. 7B",
        "new_class": "New class",
        "teacher_key": "Teacher key",
        "open": "Open",
        "export": "Export CSV",
        "exported": "Saved {n} rounds to {path} — <a download='{file}' href='{href}'>download</a>",
        "reset_class": "Reset the class (delete every round)",
        "reset_done": "All {n} rounds were deleted.",
        "keys_shown": (
            "Class <b>{name}</b>. Students join with the code <b data-testid='join-code'>{code}</b>. "
            "Teacher key (keep it to yourself): <code data-testid='teacher-key'>{teacher_key}</code>"
        ),
        "class_open": "Class <b>{name}</b> · join code <b data-testid='join-code'>{code}</b>",
        "live": "{n} rounds from {groups} groups · updated {time}",
        "open_first": "Create a class, or open one with its join code and teacher key.",
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
        "st_title": "从布袋里抽——小组页面",
        "st_intro": "用黑板上的加入码加入班级，从布袋里抽一轮 10 枚精灵球（1–4 号顺序卡）并提交。你们的结果会汇总到老师屏幕上的全班数据里。",
        "join_code": "加入码",
        "join": "加入",
        "joined": "你们是 <b>{name}</b> 班的 <b>{group}</b> 组。",
        "send": "提交这一轮",
        "draw_one": "让电脑抽一轮",
        "undo_mine": "撤回我们的上一轮",
        "sent": "已提交：{tokens}",
        "taken_back": "已撤回你们的上一轮。",
        "join_first": "请先加入班级：输入加入码和小组名称。",
        "mine_title": "我们组的结果",
        "mine_status": "我们组：{mine} 轮 · 全班：{n} 轮",
        "db_trouble": "连不上班级数据库：{error}",
        "tc_title": "从布袋里抽——教师面板",
        "tc_intro": "新建一个班级，或用加入码和教师密钥打开已有班级。任何小组提交后，统计结果会在一秒内自动更新。",
        "class_name": "班级",
        "class_placeholder": "例如：7B",
        "new_class": "新建班级",
        "teacher_key": "教师密钥",
        "open": "打开",
        "export": "导出 CSV",
        "exported": "已将 {n} 轮保存到 {path} —— <a download='{file}' href='{href}'>下载</a>",
        "reset_class": "重置班级（删除所有轮次）",
        "reset_done": "已删除全部 {n} 轮。",
        "keys_shown": "班级 <b>{name}</b>。学生用加入码 <b data-testid='join-code'>{code}</b> 加入。教师密钥（请自己保管）：<code data-testid='teacher-key'>{teacher_key}</code>",
        "class_open": "班级 <b>{name}</b> · 加入码 <b data-testid='join-code'>{code}</b>",
        "live": "共 {n} 轮，来自 {groups} 个小组 · 更新于 {time}",
        "open_first": "新建一个班级，或用加入码和教师密钥打开已有班级。",
        "lab_title": "来啦！宝可梦 概率实验室",
        "lab_intro": "和电脑对战一轮：手牌旁的图表显示每张卡达成的精确概率，以及它随上一波如何变化。改变布袋，看所有概率一起变化。",
        "opponents": "电脑人数",
        "bot": "电脑",
        "settings": "设置：电脑与布袋",
        "teacher": "教师视图",
        "new_bag_game": "用这个布袋开新一轮",
        "bag_total": "布袋里共 {n} 枚",
        "all_cards": "用这个布袋时全部 60 张目标卡",
        "sp_title": "璀璨宝石：宝可梦 人机对战",
        "sp_intro": "拿精灵球、捕捉宝可梦、挑战传说宝可梦——电脑一步一步地走，你能看清每一步。",
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


#: ipywidgets' own colours that fall short of WCAG AA text contrast (4.45:1 accordion titles, white on
#: the warning button's orange, 4.1:1 white on the success button's green), overridden on every app
#: page; issue 22.
_ACCESS_CSS = (
    "<style>.jupyter-widget-Collapse-header{color:var(--jp-ui-font-color1)}"
    ".jupyter-button.mod-warning{color:#1b1b1b}"
    ".jupyter-button.mod-success{background-color:#2e7d32}</style>"
)


def _header(title: str, intro: str) -> str:
    return (
        _ACCESS_CSS + f"<h2 style='margin:0.2em 0'>{html.escape(title)}</h2>"
        f"<p style='margin:0 0 0.6em 0;max-width:60em'>{html.escape(intro)}</p>"
    )


def _token_html(tokens: Sequence[str], lang: str = "en") -> str:
    """Tokens as the boards draw them: the palette's disc with the colour's symbol, named for screen readers."""
    return "".join(token_html(c, lang) for c in tokens)


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
        chosen = self.bot.value
        self.bot.options = bot_choices([value for _, value in self.bot.options], lang)
        self.bot.value = chosen

    def _on_board_lang(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.lang:
            self.set_lang(change["new"])  # each app's own set_lang starts with _relabel
