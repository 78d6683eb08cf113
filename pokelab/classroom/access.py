"""Who may do what in a class database: join codes, teacher keys, names and token lists checked before any SQL.

Join codes are 6 characters from letters and digits that cannot be mistaken
for each other; teacher keys are 16 (``XXXX-XXXX-XXXX-XXXX``, 80 random bits).
Both are stored only as SHA-256 hashes. Group and class names hold letters and
digits of any language, spaces and ``- _ . ·`` — no quotes, semicolons or
markup — so a name is safe to show in a page and in a CSV file.

>>> check_name("Team 皮卡丘"), len(default_url()) > 10
('Team 皮卡丘', True)
>>> check_name("")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: a group name has 1 to 32 characters, not 0
"""

from __future__ import annotations

import hashlib
import logging
import os
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokelab.classroom.errors import ClassAccessError, ClassroomError
from pokelab.classroom.rounds import SIMULATED, check_round
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND
from pokelab.words import Text, _, _p

__all__ = [
    "DEFAULT_URL_ENV",
    "TOKEN_COLUMNS",
    "check_name",
    "clean_secret",
    "default_url",
    "digest",
    "refused",
]

log = logging.getLogger("pokelab.classroom")

#: The environment variable apps read for the class database's URL (``pokelab app`` sets it).
DEFAULT_URL_ENV = "POKELAB_CLASS_DB"
#: Join codes use letters and digits that cannot be mistaken for each other (no I/1, O/0).
JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
JOIN_LENGTH = 6
TEACHER_KEY_GROUPS = 4  # XXXX-XXXX-XXXX-XXXX: 80 random bits
#: Longest text accepted where a code, a key or a token colour is expected.
MAX_CODE_TEXT, MAX_TOKEN_TEXT = 64, 16
_GROUP_PUNCTUATION = frozenset(" -_.·")
#: Longest class name, group name and logged reason (characters).
NAME_LENGTH, GROUP_LENGTH, REASON_LENGTH = 60, 32, 200
#: Longest answer text stored (a longer one is kept cut, with "…").
ANSWER_LENGTH = 500
#: The columns of the 10 tokens of a round, in drawing order.
TOKEN_COLUMNS: tuple[str, ...] = tuple(f"token_{i}" for i in range(1, DRAWS_PER_ROUND + 1))


def default_url() -> str:
    """The class database apps use: ``$POKELAB_CLASS_DB``, else ``classes.db`` in the user's data folder.

    >>> default_url().startswith(("sqlite:///", "postgresql"))
    True
    """
    url = os.environ.get(DEFAULT_URL_ENV, "").strip()
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return f"sqlite:///{base / 'pokelab' / 'classes.db'}"


def digest(kind: str, secret: str) -> str:
    """The stored hash of a code, key or token of ``kind`` (a secret is never stored as typed).

    >>> digest("seat", "ABC:XYZ123") == digest("seat", "ABC:XYZ123") != digest("join", "ABC:XYZ123")
    True
    >>> digest("seat", None)
    Traceback (most recent call last):
    ...
    TypeError: a secret is hashed as text (clean_secret), not None
    """
    if not isinstance(secret, str):
        raise TypeError(f"a secret is hashed as text (clean_secret), not {secret!r}")  # a programming error
    return hashlib.sha256(f"pokelab-{kind}:{secret}".encode()).hexdigest()


def refuse_surrogates(value: str, what: Text) -> str:
    """``value`` itself when it is text that can be stored and hashed; a lone surrogate is a ``ClassroomError``.

    >>> refuse_surrogates("小明", _("join code"))
    '小明'
    >>> refuse_surrogates("A\\ud800", _("join code"))
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: join code: a text holds a lone surrogate (\\ud800-\\udfff), which is no character
    """
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise ClassroomError(_("{what}: a text holds a lone surrogate (\\ud800-\\udfff), which is no character", what=what))
    return value


#: What ``clean_secret`` also reads that only finds something and proves nothing.
_ADDRESSES = frozenset({"table code"})


def clean_secret(value: Any, what: Text) -> str:
    """A join code, teacher key or token as typed (any case, spaces and dashes ignored).

    A missing secret is a ``ClassAccessError``; a missing table code (an
    address, not a secret) is a ``ClassroomError``.

    >>> clean_secret("k7m-2qx ", _("join code"))
    'K7M2QX'
    >>> clean_secret("", _("seat token"))
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: no seat token given
    """
    if value is None or value == "":
        if what.source in _ADDRESSES:
            raise ClassroomError(_("no {what} given", what=what))
        raise ClassAccessError(_("no {what} given", what=what))
    if not isinstance(value, str):
        raise ClassroomError(
            _("the {what} is text, not {type}", what=what, type=type(value).__name__),
        )
    if len(value) > MAX_CODE_TEXT:
        raise ClassroomError(
            _("that is not a {what}: {length} characters (at most {most})",
                what=what, length=len(value), most=MAX_CODE_TEXT),
        )
    refuse_surrogates(value, what)  # before anything hashes it (digest encodes to UTF-8)
    return "".join(ch for ch in value.upper() if ch not in " -\t")


#: What a request does, as the refusal log records it (the key) and an error says it (the text).
_ACTIONS = {
    "join": _("join"),
    "reset": _("reset"),
    "delete": _("delete"),
    "refusal log": _("refusal log"),
    "add round": _("add round"),
    "undo round": _("undo round"),
    "join group": _("join group"),
    "read rounds": _("read rounds"),
    "create table": _("create table"),
    "sit": _("sit down at a table"),
    "list tables": _("list tables"),
    "view": _("view"),
    "play": _("play"),
    "undo": _("undo"),
    "answer undo": _("answer undo"),
    "hand a seat to a bot": _("hand a seat to a bot"),
    "join class": _("join class"),
    "record answer": _("record answer"),
    "read answers": _("read answers"),
    "delete answers": _("delete answers"),
    "class settings": _("class settings"),
}


def action_name(action: str) -> Text | str:
    """A request's name in the reader's language (an unknown one as it is).

    >>> action_name("reset").render("zh"), action_name("fly")
    ('重置', 'fly')
    """
    return _ACTIONS.get(action, action)


#: What a checked name names, as the errors say it.
_WHAT = {"group": _p("whose name", "group"), "class": _p("whose name", "class"), "pupil": _p("whose name", "pupil")}


def check_name(name: Any, *, limit: int = GROUP_LENGTH, what: str = "group") -> str:
    """A group (or class) name: letters and digits of any language, spaces and ``- _ . ·``.

    >>> check_name("  Team 皮卡丘 ")
    'Team 皮卡丘'
    >>> check_name("x'); DROP TABLE r; --")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a group name may hold letters, digits, spaces and - _ . · only, not "'"
    """
    what_name = _WHAT[what]
    if not isinstance(name, str):
        raise ClassroomError(
            _("a {what} name is text, not {type}", what=what_name, type=type(name).__name__),
        )
    if len(name) > 4 * limit:
        raise ClassroomError(
            _("a {what} name has at most {limit} characters, not {length}",
                what=what_name, limit=limit, length=len(name)),
        )
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text or len(text) > limit:
        raise ClassroomError(
            _("a {what} name has 1 to {limit} characters, not {length}",
                what=what_name, limit=limit, length=len(text)),
        )
    bad = next((ch for ch in text if not ch.isalnum() and ch not in _GROUP_PUNCTUATION), None)
    if bad is not None:
        raise ClassroomError(
            _('a {what} name may hold letters, digits, spaces and - _ . · only, not "{bad}"',
                what=what_name, bad=bad),
        )
    if unicodedata.normalize("NFKC", text).casefold() == SIMULATED:  # full-width look-alikes too
        raise ClassroomError(
            _("'{most}' is kept for the computer's rounds: choose another name", most=SIMULATED),
        )
    return text


def _check_tokens(tokens: Any) -> tuple[str, ...]:
    if isinstance(tokens, Sequence) and not isinstance(tokens, str):
        if len(tokens) > 4 * len(TOKEN_COLUMNS):
            raise ClassroomError(
                _("a round has {most} tokens, not {length}",
                    most=len(TOKEN_COLUMNS), length=len(tokens)),
            )
        for i, token in enumerate(tokens, start=1):
            if isinstance(token, str) and len(token) > MAX_TOKEN_TEXT:
                raise ClassroomError(
                    # Translators: name a typed colour of the reader's language too (Chinese: 红)
                    _("token {i} is {length} characters long: write a colour like red",
                        i=i, length=len(token)),
                )
    return check_round(tokens, DEFAULT_BAG)


def refused(
    class_id: int | None, action: str, reason: str, err: ClassAccessError
) -> ClassAccessError:
    """``err``, marked with what the refusal log records about it (``ClassStore.refuse`` logs it).

    >>> refused(3, "table view", "wrong seat token", ClassAccessError(_("no"))).refusal
    (3, 'table view', 'wrong seat token')
    >>> refused(3, "table view", "wrong seat token", "no")
    Traceback (most recent call last):
    ...
    AttributeError: 'str' object has no attribute 'refusal'...
    """
    err.refusal = (class_id, action, reason)  # type: ignore[attr-defined]
    return err

