"""Lesson 11 in Chinese names the token moves in words, as the board and the move log do (issue 31).

A Chinese pupil reads "拿取 2 颗蓝色", "拿三种不同颜色", never the engine's class syntax
``TakeSame(blue)`` / ``TakeDifferent(red, …)``: not in the lesson's text, not in the outputs it
keeps, not in its exercise questions and hints; and answers ``attempt`` in those words.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pokelab.course.registry import all_exercises
from pokelab.splendor import TakeSame

ROOT = Path(__file__).resolve().parents[1]
LESSON = "splendor/11-taking-tokens.ipynb"
#: The engine's names of the token moves, as Python writes them.
SYNTAX = re.compile(r"\b(TakeDifferent|TakeSame|ReturnTokens)\b")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("path", [ROOT / "notebooks" / "zh" / LESSON, ROOT / "notebooks" / "zh" / "exercises" / LESSON],
                         ids=["lesson", "exercises"])
def test_the_chinese_lesson_says_the_moves_in_words(path: Path) -> None:
    shown = []
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            shown.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            shown.append("".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", "")))
    found = [SYNTAX.search(text).group() for text in shown if SYNTAX.search(text)]
    assert found == [], f"{path.name}: {found}"
    text = "\n".join(shown)
    assert "拿三种不同颜色" in text and "拿两颗同色" in text
    assert "['拿取 2 颗蓝色', '拿取 2 颗绿色', '拿取 2 颗黑色']" in text  # the kept output, as the move log says it
    assert 'attempt(after, "拿取 2 颗蓝色")' in text  # exercise 2 is tried in words


def test_the_english_lesson_keeps_the_same_moves_in_english() -> None:
    cells = _cells(ROOT / "notebooks" / LESSON)
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    outputs = "\n".join("".join(o.get("data", {}).get("text/plain", "")) for c in cells for o in c.get("outputs", []))
    assert "['take 2 blue', 'take 2 green', 'take 2 black']" in outputs
    assert 'attempt(after, "take 2 blue")' in text


def test_lesson_11_exercises_ask_in_words_in_chinese() -> None:
    exercises = all_exercises("splendor/11-taking-tokens.ipynb")
    assert [e.id for e in exercises] == ["11-1", "11-2", "11-3", "11-4"]
    for exercise in exercises:
        texts = [exercise.text(None, "zh"), *(h.render("zh") for h in exercise.hints if not isinstance(h, str))]
        for text in texts:
            assert not SYNTAX.search(text), (exercise.id, text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hint_of_11_3_writes_the_move_as_attempt_reads_it(lang: str) -> None:
    """The hint quotes the move log's words for taking two Master Balls, which the lesson's ``attempt`` accepts."""
    hint = next(e for e in all_exercises() if e.id == "11-3").hints[0].render(lang)
    assert f'attempt(state, "{TakeSame("master").describe(lang)}")' in hint
