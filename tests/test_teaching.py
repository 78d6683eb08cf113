"""pokelab.teaching: check takes the exercise id and the answer only; hints come before the answer; strict mode for solutions."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from pokelab import teaching
from pokelab.herecomes import DEFAULT_BAG, LastIs
from pokelab.odds import probability
from pokelab.teaching import check

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


@pytest.fixture(autouse=True)
def _not_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(teaching.STRICT_ENV, raising=False)
    teaching.reset()


def test_hints_come_one_at_a_time_and_the_answer_only_after_three_wrong_tries() -> None:
    first, second, third = (check("30-1", Fraction(1, 5)) for _ in range(3))
    expected = probability(LastIs("yellow"))
    assert (first.status, second.status, third.status) == ("wrong", "wrong", "revealed")
    assert "Hint 1" in first.message and str(expected) not in first.message and "提示 1" in first.render("zh")
    assert "Hint 2" in second.message and str(expected) not in second.message
    assert str(expected) in third.message


def test_reveal_on_request_and_a_right_answer_resets_the_tries() -> None:
    assert check("20-1", 0, reveal=True).status == "revealed"
    check("20-1", 1)
    assert check("20-1", 3).ok and teaching.session._STATE["tries"]["20-1"] == 0


def test_numbers_are_accepted_as_fractions_text_and_close_decimals() -> None:
    # 31-3 with the lesson's numbers: P(no purple) when 12 of 20 tokens are drawn.
    exact = teaching.get("31-3").expected()
    assert check("31-3", exact).ok and check("31-3", str(exact)).ok
    assert check("31-3", round(float(exact), 4)).ok  # within the default tolerance of 0.0005
    assert not check("31-3", float(exact) + 0.01).ok
    assert check("31-3", True).status == "wrong"  # a bool is not a number here


def test_a_known_slip_gets_its_own_explanation() -> None:
    slip = Fraction(DEFAULT_BAG["yellow"], 10)  # divided by the 10 drawn instead of the 20 in the bag
    fb = check("30-1", slip)
    assert fb.status == "wrong" and "10 tokens drawn" in fb.message and "10 枚" in fb.render("zh")


def test_unanswered_is_not_a_wrong_try() -> None:
    assert check("30-1", ...).status == "unanswered" and "30-1" not in teaching.session._STATE["tries"]


def test_strict_mode_makes_a_wrong_solution_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(teaching.STRICT_ENV, "1")
    with pytest.raises(AssertionError, match="exercise 20-1"):
        check("20-1", 5)
    assert check("20-1", ...).status == "unanswered"
    assert check("20-1", 3).ok


def test_feedback_renders_as_html_with_both_languages_and_an_svg_mark_not_an_emoji() -> None:
    html = check("20-1", 9)._repr_html_()
    assert "Not yet" in html and "还不对" in html and "<svg" in html
    assert not any(0x1F000 <= ord(ch) <= 0x1FAFF or 0x2600 <= ord(ch) <= 0x27BF for ch in html)


def _checked_cells(path: Path) -> list[dict]:
    cells = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)["cells"]
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
