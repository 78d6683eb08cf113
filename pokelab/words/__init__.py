"""One word catalogue: every word a person reads, in every language the kit speaks.

Write a text once, in English, with ``_``; translate it where it is shown::

    from pokelab.words import _, _n, _p

    label = _("Round {n}", n=3)          # a Text: lazy, immutable
    label.render("zh")                   # '第 3 轮'
    _n("{count} pt", "{count} pts", 2).render("en")   # '2 pts'
    _p("colour", "red").render("zh")     # '红色'

``N_`` marks a text for the catalogue without making a ``Text`` (a key in a table).
Chinese is ``locale/zh/LC_MESSAGES/pokelab.po``; ``scripts/words.py`` extracts the
texts, updates the catalogues and checks them. The rule a test enforces: no text
reaches a reader without passing through :func:`translate`.

>>> _("Pass").render("zh")
'跳过'
>>> _(42)
Traceback (most recent call last):
...
ValueError: a Text needs a non-empty English source, got 42
"""

from __future__ import annotations

from typing import Any

from pokelab.words.catalogue import (
    LOCALE_DIR,
    SOURCE_LANG,
    check_lang,
    generation,
    install,
    languages,
    translate,
    uninstall,
)
from pokelab.words.text import Text, render, rendered

__all__ = [
    "LOCALE_DIR",
    "N_",
    "SOURCE_LANG",
    "Text",
    "_",
    "_n",
    "_p",
    "check_lang",
    "generation",
    "install",
    "languages",
    "render",
    "rendered",
    "translate",
    "uninstall",
]


def _(source: str, /, **fields: Any) -> Text:
    """A text of the kit, in English, with its placeholder values; translated when rendered.

    >>> _("{name}'s turn", name="Misty").render("zh")
    '轮到 Misty'
    """
    return Text(source, tuple(fields.items()))


def _n(singular: str, plural: str, count: int, /, **fields: Any) -> Text:
    """A text about ``count`` things: English picks ``singular`` or ``plural``, each language its own forms.

    >>> _n("{count} pt", "{count} pts", 1).render("en")
    '1 pt'
    >>> _n("{count} pt", "{count} pts", 2).render("zh")
    '2 分'
    """
    return Text(singular, tuple(fields.items()), plural=plural, count=int(count))


def _p(context: str, source: str, /, **fields: Any) -> Text:
    """A text whose meaning needs ``context`` (``_p("colour", "red")``, the token colour).

    >>> _p("colour", "red").render("zh")
    '红色'
    """
    return Text(source, tuple(fields.items()), context=context)


def N_(source: str, /) -> str:
    """Mark ``source`` for the catalogue and return it unchanged (for tables of keys).

    >>> N_("Take")
    'Take'
    """
    return source
