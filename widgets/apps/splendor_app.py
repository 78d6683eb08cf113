"""Splendor: Pokémon against 1–3 bots, with a bot chooser and the coach switch above the board.

The board's own header carries the seed, "new game" and the language switch, so the page has
one set of them (issue 30); choosing another line-up deals a new game at once, with the board's seed.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from pokelab.words import _, check_lang
from widgets.apps._common import _BotBoardApp, bot_choices
from widgets.splendor.board import SplendorBoard

__all__ = ["SplendorApp"]

#: The coach switch's words (issue 23): the board's odds panel, line, Suggest and Review.
COACH_SWITCH = (_("Coach and odds"), _("Show the win chances, the coach's suggestions and the review"))


def _splendor_board() -> Any:
    return SplendorBoard


class SplendorApp(_BotBoardApp):
    """Splendor: Pokémon against 1–3 bots, with a bot chooser and the coach switch; the board holds seed, new game and language.

    >>> app = SplendorApp(opponents=1, bot="random", seed=2, lang="zh")
    >>> app.board.players, app.board.lang
    (['你', '电脑 1'], 'zh')
    >>> app.opponents.value = 2  # a new line-up: a new game at once, same seed
    >>> app.board.players, app.board.seed
    (['你', '电脑 1', '电脑 2'], 2)

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
        self.switch = None  # the board's own language switch is the page's one
        self.header = w.HTML()
        self.opponents = w.Dropdown(
            options=[1, 2, 3], value=opponents, layout=w.Layout(width="12em")
        )
        self.bot = w.Dropdown(options=bot_choices(bots, lang), value=bot, layout=w.Layout(width="16em"))
        self.board_box = w.VBox(layout=w.Layout(width="100%"))
        self.ui = w.VBox(
            [
                w.HBox(  # the page's title beside its few settings: the board starts one row higher
                    [self.header, w.HBox([self.opponents, self.bot, self.coach_switch],
                                         layout=w.Layout(flex_flow="row wrap", align_items="center"))],
                    layout=w.Layout(justify_content="space-between", align_items="center"),
                ),
                self.board_box,
            ]
        )
        self.ui.add_class("pk-splendor-app")
        self.board: Any = None
        self._seed = seed
        self.new_game()
        self.set_lang(lang)
        for choice in (self.opponents, self.bot):
            choice.observe(self._on_lineup, names="value")

    def new_game(self) -> SplendorApp:
        """A fresh game with the chosen number and kind of bots and the board's seed (the board's "new game" keeps the line-up)."""
        seed = self._seed if self.board is None else int(self.board.seed)
        names = [_("You").render(self.lang)] + [
            _("Bot {n}", n=i).render(self.lang) for i in range(1, self.opponents.value + 1)
        ]
        board = _splendor_board()(
            names,
            bots={i: self.bot.value for i in range(1, len(names))},
            lang=self.lang,
            seed=seed,
            odds=self.coach_switch.value,
            coach=self.coach_switch.value,
        )
        board.observe(self._on_board_lang, names="lang")
        if self.board is not None:
            self.board.close()  # its coach thread and playouts stop with it
        self.board = board
        self._lineup = (self.opponents.value, self.bot.value)
        self.board_box.children = [board]
        return self

    def _on_lineup(self, _change: Any) -> None:
        """A new game when the chosen line-up differs from the board's (relabelling the choices in another language does not)."""
        if self._lineup != (self.opponents.value, self.bot.value):
            self.new_game()

    def set_lang(self, lang: str) -> None:
        """Relabel the app and the board in ``lang``."""
        self._relabel(lang, "sp_title", "sp_intro")
        self.coach_switch.description, self.coach_switch.tooltip = (word.render(lang) for word in COACH_SWITCH)

    def _set_coach(self, on: bool) -> None:
        """Show or hide the board's odds and coach (the teacher's switch)."""
        if self.board is not None:
            self.board.odds_on = self.board.coach_on = bool(on)
