"""What a pupil sees after an answer: a status, a message from the word catalogue, and a mark drawn in SVG.

The marks are inline SVG shapes beside a word ("Correct", "Not yet", …), so they show
the same in every browser without an emoji font. A message is one catalogue ``Text``
(:mod:`pokelab.words`), shown in the notebook's language (``set_language``), or in
English and Chinese side by side in "both".

>>> from pokelab.words import _
>>> from pokelab.teaching.language import set_language
>>> set_language("both")
>>> fb = Feedback("correct", _("Correct! Exactly: {value}", value="1/10"))
>>> str(fb)
'Correct! Exactly: 1/10 — 答对了！准确值：1/10'
>>> "<svg" in fb._repr_html_() and "答对了" in fb._repr_html_()
True
>>> as_number("3/8"), as_number("25%"), as_number(True)
(Fraction(3, 8), Fraction(1, 4), None)
>>> Feedback("great", _("Not yet."))
Traceback (most recent call last):
...
ValueError: unknown feedback status 'great'; use one of correct, wrong, revealed, unanswered, recorded, compared
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.course.fields import field, join_or
from pokelab.teaching.language import languages_shown, say
from pokelab.words import N_, SOURCE_LANG, Text, _

__all__ = ["MARKS", "Feedback", "as_number", "mark_word", "show", "shown"]

_GREEN, _ORANGE, _BLUE, _GREY, _PURPLE = "#2e7d32", "#ef6c00", "#1565c0", "#616161", "#6a1b9a"

#: status → (background, colour, SVG path drawn in a 16×16 box, the mark's word: an English catalogue id)
MARKS: dict[str, tuple[str, str, str, str]] = {
    "correct": ("#e8f5e9", _GREEN, "M3.5 8.5l3 3 6-7", N_("Correct")),
    "wrong": ("#fff3e0", _ORANGE, "M4.5 4.5l7 7M11.5 4.5l-7 7", N_("Not yet")),
    "revealed": ("#e3f2fd", _BLUE, "M8 4.2v.1M8 7v5", N_("Answer")),
    "unanswered": ("#f5f5f5", _GREY, "M4 8h.1M8 8h.1M12 8h.1", N_("Your turn")),
    "recorded": ("#f3e5f5", _PURPLE, "M4 8h8M8 4v8", N_("Prediction")),
    "compared": ("#f3e5f5", _PURPLE, "M3 12l3-4 3 2 4-6", N_("Compare")),
}


def mark_word(status: str) -> Text:
    """The word beside a status's mark ("Correct", "Not yet" …), as a catalogue text.

    >>> mark_word("wrong").render("zh")
    '还不对'
    """
    return _(MARKS[status][3])


def _mark_svg(status: str) -> str:
    _bg, colour, path, _word = MARKS[status]
    return (
        "<svg width='18' height='18' viewBox='0 0 16 16' aria-hidden='true' "
        "style='vertical-align:-4px;margin-right:6px;flex:none'>"
        f"<circle cx='8' cy='8' r='7.2' fill='none' stroke='{colour}' stroke-width='1.4'/>"
        f"<path d='{path}' fill='none' stroke='{colour}' stroke-width='1.8' stroke-linecap='round' "
        "stroke-linejoin='round'/></svg>"
    )


def _bare(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


@dataclass(frozen=True)
class Feedback:
    """One answer's feedback: ``status`` (a key of ``MARKS``) and ``text``, a catalogue text.

    An explain exercise's feedback also carries its ``model`` answer and its key ``ideas``
    (each with whether the attempt names it); they are shown under the message, which is then
    ``lead`` (the message without the model answer and ideas, so the page shows them once).

    >>> from pokelab.words import _
    >>> fb = Feedback("correct", _("Correct!"))
    >>> fb.ok, fb.render("zh")
    (True, '答对了！')
    """

    status: str
    text: Text
    model: Text | None = None
    ideas: tuple[tuple[Text, bool], ...] = ()
    lead: Text | None = None

    def __post_init__(self) -> None:
        if self.status not in MARKS:
            raise ValueError(f"unknown feedback status {self.status!r}; use one of {', '.join(MARKS)}")
        if not isinstance(self.text, Text):
            raise TypeError(f"a Feedback's text is a catalogue Text, made with _(...), got {self.text!r}")

    @property
    def ok(self) -> bool:
        """True when the answer was right."""
        return self.status == "correct"

    @property
    def message(self) -> str:
        """The message in English (the catalogue's source); ``render(lang)`` gives any language."""
        return self.text.render("en")

    def render(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.text.render(lang)

    def __str__(self) -> str:
        return say(self.text)

    def __repr__(self) -> str:
        return str(self)

    def _details_html(self, lang: str) -> str:
        if self.model is None:
            return ""
        ticks = "".join(
            "<li>" + html.escape((_("found: {idea}", idea=label) if found else _("missing: {idea}", idea=label)).render(lang))
            + "</li>"
            for label, found in self.ideas
        )
        heading = _("Model answer:").render(lang)
        return (
            f"<div style='margin-top:4px'><i>{html.escape(heading)}</i> "
            f"{html.escape(self.model.render(lang))}"
            + (f"<ul style='margin:2px 0'>{ticks}</ul>" if ticks else "")
            + "</div>"
        )

    def _says_its_mark(self) -> bool:
        """True when the message itself opens with its mark's word ("Correct!", "Not yet. Hint 1", "The answer is").

        Decided once, on the catalogue's source, so no language shows the word twice ("正确 答对了！").

        >>> from pokelab.words import _
        >>> Feedback("correct", _("Correct!"))._says_its_mark(), Feedback("wrong", _("A common slip: {why}", why="x"))._says_its_mark()
        (True, False)
        """
        word = _bare(mark_word(self.status).render(SOURCE_LANG))
        opening = self.text.render(SOURCE_LANG).split()[:3]
        return any(_bare(w) == word for w in opening) or _bare(self.text.render(SOURCE_LANG)).startswith(word)

    def _repr_html_(self) -> str:
        background, colour, _path, _word = MARKS[self.status]
        says_it = self._says_its_mark()
        blocks = []
        for index, lang in enumerate(languages_shown()):
            shown = self.lead if self.lead is not None and self.model is not None else self.text
            word, message = mark_word(self.status).render(lang), shown.render(lang)
            title = "" if says_it else f"<b style='color:{colour}'>{html.escape(word)}</b> "
            style = " style='opacity:.85'" if index else ""
            blocks.append(f"<div{style}>{title}{html.escape(message)}{self._details_html(lang)}</div>")
        return (
            f"<div class='pokelab-feedback pokelab-{self.status}' style='display:flex;align-items:flex-start;"
            f"background:{background};border-left:4px solid {colour};padding:6px 10px;margin:4px 0;"
            f"border-radius:4px'>{_mark_svg(self.status)}<div>{''.join(blocks)}</div></div>"
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
    """A value the way feedback prints it: fractions with a decimal beside them (numbers and codes, no words).

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


def shown(value: Any) -> Text | str:
    """A value for a feedback message: like :func:`show`, but words in the reader's language.

    A colour or a Pokémon is its catalogue name; a set of right answers is joined with "or".

    >>> shown({Fraction(1, 2), 3}).render("zh"), shown("purple").render("zh"), shown("SP-A3")
    ('1/2 ≈ 0.5000 或 3', '紫色', "'SP-A3'")
    """
    if isinstance(value, set | frozenset):
        return join_or(sorted((shown(v) for v in value), key=str))
    if isinstance(value, str):
        word = field(value)
        return word if isinstance(word, Text) else repr(value)
    return show(value)
