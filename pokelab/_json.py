"""One bounded JSON loader for every save file the kit reads: size and nesting are checked before parsing.

``json.loads`` recurses once per nested ``[`` or ``{`` and reads any length of
text, so hostile input could raise ``RecursionError`` or fill memory. ``load_json``
refuses text over ``MAX_BYTES`` and nesting deeper than ``MAX_DEPTH`` with a
single linear scan *before* ``json.loads`` runs, and turns every other parse
failure (bad syntax, invalid UTF-8, an integer of thousands of digits, ``NaN``)
into a ``ValueError`` that names the document. A string with a lone surrogate
(``"\\ud800"``: valid JSON, but no text can be encoded from it) is refused
too, so no later hash, database write or answer fails on it with ``UnicodeError``.

>>> load_json('{"round": [1, 2]}', "splendor JSON")
{'round': [1, 2]}
>>> load_json("[" * 100 + "]" * 100, "splendor JSON")
Traceback (most recent call last):
...
ValueError: splendor JSON: nested deeper than 64 levels
"""

from __future__ import annotations

import json
import re
from typing import Any

from pokelab.words import Text, _

__all__ = ["MAX_BYTES", "MAX_DEPTH", "load_json"]

#: Longest save text accepted (a real save is a few kilobytes).
MAX_BYTES = 4_000_000
#: Deepest nesting of arrays and objects accepted (a real save nests 5 levels).
MAX_DEPTH = 64

# a string (its closing quote optional, so an unterminated one is one linear match) or a bracket
_SURROGATE = re.compile("[\\ud800-\\udfff]")
_STRUCTURE = re.compile(r'"(?:[^"\\]+|\\.)*"?|[\[\]{}]', re.S)


def _depth(text: str) -> int:
    """The deepest bracket nesting of ``text``, skipping brackets inside strings (stops past ``MAX_DEPTH``)."""
    depth = deepest = 0
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        elif token in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")  # caught below: not valid JSON


def _refused(reason: Text, *, syntax: bool = False) -> ValueError:
    """A ``ValueError`` whose ``reason`` is the catalogue text (a game's loader re-raises it as ``InputError``).

    ``syntax`` is true when the text is not JSON at all, so a door whose JSON a program wrote can say so in its own words.
    """
    err = ValueError(str(reason))
    err.reason = reason  # type: ignore[attr-defined]
    err.syntax = syntax  # type: ignore[attr-defined]
    return err


def load_json(text: str | bytes | bytearray, what: str | Text) -> Any:
    """Parse ``text`` as JSON within the size and depth limits; every failure is a ``ValueError`` naming ``what``.

    >>> load_json(b'{"a": null}', "Here Comes state JSON")
    {'a': None}
    >>> load_json("{not json", "splendor JSON")
    Traceback (most recent call last):
    ...
    ValueError: splendor JSON: not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))
    >>> load_json(42, "splendor JSON")
    Traceback (most recent call last):
    ...
    ValueError: splendor JSON: expected JSON text (str or bytes), got int
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise _refused(_('{what}: {count} bytes is too long (at most {most})', what=what, count=len(text), most=MAX_BYTES))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _refused(_('{what}: not valid UTF-8 ({reason} at byte {start})', what=what, reason=exc.reason, start=exc.start)) from None
    if not isinstance(text, str):
        raise _refused(_('{what}: expected JSON text (str or bytes), got {kind}', what=what, kind=type(text).__name__))
    if len(text) > MAX_BYTES:
        raise _refused(_('{what}: {count} characters is too long (at most {most})', what=what, count=len(text), most=MAX_BYTES))
    if _depth(text) > MAX_DEPTH:
        raise _refused(_('{what}: nested deeper than {most} levels', what=what, most=MAX_DEPTH))
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _refused(_('{what}: not valid JSON ({value})', what=what, value=str(exc)), syntax=True) from None
    except (ValueError, RecursionError) as exc:  # a huge integer, NaN/Infinity
        raise _refused(_('{what}: not valid JSON ({value})', what=what, value=str(exc))) from None
    if ("\\u" in text or _SURROGATE.search(text)) and _has_surrogate(value):
        raise _refused(_('{what}: a text holds a lone surrogate (\\ud800-\\udfff), which is no character', what=what))
    return value


def _has_surrogate(value: Any) -> bool:
    """Whether any text in ``value`` (keys too) holds a lone surrogate; ``value`` is parsed JSON, at most 64 deep.

    >>> _has_surrogate({"a": ["ok", "\\ud800"]}), _has_surrogate({"名字": "小明 😀"})
    (True, False)
    """
    if isinstance(value, str):
        return _SURROGATE.search(value) is not None
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_surrogate(v) for v in value)
    return False
