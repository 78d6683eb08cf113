"""What crosses the wire between the table server and a board's kernel: kit errors and texts as plain JSON.

A refusal keeps its kind and its catalogue text (the message id and its values,
not a rendering), so the board shows it in its own language exactly as if the
store had raised it in the same kernel.

>>> from pokelab.words import _
>>> from pokelab.tables.errors import StaleRevision
>>> back = error_from(error_data(StaleRevision(5, 4)))
>>> type(back).__name__, back.current, back.message("zh")
('StaleRevision', 5, '有人先走了一步，你的棋盘已刷新（游戏桌现在是第 5 版，你的操作基于第 4 版）')
>>> raise error_from({"kind": "Nope"})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: the table server answered something this kit cannot read ({'kind': 'Nope'})
"""

from __future__ import annotations

from typing import Any

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStoreBusy
from pokelab.errors import IllegalAction, InputError
from pokelab.tables.errors import StaleRevision
from pokelab.words import Text, _

__all__ = ["error_data", "error_from", "text_data", "text_from", "wire_data", "wire_from"]

#: The key that marks a catalogue text inside an answer (no view uses it as a key of its own).
TEXT_KEY = "$text"

_KINDS = {"StaleRevision", "ClassroomError", "ClassAccessError", "ClassStoreBusy", "IllegalAction", "InputError"}


def text_data(text: Text) -> dict[str, Any]:
    """A catalogue text as JSON data (its fields' texts nested).

    >>> text_data(_("{who} has voted", who="Ash"))["fields"]
    [['who', 'Ash']]
    """
    return {
        "source": text.source,
        "fields": [[name, text_data(v) if isinstance(v, Text) else v] for name, v in text.fields],
        "plural": text.plural,
        "count": text.count,
        "context": text.context,
    }


def text_from(data: Any) -> Text:
    """The catalogue text ``text_data`` wrote (``ClassroomError`` for anything else).

    >>> text_from(text_data(_("Pass"))).render("zh")
    '跳过'
    """
    try:
        fields = tuple(
            (str(name), text_from(value) if isinstance(value, dict) else value) for name, value in data["fields"]
        )
        return Text(data["source"], fields, data["plural"], data["count"], data["context"])
    except (KeyError, TypeError, ValueError):
        raise _unreadable(data) from None


def wire_data(value: Any) -> Any:
    """An answer as JSON data: every catalogue text in it (a view's names, events, reasons) kept as a text.

    A view travels in no language: the board renders it in its own, exactly as
    it renders a view made in its own kernel.

    >>> wire_data({"names": [_("Pass")], "seat": 1})
    {'names': [{'$text': {'source': 'Pass', 'fields': [], 'plural': None, 'count': None, 'context': None}}], 'seat': 1}
    """
    if isinstance(value, Text):
        return {TEXT_KEY: text_data(value)}
    if isinstance(value, dict):
        return {str(key): wire_data(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [wire_data(item) for item in value]
    return value


def wire_from(data: Any) -> Any:
    """The answer ``wire_data`` wrote, its texts texts again (``ClassroomError`` for a damaged text).

    >>> from pokelab.words import rendered
    >>> rendered(wire_from(wire_data({"names": [_("Pass")]})), "zh")
    {'names': ['跳过']}
    >>> wire_from({"$text": {"source": 3}})
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the table server answered something this kit cannot read ({'source': 3})
    """
    if isinstance(data, dict):
        if set(data) == {TEXT_KEY}:
            return text_from(data[TEXT_KEY])
        return {key: wire_from(item) for key, item in data.items()}
    if isinstance(data, list):
        return [wire_from(item) for item in data]
    return data


def error_data(err: Exception) -> dict[str, Any]:
    """A kit error as JSON data: its kind, its text, its rule (``IllegalAction``) or current revision (``StaleRevision``)."""
    kind = next(c.__name__ for c in type(err).__mro__ if c.__name__ in _KINDS)
    out: dict[str, Any] = {"kind": kind, "reason": text_data(err.reason)}  # type: ignore[attr-defined]
    if isinstance(err, IllegalAction):
        out["rule"] = err.rule
    if isinstance(err, StaleRevision):
        out["current"] = err.current
    return out


def error_from(data: Any) -> Exception:
    """The kit error ``error_data`` wrote, ready to raise."""
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind not in _KINDS:
        return _unreadable(data)
    if kind == "StaleRevision":
        err = StaleRevision(int(data.get("current", 0)), 0)
        err.reason = text_from(data["reason"])
        return err
    reason = text_from(data.get("reason"))
    if kind == "IllegalAction":
        return IllegalAction(str(data.get("rule", "")), reason)
    known = {"ClassroomError": ClassroomError, "ClassAccessError": ClassAccessError,
             "ClassStoreBusy": ClassStoreBusy, "InputError": InputError}
    return known[kind](reason)


def _unreadable(data: Any) -> ClassroomError:
    return ClassroomError(
        _("the table server answered something this kit cannot read ({data})", data=repr(data)[:80]),
    )
