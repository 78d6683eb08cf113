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
widgets._board_errors.BadIntent: unknown language 'xx': choose one of en, zh
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pokelab.words import _, languages
from widgets._board_errors import BadIntent, _short

__all__ = ["checked_lang", "checked_seed", "handler_for"]


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
    widgets._board_errors.BadIntent: the seed must be a whole number ≥ 0, not -1
    """
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
        raise BadIntent(_('the seed must be a whole number ≥ 0, not {seed}', seed=_short(seed)))
    return seed


def handler_for(content: Any, handlers: Mapping[str, Callable[[Mapping[str, Any]], Any]]) -> Callable[[Mapping[str, Any]], Any]:
    """The handler of a page message, by its ``type``; ``BadIntent`` for a message that is not an object or not known.

    >>> handler_for({"type": "undo"}, {"undo": len}) is len
    True
    >>> handler_for(["undo"], {"undo": len})
    Traceback (most recent call last):
    ...
    widgets._board_errors.BadIntent: a message must be an object, not list
    """
    if not isinstance(content, Mapping):
        raise BadIntent(_('a message must be an object, not {type}', type=type(content).__name__))
    kind = content.get("type")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise BadIntent(_('unknown message type {kind}', kind=_short(kind)))
    return handler
