"""A board sat at a shared table: the seat source a ``Board`` gets from ``join`` instead of a game of its own.

``SplendorBoard.join(code, name=...)`` (any board's ``join``) makes the game's own board class draw one
seat of a table of the class database: its ``TableSeat`` (``widgets.board.table``) holds only what
``Table.view(seat)`` gives that seat, the board never holds the game's state, and the page speaks the
board's one message protocol. ``AtTable`` is the half of ``Board`` that does it (``widgets.board.base``
is the other: the board's own game).

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> from widgets.splendor.board import SplendorBoard
>>> store = ClassStore.connect("sqlite://")
>>> join_code = store.create_class("7B")[0]
>>> code = Tables(store).create_table(join_code, "splendor", bots={1: "greedy"}, seed=2)
>>> board = SplendorBoard.join(code, name="Ash", join_code=join_code, store=store, poll_seconds=0)
>>> board.at_table, board.seat, board.view["seats"][1]["bot"]
(True, 0, 'greedy')
>>> board.state
Traceback (most recent call last):
...
ValueError: a seat at a shared table never holds the game's state: board.view is what it sees
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

import anywidget

from pokelab.core.registry import get_game
from pokelab.words import check_lang
from widgets._words import Said
from widgets.board.log import log_line
from widgets.board.messages import view_flags
from widgets.board.table import TableSeat, seat_at_table
from widgets.board.table_log import TableLog

__all__ = ["AtTable", "named_players"]


def named_players(observation: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    """A table seat's observation with the names the pupils sat down with (the game was dealt before they came).

    >>> named_players({"players": [{"name": "Player 1"}, {"name": "Player 2"}]}, ["Ann", "Bo"])["players"]
    [{'name': 'Ann'}, {'name': 'Bo'}]
    """
    players = [{**p, "name": names[i]} for i, p in enumerate(observation["players"])]
    return {**observation, "players": players}


class AtTable:
    """The table half of ``Board``: ``join`` and what a board does when its seats come from a ``TableSeat``.

    ``_source`` is the seat (``None`` for a board with a game of its own); a game's board draws a table
    seat through two hooks, ``_table_view(seen, names)`` and ``_table_move(move)``.
    """

    _source: TableSeat | None = None

    @classmethod
    def join(cls, table_code: str, seat: int | None = None, *, lang: str = "en", **options: Any) -> Any:
        """Sit at (or rejoin) a shared table of the class database: this game's board of that seat only.

        ``options``: ``name=`` (sit down), ``token=`` (rejoin), ``join_code=``, ``store=``,
        ``poll_seconds=`` (see ``widgets.board.table.seat_at_table``). The board draws only
        what ``Table.view(seat)`` gives the seat; it never holds the game's state.
        """
        rules = getattr(cls, "game_class", None)
        source = seat_at_table(rules.name if rules is not None else None, table_code, seat, lang=lang, **options)
        board = cls.__new__(cls)
        AtTable._sit(board, source, lang)
        return board

    def _sit(self, source: TableSeat, lang: str) -> None:
        """Make this board a seat of a shared table: its seats, names and moves come from ``source``."""
        check_lang(lang)
        source.fetch(force=True)
        self._begin(get_game(source.game), names=source.names(lang), bots={}, human=source.seat, state=None,
                    options={}, source=source)
        self._table_log = TableLog()
        anywidget.AnyWidget.__init__(self, lang=lang, bot_delay=0)
        self._listen()
        self._seated()
        self._ready = True
        self._publish()
        source.start(self.refresh, alive=lambda: self.comm is not None)

    def _seated(self) -> None:
        """A subclass's own set-up for a board at a table (its ``__init__`` does not run there)."""

    @property
    def at_table(self) -> bool:
        """Whether this board is a seat at a shared table (``join``) rather than a game of its own."""
        return self._source is not None

    @property
    def seat_source(self) -> TableSeat:
        """The shared table's seat this board plays (``ValueError`` for a board with a game of its own)."""
        if self._source is None:
            raise ValueError("this board plays a game of its own, not a seat at a shared table: see Board.join")
        return self._source

    @property
    def seat(self) -> int:
        """The seat this board plays at its table (``ValueError`` off a table)."""
        return self.seat_source.seat

    @property
    def token(self) -> str:
        """The seat token: ``join(code, token=...)`` on any device rejoins this seat (``ValueError`` off a table)."""
        return self.seat_source.token

    @property
    def table(self) -> Any:
        """The ``pokelab.tables`` table this board's seat is at (``ValueError`` off a table)."""
        return self.seat_source.table

    def refresh(self, *, force: bool = False) -> bool:
        """At a table: fetch this seat's view if the table changed (or ``force``); ``True`` when it was redrawn."""
        source = self.seat_source
        with source.locked():
            if not source.fetch(force=force):
                return False
            self._publish()
            return True

    def _table_handlers(self, source: TableSeat) -> dict[str, Any]:
        """The messages only a table answers (``TableSeat.handlers``), each followed by the table as it now is."""

        def then_refresh(handler: Any) -> Any:
            def handle(content: Mapping[str, Any]) -> Any:
                try:
                    return handler(content)
                finally:
                    self.refresh(force=True)

            return handle

        return {kind: then_refresh(handler) for kind, handler in source.handlers().items()}

    def _message_lock(self) -> Any:
        """At a table, the seat's lock (the poll thread redraws too); a board of its own needs none."""
        return self._source.locked() if self._source is not None else contextlib.nullcontext()

    def _publish_seat(self, source: TableSeat) -> None:
        """Send a table seat's view (``_table_view``), the table's flags and its move log in one batch."""
        seen = source.last
        lang = self.lang
        self._names = names = source.names(lang)
        bots = source.bots()
        view = self._table_view(seen, names)
        view.update(
            revision=seen["revision"],
            **view_flags(source.to_move(), human=source.seat, names=names, bots=bots, failure=None, lang=lang, page_steps=False),
            table=source.info(),
        )
        entries = self._table_log.entries(seen["moves"], self._table_move)
        with self.hold_sync():
            self.view = view
            self.revision = seen["revision"]
            self.log = self._shown_log.lines(entries, (lang, *names), lambda e: log_line(e, names[e["seat"]], e["text"], lang))
            self.can_undo = source.can_undo()

    def _table_view(self, seen: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
        """The page's view of a table seat (``Table.view``'s ``seen``): the game's generic drawing, its observation and moves as text."""
        return {"game": self._game.name, "observation": seen["observation"], "legal": list(seen["legal"]), "draw": False}

    def _table_move(self, move: Mapping[str, Any]) -> Any:
        """A table move (``Table.moves(seat)``'s dict) as this seat's log text, or ``None`` to leave it out."""
        game = self._game
        action = game.parse_action(move["action"])
        return Said(lambda lang: game.describe(action, lang))
