"""The teacher's live dashboard of the class experiment: every group's rounds pooled as they arrive.

The dashboard polls the class database about twice a second from a background
thread and redraws only when a round arrived, was taken back or the class was
reset; ``stop()`` (or closing the page, which ends its kernel) ends the polling.
The tallies, the chart and the per-group comparison are the one-screen
``ClassExperiment``'s panels, fed from the store. The dashboard is meant for the
projector: the teacher key never shows on it unless the teacher asks
(``show_key``), and the key field is a password field.

>>> from pokelab.classroom import ClassStore
>>> from widgets.apps.class_student import StudentPage
>>> store = ClassStore.connect("sqlite://")
>>> teacher = TeacherDashboard(store, poll=None)
>>> code, key = teacher.create("7B")
>>> key in teacher.keys_html.value
False
>>> student = StudentPage(store, code=code, group="Team Pikachu")
>>> student.send(["red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue"]).mine
1
>>> teacher.poll_once(), teacher.experiment.tally.n
(True, 1)
>>> TeacherDashboard(store, code=code, key="WRONG", poll=None).opened is None
True
"""

from __future__ import annotations

import base64
import html
import re
import time
from pathlib import Path

import ipywidgets as w

from pokelab.classroom import ClassroomError, ClassStore
from pokelab.tables.class_client import HubClass
from pokelab.words import check_lang
from widgets.apps._common import _header, lang_switch, switch_to, t, text
from widgets.apps._tables_panel import TablesPanel
from widgets.apps.class_experiment import ClassExperiment
from widgets.apps.class_live import _Poller, _StorePage

__all__ = ["TeacherDashboard"]


class TeacherDashboard(_StorePage):
    """The teacher's live view of the class: pooled tallies, exact odds and intervals, every group, export and reset.

    ``poll``: seconds between looks at the database (``None``: no background
    polling; call ``poll_once()``). ``experiment`` holds the class's current
    ``ClassTally`` and draws the table, chart and group comparison.
    """

    def __init__(
        self,
        store: ClassStore | HubClass,
        *,
        code: str = "",
        key: str = "",
        lang: str = "en",
        poll: float | None = 0.5,
        export_dir: str | Path = ".",
    ) -> None:
        self.store = store
        self.lang = check_lang(lang)
        self.export_dir = Path(export_dir)
        self.opened: tuple[str, str, str] | None = None  # (code, key, class name)
        self.revision: tuple[int, int, int] | None = None
        self.new_key = ""  # made by create(): the page says so (the key itself only on request)
        self.error = ""
        self.message = ""
        self.updated = ""
        self.switch = lang_switch(lang)
        self.header = w.HTML()
        self.class_name = w.Text(layout=w.Layout(width="16em"))
        self.create_button = w.Button(
            button_style="primary", icon="plus", layout=w.Layout(width="auto")
        )
        self.create_button.add_class("pk-new-class")
        self.code = w.Text(value=code, layout=w.Layout(width="14em"))
        self.key = w.Password(value=key, layout=w.Layout(width="20em"))
        self.key.add_class("pk-teacher-key")
        self.open_button = w.Button(icon="folder-open", layout=w.Layout(width="auto"))
        self.open_button.add_class("pk-open-class")
        self.keys_html = w.HTML()
        # The projector shows this page: the key appears only while the teacher holds it shown.
        self.show_key = w.ToggleButton(value=False, icon="eye", layout=w.Layout(width="auto"))
        self.show_key.add_class("pk-show-key")
        self.live = w.HTML()
        self.live.add_class("pk-live")
        self.export_button = w.Button(icon="download", layout=w.Layout(width="auto"))
        self.reset_button = w.Button(
            button_style="danger", icon="trash", layout=w.Layout(width="auto")
        )
        self.error_html = w.HTML()
        self.error_html.add_class("pk-error")
        self.message_html = w.HTML()
        self.experiment = ClassExperiment(lang=lang)
        self.tables = TablesPanel(store, lang)  # the class's shared game tables (issue 19)
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.show_key.observe(lambda _ch: self.refresh(), names="value")
        self.create_button.on_click(
            lambda _b: self._guard(lambda: self.create(self.class_name.value))
        )
        self.open_button.on_click(lambda _b: self._guard(self.open))
        self.export_button.on_click(lambda _b: self._guard(self.export))
        self.reset_button.on_click(lambda _b: self._guard(self.reset))
        exp = self.experiment
        self.ui = w.VBox(
            [
                w.HBox(
                    [self.header, self.switch], layout=w.Layout(justify_content="space-between")
                ),
                w.HBox(
                    [self.class_name, self.create_button], layout=w.Layout(flex_flow="row wrap")
                ),
                w.HBox(
                    [self.code, self.key, self.open_button], layout=w.Layout(flex_flow="row wrap")
                ),
                w.HBox([self.keys_html, self.show_key], layout=w.Layout(flex_flow="row wrap")),
                self.live,
                self.error_html,
                self.message_html,
                exp.table,
                exp.chart,
                w.HBox(
                    [exp.groups_html, exp.streak],
                    layout=w.Layout(flex_flow="row wrap", justify_content="space-between"),
                ),
                w.HBox(
                    [self.export_button, self.reset_button], layout=w.Layout(flex_flow="row wrap")
                ),
                self.tables.html,
            ]
        )
        self.ui.add_class("pk-teacher-dashboard")
        self._poller = _Poller("pokelab-dashboard", self.poll_once, self)
        #: On a hub (``class_store()`` gave the class service) the classes are hub groups and the teacher
        #: is their login: nothing to create, no key to type or show.
        self.hub = bool(getattr(store, "hub", False))
        if self.hub:
            for hidden in (self.class_name, self.create_button, self.key, self.show_key):
                hidden.layout.display = "none"
            self.code.layout.width = "28em"  # its label is a sentence here
            self.code.style.description_width = "initial"
        self.set_lang(lang)
        if (code and key) or self.hub:
            self._guard(self.open)
        if poll is not None:
            self.start(poll)

    # ------------------------------------------------------------------ actions
    def create(self, name: str) -> tuple[str, str]:
        """Create a class called ``name``, open it and show its join code and (once) its teacher key."""
        code, key = self.store.create_class(name)
        self.code.value, self.key.value, self.new_key = code, key, key
        self.open()
        return code, key

    def open(self) -> TeacherDashboard:
        """Open the class with the join code and teacher key typed in (``ClassAccessError`` if either is wrong)."""
        code, key = self.code.value.strip().upper(), self.key.value
        if self.hub:  # the class service takes the login: the class by name, or the one this login teaches
            code, key = self.code.value.strip() or None, None
        self.store.groups(code, key)  # checks the key (and logs a wrong one); on a hub, that this login teaches
        self.opened = (code, key, self.store.class_name(code))
        if key != self.new_key:  # another class: no "a key was made" line for it
            self.new_key = ""
        self.show_key.value = False  # a class opens with its key hidden
        self.revision = None
        self.poll_once()
        return self

    def poll_once(self) -> bool:
        """Look at the database once; redraw and return True when the class's rounds changed."""
        if self.opened is None:
            return False
        code, key, _ = self.opened
        self.tables.poll(code, key)
        revision = self.store.revision(code)
        if revision == self.revision:
            return False
        self.experiment.tally = self.store.tally(code, key)
        self.revision = revision
        self.updated = time.strftime("%H:%M:%S")
        self.refresh()
        return True

    def export(self) -> Path:
        """Save every round to a CSV file (in ``export_dir``) and offer it for download."""
        code, key, name = self._need_open()
        safe = re.sub(r"[^\w.-]+", "-", name).strip("-") or "class"
        path = self.export_dir / f"class-{safe}-{time.strftime('%Y%m%d-%H%M%S')}.csv"
        self.store.export_csv(code, key, path)
        href = "data:text/csv;base64," + base64.b64encode(path.read_bytes()).decode()
        self.message = t(
            self.lang,
            "exported",
            n=self.experiment.tally.n,
            path=html.escape(str(path)),
            file=html.escape(path.name),
            href=href,
        )
        self.message_html.value = self.message
        return path

    def reset(self) -> int:
        """Delete every round of the class (the teacher key is the one the class was opened with)."""
        code, key, _ = self._need_open()
        gone = self.store.reset(code, key)
        self.message = html.escape(t(self.lang, "reset_done", n=gone))
        self.message_html.value = self.message
        self.poll_once()
        return gone

    def set_lang(self, lang: str) -> None:
        """Relabel the dashboard in ``lang``."""
        self.lang = switch_to(self.switch, lang)
        self.header.value = _header(t(lang, "tc_title"), t(lang, "tc_hub_intro" if self.hub else "tc_intro"))
        self.class_name.description = t(lang, "class_name")
        self.class_name.placeholder = t(lang, "class_placeholder")
        self.create_button.description = t(lang, "new_class")
        self.code.description = t(lang, "hub_class" if self.hub else "join_code")
        self.key.description = t(lang, "teacher_key")
        self.open_button.description = t(lang, "open")
        self.export_button.description = t(lang, "export")
        self.reset_button.description = t(lang, "reset_class")
        self.experiment.set_lang(lang)
        self.tables.set_lang(lang)
        self.refresh()

    def refresh(self) -> None:
        """Redraw the class line, the live line and the panels from the current tally."""
        lang = self.lang
        if self.opened is None:
            self.keys_html.value = html.escape(t(lang, "open_first"))
            self.show_key.layout.display = "none"
            self.live.value = ""
            return
        code, key, name = self.opened
        if self.hub:
            words = t(lang, "class_open_hub", name=html.escape(name))
        else:
            words = t(lang, "key_made" if self.new_key else "class_open", name=html.escape(name), code=code)
        if self.show_key.value:
            words += "<br>" + t(lang, "key_shown", teacher_key=html.escape(key))
        self.keys_html.value = words
        self.show_key.layout.display = "none" if self.hub else ""
        self.show_key.description = t(lang, "hide_key" if self.show_key.value else "show_key")
        tally = self.experiment.tally
        groups = len(set(tally.groups))
        live = t(lang, "live", n=tally.n, groups=groups, time=self.updated)
        self.live.value = (
            f"<div data-testid='live' data-rounds='{tally.n}'>{html.escape(live)}</div>"
        )
        self.experiment.refresh()

    # ------------------------------------------------------------------ polling
    def start(self, every: float = 0.5) -> None:
        """Look at the class store every ``every`` seconds in a background thread (until ``stop()``)."""
        self._poller.start(every)

    def stop(self) -> None:
        """Stop looking."""
        self._poller.stop()

    def _need_open(self) -> tuple[str, str, str]:
        if self.opened is None:
            raise ClassroomError(text("open_first"))
        return self.opened
