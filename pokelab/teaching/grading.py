"""The teacher's side: an answer key for a class list, and the exercises as an nbgrader course.

``answer_key(["Ana", "Ben"])`` lists every student's own numbers and right answers
(``pokelab teacher answer-key roster.csv`` prints it). ``export_nbgrader(outdir)``
turns the solution lessons into an nbgrader course: each answer becomes a
``### BEGIN SOLUTION`` region in a solution cell, followed by a locked autograder
cell ``grade("31-2", answer_2)`` that fails on a wrong answer
(``pokelab teacher nbgrader OUTDIR``; then ``nbgrader generate_assignment`` and
``nbgrader autograde`` as usual).

>>> key = answer_key(["Ana", "Ben"], lesson="probability/30-counting-and-the-last-token.ipynb")
>>> sorted(set(key["student"])), list(key.columns)
(['Ana', 'Ben'], ['student', 'exercise', 'kind', 'question', 'answer'])
>>> grade("30-1", "3/20")
>>> grade("30-1", 0.5)
Traceback (most recent call last):
...
AssertionError: exercise 30-1: 0.5 is not the right answer; 练习 30-1：0.5 不是正确答案
>>> answer_key([])
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: the class list is empty
"""

from __future__ import annotations

import copy
import csv
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pandas as pd

from pokelab.classroom.reads import FORMULA_STARTS
from pokelab.course.fields import join
from pokelab.course.registry import all_exercises, get
from pokelab.errors import ExplainedError
from pokelab.teaching.answers import matches
from pokelab.teaching.feedback import show
from pokelab.teaching.language import say
from pokelab.teaching.session import student_of
from pokelab.words import _, _p, languages

__all__ = ["answer_key", "check_class_list", "export_nbgrader", "grade", "nbgrader_source", "read_roster"]

_GRADED_KINDS = ("number", "value", "member", "choice", "board")
_CALL = re.compile(r"""\b(check|choice|board_task)\(\s*["'](\d\d-\d+)["']\s*,\s*([A-Za-z_]\w*)""")
SOLUTION_MARK, BEGIN, END = "# SOLUTION", "# BEGIN SOLUTION", "# END SOLUTION"


def _name_headers() -> set[str]:
    """The headings a class list's name column may have, in every language the kit speaks."""
    headings = (_p("class list column", "name"), _p("class list column", "student"))
    return {h.render(lang).strip().lower() for h in headings for lang in languages()}


def read_roster(path: str | Path) -> list[str]:
    """The student names of a class-list CSV: the column ``name`` or ``student``, else the first column.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "r.csv")
    ...     _ = open(p, "w", encoding="utf-8").write("name,group\\nAna,1\\n王芳,2\\n\\n")
    ...     read_roster(p)
    ['Ana', '王芳']
    """
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = [row for row in csv.reader(handle) if any(cell.strip() for cell in row)]
    if not rows:
        raise ExplainedError(_("{path}: the class list is empty", path=str(path)))
    header = [cell.strip().lower() for cell in rows[0]]
    column = next((header.index(h) for h in _name_headers() if h in header), None)
    body = rows[1:] if column is not None else rows
    names = [row[column or 0].strip() for row in body if len(row) > (column or 0) and row[column or 0].strip()]
    if not names:
        raise ExplainedError(_("{path}: the class list is empty", path=str(path)))
    return names


#: Most names a class list may hold, and most characters of one name.
MAX_STUDENTS, NAME_CHARS = 1000, 60
#: A cell a spreadsheet would run as a formula starts with one of these (OWASP CSV injection).


def check_class_list(students: Any) -> list[str]:
    """The names of a class list, checked: a list of 1 to 1000 texts, each 1 to 60 printable characters.

    A name a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@`` first) is refused, so an
    answer key is safe to open in a spreadsheet.

    >>> check_class_list(["Ana", " 王芳 ", ""])
    ['Ana', '王芳']
    >>> check_class_list("Ana")
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: a class list is a list of names, not one text ('Ana')
    """
    if isinstance(students, str | bytes) or not isinstance(students, Iterable):
        raise ExplainedError(
            _("a class list is a list of names, not one text ({value})", value=repr(students)[:40]))
    names: list[str] = []
    for number, name in enumerate(students, start=1):
        if len(names) >= MAX_STUDENTS:
            raise ExplainedError(_("a class list has at most {most} names", most=MAX_STUDENTS))
        if name is None or name == "":
            continue
        if not isinstance(name, str):
            raise ExplainedError(
                _("name {number} of the class list is {type}, not text", number=number, type=type(name).__name__))
        clean = " ".join(name.split())
        if len(clean) > NAME_CHARS or any(not ch.isprintable() for ch in clean):
            raise ExplainedError(
                _("name {number} of the class list is not a name: at most {most} printable characters",
                  number=number, most=NAME_CHARS))
        if clean.startswith(FORMULA_STARTS):
            raise ExplainedError(
                _("name {number} of the class list starts with {first}, which a spreadsheet runs as a formula",
                  number=number, first=repr(clean[0])))
        if clean:
            names.append(clean)
    if not names:
        raise ExplainedError(_("the class list is empty"))
    return names


def answer_key(students: Iterable[str], lesson: str | None = None) -> pd.DataFrame:
    """Every student's question (with their numbers) and right answer, for the graded exercises.

    The class list is checked first (``check_class_list``).
    """
    names = check_class_list(students)
    rows = []
    for name in names:
        for ex in all_exercises(lesson):
            if ex.kind not in ("number", "value", "member", "choice"):
                continue
            rows.append({"student": name, "exercise": ex.id, "kind": ex.kind, "question": ex.text(name),
                         "answer": show(ex.expected(name))})
    return pd.DataFrame(rows, columns=["student", "exercise", "kind", "question", "answer"])


def grade(exercise_id: str, answer: Any) -> None:
    """Autograder check: nothing when ``answer`` (or the board of a board task) is right, AssertionError otherwise."""
    ex = get(exercise_id)
    student = student_of(exercise_id)
    if ex.kind == "board":
        missing = ex.goal(getattr(answer, "state", answer), ex.params(student))
        assert not missing, say(_("exercise {id}: still missing {items}", id=exercise_id,
                                  items=join(missing)), joiner="; ")
        return
    if ex.kind not in _GRADED_KINDS:
        raise ValueError(f"exercise {exercise_id} ({ex.kind}) is not graded automatically")
    if ex.kind == "choice":
        ok = str(answer).strip().lower() == str(ex.expected(student)).lower()
    else:
        ok = answer is not ... and matches(ex, answer, ex.expected(student))
    assert ok, say(_("exercise {id}: {answer} is not the right answer", id=exercise_id, answer=repr(answer)),
                   joiner="; ")


def _meta(grade_id: str, *, solution: bool, graded: bool) -> dict[str, Any]:
    meta: dict[str, Any] = {"grade": graded, "grade_id": grade_id, "locked": graded, "schema_version": 3,
                            "solution": solution, "task": False}
    if graded:
        meta["points"] = 1
    return meta


def _solution_region(source: str) -> tuple[str, bool]:
    """``source`` with its ``# SOLUTION`` lines gathered into ``### BEGIN/END SOLUTION`` regions."""
    out: list[str] = []
    inside = found = False
    for line in source.split("\n"):
        stripped = line.strip()
        marked = line.rstrip().endswith(SOLUTION_MARK) and stripped != END
        if stripped in (BEGIN, END):
            found = True
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}### {stripped[2:]}")
            continue
        if marked and not inside:
            out.append(line[: len(line) - len(line.lstrip())] + "### BEGIN SOLUTION")
            inside = found = True
        elif not marked and inside:
            out.append("### END SOLUTION")
            inside = False
        out.append(line.rstrip()[: -len(SOLUTION_MARK)].rstrip() if marked else line)
    if inside:
        out.append("### END SOLUTION")
    return "\n".join(out), found


def nbgrader_source(nb: dict[str, Any]) -> dict[str, Any]:
    """The nbgrader source version of a solution lesson: solution regions and one graded cell per answer."""
    out = copy.deepcopy(nb)
    cells: list[dict[str, Any]] = []
    for index, cell in enumerate(out["cells"]):
        tags = cell.get("metadata", {}).get("tags") or []
        if "solution" in tags:
            continue
        cell.setdefault("metadata", {})
        cell["id"] = cell.get("id") or f"cell-{index}"
        if cell["cell_type"] != "code":
            cells.append(cell)
            continue
        source = "".join(cell["source"])
        cell["outputs"], cell["execution_count"] = [], None
        region, found = _solution_region(source)
        if not found:
            cells.append(cell)
            continue
        cell["source"] = region
        calls = [(ex_id, name) for _, ex_id, name in _CALL.findall(source) if get(ex_id).kind in _GRADED_KINDS]
        cell["metadata"]["nbgrader"] = _meta(f"answer-{index}", solution=True, graded=False)
        cells.append(cell)
        for ex_id, name in calls:
            cells.append({
                "cell_type": "code", "execution_count": None, "id": f"grade-{ex_id}", "outputs": [],
                "metadata": {"nbgrader": _meta(f"grade-{ex_id}", solution=False, graded=True)},
                "source": f"from pokelab.teaching import grade\n\ngrade({ex_id!r}, {name})",
            })
    out["cells"] = cells
    return out


def export_nbgrader(outdir: str | Path, notebooks: str | Path, lessons: Iterable[str] | None = None,
                    *, overwrite: bool = False) -> list[Path]:
    """Write an nbgrader course in ``outdir`` (``source/<lesson>/<lesson>.ipynb`` + config); return the notebooks written.

    A source notebook already there is the teacher's (maybe edited) and is kept
    unless ``overwrite`` (``--force``). Lessons come from inside ``notebooks``
    only; an empty ``outdir`` is refused (``ExplainedError``).
    """
    if outdir is None or not str(outdir).strip():
        raise ExplainedError(_("give the folder to write the nbgrader course in (OUTDIR is empty)"))
    root, target = Path(notebooks), Path(outdir)
    wanted = sorted({ex.lesson for ex in all_exercises()}) if lessons is None else list(lessons)
    written: list[Path] = []
    for lesson in wanted:
        path = root / lesson
        if not isinstance(lesson, str) or not path.resolve().is_relative_to(root.resolve()):
            raise ExplainedError(
                _("the lesson {lesson} is not inside the lessons folder {folder}", lesson=repr(lesson)[:80],
                  folder=str(root)))
        if not path.is_file():
            raise ExplainedError(_("no lesson notebook {path}", path=str(path)))
        name = Path(lesson).stem
        dest = target / "source" / name / f"{name}.ipynb"
        if dest.exists() and not overwrite:  # the teacher's own edits stay
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        nb = nbgrader_source(json.loads(path.read_text(encoding="utf-8")))
        dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(dest)
    config = target / "nbgrader_config.py"
    if not config.exists():
        config.write_text('c = get_config()  # noqa: F821\nc.CourseDirectory.course_id = "pokelab"\n', encoding="utf-8")
    return written
