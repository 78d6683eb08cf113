"""The foundation of every game board: an anywidget that is a thin view of an engine.

The engine is the single source of truth. The front end (an ES module beside the
subclass) renders the ``view`` trait and sends the user's wishes as messages;
Python checks them with the engine and answers with a new ``view`` or with the
broken rule's reason in the chosen language, never with a traceback.

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
``{"type": "set_lang", "lang": "zh"}``
    switch the language of labels, log and errors.

Every message may carry an ``id``; the answer ``{"type": "reply", "id": ...,
"ok": bool, "error": {...} | None, "kernel_ms": float}`` is sent back (``kernel_ms``:
how long Python took to answer), and the traits (``view``,
``error``, ``log``, ...) are updated in one synchronised batch.

A subclass supplies the game through a few hooks (``_new_state``, ``_legal``,
``_apply``, ``_to_move``, ``_bot_view``, ``_make_view``, ``_parse_intent``,
``_describe``); see ``widgets.splendor.SplendorBoard`` for a full example.

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
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from pokelab.errors import IllegalAction, check_lang
from widgets._bots import bot_label, resolve_bot

log = logging.getLogger(__name__)

#: Most actions one bot may take in a single turn before the board stops it.
MAX_BOT_ACTIONS_PER_TURN = 40


class BadIntent(ValueError):
    """A front-end message the board cannot understand, explained in English and Chinese.

    >>> err = BadIntent("missing 'card'", "缺少 'card'")
    >>> str(err), err.to_dict()["rule"]
    ("missing 'card'", None)
    """

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.en = en
        self.zh = zh

    def message(self, lang: str = "en") -> str:
        """The explanation in ``lang`` (``"en"`` or ``"zh"``)."""
        return self.zh if check_lang(lang) == "zh" else self.en

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form: no rule ID (nothing in the rules was broken), both texts."""
        return {"rule": None, "en": self.en, "zh": self.zh}


@dataclass(frozen=True)
class _Snapshot:
    """What undo restores: the engine state and how long the log was."""

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


class Board(anywidget.AnyWidget):
    """Base class of the game boards (see the module docstring for the message protocol).

    Subclasses set ``_esm`` and ``_css`` to files beside their module and implement the
    hooks. Public Python API: ``state``, ``play(action)``, ``undo()``, ``new_game(seed)``,
    ``run_bots()``, ``handle_message(content)``.
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
        state: Any,
        *,
        names: list[str],
        bots: Mapping[int, Any] | None = None,
        human: int | None = None,
        lang: str = "en",
        seed: int = 0,
        bot_delay: int = 450,
    ) -> None:
        check_lang(lang)
        bots = dict(bots or {})
        for seat in bots:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(names):
                raise ValueError(
                    f"bots: seat {seat!r} does not exist; seats are 0 to {len(names) - 1}"
                )
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
        super().__init__(lang=lang, seed=seed, bot_delay=bot_delay)
        self.on_msg(self._on_custom_msg)
        self.observe(self._on_lang, names="lang")
        self._publish()

    # ----------------------------------------------------------------- hooks
    def _new_state(self, seed: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _legal(self, state: Any) -> list[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, state: Any, action: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _to_move(self, state: Any) -> int | None:  # pragma: no cover - abstract
        """The seat to act, or ``None`` when the game is over."""
        raise NotImplementedError

    def _bot_view(self, state: Any, seat: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _make_view(self, state: Any) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _parse_intent(self, action: Any) -> Any:  # pragma: no cover - abstract
        """Turn the front end's ``action`` payload into an engine action or raise BadIntent."""
        raise NotImplementedError

    def _describe(self, action: Any) -> tuple[str, str]:  # pragma: no cover - abstract
        """The action as a log line in English and Chinese."""
        raise NotImplementedError

    # ------------------------------------------------------------ public API
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
    def bots(self) -> dict[int, Any]:
        """Seat → bot object for the seats the computer plays."""
        return dict(self._bots)

    def play(self, action: Any) -> None:
        """Apply ``action`` for the human to move and show it (raises ``IllegalAction``).

        When a bot is to move, ``ValueError`` says so: call ``run_bots()`` first.
        """
        seat = self._to_move(self._state)
        if seat is not None and seat in self._bots:
            raise ValueError(
                f"it is {self._names[seat]}'s turn (bot {bot_label(self._bots[seat])}): "
                "call run_bots() to let the bots move first"
            )
        self._act(action)
        self._set_error(None)
        self._publish()

    def undo(self) -> bool:
        """Go back to before the human's last decision; ``False`` if there is none."""
        if not self._history:
            return False
        snap = self._history.pop()
        self._state = snap.state
        self._ply = snap.ply
        del self._entries[snap.log_len :]
        self._set_error(None)
        self._publish()
        return True

    def new_game(self, seed: int | None = None) -> None:
        """Start a fresh game with the same players and bots (``seed`` defaults to the next one)."""
        seed = self.seed + 1 if seed is None else seed
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be a whole number ≥ 0, not {seed!r}")
        state = self._new_state(seed)
        self._reset(state, seed)

    def run_bots(self, max_turns: int = 10_000) -> int:
        """Let the bots play until a human seat must act or the game ends; return bot turns."""
        turns = 0
        while turns < max_turns and self._bot_turn():
            turns += 1
        if turns:
            self._publish()
        return turns

    def handle_message(self, content: Any) -> dict[str, Any]:
        """Answer one front-end message and return the reply (never raises).

        This is what the widget runs for each ``model.send(...)`` of the front end.
        """
        started = time.perf_counter()
        msg_id = content.get("id") if isinstance(content, Mapping) else None
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
                "set_lang": self._msg_set_lang,
            }.get(kind)  # type: ignore[arg-type]
            if handler is None:
                raise BadIntent(f"unknown message type {kind!r}", f"未知的消息类型 {kind!r}")
            extra = handler(content) or {}
            reply = {"type": "reply", "id": msg_id, "ok": True, "error": None, **extra}
        except (IllegalAction, BadIntent) as err:
            reply = {"type": "reply", "id": msg_id, "ok": False, "error": self._reject(err)}
        except Exception as err:  # a bug must not kill the kernel's comm or the game
            log.debug("board message %r failed", content, exc_info=True)
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

    # ------------------------------------------------------------- internals
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
        seat = self._to_move(self._state)
        if seat is None:
            raise BadIntent("the game is over", "对局已经结束")
        if seat in self._bots:
            raise BadIntent(
                f"it is {self._names[seat]}'s turn (a bot), not yours",
                f"现在轮到 {self._names[seat]}（电脑），不是你",
            )
        action = self._parse_intent(content.get("action"))
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
                f"the seed must be a whole number ≥ 0, not {seed!r}",
                f"种子必须是不小于 0 的整数，而不是 {seed!r}",
            )
        self.new_game(seed)
        return {}

    def _msg_step(self, content: Mapping[str, Any]) -> dict[str, Any]:
        revision = _require(content, "revision", int)
        if revision != self.revision:
            return {"stepped": False, "stale": True}
        stepped = self._bot_turn()
        if stepped:
            self._publish()
        return {"stepped": stepped}

    def _msg_set_lang(self, content: Mapping[str, Any]) -> dict[str, Any]:
        lang = _require(content, "lang", str)
        if lang not in ("en", "zh"):
            raise BadIntent(
                f"unknown language {lang!r}: choose 'en' or 'zh'",
                f"未知的语言 {lang!r}：请选 'en' 或 'zh'",
            )
        self.lang = lang
        return {}

    def _act(self, action: Any) -> None:
        """Apply one action for the seat to move (raises IllegalAction), log it, keep undo."""
        seat = self._to_move(self._state)
        if seat is None:
            raise BadIntent("the game is over", "对局已经结束")
        new_state = self._apply(self._state, action)
        if seat not in self._bots:
            self._history.append(_Snapshot(self._state, len(self._entries), self._ply))
        self._state = new_state
        self._ply += 1
        en, zh = self._describe(action)
        self._entries.append(
            {"seat": seat, "who": self._names[seat], "bot": seat in self._bots, "en": en, "zh": zh}
        )

    def _act_for_bot(self, bot: Any, action: Any) -> None:
        """``_act`` for a bot's choice: a move the rules forbid is the bot's fault, raised as ``BadIntent``."""
        try:
            self._act(action)
        except IllegalAction as err:
            raise BadIntent(
                f"the bot {bot_label(bot)} chose an illegal move: {err.en}",
                f"电脑 {bot_label(bot)} 选了一个不合规则的动作：{err.zh}",
            ) from err

    def _bot_turn(self) -> bool:
        """Let the bot to move play its whole turn; ``False`` if no bot is to move."""
        seat = self._to_move(self._state)
        if seat is None or seat not in self._bots:
            return False
        bot = self._bots[seat]
        for _ in range(MAX_BOT_ACTIONS_PER_TURN):
            legal = self._legal(self._state)
            rng = random.Random(f"{self.seed}:{self._ply}:{seat}")
            action = bot.choose(self._bot_view(self._state, seat), legal, rng)
            self._act_for_bot(bot, action)
            if self._to_move(self._state) != seat:
                break
        self._set_error(None)
        return True

    def _reset(self, state: Any, seed: int) -> None:
        self._state = state
        self._history.clear()
        self._entries.clear()
        self._ply = 0
        with self.hold_sync():
            self.seed = seed
            self._set_error(None)
            self._publish()

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

    def _publish(self) -> None:
        """Send the current view, log and flags to the front end in one batch."""
        with self.hold_sync():
            self.revision += 1
            seat = self._to_move(self._state)
            view = self._make_view(self._state)
            view.update(
                revision=self.revision,
                to_move=seat,
                over=seat is None,
                human=self._human,
                bot_to_move=seat is not None and seat in self._bots,
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
            self.log = [dict(entry) for entry in self._entries]
            self.can_undo = bool(self._history)
