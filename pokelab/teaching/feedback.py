"""What a pupil sees after an answer: a status, a message in English and Chinese, and a mark drawn in SVG.

The marks are inline SVG shapes beside a word ("Correct", "Not yet", …), so they show
the same in every browser without an emoji font.

>>> fb = Feedback("correct", "Correct! 1/10", "答对了！")
>>> str(fb)
'Correct! 1/10 — 答对了！'
>>> "<svg" in fb._repr_html_() and "答对了" in fb._repr_html_()
True
>>> as_number("3/8"), as_number("25%"), as_number(True)
(Fraction(3, 8), Fraction(1, 4), None)
>>> Feedback("great", "x")
Traceback (most recent call last):
...
ValueError: unknown feedback status 'great'; use one of correct, wrong, revealed, unanswered, recorded, compared
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pokelab.teaching.language import language, pick

__all__ = ["MARKS", "Feedback", "as_number", "show"]

_GREEN, _ORANGE, _BLUE, _GREY, _PURPLE = "#2e7d32", "#ef6c00", "#1565c0", "#616161", "#6a1b9a"

#: status → (background, colour, SVG path drawn in a 16×16 box, label en, label zh)
MARKS: dict[str, tuple[str, str, str, str, str]] = {
    "correct": ("#e8f5e9", _GREEN, "M3.5 8.5l3 3 6-7", "Correct", "正确"),
    "wrong": ("#fff3e0", _ORANGE, "M4.5 4.5l7 7M11.5 4.5l-7 7", "Not yet", "还不对"),
    "revealed": ("#e3f2fd", _BLUE, "M8 4.2v.1M8 7v5", "Answer", "答案"),
    "unanswered": ("#f5f5f5", _GREY, "M4 8h.1M8 8h.1M12 8h.1", "Your turn", "轮到你了"),
    "recorded": ("#f3e5f5", _PURPLE, "M4 8h8M8 4v8", "Guess kept", "已记下"),
    "compared": ("#f3e5f5", _PURPLE, "M3 12l3-4 3 2 4-6", "Compare", "比较"),
}


def _mark_svg(status: str) -> str:
    _, colour, path, _, _ = MARKS[status]
    return (
        "<svg width='18' height='18' viewBox='0 0 16 16' aria-hidden='true' "
        "style='vertical-align:-4px;margin-right:6px;flex:none'>"
        f"<circle cx='8' cy='8' r='7.2' fill='none' stroke='{colour}' stroke-width='1.4'/>"
        f"<path d='{path}' fill='none' stroke='{colour}' stroke-width='1.8' stroke-linecap='round' "
        "stroke-linejoin='round'/></svg>"
    )


@dataclass(frozen=True)
class Feedback:
    """One answer's feedback: ``status`` (a key of ``MARKS``), the English message and the Chinese one.

    ``extra_html`` is shown under the messages (a model answer, a list of options).

    >>> Feedback("wrong", "Not yet.", "还不对。").ok
    False
    """

    status: str
    message: str
    message_zh: str = ""
    extra_html: str = field(default="", repr=False)

    def __post_init__(self) -> None:
        if self.status not in MARKS:
            raise ValueError(f"unknown feedback status {self.status!r}; use one of {', '.join(MARKS)}")

    @property
    def ok(self) -> bool:
        """True when the answer was right."""
        return self.status == "correct"

    def __str__(self) -> str:
        return pick(self.message, self.message_zh)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        background, colour, _, label, label_zh = MARKS[self.status]
        lang = language()
        title = pick(label, label_zh, joiner=" ")
        if lang == "both":
            zh = f"<br><span style='opacity:.85'>{html.escape(self.message_zh)}</span>" if self.message_zh else ""
            text = html.escape(self.message) + zh
        else:
            text = html.escape(pick(self.message, self.message_zh))
        return (
            f"<div class='pokelab-feedback pokelab-{self.status}' style='display:flex;align-items:flex-start;"
            f"background:{background};border-left:4px solid {colour};padding:6px 10px;margin:4px 0;"
            f"border-radius:4px'>{_mark_svg(self.status)}<div><b style='color:{colour}'>{title}</b> "
            f"{text}{self.extra_html}</div></div>"
        )


def as_number(value: Any) -> Fraction | float | None:
    """An answer as a number: Fractions and ints exact, ``"3/8"`` and ``"40%"`` parsed, floats kept; else None.

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
        text = value.strip()
        try:
            return Fraction(text.rstrip("%")) / (100 if text.endswith("%") else 1)
        except (ValueError, ZeroDivisionError):
            return None
    try:  # numpy scalars and the like
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def show(value: Any) -> str:
    """A value the way feedback prints it: fractions with a decimal beside them.

    >>> show(Fraction(1, 10)), show(Fraction(4)), show("SP-A3"), show(0.125)
    ('1/10 ≈ 0.1000', '4', "'SP-A3'", '0.125')
    """
    if isinstance(value, Fraction):
        return f"{value} ≈ {float(value):.4f}" if value.denominator != 1 else str(value.numerator)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, set | frozenset):
        return " or ".join(sorted(show(v) for v in value))
    return repr(value) if isinstance(value, str) else str(value)
