"""An exercise as handed to one student: its question with their numbers, shown in the notebook's language.

>>> from pokelab.course.registry import get
>>> from pokelab.teaching.language import set_language
>>> set_language("zh")
>>> Task(get("30-2"), None)
练习 30-2：第一波和第二波抽出了蓝色、绿色、红色、蓝色、黄色、红色、蓝色。现在最后一枚是蓝色的概率是多少？
>>> set_language("both")
>>> Task(get("30-3"), "Mei").nothing
Traceback (most recent call last):
...
pokelab.teaching.task.MissingNumber: exercise 30-3 has no number called 'nothing' (it has bag, colour); 练习 30-3 没有叫 'nothing' 的数（它有 bag、colour）
"""

from __future__ import annotations

import html
from typing import Any

from pokelab.course.fields import join
from pokelab.course.registry import ExerciseDef
from pokelab.teaching.language import LessonError, languages_shown, say
from pokelab.words import Text, _

__all__ = ["MissingNumber", "Task"]


class MissingNumber(LessonError, AttributeError):
    """A task has no number of that name (an ``AttributeError`` too, so ``hasattr`` works)."""


class Task:
    """An exercise as handed to one student: its question with their numbers, and the numbers as attributes.

    >>> from pokelab.course.registry import get
    >>> task = Task(get("30-3"), "Mei")
    >>> sorted(task.params) == ["bag", "colour"] and task.bag == task.params["bag"]
    True
    """

    def __init__(self, definition: ExerciseDef, student: str | None) -> None:
        self.definition = definition
        self.student = student
        self.params = definition.params(student)

    def __getattr__(self, name: str) -> Any:
        params = self.__dict__.get("params", {})
        if name in params:
            return params[name]
        raise MissingNumber(
            _("exercise {id} has no number called {name} (it has {names})",
              id=self.__dict__["definition"].id, name=repr(name), names=join(params))
        )

    def heading(self) -> Text:
        """"Exercise 30-3 for Mei: …" as a catalogue text."""
        question = self.definition.statement(self.student)
        if self.student:
            return _("Exercise {id} for {student}: {question}", id=self.definition.id, student=self.student,
                     question=question)
        return _("Exercise {id}: {question}", id=self.definition.id, question=question)

    def __repr__(self) -> str:
        return say(self.heading(), joiner="\n")

    def _repr_html_(self) -> str:
        who = f" — {html.escape(self.student)}" if self.student else ""
        statement = self.definition.statement(self.student)
        blocks = []
        for index, lang in enumerate(languages_shown()):
            options = "".join(
                f"<li><b>{html.escape(o.key)}</b> {html.escape(o.text.render(lang))}</li>" for o in self.definition.options
            )
            style = " style='opacity:.85;margin-top:4px'" if index else ""
            title = _("Exercise {id}", id=self.definition.id).render(lang)
            blocks.append(
                f"<div{style}><b>{html.escape(title)}{who}</b><br>"
                f"{html.escape(statement.render(lang))}"
                + (f"<ol type='a' style='list-style:none;padding-left:6px'>{options}</ol>" if options else "")
                + "</div>"
            )
        return (
            "<div class='pokelab-task' style='border:1px solid #90a4ae;border-radius:4px;padding:6px 10px;margin:4px 0'>"
            + "".join(blocks)
            + "</div>"
        )
