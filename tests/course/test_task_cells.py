"""After Run All, an answer written with ``task`` is checked against its own exercise (issue 31).

A real IPython shell runs the cells as a notebook kernel does: lesson 30's three exercises in
order (so ``task`` ends on 30-3), then exercise 1's answer cell again, written with
``task.colour`` as the lesson's solution is.
"""

from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell

from pokelab.teaching import reset, set_language


@pytest.fixture()
def shell():
    InteractiveShell.clear_instance()
    sh = InteractiveShell.instance()
    reset()
    set_language("en")
    sh.run_cell("from fractions import Fraction\nfrom pokelab.herecomes import DEFAULT_BAG\n"
                "from pokelab.teaching import check, exercise, set_student")
    yield sh
    set_language("both")
    reset()
    InteractiveShell.clear_instance()


def _run(sh: InteractiveShell, code: str):
    result = sh.run_cell(code)
    result.raise_error()
    return result.result


ANSWER_1 = 'answer_1 = Fraction(DEFAULT_BAG[task.colour], 20)\ncheck("30-1", answer_1)'


@pytest.mark.parametrize("student", [None, "Mei"])
def test_an_earlier_answer_cell_after_run_all_reads_its_own_exercise(shell, student) -> None:
    if student:
        _run(shell, f"set_student({student!r})")
    for number in (1, 2, 3):
        _run(shell, f'task = exercise("30-{number}")\ntask')
    assert _run(shell, "task.definition.id") == "30-3"
    colours = _run(shell, 'exercise("30-1").colour, exercise("30-3").colour')
    _run(shell, 'task = exercise("30-3")')
    feedback = _run(shell, ANSWER_1)
    assert feedback.ok, (colours, feedback)
    assert _run(shell, "task.definition.id") == "30-1"


def test_a_task_the_pupil_bound_to_something_else_is_left_alone(shell) -> None:
    _run(shell, 'exercise("30-1")\ntask = "my notes"')
    _run(shell, 'check("30-1", Fraction(3, 10))')
    assert _run(shell, "task") == "my notes"


def test_a_cell_naming_two_exercises_changes_nothing(shell) -> None:
    _run(shell, 'task = exercise("30-3")')
    _run(shell, 'a = check("30-1", 1)\nb = check("30-2", 1)')
    assert _run(shell, "task.definition.id") == "30-3"
