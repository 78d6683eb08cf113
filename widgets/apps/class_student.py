"""A group's page of the live class experiment: join with the class's code, send rounds, see our own tallies.

Under the group's join a pupil may also type their own name: ``record_answers``
joins them to the class (``pokelab.teaching.join_class``), so every lesson
notebook on this computer records their answers for the teacher's
misconception dashboard from then on, without a ``join_class`` cell.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("7B")
>>> page = StudentPage(store, code=code, group="Team Pikachu")
>>> page.send(["red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue"]).mine
1
>>> print(StudentPage(store, code="WRONG1", group="A").error)
wrong join code: no class has the code 'WRONG1'
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

import ipywidgets as w

from pokelab.classroom import ClassroomError, ClassStore, check_name, draw_round
from pokelab.herecomes.bag import DEFAULT_BAG, WAVES
from pokelab.herecomes.pieces import COLOURS
from pokelab.tables.class_client import HubClass
from pokelab.teaching.classlink import join_class, leave_class
from pokelab.teaching.membership import remembered
from pokelab.words import Text, _, check_lang
from widgets.apps._common import (
    _WAVE_ENDS,
    _header,
    _token_html,
    colour_name,
    lang_switch,
    switch_to,
    t,
    text,
)
from widgets.apps.class_experiment import ClassExperiment
from widgets.apps.class_live import _StorePage

__all__ = ["StudentPage"]

_PUPIL: dict[str, Text] = {
    "title": _("Also record my lesson answers under my name"),
    "name": _("My name"),
    "placeholder": _("your own name, as your teacher knows you"),
    "record": _("Record my answers"),
    "recorded": _("Your lesson notebooks on this computer now record your answers as {name} for the class "
                  "{klass}, with no join_class cell."),
}


class StudentPage(_StorePage):
    """A group's page: join with the code and a group name, send rounds drawn from a real bag, see our own tallies.

    ``store``: the class database, or on a hub the class service (``HubClass``: the code left empty); ``code``/``group``: filled in (and joined)
    when given, e.g. from the link; ``seed``: the computer's draws (default: random).
    ``mine`` is how many rounds this group has in the class.
    """

    def __init__(
        self,
        store: ClassStore | HubClass,
        *,
        code: str = "",
        group: str = "",
        lang: str = "en",
        seed: int | None = None,
    ) -> None:
        self.store = store
        self.lang = check_lang(lang)
        self.rng = random.Random(seed)
        self.joined: tuple[str, str, str] | None = None  # (code, group, class name)
        self.group_token: str | None = None  # the group's token, from joining
        self.mine = 0
        self.error = ""
        self.message = ""
        self.switch = lang_switch(lang)
        self.header = w.HTML()
        self.code = w.Text(value=code, layout=w.Layout(width="16em"))
        self.code.add_class("pk-join-code")
        self.group = w.Text(value=group, layout=w.Layout(width="22em"))
        self.group.add_class("pk-group")
        self.join_button = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.join_button.add_class("pk-join")
        self.joined_html = w.HTML()
        self.wave_labels = [w.HTML(layout=w.Layout(width="11em")) for _ in WAVES]
        self.tokens = [  # numbered 1-10: a visible label screen readers announce too (issue 22)
            w.Dropdown(
                options=[("—", None)],
                value=None,
                description=str(i + 1),
                style={"description_width": "1.6em"},
                layout=w.Layout(width="8.1em"),
            )
            for i in range(sum(WAVES))
        ]
        rows = [
            w.HBox([label, *self.tokens[end - size : end]])
            for label, size, end in zip(self.wave_labels, WAVES, _WAVE_ENDS, strict=True)
        ]
        self.send_button = w.Button(button_style="success", icon="check")
        self.send_button.add_class("pk-send")
        self.draw_button = w.Button(icon="random", layout=w.Layout(width="auto"))
        self.draw_button.add_class("pk-draw-one")
        self.undo_button = w.Button(icon="undo", layout=w.Layout(width="auto"))
        self.status = w.HTML()
        self.status.add_class("pk-status")
        self.error_html = w.HTML()
        self.error_html.add_class("pk-error")
        self.experiment = ClassExperiment(lang=lang)  # renders our group's own tallies
        self.pupil: tuple[str, str] | None = None  # (name, class name) once this pupil's answers are recorded
        self.pupil_title = w.HTML()
        membership = remembered()
        self.pupil_name = w.Text(value=membership.name if membership else "", layout=w.Layout(width="22em"))
        self.pupil_name.add_class("pk-pupil-name")
        self.record_button = w.Button(icon="user", layout=w.Layout(width="auto"))
        self.record_button.add_class("pk-record-answers")
        self.record_html = w.HTML()
        self.record_html.add_class("pk-recorded")
        self.record_button.on_click(lambda _b: self._guard(self.record_answers))
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.join_button.on_click(lambda _b: self._guard(self.join))
        self.send_button.on_click(lambda _b: self._guard(self._send_form))
        self.draw_button.on_click(lambda _b: self._guard(self.draw))
        self.undo_button.on_click(lambda _b: self._guard(self.undo))
        self.ui = w.VBox(
            [
                w.HBox(
                    [self.header, self.switch], layout=w.Layout(justify_content="space-between")
                ),
                w.HBox(
                    [self.code, self.group, self.join_button], layout=w.Layout(flex_flow="row wrap")
                ),
                self.joined_html,
                self.pupil_title,
                w.HBox([self.pupil_name, self.record_button], layout=w.Layout(flex_flow="row wrap")),
                self.record_html,
                *rows,
                w.HBox(
                    [self.send_button, self.draw_button, self.undo_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.status,
                self.error_html,
                self.experiment.table,
            ]
        )
        self.ui.add_class("pk-student-page")
        self.set_lang(lang)
        if code and group:
            self._guard(self.join)

    # ------------------------------------------------------------------ actions
    def join(self) -> StudentPage:
        """Join the class with the code and group name typed in (``ClassAccessError`` for a wrong code)."""
        group = check_name(self.group.value)
        name = self.store.class_name(self.code.value)
        if self.joined is None or self.joined[:2] != (self.code.value, group):
            self.group_token = self.store.join_group(self.code.value, group)  # adds and undos need it
        self.joined = (self.code.value, group, name)
        self.refresh()
        return self

    def record_answers(self) -> StudentPage:
        """Join the class as the pupil named below the group: this computer's lesson notebooks record their answers.

        The class is the one this page joined (else the code typed in); a wrong code is a
        ``ClassAccessError``, a name another pupil took a ``ClassroomError``.
        """
        if isinstance(self.store, HubClass):  # on a hub the login is the pupil: no name, no code
            link = join_class()
            leave_class()
            self.pupil = (link.name, link.class_name)
            self._show_pupil()
            return self
        code = self.joined[0] if self.joined is not None else self.code.value
        url = self.store.url
        # a hidden password cannot be remembered: the lesson kernels then use $POKELAB_CLASS_DB, as this page did
        link = join_class(code, self.pupil_name.value, url=None if "***" in url else url)
        leave_class()  # this page answers no exercise: what counts is the membership the notebooks rejoin
        self.pupil = (link.name, link.class_name)
        self._show_pupil()
        return self

    def _show_pupil(self) -> None:
        if self.pupil is None:
            self.record_html.value = ""
            return
        name, klass = (html.escape(x) for x in self.pupil)
        said = _PUPIL["recorded"].with_fields(name=name, klass=klass).render(self.lang)
        self.record_html.value = f"<div data-testid='recorded'>√ {said}</div>"

    def send(self, tokens: Sequence[str], *, simulated: bool = False) -> StudentPage:
        """Send one round of 10 tokens in drawing order for our group."""
        code, group, _ = self._need_join()
        self.store.add_round(code, group, tokens, simulated=simulated, token=self.group_token)
        self.message = t(self.lang, "sent", tokens=_token_html(tuple(tokens), self.lang))
        self.refresh()
        return self

    def draw(self) -> StudentPage:
        """Let the computer draw a round from the bag and send it (marked as drawn by the computer)."""
        return self.send(draw_round(DEFAULT_BAG, self.rng), simulated=True)

    def undo(self) -> StudentPage:
        """Take back our group's last round (``ClassroomError`` when we have none)."""
        code, group, _ = self._need_join()
        self.store.undo_round(code, group, self.group_token)
        self.message = t(self.lang, "taken_back")
        self.refresh()
        return self

    def set_lang(self, lang: str) -> None:
        """Relabel the page in ``lang``."""
        self.lang = switch_to(self.switch, lang)
        self.header.value = _header(t(lang, "st_title"), t(lang, "st_intro"))
        self.code.description = t(lang, "join_code")
        self.group.description = t(lang, "group")
        self.group.placeholder = t(lang, "group_placeholder")
        self.join_button.description = t(lang, "join")
        self.pupil_title.value = f"<b>{html.escape(_PUPIL['title'].render(lang))}</b>"
        self.pupil_name.description = _PUPIL["name"].render(lang)
        self.pupil_name.placeholder = _PUPIL["placeholder"].render(lang)
        self.record_button.description = _PUPIL["record"].render(lang)
        self._show_pupil()
        for i, label in enumerate(self.wave_labels):
            label.value = f"<b>{html.escape(t(lang, 'order_card', i=i + 1, n=WAVES[i]))}</b>"
        options = [("—", None)] + [(colour_name(c, lang), c) for c in COLOURS]
        for dropdown in self.tokens:
            value = dropdown.value
            dropdown.options = options
            dropdown.value = value
        self.send_button.description = t(lang, "send")
        self.draw_button.description = t(lang, "draw_one")
        self.undo_button.description = t(lang, "undo_mine")
        self.experiment.set_lang(lang)
        self.refresh()

    def refresh(self) -> None:
        """Redraw our status line and our group's own tallies from the store."""
        lang = self.lang
        if self.joined is None:
            self.joined_html.value = ""
            self.status.value = html.escape(t(lang, "join_first"))
            return
        code, group, name = self.joined
        self.joined_html.value = t(lang, "joined", group=html.escape(group), name=html.escape(name))
        everyone = self.store.tally(code, group=group)
        mine = [i for i, g in enumerate(everyone.groups) if g == group]
        self.mine = len(mine)
        own = type(everyone)(
            everyone.bag, tuple(everyone.rounds[i] for i in mine), (group,) * len(mine)
        )
        self.experiment.tally = own
        self.experiment.refresh()
        status = html.escape(t(lang, "mine_status", mine=self.mine, n=everyone.n))
        self.status.value = f"<div data-testid='mine'>{status}</div>" + (
            f"<div>{self.message}</div>" if self.message else ""
        )

    # ------------------------------------------------------------------ internals
    def _need_join(self) -> tuple[str, str, str]:
        if self.joined is None:
            raise ClassroomError(text("join_first"))
        return self.joined

    def _send_form(self) -> None:
        tokens = [dropdown.value for dropdown in self.tokens]
        if None in tokens:
            i = tokens.index(None)
            card = next(k for k, end in enumerate(_WAVE_ENDS) if i < end)
            raise ClassroomError(
                _('choose the colour of token {value} (order card {value2}) first', value=i + 1, value2=card + 1),
            )
        self.send(tokens)
        for dropdown in self.tokens:
            dropdown.value = None
