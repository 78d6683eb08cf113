"""The teacher's side: answer keys from a class list (library and CLI) and the nbgrader source notebooks."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from pokelab import teaching
from pokelab.cli import main
from pokelab.teaching import answer_key, get, grade, nbgrader_source, read_roster

ROOT = Path(__file__).resolve().parents[2]
LESSON_30 = ROOT / "notebooks" / "probability" / "30-counting-and-the-last-token.ipynb"


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(teaching.STRICT_ENV, raising=False)
    teaching.reset()


def test_answer_key_gives_each_student_their_own_numbers_and_answers(tmp_path: Path) -> None:
    roster = tmp_path / "class.csv"
    roster.write_text("name,group\nAna,1\n王芳,2\n", encoding="utf-8")
    names = read_roster(roster)
    key = answer_key(names, lesson="probability/30-counting-and-the-last-token.ipynb")
    assert sorted(set(key["student"])) == sorted(names) and set(key["exercise"]) == {"30-1", "30-2", "30-3"}
    row = key[(key.student == "王芳") & (key.exercise == "30-3")].iloc[0]
    assert row["question"] == get("30-3").text("王芳")
    assert row["answer"] == teaching.show(get("30-3").expected("王芳"))


def teacher_file(tmp_path: Path) -> list[str]:
    """A class of its own and its teacher file: the answer key is for the class's teacher only (issue 31)."""
    path = tmp_path / "7B.teacher"
    assert main(["class", "new", "7B", "--db", f"sqlite:///{tmp_path / 'class.db'}", "--teacher-file", str(path)]) == 0
    return ["--teacher-file", str(path)]


def test_cli_teacher_answer_key_prints_and_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("student\nAna\nBen\n", encoding="utf-8")
    teacher = teacher_file(tmp_path)
    assert main(["teacher", "answer-key", str(roster), "--lesson", "probability/31-never-and-all.ipynb",
                 *teacher]) == 0
    out = capsys.readouterr().out
    assert "Ana" in out and "31-3" in out
    saved = tmp_path / "key.csv"
    assert main(["teacher", "answer-key", str(roster), "--out", str(saved), *teacher]) == 0
    assert saved.read_text(encoding="utf-8").count("Ben,") == saved.read_text(encoding="utf-8").count("Ana,") > 20


def test_cli_teacher_answer_key_refuses_an_empty_class_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("name\n", encoding="utf-8")
    assert main(["teacher", "answer-key", str(empty), *teacher_file(tmp_path)]) == 2
    assert "class list is empty" in capsys.readouterr().err


def test_grade_passes_right_answers_and_fails_wrong_ones() -> None:
    grade("30-2", get("30-2").expected())
    grade("15-3", "b")
    with pytest.raises(AssertionError, match="15-3"):
        grade("15-3", "a")
    with pytest.raises(ValueError, match="not graded automatically"):
        grade("30-4", "because")


def test_nbgrader_source_wraps_each_answer_and_adds_one_graded_cell_per_exercise() -> None:
    nb = nbgrader_source(nbformat.reads(LESSON_30.read_text(encoding="utf-8"), as_version=4))
    solution = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    graded = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    assert len(solution) == 4 and [c["id"] for c in graded] == ["grade-30-1", "grade-30-2", "grade-30-3"]
    assert all("### BEGIN SOLUTION" in c["source"] and "# SOLUTION" not in c["source"].replace("### ", "") for c in solution)
    assert graded[0]["source"].endswith('grade("30-1", answer_1)'.replace('"', "'"))
    assert all(c["metadata"]["nbgrader"]["points"] == 1 for c in graded)


def test_cli_teacher_nbgrader_writes_a_course(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["teacher", "nbgrader", str(tmp_path / "course")]) == 0
    written = sorted((tmp_path / "course" / "source").glob("*/*.ipynb"))
    lessons = len({e.lesson for e in teaching.all_exercises()})
    assert len(written) == lessons == 24  # every lesson of the course has exercises
    assert (tmp_path / "course" / "nbgrader_config.py").is_file()
    assert f"{lessons} nbgrader source notebooks" in capsys.readouterr().out
