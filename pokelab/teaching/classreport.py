"""What a lesson's class got right and wrong, from the class store: answer classes, ranked misconceptions, progress.

``lesson_report(store, join_code, teacher_key, lesson)`` reads the class's
answers (teacher key needed) and sums them up for the misconceptions
dashboard (``widgets.apps.class_misconceptions``):

- ``bars``: per exercise of the lesson, how many pupils chose each option (a
  multiple-choice exercise) or gave each class of answer (right, a named
  misconception, another wrong answer, the answer shown, an answer that is
  not judged); a pupil counts once per class however often they gave it;
- ``ranked``: the named misconceptions, most pupils first (``ClassStore.misconceptions``);
- ``progress``: per pupil and exercise ``right``, ``wrong``, ``answered`` (a
  prediction or explanation) or ``untried``;
- ``top`` and ``question``: the most-chosen misconception and the discussion
  question the teacher's guide gives for it (``discussion``).

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> code, key = store.create_class("8C")
>>> report = lesson_report(store, code, key, "probability/32-conditional-probability-waves.ipynb")
>>> report.answers, report.top, [b.key for b in report.bars["32-3"]]
(0, None, ['a', 'b', 'c'])
>>> lesson_report(store, code, key, "no-such-lesson.ipynb")
Traceback (most recent call last):
...
pokelab.teaching.language.LessonError: no lesson 'no-such-lesson.ipynb' has exercises; 没有带练习的课叫 'no-such-lesson.ipynb'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokelab.course.registry import all_exercises
from pokelab.teaching.discussion import question
from pokelab.teaching.language import LessonError
from pokelab.words import Text, _, _p

__all__ = ["PROGRESS", "Bar", "LessonReport", "lesson_report", "lessons"]

#: A pupil's progress on an exercise, as the grid shows it (its word, beside a symbol).
PROGRESS: dict[str, tuple[str, Text]] = {
    "right": ("√", _p("progress", "right")),
    "wrong": ("×", _p("progress", "not yet right")),
    "answered": ("○", _p("progress", "answered")),
    "untried": ("·", _p("progress", "not tried")),
}

_CLASSES: dict[str, Text] = {
    "right": _p("answer class", "right"),
    "wrong": _p("answer class", "other wrong answer"),
    "revealed": _p("answer class", "asked for the answer"),
    "answered": _p("answer class", "answered (not marked)"),
}


@dataclass(frozen=True)
class Bar:
    """One bar of an exercise's chart: an option or answer class, its label, how many pupils, whether it is right."""

    key: str
    label: Text | str
    pupils: int
    right: bool


@dataclass(frozen=True)
class LessonReport:
    """A lesson's class picture (see the module's docstring)."""

    lesson: str
    exercises: tuple[str, ...]
    pupils: tuple[str, ...]
    answers: int
    bars: dict[str, list[Bar]]
    ranked: Any
    progress: dict[tuple[str, str], str]
    top: tuple[str, str] | None
    question: Text | None


def lessons() -> list[str]:
    """Every lesson that has exercises, in the course's order."""
    seen: dict[str, None] = {}
    for definition in all_exercises():
        seen.setdefault(definition.lesson, None)
    return list(seen)


def _answer_class(row: Any) -> str:
    correct = None if row.correct is None or row.correct != row.correct else bool(row.correct)  # None, NaN: unmarked
    if isinstance(row.misconception, str) and row.misconception:
        return row.misconception
    if correct is True:
        return "right"
    if row.outcome == "revealed" and correct is False:
        return "revealed"
    return "wrong" if correct is False else "answered"


def lesson_report(store: Any, join_code: str, teacher_key: str, lesson: str) -> LessonReport:
    """The class's answers to ``lesson`` summed up (teacher key needed; ``LessonError`` for a lesson without exercises)."""
    definitions = all_exercises(lesson) if lesson in lessons() else []
    if not definitions:
        raise LessonError(_("no lesson {lesson} has exercises", lesson=repr(lesson)))
    table = store.answers(join_code, teacher_key, lesson=lesson)
    ranked = store.misconceptions(join_code, teacher_key, lesson=lesson)
    pupils = tuple(store.pupils(join_code, teacher_key))
    bars: dict[str, list[Bar]] = {}
    progress: dict[tuple[str, str], str] = {}
    for definition in definitions:
        mine = table[table["exercise"] == definition.id]
        classes = mine.assign(cls=[_answer_class(r) for r in mine.itertuples()])
        counts = classes.groupby("cls")["pupil"].nunique().to_dict() if len(classes) else {}
        if definition.kind == "choice":
            found = [Bar(o.key, o.key, int(counts.pop(o.key.lower(), 0)) + int(counts.pop("right", 0) if o.correct
                     else 0), o.correct) for o in definition.options]
        else:
            found = [Bar("right", _CLASSES["right"], int(counts.pop("right", 0)), True)]
        for key in sorted(counts):
            found.append(Bar(key, _CLASSES.get(key, key), int(counts[key]), False))
        bars[definition.id] = found
        for pupil in pupils:
            theirs = mine[mine["pupil"] == pupil]
            if theirs.empty:
                progress[pupil, definition.id] = "untried"
            elif (theirs["correct"] == True).any():  # noqa: E712 - a column of True/False/None
                progress[pupil, definition.id] = "right"
            elif (theirs["correct"] == False).any():  # noqa: E712
                progress[pupil, definition.id] = "wrong"
            else:
                progress[pupil, definition.id] = "answered"
    top = None
    if len(ranked):
        best = ranked.sort_values("pupils", ascending=False, kind="stable").iloc[0]
        top = (str(best["exercise"]), str(best["misconception"]))
    return LessonReport(
        lesson=lesson,
        exercises=tuple(d.id for d in definitions),
        pupils=pupils,
        answers=len(table),
        bars=bars,
        ranked=ranked,
        progress=progress,
        top=top,
        question=None if top is None else question(*top),
    )
