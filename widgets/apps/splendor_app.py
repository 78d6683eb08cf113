"""Splendor: Pokémon against 1–3 bots, with a bot chooser, a seed and a "new game" button."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from pokelab.errors import check_lang
from pokelab.words import _
from widgets.apps._common import _BotBoardApp, bot_choices, lang_switch, t
from widgets.splendor import SplendorBoard

__all__ = ["SplendorApp"]

#: The coach switch's words (issue 23): the board's odds panel, line, Suggest and Review.
COACH_SWITCH = (_("Coach and odds"), _("Show the win chances, the coach's suggestions and the review"))


def _splendor_board() -> Any:
    return SplendorBoard


class SplendorApp(_BotBoardApp):
    """Splendor: Pokémon against 1–3 bots, with a bot chooser, a seed and a "new game" button.

    >>> app = SplendorApp(opponents=1, bot="random", seed=2, lang="zh")
    >>> app.board.players, app.board.lang
    (['你', '电脑 1'], 'zh')

    ``coach=True`` turns on the board's odds panel, Suggest and Review, with a
    checkbox to hide them; ``assessment=True`` turns them off and removes the
    checkbox, so nobody can switch them back on during a test.

    >>> SplendorApp(opponents=1, bot="random", coach=True).board.coach_on
    True
    >>> SplendorApp(coach=True, assessment=True).coach_switch.layout.display
    'none'
    >>> SplendorApp(bot="deep-blue")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'deep-blue' for Splendor: choose greedy, mcts-easy, mcts-hard, mcts-medium, random
    """

    def __init__(
        self,
        *,
        opponents: int = 1,
        bot: str = "greedy",
        seed: int = 0,
        lang: str = "en",
        coach: bool = False,
        assessment: bool = False,
    ) -> None:
        check_lang(lang)
        for name, value in (("coach", coach), ("assessment", assessment)):
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be True or False, not {value!r}")
        self.coach_switch = w.Checkbox(value=coach and not assessment, indent=False)
        self.coach_switch.add_class("pk-coach-switch")
        if assessment:
            self.coach_switch.disabled = True
            self.coach_switch.layout.display = "none"
        self.coach_switch.observe(lambda ch: self._set_coach(ch["new"]), names="value")
        bots = self._check_lineup("splendor", "Splendor", opponents, bot)
        self.lang = lang
        self.switch = lang_switch(lang)
        self.header = w.HTML()
        self.opponents = w.Dropdown(
            options=[1, 2, 3], value=opponents, layout=w.Layout(width="12em")
        )
        self.bot = w.Dropdown(options=bot_choices(bots, lang), value=bot, layout=w.Layout(width="16em"))
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
                    [self.opponents, self.bot, self.seed, self.new_button, self.coach_switch],
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
        names = [_("You").render(self.lang)] + [
            _("Bot {n}", n=i).render(self.lang) for i in range(1, self.opponents.value + 1)
        ]
        board = _splendor_board()(
            names,
            bots={i: self.bot.value for i in range(1, len(names))},
            lang=self.lang,
            seed=self.seed.value,
            odds=self.coach_switch.value,
            coach=self.coach_switch.value,
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
        self.coach_switch.description, self.coach_switch.tooltip = (word.render(lang) for word in COACH_SWITCH)

    def _set_coach(self, on: bool) -> None:
        """Show or hide the board's odds and coach (the teacher's switch)."""
        if self.board is not None:
            self.board.odds_on = self.board.coach_on = bool(on)
