"""Personal numbers never degenerate (issue 31): 1,000 pupil names for every exercise with personal numbers.

A class of names (English, pinyin and Chinese, as a roster holds them) gets its numbers; for each:
- every exercise computes its answer (no impossible event makes the engine refuse it);
- an exercise whose answer is a chance (``chance=True``: the "what is the chance …" questions,
  41-3's gain in chance, 39-2's posterior) is strictly between 0 and 1: never an impossible event
  (41-3 once gave 0 to 14 names in 60, 37-1 an impossible event to 4), never a certain one;
- the lesson's own numbers are not degenerate either.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from fractions import Fraction

import pytest

from pokelab.course.registry import all_exercises, get

GIVEN = ["Mei", "Ann", "Bo", "Chen", "Dara", "Eli", "Fang", "Gus", "Hana", "Ivo", "Jia", "Kai", "Lea", "Ming", "Noor",
         "Omar", "Pia", "Qing", "Rui", "Sam", "Tao", "Uma", "Vera", "Wei", "Xin", "Yan", "Zoe", "伟", "芳", "静", "磊",
         "洋", "婷", "Ali", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gwen"]
FAMILY = ["Li", "Wang", "Zhang", "Liu", "Chen", "Smith", "Jones", "Brown", "Garcia", "Müller", "王", "李", "张", "刘",
          "Nguyen", "Kim", "Sato", "Khan", "Silva", "Rossi", "O'Neil", "Ng", "Lee", "Huang", "Zhao"]
NAMES = [f"{g} {f}" for g, f in itertools.product(GIVEN, FAMILY)][:1000]
PERSONAL = [d for d in all_exercises() if d.personal is not None and d.answer is not None]
CHANCES = [d for d in PERSONAL if d.chance]


def remembering(definition):
    """``definition`` whose answer is worked out once per set of numbers.

    ``params`` of a chance exercise asks the answer of the numbers it draws (to draw again on a 0 or
    a 1), then ``expected`` asks it again; and many names share their numbers (42-6: 5 sets for the
    1,000 names, 41-3: 36). Each name still draws its numbers and is checked through ``expected``.
    """
    answer, known = definition.answer, {}

    def remembered(params):
        key = repr(sorted(params.items()))
        if key not in known:
            known[key] = answer(params)
        return known[key]

    return dataclasses.replace(definition, answer=remembered)


def test_a_thousand_distinct_names() -> None:
    assert len(set(NAMES)) == 1000


def test_every_question_asking_for_a_chance_is_marked_as_one() -> None:
    """The exercises the issue names, and every "what is the chance" question, are chance exercises."""
    marked = {d.id for d in CHANCES}
    assert {"37-1", "41-3", "39-2", "40-3", "20-2", "30-2", "31-3", "32-1"} <= marked
    for d in all_exercises():
        if d.kind == "number" and re.search(r"what is (the (exact )?chance|P\()", d.question.source, re.IGNORECASE):
            assert d.chance, f"{d.id} asks for a chance but is not marked chance=True"


@pytest.mark.parametrize("definition", CHANCES, ids=lambda d: d.id)
def test_no_pupil_gets_an_impossible_or_certain_event(definition) -> None:
    definition = remembering(definition)
    degenerate = []
    for name in NAMES:
        answer = definition.expected(name)
        if not 0 < answer < 1:
            degenerate.append((name, answer))
    assert degenerate == [], f"{definition.id}: {len(degenerate)} of 1000 names, e.g. {degenerate[:3]}"
    assert 0 < definition.expected() < 1, f"{definition.id}: the lesson's own numbers"


@pytest.mark.parametrize("definition", [d for d in PERSONAL if not d.chance], ids=lambda d: d.id)
def test_every_other_personal_answer_is_computed(definition) -> None:
    definition = remembering(definition)
    for name in NAMES[:: 5 if definition.id in ("33-2", "35-2") else 1]:  # the two slow ones: every fifth name
        answer = definition.expected(name)
        assert answer is not None
        if isinstance(answer, Fraction | int | float) and not isinstance(answer, bool):
            assert answer == answer  # not NaN


@pytest.mark.parametrize("definition", [d for d in all_exercises() if d.chance], ids=lambda d: d.id)
def test_the_lessons_own_chances_are_not_degenerate(definition) -> None:
    assert 0 < definition.expected() < 1


def test_a_redrawn_name_keeps_one_set_of_numbers() -> None:
    """Drawing again is seeded too: a pupil's numbers (and so the teacher's key) never change between calls."""
    exercise = get("41-3")
    assert all(exercise.params(name) == exercise.params(name) for name in NAMES[:50])
