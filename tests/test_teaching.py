"""pokelab.teaching: the self-check that hints before it tells, and the pins that hold a lesson's numbers."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from pokelab import teaching
from pokelab.teaching import Exercise, PinMismatch, check, pin, pin_text

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PINS = NOTEBOOKS / teaching.PINS_FILE


@pytest.fixture(autouse=True)
def _not_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(teaching.STRICT_ENV, raising=False)
    monkeypatch.delenv("POKELAB_UPDATE_PINS", raising=False)
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


def test_pin_checks_records_and_names_the_mismatch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = tmp_path / teaching.PINS_FILE
    store.write_text("{}")
    with pytest.raises(PinMismatch, match="not recorded"):
        pin("x/p", Fraction(1, 3), path=store)
    monkeypatch.setenv("POKELAB_UPDATE_PINS", "1")
    pin("x/p", Fraction(1, 3), path=store)
    monkeypatch.delenv("POKELAB_UPDATE_PINS")
    assert json.loads(store.read_text()) == {"x/p": "1/3"}
    assert pin("x/p", Fraction(2, 6), path=store) == Fraction(1, 3)
    with pytest.raises(PinMismatch, match="x/p is now 1/4 but the lesson says 1/3"):
        pin("x/p", Fraction(1, 4), path=store)


def test_pin_finds_the_file_from_a_subfolder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / teaching.PINS_FILE).write_text('{"k": "(1, \'a\')"}')
    (tmp_path / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "deep" / "er")
    assert pin("k", (1, "a")) == (1, "a")
    monkeypatch.chdir(ROOT.parent)
    if not (ROOT.parent / teaching.PINS_FILE).exists():
        with pytest.raises(FileNotFoundError, match=r"no pins\.json"):
            pin("k", 1)


def test_pins_refuse_inexact_values() -> None:
    with pytest.raises(TypeError, match="not float"):
        pin_text((Fraction(1, 2), 0.5))
    with pytest.raises(TypeError, match="cannot pin a dict"):
        pin_text({})


def _notebook_pin_keys() -> set[str]:
    keys: set[str] = set()
    for path in NOTEBOOKS.rglob("*.ipynb"):
        if "exercises" in path.relative_to(NOTEBOOKS).parts:
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            keys |= set(re.findall(r"""pin\(\s*["']([^"']+)["']""", "".join(cell["source"])))
    return keys


def test_every_pinned_number_in_the_lessons_is_recorded_and_no_record_is_stale() -> None:
    recorded = set(json.loads(PINS.read_text(encoding="utf-8")))
    used = _notebook_pin_keys()
    assert used, "the lessons pin no numbers"
    assert used - recorded == set(), "pins used by a lesson but not recorded in notebooks/pins.json"
    assert recorded - used == set(), "pins recorded but used by no lesson"


def test_every_lesson_pins_a_number_or_plays_a_bot_game() -> None:
    for path in NOTEBOOKS.rglob("*.ipynb"):
        if "exercises" in path.relative_to(NOTEBOOKS).parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert "pin(" in text or "play(" in text or "simulate(" in text, path.name
