"""The exercise registry: every lesson call names a registered exercise, answers never sit in a cell, personal numbers differ."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from pokelab import teaching
from pokelab.teaching import ExerciseDef, Option, all_exercises, get
from pokelab.words import Text, _

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if "exercises" not in p.relative_to(NOTEBOOKS).parts
                 and ".ipynb_checkpoints" not in p.parts)
EXERCISE_NOTEBOOKS = sorted((NOTEBOOKS / "exercises").rglob("*.ipynb")) + sorted((NOTEBOOKS / "zh" / "exercises").rglob("*.ipynb"))
CALL = re.compile(r"\b(check|choice|predict|explain|board_task|exercise)\(\s*[\"'](\d\d-\d+)[\"']([^)\n]*)\)")
KIND_OF_CALL = {"check": ("number", "value", "member"), "choice": ("choice",), "predict": ("predict",),
                "explain": ("explain",), "board_task": ("board",)}


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(teaching.STRICT_ENV, raising=False)
    teaching.reset()


def _code(path: Path) -> str:
    cells = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)["cells"]
    return "\n".join(c["source"] for c in cells if c["cell_type"] == "code")


def _calls(path: Path) -> list[tuple[str, str, str]]:
    return CALL.findall(_code(path))


@pytest.mark.parametrize("path", LESSONS + EXERCISE_NOTEBOOKS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_every_exercise_call_names_a_registered_exercise_of_its_kind_and_passes_no_expected_value(path: Path) -> None:
    for function, ex_id, rest in _calls(path):
        definition = get(ex_id)
        if function in KIND_OF_CALL:
            assert definition.kind in KIND_OF_CALL[function], f"{path.name}: {function}({ex_id!r}) but it is a {definition.kind}"
        # check("31-2", answer) only: one more argument at most, and never an expected value beside it
        assert rest.count(",") <= 1 and "reveal" not in rest, f"{path.name}: {function}({ex_id!r}{rest}) passes more than the answer"
        lesson = definition.lesson
        assert path.relative_to(NOTEBOOKS).as_posix().endswith(lesson), f"{ex_id} belongs to {lesson}, not {path.name}"


def test_every_registered_exercise_is_used_by_its_lesson() -> None:
    used = {ex_id for path in LESSONS for _, ex_id, _ in _calls(path)}
    assert {e.id for e in all_exercises()} == used


def test_every_kind_of_exercise_appears_in_several_lessons() -> None:
    lessons_of = {kind: {e.lesson for e in all_exercises() if e.kind == kind} for kind in ("choice", "predict", "explain", "board")}
    assert all(len(lessons) >= 2 for lessons in lessons_of.values()), lessons_of
    personal = {e.lesson for e in all_exercises() if e.personal is not None}
    assert len(personal) >= 8


def _chinese(text: Text) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text.render("zh")))


def test_every_exercise_has_its_feedback_in_english_and_chinese() -> None:
    """Every text of an exercise is a catalogue text with its Chinese; a hint may be plain code, as a pupil types it."""
    for ex in all_exercises():
        assert _chinese(ex.statement()), ex.id
        if ex.kind in ("number", "value", "member", "board"):
            assert ex.hints, f"{ex.id} has no hint"
        assert all(isinstance(h, str) or _chinese(h) for h in ex.hints), ex.id
        for option in ex.options:
            assert _chinese(option.text) and (option.correct or _chinese(option.why)), f"{ex.id}/{option.key}"
        if ex.kind == "explain":
            assert _chinese(ex.model) and all(_chinese(i.label) for i in ex.ideas), ex.id


def test_a_wrong_option_must_name_its_misconception() -> None:
    with pytest.raises(ValueError, match="misconception"):
        ExerciseDef("99-1", "x.ipynb", "choice", _("Q?"),
                    options=(Option("a", _("yes"), correct=True), Option("b", _("no"))))
    with pytest.raises(ValueError, match="catalogue texts"):
        ExerciseDef("99-2", "x.ipynb", "number", "Q?", lambda p: 1, hints=("h",))


PERSONAL = [e for e in all_exercises() if e.personal is not None]


@pytest.mark.parametrize("definition", PERSONAL, ids=lambda e: e.id)
def test_personal_numbers_differ_between_students_and_stay_the_same_for_one(definition: ExerciseDef) -> None:
    names = [f"student {k}" for k in range(12)]
    params = [json.dumps(definition.params(n), sort_keys=True, default=str) for n in names]
    assert len(set(params)) >= 3, f"{definition.id}: twelve students share too few versions"
    assert definition.params("student 3") == definition.params("  Student 3 ")
    if definition.kind != "explain":
        definition.expected("student 3")  # every personal version has a computable answer


def test_check_uses_the_students_own_numbers() -> None:
    definition = get("30-3")
    mine = next(n for n in (f"s{k}" for k in range(50)) if definition.expected(n) != definition.expected())
    teaching.set_student(mine)
    assert teaching.check("30-3", definition.expected(mine)).ok
    assert not teaching.check("30-3", definition.expected()).ok  # the neighbour's (lesson's) answer is wrong for me
    teaching.exercise("30-3", student="someone else")
    assert teaching.student_of("30-3") == "someone else" and teaching.student_of("30-1") == mine


@pytest.mark.parametrize("path", EXERCISE_NOTEBOOKS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_exercise_notebooks_never_link_to_a_solution_notebook(path: Path) -> None:
    cells = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)["cells"]
    text = "\n".join(c["source"] for c in cells if c["cell_type"] == "markdown")
    for target in re.findall(r"\]\(([^)\s#]+\.ipynb)", text):
        resolved = (path.parent / target).resolve()
        tracks = (NOTEBOOKS / "exercises", NOTEBOOKS / "zh" / "exercises")  # either language's exercise versions
        assert any(t in resolved.parents for t in tracks), f"{path.name} links to {target}, outside exercises/"
        assert resolved.exists(), f"{path.name} links to {target}, which does not exist"
