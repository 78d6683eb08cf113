"""The students' exercise notebooks: generated from the lessons, up to date, answers stripped, checks kept."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_exercises", ROOT / "scripts" / "make_exercises.py")
mx = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mx)

LESSONS = mx.solution_notebooks()


def _code(nb: dict) -> str:
    """The code a pupil sees: every code cell but the dropped ones (solutions, hidden claims)."""
    return "\n".join("".join(c["source"]) for c in nb["cells"]
                     if c["cell_type"] == "code" and not mx.DROPPED_TAGS & set(c.get("metadata", {}).get("tags") or []))


def test_every_lesson_has_exercises_and_they_are_up_to_date() -> None:
    assert LESSONS, "no lesson notebook holds a solution line"
    assert mx.stale() == [], "run `python scripts/make_exercises.py`"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: str(p.relative_to(mx.NOTEBOOKS)))
def test_exercise_strips_every_answer_and_keeps_every_check(lesson: Path) -> None:
    solution = json.loads(lesson.read_text(encoding="utf-8"))
    exercise = json.loads(mx.exercise_path(lesson).read_text(encoding="utf-8"))
    code = _code(exercise)
    assert mx.MARK not in code and mx.BEGIN not in code
    calls = ("check(", "choice(", "predict(", "explain(", "board_task(")
    assert sum(code.count(c) for c in calls) == sum(_code(solution).count(c) for c in calls) > 0
    # Every answer the lesson computes is left for the student.
    for line in _code(solution).splitlines():
        if line.rstrip().endswith(mx.MARK):
            assert line not in code.splitlines()
    banner = "".join(exercise["cells"][0]["source"])
    zh = lesson.relative_to(mx.NOTEBOOKS).parts[0] == "zh"
    assert banner.startswith(mx.banner("zh/x.ipynb" if zh else None)) and ".ipynb" not in banner.split("\n\n")[0]
    # a Chinese exercise opens in Chinese only, an English one in English only (issue 31)
    assert ("Exercise version" in banner.split("\n\n")[0]) != zh and ("练习版" in banner.split("\n\n")[0]) == zh


def test_strip_replaces_a_multi_line_solution_with_one_placeholder_per_answer() -> None:
    source = "x = 1\nhelper = x + 1  # SOLUTION\nanswer_1 = helper * 2  # SOLUTION\ncheck('e', answer_1, 4)"
    assert mx.strip_source(source).splitlines() == [
        "x = 1",
        "answer_1 = ...  # your answer",
        "check('e', answer_1, 4)",
    ]


def test_strip_drops_indented_solution_lines_and_leaves_code_here_when_nothing_is_assigned() -> None:
    source = "try:  # SOLUTION\n    answer_3 = f()  # SOLUTION\nexcept E:  # SOLUTION\n    pass  # SOLUTION\nprint(1)"
    assert mx.strip_source(source).splitlines() == ["answer_3 = ...  # your answer", "print(1)"]
    assert mx.strip_source("plot()  # SOLUTION") == "# your code here"


def test_solution_tagged_cells_are_dropped_and_banner_added() -> None:
    nb = {
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Title"},
            {"cell_type": "markdown", "id": "b", "metadata": {"tags": ["solution"]}, "source": "Because…"},
            {"cell_type": "code", "id": "c", "metadata": {}, "source": "answer = 2  # SOLUTION",
             "outputs": [], "execution_count": None},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    assert mx.has_solutions(nb)
    out = mx.make_exercise(nb)
    assert [c["id"] for c in out["cells"]] == ["a", "c"]
    assert out["cells"][0]["source"].endswith("# Title") and ".ipynb" not in out["cells"][0]["source"]
    assert out["cells"][1]["source"] == "answer = ...  # your answer"


def test_unbalanced_solution_markers_are_an_error() -> None:
    with pytest.raises(ValueError, match="without"):
        mx.strip_source("# END SOLUTION")


def test_stale_reports_missing_and_leftover_exercises(tmp_path: Path) -> None:
    lesson = {
        "cells": [{"cell_type": "code", "id": "c", "metadata": {}, "source": "answer = 1  # SOLUTION",
                   "outputs": [], "execution_count": None}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "lesson.ipynb").write_text(json.dumps(lesson))
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "old.ipynb").write_text("{}")
    assert sorted(mx.stale(tmp_path)) == ["left over: exercises/old.ipynb", "missing: exercises/a/lesson.ipynb"]
    for path, text in mx.expected_files(tmp_path).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (tmp_path / "exercises" / "old.ipynb").unlink()
    assert mx.stale(tmp_path) == []


def test_hidden_claims_cells_are_removed_not_collapsed() -> None:
    """A hidden claims cell is left out of the exercise version, with or without the solution tag (issue 31)."""
    hidden = {"tags": ["remove-input"], "jupyter": {"source_hidden": True}}
    nb = {
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# Title"},
            {"cell_type": "code", "id": "k", "metadata": hidden, "source": "assert 1 + 1 == 2",
             "outputs": [], "execution_count": None},
            {"cell_type": "code", "id": "r", "metadata": {**hidden, "tags": ["remove-input", "solution"]},
             "source": "assert answer_1 == 2", "outputs": [], "execution_count": None},
            {"cell_type": "code", "id": "c", "metadata": {}, "source": "answer_1 = 2  # SOLUTION",
             "outputs": [], "execution_count": None},
        ],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }
    out = mx.make_exercise(nb)
    assert [c["id"] for c in out["cells"]] == ["a", "c"]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: str(p.relative_to(mx.NOTEBOOKS)))
def test_no_exercise_notebook_holds_a_hidden_cell(lesson: Path) -> None:
    exercise = json.loads(mx.exercise_path(lesson).read_text(encoding="utf-8"))
    hidden = [c.get("id") for c in exercise["cells"]
              if "remove-input" in (c.get("metadata", {}).get("tags") or [])
              or c.get("metadata", {}).get("jupyter", {}).get("source_hidden")]
    assert hidden == []
