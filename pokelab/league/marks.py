"""A bot's marks: a default move was played for it, and why — stored in every language, read back by its author only.

>>> from pokelab.words import _
>>> stored = detail_json(_("Pass"))
>>> reason(stored, "zh"), reason(stored, "en")
('跳过', 'Pass')
>>> reason("not json", "en")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: a league mark's stored reason is damaged: ask the teacher
"""

from __future__ import annotations

import json
import time
from typing import Any

import sqlalchemy as sa

from pokelab.classroom import ClassroomError
from pokelab.errors import LANGS
from pokelab.league import schema
from pokelab.words import Text, _, check_lang

__all__ = ["MARK_KINDS", "detail_json", "insert_mark", "reason"]

#: What a mark says happened: the bot ran out of time, raised, chose an illegal move, or its kernel was away.
MARK_KINDS = ("timeout", "error", "memory", "illegal", "absent")
#: Characters of one mark's reason kept per language.
REASON_CHARS = 4000


def detail_json(detail: Text) -> str:
    """``detail`` rendered in every language the kit speaks, as the JSON a mark stores."""
    return json.dumps({lang: detail.render(lang)[:REASON_CHARS] for lang in LANGS}, ensure_ascii=False)


def reason(stored: str, lang: str) -> str:
    """A stored mark's reason in ``lang`` (English when that language was not stored)."""
    check_lang(lang)
    try:
        texts = json.loads(stored)
        return str(texts.get(lang) or texts["en"])
    except (TypeError, ValueError, KeyError, AttributeError):
        raise ClassroomError(_("a league mark's stored reason is damaged: ask the teacher")) from None


def insert_mark(conn: Any, game_id: int, version_id: int, kind: str, detail: Text, rule: str | None) -> None:
    """Insert one mark of ``version_id`` in ``game_id`` on ``conn`` (inside the caller's write)."""
    if kind not in MARK_KINDS:
        raise ValueError(f"a mark is one of {MARK_KINDS}, not {kind!r}")
    conn.execute(sa.insert(schema.marks).values(
        game_id=game_id, version_id=version_id, kind=kind, rule=rule, detail=detail_json(detail), at=time.time(),
    ))
