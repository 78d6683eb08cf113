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


