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
from pokelab.herecomes.bag import WAVES
from pokelab.herecomes.names import colour_name as hc_colour_name
from pokelab.words import Text, _, _p, check_lang, languages
from widgets._words import lang_choices, template
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


#: key -> catalogue text (rendered in the page's language by ``t``)
TEXT: dict[str, Text] = {
    'lang': _('Language'),
    'exp_title': _('Draw from the bag — the whole class experiment'),
    'exp_intro': _('Each group draws a round of 10 tokens (waves of 4, 3, 2 and 1) from the bag and enters them here, or the computer draws rounds. The more rounds we tally, the closer each frequency gets to the exact chance.'),
    'bag': _('Bag'),
    'group': _('Group'),
    'group_placeholder': _('e.g. Team Pikachu'),
    'order_card': _('Order card {i} ({n})'),
    'record': _('Record this round'),
    'undo': _('Take back the last round'),
    'simulate': _('Let the computer draw'),
    'draw_n': _('Draw {n}'),
    'reset': _('Start again'),
    'add_event': _('Add an event'),
    'event_placeholder': _('e.g. any:red or last:blue & never:purple'),
    'add': _('Add'),
    'rounds': _('{n} rounds tallied ({groups} from groups, {sim} by the computer)'),
    'recorded': _("Recorded {group}'s round: {tokens}"),
    'no_rounds': _('No rounds yet: enter one, or let the computer draw.'),
    'table_title': _('Tallies against the exact odds'),
    'event': _('event'),
    'happened': _('happened'),
    'observed': _('observed'),
    'exact': _p('apps exact', 'exact'),
    'gap': _('gap'),
    'interval': _('95% interval'),
    'inside': _('exact inside?'),
    'yes': _('yes'),
    'no': _('no'),
    'chart_bars': _('observed vs exact'),
    'chart_lines': _('running frequency (dashed: exact)'),
    'x_rounds': _('rounds tallied'),
    'y_freq': _('frequency'),
    'observed_trace': _('observed'),
    'exact_trace': _p('apps exact_trace', 'exact'),
    'streak_title': _('After a streak'),
    'streak': _('After {length} rounds in a row where <i>{event}</i>, it happened again in {happened} of {after} rounds ({observed}). The exact chance is still {p}: the bag does not remember.'),
    'streak_none': _('No streak of {length} rounds where <i>{event}</i> yet.'),
    'groups_title': _('Each group against the whole class'),
    'group_col': _('group'),
    'rounds_col': _('rounds'),
    'whole_class': _('whole class'),
    'computer': _('computer'),
    'anonymous': _('a group'),
    'st_title': _("Draw from the bag — your group's page"),
    'st_intro': _("Join your class with the code on the board, draw a round of 10 tokens from the bag (order cards 1–4) and send it. Your rounds join the whole class's on the teacher's screen."),
    'join_code': _('Join code'),
    'join': _('Join'),
    'joined': _('You are group <b>{group}</b> in class <b>{name}</b>.'),
    'send': _('Send this round'),
    'draw_one': _('Let the computer draw a round'),
    'undo_mine': _('Take back our last round'),
    'sent': _('Sent: {tokens}'),
    'taken_back': _('Your last round was taken back.'),
    'join_first': _("Join your class first: type the join code and your group's name."),
    'mine_title': _("Our group's rounds"),
    'mine_status': _('Our group: {mine} rounds · whole class: {n} rounds'),
    'db_trouble': _('The class database cannot be reached: {error}'),
    'tc_title': _('Draw from the bag — teacher dashboard'),
    'tc_hub_intro': _("Your hub login opens the class you teach (name it below if you teach several). The tallies update by themselves within a second of any group's submission."),
    'hub_class': _('Class (empty: the one you teach)'),
    'class_open_hub': _("Class <b>{name}</b> · its pupils are the hub group pokelab-{name}"),
    'tc_intro': _("Create a class or open one with its join code and teacher key. The tallies update by themselves within a second of any group's submission."),
    'class_name': _('Class'),
    'class_placeholder': _('e.g. 7B'),
    'new_class': _('New class'),
    'teacher_key': _('Teacher key'),
    'open': _('Open'),
    'export': _('Export CSV'),
    'exported': _("Saved {n} rounds to {path} — <a download='{file}' href='{href}'>download</a>"),
    'reset_class': _('Reset the class (delete every round)'),
    'reset_done': _('All {n} rounds were deleted.'),
    'key_made': _("Class <b>{name}</b>. Students join with the code <b data-testid='join-code'>{code}</b>. A teacher key was made for it: show it when no one else can see the screen, and note it down."),
    'key_shown': _("Teacher key (keep it to yourself): <code data-testid='teacher-key'>{teacher_key}</code>"),
    'show_key': _('Show the teacher key'),
    'hide_key': _('Hide the teacher key'),
    'class_open': _("Class <b>{name}</b> · join code <b data-testid='join-code'>{code}</b>"),
    'live': _('{n} rounds from {groups} groups · updated {time}'),
    'open_first': _('Create a class, or open one with its join code and teacher key.'),
    'lab_title': _('Here Comes Pokémon! odds lab'),
    'lab_intro': _("Play a round against the bots: the chart beside your hand shows each card's exact chance of coming true and how it moved with the last wave. Change the bag and watch every chance move."),
    'opponents': _('Bots'),
    'bot': _('Bot'),
    'settings': _('Settings: bots and bag'),
    'teacher': _('Teacher view'),
    'new_bag_game': _('New round with this bag'),
    'bag_total': _p('apps bag_total', '{n} tokens in the bag'),
    'all_cards': _('All 60 target cards with this bag'),
    'sp_title': _('Splendor: Pokémon against the bots'),
    'sp_intro': _('Take tokens, catch Pokémon, go for the legends — the bots play their turns one visible step at a time.'),
    'new_game': _('New game'),
    'seed': _('Seed'),

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
    check_lang(lang)
    return text(key, **fields).render(lang) if fields else template(TEXT[key], lang)


def text(key: str, **fields: Any) -> Text:
    """The label ``key`` as a catalogue text with its fields (for an error raised in every language).

    >>> text("draw_n", n=3).render("zh")
    '抽 3 轮'
    """
    return TEXT[key].with_fields(**fields) if fields else TEXT[key]


def colour_name(colour: str, lang: str) -> str:
    """A token colour in words (the games' own names): ``red`` or ``红色``."""
    return hc_colour_name(colour).render(lang)


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
        "lang": wanted_lang if wanted_lang in languages() else lang,
        "seed": int(wanted_seed) if wanted_seed.isdigit() else seed,
    }


def lang_switch(lang: str) -> w.ToggleButtons:
    """The language switch shown at the top of every app: each language named in its own words (EN / 中文 …)."""
    check_lang(lang)
    return w.ToggleButtons(
        options=[(choice["name"], choice["lang"]) for choice in lang_choices(short=True)],
        value=lang,
        style={"button_width": "4.5em"},
        layout=w.Layout(width="auto"),
    )


def switch_to(switch: w.ToggleButtons, lang: str) -> str:
    """``lang``, checked, with the page's language switch showing it (an app's ``set_lang`` starts here).

    >>> switch = lang_switch("en")
    >>> switch_to(switch, "zh"), switch.value
    ('zh', 'zh')
    >>> switch_to(switch, "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    lang = check_lang(lang)
    if switch.value != lang:
        switch.value = lang
    return lang


#: ipywidgets' own colours that fall short of WCAG AA text contrast (4.45:1 accordion titles, white on
#: the warning button's orange, 4.1:1 white on the success button's green), overridden on every app
#: page (issue 22); and its 28 px controls, too small for a finger: on a touch screen every button,
#: field, list and switch is 44 px tall (issue 42, the tablet pass), while text keeps its own line height
#: (ipywidgets sets an HTML widget's line height to that control height).
_ACCESS_CSS = (
    "<style>.jupyter-widget-Collapse-header{color:var(--jp-ui-font-color1)}"
    ".jupyter-button.mod-warning{color:#1b1b1b}"
    ".jupyter-button.mod-success{background-color:#2e7d32}"
    "@media (pointer:coarse){:root:root{--jp-widgets-inline-height:44px}.widget-html-content>*{line-height:1.5}}</style>"
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
        # an app whose board switches alone has no switch of its own
        self.lang = check_lang(lang) if self.switch is None else switch_to(self.switch, lang)
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
