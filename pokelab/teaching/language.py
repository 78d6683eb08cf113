"""The language a notebook's pupil reads: English, Chinese, any language of the catalogue, or "both" side by side.

A lesson of the English track starts with ``set_language("en")``, its Chinese twin
with ``set_language("zh")`` (``scripts/build_lessons.py`` writes both from one
source); feedback, exercise statements and ``tr`` then speak that language only.
Without a call the kit shows English and Chinese side by side ("both"), as it always has.
Every text comes from the word catalogue (:mod:`pokelab.words`): :func:`say` renders
one ``Text`` in the notebook's language(s).

>>> from pokelab.words import _
>>> set_language("zh"); language(), say(_("Not yet"))
('zh', '还不对')
>>> set_language("both"); say(_("Not yet"))
'Not yet — 还不对'
>>> set_language("en"); tr("Not yet", "还不对")
'Not yet'
>>> set_language("both"); set_language("fr")
Traceback (most recent call last):
...
pokelab.teaching.language.LessonError: unknown language 'fr': choose 'en', 'zh' or 'both'; 未知语言 'fr'：请选 'en'、'zh' 或 'both'
"""

from __future__ import annotations

from pokelab.course.fields import join_or
from pokelab.errors import ExplainedError
from pokelab.words import SOURCE_LANG, Text, _, languages, render

__all__ = ["BOTH", "LANGUAGES", "LessonError", "language", "language_choices", "languages_shown", "pick", "say", "set_language", "tr"]

#: The setting that shows English and Chinese side by side.
BOTH = "both"
#: The two languages "both" shows, in this order.
BOTH_LANGUAGES = (SOURCE_LANG, "zh")

_CURRENT = {"lang": BOTH}


class LessonError(ExplainedError):
    """A pupil's mistake in using the kit (a wrong exercise id, a check for a choice), told in the notebook's language.

    ``str(err)`` follows ``set_language`` ("both": English; Chinese); ``message(lang)`` gives one language.

    >>> from pokelab.words import _
    >>> set_language("zh"); str(LessonError(_("Not yet")))
    '还不对'
    >>> set_language("both"); str(LessonError(_("Not yet")))
    'Not yet; 还不对'
    """

    def __str__(self) -> str:
        return say(self.reason, joiner="; ") if isinstance(self.reason, Text) else super().__str__()


def language_choices() -> tuple[str, ...]:
    """The settings ``set_language`` accepts: every language of the catalogue, then "both".

    >>> language_choices()[:2], language_choices()[-1]
    (('en', 'zh'), 'both')
    """
    return (*languages(), BOTH)


#: The settings known when the kit was imported (``language_choices()`` also sees catalogues installed later).
LANGUAGES = language_choices()


def _choices() -> Text | str:
    return join_or(f"'{lang}'" for lang in language_choices())


def set_language(lang: str) -> None:
    """Make feedback, exercise statements and ``tr`` speak ``lang`` (a language of the catalogue, or "both")."""
    if not isinstance(lang, str) or lang not in language_choices():
        raise LessonError(_("unknown language {lang}: choose {choices}", lang=repr(lang), choices=_choices()))
    _CURRENT["lang"] = lang


def language() -> str:
    """The language set with ``set_language`` ("both" until one is set).

    >>> set_language("both"); language()
    'both'
    """
    return _CURRENT["lang"]


def languages_shown() -> tuple[str, ...]:
    """The languages a text is shown in now: the one set, or English and Chinese for "both".

    >>> set_language("zh"); languages_shown()
    ('zh',)
    >>> set_language("both"); languages_shown()
    ('en', 'zh')
    """
    lang = _CURRENT["lang"]
    return BOTH_LANGUAGES if lang == BOTH else (lang,)


def say(text: Text | str | int | float, *, joiner: str = " — ") -> str:
    """``text`` in the notebook's language; in "both", each language once, joined by ``joiner``.

    A text that reads the same in both languages (a number, a name) is shown once.

    >>> from pokelab.words import _
    >>> set_language("both"); say(_("Correct"), joiner=" "), say(7)
    ('Correct 正确', '7')
    >>> say(None)
    Traceback (most recent call last):
    ...
    TypeError: say() shows a Text, a name or a number, got None
    """
    if text is None or not isinstance(text, Text | str | int | float):
        raise TypeError(f"say() shows a Text, a name or a number, got {text!r}")
    shown: list[str] = []
    for lang in languages_shown():
        rendered = render(text, lang)
        if rendered not in shown:
            shown.append(rendered)
    return joiner.join(shown)


def pick(en: str, zh: str, *, joiner: str = " — ") -> str:
    """``en`` or ``zh`` for the current language; both joined by ``joiner`` in "both" (the lessons' old pairs).

    Kept for lesson cells written with two strings; the kit itself renders ``Text`` with :func:`say`.

    >>> set_language("zh"); pick("Correct", "")
    'Correct'
    >>> set_language("both"); pick("Correct", "正确", joiner=" ")
    'Correct 正确'
    """
    lang = _CURRENT["lang"]
    if lang == SOURCE_LANG or not zh:
        return en
    if lang != BOTH or not en:
        return zh
    return f"{en}{joiner}{zh}"


def tr(en: str | Text, zh: str | None = None) -> str:
    """A text a lesson shows (a plot title, a table header, a printed line) in the notebook's language.

    Give a catalogue ``Text`` (``tr(condition_text("last:red"))``) or, as lesson cells still do, two strings.

    >>> set_language("zh"); tr("tokens", "代币")
    '代币'
    >>> from pokelab.words import _
    >>> tr(_("Not yet"))
    '还不对'
    >>> set_language("both")
    >>> tr("tokens", 3)
    Traceback (most recent call last):
    ...
    TypeError: tr() takes a Text or two texts, got 'tokens' and 3
    """
    if isinstance(en, Text) and zh is None:
        return say(en)
    if not isinstance(en, str) or not isinstance(zh, str):
        raise TypeError(f"tr() takes a Text or two texts, got {en!r} and {zh!r}")
    return pick(en, zh)
