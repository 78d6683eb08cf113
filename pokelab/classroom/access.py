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
pokelab.classroom.ClassroomError: a group name has 1 to 32 characters, not 0
"""

from __future__ import annotations

import hashlib
import logging
import os
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokelab.classroom.rounds import SIMULATED, ClassroomError, check_round
from pokelab.errors import check_lang
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND

__all__ = [
    "DEFAULT_URL_ENV",
    "TOKEN_COLUMNS",
    "ClassAccessError",
    "ClassStoreBusy",
    "check_name",
    "default_url",
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
#: The columns of the 10 tokens of a round, in drawing order.
TOKEN_COLUMNS: tuple[str, ...] = tuple(f"token_{i}" for i in range(1, DRAWS_PER_ROUND + 1))


class _TwoLanguages:
    """An error explained in English (``str(err)``) and Chinese (``err.message("zh")``)."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)  # type: ignore[call-arg]
        self.en, self.zh = en, zh

    def message(self, lang: str = "en") -> str:
        """The explanation in ``lang`` (``"en"`` or ``"zh"``)."""
        return self.zh if check_lang(lang) == "zh" else self.en


class ClassAccessError(_TwoLanguages, PermissionError):
    """A wrong or missing join code or teacher key (refused and logged).

    >>> ClassAccessError("wrong join code", "加入码不对").message("zh")
    '加入码不对'
    """

    __module__ = "pokelab.classroom"


class ClassStoreBusy(_TwoLanguages, TimeoutError):
    """The class database stayed locked or unreachable for longer than the store's ``timeout``.

    >>> str(ClassStoreBusy("busy", "忙"))
    'busy'
    """

    __module__ = "pokelab.classroom"


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


def _digest(kind: str, secret: str) -> str:
    return hashlib.sha256(f"pokelab-{kind}:{secret}".encode()).hexdigest()


def _clean_secret(value: Any, what: str, what_zh: str) -> str:
    """A join code or teacher key as typed (any case, spaces and dashes ignored)."""
    if value is None or value == "":
        raise ClassAccessError(f"no {what} given", f"没有输入{what_zh}")
    if not isinstance(value, str):
        raise ClassroomError(
            f"the {what} is text, not {type(value).__name__}",
            f"{what_zh}应是文字，而不是 {type(value).__name__}",
        )
    if len(value) > MAX_CODE_TEXT:
        raise ClassroomError(
            f"that is not a {what}: {len(value)} characters (at most {MAX_CODE_TEXT})",
            f"这不是{what_zh}：共 {len(value)} 个字符（最多 {MAX_CODE_TEXT} 个）",
        )
    return "".join(ch for ch in value.upper() if ch not in " -\t")


def check_name(name: Any, *, limit: int = GROUP_LENGTH, what: str = "group") -> str:
    """A group (or class) name: letters and digits of any language, spaces and ``- _ . ·``.

    >>> check_name("  Team 皮卡丘 ")
    'Team 皮卡丘'
    >>> check_name("x'); DROP TABLE r; --")
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: a group name may hold letters, digits, spaces and - _ . · only, not "'"
    """
    zh = {"group": "小组", "class": "班级"}[what]
    if not isinstance(name, str):
        raise ClassroomError(
            f"a {what} name is text, not {type(name).__name__}",
            f"{zh}名称应是文字，而不是 {type(name).__name__}",
        )
    if len(name) > 4 * limit:
        raise ClassroomError(
            f"a {what} name has at most {limit} characters, not {len(name)}",
            f"{zh}名称最多 {limit} 个字符，而不是 {len(name)} 个",
        )
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text or len(text) > limit:
        raise ClassroomError(
            f"a {what} name has 1 to {limit} characters, not {len(text)}",
            f"{zh}名称应有 1 到 {limit} 个字符，而不是 {len(text)} 个",
        )
    bad = next((ch for ch in text if not ch.isalnum() and ch not in _GROUP_PUNCTUATION), None)
    if bad is not None:
        raise ClassroomError(
            f'a {what} name may hold letters, digits, spaces and - _ . · only, not "{bad}"',
            f"{zh}名称只能包含文字、数字、空格和 - _ . ·，不能有“{bad}”",
        )
    if text.casefold() == SIMULATED:
        raise ClassroomError(
            f"'{SIMULATED}' is kept for the computer's rounds: choose another name",
            f"“{SIMULATED}”留给电脑抽的轮次，请换一个名字",
        )
    return text


def _check_tokens(tokens: Any) -> tuple[str, ...]:
    if isinstance(tokens, Sequence) and not isinstance(tokens, str):
        if len(tokens) > 4 * len(TOKEN_COLUMNS):
            raise ClassroomError(
                f"a round has {len(TOKEN_COLUMNS)} tokens, not {len(tokens)}",
                f"一轮有 {len(TOKEN_COLUMNS)} 枚，而不是 {len(tokens)} 枚",
            )
        for i, token in enumerate(tokens, start=1):
            if isinstance(token, str) and len(token) > MAX_TOKEN_TEXT:
                raise ClassroomError(
                    f"token {i} is {len(token)} characters long: write a colour like red or 红",
                    f"第 {i} 枚有 {len(token)} 个字符：请写颜色，如 red 或 红",
                )
    return check_round(tokens, DEFAULT_BAG)


def _refused(
    class_id: int | None, action: str, reason: str, err: ClassAccessError
) -> ClassAccessError:
    """``err``, marked with what the refusal log records about it."""
    err.refusal = (class_id, action, reason)  # type: ignore[attr-defined]
    return err


def _transient(err: Exception) -> bool:
    """True for errors a retry may cure: a locked SQLite file, a PostgreSQL server away or a conflict."""
    import sqlalchemy.exc as sx  # lazy: the class database's library (`lab` extra)

    if isinstance(err, sx.DBAPIError) and err.connection_invalidated:
        return True
    text = str(getattr(err, "orig", err)).lower()
    words = ("locked", "busy", "could not serialize", "deadlock", "connection", "server closed")
    words += ("terminating", "shutting down", "starting up", "the database system is")
    return isinstance(err, sx.OperationalError | sx.InterfaceError) and any(
        w in text for w in words
    )
