"""The class experiment on many devices: what the group's page and the teacher's dashboard share.

Both pages talk to one class database (``pokelab.classroom.ClassStore``): SQLite on
the teacher's laptop when ``make app`` serves the pages over the classroom
network, or PostgreSQL when every student's kernel on a JupyterHub points at the
same URL (``POKELAB_CLASS_DB``). The group's page (``class_student.StudentPage``)
needs the class's join code, which a link can carry (``class_link``); the
dashboard (``class_teacher.TeacherDashboard``) needs the teacher key. Both show a
refusal in the page's language instead of a traceback (``_StorePage``).

>>> class_link({"QUERY_STRING": "code=K7M2QX&group=Team%20A"})
{'code': 'K7M2QX', 'group': 'Team A'}
>>> print(_explain(ValueError("disk I/O error"), "en"))
The class database cannot be reached: disk I/O error
"""

from __future__ import annotations

import html
import os
import threading
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStore, ClassStoreBusy
from pokelab.errors import IllegalAction
from widgets.apps._common import t

__all__ = ["class_link"]

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


class _Poller:
    """A page's background look at the class store every few seconds, until ``stop()`` or the page closes.

    ``look`` is the page's ``poll_once``; a failed look (the store away for a
    moment) is shown on ``page.error_html`` in the page's language, and the
    looking goes on. Both live dashboards hold one (composed, not inherited).

    >>> class Page:
    ...     ui, lang, error_html = None, "en", type("H", (), {"value": ""})()
    >>> poller = _Poller("pokelab-doc", lambda: None, Page())
    >>> poller.alive
    False
    """

    def __init__(self, name: str, look: Callable[[], Any], page: Any) -> None:
        self.name, self.look, self.page = name, look, page
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def alive(self) -> bool:
        """Whether the background look is running."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, every: float = 0.5) -> None:
        """Look every ``every`` seconds in a background thread (nothing happens if it already runs)."""
        if self.alive:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(every,), daemon=True, name=self.name)
        self._thread.start()

    def stop(self) -> None:
        """Stop looking (waits up to 5 s for the look under way)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self, every: float) -> None:
        while not self._stop.wait(every):
            if getattr(self.page.ui, "comm", True) is None:  # the page's widgets were closed
                return
            try:
                self.look()
            except Exception as err:  # the store is away for a moment: say so, keep looking
                self.page.error_html.value = _ALERT.format(html.escape(_explain(err, self.page.lang)))
