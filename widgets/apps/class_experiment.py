"""The whole-class "draw from the bag" experiment on one screen: groups enter rounds, the tallies meet the exact odds.

The form and the buttons are here; the panels drawn from the tally (table, chart, streak, groups)
are in ``_experiment_panels``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from pokelab.classroom import DEFAULT_EVENTS, SIMULATED, ClassroomError, ClassTally, parse_event
from pokelab.errors import IllegalAction
from pokelab.herecomes.bag import WAVES
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import _, check_lang, render
from widgets._words import reason_of
from widgets.apps import _experiment_panels as panels
from widgets.apps._common import (
    _WAVE_ENDS,
    _header,
    _token_html,
    colour_name,
    lang_switch,
    switch_to,
    t,
)

__all__ = ["ClassExperiment"]


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
            tokens=_token_html(self.tally.rounds[-1], self.lang),
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
        self.lang = switch_to(self.switch, lang)
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
        bag = "".join(f"{_token_html([c] * tally.bag[c], lang)} " for c in COLOURS if tally.bag[c])
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
        self.table.value = panels.table_html(tally, self.events, lang)
        self.figure = panels.figure(tally, self.events, lang)
        self.chart.outputs = (panels.chart_output(self.figure, tally.n, lang),)
        self.streak.value = panels.streak_html(tally, self.events, lang)
        self.groups_html.value = panels.groups_html(tally, self.events, lang)

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
            first = len(self.tokens) + 1
            dds = [  # numbered 1-10: a visible label screen readers announce too (issue 22)
                w.Dropdown(
                    options=[("—", None), *((c, c) for c in COLOURS)],
                    value=None,
                    description=str(first + i),
                    style={"description_width": "1.6em"},
                    layout=w.Layout(width="8.1em"),
                )
                for i in range(size)
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
        self.figure = panels.empty_figure()
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
            self.error = render(reason_of(err), self.lang)
            self.refresh()

    def _on_record(self) -> None:
        def record() -> None:
            tokens = [dd.value for dd in self.tokens]
            if None in tokens:
                i = tokens.index(None)
                card = next(k for k, end in enumerate(_WAVE_ENDS) if i < end)
                raise ClassroomError(
                    _('choose the colour of token {value} (order card {value2}) first', value=i + 1, value2=card + 1),
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
