"""Short constructors that register one exercise each (the lesson modules read like a list of questions)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokelab.course.registry import ExerciseDef, Idea, Option, register

Params = Mapping[str, Any]


def number(ex_id: str, lesson: str, question: str, question_zh: str, answer: Callable[[Params], Any],
           hints: Sequence[str], hints_zh: Sequence[str], **options: Any) -> ExerciseDef:
    """Register a number exercise (exact fractions, or decimals within ``tolerance``)."""
    return register(ExerciseDef(ex_id, lesson, "number", question, question_zh, answer,
                                tuple(hints), tuple(hints_zh), **options))


def value(ex_id: str, lesson: str, question: str, question_zh: str, answer: Callable[[Params], Any],
          hints: Sequence[str], hints_zh: Sequence[str], *, member: bool = False, **options: Any) -> ExerciseDef:
    """Register a word/id/tuple exercise (``member=True``: ``answer`` returns the set of right answers)."""
    return register(ExerciseDef(ex_id, lesson, "member" if member else "value", question, question_zh, answer,
                                tuple(hints), tuple(hints_zh), **options))


def choice(ex_id: str, lesson: str, question: str, question_zh: str, options: Sequence[Option],
           **more: Any) -> ExerciseDef:
    """Register a multiple-choice exercise; each wrong option names its misconception."""
    return register(ExerciseDef(ex_id, lesson, "choice", question, question_zh, options=tuple(options), **more))


def predict(ex_id: str, lesson: str, question: str, question_zh: str, actual: Callable[[Params], Any],
            hints: Sequence[str], hints_zh: Sequence[str], **options: Any) -> ExerciseDef:
    """Register a predict-then-check exercise: ``actual`` is what the experiment gives."""
    return register(ExerciseDef(ex_id, lesson, "predict", question, question_zh, actual,
                                tuple(hints), tuple(hints_zh), **options))


def explain(ex_id: str, lesson: str, question: str, question_zh: str, model: str, model_zh: str,
            ideas: Sequence[Idea], hints: Sequence[str] = (), hints_zh: Sequence[str] = ()) -> ExerciseDef:
    """Register an explain-why exercise with its model answer and key ideas."""
    return register(ExerciseDef(ex_id, lesson, "explain", question, question_zh, hints=tuple(hints),
                                hints_zh=tuple(hints_zh), model=model, model_zh=model_zh, ideas=tuple(ideas)))


def board(ex_id: str, lesson: str, question: str, question_zh: str,
          goal: Callable[[Any, Params], list[tuple[str, str]]], hints: Sequence[str], hints_zh: Sequence[str],
          **options: Any) -> ExerciseDef:
    """Register a task done on a board: ``goal(state, params)`` lists what is still missing."""
    return register(ExerciseDef(ex_id, lesson, "board", question, question_zh, hints=tuple(hints),
                                hints_zh=tuple(hints_zh), goal=goal, **options))
