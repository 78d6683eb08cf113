"""The pupil's side of an exercise: ``check``, ``choice``, ``predict``, ``explain``, ``board_task``.

Each takes the exercise id and the pupil's answer only; the right answer is computed
here from the registered definition (``pokelab.course.registry``), for the student
set with ``set_student`` (the whole class notebook) or ``exercise(id, student=...)``
(one exercise), or for the lesson's own numbers when no student is set.

>>> from pokelab.teaching.language import set_language
>>> reset()
>>> check("30-1", "1/10").status, check("30-1", ...).status
('wrong', 'unanswered')
>>> check("30-1", "3/20").ok
True
>>> choice("32-3", "c").ok
True
>>> check("30-1", 1, reveal=True).status
'revealed'
>>> print(check("31-1", "a lot").message)
'a lot' is not a number: write a fraction like Fraction(3, 8) or "3/8", or a decimal.
>>> set_language("zh"); choice("31-1", "a")
Traceback (most recent call last):
...
pokelab.teaching.language.LessonError: 练习 31-1 是数值题：请用 check('31-1', answer) 作答
>>> set_language("both")
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pokelab.course.fields import join
from pokelab.course.registry import ExerciseDef, ExerciseError, get
from pokelab.teaching import classlink
from pokelab.teaching.answers import matches
from pokelab.teaching.cells import follow_cells
from pokelab.teaching.feedback import Feedback, as_number, show, shown
from pokelab.teaching.language import LessonError
from pokelab.teaching.task import Task
from pokelab.words import Text, _, _p

#: Scripts written without spaces between words (CJK ideographs): a few characters make a sentence.
_UNSPACED_SCRIPT = re.compile(r"[\u3400-\u9fff]")

__all__ = [
    "KIND_NAMES",
    "STRICT_ENV",
    "NoSuchExercise",
    "board_task",
    "check",
    "choice",
    "exercise",
    "explain",
    "predict",
    "reset",
    "set_student",
    "student_of",
]

#: When this environment variable is "1", a wrong answer raises (the tests run solution notebooks so).
STRICT_ENV = "POKELAB_STRICT_CHECKS"

_STATE: dict[str, Any] = {"student": None, "students": {}, "tries": {}, "guesses": {}}

#: What each kind of exercise is called, and the function that answers it.
KIND_NAMES: dict[str, tuple[Text, str]] = {
    "number": (_p("exercise kind", "number"), "check"),
    "value": (_p("exercise kind", "word or value"), "check"),
    "member": (_p("exercise kind", "one-of-several"), "check"),
    "choice": (_p("exercise kind", "multiple-choice"), "choice"),
    "predict": (_p("exercise kind", "predict"), "predict"),
    "explain": (_p("exercise kind", "explain"), "explain"),
    "board": (_p("exercise kind", "board"), "board_task"),
}


class NoSuchExercise(LessonError, KeyError):
    """No exercise has this id (a ``KeyError`` too), told in the notebook's language."""


def _get(exercise_id: str) -> ExerciseDef:
    try:
        return get(exercise_id)
    except ExerciseError as err:
        raise (NoSuchExercise if isinstance(err, KeyError) else LessonError)(err.reason) from None


def reset() -> None:
    """Forget the student, every exercise's tries and every recorded guess."""
    _STATE.update(student=None, students={}, tries={}, guesses={})


def set_student(name: str | None) -> None:
    """Give every exercise of this notebook the personal numbers of the student ``name`` (None: the lesson's).

    It replaces any student named earlier with ``exercise(id, student=...)``.

    >>> set_student("Mei"); student_of("30-3")
    'Mei'
    >>> set_student(None); student_of("30-3") is None
    True
    >>> set_student("  ")
    Traceback (most recent call last):
    ...
    pokelab.teaching.language.LessonError: a student needs a name (got '  '); 学生需要一个名字（现在是 '  '）
    """
    if name is not None and not str(name).strip():
        raise LessonError(_("a student needs a name (got {name})", name=repr(name)))
    _STATE["student"] = None if name is None else str(name).strip()
    _STATE["students"] = {}


def student_of(exercise_id: str) -> str | None:
    """The student whose numbers ``exercise_id`` uses now (None: the lesson's own numbers)."""
    return _STATE["students"].get(exercise_id, _STATE["student"])


def exercise(exercise_id: str, student: str | None = None) -> Task:
    """Hand out ``exercise_id``: its question with the numbers of ``student`` (or of the notebook's student).

    In a notebook, a later cell that checks another exercise finds ``task`` rebound to that
    exercise (:mod:`pokelab.teaching.cells`), so Run All cannot leave it on the wrong one.

    >>> exercise("99-9")
    Traceback (most recent call last):
    ...
    pokelab.teaching.session.NoSuchExercise: no exercise '99-9' (the registry knows 00-1 … ...); 没有练习 '99-9'（...）
    """
    definition = _get(exercise_id)
    if student is not None:
        if not str(student).strip():
            raise LessonError(_("a student needs a name (got {name})", name=repr(student)))
        _STATE["students"][exercise_id] = str(student).strip()
    follow_cells(_task_of)  # in a notebook: `task` in an answer cell is that cell's exercise (see cells.py)
    return Task(definition, student_of(exercise_id))


def _task_of(exercise_id: str) -> Task:
    return Task(_get(exercise_id), student_of(exercise_id))


def _unanswered() -> Feedback:
    return Feedback("unanswered", _("Not answered yet: replace ... with your answer and run the cell again."))


def _strict(definition: ExerciseDef, answer: Any, expected: Any) -> None:
    if os.environ.get(STRICT_ENV) == "1":  # a test harness's message, for the kit's developers
        raise AssertionError(
            f"exercise {definition.id}: the answer {answer!r} is not {expected!r} "
            f"({STRICT_ENV}=1: a solution notebook must hold right answers)"
        )


def _reveal(expected: Any) -> Feedback:
    return Feedback("revealed", _("The answer is {answer}.", answer=shown(expected)))


def _slip(definition: ExerciseDef, answer: Any, params: Mapping[str, Any]) -> tuple[str, Text] | None:
    """The anticipated slip ``answer`` is (its id ``slip-N`` and why), or None.

    When two slips lie within the exercise's tolerance of the answer, the nearer one is meant.
    """
    found = [(index, value, why)
             for index, (value, why) in enumerate(definition.mistakes(params) if definition.mistakes else (), start=1)
             if matches(definition, answer, value)]
    if not found:
        return None
    index, _value, why = min(found, key=lambda slip: _distance(answer, slip[1]))  # the first, among equals
    return f"slip-{index}", why


def _distance(answer: Any, value: Any) -> float:
    """How far a numeric answer is from a slip's value (0 when either is not a number: the first slip is meant)."""
    try:
        return abs(float(answer) - float(value))
    except (TypeError, ValueError, OverflowError):
        return 0.0


def _stated(definition: ExerciseDef, attempt: str) -> list[tuple[str, Text]]:
    """The misconceptions an explanation states (their ids ``idea-N`` and labels)."""
    return [(f"idea-{index}", idea.label) for index, idea in enumerate(definition.misconceptions, start=1)
            if idea.found_in(attempt)]


def _noted(definition: ExerciseDef, answer: Any, feedback: Feedback,
           misconception: tuple[str, Text] | None = None) -> Feedback:
    """``feedback``, after the answer went to the class (when the notebook joined one: ``classlink``)."""
    classlink.note(definition, answer, feedback, misconception)
    return feedback


def _wrong(definition: ExerciseDef, answer: Any, params: Mapping[str, Any], expected: Any) -> Feedback:
    tries = _STATE["tries"][definition.id] = _STATE["tries"].get(definition.id, 0) + 1
    slip = _slip(definition, answer, params)
    if slip is not None:
        return _noted(definition, answer, Feedback("wrong", _("A common slip: {why}", why=slip[1])), slip)
    if tries >= definition.reveal_after and classlink.reveals_after_tries():
        return _noted(definition, answer, _reveal(expected))
    if tries <= len(definition.hints):
        hint = Feedback("wrong", _("Not yet. Hint {n}: {hint}", n=tries, hint=definition.hints[tries - 1]))
        return _noted(definition, answer, hint)
    if not classlink.may_reveal(tries, definition.reveal_after):
        return _noted(definition, answer, Feedback("wrong", _("Not yet, and no more hints. Try again, or ask your "
                                                              "teacher.")))
    return _noted(definition, answer, Feedback(
        "wrong", _("Not yet, and no more hints. Try again, or ask for the answer with reveal=True.")))


def _definition(exercise_id: str, kinds: tuple[str, ...]) -> ExerciseDef:
    definition = _get(exercise_id)
    if definition.kind not in kinds:
        kind, function = KIND_NAMES[definition.kind]
        call = f"{function}({exercise_id!r}, answer)"
        raise LessonError(_("exercise {id} is a {kind} exercise: answer it with {call}", id=exercise_id, kind=kind,
                            call=call))
    return definition


def check(exercise_id: str, answer: Any, *, reveal: bool = False) -> Feedback:
    """Feedback on ``answer`` to a number/value exercise: right, a hint, or (after three tries) the answer.

    >>> from pokelab.teaching.language import set_language
    >>> reset(); set_language("zh")
    >>> print(check("30-1", 0.15))
    答对了！准确值：3/20 ≈ 0.1500
    >>> set_language("both")
    """
    definition = _definition(exercise_id, ("number", "value", "member"))
    params = definition.params(student_of(exercise_id))
    expected = definition.answer(params)
    if reveal:
        if not classlink.may_reveal(_STATE["tries"].get(exercise_id, 0), definition.reveal_after):
            return Feedback("unanswered", _("Your teacher keeps the answers hidden for now: try again with the "
                                            "hints, or ask your teacher."))
        return _noted(definition, ..., _reveal(expected))
    if answer is ... or answer is None:
        return _unanswered()
    if definition.kind == "number" and as_number(answer) is None:
        _strict(definition, answer, expected)
        return Feedback(
            "wrong",
            _("{answer} is not a number: write a fraction like Fraction(3, 8) or \"3/8\", or a decimal.",
              answer=repr(answer)),
        )
    if matches(definition, answer, expected):
        _STATE["tries"][exercise_id] = 0
        exact = isinstance(as_number(answer), Fraction) or definition.kind != "number"
        if exact or as_number(expected) is None:
            return _noted(definition, answer, Feedback("correct", _("Correct!")))
        return _noted(definition, answer, Feedback("correct", _("Correct! Exactly: {value}", value=show(expected))))
    _strict(definition, answer, expected)
    return _wrong(definition, answer, params, expected)


def choice(exercise_id: str, answer: Any = ...) -> Feedback | Task:
    """The options of a multiple-choice exercise (no answer yet), or feedback naming the misconception chosen."""
    definition = _definition(exercise_id, ("choice",))
    if answer is ... or answer is None:
        return Task(definition, student_of(exercise_id))
    key = str(answer).strip().lower()
    option = next((o for o in definition.options if o.key.lower() == key), None)
    if option is None:
        keys = join(o.key for o in definition.options)
        raise LessonError(_("exercise {id}: {answer} is not an option; choose one of {keys}", id=exercise_id,
                            answer=repr(answer), keys=keys))
    if option.correct:
        return _noted(definition, option.key,
                      Feedback("correct", _("Correct! {why}", why=option.why) if option.why else _("Correct!")))
    _strict(definition, answer, definition.expected())
    _STATE["tries"][exercise_id] = _STATE["tries"].get(exercise_id, 0) + 1
    misconception = None if option.why is None else (option.key.lower(), option.why)
    return _noted(definition, option.key, Feedback("wrong", _("Not this one: {why}", why=option.why or "")),
                  misconception)


def predict(exercise_id: str, guess: Any = ...) -> Feedback:
    """With a guess: keep it (before the simulation runs). Without: compare the kept guess with the simulation."""
    definition = _definition(exercise_id, ("predict",))
    guesses = _STATE["guesses"]
    if guess is not ...:
        if guess is None or as_number(guess) is None:
            return _unanswered()
        changed = exercise_id in guesses and guesses[exercise_id] != guess
        guesses[exercise_id] = guess
        fields = {"guess": show(guess), "call": f"predict({exercise_id!r})"}
        if changed:
            return _noted(definition, guess, Feedback(
                "recorded", _("Your guess {guess} is kept (you changed your guess). Now run the experiment, then "
                              "{call} to compare.", **fields)))
        return _noted(definition, guess, Feedback(
            "recorded", _("Your guess {guess} is kept. Now run the experiment, then {call} to compare.", **fields)))
    if exercise_id not in guesses:
        return Feedback("unanswered", _("Make your guess first: predict({id}, your_guess), before the experiment runs.",
                                        id=repr(exercise_id)))
    guess = guesses[exercise_id]
    actual = definition.answer(definition.params(student_of(exercise_id)))
    gap = abs(float(as_number(guess)) - float(actual))
    near = gap <= max(definition.tolerance, (definition.relative or 0) * abs(float(actual)))
    fields = {"guess": show(guess), "actual": show(actual), "gap": f"{gap:.3g}"}
    if near:
        return Feedback("compared", _("You guessed {guess}; the experiment gave {actual} (off by {gap}), close: well "
                                      "judged.", **fields))
    verdict = _("You guessed {guess}; the experiment gave {actual} (off by {gap}), a surprise: what did you not expect?",
                **fields)
    if definition.hints:
        verdict = _("{verdict} {hint}", verdict=verdict, hint=definition.hints[0])
    return Feedback("compared", verdict)


def _is_sentence(text: str) -> bool:
    """Five words, or (in a language written without spaces) a few characters of it."""
    return len(text.split()) >= 5 or _UNSPACED_SCRIPT.search(text) is not None


def explain(exercise_id: str, text: Any = ...) -> Feedback:
    """After an attempt of a sentence or more, the model answer and which key ideas the attempt names.

    An attempt that states one of the exercise's misconceptions is told so, and gets no key idea ticked.
    """
    definition = _definition(exercise_id, ("explain",))
    if text is ... or text is None or not str(text).strip():
        return _unanswered()
    attempt = str(text)
    if not _is_sentence(attempt):
        return Feedback("wrong", _("Write a whole sentence (at least five words) before you see the model answer."))
    model = definition.model
    assert model is not None  # an explain exercise is registered with its model answer
    stated = _stated(definition, attempt)
    if stated:
        return _noted(definition, attempt, Feedback(
            "wrong",
            _("Compare yours with the model answer: {model} (careful: your text says {wrong}, which is not so)",
              model=model, wrong=join(label for _id, label in stated)),
            model=model,
            ideas=tuple((idea.label, False) for idea in definition.ideas),
            lead=_("Compare yours with the model answer (careful: your text says {wrong}, which is not so).",
                   wrong=join(label for _id, label in stated)),
        ), stated[0])
    found = tuple((idea.label, idea.found_in(attempt)) for idea in definition.ideas)
    named = [label for label, hit in found if hit]
    return _noted(definition, attempt, Feedback(
        "revealed",
        _("Compare yours with the model answer: {model} (key ideas you named: {named})",
          model=model, named=join(named) if named else _("none yet")),
        model=model,
        ideas=found,
        lead=_("Compare yours with the model answer."),
    ))


def board_task(exercise_id: str, board: Any) -> Feedback:
    """Read ``board.state`` (or a state) and say whether the task is done, or what is still missing."""
    definition = _definition(exercise_id, ("board",))
    if board is ... or board is None:
        return Feedback(
            "unanswered",
            _("Do the task on the board, then set the answer to the board (answer = board) and run the cell again."),
        )
    state = getattr(board, "state", board)
    missing = definition.goal(state, definition.params(student_of(exercise_id)))
    if not missing:
        return _noted(definition, board, Feedback("correct", _("Done: the board shows the task complete.")))
    _strict(definition, [str(m) for m in missing], "done")
    items: Text | str = ""
    for index, item in enumerate(missing):
        items = item if index == 0 else _p("list", "{items}; {item}", items=items, item=item)
    return _noted(definition, board, Feedback("wrong", _("Still missing: {items}.", items=items)))
