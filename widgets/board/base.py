"""The foundation of every game board: an anywidget that is a thin view of a game.

A board plays any game through ``pokelab.core.Game``, the protocol the
runner, the shared tables and the playouts use, stepped by the one
``pokelab.core.Stepper``: chance nodes are sampled from the game's explicit outcomes with
the board's seeded RNG (``chance_actor`` says who clicks "draw"), the bots of a
simultaneous step choose at once and face down, a bot of a sequential game
plays one visible turn per ``step`` message. The engine is the single source of
truth. The front end (an ES module beside the subclass) renders the ``view``
trait and sends the user's wishes as messages; Python checks them with the
engine and answers with a new ``view`` or with the reason in the chosen
language, never with a traceback.

The messages the front end sends, and the replies, are in ``widgets.board.messages``.

A subclass draws the game through three hooks: ``_make_view`` (the JSON the
front end draws), ``_parse_intent`` (a front-end payload to an engine action)
and ``_log_lines`` (a move as log text); see ``widgets.splendor.board.SplendorBoard``.

Every word a board sends is rendered in its ``lang`` when it is published: the
``error`` trait and the log are kept as catalogue texts and drawn again when the
language changes.

>>> BadIntent(_("unknown colour {colour}", colour="'pink'")).message("zh")
"未知的颜色 'pink'"
>>> BadIntent(_("the game is over")).message("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Mapping, MutableMapping
from typing import Any

import anywidget
import traitlets

from pokelab.core.game import Game
from pokelab.core.texts import seat_name
from pokelab.errors import ExplainedError, IllegalAction
from pokelab.words import _, check_lang, render
from widgets.board.bots import PlayedElsewhere, bot_label, resolve_bot, seat_bots
from widgets.board.errors import BadIntent, BotFailure, Refusals
from widgets.board.log import ShownLog, log_line
from widgets.board.messages import answer, page_handlers, view_flags
from widgets.board.own import OwnGame
from widgets.board.seated import AtTable
from widgets.board.turns import BotSeats, Snapshot, Turns

__all__ = ["Board"]

log = logging.getLogger(__name__)


class Board(OwnGame, AtTable, anywidget.AnyWidget):
    """Base class of the game boards (see the module docstring for the message protocol).

    ``game`` is the game (a ``pokelab.core.Game``; its ``name`` is its name in the bot
    registry), ``state`` its current state, ``options`` what ``game.new_game`` needs
    besides players and seed.
    Public Python API: ``state``, ``play(action)``, ``undo()``, ``new_game(seed)``,
    ``run_bots()``, ``bots`` (assign a seat to replace its bot), ``set_bot(seat, bot)``,
    ``bot_failure``, ``handle_message(content)``. The game is stepped by a ``Turns`` the
    board owns (``widgets.board.turns``); the board records the acts it gives back.
    """

    #: The JSON view the front end draws (built by ``_make_view``), with ``revision`` inside.
    view = traitlets.Dict().tag(sync=True)
    #: A language of ``pokelab.words.languages()`` (``"en"``, ``"zh"``, ...).
    lang = traitlets.Unicode("en").tag(sync=True)
    #: The last rejection: ``{"rule", "text", "n"}`` (``text`` in ``lang``); ``{}`` after a successful move.
    error = traitlets.Dict().tag(sync=True)
    #: The move log, oldest first: ``{"seat", "who", "bot", "text"}`` (``text`` in ``lang``).
    log = traitlets.List().tag(sync=True)
    #: The seed of the current game.
    seed = traitlets.Int(0).tag(sync=True)
    #: Bumped on every change of the game; stale ``step`` messages are ignored.
    revision = traitlets.Int(0).tag(sync=True)
    #: Milliseconds the front end waits before asking a bot to move (so each step is visible).
    bot_delay = traitlets.Int(450).tag(sync=True)
    #: Whether there is a human decision to go back to.
    can_undo = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        game: Game,
        state: Any,
        *,
        names: list[str],
        bots: Mapping[int, Any] | None = None,
        human: int | None = None,
        lang: str = "en",
        seed: int = 0,
        bot_delay: int = 450,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        check_lang(lang)
        if bot_delay < 0:
            raise ValueError(f"bot_delay must be ≥ 0 milliseconds, not {bot_delay}")
        seated, human = seat_bots(game.name, len(names), bots, human)
        self._begin(game, names=list(names), bots=seated, human=human, state=state, options=dict(options or {}))
        self._turns = Turns(game, self._bots, seed, names=self._names, blank=self._seat_text)
        super().__init__(lang=lang, seed=seed, bot_delay=bot_delay)
        self._listen()
        self.observe(lambda change: self._turns.reseed(change["new"]), names="seed")

    def _begin(
        self, game: Game, *, names: list[str], bots: dict[int, Any], human: int | None, state: Any,
        options: dict[str, Any], source: Any = None,
    ) -> None:
        """Set the fields every board has, with a game of its own or at a table (``AtTable._sit``): one list of them."""
        self._game = game
        self._options = options
        self._bots = bots
        self._names = names
        self._human = human
        self._state = state
        self._history: list[Snapshot] = []
        self._entries: list[dict[str, Any]] = []
        self._shown_log = ShownLog()  # the log's lines as last published, reused while they stand
        self._ply = 0
        self._failure: BotFailure | None = None
        self._refusals = Refusals()  # those shown in ``error`` (the last drawn again in a new language)
        self._decisions: dict[int, tuple[Any, Any]] = {}  # seat -> (state, action): a bot's last, for a teacher
        self._ready = False
        self._source = source  # a seat at a shared table (``join``, ``widgets.board.seated``), else the board's own game
        self._turns: Turns | None = None

    def _listen(self) -> None:
        """Answer the page's messages and redraw on a language switch (once the widget itself is made)."""
        self.on_msg(lambda _widget, content, _buffers: self.handle_message(content))
        self.observe(self._on_lang, names="lang")

    def _start(self) -> None:
        """Let the bots of the first step choose and show the board (subclasses call it last)."""
        self._ready = True
        self._settle_and_publish(raise_failure=False)

    # ----------------------------------------------------------------- hooks
    def _make_view(self, state: Any) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _parse_intent(self, action: Any) -> Any:  # pragma: no cover - abstract
        """Turn the front end's ``action`` payload into an engine action or raise BadIntent."""
        raise NotImplementedError

    def _log_lines(
        self, seat: int, action: Any, before: Any, after: Any
    ) -> list[dict[str, Any]]:  # pragma: no cover - abstract
        """The log entries of ``seat`` playing ``action``: ``{"text": Text or Said}`` (keys starting ``_`` stay private)."""
        raise NotImplementedError

    def _seat_text(self, text: str) -> str:
        """``text`` as the human's seat may see it (a game with hidden cards blanks the unknown ones)."""
        return text

    def _more_handlers(self) -> dict[str, Any]:
        """A subclass's extra message types (``type`` -> handler), e.g. pass-and-play's ``show_hand``."""
        return {}

    def close(self) -> None:
        """Stop a table seat's polling and close the widget."""
        source = self.__dict__.get("_source")
        if source is not None:
            source.stop()
        super().close()

    # ------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The game the board plays through (a ``pokelab.core.Game``)."""
        return self._game

    @property
    def state(self) -> Any:
        """The engine state shown on the board (a frozen value); a seat at a shared table has none (``ValueError``)."""
        if self._source is not None:
            raise ValueError("a seat at a shared table never holds the game's state: board.view is what it sees")
        return self._state

    @property
    def players(self) -> list[str]:
        """The players' names in seat order."""
        return list(self._names)

    @property
    def human(self) -> int:
        """The seat whose view the board shows and whose decisions undo goes back to."""
        return self._human

    @property
    def bots(self) -> MutableMapping[int, Any]:
        """Seat → bot object for the seats the computer plays; ``board.bots[1] = "greedy"`` replaces one."""
        return BotSeats(self._bots, self.set_bot)

    @property
    def bot_failure(self) -> BotFailure | None:
        """The bot failure that stopped the bots, or ``None``."""
        return self._failure

    def set_bot(self, seat: int, bot: Any) -> None:
        """Replace the bot of ``seat`` (a registered name or an object with ``choose``); clears a failure.

        ``ValueError`` when ``seat`` is not played by a bot.
        """
        if self._source is not None:
            raise BadIntent(_("at a shared table the table's creator hands idle seats to bots"))
        if seat not in self._bots:
            raise ValueError(f"seat {seat!r} is not played by a bot; bot seats are {sorted(self._bots)}")
        self._bots[seat] = resolve_bot(self._game.name, bot)
        self._failure = None
        self._set_error(None)
        self._publish()

    def play(self, action: Any) -> Any:
        """Apply ``action`` for a human seat and show it (raises ``IllegalAction``).

        When a bot is to move, ``BadIntent`` says so: ``run_bots()`` lets it move first. The
        bots of a simultaneous step then choose at once; if one fails, your move is
        kept and ``BotFailure`` says which bot failed and why. At a table the move goes
        to the table on the view shown (``StaleRevision`` when another device moved
        first; the board is refreshed either way) and the table's new revision is returned.
        """
        if self._source is not None:
            try:
                return self._source.play(action)
            finally:
                self.refresh(force=True)
        seat = self._turns.seat_of(self._state, action, self._human, len(self._names))
        if seat in self._bots:
            bot = bot_label(self._bots[seat])
            raise BadIntent(_("it is {name}'s turn (bot {bot}), not yours: the bots move first (run_bots() in code)",
                              name=seat_name(self._names[seat], seat), bot=bot))
        self._act(seat, action)
        self._set_error(None)
        self._settle_and_publish()

    def undo(self) -> bool:
        """Go back to before the human's last decision; ``False`` if there is none.

        At a table this asks the other seats to agree (``True``: asked).
        """
        if self._source is not None:
            self._source.ask_undo()
            self.refresh(force=True)
            return True
        if not self._history:
            return False
        snap = self._history.pop()
        self._state, self._ply = snap.state, snap.ply
        del self._entries[snap.log_len :]
        self._failure = None
        self._set_error(None)
        self._publish()
        return True

    def new_game(self, seed: int | None = None) -> None:
        """Start a fresh game with the same players and bots (``seed`` defaults to the next one)."""
        if self._source is not None:
            raise BadIntent(_("a shared table plays one game: its creator starts the next one"))
        if any(isinstance(bot, PlayedElsewhere) for bot in self._bots.values()):
            raise BadIntent(_("this board replays a league game: its bots play from their authors' notebooks, "
                              "so it deals no new game"))
        seed = self.seed + 1 if seed is None else seed
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be a whole number ≥ 0, not {seed!r}")
        state = self._game.new_game(self.players, seed, self._options)
        self._reset(state, seed)

    def run_bots(self, max_turns: int = 10_000) -> int:
        """Let the bots play until a human seat must act or the game ends; return bot turns.

        Raises ``BotFailure`` (the moves before it are kept) when a bot cannot move.
        At a table the store moves its bots (the number of turns is not known here: 0).
        """
        if self._source is not None:
            self._source.advance()
            self.refresh(force=True)
            return 0
        self._failure = None
        turns = 0
        try:
            while turns < max_turns:  # the bot the board waits for plays its turn, then what settles by itself
                seat = self._turns.to_move(self._state)
                if seat is None or seat not in self._bots:
                    break
                self._take(self._turns.bot_turn(self._state, self._ply, seat))
                turns += 1
        except BotFailure as failure:
            self._fail(failure)
            raise
        if turns:
            self._set_error(None)
            self._publish()
        return turns

    def handle_message(self, content: Any) -> dict[str, Any]:
        """Answer one front-end message and return the reply (never raises).

        This is what the widget runs for each ``model.send(...)`` of the front end.
        """
        started = time.perf_counter()
        saved = (self._state, len(self._entries), self._ply, list(self._history), self._failure)
        extra = self._more_handlers() if self._source is None else self._table_handlers(self._source)
        handlers = {**extra, **page_handlers(self), "intent": self._msg_intent}
        with self._message_lock(), self.hold_sync():  # one message, one state update: a language and its view together
            reply = answer(content, handlers, refuse=self._reject, shown=lambda: dict(self.error), undo=lambda: self._restore(saved))
        reply["kernel_ms"] = round((time.perf_counter() - started) * 1000, 3)
        self.send(reply)
        return reply

    # ------------------------------------------------------------- messages
    def _on_lang(self, change: Mapping[str, Any]) -> None:
        check_lang(change["new"])
        with self.hold_sync():
            self._publish()
            if self.error:
                self.error = self._refusals.again(self.lang) or {}

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Mapping[str, Any]) -> str:
        try:
            return check_lang(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from None

    def _msg_intent(self, content: Mapping[str, Any]) -> dict[str, Any]:
        over = self._source.to_move() is None if self._source is not None else self._turns.to_move(self._state) is None
        if over:
            raise BadIntent(_('the game is over'))
        self.play(self._parse_intent(content.get("action")))  # whose move it is: worked out there, once
        return {}

    # ------------------------------------------------------------ the turns
    def _restore(self, saved: tuple[Any, ...]) -> None:
        if self._source is not None:  # the table kept its game: show it as it is
            with contextlib.suppress(Exception):
                self.refresh(force=True)
            return
        self._state, log_len, self._ply, self._history, self._failure = saved
        del self._entries[log_len:]
        try:
            self._publish()
        except Exception:  # pragma: no cover - the view itself is broken
            log.debug("board could not redraw after a failed message", exc_info=True)

    def _reject(self, err: IllegalAction | ExplainedError) -> dict[str, Any]:
        self.error = payload = self._refusals.refuse(err, self.lang)
        return payload

    def _set_error(self, err: IllegalAction | BadIntent | None) -> None:
        if err is not None:
            self._reject(err)
            return
        self._refusals.clear()
        if self.error:
            self.error = {}

    def _published_log(self) -> list[dict[str, Any]]:
        """The log as the front end receives it: each ``text`` in ``lang``, private ``_`` keys left out."""
        lang = self.lang
        return self._shown_log.lines(self._entries, (lang,), lambda e: log_line(e, self._shown_name(e["seat"]), e["text"], lang))

    def _shown_name(self, seat: int) -> str:
        """``seat``'s name in the board's language: a default "Player N" is the catalogue's (``seat_name``)."""
        return render(seat_name(self._names[seat], seat), self.lang)

    def _publish(self) -> None:
        """Send the current view, log and flags to the front end in one batch."""
        if not self._ready:
            return
        if self._source is not None:
            self._publish_seat(self._source)
            return
        with self.hold_sync():
            self.revision += 1
            seat = self._turns.to_move(self._state)
            view = self._make_view(self._state)
            view.update(
                revision=self.revision,
                **view_flags(seat, human=self._human, names=self._names, bots=self._bots, failure=self._failure, lang=self.lang),
            )
            self.view = view
            self.log = self._published_log()
            self.can_undo = bool(self._history)
