"""The message protocol of a board: what its page may send, what it answers, and the checks on the values sent.

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

>>> checked_seed(7), checked_seed(None)
(7, None)
>>> checked_lang("xx")
Traceback (most recent call last):
...
widgets.board.errors.BadIntent: unknown language 'xx': choose one of en, zh
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from pokelab.core.texts import seat_name
from pokelab.errors import ExplainedError, IllegalAction
from pokelab.words import _, check_lang, languages, render
from widgets.board.bots import seat_bot
from widgets.board.errors import BadIntent, BotFailure, _require, _short

__all__ = ["PageBoard", "answer", "checked_lang", "checked_seed", "handler_for", "page_handlers", "view_flags"]

log = logging.getLogger(__name__)

#: A message's handler: it answers the message's content with extra reply fields (or ``None``).
Handler = Callable[[Mapping[str, Any]], Any]


def checked_lang(lang: str) -> str:
    """``lang`` if the kit speaks it, else ``BadIntent`` naming the languages there are."""
    if lang not in languages():
        raise BadIntent(_("unknown language {lang}: choose one of {choices}", lang=_short(lang), choices=", ".join(languages())))
    return lang


def checked_seed(seed: Any) -> int | None:
    """A new game's seed from the page: a whole number ≥ 0 below 2**63, or ``None`` (the next seed).

    >>> checked_seed(-1)
    Traceback (most recent call last):
    ...
    widgets.board.errors.BadIntent: the seed must be a whole number ≥ 0, not -1
    """
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
        raise BadIntent(_('the seed must be a whole number ≥ 0, not {seed}', seed=_short(seed)))
    return seed


def handler_for(content: Any, handlers: Mapping[str, Handler]) -> Handler:
    """The handler of a page message, by its ``type``; ``BadIntent`` for a message that is not an object or not known.

    >>> handler_for({"type": "undo"}, {"undo": len}) is len
    True
    >>> handler_for(["undo"], {"undo": len})
    Traceback (most recent call last):
    ...
    widgets.board.errors.BadIntent: a message must be an object, not list
    """
    if not isinstance(content, Mapping):
        raise BadIntent(_('a message must be an object, not {type}', type=type(content).__name__))
    kind = content.get("type")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise BadIntent(_('unknown message type {kind}', kind=_short(kind)))
    return handler


class PageBoard(Protocol):
    """The part of a board's public API that the page's plain messages use."""

    lang: str
    revision: int

    def run_bots(self, max_turns: int = 10_000) -> int:
        """Let the bots play up to ``max_turns`` turns; how many they played."""

    def undo(self) -> bool:
        """Go back to before the human's last decision; ``False`` if there is none."""

    def new_game(self, seed: int | None = None) -> None:
        """Deal a fresh game (``seed``: ``None`` for the next one)."""


def page_handlers(board: PageBoard) -> dict[str, Handler]:
    """The handlers of the messages any board answers through its public API: ``undo``, ``new_game``, ``set_lang``, ``step``, ``retry``.

    >>> class Stub:
    ...     lang = "en"
    ...     def undo(self): return False
    ...     def new_game(self, seed=None): print("dealt", seed)
    >>> page_handlers(Stub())["new_game"]({"type": "new_game", "seed": 4})
    dealt 4
    >>> page_handlers(Stub())["undo"]({"type": "undo"})
    Traceback (most recent call last):
    ...
    widgets.board.errors.BadIntent: there is no move of yours to undo
    """

    def undo(_content: Mapping[str, Any]) -> None:
        if not board.undo():
            raise BadIntent(_('there is no move of yours to undo'))

    def new_game(content: Mapping[str, Any]) -> None:
        board.new_game(checked_seed(content.get("seed")))

    def set_lang(content: Mapping[str, Any]) -> None:
        board.lang = checked_lang(_require(content, "lang", str))

    def step(content: Mapping[str, Any]) -> dict[str, Any]:
        if _require(content, "revision", int) != board.revision:
            return {"stepped": False, "stale": True}
        return {"stepped": bool(board.run_bots(1))}

    def retry(_content: Mapping[str, Any]) -> dict[str, Any]:
        return {"stepped": bool(board.run_bots(1))}

    return {"undo": undo, "new_game": new_game, "set_lang": set_lang, "step": step, "retry": retry}


def answer(
    content: Any,
    handlers: Mapping[str, Handler],
    *,
    refuse: Callable[[IllegalAction | ExplainedError], dict[str, Any]],
    shown: Callable[[], dict[str, Any]],
    undo: Callable[[], None],
) -> dict[str, Any]:
    """The reply to one page message, answered by its handler in ``handlers`` (it never raises).

    A refusal (``IllegalAction``, ``BadIntent``, any ``ExplainedError`` such as a shared table's) is shown by ``refuse``, which gives its
    payload; a ``BotFailure`` is already on show (``shown`` gives it); any other error is
    a bug: ``undo`` puts the board back as it was and the reply says the game is unchanged.

    >>> answer({"type": "ping", "id": 3}, {"ping": lambda c: {"pong": True}}, refuse=None, shown=dict, undo=None)
    {'type': 'reply', 'id': 3, 'ok': True, 'error': None, 'pong': True}
    >>> answer({"type": "nope"}, {}, refuse=lambda err: {"text": str(err)}, shown=dict, undo=None)["error"]
    {'text': "unknown message type 'nope'"}
    """
    msg_id = content.get("id") if isinstance(content, Mapping) else None
    try:
        extra = handler_for(content, handlers)(content) or {}
        return {"type": "reply", "id": msg_id, "ok": True, "error": None, **extra}
    except BotFailure:  # already shown: the moves before it are kept
        error = shown()
    except (IllegalAction, ExplainedError) as err:  # a rule, a message or a shared table refused it, in every language
        error = refuse(err)
    except Exception as err:  # a bug must not kill the kernel's comm or the game
        log.debug("board message %r failed", content, exc_info=True)
        undo()
        error = refuse(BadIntent(_('the board could not handle that ({type}); the game is unchanged', type=type(err).__name__)))
    return {"type": "reply", "id": msg_id, "ok": False, "error": error}


def view_flags(
    to_move: int | None,
    *,
    human: int,
    names: Sequence[str],
    bots: Mapping[int, Any],
    failure: BotFailure | None,
    lang: str,
    page_steps: bool = True,
) -> dict[str, Any]:
    """What every board's view carries beside its game's drawing: whose move, the people and bots, the seats, a failure.

    ``to_move`` is the seat the board waits for (``None``: the game is over); a default
    name ("Player 2") is shown in ``lang`` (``seat_name``), and each seat's bot by ``seat_bot``.
    ``page_steps``: whether the page asks for a bot's turn (``bot_to_move``); at a shared
    table the store moves its bots, so the page never does.

    >>> flags = view_flags(1, human=0, names=["Ann", "Player 2"], bots={}, failure=None, lang="zh")
    >>> flags["humans"], flags["bot_to_move"], flags["seats"][1]["name"]
    ([0, 1], False, '玩家 2')
    >>> view_flags(None, human=0, names=["Ann"], bots={}, failure=None, lang="fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    check_lang(lang)
    return {
        "to_move": to_move,
        "over": to_move is None,
        "human": human,
        "humans": [seat for seat in range(len(names)) if seat not in bots],
        "bot_to_move": page_steps and to_move is not None and to_move in bots,
        "bot_failure": None if failure is None else failure.to_dict(lang),
        "seats": [
            {"seat": seat, "name": render(seat_name(names[seat], seat), lang), **seat_bot(bots.get(seat), lang)}
            for seat in range(len(names))
        ],
    }
