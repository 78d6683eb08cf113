"""The move log as a board publishes it: each entry worded once for the reader and kept, since a log only grows.

A board keeps its log as entries whose ``text`` is a catalogue text (or a ``Said``);
the front end receives them rendered in the board's language. Rendering the whole
log again on every publish made a move's cost grow with the game, so
:class:`ShownLog` keeps the rendered lines and renders only the entries added since
the last publish. Undo and a new game cut the log back; a line is reused only while
its entry is the very same object, and a change of language, of the reading (a
teacher's view) or of the catalogues (``pokelab.words.generation``) renders it all again.

>>> log = ShownLog()
>>> entries = [{"text": "a"}, {"text": "b"}]
>>> log.lines(entries, ("en",), lambda e: e["text"].upper())
['A', 'B']
>>> entries.append({"text": "c"}); log.lines(entries, ("en",), lambda e: e["text"])  # only the new one is shown anew
['A', 'B', 'c']
>>> log.lines(entries, ("zh",), lambda e: None if e["text"] == "b" else e["text"])  # another reading: all again
['a', 'c']
>>> log.lines(entries, ("en",), lambda e: 1 / 0)  # a line that cannot be shown fails as it did
Traceback (most recent call last):
...
ZeroDivisionError: division by zero
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from pokelab.words import Text, generation
from widgets._words import Said, shown

__all__ = ["ShownLog", "log_line"]


class ShownLog:
    """The rendered lines of a board's log for one reading, kept between publishes."""

    def __init__(self) -> None:
        self._reading: tuple[Any, ...] | None = None
        self._entries: list[Any] = []  # the entries the lines were made from (compared by identity)
        self._lines: list[Any] = []

    def lines(self, entries: Sequence[Any], reading: tuple[Hashable, ...], show: Callable[[Any], Any]) -> list[Any]:
        """Each entry shown by ``show`` for ``reading`` (its language, …), an entry shown as None left out.

        Only entries not shown before for this reading are passed to ``show``.
        """
        reading = (generation(), *reading)
        if reading != self._reading:
            self._reading, self._entries, self._lines = reading, [], []
        kept, done = 0, min(len(entries), len(self._entries))
        while kept < done and entries[kept] is self._entries[kept]:
            kept += 1
        del self._entries[kept:], self._lines[kept:]
        for entry in entries[kept:]:
            line = show(entry)
            self._entries.append(entry)
            self._lines.append(line)
        return [line for line in self._lines if line is not None]


def log_line(entry: Mapping[str, Any], who: str, text: Text | Said | str | None, lang: str) -> dict[str, Any]:
    """One log entry as the page receives it: its public keys, ``who`` moved and ``text`` in ``lang`` (``_`` keys stay private).

    >>> from pokelab.words import _
    >>> log_line({"seat": 1, "bot": True, "_teacher": "x"}, "Bo", _("Pass"), "zh")
    {'seat': 1, 'bot': True, 'who': 'Bo', 'text': '跳过'}
    >>> log_line({"seat": 1}, "Bo", _("Pass"), "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    return {**{k: v for k, v in entry.items() if k[0] != "_"}, "who": who, "text": shown(text, lang)}
