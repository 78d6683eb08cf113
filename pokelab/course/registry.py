"""The exercise registry: every exercise of every lesson, defined once in its lesson's course module.

An exercise definition says how to compute its expected answer *from the engine*
(never a number typed into a pupil's cell), what its question is, its hints (catalogue texts, :mod:`pokelab.words`) and its kind:

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
An exercise whose answer is a chance (``chance=True``) never hands a student a degenerate
one: numbers whose answer is 0 (an impossible event) or 1 are drawn again, from the same
seeded generator, so every name still has exactly one set of numbers.

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
pokelab.course.registry.UnknownExercise: no exercise '99-9' (the registry knows 00-1 … ...-...)
"""

from __future__ import annotations

import hashlib
import random
import re
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokelab.course.fields import field as shown_field
from pokelab.errors import ExplainedError
from pokelab.words import Text, _, languages

__all__ = [
    "KINDS",
    "ExerciseDef",
    "ExerciseError",
    "Idea",
    "Option",
    "UnknownExercise",
    "all_exercises",
    "get",
    "personal_seed",
    "register",
]

KINDS = ("number", "value", "member", "choice", "predict", "explain", "board")
_ID = re.compile(r"^\d\d-\d+$")
_FORMATTER = string.Formatter()
#: How many times a chance exercise draws a student's numbers before it gives up (it never needs more than a few).
_DRAWS = 50


class ExerciseError(ExplainedError):
    """A request the exercises cannot answer (an unknown id, a student without a name), in every language."""


class UnknownExercise(ExerciseError, KeyError):
    """No exercise has this id (a ``KeyError`` too, as a missing key of the registry)."""

    def __str__(self) -> str:
        return self.message("en")


@dataclass(frozen=True)
class Option:
    """One option of a multiple-choice exercise; a wrong one names its misconception (``why``).

    >>> from pokelab.words import _
    >>> Option("a", _("It is due"), why=_("the gambler's fallacy")).correct
    False
    """

    key: str
    text: Text
    correct: bool = False
    why: Text | None = None


@dataclass(frozen=True)
class Idea:
    """A key idea a good explanation mentions (or, in ``misconceptions``, a wrong one it states): its label and its words.

    ``words`` is a catalogue text: the words a pupil may write, separated by ``|``
    (``_p("words a pupil may write", "half|halves")``); each language's catalogue
    gives its own, and an explanation may use the words of any language the kit speaks.

    >>> from pokelab.words import _, _p
    >>> idea = Idea(_("every position is alike"), _p("words a pupil may write", "equally likely|any position|same chance"))
    >>> idea.found_in("Any position is the same"), idea.found_in("每个位置都一样"), idea.found_in("no idea")
    (True, True, False)
    >>> Idea(_("every position is alike"), ("half", "一半"))
    Traceback (most recent call last):
    ...
    TypeError: an Idea's words are one catalogue text of alternatives separated by |, got tuple
    """

    label: Text
    words: Text

    def __post_init__(self) -> None:
        if not isinstance(self.words, Text):
            raise TypeError(
                "an Idea's words are one catalogue text of alternatives separated by |, "
                f"got {type(self.words).__name__}"
            )

    def alternatives(self) -> tuple[str, ...]:
        """Every word of the idea, in every language the kit speaks (lower case)."""
        found = {word.strip().lower() for lang in languages() for word in self.words.render(lang).split("|")}
        return tuple(sorted(w for w in found if w))

    def found_in(self, text: str) -> bool:
        """True when ``text`` uses one of the idea's words, in any language."""
        low = text.lower()
        return any(word in low for word in self.alternatives())


@dataclass(frozen=True)
class ExerciseDef:
    """One exercise: question, kind, how to compute its answer, hints, personal numbers — every text a catalogue ``Text``.

    ``answer(params)`` returns the expected answer (for ``choice``: the right key; for
    ``predict``: the value the simulation gives); ``mistakes(params)`` returns
    ``(value, why)`` for tempting wrong answers; ``goal(state, params)`` (``board`` only)
    returns the texts of what is still missing. A hint that is only code (``"record.rounds"``) is a plain string. ``misconceptions`` (``explain``) are
    wrong ideas whose words, found in an attempt, are named in the feedback.
    """

    id: str
    lesson: str
    kind: str
    question: Text
    answer: Callable[[Mapping[str, Any]], Any] | None = None
    hints: tuple[Text | str, ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)
    personal: Callable[[random.Random], dict[str, Any]] | None = None
    tolerance: float = 5e-4
    relative: float | None = None
    mistakes: Callable[[Mapping[str, Any]], Sequence[tuple[Any, Text]]] | None = None
    options: tuple[Option, ...] = ()
    model: Text | None = None
    ideas: tuple[Idea, ...] = ()
    goal: Callable[[Any, Mapping[str, Any]], list[Text]] | None = None
    reveal_after: int = 3
    misconceptions: tuple[Idea, ...] = ()
    chance: bool = False  # the answer is a probability: every student's is strictly between 0 and 1

    def __post_init__(self) -> None:
        problems = []
        if not _ID.match(self.id):
            problems.append(f"id {self.id!r} is not like '31-2'")
        if self.kind not in KINDS:
            problems.append(f"kind {self.kind!r} is not one of {', '.join(KINDS)}")
        texts = [self.question, *(h for h in self.hints if not isinstance(h, str)), *(o.text for o in self.options), *(i.label for i in self.ideas),
                 *(i.label for i in self.misconceptions)]
        if not all(isinstance(t, Text) for t in texts):
            problems.append("its question, hints, options and ideas must be catalogue texts, made with _(...) "
                            "(a hint may be plain code, as a pupil types it)")
        if self.kind in ("number", "value", "member", "predict") and self.answer is None:
            problems.append("it needs an answer function")
        if self.kind == "choice" and sum(o.correct for o in self.options) != 1:
            problems.append("a choice needs exactly one correct option")
        if self.kind == "choice" and any(not o.correct and not isinstance(o.why, Text) for o in self.options):
            problems.append("every wrong option must name its misconception")
        if self.kind == "explain" and not isinstance(self.model, Text):
            problems.append("an explain exercise needs a model answer")
        if self.kind == "board" and self.goal is None:
            problems.append("a board task needs a goal function")
        if self.chance and self.kind != "number":
            problems.append("only a number exercise can be a chance")
        if problems:
            raise ValueError(f"exercise {self.id}: " + "; ".join(problems))

    def params(self, student: str | None = None) -> dict[str, Any]:
        """The parameters for ``student`` (their personal numbers) or, without one, the lesson's own."""
        if student is None or self.personal is None:
            return dict(self.defaults)
        rng = random.Random(personal_seed(student, self.id))
        for _attempt in range(_DRAWS):
            drawn = dict(self.personal(rng))
            if not self.chance or self.answer is None or 0 < self.answer(drawn) < 1:
                return drawn
        raise ValueError(f"exercise {self.id}: {_DRAWS} draws for {student!r} all gave a chance of 0 or 1")

    def expected(self, student: str | None = None) -> Any:
        """The right answer for ``student`` (or the lesson's own numbers), computed by the engine."""
        if self.kind == "choice":
            return next(o.key for o in self.options if o.correct)
        if self.answer is None:
            raise ValueError(f"exercise {self.id} ({self.kind}) has no single right answer")
        return self.answer(self.params(student))

    def statement(self, student: str | None = None) -> Text:
        """The question with the student's numbers filled in, as a catalogue text (colours and names translated).

        >>> get("30-2").statement().render("zh")
        '第一波和第二波抽出了蓝色、绿色、红色、蓝色、黄色、红色、蓝色。现在最后一枚是蓝色的概率是多少？'
        """
        names = {name for _, name, _, _ in _FORMATTER.parse(self.question.source) if name}
        params = self.params(student)
        return self.question.with_fields(**{k: shown_field(v) for k, v in params.items() if k in names})

    def text(self, student: str | None = None, lang: str = "en") -> str:
        """The question with the student's numbers, in ``lang``.

        >>> get("30-2").text()
        'Waves 1 and 2 showed blue, green, red, blue, yellow, red, blue. What is the chance now that the last token is blue?'
        """
        return self.statement(student).render(lang)


_REGISTRY: dict[str, ExerciseDef] = {}


def personal_seed(student: str, exercise_id: str) -> int:
    """A stable seed from a student's name and an exercise id (for anti-copying, not for security).

    >>> personal_seed("Ana", "31-3") == personal_seed("ANA ", "31-3")
    True
    >>> personal_seed("", "31-3")
    Traceback (most recent call last):
    ...
    pokelab.course.registry.ExerciseError: a student needs a name (got '')
    """
    name = " ".join(str(student).split()).casefold()
    if not name:
        raise ExerciseError(_("a student needs a name (got {name})", name=repr(student)))
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
        raise UnknownExercise(
            _("no exercise {id} (the registry knows {first} … {last})", id=repr(exercise_id), first=ids[0], last=ids[-1])
        ) from None


def all_exercises(lesson: str | None = None) -> list[ExerciseDef]:
    """Every registered exercise in id order, or only those of ``lesson`` (a path under ``notebooks/``).

    >>> [e.id for e in all_exercises("herecomes/20-a-round-step-by-step.ipynb")][:2]
    ['20-1', '20-2']
    """
    found = [_REGISTRY[k] for k in sorted(_REGISTRY, key=lambda k: (k.split("-")[0], int(k.split("-")[1])))]
    return [e for e in found if lesson is None or e.lesson == lesson]
