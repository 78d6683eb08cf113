"""The nbgrader export, run for real: generate_assignment, then autograde a right and a wrong submission."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokelab.teaching import export_nbgrader

nbgrader = pytest.importorskip("nbgrader")
from nbgrader.api import Gradebook  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LESSON = "probability/30-counting-and-the-last-token.ipynb"
NAME = "30-counting-and-the-last-token"
BIN = str(Path(sys.executable).parent)
NBGRADER = shutil.which("nbgrader", path=BIN) or "nbgrader"


@pytest.fixture(autouse=True)
def _tools_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """nbgrader runs `alembic` (its database migrations) from PATH: the virtualenv's bin comes first."""
    monkeypatch.setenv("PATH", BIN + os.pathsep + os.environ.get("PATH", ""))


def _run(course: Path, *args: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "POKELAB_STRICT_CHECKS"}
    done = subprocess.run([NBGRADER, *args, "--db", f"sqlite:///{course / 'gradebook.db'}"], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def _submit(course: Path, student: str, answer_line: str | None) -> None:
    """A submission: the released notebook with every `raise NotImplementedError()` replaced by ``answer_line``
    (None: the source notebook's own solutions, i.e. right answers)."""
    folder = course / "submitted" / student / NAME
    folder.mkdir(parents=True)
    if answer_line is None:
        shutil.copy(course / "source" / NAME / f"{NAME}.ipynb", folder / f"{NAME}.ipynb")
        return
    nb = json.loads((course / "release" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        cell["source"] = source.replace("raise NotImplementedError()", answer_line)
    (folder / f"{NAME}.ipynb").write_text(json.dumps(nb), encoding="utf-8")


def test_nbgrader_generates_the_assignment_and_autogrades_right_and_wrong_answers(tmp_path: Path) -> None:
    course = tmp_path / "course"
    export_nbgrader(course, ROOT / "notebooks", lessons=[LESSON])
    _run(course, "generate_assignment", NAME)
    released = (course / "release" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8")
    assert "raise NotImplementedError()" in released and "Fraction(DEFAULT_BAG[task.colour], total)" not in released

    _submit(course, "right", None)
    _submit(course, "wrong", "answer_1 = answer_2 = answer_3 = answer_4 = '1/2'")
    _run(course, "autograde", NAME)

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        right = book.find_submission_notebook(NAME, NAME, "right")
        wrong = book.find_submission_notebook(NAME, NAME, "wrong")
        assert right.max_score == 3
        assert (right.score, wrong.score) == (3, 0)
