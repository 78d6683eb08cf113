"""The teacher's live picture of a lesson: what the class answered, which misconceptions, who is where.

The teacher opens a class (join code + teacher key, as the class experiment's
dashboard) and picks a lesson. For each exercise a bar chart shows how many
pupils chose each option or gave each class of answer — right bars plain, wrong
ones hatched, each bar labelled with its option and count, so nothing is told
by colour alone; the named misconceptions are ranked; a grid shows each pupil ×
exercise as right √, not yet right ×, answered ○ or not tried · (symbol and
word); and the discussion question the teacher's guide gives for the class's
most-chosen misconception. The page looks at the class store twice a second
(a background thread) and redraws when an answer arrived. "Hide names" shows
pupils as numbers, for a projector. The teacher also sets the class's reveal
policy here (``ClassStore.set_reveal``), exports the answers, and deletes one
pupil's answers after a confirmation step (``class_delete.PupilDelete``).

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("8C")
>>> page = MisconceptionDashboard(store, code=code, key=key, poll=None)
>>> page.poll_once(), "data-answers='0'" in page.live.value
(False, True)
>>> page.lang = "fr"; page.set_lang("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import base64
import html
import json
import re
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w
import plotly.graph_objects as go

from pokelab.classroom import ClassStore
from pokelab.classroom.answers import REVEAL_POLICIES
from pokelab.teaching.classreport import PROGRESS, LessonReport, lesson_report, lessons
from pokelab.words import Text, _, _p, check_lang
from widgets.apps._common import _header, lang_switch, switch_to
from widgets.apps.class_delete import PupilDelete
from widgets.apps.class_live import _ALERT, _explain, _Poller

if TYPE_CHECKING:
    from pokelab.tables.class_client import HubClass

__all__ = ["MisconceptionDashboard"]

_TEXT: dict[str, Text] = {
    "title": _("What the class got wrong — live"),
    "intro": _("Open your class with its join code and teacher key, then pick a lesson. Every answer your pupils "
               "give in a notebook that joined the class (join_class) appears here within seconds."),
    "hub_intro": _("Your hub login opens the class you teach (name it below if you teach several), then pick a "
                   "lesson. Every answer your pupils give in a lesson notebook on the hub appears here within seconds."),
    "hub_class": _("Class (empty: the one you teach)"),
    "join_code": _("Join code"),
    "teacher_key": _("Teacher key"),
    "open": _("Open"),
    "lesson": _("Lesson"),
    "hide": _("Hide names (numbers only)"),
    "reveal": _("Answers shown"),
    "export": _("Export answers (CSV)"),
    "open_first": _("Open a class first."),
    "live": _("{n} answers from {pupils} pupils in this lesson · updated {time}"),
    "ranked": _("Misconceptions, most pupils first"),
    "none_yet": _("No misconception chosen yet."),
    "discuss": _("Discuss with the class"),
    "progress": _("Progress"),
    "pupil": _("Pupil"),
    "pupil_n": _("Pupil {n}"),
    "exercise": _("Exercise"),
    "pupils": _("pupils"),
    "share": _("share"),
    "chart": _("Answers per exercise (pupils; hatched bars are wrong answers)"),
    "exported": _("Saved {path}."),
}
_REVEAL: dict[str, Text] = {
    "pupil": _p("reveal policy", "when a pupil asks"),
    "after-tries": _p("reveal policy", "only after three tries"),
    "never": _p("reveal policy", "never (hints only)"),
}
_PATTERNS = ("/", "x", ".", "\\", "+", "-", "|")
_TABLE_CSS = ("<style>.pk-misconceptions table td,.pk-misconceptions table th{padding:2px 10px;"
              "border-bottom:1px solid #cfd8dc;text-align:left}</style>")
_RIGHT, _WRONG = "#2e7d32", "#ef6c00"


def _t(key: str, lang: str, **fields: Any) -> str:
    return (_TEXT[key].with_fields(**fields) if fields else _TEXT[key]).render(lang)


def _lesson_label(lesson: str) -> str:
    return lesson.removesuffix(".ipynb")


class MisconceptionDashboard:
    """The teacher's misconception dashboard; ``.ui`` is the page. ``poll``: seconds between looks (None: ``poll_once``)."""

    def __init__(self, store: ClassStore | HubClass, *, code: str = "", key: str = "", lang: str = "en",
                 lesson: str | None = None, poll: float | None = 0.5, export_dir: str | Path = ".") -> None:
        self.store = store
        self.lang = check_lang(lang)
        self.export_dir = Path(export_dir)
        self.opened: tuple[str, str] | None = None
        self.report: LessonReport | None = None
        self.revision: Any = None
        self.updated = ""
        self.switch = lang_switch(lang)
        self.header = w.HTML()
        said_whole = {"description_width": "initial"}  # a label as long as its words (80 px cut "Answers shown")
        self.code = w.Text(value=code, layout=w.Layout(width="14em"), style=said_whole)
        self.key = w.Password(value=key, layout=w.Layout(width="20em"), style=said_whole)
        self.open_button = w.Button(icon="folder-open", layout=w.Layout(width="auto"))
        self.open_button.add_class("pk-open-class")
        all_lessons = lessons()
        self.lesson = w.Dropdown(options=[(_lesson_label(x), x) for x in all_lessons],
                                 value=lesson if lesson in all_lessons else all_lessons[0],
                                 layout=w.Layout(width="34em"), style=said_whole)
        self.lesson.add_class("pk-lesson")
        self.hide = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.hide.add_class("pk-hide-names")
        self.reveal = w.Dropdown(layout=w.Layout(width="auto"), style=said_whole)
        self.reveal.add_class("pk-reveal")
        self.export_button = w.Button(icon="download", layout=w.Layout(width="auto"))
        self.delete = PupilDelete(store, lambda: self.opened, on_deleted=self._deleted)
        self.live = w.HTML()
        self.error_html = w.HTML()
        self.message_html = w.HTML()
        self.chart = w.Output(layout=w.Layout(width="100%"))
        self.chart.add_class("pk-answer-chart")
        self.ranked_html = w.HTML()
        self.question_html = w.HTML()
        self.grid_html = w.HTML()
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.open_button.on_click(lambda _b: self._guard(self.open))
        self.lesson.observe(lambda _ch: self._guard(self.reload), names="value")
        self.hide.observe(lambda _ch: self.draw(), names="value")
        self.reveal.observe(self._on_reveal, names="value")
        self.export_button.on_click(lambda _b: self._guard(self.export))
        self.delete.button.on_click(lambda _b: self._guard(self.delete.ask))
        self.delete.yes.on_click(lambda _b: self._guard(self.delete.confirm))
        self.ui = w.VBox([
            w.HBox([self.header, self.switch], layout=w.Layout(justify_content="space-between")),
            w.HBox([self.code, self.key, self.open_button], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.lesson, self.hide, self.reveal, self.export_button], layout=w.Layout(flex_flow="row wrap")),
            self.delete.ui,
            self.live, self.error_html, self.message_html,
            self.question_html, self.chart, self.ranked_html, self.grid_html,
        ])
        self.ui.add_class("pk-misconceptions")
        self._lock = threading.RLock()
        self._poller = _Poller("pokelab-misconceptions", self.poll_once, self)
        #: On a hub (``class_store()`` gave the class service) the teacher is their hub login: no key to type.
        self.hub = bool(getattr(store, "hub", False))
        if self.hub:
            self.key.layout.display = "none"
            self.code.layout.width = "28em"  # its label is a sentence here: room for it and the class's name
        self.set_lang(lang)
        if (code and key) or self.hub:
            self._guard(self.open)
        if poll is not None:
            self.start(poll)

    # ------------------------------------------------------------------ actions
    def _guard(self, action: Any) -> bool:
        try:
            action()
        except Exception as err:  # a wrong key, a store away: say so, keep the page alive
            self.error_html.value = _ALERT.format(html.escape(_explain(err, self.lang)))
            return False
        self.error_html.value = ""
        return True

    def open(self) -> MisconceptionDashboard:
        """Open the class with the join code and teacher key typed in (``ClassAccessError`` if either is wrong)."""
        code, key = self.code.value.strip().upper(), self.key.value
        self.store.check_teacher(code, key)
        self.opened = (code, key)
        self.reveal.value = self.store.reveal_policy(code)
        self.reload()
        return self

    def reload(self) -> None:
        """Read the lesson's answers again and redraw."""
        self.revision = None
        self.poll_once()
        if self.opened is None:
            self.draw()

    def poll_once(self) -> bool:
        """Look at the class store once; redraw and return True when the lesson's answers changed."""
        if self.opened is None:
            return False
        with self._lock:
            code, key = self.opened
            table = self.store.answers(code, key, lesson=self.lesson.value)
            revision = (len(table), tuple(self.store.pupils(code, key)), self.lesson.value)
            if revision == self.revision:
                return False
            self.report = lesson_report(self.store, code, key, self.lesson.value)
            self.revision = revision
            self.updated = time.strftime("%H:%M:%S")
            self.draw()
            return True

    def export(self) -> Path:
        """Save every answer of the class to a spreadsheet-safe CSV file and offer it for download."""
        if self.opened is None:
            raise ValueError(_t("open_first", "en"))
        code, key = self.opened
        path = self.export_dir / f"answers-{re.sub(r'[^A-Z0-9]', '', code)}-{time.strftime('%Y%m%d-%H%M%S')}.csv"
        self.store.export_answers(code, key, path)
        href = "data:text/csv;base64," + base64.b64encode(path.read_bytes()).decode()
        self.message_html.value = (f"<a download='{html.escape(path.name)}' href='{href}'>"
                                   f"{html.escape(_t('exported', self.lang, path=str(path)))}</a>")
        return path

    def _deleted(self) -> None:
        self.message_html.value = html.escape(self.delete.message)
        self.reload()

    def _on_reveal(self, change: Any) -> None:
        if self.opened is not None and change["new"] in REVEAL_POLICIES:
            code, key = self.opened
            self._guard(lambda: self.store.set_reveal(code, key, change["new"]))

    def set_lang(self, lang: str) -> None:
        """Relabel the page in ``lang``."""
        self.lang = switch_to(self.switch, lang)
        self.header.value = _header(_t("title", lang), _t("hub_intro" if self.hub else "intro", lang))
        self.code.description = _t("hub_class" if self.hub else "join_code", lang)
        self.key.description = _t("teacher_key", lang)
        self.open_button.description = _t("open", lang)
        self.lesson.description = _t("lesson", lang)
        self.hide.description = _t("hide", lang)
        chosen = self.reveal.value or "pupil"
        self.reveal.options = [(_REVEAL[p].render(lang), p) for p in REVEAL_POLICIES]
        self.reveal.value = chosen
        self.reveal.description = _t("reveal", lang)
        self.export_button.description = _t("export", lang)
        self.draw()

    # ------------------------------------------------------------------ drawing
    def _names(self) -> dict[str, str]:
        pupils = self.report.pupils if self.report else ()
        if self.hide.value:
            return {p: _t("pupil_n", self.lang, n=i) for i, p in enumerate(pupils, start=1)}
        return {p: p for p in pupils}

    def draw(self) -> None:
        """Redraw every panel from the last report."""
        lang, report = self.lang, self.report
        self.delete.set_pupils(self._names() if self.opened is not None else {}, lang)
        if self.opened is None or report is None:
            self.live.value = (f"<div data-testid='answers-live' data-answers='0'>"
                               f"{html.escape(_t('open_first', lang))}</div>")
            return
        live = _t("live", lang, n=report.answers, pupils=len({p for (p, _e), s in report.progress.items()
                                                               if s != "untried"}), time=self.updated)
        self.live.value = (f"<div data-testid='answers-live' data-answers='{report.answers}' aria-live='polite'>"
                           f"{html.escape(live)}</div>")
        self.question_html.value = self._question_html()
        self._draw_chart()
        self.ranked_html.value = self._ranked_html()
        self.grid_html.value = self._grid_html()

    def _question_html(self) -> str:
        report, lang = self.report, self.lang
        if report is None or report.top is None or report.question is None:
            return ""
        exercise, misconception = report.top
        return (f"<div data-testid='discuss' style='border-left:4px solid {_WRONG};padding:4px 10px;margin:6px 0'>"
                f"<b>{html.escape(_t('discuss', lang))} ({html.escape(exercise)} {html.escape(misconception)}):</b> "
                f"{html.escape(report.question.render(lang))}</div>")

    def _draw_chart(self) -> None:
        report, lang = self.report, self.lang
        assert report is not None
        shown = [e for e in report.exercises if report.bars[e]]
        fig = go.Figure()
        for index, exercise in enumerate(shown):
            bars = report.bars[exercise]
            labels = [f"{exercise} · {b.label if isinstance(b.label, str) else b.label.render(lang)}"
                      + (" √" if b.right else "") for b in bars]
            fig.add_bar(
                x=labels, y=[b.pupils for b in bars], text=[str(b.pupils) for b in bars], textposition="outside",
                name=exercise, showlegend=False,
                marker={"color": [_RIGHT if b.right else _WRONG for b in bars],
                        "pattern": {"shape": ["" if b.right else _PATTERNS[(i + index) % len(_PATTERNS)]
                                              for i, b in enumerate(bars)], "fgcolor": "#1b1b1b"},
                        "line": {"color": "#1b1b1b", "width": 1}},
                hovertemplate="%{x}: %{y}<extra></extra>",
            )
        fig.update_layout(
            title={"text": _t("chart", lang), "font": {"size": 14}}, height=360, margin={"t": 50, "b": 120},
            yaxis={"title": _t("pupils", lang), "rangemode": "tozero", "dtick": 1}, bargap=0.25,
        )
        self.chart.outputs = ({
            "output_type": "display_data",
            "data": {"application/vnd.plotly.v1+json": {**json.loads(fig.to_json()),
                                                        "config": {"displayModeBar": False}},
                     "text/plain": f"<{_t('chart', lang)}>"},
            "metadata": {},
        },)

    def _ranked_html(self) -> str:
        report, lang = self.report, self.lang
        assert report is not None
        title = f"<h4>{html.escape(_t('ranked', lang))}</h4>"
        if not len(report.ranked):
            return title + f"<p>{html.escape(_t('none_yet', lang))}</p>"
        rows = "".join(
            f"<tr><td>{i}</td><td>{html.escape(str(r['exercise']))} {html.escape(str(r['misconception']))}</td>"
            f"<td>{html.escape(str(r.get(f'text_{lang}') or r.get('text_en') or ''))}</td>"
            f"<td style='text-align:right'>{int(r['pupils'])}</td><td style='text-align:right'>{r['share']:.0%}</td></tr>"
            for i, (_n, r) in enumerate(report.ranked.sort_values("pupils", ascending=False, kind="stable")
                                        .iterrows(), start=1))
        head = (f"<tr><th>#</th><th>{html.escape(_t('exercise', lang))}</th><th></th>"
                f"<th>{html.escape(_t('pupils', lang))}</th><th>{html.escape(_t('share', lang))}</th></tr>")
        return title + f"<table data-testid='ranked' class='pk-ranked'>{head}{rows}</table>"

    def _grid_html(self) -> str:
        report, lang = self.report, self.lang
        assert report is not None
        names = self._names()
        head = "".join(f"<th scope='col'>{html.escape(e)}</th>" for e in report.exercises)
        rows = []
        for pupil in report.pupils:
            cells = []
            for exercise in report.exercises:
                status = report.progress[pupil, exercise]
                symbol, word = PROGRESS[status]
                cells.append(f"<td data-status='{status}' title='{html.escape(word.render(lang))}'>"
                             f"<span aria-hidden='true'>{symbol}</span> {html.escape(word.render(lang))}</td>")
            rows.append(f"<tr><th scope='row'>{html.escape(names[pupil])}</th>{''.join(cells)}</tr>")
        return (f"{_TABLE_CSS}<h4>{html.escape(_t('progress', lang))}</h4><table data-testid='progress' class='pk-progress'>"
                f"<tr><th scope='col'>{html.escape(_t('pupil', lang))}</th>{head}</tr>{''.join(rows)}</table>")

    # ------------------------------------------------------------------ polling
    def start(self, every: float = 0.5) -> None:
        """Look at the class store every ``every`` seconds in a background thread (until ``stop()``)."""
        self._poller.start(every)

    def stop(self) -> None:
        """Stop looking."""
        self._poller.stop()
