"""The words a printed exercise sheet or teacher's key adds to a lesson, from the word catalogue.

``scripts/build_handouts.py`` prints each lesson in its own language; these are the few
words it adds around the lesson's cells (the sheet's heading, the answer boxes, the key's labels).

>>> sheet_words("zh")["answer"]
'在这里写答案'
>>> key_label(["37-1", "37-2"], solution=True, lang="en")
'exercise 37-1, 37-2'
>>> sheet_words("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

from collections.abc import Sequence

from pokelab.core.texts import listing
from pokelab.errors import check_lang
from pokelab.words import Text, _

__all__ = ["SHEET_WORDS", "key_label", "sheet_words"]

#: The fixed words of a sheet and a key, by the slot they fill.
SHEET_WORDS: dict[str, Text] = {
    "sheet": _("exercise sheet"),
    # Translators: a field to fill in by hand on a printed sheet, followed by a blank line
    "name": _("Name:"),
    "class": _("Class:"),
    "date": _("Date:"),
    "answer": _("Your answer"),
    "key": _("Teacher's key"),
    "key_note": _("the solutions and the numbers the tests pin."),
}


def sheet_words(lang: str) -> dict[str, str]:
    """The fixed words of a sheet and a key in ``lang`` (a language of the catalogue).

    >>> sheet_words("en")["name"]
    'Name:'
    """
    lang = check_lang(lang)
    return {slot: text.render(lang) for slot, text in SHEET_WORDS.items()}


def key_label(exercise_ids: Sequence[str], *, solution: bool, lang: str) -> str:
    """The label over one cell of a teacher's key: its exercises, else "solution" or "pinned number".

    >>> key_label([], solution=False, lang="zh")
    '固定数值'
    """
    lang = check_lang(lang)
    if exercise_ids:
        return _("exercise {ids}", ids=listing(list(exercise_ids))).render(lang)
    return (_("solution") if solution else _("pinned number")).render(lang)
