"""The class experiment on many devices: a page for each group and a live dashboard for the teacher.

Both talk to one class database (``pokelab.classroom.ClassStore``): SQLite on
the teacher's laptop when ``make app`` serves the pages over the classroom
network, or PostgreSQL when every student's kernel on a JupyterHub points at the
same URL (``POKELAB_CLASS_DB``). The student page needs the class's join code;
the dashboard needs the teacher key. The dashboard polls the database about
twice a second from a background thread and redraws only when a round arrived,
was taken back or the class was reset; ``stop()`` (or closing the page, which
ends its kernel) ends the polling. The tallies, the chart and the per-group
comparison are the one-screen ``ClassExperiment``'s panels, fed from the store.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> teacher = TeacherDashboard(store, poll=None)
>>> code, key = teacher.create("7B")
>>> student = StudentPage(store, code=code, group="Team Pikachu")
>>> student.send(["red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue"]).mine
1
>>> teacher.poll_once(), teacher.experiment.tally.n
(True, 1)
>>> print(StudentPage(store, code="WRONG1", group="A").error)
wrong join code: no class has the code 'WRONG1'
"""

from __future__ import annotations

import base64
import html
import os
import random
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from pokelab.classroom import (
    ClassAccessError,
    ClassroomError,
    ClassStore,
    ClassStoreBusy,
    check_name,
    draw_round,
)
from pokelab.errors import IllegalAction, check_lang
from pokelab.herecomes.bag import COLOURS, DEFAULT_BAG, WAVES
from pokelab.words import _
from widgets.apps._common import _WAVE_ENDS, _header, _token_html, colour_name, lang_switch, t, text
from widgets.apps._tables_panel import TablesPanel
from widgets.apps.class_experiment import ClassExperiment

__all__ = ["StudentPage", "TeacherDashboard", "class_link"]

_ALERT = "<div role='alert' style='color:#b71c1c;font-weight:bold'>{}</div>"


def class_link(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The join code and group name a link carries (``…/class-student.ipynb?code=K7M2QX&group=Team+A``).

    Voilà hands the URL's query string to the kernel as ``QUERY_STRING``; a value
    that is too long is dropped (the page then asks for it).

    >>> class_link({"QUERY_STRING": "code=K7M2QX&group=Team%20A&lang=zh"})
    {'code': 'K7M2QX', 'group': 'Team A'}
    >>> class_link({"QUERY_STRING": "code=" + "A" * 100})
    {'code': '', 'group': ''}
    """
    query = parse_qs((os.environ if environ is None else environ).get("QUERY_STRING", ""))
    fields = {name: query.get(name, [""])[-1].strip() for name in ("code", "group")}
    return {name: value if len(value) <= 40 else "" for name, value in fields.items()}


def _explain(err: Exception, lang: str) -> str:
    """A refusal in the page's language (rule ID first for a rule of the game)."""
    if isinstance(err, IllegalAction):
        return f"[{err.rule}] {err.message(lang)}"
    if isinstance(err, ClassroomError | ClassAccessError | ClassStoreBusy):
        return err.message(lang)
    return t(lang, "db_trouble", error=str(err)[:200])


class _StorePage:
    """What both pages share: the store, the language switch, and showing a refusal instead of a traceback."""

    store: ClassStore
    lang: str
    error: str
    error_html: w.HTML

    def _guard(self, action: Callable[[], Any]) -> bool:
        try:
            action()
        except (ValueError, PermissionError, TimeoutError, OSError) as err:
            self.error = _explain(err, self.lang)
            self.error_html.value = _ALERT.format(html.escape(self.error))
            return False
        except Exception as err:  # a database driver error: say so, keep the page alive
            self.error = _explain(err, self.lang)
            self.error_html.value = _ALERT.format(html.escape(self.error))
            return False
        self.error = ""
        self.error_html.value = ""
        return True


class StudentPage(_StorePage):
    """A group's page: join with the code and a group name, send rounds drawn from a real bag, see our own tallies.

    ``store``: the class database; ``code``/``group``: filled in (and joined)
    when given, e.g. from the link; ``seed``: the computer's draws (default: random).
    ``mine`` is how many rounds this group has in the class.
    """

    def __init__(
        self,
        store: ClassStore,
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
        self.lang = check_lang(lang)
        if self.switch.value != lang:
            self.switch.value = lang
        self.header.value = _header(t(lang, "st_title"), t(lang, "st_intro"))
        self.code.description = t(lang, "join_code")
        self.group.description = t(lang, "group")
        self.group.placeholder = t(lang, "group_placeholder")
        self.join_button.description = t(lang, "join")
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


class TeacherDashboard(_StorePage):
    """The teacher's live view of the class: pooled tallies, exact odds and intervals, every group, export and reset.

    ``poll``: seconds between looks at the database (``None``: no background
    polling; call ``poll_once()``). ``experiment`` holds the class's current
    ``ClassTally`` and draws the table, chart and group comparison.
    """

    def __init__(
        self,
        store: ClassStore,
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
        self.new_key = ""  # shown once, right after the class is created
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
                self.keys_html,
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
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.set_lang(lang)
        if code and key:
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
        self.store.groups(code, key)  # checks the key (and logs a wrong one)
        self.opened = (code, key, self.store.class_name(code))
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
        self.lang = check_lang(lang)
        if self.switch.value != lang:
            self.switch.value = lang
        self.header.value = _header(t(lang, "tc_title"), t(lang, "tc_intro"))
        self.class_name.description = t(lang, "class_name")
        self.class_name.placeholder = t(lang, "class_placeholder")
        self.create_button.description = t(lang, "new_class")
        self.code.description = t(lang, "join_code")
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
            self.live.value = ""
            return
        code, _, name = self.opened
        if self.new_key:
            self.keys_html.value = t(
                lang,
                "keys_shown",
                name=html.escape(name),
                code=code,
                teacher_key=html.escape(self.new_key),
            )
        else:
            self.keys_html.value = t(lang, "class_open", name=html.escape(name), code=code)
        tally = self.experiment.tally
        groups = len(set(tally.groups))
        live = t(lang, "live", n=tally.n, groups=groups, time=self.updated)
        self.live.value = (
            f"<div data-testid='live' data-rounds='{tally.n}'>{html.escape(live)}</div>"
        )
        self.experiment.refresh()

    # ------------------------------------------------------------------ polling
    def start(self, every: float = 0.5) -> None:
        """Poll the database every ``every`` seconds in a background thread (until ``stop()``)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._poll, args=(every,), daemon=True, name="pokelab-dashboard"
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop polling."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _poll(self, every: float) -> None:
        while not self._stop.wait(every):
            if getattr(self.ui, "comm", True) is None:  # the page's widgets were closed
                return
            try:
                self.poll_once()
            except Exception as err:  # the database is away for a moment: say so, keep polling
                self.error_html.value = _ALERT.format(html.escape(_explain(err, self.lang)))

    def _need_open(self) -> tuple[str, str, str]:
        if self.opened is None:
            raise ClassroomError(text("open_first"))
        return self.opened
