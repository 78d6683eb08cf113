"""The foundation of every game board: an anywidget that is a thin view of a game adapter.

A board plays any game through ``pokelab.sim.GameAdapter``, the protocol the
runner uses: chance nodes are sampled from the adapter's explicit outcomes with
the board's seeded RNG (``chance_actor`` says who clicks "draw"), the bots of a
simultaneous step choose at once and face down, a bot of a sequential game
plays one visible turn per ``step`` message. The engine is the single source of
truth. The front end (an ES module beside the subclass) renders the ``view``
trait and sends the user's wishes as messages; Python checks them with the
engine and answers with a new ``view`` or with the reason in the chosen
language, never with a traceback.

Messages from the front end (``model.send(...)``), each a dict with a ``type``:

``{"type": "intent", "action": {...}}``
    a move; the subclass turns ``action`` into an engine action.
``{"type": "undo"}``
    back to the human's previous decision (bot replies after it are undone too).
``{"type": "new_game", "seed": 7}``
    a fresh game; without ``seed`` the next seed is used.
``{"type": "step", "revision": 12}``
    let the bot to move play its turn; ignored unless ``revision`` is current,
    so two views of one board, or a late message, never make a bot move twice.
``{"type": "retry"}``
    after a bot failed (``view["bot_failure"]``), let the bots try again.
``{"type": "set_lang", "lang": "zh"}``
    switch the language of labels, log and errors.

Every message may carry an ``id``; the answer ``{"type": "reply", "id": ...,
"ok": bool, "error": {...} | None, "kernel_ms": float}`` is sent back (``kernel_ms``:
how long Python took to answer), and the traits (``view``, ``error``, ``log``,
...) are updated in one synchronised batch. A refused message changes nothing.

A bot that raises, returns something that is not a move, a move of another
seat or a move the rules forbid stops the bots: the board keeps every move made
so far (yours included), shows which bot failed and why in ``error`` and
``view["bot_failure"]``, and waits: ``retry``/``run_bots()`` asks again,
``board.bots[seat] = "greedy"`` replaces the bot, ``undo`` goes back.

A subclass draws the game through three hooks: ``_make_view`` (the JSON the
front end draws), ``_parse_intent`` (a front-end payload to an engine action)
and ``_log_lines`` (a move as log text); see ``widgets.splendor.SplendorBoard``.

>>> BadIntent("no such colour 'pink'", "没有 'pink' 这种颜色").message("zh")
"没有 'pink' 这种颜色"
>>> BadIntent("x", "y").message("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from pokelab.errors import BilingualError, IllegalAction, check_lang
from pokelab.sim.adapters import GameAdapter
from widgets._bots import bot_label, resolve_bot

log = logging.getLogger(__name__)

#: Most actions one bot may take in a single turn before the board stops it.
MAX_BOT_ACTIONS_PER_TURN = 40


class BadIntent(BilingualError):
    """A front-end message the board cannot understand, explained in English and Chinese.

    >>> err = BadIntent("missing 'card'", "缺少 'card'")
    >>> str(err), err.to_dict()["rule"]
    ("missing 'card'", None)
    """

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form: no rule ID (nothing in the rules was broken), both texts."""
        return {"rule": None, "en": self.en, "zh": self.zh}


class BotFailure(BadIntent):
    """A bot that could not make its move; the board kept every move before it.

    >>> err = BotFailure(1, "Bot", "mine", "it raised ZeroDivisionError", "它抛出了 ZeroDivisionError")
    >>> err.en
    "Bot's bot 'mine' (seat 1) failed: it raised ZeroDivisionError. Every move so far is kept: retry, replace the bot (board.bots[1] = 'random') or undo."
    >>> err.to_dict()["bot_seat"]
    1
    """

    def __init__(self, seat: int, who: str, label: str, why_en: str, why_zh: str) -> None:
        super().__init__(
            f"{who}'s bot {label!r} (seat {seat}) failed: {why_en}. Every move so far is kept: "
            f"retry, replace the bot (board.bots[{seat}] = 'random') or undo.",
            f"{who} 的电脑 {label!r}（座位 {seat}）出错了：{why_zh}。之前的所有动作都保留着："
            f"可以重试、换一个电脑（board.bots[{seat}] = 'random'）或撤销。",
        )
        self.seat = seat

    def to_dict(self) -> dict[str, Any]:
        """The ``BadIntent`` form plus the failing bot's seat."""
        return {**super().to_dict(), "bot_seat": self.seat}


@dataclass(frozen=True, slots=True)
class DrawChance:
    """The chance actor's act at a chance node: the board samples the outcomes with its seeded RNG."""

    def __str__(self) -> str:
        return "DrawChance"


@dataclass(frozen=True)
class _Snapshot:
    """What undo restores: the engine state, how long the log was, the move count."""

    state: Any
    log_len: int
    ply: int


def _require(content: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Return ``content[key]`` if it has the expected type, else raise ``BadIntent``.

    >>> _require({"seed": 3}, "seed", int)
    3
    >>> _require({}, "card", str)
    Traceback (most recent call last):
    ...
    widgets._board.BadIntent: the message has no 'card'
    """
    if key not in content:
        raise BadIntent(f"the message has no {key!r}", f"消息里缺少 {key!r}")
    value = content[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadIntent(
            f"{key!r} has the wrong type: {type(value).__name__}",
            f"{key!r} 的类型不对：{type(value).__name__}",
        )
    return value


class _BotSeats(MutableMapping[int, Any]):
    """``board.bots``: seat -> bot; assigning a seat replaces its bot (a name or an object)."""

    def __init__(self, board: Board) -> None:
        self._board = board

    def __getitem__(self, seat: int) -> Any:
        return self._board._bots[seat]

    def __setitem__(self, seat: int, spec: Any) -> None:
        self._board.set_bot(seat, spec)

    def __delitem__(self, seat: int) -> None:
        raise ValueError("a bot seat cannot be emptied: replace its bot instead")

    def __iter__(self) -> Iterator[int]:
        return iter(dict(self._board._bots))

    def __len__(self) -> int:
        return len(self._board._bots)

    def __repr__(self) -> str:
        return repr(dict(self._board._bots))


class Board(anywidget.AnyWidget):
    """Base class of the game boards (see the module docstring for the message protocol).

    ``adapter`` is the game (a ``pokelab.sim.GameAdapter``), ``state`` its current
    state, ``options`` what ``adapter.new_game`` needs besides players and seed.
    Public Python API: ``state``, ``play(action)``, ``undo()``, ``new_game(seed)``,
    ``run_bots()``, ``bots`` (assign a seat to replace its bot), ``set_bot(seat, bot)``,
    ``bot_failure``, ``handle_message(content)``.
    """

    #: The game's name in the bot registry (``"splendor"``, ``"herecomes"``).
    game: str = ""

    #: The JSON view the front end draws (built by ``_make_view``), with ``revision`` inside.
    view = traitlets.Dict().tag(sync=True)
    #: ``"en"`` or ``"zh"``.
    lang = traitlets.Unicode("en").tag(sync=True)
    #: The last rejection: ``{"rule", "en", "zh", "n"}``; ``{}`` after a successful move.
    error = traitlets.Dict().tag(sync=True)
    #: The move log, oldest first: ``{"seat", "who", "bot", "en", "zh"}``.
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
        adapter: GameAdapter,
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
        bots = dict(bots or {})
        for seat in bots:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(names):
                raise ValueError(
                    f"bots: seat {seat!r} does not exist; seats are 0 to {len(names) - 1}"
                )
        self._adapter = adapter
        self._options = dict(options or {})
        self._bots = {seat: resolve_bot(self.game, spec) for seat, spec in bots.items()}
        if human is None:
            humans = [seat for seat in range(len(names)) if seat not in self._bots]
            human = humans[0] if humans else 0
        if not 0 <= human < len(names):
            raise ValueError(
                f"human: seat {human!r} does not exist; seats are 0 to {len(names) - 1}"
            )
        if bot_delay < 0:
            raise ValueError(f"bot_delay must be ≥ 0 milliseconds, not {bot_delay}")
        self._names = list(names)
        self._human = human
        self._state = state
        self._history: list[_Snapshot] = []
        self._entries: list[dict[str, Any]] = []
        self._ply = 0
        self._errors = 0
        self._failure: BotFailure | None = None
        #: seat -> (state, action) of each bot's last decision (for a teacher's view)
        self._decisions: dict[int, tuple[Any, Any]] = {}
        self._ready = False
        super().__init__(lang=lang, seed=seed, bot_delay=bot_delay)
        self.on_msg(self._on_custom_msg)
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
        """The log entries of ``seat`` playing ``action`` (``{"en", "zh"}``; keys starting ``_`` stay private)."""
        raise NotImplementedError

    def _seat_text(self, text: str) -> str:
        """``text`` as the human's seat may see it (a game with hidden cards blanks the unknown ones)."""
        return text

    # ------------------------------------------------------------ public API
    @property
    def adapter(self) -> GameAdapter:
        """The game protocol the board plays through (``pokelab.sim.GameAdapter``)."""
        return self._adapter

    @property
    def state(self) -> Any:
        """The engine state shown on the board (a frozen value)."""
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
        return _BotSeats(self)

    @property
    def bot_failure(self) -> BotFailure | None:
        """The bot failure that stopped the bots, or ``None``."""
        return self._failure

    def set_bot(self, seat: int, bot: Any) -> None:
        """Replace the bot of ``seat`` (a registered name or an object with ``choose``); clears a failure.

        ``ValueError`` when ``seat`` is not played by a bot.
        """
        if seat not in self._bots:
            raise ValueError(
                f"seat {seat!r} is not played by a bot; bot seats are {sorted(self._bots)}"
            )
        self._bots[seat] = resolve_bot(self.game, bot)
        self._failure = None
        self._set_error(None)
        self._publish()

    def play(self, action: Any) -> None:
        """Apply ``action`` for a human seat and show it (raises ``IllegalAction``).

        When a bot is to move, ``ValueError`` says so: call ``run_bots()`` first. The
        bots of a simultaneous step then choose at once; if one fails, your move is
        kept and ``BotFailure`` says which bot failed and why.
        """
        seat = self._human_seat(action)
        if seat in self._bots:
            raise BadIntent(
                f"it is {self._names[seat]}'s turn (bot {bot_label(self._bots[seat])}): "
                "call run_bots() to let the bots move first",
                f"现在轮到 {self._names[seat]}（电脑 {bot_label(self._bots[seat])}）："
                "请先调用 run_bots() 让电脑行动",
            )
        self._act(seat, action)
        self._set_error(None)
        self._settle_and_publish()

    def undo(self) -> bool:
        """Go back to before the human's last decision; ``False`` if there is none."""
        if not self._history:
            return False
        snap = self._history.pop()
        self._state = snap.state
        self._ply = snap.ply
        del self._entries[snap.log_len :]
        self._failure = None
        self._set_error(None)
        self._publish()
        return True

    def new_game(self, seed: int | None = None) -> None:
        """Start a fresh game with the same players and bots (``seed`` defaults to the next one)."""
        seed = self.seed + 1 if seed is None else seed
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be a whole number ≥ 0, not {seed!r}")
        state = self._adapter.new_game(self.players, seed, self._options)
        self._reset(state, seed)

    def run_bots(self, max_turns: int = 10_000) -> int:
        """Let the bots play until a human seat must act or the game ends; return bot turns.

        Raises ``BotFailure`` (the moves before it are kept) when a bot cannot move.
        """
        self._failure = None
        turns = 0
        try:
            while turns < max_turns and self._bot_turn():
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
        msg_id = content.get("id") if isinstance(content, Mapping) else None
        saved = (self._state, len(self._entries), self._ply, list(self._history), self._failure)
        try:
            if not isinstance(content, Mapping):
                raise BadIntent(
                    f"a message must be an object, not {type(content).__name__}",
                    f"消息必须是一个对象，而不是 {type(content).__name__}",
                )
            kind = content.get("type")
            handler = {
                "intent": self._msg_intent,
                "undo": self._msg_undo,
                "new_game": self._msg_new_game,
                "step": self._msg_step,
                "retry": self._msg_retry,
                "set_lang": self._msg_set_lang,
            }.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise BadIntent(
                    f"unknown message type {_short(kind)}", f"未知的消息类型 {_short(kind)}"
                )
            extra = handler(content) or {}
            reply = {"type": "reply", "id": msg_id, "ok": True, "error": None, **extra}
        except BotFailure:  # already shown: the moves before it are kept
            reply = {"type": "reply", "id": msg_id, "ok": False, "error": dict(self.error)}
        except (IllegalAction, BadIntent) as err:
            reply = {"type": "reply", "id": msg_id, "ok": False, "error": self._reject(err)}
        except Exception as err:  # a bug must not kill the kernel's comm or the game
            log.debug("board message %r failed", content, exc_info=True)
            self._restore(saved)
            reply = {
                "type": "reply",
                "id": msg_id,
                "ok": False,
                "error": self._reject(
                    BadIntent(
                        f"the board could not handle that ({type(err).__name__}); "
                        "the game is unchanged",
                        f"棋盘无法处理这个请求（{type(err).__name__}），对局没有变化",
                    )
                ),
            }
        reply["kernel_ms"] = round((time.perf_counter() - started) * 1000, 3)
        self.send(reply)
        return reply

    # ------------------------------------------------------------- messages
    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle_message(content)

    def _on_lang(self, change: Mapping[str, Any]) -> None:
        check_lang(change["new"])
        self._publish()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: Mapping[str, Any]) -> str:
        try:
            return check_lang(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from None

    def _msg_intent(self, content: Mapping[str, Any]) -> dict[str, Any]:
        if self._to_move(self._state) is None:
            raise BadIntent("the game is over", "对局已经结束")
        action = self._parse_intent(content.get("action"))
        seat = self._human_seat(action)
        if seat in self._bots:
            raise BadIntent(
                f"it is {self._names[seat]}'s turn (a bot), not yours",
                f"现在轮到 {self._names[seat]}（电脑），不是你",
            )
        self.play(action)
        return {}

    def _msg_undo(self, _content: Mapping[str, Any]) -> dict[str, Any]:
        if not self.undo():
            raise BadIntent("there is no move of yours to undo", "没有可以撤销的操作")
        return {}

    def _msg_new_game(self, content: Mapping[str, Any]) -> dict[str, Any]:
        seed = content.get("seed")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63
        ):
            raise BadIntent(
                f"the seed must be a whole number ≥ 0, not {_short(seed)}",
                f"种子必须是不小于 0 的整数，而不是 {_short(seed)}",
            )
        self.new_game(seed)
        return {}

    def _msg_step(self, content: Mapping[str, Any]) -> dict[str, Any]:
        revision = _require(content, "revision", int)
        if revision != self.revision:
            return {"stepped": False, "stale": True}
        return {"stepped": self._step()}

    def _msg_retry(self, _content: Mapping[str, Any]) -> dict[str, Any]:
        return {"stepped": self._step()}

    def _msg_set_lang(self, content: Mapping[str, Any]) -> dict[str, Any]:
        lang = _require(content, "lang", str)
        if lang not in ("en", "zh"):
            raise BadIntent(
                f"unknown language {_short(lang)}: choose 'en' or 'zh'",
                f"未知的语言 {_short(lang)}：请选 'en' 或 'zh'",
            )
        self.lang = lang
        return {}

    # -------------------------------------------------------------- the game
    def _to_move(self, state: Any) -> int | None:
        """The seat the board waits for (a bot of a simultaneous step first), ``None`` when over."""
        game = self._adapter
        if game.is_over(state):
            return None
        if game.is_chance(state):
            return game.chance_actor(state)
        actors = game.actors(state)
        if game.is_simultaneous(state):
            waiting_bots = [seat for seat in actors if seat in self._bots]
            if waiting_bots:  # the bots put their choices face down first
                return waiting_bots[0]
        return actors[0] if actors else None

    def _human_seat(self, action: Any) -> int:
        """The seat that plays ``action`` now (the chance actor draws; a named seat plays its own)."""
        game, state = self._adapter, self._state
        if game.is_over(state):
            raise BadIntent("the game is over", "对局已经结束")
        if game.is_chance(state):
            actor = game.chance_actor(state)
            return self._human if actor is None else actor
        named = game.actor_of(action)
        actors = game.actors(state)
        if named is not None and 0 <= named < len(self._names):
            return named
        return actors[0] if actors else self._human

    def _act(self, seat: int, action: Any) -> None:
        """Apply one action of ``seat`` (raises IllegalAction and changes nothing), log it, keep undo."""
        before = self._state
        if isinstance(action, DrawChance):
            after = self._draw_chance(before)
        else:
            after = self._adapter.apply(before, action)
        lines = self._log_lines(seat, action, before, after)
        if seat not in self._bots:
            self._history.append(_Snapshot(before, len(self._entries), self._ply))
        self._state = after
        self._ply += 1
        for line in lines:
            self._entries.append(
                {"seat": seat, "who": self._names[seat], "bot": seat in self._bots, **line}
            )

    def _draw_chance(self, state: Any) -> Any:
        """Sample the outcomes of one chance act (a whole wave) with the board's seeded RNG."""
        game = self._adapter
        if not game.is_chance(state):
            raise BadIntent("nothing is drawn now", "现在不需要抽取")
        key = game.chance_key(state)
        rng = random.Random(f"pokelab.board/{self.seed}/{self._ply if key is None else key}")
        group = game.chance_group(state)
        state = game.apply(state, game.sample_chance(state, rng))
        while group is not None and game.is_chance(state) and game.chance_group(state) == group:
            state = game.apply(state, game.sample_chance(state, rng))
        return state

    def _bot_turn(self) -> bool:
        """Let the bot the board waits for play its turn (then settle); ``False`` if none is to move."""
        game, state = self._adapter, self._state
        seat = self._to_move(state)
        if seat is None or seat not in self._bots:
            return False
        if game.is_chance(state):
            self._act(seat, DrawChance())
        elif game.is_simultaneous(state):
            self._bot_move(seat)
        else:
            for _ in range(MAX_BOT_ACTIONS_PER_TURN):
                self._bot_move(seat)
                if self._to_move(self._state) != seat:
                    break
        self._settle()
        return True

    def _settle(self) -> None:
        """Resolve what needs nobody's click: chance without an actor, bots of a simultaneous step.

        A failing bot does not stop the others of its step; the first failure is raised at the end.
        """
        game = self._adapter
        failures: dict[int, BotFailure] = {}
        for _ in range(10_000):
            state = self._state
            if game.is_over(state):
                break
            if game.is_chance(state):
                if game.chance_actor(state) is not None:
                    break
                self._state = self._draw_chance(state)
                self._ply += 1
                continue
            if not game.is_simultaneous(state):
                break
            waiting = [s for s in game.actors(state) if s in self._bots and s not in failures]
            if not waiting:
                break
            try:
                self._bot_move(waiting[0])
            except BotFailure as failure:
                failures[waiting[0]] = failure
        if failures:
            raise next(iter(failures.values()))

    def _bot_move(self, seat: int) -> None:
        """One decision of the bot of ``seat``; anything wrong with it raises ``BotFailure``."""
        game, state, bot = self._adapter, self._state, self._bots[seat]
        label = bot_label(bot)

        def failed(en: str, zh: str) -> BotFailure:
            return BotFailure(
                seat, self._names[seat], label, self._seat_text(en), self._seat_text(zh)
            )

        legal = game.legal_actions(state, seat)
        rng = random.Random(f"{self.seed}:{self._ply}:{seat}")
        try:
            action = bot.choose(game.observe(state, seat), legal, rng)
        except Exception as err:
            raise failed(
                f"it raised {type(err).__name__}: {_short(err, 160, quote=False)}",
                f"它抛出了 {type(err).__name__}：{_short(err, 160, quote=False)}",
            ) from err
        named = game.actor_of(action)
        if named is not None and named != seat:
            raise failed(
                f"it chose a move for seat {named}, but it plays seat {seat}",
                f"它替座位 {named} 选了动作，但它坐在座位 {seat}",
            )
        if isinstance(action, DrawChance):
            action = None  # only the board draws
        try:
            self._act(seat, action)
        except IllegalAction as err:
            raise failed(
                f"it chose a move the rules forbid ({err.rule}): {err.en}",
                f"它选了不合规则的动作（{err.rule}）：{err.zh}",
            ) from err
        except Exception as err:
            raise failed(
                f"it returned {_short(action)}, which is not a move of this game",
                f"它返回了 {_short(action)}，这不是这个游戏的动作",
            ) from err
        self._decisions[seat] = (state, action)

    def _step(self) -> bool:
        """One bot turn for a ``step``/``retry`` message; a failure is shown and raised."""
        self._failure = None
        try:
            stepped = self._bot_turn()
        except BotFailure as failure:
            self._fail(failure)
            raise
        if stepped:
            self._set_error(None)
            self._publish()
        return stepped

    def _settle_and_publish(self, *, raise_failure: bool = True) -> None:
        self._failure = None
        try:
            self._settle()
        except BotFailure as failure:
            self._fail(failure)
            if raise_failure:
                raise
            return
        self._publish()

    def _fail(self, failure: BotFailure) -> None:
        """Show a bot failure: the state so far, its view and the reason, in one batch."""
        self._failure = failure
        with self.hold_sync():
            self._publish()
            self._reject(failure)

    def _reset(self, state: Any, seed: int) -> None:
        self._state = state
        self._history.clear()
        self._entries.clear()
        self._decisions.clear()
        self._ply = 0
        with self.hold_sync():
            self.seed = seed
            self._set_error(None)
            self._settle_and_publish(raise_failure=False)

    def _restore(self, saved: tuple[Any, ...]) -> None:
        state, log_len, ply, history, failure = saved
        self._state, self._ply, self._history, self._failure = state, ply, history, failure
        del self._entries[log_len:]
        try:
            self._publish()
        except Exception:  # pragma: no cover - the view itself is broken
            log.debug("board could not redraw after a failed message", exc_info=True)

    def _reject(self, err: IllegalAction | BadIntent) -> dict[str, Any]:
        self._errors += 1
        payload = {**err.to_dict(), "n": self._errors}
        self.error = payload
        return payload

    def _set_error(self, err: IllegalAction | BadIntent | None) -> None:
        if err is None:
            if self.error:
                self.error = {}
        else:
            self._reject(err)

    def _published_log(self) -> list[dict[str, Any]]:
        """The log as the front end receives it (private ``_`` keys left out)."""
        return [{k: v for k, v in e.items() if not k.startswith("_")} for e in self._entries]

    def _publish(self) -> None:
        """Send the current view, log and flags to the front end in one batch."""
        if not self._ready:
            return
        with self.hold_sync():
            self.revision += 1
            seat = self._to_move(self._state)
            failure = self._failure
            view = self._make_view(self._state)
            view.update(
                revision=self.revision,
                to_move=seat,
                over=seat is None,
                human=self._human,
                bot_to_move=seat is not None and seat in self._bots,
                bot_failure=None if failure is None else failure.to_dict(),
                seats=[
                    {
                        "seat": i,
                        "name": name,
                        "bot": bot_label(self._bots[i]) if i in self._bots else None,
                    }
                    for i, name in enumerate(self._names)
                ],
            )
            self.view = view
            self.log = self._published_log()
            self.can_undo = bool(self._history)


def _short(value: Any, limit: int = 60, *, quote: bool = True) -> str:
    """``repr(value)`` (or ``str`` with ``quote=False``) cut to ``limit`` characters, for messages.

    >>> _short("x" * 100, 10)
    "'xxxxxxxx…"
    """
    try:
        text = repr(value) if quote else str(value)
    except Exception:  # a hostile __repr__ must not break the answer
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
