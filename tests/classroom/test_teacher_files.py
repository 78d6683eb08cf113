"""Issue 29, files for spreadsheets: the answer key's class list and the nbgrader export keep the teacher's work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokelab.cli import main
from pokelab.errors import ExplainedError
from pokelab.teaching import answer_key, export_nbgrader

ROOT = Path(__file__).resolve().parents[2]
LESSON = "probability/30-counting-and-the-last-token.ipynb"


def huge_class_list():
    """A class list of millions of names that fails the test if it is read far past the cap."""
    for i in range(10**7):
        assert i < 5000, "the class list was read far past its cap of 1000 names"
        yield f"pupil {i}"


@pytest.mark.parametrize(
    "students, says",
    [
        ("Ana", "not one text"),  # today: three pupils A, n, a
        ([b"Ana"], "not text"),
        (["Ana", 7], "name 2 of the class list is int"),  # today: AttributeError
        (["x" * 1_000_000], "not a name"),  # today: accepted
        (["Ana\x00Ben"], "not a name"),
        (huge_class_list(), "at most 1000 names"),  # today: a huge list is accepted (read to its end)
        (["=HYPERLINK(\"http://x\")"], "formula"),
        (["@SUM(A1)"], "formula"),
        (["+1"], "formula"),
        (["-1+2"], "formula"),
        (["＝1"], "formula"),
    ],
)
def test_the_answer_keys_class_list_is_checked(students, says):
    with pytest.raises(ExplainedError, match=says) as err:
        answer_key(students, lesson=LESSON)
    assert err.value.message("zh") != str(err.value)


def test_a_normal_class_list_still_gives_its_key():
    key = answer_key(["Ana", " 王芳 ", "", "O'Brien"], lesson=LESSON)
    assert sorted(set(key["student"])) == ["Ana", "O'Brien", "王芳"]


def test_a_second_nbgrader_export_keeps_the_teachers_edits(tmp_path, capsys):
    course = tmp_path / "course"
    (first,) = export_nbgrader(course, ROOT / "notebooks", lessons=[LESSON])
    edited = json.loads(first.read_text(encoding="utf-8"))
    edited["cells"][0]["source"] = "my own introduction"
    first.write_text(json.dumps(edited), encoding="utf-8")
    assert export_nbgrader(course, ROOT / "notebooks", lessons=[LESSON]) == []  # today: overwritten
    assert "my own introduction" in first.read_text(encoding="utf-8")
    assert main(["teacher", "nbgrader", str(course), "--notebooks", str(ROOT / "notebooks")]) in (0, None)
    assert "my own introduction" in first.read_text(encoding="utf-8")
    assert export_nbgrader(course, ROOT / "notebooks", lessons=[LESSON], overwrite=True) == [first]
    assert "my own introduction" not in first.read_text(encoding="utf-8")
    first.write_text(json.dumps(edited), encoding="utf-8")
    main(["teacher", "nbgrader", str(course), "--notebooks", str(ROOT / "notebooks"), "--force"])
    assert "my own introduction" not in first.read_text(encoding="utf-8")


@pytest.mark.parametrize("lesson", ["../README.md", "/etc/hostname", "../notebooks/" + LESSON + "/../../../pyproject.toml"])
def test_nbgrader_export_refuses_lessons_outside_the_lessons_folder(tmp_path, lesson):
    with pytest.raises(ExplainedError, match="not inside the lessons folder") as err:
        export_nbgrader(tmp_path / "course", ROOT / "notebooks", lessons=[lesson])
    assert err.value.message("zh") != str(err.value)
    assert not (tmp_path / "course").exists()


@pytest.mark.parametrize("outdir", ["", "   "])
def test_nbgrader_export_refuses_an_empty_outdir(outdir, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ExplainedError, match="OUTDIR is empty"):
        export_nbgrader(outdir, ROOT / "notebooks", lessons=[LESSON])  # today: writes into the current folder
    assert list(tmp_path.iterdir()) == []


def test_the_answer_key_file_is_spreadsheet_safe_and_never_overwritten(tmp_path, capsys):
    roster, out = tmp_path / "roster.csv", tmp_path / "key.csv"
    roster.write_text("name\nAna\nBen\n", encoding="utf-8")
    out.write_text("my marks\n", encoding="utf-8")
    teacher = tmp_path / "7B.teacher"
    assert main(["class", "new", "7B", "--db", f"sqlite:///{tmp_path / 'c.db'}", "--teacher-file", str(teacher)]) == 0
    args = ["teacher", "answer-key", str(roster), "--lesson", LESSON, "--out", str(out), "--teacher-file", str(teacher)]
    assert main(args) == 2  # today: silently overwritten
    assert out.read_text(encoding="utf-8") == "my marks\n" and "exists already" in capsys.readouterr().err
    assert main([*args, "--force"]) == 0
    import csv

    with open(out, encoding="utf-8", newline="") as handle:
        cells = [cell for row in csv.reader(handle) for cell in row]
    assert "Ana" in cells
    assert not [c for c in cells if c.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_the_answer_key_needs_the_class_teacher_key(tmp_path, capsys, monkeypatch):
    """Issue 31: every pupil's answers are printed for the class's teacher only (a teacher file or the key)."""
    roster, url = tmp_path / "roster.csv", f"sqlite:///{tmp_path / 'c.db'}"
    roster.write_text("name\nAna\n", encoding="utf-8")
    args = ["teacher", "answer-key", str(roster), "--lesson", LESSON]
    assert main(args) == 2  # today: every answer, for anyone
    err = capsys.readouterr()
    assert "for the class's teacher" in err.err and "Ana" not in err.out
    teacher = tmp_path / "7B.teacher"
    assert main(["class", "new", "7B", "--db", url, "--teacher-file", str(teacher)]) == 0
    saved = json.loads(teacher.read_text(encoding="utf-8"))
    assert teacher.stat().st_mode & 0o077 == 0  # only the teacher may read it
    capsys.readouterr()
    monkeypatch.setenv("POKELAB_TEACHER_KEY", "AAAA-BBBB-CCCC-DDDD")
    assert main([*args, "--class", saved["join_code"], "--db", url]) == 2  # a wrong key
    assert "wrong teacher key" in capsys.readouterr().err
    monkeypatch.setenv("POKELAB_TEACHER_KEY", saved["teacher_key"])
    assert main([*args, "--class", saved["join_code"], "--db", url]) == 0
    assert "Ana" in capsys.readouterr().out
    assert main([*args, "--teacher-file", str(teacher)]) == 0
    assert "Ana" in capsys.readouterr().out
    (tmp_path / "bad.teacher").write_text("{}", encoding="utf-8")
    assert main([*args, "--teacher-file", str(tmp_path / "bad.teacher")]) == 2
    assert "not a teacher file" in capsys.readouterr().err


def test_the_teacher_sets_the_reveal_policy_from_the_command_line(tmp_path, capsys):
    url, teacher = f"sqlite:///{tmp_path / 'c.db'}", tmp_path / "7B.teacher"
    assert main(["class", "new", "7B", "--db", url, "--teacher-file", str(teacher)]) == 0
    assert main(["class", "reveal", "never", "--teacher-file", str(teacher)]) == 0
    from pokelab.classroom import ClassStore

    code = json.loads(teacher.read_text(encoding="utf-8"))["join_code"]
    assert ClassStore.connect(url).reveal_policy(code) == "never"
    assert main(["class", "reveal", "never", "--class", code, "--db", url]) == 2  # no key: refused
