"""Every claim a lesson makes is checked: hidden assertion cells in each lesson, pinned numbers in each notebook, no emoji.

A lesson backs each sentence that states a number or a comparison with an ``assert`` in a
cell hidden from the reader (tag ``remove-input``, collapsed in JupyterLab with
``jupyter.source_hidden``), so nbval fails when the claim stops being true. Every notebook,
lessons and their exercise versions alike, also pins at least one number with
``# NBVAL_CHECK_OUTPUT``. Marks are CSS/SVG, never emoji (a stock Chromium shows boxes).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LESSONS = [p for p in ALL if "exercises" not in p.relative_to(NOTEBOOKS).parts]
EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F]")


def _cells(path: Path) -> list[dict]:
    return nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)["cells"]


def claim_cells(path: Path) -> list[dict]:
    """The hidden assertion cells of a notebook."""
    return [c for c in _cells(path) if c["cell_type"] == "code" and "remove-input" in (c["metadata"].get("tags") or [])]


#: The course: the start, Splendor 10–15, Here Comes 20–21, probability 30–44.
COURSE = {"00", *(f"{n}" for n in range(10, 16)), "20", "21", *(f"{n}" for n in range(30, 45))}


@pytest.mark.parametrize("track", ["en", "zh"])
def test_the_course_has_its_twenty_four_lessons_in_both_languages(track: str) -> None:
    numbers = [p.name[:2] for p in LESSONS if (p.relative_to(NOTEBOOKS).parts[0] == "zh") == (track == "zh")]
    assert sorted(numbers) == sorted(COURSE)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_each_lesson_checks_its_claims_in_hidden_assertion_cells(path: Path) -> None:
    claims = claim_cells(path)
    assert claims, f"{path.name} states claims but has no hidden assertion cell"
    for cell in claims:
        assert "assert " in cell["source"], f"{path.name}: a claims cell without an assert"
        assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, f"{path.name}: claims cell not collapsed"
        assert "# NBVAL_CHECK_OUTPUT" not in cell["source"]


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_each_notebook_pins_at_least_one_number(path: Path) -> None:
    pinned = [c for c in _cells(path) if c["cell_type"] == "code" and "# NBVAL_CHECK_OUTPUT" in c["source"]]
    assert pinned, f"{path.name} pins no number with # NBVAL_CHECK_OUTPUT"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_exercise_versions_hold_no_claims_cell(path: Path) -> None:
    """The hidden claims are the lesson's own checks: removed from the exercise version, not collapsed (issue 31)."""
    rel = path.relative_to(NOTEBOOKS)  # a Chinese lesson zh/x.ipynb has its exercises in zh/exercises/x.ipynb
    track = NOTEBOOKS / "zh" if rel.parts[0] == "zh" else NOTEBOOKS
    exercise = track / "exercises" / path.relative_to(track)
    if exercise.exists():
        assert claim_cells(exercise) == []


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_no_emoji_in_what_a_pupil_sees(path: Path) -> None:
    found = EMOJI.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name} uses emoji {sorted(set(found))}: use CSS/SVG marks and words"


def test_no_emoji_in_the_feedback_code_or_the_exercise_banner() -> None:
    sources = [*(ROOT / "pokelab" / "teaching").rglob("*.py"), ROOT / "scripts" / "make_exercises.py"]
    for source in sources:
        assert not EMOJI.findall(source.read_text(encoding="utf-8")), source.name
