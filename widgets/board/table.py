"""A seat at a shared table of the class database as a board's seat source (issue 19): the device is the seat.

``SplendorBoard.join(code, seat, name=...)`` / ``HereComesBoard.join(...)`` (any game's
board: ``Board.join``) return a board of the game's own class whose seats come from a
``TableSeat`` instead of its own game: it draws only what ``Table.view(seat)`` gives that
seat — its observation and its view of the move log (``Table.moves(seat)``: another
seat's face-down choices show ``?``), never the game state or the full record, so
another seat's hidden cards are never in this kernel's board. A move goes to
``Table.play`` with the revision it was chosen on; a move made on a stale view is
refused with the store's message and the board refreshes. A background thread polls
``Table.revision()`` every ``poll_seconds`` (0.3 s) and redraws when another device
moved, until the widget is closed.

The page speaks the board's one message protocol (``widgets.board.messages``); at a
table ``undo`` asks the others to agree, ``step`` lets the store move its bots,
``new_game`` is refused, and three more messages exist: ``undo_answer`` (``yes``),
``hand_to_bot`` (``seat``: the table's creator lets a bot play an idle seat) and
``refresh``.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> from widgets.splendor.board import SplendorBoard
>>> store = ClassStore.connect("sqlite://")
>>> tables = Tables(store)
>>> join_code = store.create_class("7B")[0]
>>> code = tables.create_table(join_code, "splendor", bots={1: "greedy"}, seed=2)
>>> board = SplendorBoard.join(code, name="Ash", join_code=join_code, store=store, poll_seconds=0)
>>> type(board).__name__, board.seat, board.view["table"]["code"] == code, board.view["human"]
('SplendorBoard', 0, True, 0)
>>> from widgets.herecomes.board import HereComesBoard
>>> HereComesBoard.join(code, name="Misty", store=store, poll_seconds=0)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: table ... is a splendor table, not herecomes
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from pokelab.bots import bot_title
from pokelab.classroom import ClassroomError, check_name
from pokelab.core.registry import get_game
from pokelab.core.texts import default_name
from pokelab.tables import table_store, tables_at
from pokelab.words import _, check_lang
from widgets.board.errors import BadIntent, _require, _short

__all__ = ["TableSeat", "refuse_draw_at_table", "seat_at_table", "takeover_bot"]

log = logging.getLogger(__name__)

#: How long a page message or a poll waits for the seat's lock before it says the table is busy.
LOCK_SECONDS = 30.0


def takeover_bot(game: str) -> str:
    """The bot that takes over an idle seat of ``game``: the game's ``default_bot``.

    >>> takeover_bot("splendor"), takeover_bot("herecomes")
    ('greedy', 'heuristic')
    """
    return get_game(game).default_bot


class TableSeat:
    """One seat at a shared table: the seat's last view, its moves, and what the page may ask of the table.

    A board made by ``Board.join`` draws from ``last`` and sends its moves through ``play``;
    ``lock`` serialises the page's messages with the polling thread (``start``).
    """

    def __init__(self, table: Any, seat: int, token: str, *, poll_seconds: float = 0.3, hub: bool = False) -> None:
        if poll_seconds < 0:
            raise ValueError(f"poll_seconds must be ≥ 0, not {poll_seconds}")
        self._hub = hub  # the seat is the hub login's: the page shows no seat token
        self._table = table
        self._seat = seat
        self._token = token
        self._poll_seconds = poll_seconds
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last: dict[str, Any] = {}
        self._changed_at = time.monotonic()
        self._idle: list[int] = []

    # ------------------------------------------------------------ what it is
    @property
    def table(self) -> Any:
        """The ``pokelab.tables.table.Table`` (or ``RemoteTable``) of this seat."""
        return self._table

    @property
    def seat(self) -> int:
        """The seat this device plays (0 is the first)."""
        return self._seat

    @property
    def token(self) -> str:
        """The seat token: ``join(code, token=...)`` on any device rejoins this seat."""
        return self._token

    @property
    def game(self) -> str:
        """The name of the game the table plays."""
        return str(self._table.game)

    @property
    def last(self) -> Mapping[str, Any]:
        """The seat's view as last fetched (``Table.view``'s dict)."""
        return self._last

    def locked(self) -> Any:
        """The seat's lock, taken within ``LOCK_SECONDS`` (else ``ClassroomError``: the table is busy)."""
        return _Held(self._lock)

    # ------------------------------------------------------------ reading
    def fetch(self, *, force: bool = False) -> bool:
        """Fetch the seat's view if the table changed (or ``force``); ``True`` when the page must be redrawn."""
        with self.locked():
            if not force and self._last and self._table.revision() == self._last["revision"]:
                return self._update_idle()
            view = self._table.view(self._seat, token=self._token)
            if view["revision"] != self._last.get("revision"):
                self._changed_at = time.monotonic()
            self._last = view
            self._update_idle()
            return True

    def names(self, lang: str) -> list[str]:
        """Each seat's name as the board shows it: a bot by its title in ``lang``, a free seat as "Player N"."""
        v = self._last
        return [
            bot_title(bot, lang) if bot else name or default_name(seat)
            for seat, (name, bot) in enumerate(zip(v["names"], v["bots"], strict=True))
        ]

    def bots(self) -> dict[int, str]:
        """The seats the table's bots play: seat -> bot name."""
        return {seat: bot for seat, bot in enumerate(self._last["bots"]) if bot}

    def to_move(self) -> int | None:
        """The seat the page waits for: the first person to act, else the first bot; ``None`` once finished."""
        v = self._last
        if v["finished"]:
            return None
        people = [s for s in v["to_move"] if not v["bots"][s]]
        return (people or list(v["to_move"]) or [None])[0]

    def can_undo(self) -> bool:
        """Whether this seat has a move of its own to ask the others to take back now."""
        v = self._last
        return (
            _undo_info(v.get("pending_undo")) is None
            and not v["finished"]
            and any(m["seat"] == self._seat and m["kind"] == "human" for m in v["moves"])
        )

    def info(self) -> dict[str, Any]:
        """The table's part of the page's view: its code, this seat and token, the creator, an undo request, idle seats, scores."""
        v = self._last
        return {
            "code": v["code"],
            "seat": self._seat,
            "token": None if self._hub else self._token,  # under a hub the login is the seat: no token to keep
            "creator": v.get("creator"),
            "pending_undo": _undo_info(v.get("pending_undo")),
            "idle": list(self._idle),
            "scores": v["scores"],
        }

    # ------------------------------------------------------------ asking the table
    def play(self, action: Any) -> int:
        """Play ``action`` (an engine action or its text) on the view shown; the table's new revision."""
        with self.locked():
            return self._table.play(self._seat, action, self._last["revision"], token=self._token)

    def ask_undo(self) -> None:
        """Ask the others to agree to take back this seat's last move."""
        self._table.request_undo(self._seat, token=self._token)

    def answer_undo(self, yes: bool) -> None:
        """Agree (``yes``) or not to another seat's undo request."""
        self._table.answer_undo(self._seat, yes, token=self._token)

    def hand_to_bot(self, seat: int) -> None:
        """As the table's creator, let the game's default bot play the idle ``seat``."""
        self._table.hand_to_bot(seat, takeover_bot(self.game), creator_token=self._token)

    def advance(self) -> None:
        """Let the store move the table's bots whose turn it is."""
        self._table.advance()

    def handlers(self) -> dict[str, Callable[[Mapping[str, Any]], Any]]:
        """The page messages only a table answers: ``undo_answer``, ``hand_to_bot``, ``refresh``."""
        return {
            "undo_answer": lambda c: self.answer_undo(_require(c, "yes", bool)),
            "hand_to_bot": lambda c: self.hand_to_bot(_require(c, "seat", int)),
            "refresh": lambda _c: None,
        }

    # ------------------------------------------------------------ polling
    def start(self, changed: Callable[[], None], alive: Callable[[], bool]) -> None:
        """Call ``changed()`` every ``poll_seconds`` while ``alive()`` (a thread; none when ``poll_seconds`` is 0)."""
        if self._poll_seconds <= 0 or self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._poll, args=(changed, alive), daemon=True, name=f"pokelab-table-{self._table.code}"
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop polling."""
        self._stop.set()

    def _poll(self, changed: Callable[[], None], alive: Callable[[], bool]) -> None:
        while not self._stop.wait(self._poll_seconds):
            if not alive():  # the page closed the widget
                return
            try:
                changed()
            except Exception:  # the database is away for a moment: keep polling
                log.debug("table poll failed", exc_info=True)

    def _update_idle(self) -> bool:
        """The seats the creator may hand to a bot now (free seats, or a seat idle past ``idle_seconds``); whether they changed."""
        v = self._last
        idle: list[int] = []
        if v.get("creator") == self._seat and not v.get("finished"):
            quiet = time.monotonic() - self._changed_at >= float(v.get("idle_seconds") or 120)
            for seat, (name, bot) in enumerate(zip(v["names"], v["bots"], strict=True)):
                if seat != self._seat and not bot and (name is None or (quiet and seat in v["to_move"])):
                    idle.append(seat)
        if idle == self._idle:
            return False
        self._idle = idle
        return True


class _Held:
    """A lock taken within ``LOCK_SECONDS``, else ``ClassroomError`` (another message or poll is still at the table)."""

    def __init__(self, lock: Any) -> None:
        self._lock = lock

    def __enter__(self) -> None:
        if not self._lock.acquire(timeout=LOCK_SECONDS):
            raise ClassroomError(_("the table is busy; try again"))

    def __exit__(self, *_exc: Any) -> None:
        self._lock.release()


def _undo_info(pending: Any) -> dict[str, Any] | None:
    """The store's undo request as the page reads it: ``{"asked_by": seat, "waiting": [seats]}``.

    >>> _undo_info({"seat": 1, "waiting": [0]})
    {'asked_by': 1, 'waiting': [0]}
    >>> _undo_info(None) is None
    True
    """
    if not pending:
        return None
    if not isinstance(pending, Mapping):
        raise ClassroomError(_('a damaged undo request: {pending}', pending=_short(pending)))
    asked = next((pending[k] for k in ("asked_by", "seat", "by") if k in pending), None)
    waiting = pending.get("waiting")
    if waiting is None:
        agreed = set(pending.get("agreed", pending.get("yes", [])))
        waiting = [s for s in pending.get("asked", []) if s not in agreed]
    return {"asked_by": asked, "waiting": list(waiting)}


def seat_at_table(
    game: str | None,
    table_code: str,
    seat: int | None = None,
    *,
    name: str | None = None,
    token: str | None = None,
    join_code: str | None = None,
    store: Any = None,
    lang: str = "en",
    poll_seconds: float = 0.3,
) -> TableSeat:
    """Sit down at (``name``, a free ``seat`` or the first free one) or rejoin (``token``) a table of ``game`` (``None``: any).

    Sitting down needs the ``join_code`` of the table's class (``ClassAccessError`` without it,
    or with another class's); rejoining needs only the seat token. Under a JupyterHub (the store
    is the hub's class service, ``RemoteTables.hub``) the pupil is their hub login: no name, join
    code or token (sitting again where the login sits rejoins that seat).

    ``store``: where the tables are (``Tables``, ``RemoteTables`` or a ``ClassStore``); by default
    the table server at ``POKELAB_TABLES_URL`` when set (``table_store``), else
    the class database the class pages use (``POKELAB_CLASS_DB``
    or the default SQLite file). ``ClassroomError`` (in every language) for an
    unknown table, a table of the other game, a taken seat or no name;
    ``ClassAccessError`` for a wrong seat token.
    """
    check_lang(lang)
    store = table_store() if store is None else tables_at(store)
    table = store.table(table_code)
    if game is not None and table.game != game:
        raise ClassroomError(_("table {code} is a {game} table, not {wanted}", code=table.code, game=table.game, wanted=game))
    if token is not None:
        found = table.rejoin(token)
        if seat is not None and seat != found:
            raise ClassroomError(_("that seat token belongs to seat {found}, not seat {seat}", found=found + 1, seat=seat + 1))
        seat = found
    elif getattr(store, "hub", False):  # under a JupyterHub the seat is the hub login's: no name, no join code
        token = table.sit(seat)
        seat = table.my_seat
    else:
        if name is None or not str(name).strip():
            raise ClassroomError(_('say your name to sit at the table (name=...)'))
        if seat is None:
            seat, token = _first_free_seat(table, name, join_code)
        else:
            token = table.sit(seat, name, join_code=join_code)
    return TableSeat(table, seat, token, poll_seconds=poll_seconds, hub=bool(getattr(store, "hub", False)))


def _first_free_seat(table: Any, name: str, join_code: str | None) -> tuple[int, str]:
    """Sit in the first seat that is free; ``ClassroomError`` when every seat is taken or a bot's."""
    check_name(name, what="group")
    for seat in range(table.players):
        try:
            return seat, table.sit(seat, name, join_code=join_code)
        except ClassroomError:
            continue
    raise ClassroomError(_('table {code} has no free seat: rejoin with your seat token', code=table.code))


def refuse_draw_at_table() -> Any:
    """The refusal of a draw asked for by a page at a table (the table draws its tokens itself).

    >>> refuse_draw_at_table()
    Traceback (most recent call last):
    ...
    widgets.board.errors.BadIntent: at a shared table the tokens are drawn by the table itself
    """
    raise BadIntent(_('at a shared table the tokens are drawn by the table itself'))
