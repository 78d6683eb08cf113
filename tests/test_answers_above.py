"""No worked example prints the answer of the exercise below it (issue 31: "no default answer printed above the exercise").

``scripts/build_lessons.py`` runs ``answers_shown_above`` on every notebook it has just
executed, with all its outputs, and stops the build when an answer shows above its
exercise. Here the same check runs on the outputs the shipped notebooks keep (the
``# NBVAL_CHECK_OUTPUT`` cells) of both tracks, lessons and exercise versions, and on
small notebooks that show what it finds and what it leaves alone.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("answers_above", ROOT / "scripts" / "answers_above.py")
answers_above = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(answers_above)

NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _cell(source: str, printed: str = "") -> dict:
    return {"cell_type": "code", "source": source, "outputs": [{"output_type": "execute_result",
                                                               "data": {"text/plain": printed}}]}


def test_the_doctests_pass() -> None:
    assert doctest.testmod(answers_above).failed == 0


def test_a_worked_example_that_prints_the_answer_is_found_in_every_form() -> None:
    exercise = _cell('task = exercise("31-2")\ntask')
    answer = answers_above.get("31-2").expected()
    assert isinstance(answer, Fraction) and answer.denominator > 1
    for printed in (repr(answer), f"{answer.numerator}/{answer.denominator}", f"{float(answer):.3f}",
                    f"{float(answer) * 100:.1f}%"):
        found = answers_above.answers_shown_above({"cells": [_cell("example", f"P = {printed}"), exercise]})
        assert len(found) == 1 and found[0].startswith("31-2:"), printed


def test_the_prose_above_an_exercise_is_read_too_in_each_form_it_writes_a_number() -> None:
    """Issue 41: 38-2/38-5 and 41-5 were answered in the sections above them, in words and formulas."""
    exercise = _cell('task = exercise("31-2")\ntask')
    answer = answers_above.get("31-2").expected()
    n, d = answer.numerator, answer.denominator
    for written in (f"so the chance is ${n}/{d}$", rf"$P = \frac{{{n}}}{{{d}}}$", rf"$\tfrac{{{n}}}{{{d}}}$",
                    f"about {float(answer) * 100:.1f} %", f"about {float(answer) * 100:.1f}\\%"):
        prose = {"cell_type": "markdown", "source": written}
        found = answers_above.answers_shown_above({"cells": [prose, exercise]})
        assert len(found) == 1 and "written in the prose of cell 0" in found[0], written
    later = {"cell_type": "markdown", "source": f"The answer was {n}/{d}."}
    assert answers_above.answers_shown_above({"cells": [exercise, later]}) == []  # prose after it may say it


def test_a_prediction_is_searched_for_too() -> None:
    """A ``predict`` exercise has one right value as well (38-3's 1/5 was missed when only ``number`` was read)."""
    answer = answers_above.get("38-3").expected()
    assert answers_above.get("38-3").kind == "predict" and answer == Fraction(1, 5)
    exercise = _cell('task = exercise("38-3")\ntask')
    for written in ("so it is 1/5 again", "about 20.0 %"):
        found = answers_above.answers_shown_above({"cells": [{"cell_type": "markdown", "source": written}, exercise]})
        assert len(found) == 1 and found[0].startswith("38-3:"), written


def test_a_tuple_answer_is_found_as_python_prints_it() -> None:
    found = answers_above.answer_patterns((13, (10, 9, 3), (0,)))
    assert found and answers_above.re.search(found[0], "Result(13, (10, 9, 3), (0,))")
    assert answers_above.answer_patterns((2,)) == []  # one number: it shows up anywhere


def test_another_case_a_later_output_and_a_longer_number_are_left_alone() -> None:
    answer = answers_above.get("31-2").expected()
    cells = [_cell("example", f"{answer.numerator}/{answer.denominator}7 and {float(answer):.3f}9"),
             _cell('task = exercise("31-2")'), _cell("table", repr(answer))]
    assert answers_above.answers_shown_above({"cells": cells}) == []


def test_the_listed_coincidences_are_still_true() -> None:
    """Each allowed value really is the answer of its exercise (else the entry is stale and must go)."""
    for (ex_id, value), why in answers_above.COINCIDENCES.items():
        assert answers_above.get(ex_id).expected() == value and why


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_no_shipped_notebook_prints_an_answer_above_its_exercise(path: Path) -> None:
    assert answers_above.answers_shown_above(json.loads(path.read_text(encoding="utf-8"))) == []
