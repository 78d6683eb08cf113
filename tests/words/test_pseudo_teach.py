"""Every text of exercise feedback, exercise statements and the teaching errors passes through the word catalogue.

The notebook is set to the pseudo-language and every exercise of the course registry is
driven through its paths: right, wrong and badly typed answers, every tempting slip,
every hint up to the revealed answer, every option of a choice, predictions near and
far, explanations with and without the key ideas or a misconception, board tasks done
and not done, and the pupil's mistakes in using the kit (a wrong exercise id, ``check``
for a choice …). What is left in plain letters must be data this test chose (the
pupils' names, the answers it typed) or code a pupil types (``CODE``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

from pokelab.course.expectimax_by_hand import plan_43
from pokelab.course.fields import field
from pokelab.course.registry import ExerciseDef, all_exercises, get
from pokelab.course.splendor_rules import _lesson11, _lesson12, _lesson13
from pokelab.errors import ExplainedError
from pokelab.teaching import (
    Feedback,
    answer_key,
    board_task,
    check,
    choice,
    exercise,
    explain,
    grade,
    language,
    predict,
    reset,
    set_language,
    set_student,
)
from pokelab.teaching.feedback import MARKS, mark_word
from pokelab.teaching.language import LessonError, language_choices, say
from pokelab.teaching.session import KIND_NAMES
from pokelab.words import Text, maintain
from pokelab.words.pseudo import leaks

#: The pupils this test hands exercises to (None: the lesson's own numbers).
PUPILS = (None, "Mei", "Ana")
#: Code a pupil types, named as it is written in feedback and hints (never translated).
CODE = (
    "record.rounds",
    "math.comb(5, 3)",
    "len(...)",
    "cards.loc[cards['expected_points'].idxmax(), 'id']",
    "result(states[-1]).winners",
    "result(final).winners",
    "max(card.points for card in TARGETS.values() if card.kind != 'legend')",
    "card_table(bag)",
    'card_by_name("Starmie").cost',
    *(f"{function}(" for _, function in KIND_NAMES.values()),
    "answer)",
    "True",
    "False",
    "None",
    "'legendary'",
)
#: What this test types as answers.
TYPED = ("'a lot'", "'purple and red'", "'zzz'", "'because'")
_CONDITION_CODE = re.compile(r"\b(?:last|never|all):[a-z]+\b")
_TAG = re.compile(r"<[^>]+>")

EXERCISES = [e.id for e in all_exercises()]


@pytest.fixture
def qps(pseudo: str) -> Iterator[str]:
    """The notebook set to the pseudo-language, with a fresh session; "both" again afterwards."""
    before = language()
    reset()
    set_language(pseudo)
    try:
        yield pseudo
    finally:
        set_language(before if before != pseudo else "both")
        reset()


def _plain(shown: str) -> str:
    return html.unescape(_TAG.sub(" ", shown))


def _allowed(*extra: str) -> list[str]:
    return [p for p in PUPILS if p] + list(CODE) + list(TYPED) + list(extra)


def _assert_clean(shown: Any, *extra: str, where: str = "") -> int:
    if isinstance(shown, Text | str):
        text = say(shown)  # a hint that is only code is a plain string
    elif hasattr(shown, "_repr_html_"):
        text = _plain(shown._repr_html_()) + "\n" + str(shown)
    else:
        text = str(shown)
    text = _CONDITION_CODE.sub(" ", text)  # condition codes ("last:red") are data a pupil passes to the kit
    found = leaks(text, allowed=_allowed(*extra))
    assert found == [], f"{where}: {found} in {text!r}"
    return 1


def _wrong_number(expected: Any) -> Any:
    number = Fraction(expected) if isinstance(expected, int | Fraction) else None
    if number is not None:
        return number + 7
    if isinstance(expected, float):
        return expected + 7.5
    return "zzz"


def _drive_check(ex: ExerciseDef, student: str | None) -> int:
    rendered = 0
    params = ex.params(student)
    expected = ex.answer(params)
    rendered += _assert_clean(check(ex.id, ...), where=ex.id)
    rendered += _assert_clean(check(ex.id, None, reveal=True), where=ex.id)
    if ex.kind == "number":
        rendered += _assert_clean(check(ex.id, "a lot"), where=ex.id)
    for value, why in ex.mistakes(params) if ex.mistakes else ():
        rendered += _assert_clean(why, where=ex.id)
        rendered += _assert_clean(check(ex.id, value), where=ex.id)
    for _try in range(ex.reveal_after + 2):  # every hint, the answer, and what follows
        rendered += _assert_clean(check(ex.id, _wrong_number(next(iter(expected)) if isinstance(expected, set)
                                                             else expected)), where=ex.id)
    right = next(iter(expected)) if isinstance(expected, set) else expected
    fb = check(ex.id, right)
    assert fb.ok, ex.id
    rendered += _assert_clean(fb, where=ex.id)
    if isinstance(right, Fraction):
        fb = check(ex.id, float(right))
        rendered += _assert_clean(fb, where=ex.id)
    return rendered


def _drive_choice(ex: ExerciseDef) -> int:
    rendered = _assert_clean(choice(ex.id), where=ex.id)
    for option in ex.options:
        rendered += _assert_clean(choice(ex.id, option.key), where=ex.id)
    with pytest.raises(LessonError) as err:
        choice(ex.id, "zzz")
    return rendered + _assert_clean(err.value, where=ex.id)


def _drive_predict(ex: ExerciseDef, student: str | None) -> int:
    actual = float(ex.answer(ex.params(student)))
    rendered = _assert_clean(predict(ex.id), where=ex.id)  # no guess yet
    rendered += _assert_clean(predict(ex.id, None), where=ex.id)
    rendered += _assert_clean(predict(ex.id, actual + 1000), where=ex.id)
    rendered += _assert_clean(predict(ex.id), where=ex.id)  # far off
    rendered += _assert_clean(predict(ex.id, actual), where=ex.id)  # a changed guess
    return rendered + _assert_clean(predict(ex.id), where=ex.id)  # close


def _drive_explain(ex: ExerciseDef) -> int:
    every_idea = " ".join(idea.words.render("en").split("|")[0] for idea in ex.ideas) + " and so on, because of all that"
    attempts = [..., "because", every_idea, "I really do not know why this would be so at all",
                *(" ".join(m.alternatives()) + " is what I think happens" for m in ex.misconceptions)]
    rendered = 0
    for attempt in attempts:
        rendered += _assert_clean(explain(ex.id, attempt), where=ex.id)
    return rendered


def _states(ex_id: str) -> list[Any]:
    herecomes = [SimpleNamespace(round_discards=[], tokens=()),
                 SimpleNamespace(round_discards=[("G01",)], tokens=("blue",) * 4),
                 SimpleNamespace(round_discards=[("G01",)], tokens=("red",) * 4)]
    done = SimpleNamespace(players=[SimpleNamespace(tok=[2] * 5)], current_player=1)
    return {"20-3": herecomes, "11-4": [_lesson11(), done], "12-4": [_lesson12()], "13-4": [_lesson13()]}.get(ex_id, [])


def _drive_board(ex: ExerciseDef, student: str | None) -> int:
    rendered = _assert_clean(board_task(ex.id, ...), where=ex.id)
    for state in _states(ex.id):
        for item in ex.goal(state, ex.params(student)):
            rendered += _assert_clean(item, where=ex.id)
        rendered += _assert_clean(board_task(ex.id, state), where=ex.id)
    return rendered


def _drive(ex: ExerciseDef, student: str | None) -> int:
    if student is not None:
        task = exercise(ex.id, student=student)
    else:
        set_student(None)
        task = exercise(ex.id)
    rendered = _assert_clean(task, where=ex.id)
    for hint in ex.hints:
        rendered += _assert_clean(hint, where=ex.id)
    other = "choice" if ex.kind != "choice" else "number"
    wrong_kind = {"choice": lambda: choice(ex.id, "a"), "number": lambda: check(ex.id, 1)}[other]
    with pytest.raises(LessonError) as err:
        wrong_kind()
    rendered += _assert_clean(err.value, where=ex.id)
    if ex.kind in ("number", "value", "member"):
        rendered += _drive_check(ex, student)
    elif ex.kind == "choice":
        rendered += _drive_choice(ex)
    elif ex.kind == "predict":
        rendered += _drive_predict(ex, student)
    elif ex.kind == "explain":
        rendered += _drive_explain(ex)
    else:
        rendered += _drive_board(ex, student)
    return rendered


@pytest.mark.parametrize("student", PUPILS)
@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_every_exercise_speaks_only_through_the_catalogue(qps: str, exercise_id: str, student: str | None) -> None:
    rendered = _drive(get(exercise_id), student)
    assert rendered >= 4


def test_the_marks_and_the_kinds(qps: str) -> None:
    for status in MARKS:
        _assert_clean(mark_word(status), where=status)
        _assert_clean(Feedback(status, mark_word(status)), where=status)
    for kind, _function in KIND_NAMES.values():
        _assert_clean(kind, where="kind")


def test_the_pupils_mistakes_in_using_the_kit(qps: str) -> None:
    for wrong in (lambda: exercise("99-9"), lambda: exercise("30-1", student="  "), lambda: set_student(" "),
                  lambda: set_language("fr"), lambda: exercise("30-3").nothing):
        with pytest.raises(LessonError) as err:
            wrong()
        _assert_clean(err.value, "'99-9'", "'fr'", "'nothing'", "bag", "colour", *(f"'{lang}'" for lang in language_choices()),
                      where="usage")


def test_the_teachers_side(qps: str) -> None:
    for ex_id, answer in (("30-1", 0.5), ("31-4", "zzz")):
        with pytest.raises(AssertionError) as err:
            grade(ex_id, answer)
        _assert_clean(err.value, "0.5", where="grade")
    with pytest.raises(AssertionError) as err:
        grade("11-4", _lesson11())
    _assert_clean(err.value, where="grade board")
    with pytest.raises(ExplainedError) as empty:
        answer_key([])
    _assert_clean(empty.value.message(qps), where="answer key")


def test_question_fields_and_the_small_round_plan(qps: str) -> None:
    for value in ("red", "purple", ("red", "blue", "yellow"), {"red": 3, "purple": 1}, "Charmeleon", "Pikachu"):
        _assert_clean(say(field(value)), where=repr(value))
    plan = plan_43()
    outline = plan.outline(qps)
    assert "○" in outline
    for line in outline.splitlines():
        # the condition words of a card come from the engine (``card_condition(...).describe``): its area
        head = line.split("→")[-1]
        _assert_clean(head, where="outline")


def test_both_still_shows_english_and_chinese() -> None:
    set_language("both")
    reset()
    try:
        shown = str(check("31-1", "1/2"))
        assert " — " in shown and "Hint" in shown and "提示" in shown
        assert "Correct" in str(check("30-1", "3/20")) and "答对了" in str(check("30-1", "3/20"))
    finally:
        reset()


def _area_files() -> tuple[str, ...]:
    return ("pokelab/teaching/", "pokelab/course/")


def test_every_text_of_teaching_and_the_course_has_its_chinese(template: Any) -> None:
    ours = {
        (m.id if isinstance(m.id, str) else m.id[0])
        for m in template
        if m.id and any(loc[0].startswith(_area_files()) for loc in m.locations)
    }
    assert len(ours) > 300
    problems = [p for p in maintain.problems("zh", template) if any(repr(i) in p for i in ours)]
    assert problems == []
