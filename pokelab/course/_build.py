"""Short constructors that register one exercise each (the lesson modules read like a list of questions).

Every text is one catalogue text, written in English with ``_`` (:mod:`pokelab.words`);
its Chinese is in the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokelab.course.registry import ExerciseDef, Idea, Option, register
from pokelab.words import Text

Params = Mapping[str, Any]


def number(ex_id: str, lesson: str, question: Text, answer: Callable[[Params], Any], hints: Sequence[Text | str],
           **options: Any) -> ExerciseDef:
    """Register a number exercise (exact fractions, or decimals within ``tolerance``)."""
    return register(ExerciseDef(ex_id, lesson, "number", question, answer, tuple(hints), **options))


def value(ex_id: str, lesson: str, question: Text, answer: Callable[[Params], Any], hints: Sequence[Text | str], *,
          member: bool = False, **options: Any) -> ExerciseDef:
    """Register a word/id/tuple exercise (``member=True``: ``answer`` returns the set of right answers)."""
    return register(ExerciseDef(ex_id, lesson, "member" if member else "value", question, answer, tuple(hints),
                                **options))


def choice(ex_id: str, lesson: str, question: Text, options: Sequence[Option], **more: Any) -> ExerciseDef:
    """Register a multiple-choice exercise; each wrong option names its misconception."""
    return register(ExerciseDef(ex_id, lesson, "choice", question, options=tuple(options), **more))


def predict(ex_id: str, lesson: str, question: Text, actual: Callable[[Params], Any], hints: Sequence[Text | str],
            **options: Any) -> ExerciseDef:
    """Register a predict-then-check exercise: ``actual`` is what the experiment gives."""
    return register(ExerciseDef(ex_id, lesson, "predict", question, actual, tuple(hints), **options))


def explain(ex_id: str, lesson: str, question: Text, model: Text, ideas: Sequence[Idea],
            hints: Sequence[Text | str] = (), misconceptions: Sequence[Idea] = ()) -> ExerciseDef:
    """Register an explain-why exercise with its model answer, key ideas and (optional) misconceptions to spot."""
    return register(ExerciseDef(ex_id, lesson, "explain", question, hints=tuple(hints), model=model,
                                ideas=tuple(ideas), misconceptions=tuple(misconceptions)))


def board(ex_id: str, lesson: str, question: Text, goal: Callable[[Any, Params], list[Text]],
          hints: Sequence[Text | str], **options: Any) -> ExerciseDef:
    """Register a task done on a board: ``goal(state, params)`` lists what is still missing."""
    return register(ExerciseDef(ex_id, lesson, "board", question, hints=tuple(hints), goal=goal, **options))
