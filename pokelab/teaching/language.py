"""The language a notebook's pupil reads: English, Chinese, or both side by side.

A lesson of the English track starts with ``set_language("en")``, its Chinese twin
with ``set_language("zh")`` (``scripts/build_lessons.py`` writes both from one
source); feedback, exercise statements and ``tr`` then speak that language only.
Without a call the kit shows both languages, as it always has.

>>> set_language("zh"); language(), tr("Not yet", "还不对")
('zh', '还不对')
>>> set_language("en"); tr("Not yet", "还不对")
'Not yet'
>>> set_language("both"); tr("Not yet", "还不对")
'Not yet — 还不对'
>>> set_language("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en', 'zh' or 'both' (未知语言 'fr'：请选 'en'、'zh' 或 'both')
"""

from __future__ import annotations

__all__ = ["LANGUAGES", "language", "pick", "set_language", "tr"]

#: The languages a notebook can be set to.
LANGUAGES = ("en", "zh", "both")

_CURRENT = {"lang": "both"}


def set_language(lang: str) -> None:
    """Make feedback, exercise statements and ``tr`` speak ``lang`` ("en", "zh" or "both") from now on."""
    if lang not in LANGUAGES:
        raise ValueError(
            f"unknown language {lang!r}: choose 'en', 'zh' or 'both' (未知语言 {lang!r}：请选 'en'、'zh' 或 'both')"
        )
    _CURRENT["lang"] = lang


def language() -> str:
    """The language set with ``set_language`` ("both" until one is set).

    >>> set_language("both"); language()
    'both'
    """
    return _CURRENT["lang"]


def pick(en: str, zh: str, *, joiner: str = " — ") -> str:
    """``en`` or ``zh`` for the current language; both joined by ``joiner`` in "both" (a missing text falls back).

    >>> set_language("zh"); pick("Correct", "")
    'Correct'
    >>> set_language("both"); pick("Correct", "正确", joiner=" ")
    'Correct 正确'
    """
    lang = _CURRENT["lang"]
    if lang == "en" or not zh:
        return en
    if lang == "zh" or not en:
        return zh
    return f"{en}{joiner}{zh}"


def tr(en: str, zh: str) -> str:
    """A text a lesson shows (a plot title, a table header, a printed line) in the notebook's language.

    >>> set_language("zh"); tr("tokens", "代币")
    '代币'
    >>> set_language("both")
    >>> tr("tokens", 3)
    Traceback (most recent call last):
    ...
    TypeError: tr() takes two texts, got 'tokens' and 3
    """
    if not isinstance(en, str) or not isinstance(zh, str):
        raise TypeError(f"tr() takes two texts, got {en!r} and {zh!r}")
    return pick(en, zh)
