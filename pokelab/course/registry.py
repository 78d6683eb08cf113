"""The exercise registry: every exercise of every lesson, defined once in its lesson's course module.

An exercise definition says how to compute its expected answer *from the engine*
(never a number typed into a pupil's cell), what its question is, its hints in English
and Chinese, and its kind:

- ``number`` — a number (exact fractions, or decimals within ``tolerance``);
- ``value`` — a word, an id or a tuple (text compared without case);
- ``member`` — any one of several right answers (``answer`` returns a set);
- ``choice`` — multiple choice; every wrong option names the misconception behind it;
- ``predict`` — a guess committed before a simulation runs, then compared with it;
- ``explain`` — a sentence of the pupil's own; the model answer shows after an attempt;
- ``board`` — a task done on a board; ``goal`` lists what is still missing.

**Personal numbers.** ``personal(rng)`` draws the parameters (a bag, a hand, a target)
for one student from a seed derived from the student's name and the exercise id, so
neighbours get different numbers and the teacher can print every answer. The seed is
for anti-copying in class, not security: anyone who knows a name can rebuild it.

>>> ex = get("30-3")
>>> ex.kind, ex.params() == ex.defaults
('number', True)
>>> ex.params("Mei") == ex.params(" mei ")   # names are compared without case or spaces around
True
>>> personal_seed("Mei", "30-3") == personal_seed("Mei", "30-3") != personal_seed("Mei", "30-1")
True
>>> get("99-9")
Traceback (most recent call last):
...
KeyError: "no exercise '99-9' (the registry knows 00-1 … ...-...); 没有这个练习"
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokelab.herecomes.bag import COLOUR_ZH
from pokelab.splendor.cards import card_by_name

__all__ = [
    "KINDS",
    "ExerciseDef",
    "Idea",
    "Option",
    "all_exercises",
    "get",
    "personal_seed",
    "register",
]

KINDS = ("number", "value", "member", "choice", "predict", "explain", "board")
_ID = re.compile(r"^\d\d-\d+$")


@dataclass(frozen=True)
class Option:
    """One option of a multiple-choice exercise; a wrong one names its misconception (``why``).

    >>> Option("a", "It is due", "该来了", why="the gambler's fallacy", why_zh="赌徒谬误").correct
    False
    """

    key: str
    text: str
    text_zh: str
    correct: bool = False
    why: str = ""
    why_zh: str = ""


@dataclass(frozen=True)
class Idea:
    """A key idea a good explanation mentions: its label and the words that show it is there.

    >>> Idea("halves", "两半", ("half", "halves", "一半")).found_in("The two halves swap")
    True
    """

    label: str
    label_zh: str
    words: tuple[str, ...]

    def found_in(self, text: str) -> bool:
        """True when ``text`` uses one of the idea's words."""
        low = text.lower()
        return any(word.lower() in low for word in self.words)


@dataclass(frozen=True)
class ExerciseDef:
    """One exercise: question, kind, how to compute its answer, hints (en + zh), personal numbers.

    ``answer(params)`` returns the expected answer (for ``choice``: the right key; for
    ``predict``: the value the simulation gives); ``mistakes(params)`` returns
    ``(value, why_en, why_zh)`` for tempting wrong answers; ``goal(state, params)``
    (``board`` only) returns the ``(en, zh)`` items still missing.
    """

    id: str
    lesson: str
    kind: str
    question: str
    question_zh: str
    answer: Callable[[Mapping[str, Any]], Any] | None = None
    hints: tuple[str, ...] = ()
    hints_zh: tuple[str, ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)
    personal: Callable[[random.Random], dict[str, Any]] | None = None
    tolerance: float = 5e-4
    relative: float | None = None
    mistakes: Callable[[Mapping[str, Any]], Sequence[tuple[Any, str, str]]] | None = None
    options: tuple[Option, ...] = ()
    model: str = ""
    model_zh: str = ""
    ideas: tuple[Idea, ...] = ()
    goal: Callable[[Any, Mapping[str, Any]], list[tuple[str, str]]] | None = None
    reveal_after: int = 3

    def __post_init__(self) -> None:
        problems = []
        if not _ID.match(self.id):
            problems.append(f"id {self.id!r} is not like '31-2'")
        if self.kind not in KINDS:
            problems.append(f"kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if len(self.hints) != len(self.hints_zh):
            problems.append(f"{len(self.hints)} English hints but {len(self.hints_zh)} Chinese ones")
        if self.kind in ("number", "value", "member", "predict") and self.answer is None:
            problems.append("it needs an answer function")
        if self.kind == "choice" and sum(o.correct for o in self.options) != 1:
            problems.append("a choice needs exactly one correct option")
        if self.kind == "choice" and any(not o.correct and not (o.why and o.why_zh) for o in self.options):
            problems.append("every wrong option must name its misconception in English and Chinese")
        if self.kind == "explain" and not (self.model and self.model_zh):
            problems.append("an explain exercise needs a model answer in English and Chinese")
        if self.kind == "board" and self.goal is None:
            problems.append("a board task needs a goal function")
        if not (self.question and self.question_zh):
            problems.append("the question is needed in English and Chinese")
        if problems:
            raise ValueError(f"exercise {self.id}: " + "; ".join(problems))

    def params(self, student: str | None = None) -> dict[str, Any]:
        """The parameters for ``student`` (their personal numbers) or, without one, the lesson's own."""
        if student is None or self.personal is None:
            return dict(self.defaults)
        return dict(self.personal(random.Random(personal_seed(student, self.id))))

    def expected(self, student: str | None = None) -> Any:
        """The right answer for ``student`` (or the lesson's own numbers), computed by the engine."""
        if self.kind == "choice":
            return next(o.key for o in self.options if o.correct)
        if self.answer is None:
            raise ValueError(f"exercise {self.id} ({self.kind}) has no single right answer")
        return self.answer(self.params(student))

    def text(self, student: str | None = None, lang: str = "en") -> str:
        """The question with the student's numbers filled in (in Chinese, colours and card names in Chinese too).

        >>> get("30-2").text(lang="zh")
        '第一波抽出了 红色、红色、紫色、蓝色。现在最后一枚是 红色 的概率是多少？'
        """
        if lang == "zh":
            return self.question_zh.format(**{k: in_chinese(v) for k, v in self.params(student).items()})
        return self.question.format(**self.params(student))


def in_chinese(value: Any) -> Any:
    """A question's number or word as a Chinese sentence shows it: colours and Splendor cards by their Chinese names.

    >>> in_chinese("purple"), in_chinese(("red", "blue")), in_chinese({"red": 16, "purple": 4})
    ('紫色', '红色、蓝色', '红色 16 枚、紫色 4 枚')
    >>> in_chinese("Charmeleon"), in_chinese("G05"), in_chinese(7)
    ('火恐龙', 'G05', 7)
    """
    if isinstance(value, str):
        if value in COLOUR_ZH:
            return f"{COLOUR_ZH[value]}色"
        try:
            return card_by_name(value).name("zh")
        except (KeyError, ValueError):
            return value
    if isinstance(value, tuple | list):
        return "、".join(str(in_chinese(v)) for v in value)
    if isinstance(value, Mapping):
        return "、".join(f"{in_chinese(k)} {v} 枚" for k, v in value.items())
    return value


_REGISTRY: dict[str, ExerciseDef] = {}


def personal_seed(student: str, exercise_id: str) -> int:
    """A stable seed from a student's name and an exercise id (for anti-copying, not for security).

    >>> personal_seed("Ana", "31-3") == personal_seed("ANA ", "31-3")
    True
    >>> personal_seed("", "31-3")
    Traceback (most recent call last):
    ...
    ValueError: a student needs a name (got ''); 学生需要一个名字
    """
    name = " ".join(str(student).split()).casefold()
    if not name:
        raise ValueError(f"a student needs a name (got {student!r}); 学生需要一个名字")
    digest = hashlib.sha256(f"{name}\x00{exercise_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def register(definition: ExerciseDef) -> ExerciseDef:
    """Add ``definition`` to the registry (an id may be registered once).

    >>> register(get("30-1"))
    Traceback (most recent call last):
    ...
    ValueError: exercise 30-1 is registered twice
    """
    if definition.id in _REGISTRY:
        raise ValueError(f"exercise {definition.id} is registered twice")
    _REGISTRY[definition.id] = definition
    return definition


def get(exercise_id: str) -> ExerciseDef:
    """The definition of ``exercise_id``; a KeyError names the known range."""
    try:
        return _REGISTRY[exercise_id]
    except KeyError:
        ids = sorted(_REGISTRY)
        raise KeyError(
            f"no exercise {exercise_id!r} (the registry knows {ids[0]} … {ids[-1]}); 没有这个练习"
        ) from None


def all_exercises(lesson: str | None = None) -> list[ExerciseDef]:
    """Every registered exercise in id order, or only those of ``lesson`` (a path under ``notebooks/``).

    >>> [e.id for e in all_exercises("herecomes/20-a-round-step-by-step.ipynb")][:2]
    ['20-1', '20-2']
    """
    found = [_REGISTRY[k] for k in sorted(_REGISTRY, key=lambda k: (k.split("-")[0], int(k.split("-")[1])))]
    return [e for e in found if lesson is None or e.lesson == lesson]
