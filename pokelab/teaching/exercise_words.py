"""The words the kit's builders add to a lesson, from the word catalogue, in the lesson's language.

``scripts/make_exercises.py`` makes a lesson's exercise version (its banner, the blank left
where an answer was); ``scripts/build_handouts.py`` prints a lesson as an exercise sheet and a
teacher's key (the sheet's heading, the answer boxes, the key's labels).

>>> sheet_words("zh")["answer"]
'在这里写答案'
>>> key_label(["37-1", "37-2"], solution=True, lang="en")
'exercise 37-1, 37-2'
>>> answer_blank("answer_1", "zh")
'answer_1 = ...  # 你的答案'
>>> sheet_words("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

from collections.abc import Sequence

from pokelab.core.texts import listing
from pokelab.words import Text, _, check_lang

__all__ = ["SHEET_WORDS", "answer_blank", "code_blank", "exercise_banner", "key_label", "sheet_words"]

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


def exercise_banner(lang: str) -> str:
    """The note at the top of an exercise version (markdown, ending in a blank line).

    >>> exercise_banner("zh").startswith("> **练习版**")
    True
    """
    lang = check_lang(lang)
    text = _(
        "> **Exercise version**: the answers are removed. Replace each `...` with your own answer and run "
        "the cell; `check` gives a hint first, never the answer in your cell. "
        "A self-check in an open notebook is practice, not a mark: your teacher marks with nbgrader."
    )
    return text.render(lang) + "\n\n"


def answer_blank(name: str, lang: str) -> str:
    """The line left where the answer ``name`` was worked out: ``name = ...`` and a comment.

    >>> answer_blank("answer_2", "en")
    'answer_2 = ...  # your answer'
    """
    return f"{name} = ...  # " + _("your answer").render(check_lang(lang))


def code_blank(lang: str) -> str:
    """The line left where a worked solution without a named answer was.

    >>> code_blank("zh")
    '# 在这里写代码'
    """
    return "# " + _("your code here").render(check_lang(lang))
