"""Helpers for the lesson notebooks: a self-check that hints before it tells.

``check`` compares a student's answer with the value the engine computed and
answers with feedback: a hint after a wrong try, the next hint after the
next, and the answer itself only after ``reveal_after`` wrong tries or when
asked (``reveal=True``). Feedback prints in English with the Chinese beside it.

>>> from fractions import Fraction
>>> ex = Exercise("last-purple", Fraction(1, 10), hints=["How many tokens are purple?"])
>>> ex.check(Fraction(1, 5)).status
'wrong'
>>> print(ex.check("1/10"))
✅ Correct! 1/10 ≈ 0.1000 — 答对了！
>>> ex.check(...).status
'unanswered'

A lesson's key numbers are pinned differently: their cells are marked
``# NBVAL_CHECK_OUTPUT`` and keep their output in git, so nbval fails the
lesson when the engine changes a number it states.

>>> Exercise("x", 1, reveal_after=0)
Traceback (most recent call last):
...
ValueError: reveal_after must be at least 1, got 0
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = [
    "STRICT_ENV",
    "Exercise",
    "Feedback",
    "as_number",
    "check",
    "reset",
]

#: When this environment variable is "1", a wrong answer raises (the tests run solution notebooks so).
STRICT_ENV = "POKELAB_STRICT_CHECKS"


_STYLE = {
    "correct": ("#e8f5e9", "#2e7d32"),
    "close": ("#fff8e1", "#f9a825"),
    "wrong": ("#fff3e0", "#ef6c00"),
    "revealed": ("#e3f2fd", "#1565c0"),
    "unanswered": ("#f5f5f5", "#616161"),
}


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says: a status (correct, close, wrong, revealed, unanswered) and a message.

    >>> Feedback("correct", "Well done", "做得好").status
    'correct'
    """

    status: str
    message: str
    message_zh: str = ""

    @property
    def ok(self) -> bool:
        """True when the answer was right."""
        return self.status == "correct"

    def __str__(self) -> str:
        return self.message + (f" — {self.message_zh}" if self.message_zh else "")

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        bg, fg = _STYLE.get(self.status, _STYLE["unanswered"])
        zh = f"<br><span style='opacity:.8'>{html.escape(self.message_zh)}</span>" if self.message_zh else ""
        return (
            f"<div style='background:{bg};border-left:4px solid {fg};padding:6px 10px;"
            f"margin:4px 0;border-radius:4px'>{html.escape(self.message)}{zh}</div>"
        )


def as_number(value: Any) -> Fraction | float | None:
    """An answer as a number: Fractions and ints exact, ``"3/8"`` parsed, floats kept; else None.

    >>> as_number("3/8"), as_number(0.25), as_number(True), as_number("purple")
    (Fraction(3, 8), 0.25, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        try:
            return Fraction(value.strip().rstrip("%")) / (100 if value.strip().endswith("%") else 1)
        except (ValueError, ZeroDivisionError):
            return None
    try:  # numpy scalars and the like
        return float(value)
    except (TypeError, ValueError):
        return None


def _show(value: Any) -> str:
    if isinstance(value, Fraction):
        return f"{value} ≈ {float(value):.4f}" if value.denominator != 1 else str(value.numerator)
    return repr(value) if isinstance(value, str) else str(value)


class Exercise:
    """One exercise: the expected answer (computed by the engine), hints, and the tries so far.

    ``tolerance`` is how far a decimal answer may be from an exact expected
    number and still count (default 0.0005, enough for four decimals).
    ``mistakes`` maps a tempting wrong answer to a message that explains it.

    >>> ex = Exercise("count", 20, hints=["Add up the tokens of every colour."])
    >>> print(ex.check(19))
    ❌ Not yet. Hint 1: Add up the tokens of every colour. — 还不对。提示 1：Add up the tokens of every colour.
    >>> print(ex.check(19))
    ❌ Not yet — no more hints. Try again, or ask for the answer with reveal=True. — 还不对，没有更多提示了。再试一次，或者用 reveal=True 查看答案。
    >>> print(ex.check(19))
    💡 The answer is 20. — 答案是 20。
    >>> Exercise("bad", 1, hints="one hint")
    Traceback (most recent call last):
    ...
    TypeError: hints must be a list of strings, not one string
    """

    def __init__(
        self,
        name: str,
        expected: Any,
        *,
        hints: Sequence[str] = (),
        hints_zh: Sequence[str] = (),
        tolerance: float = 5e-4,
        mistakes: Mapping[Any, str] | None = None,
        reveal_after: int = 3,
        equal: Callable[[Any, Any], bool] | None = None,
    ) -> None:
        if isinstance(hints, str) or isinstance(hints_zh, str):
            raise TypeError("hints must be a list of strings, not one string")
        if not isinstance(reveal_after, int) or reveal_after < 1:
            raise ValueError(f"reveal_after must be at least 1, got {reveal_after!r}")
        self.name = name
        self.expected = expected
        self.hints = tuple(hints)
        self.hints_zh = tuple(hints_zh)
        self.tolerance = tolerance
        self.mistakes = dict(mistakes or {})
        self.reveal_after = reveal_after
        self.equal = equal
        self.tries = 0

    def _matches(self, answer: Any, target: Any) -> str:
        """'exact', 'close' or '' (no match)."""
        if self.equal is not None:
            return "exact" if self.equal(answer, target) else ""
        want, got = as_number(target), as_number(answer)
        if want is not None and not isinstance(target, str):
            if got is None:
                return ""
            if isinstance(want, Fraction) and isinstance(got, Fraction):
                return "exact" if got == want else ""
            return "close" if abs(float(got) - float(want)) <= self.tolerance else ""
        if isinstance(target, str) and isinstance(answer, str):
            return "exact" if answer.strip().lower() == target.strip().lower() else ""
        try:
            return "exact" if answer == target else ""
        except Exception:  # odd types simply do not match
            return ""

    def reveal(self) -> Feedback:
        """Show the answer."""
        shown = _show(self.expected)
        return Feedback("revealed", f"💡 The answer is {shown}.", f"答案是 {shown}。")

    def check(self, answer: Any, *, reveal: bool = False) -> Feedback:
        """Feedback on ``answer``: correct, close (right to the decimals given), or a hint."""
        if reveal:
            return self.reveal()
        if answer is ... or answer is None:
            return Feedback(
                "unanswered",
                "✏️ Not answered yet: replace ... with your answer and run the cell again.",
                "还没有作答：把 ... 换成你的答案，再运行这个单元格。",
            )
        match = self._matches(answer, self.expected)
        if not match and os.environ.get(STRICT_ENV) == "1":
            raise AssertionError(
                f"exercise {self.name}: the answer {answer!r} is not {self.expected!r} "
                f"({STRICT_ENV}=1: a solution notebook must hold right answers)"
            )
        if match == "exact":
            self.tries = 0
            return Feedback("correct", f"✅ Correct! {_show(self.expected)}", "答对了！")
        if match == "close":
            self.tries = 0
            return Feedback(
                "correct",
                f"✅ Correct to the decimals you gave. Exactly: {_show(self.expected)}",
                "在你给出的精度内正确。",
            )
        self.tries += 1
        for wrong, why in self.mistakes.items():
            if self._matches(answer, wrong) == "exact" or (
                as_number(wrong) is not None and self._matches(answer, wrong) == "close"
            ):
                return Feedback("wrong", f"❌ A common slip: {why}", "常见错误，请再想想。")
        if self.tries >= self.reveal_after:
            return self.reveal()
        if self.tries <= len(self.hints):
            i = self.tries - 1
            zh = self.hints_zh[i] if i < len(self.hints_zh) else self.hints[i]
            return Feedback(
                "wrong", f"❌ Not yet. Hint {i + 1}: {self.hints[i]}", f"还不对。提示 {i + 1}：{zh}"
            )
        return Feedback(
            "wrong",
            "❌ Not yet — no more hints. Try again, or ask for the answer with reveal=True.",
            "还不对，没有更多提示了。再试一次，或者用 reveal=True 查看答案。",
        )


_EXERCISES: dict[str, Exercise] = {}


def check(
    name: str,
    answer: Any,
    expected: Any,
    *,
    hints: Sequence[str] = (),
    hints_zh: Sequence[str] = (),
    reveal: bool = False,
    **options: Any,
) -> Feedback:
    """Check ``answer`` against ``expected`` for the exercise called ``name``, remembering the tries.

    The first wrong try shows hint 1, the next hint 2, …; the answer shows only
    after three wrong tries or with ``reveal=True``. Options are those of ``Exercise``.

    >>> reset()
    >>> check("demo", 0.5, 1, hints=["Think of the complement."]).status
    'wrong'
    >>> check("demo", ..., 1).status
    'unanswered'
    >>> check("demo", 0, 1, reveal=True).message
    '💡 The answer is 1.'
    >>> check("", 1, 1)
    Traceback (most recent call last):
    ...
    ValueError: an exercise needs a name, e.g. check('ex1', answer, expected)
    """
    if not isinstance(name, str) or not name:
        raise ValueError("an exercise needs a name, e.g. check('ex1', answer, expected)")
    ex = _EXERCISES.get(name)
    try:
        same = ex is not None and bool(ex.expected == expected)
    except (TypeError, ValueError):  # e.g. arrays, whose == is element-wise
        same = False
    if not same:
        ex = _EXERCISES[name] = Exercise(name, expected, hints=hints, hints_zh=hints_zh, **options)
    return ex.check(answer, reveal=reveal)


def reset() -> None:
    """Forget every exercise's tries (start the notebook's exercises afresh)."""
    _EXERCISES.clear()
