"""pokelab.teaching: the self-check that hints before it tells, and the checked cells that hold a lesson's numbers."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from pokelab import teaching
from pokelab.teaching import Exercise, check

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


@pytest.fixture(autouse=True)
def _not_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(teaching.STRICT_ENV, raising=False)
    teaching.reset()


def test_hints_come_one_at_a_time_and_the_answer_only_after_three_wrong_tries() -> None:
    ex = Exercise("e", Fraction(1, 10), hints=["first", "second"], hints_zh=["一", "二"])
    first, second, third = (ex.check(Fraction(1, 5)) for _ in range(3))
    assert (first.status, second.status, third.status) == ("wrong", "wrong", "revealed")
    assert "first" in first.message and "1/10" not in first.message and "一" in first.message_zh
    assert "second" in second.message and "1/10" not in second.message
    assert "1/10" in third.message


def test_reveal_on_request_and_a_right_answer_resets_the_tries() -> None:
    ex = Exercise("e", 3)
    assert ex.check(0, reveal=True).status == "revealed"
    ex.check(1)
    assert ex.check(3).ok and ex.tries == 0


def test_numbers_are_accepted_as_fractions_text_and_close_decimals() -> None:
    ex = Exercise("e", Fraction(9, 38))
    assert ex.check(Fraction(18, 76)).ok
    assert ex.check("9/38").ok
    assert ex.check(0.2368).ok  # within the default tolerance of 0.0005
    assert not ex.check(0.24).ok
    assert not Exercise("f", Fraction(9, 38)).check("nine").ok
    assert Exercise("g", 1).check(True).status == "wrong"  # a bool is not a number here


def test_a_known_slip_gets_its_own_explanation() -> None:
    fb = Exercise("e", Fraction(1, 10), mistakes={Fraction(1, 5): "you divided by 10"}).check("1/5")
    assert fb.status == "wrong" and "divided by 10" in fb.message


def test_unanswered_is_not_a_wrong_try() -> None:
    ex = Exercise("e", 1)
    assert ex.check(...).status == "unanswered" and ex.tries == 0


def test_check_remembers_tries_per_exercise_name() -> None:
    check("a", 0, 1, hints=["h"])
    check("b", 0, 2)
    assert check("a", 0, 1).message.startswith("❌ Not yet — no more hints")
    assert check("a", 0, 1).status == "revealed"
    assert check("b", 0, 2).status == "wrong"


def test_strict_mode_makes_a_wrong_solution_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(teaching.STRICT_ENV, "1")
    with pytest.raises(AssertionError, match="exercise s"):
        check("s", 2, 3)
    assert check("s", ..., 3).status == "unanswered"
    assert check("s", 3, 3).ok


def test_feedback_renders_as_html_with_both_languages() -> None:
    html = Exercise("e", 1).check(0)._repr_html_()
    assert "Not yet" in html and "还不对" in html


def _checked_cells(path: Path) -> list[dict]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if c["cell_type"] == "code" and "# NBVAL_CHECK_OUTPUT" in c["source"]]


def test_every_checked_cell_keeps_the_output_nbval_compares() -> None:
    """A `# NBVAL_CHECK_OUTPUT` cell without a committed output would check nothing."""
    checked = 0
    for path in NOTEBOOKS.rglob("*.ipynb"):
        for cell in _checked_cells(path):
            checked += 1
            assert cell["outputs"], f"{path.name}: a checked cell has no output; run `make refresh-notebooks`"
            text = json.dumps(cell["outputs"])
            assert "float" not in text and "np." not in text, f"{path.name}: pin exact values, not floats"
    assert checked >= 30, "the lessons pin too few numbers"


def test_every_lesson_pins_a_number_or_plays_a_bot_game() -> None:
    for path in NOTEBOOKS.rglob("*.ipynb"):
        if "exercises" in path.relative_to(NOTEBOOKS).parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert "NBVAL_CHECK_OUTPUT" in text or "play(" in text or "simulate(" in text, path.name
