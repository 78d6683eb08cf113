"""A bot's name in a league and the limits on entering: checked before anything is stored.

A name is what the class reads on the standings board, so it is plain text:
letters and digits of any language, spaces and ``- _ . ·``, 1 to
``NAME_LENGTH`` characters — no markup, no control characters, no look-alike
of a house bot. The limits stop a runaway loop (``for i in range(1000):
league.enter(...)``), not a pupil who changes their name (names prove nothing:
``docs/security.md``).

>>> check_bot_name("  Pika   bot 2 ")
'Pika bot 2'
>>> check_bot_name("<b>Pika</b>")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: a bot's name may hold letters, digits, spaces and - _ . · only, not "<"
"""

from __future__ import annotations

import getpass
import os
import unicodedata
from typing import Any

from pokelab.classroom import ClassroomError
from pokelab.league.schema import NAME_LENGTH
from pokelab.words import _

__all__ = [
    "MAX_ENTRIES",
    "MAX_ENTRIES_PER_AUTHOR",
    "MAX_VERSIONS",
    "check_author",
    "check_bot_name",
    "check_number",
    "default_author",
    "name_key",
]

#: Bots one author may enter in one league (different names).
MAX_ENTRIES_PER_AUTHOR = 3
#: Versions one entry may have (each re-entry adds one and keeps the old ones with their results).
MAX_VERSIONS = 50
#: Entries one league holds, house bots included.
MAX_ENTRIES = 60

_PUNCTUATION = set(" -_.·")


def name_key(name: str) -> str:
    """The form two names are compared in: any case, full-width look-alikes folded.

    >>> name_key("ＰＩＫＡ") == name_key("pika")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def check_bot_name(name: Any) -> str:
    """``name`` with its spaces squeezed, or a ``ClassroomError`` saying what is wrong with it.

    >>> check_bot_name("x" * 25)
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a bot's name has 1 to 24 characters, not 25
    """
    if not isinstance(name, str):
        raise ClassroomError(_("a bot's name is text, not {type}", type=type(name).__name__))
    control = next((ch for ch in name[: 8 * NAME_LENGTH] if unicodedata.category(ch).startswith("C")), None)
    if control is not None:  # a line break, a tab, a right-to-left override: not for a standings board
        raise ClassroomError(
            _('a bot\'s name may hold letters, digits, spaces and - _ . · only, not "{bad}"', bad=repr(control)[1:-1])
        )
    text = " ".join(unicodedata.normalize("NFC", name[: 8 * NAME_LENGTH]).split())
    if not text or len(text) > NAME_LENGTH or len(name) > 8 * NAME_LENGTH:
        raise ClassroomError(
            _("a bot's name has 1 to {most} characters, not {length}", most=NAME_LENGTH, length=len(text or name))
        )
    bad = next((ch for ch in text if not ch.isalnum() and ch not in _PUNCTUATION), None)
    if bad is not None:
        raise ClassroomError(
            _('a bot\'s name may hold letters, digits, spaces and - _ . · only, not "{bad}"', bad=bad)
        )
    return text


def check_author(author: Any) -> str:
    """The author's name (their hub login or the name they give), checked as a bot's name is.

    >>> check_author("ann")
    'ann'
    >>> check_author("")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: an author's name has 1 to 64 characters, not 0
    """
    if not isinstance(author, str):
        raise ClassroomError(_("an author's name is text, not {type}", type=type(author).__name__))
    text = " ".join(author[:256].split())
    if not text or len(text) > 64:
        raise ClassroomError(_("an author's name has 1 to {most} characters, not {length}", most=64, length=len(text)))
    bad = next((ch for ch in text if not ch.isalnum() and ch not in _PUNCTUATION | {"@"}), None)
    if bad is not None:
        raise ClassroomError(
            _('an author\'s name may hold letters, digits, spaces and - _ . · @ only, not "{bad}"', bad=bad)
        )
    return text


def default_author() -> str:
    """Who is entering: the JupyterHub login where there is one, else the computer account.

    >>> isinstance(default_author(), str)
    True
    """
    return os.environ.get("JUPYTERHUB_USER") or getpass.getuser()


def check_number(value: Any, what: str, low: float, high: float) -> float:
    """``value`` when it is a number from ``low`` to ``high``, else a ``ClassroomError`` naming ``what``.

    >>> check_number(2, "move_seconds", 0.05, 60), check_number(True, "x", 0, 1)
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: x is a number from 0 to 1, not True
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ClassroomError(
            _("{what} is a number from {low} to {high}, not {value}", what=what, low=low, high=high, value=repr(value))
        )
    return value
