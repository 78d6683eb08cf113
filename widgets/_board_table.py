"""A board of one seat at a shared table of the class database (issue 19): the device is the seat.

``SplendorBoard.join(code, seat, name=...)`` / ``HereComesBoard.join(...)`` return a
``TableBoard``: the same page (the game's ES module) drawing only what
``Table.view(seat)`` gives that seat — its observation and its view of the move
log (``Table.moves(seat)``: another seat's face-down choices show ``?``), never the
game state or the full record, so another seat's hidden cards are never in this
kernel's board. A move goes to ``Table.play`` with
the revision it was chosen on; a move made on a stale view is refused with the
store's message and the board refreshes. A background thread polls
``Table.revision()`` every ``poll_seconds`` (0.3 s) and redraws when another
device moved, until the widget is closed.

Messages from the page (``{"type": ...}``): ``intent`` (a move, as on the game's
own board), ``undo`` (ask the others to agree), ``undo_answer`` (``yes``),
``hand_to_bot`` (``seat``: the table's creator lets a bot play an idle seat),
``set_lang``, ``refresh``; ``step`` only refreshes (bots move in the store).

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> store = ClassStore.connect("sqlite://")
>>> tables = Tables(store)
>>> join_code = store.create_class("7B")[0]
>>> code = tables.create_table(join_code, "splendor", bots={1: "greedy"}, seed=2)
>>> board = join_table("splendor", code, name="Ash", join_code=join_code, store=store, poll_seconds=0)
>>> board.seat, board.view["table"]["code"] == code, board.view["human"]
(0, True, 0)
>>> join_table("herecomes", code, name="Misty", store=store, poll_seconds=0)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: table ... is a splendor table, not herecomes
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

import anywidget
import traitlets

from pokelab.bots import bot_title
from pokelab.classroom import ClassAccessError, ClassroomError, check_name
from pokelab.core.registry import get_game
from pokelab.errors import BilingualError, IllegalAction
from pokelab.tables import table_store, tables_at
from pokelab.words import _, check_lang
from widgets._board_errors import BadIntent, _require, _short
from widgets._board_messages import checked_lang

__all__ = ["TableBoard", "join_table", "takeover_bot"]

log = logging.getLogger(__name__)


#: Each game's seat board, by game name. ``widgets._board_table_games`` writes its two in when the
#: ``widgets`` package loads: the seat boards borrow the game boards' pages, and the game boards'
#: ``join`` comes here, so the registry (not an import back) keeps the modules in one direction.
BOARDS: dict[str, type[TableBoard]] = {}


def takeover_bot(game: str) -> str:
    """The bot that takes over an idle seat of ``game``: the game's ``default_bot``.

    >>> takeover_bot("splendor"), takeover_bot("herecomes")
    ('greedy', 'heuristic')
    """
    return get_game(game).default_bot


class TableBoard(anywidget.AnyWidget):
    """One seat's board at a shared table (see the module docstring); made by ``join_table``."""

    game: str = ""
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    log = traitlets.List().tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)
    bot_delay = traitlets.Int(0).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)

    def __init__(self, table: Any, seat: int, token: str, *, lang: str = "en", poll_seconds: float = 0.3) -> None:
        check_lang(lang)
        self._table = table
        self._seat = seat
        self._token = token
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._last: dict[str, Any] = {}
        self._changed_at = time.monotonic()
        self._idle: list[int] = []
        self._errors = 0
        self._shown_error: Any = None
        super().__init__(lang=lang)
        self.on_msg(lambda _w, content, _b: self.handle_message(content))
        self.observe(self._on_lang, names="lang")
        self.refresh(force=True)
        self._thread: threading.Thread | None = None
        if poll_seconds > 0:
            self._thread = threading.Thread(
                target=self._poll, args=(poll_seconds,), daemon=True, name=f"pokelab-table-{table.code}"
            )
            self._thread.start()

    # ------------------------------------------------------------ public API
    @property
    def table(self) -> Any:
        """The ``pokelab.tables.table.Table`` this board plays at."""
        return self._table

    @property
    def seat(self) -> int:
        """The seat this device plays (0 is the first)."""
        return self._seat

    @property
    def token(self) -> str:
        """The seat token: ``join(code, token=...)`` on any device rejoins this seat."""
        return self._token

    def refresh(self, *, force: bool = False) -> bool:
        """Fetch this seat's view if the table changed (or ``force``); ``True`` when it was redrawn."""
        with self._lock:
            if not force and self._last and self._table.revision() == self._last["revision"]:
                return self._update_idle()
            view = self._table.view(self._seat, token=self._token)
            if view["revision"] != self._last.get("revision"):
                self._changed_at = time.monotonic()
            self._last = view
            self._moves = view["moves"]  # this seat's view of the moves: others' face-down choices are "?"
            self._update_idle(publish=False)
            self._publish()
            return True

    def play(self, action: Any) -> int:
        """Play ``action`` (engine action or its text) for this seat on the view shown; return the new revision.

        ``StaleRevision`` when another device moved first (the board is refreshed),
        ``IllegalAction`` with the rule when the engine refuses it.
        """
        with self._lock:
            try:
                return self._table.play(self._seat, action, self._last["revision"], token=self._token)
            finally:
                self.refresh(force=True)

    def close(self) -> None:
        """Stop polling and close the widget."""
        self._stop.set()
        super().close()

    def handle_message(self, content: Any) -> dict[str, Any]:
        """Answer one page message and return the reply (never raises); see the module docstring."""
        started = time.perf_counter()
        msg_id = content.get("id") if isinstance(content, Mapping) else None
        try:
            if not isinstance(content, Mapping):
                raise BadIntent(_('a message must be an object, not {type}', type=type(content).__name__))
            kind = content.get("type")
            handler = {
                "intent": self._msg_intent,
                "undo": lambda _c: self._table.request_undo(self._seat, token=self._token),
                "undo_answer": lambda c: self._table.answer_undo(self._seat, _require(c, "yes", bool), token=self._token),
                "hand_to_bot": self._msg_hand_to_bot,
                "set_lang": self._msg_set_lang,
                "refresh": lambda _c: None,
                "step": lambda _c: self._table.advance(),
            }.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise BadIntent(_('a shared table cannot do {kind}', kind=_short(kind)))
            with self._lock, self.hold_sync():  # a language and the view it words arrive together
                handler(content)
                self._set_error(None)
                self.refresh(force=True)
            reply = {"type": "reply", "id": msg_id, "ok": True, "error": None}
        except (IllegalAction, BilingualError, ClassAccessError) as err:
            reply = {"type": "reply", "id": msg_id, "ok": False, "error": self._reject(err)}
            self._safe_refresh()
        except Exception as err:  # the database went away, a bug: say so, keep the page alive
            log.debug("table message %r failed", content, exc_info=True)
            reply = {"type": "reply", "id": msg_id, "ok": False, "error": self._reject(BadIntent(
                _('the table could not handle that ({type}); try again', type=type(err).__name__)))}
        reply["kernel_ms"] = round((time.perf_counter() - started) * 1000, 3)
        self.send(reply)
        return reply

    # ------------------------------------------------------------- messages
    def _msg_intent(self, content: Mapping[str, Any]) -> None:
        action = self._parse_intent(content.get("action"))
        self._table.play(self._seat, action, self._last["revision"], token=self._token)

    def _msg_hand_to_bot(self, content: Mapping[str, Any]) -> None:
        seat = _require(content, "seat", int)
        self._table.hand_to_bot(seat, takeover_bot(self.game), creator_token=self._token)

    def _msg_set_lang(self, content: Mapping[str, Any]) -> None:
        self.lang = checked_lang(_require(content, "lang", str))

    def _on_lang(self, _change: Mapping[str, Any]) -> None:
        with self.hold_sync():
            self._publish()
            if self._shown_error is not None and self.error:
                self.error = {**self._error_payload(self._shown_error), "n": self.error.get("n", self._errors)}

    def _safe_refresh(self) -> None:
        try:
            self.refresh(force=True)
        except Exception:
            log.debug("table refresh failed", exc_info=True)

    def _error_payload(self, err: Any) -> dict[str, Any]:
        """The error as the page shows it: its rule ID (if any) and the reason in ``lang``."""
        return {"rule": getattr(err, "rule", None), "text": err.message(self.lang)}

    def _reject(self, err: Any) -> dict[str, Any]:
        self._errors += 1
        self._shown_error = err
        payload = {**self._error_payload(err), "n": self._errors}
        self.error = payload
        return payload

    def _set_error(self, err: Any) -> None:
        if err is None:
            self._shown_error = None
            if self.error:
                self.error = {}

    # -------------------------------------------------------------- polling
    def _poll(self, every: float) -> None:
        while not self._stop.wait(every):
            if self.comm is None:  # the page closed the widget
                return
            try:
                self.refresh()
            except Exception:  # the database is away for a moment: keep polling
                log.debug("table poll failed", exc_info=True)

    def _update_idle(self, *, publish: bool = True) -> bool:
        """The seats the creator may hand to a bot now (free seats, or a seat idle past ``idle_seconds``)."""
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
        if publish:
            self._publish()
        return True

    # -------------------------------------------------------------- drawing
    def _names(self) -> list[str]:
        """Each seat's name as the page shows it: a bot by its title in the board's language, a free seat by its number."""
        v = self._last
        return [
            bot_title(bot, self.lang) if bot else name or _("Seat {seat}", seat=i + 1).render(self.lang)
            for i, (name, bot) in enumerate(zip(v["names"], v["bots"], strict=True))
        ]

    def _publish(self) -> None:
        """Send this seat's view, the log and the flags to the page in one batch."""
        v = self._last
        if not v:
            return
        names = self._names()
        view = self._board_view(v, names)
        to_move = [s for s in v["to_move"] if v["bots"][s] is None] or v["to_move"]
        undo = _undo_info(v.get("pending_undo"))
        view.update(
            revision=v["revision"],
            to_move=to_move[0] if to_move and not v["finished"] else None,
            over=bool(v["finished"]),
            human=self._seat,
            humans=[s for s, bot in enumerate(v["bots"]) if not bot],
            bot_to_move=False,
            bot_failure=None,
            seats=[
                {"seat": i, "name": n, "bot": b, "bot_title": bot_title(b, self.lang) if b else None}
                for i, (n, b) in enumerate(zip(names, v["bots"], strict=True))
            ],
            table={"code": v["code"], "seat": self._seat, "token": self._token, "creator": v.get("creator"),
                   "pending_undo": undo, "idle": list(self._idle), "scores": v["scores"]},
        )
        with self.hold_sync():
            self.view = view
            self.revision = v["revision"]
            self.log = self._log_entries(names)
            self.can_undo = undo is None and not v["finished"] and any(
                m["seat"] == self._seat and m["kind"] == "human" for m in self._moves)

    # ---------------------------------------------------------------- hooks
    def _board_view(self, v: Mapping[str, Any], names: list[str]) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def _parse_intent(self, action: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _log_entries(self, names: list[str]) -> list[dict[str, Any]]:  # pragma: no cover
        raise NotImplementedError


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


def join_table(
    game: str,
    table_code: str,
    seat: int | None = None,
    *,
    name: str | None = None,
    token: str | None = None,
    join_code: str | None = None,
    store: Any = None,
    lang: str = "en",
    poll_seconds: float = 0.3,
) -> TableBoard:
    """Sit down at (``name``, a free ``seat`` or the first free one) or rejoin (``token``) a table; its board.

    Sitting down needs the ``join_code`` of the table's class (``ClassAccessError`` without it,
    or with another class's); rejoining needs only the seat token.

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
    if table.game != game:
        raise ClassroomError(_("table {code} is a {game} table, not {wanted}", code=table.code, game=table.game, wanted=game))
    if token is not None:
        found = table.rejoin(token)
        if seat is not None and seat != found:
            raise ClassroomError(_("that seat token belongs to seat {found}, not seat {seat}", found=found + 1, seat=seat + 1))
        seat = found
    else:
        if name is None or not str(name).strip():
            raise ClassroomError(_('say your name to sit at the table (name=...)'))
        if seat is None:
            seat, token = _first_free_seat(table, name, join_code)
        else:
            token = table.sit(seat, name, join_code=join_code)
    return BOARDS[game](table, seat, token, lang=lang, poll_seconds=poll_seconds)


def _first_free_seat(table: Any, name: str, join_code: str | None) -> tuple[int, str]:
    """Sit in the first seat that is free; ``ClassroomError`` when every seat is taken or a bot's."""
    check_name(name, what="group")
    for seat in range(table.players):
        try:
            return seat, table.sit(seat, name, join_code=join_code)
        except ClassroomError:
            continue
    raise ClassroomError(_('table {code} has no free seat: rejoin with your seat token', code=table.code))
