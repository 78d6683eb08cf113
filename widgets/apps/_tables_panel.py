"""The teacher dashboard's list of the class's shared game tables (issue 19): players, scores, progress.

``TablesPanel.poll(join_code, teacher_key)`` reads ``Tables.listing`` and redraws
its HTML only when a table changed; the dashboard calls it from its own polling.
Below the tables it says how many unknown table codes were tried on the class
database (issue 29: a guesser shows up here and in the store's log).

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> store = ClassStore.connect("sqlite://")
>>> tables = Tables(store)
>>> code, key = store.create_class("7B")
>>> panel = TablesPanel(store, "en")
>>> panel.poll(code, key), "No shared tables yet" in panel.html.value
(True, True)
>>> table = tables.create_table(code, "herecomes", bots={1: "heuristic"}, seed=3)
>>> _ = tables.table(table).sit(0, "Ash", join_code=code)
>>> panel.poll(code, key), "Ash" in panel.html.value, panel.poll(code, key)
(True, True, False)
>>> try:
...     tables.table("ZZZZZZ")
... except Exception:
...     pass
>>> panel.poll(code, key), "1 unknown table code was tried" in panel.html.value
(True, True)
>>> TablesPanel(store, "fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from pokelab.tables import tables_at
from pokelab.words import Text, _, _n, _p, check_lang
from widgets._words import labels_in

__all__ = ["TablesPanel"]

#: key -> catalogue text (rendered in the page's language by ````)
TEXT: dict[str, Text] = {
    'head': _('Shared game tables'),
    'none': _('No shared tables yet: pupils create them on the “Play a classmate” page.'),
    'table': _('Table'),
    'game': _('Game'),
    'players': _('Players (score)'),
    'moves': _p('panel moves', 'Moves'),
    'state': _('State'),
    'last': _('Last move (UTC)'),
    'splendor': _('Splendor'),
    'herecomes': _('Here Comes'),
    'free': _('free seat'),
    'bot': _('bot'),
    'finished': _('finished'),
    'playing': _('playing'),

}


class TablesPanel:
    """An HTML panel (``.html``) listing the class's tables; ``poll`` redraws it when one changed."""

    def __init__(self, store: Any, lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.tables = tables_at(store)  # the class database's tables, or a hub's class service (its teacher's login)
        self.html = w.HTML()
        self.html.add_class("pk-tables")
        self._rows: list[dict[str, Any]] | None = None
        self._guesses = 0

    def poll(self, join_code: str, teacher_key: str) -> bool:
        """Read the class's tables; redraw and return ``True`` when anything changed."""
        rows = self.tables.listing(join_code, teacher_key).to_dict("records")
        # a count the class database keeps; a hub's class service logs its refusals in its own log instead
        guesses = 0 if getattr(self.tables, "hub", False) else self.tables.unknown_codes(join_code, teacher_key)
        if rows == self._rows and guesses == self._guesses:
            return False
        self._rows, self._guesses = rows, guesses
        self.refresh()
        return True

    def set_lang(self, lang: str) -> None:
        """Relabel the panel in ``lang``."""
        self.lang = check_lang(lang)
        self.refresh()

    def refresh(self) -> None:
        """Redraw the panel from the tables read last."""
        words = labels_in(TEXT, self.lang)
        head = f"<h3 style='margin:0.6em 0 0.2em 0'>{html.escape(words['head'])}</h3>"
        if self._rows is None:
            self.html.value = ""
            return
        guesses = ""
        if self._guesses:
            said = _n("{count} unknown table code was tried on this class database (someone may be guessing codes)",
                      "{count} unknown table codes were tried on this class database (someone may be guessing codes)",
                      self._guesses, count=self._guesses).render(self.lang)
            guesses = f"<p data-testid='table-guesses'>{html.escape(said)}</p>"
        if not self._rows:
            self.html.value = head + f"<p>{html.escape(words['none'])}</p>" + guesses
            return
        cols = ("table", "game", "players", "moves", "state", "last")
        header = "".join(f"<th scope='col' style='text-align:left;padding:2px 8px'>{html.escape(words[c])}</th>"
                         for c in cols)
        body = "".join(self._row(r, words) for r in self._rows)
        self.html.value = (head + "<table data-testid='tables' style='border-collapse:collapse'>"
                           f"<thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>" + guesses)

    @staticmethod
    def _row(r: dict[str, Any], words: dict[str, str]) -> str:
        people = []
        for seat, (name, bot) in enumerate(zip(r["names"], r["bots"], strict=True)):
            score = r["scores"][seat] if seat < len(r["scores"]) else ""
            who = html.escape(name) if name else f"<i>{html.escape(words['free'])}</i>"
            tag = f" <small>({html.escape(words['bot'])})</small>" if bot else ""
            people.append(f"{seat + 1}. {who}{tag} <b>{score}</b>")
        last = r.get("last_move")
        last_text = "" if last is None else str(last)[:19].replace("T", " ")
        cells = (
            f"<code>{html.escape(r['table'])}</code>",
            html.escape(words.get(r["game"], r["game"])),
            "<br>".join(people),
            str(r.get("moves", "")),
            html.escape(words["finished" if r["finished"] else "playing"]),
            html.escape(last_text),
        )
        return "<tr>" + "".join(f"<td style='padding:2px 8px;vertical-align:top'>{c}</td>" for c in cells) + "</tr>"
