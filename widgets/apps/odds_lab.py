"""The Here Comes Pokémon! odds lab: the board with the odds beside the hand, a bag editor and the 60-card table.

The board's own header carries the language switch, so the page has one (issue 42): the app
follows the board's language (``_BotBoardApp._on_board_lang``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from pokelab.classroom import ClassroomError
from pokelab.core.texts import decimals
from pokelab.herecomes.bag import DRAWS_PER_ROUND, validate_bag
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import card_table
from pokelab.words import _, check_lang, render
from widgets._words import reason_of
from widgets.apps._common import _BotBoardApp, _token_html, bot_choices, colour_name, t
from widgets.herecomes.board import HereComesBoard

__all__ = ["OddsLab"]


def _herecomes_board() -> Any:
    return HereComesBoard


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
        bot: str = "expected-points",
        bag: Mapping[str, int] | None = None,
        seed: int = 1,
        lang: str = "en",
    ) -> None:
        check_lang(lang)
        bots = self._check_lineup("herecomes", "Here Comes Pokémon!", opponents, bot)
        self.lang = lang
        self.seed = seed
        bag = validate_bag(bag)
        self.switch = None  # the board's own language switch is the page's one
        self.header = w.HTML()
        self.opponents = w.Dropdown(
            options=[1, 2, 3], value=opponents, layout=w.Layout(width="12em")
        )
        self.bot = w.Dropdown(options=bot_choices(bots, lang), value=bot, layout=w.Layout(width="16em"))
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
                self.header,
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

        Raises ``ClassroomError`` (in every language) when the bag cannot fill a round (HC-C1).
        """
        total = sum(self.bag().values())
        if total < DRAWS_PER_ROUND:
            raise ClassroomError(
                _('the bag holds {total} tokens but a round draws {DRAWS_PER_ROUND}: add at least {value} more', total=total, DRAWS_PER_ROUND=DRAWS_PER_ROUND, value=DRAWS_PER_ROUND - total),
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
        names = [_("You").render(self.lang)] + [
            _("Bot {n}", n=i).render(self.lang) for i in range(1, self.opponents.value + 1)
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
            text = err.message(self.lang) if isinstance(err, ClassroomError) else render(reason_of(err), self.lang)
            self.error_html.value = f"<div role='alert' style='color:#b71c1c;font-weight:bold'>{html.escape(text)}</div>"

    def _update_bag_info(self) -> None:
        bag = self.bag()
        self.total.value = (
            _token_html([c for c in COLOURS for _ in range(bag[c])], self.lang)
            + " "
            + html.escape(t(self.lang, "bag_total", n=sum(bag.values())))
        )

    def _update_cards(self, bag: Mapping[str, int]) -> None:
        table = card_table(bag, lang=self.lang)
        table = table.sort_values(by=table.columns[7], ascending=False)  # the chance, best first
        self.cards.value = table.to_html(index=False, float_format=lambda x: decimals(x, 3), border=0)
