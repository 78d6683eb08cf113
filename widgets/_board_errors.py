"""The boards' refusals: a message they cannot understand, and a bot that could not move.

Both are ``BilingualError`` values (``pokelab.errors``): ``str(err)`` is the English,
``err.zh`` the Chinese, ``to_dict()`` the JSON a board's ``error`` trait carries.

>>> BadIntent("no such colour 'pink'", "没有 'pink' 这种颜色").message("zh")
"没有 'pink' 这种颜色"
>>> BadIntent("x", "y").message("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokelab.errors import BilingualError

__all__ = ["BadIntent", "BotFailure"]


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


def _require(content: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Return ``content[key]`` if it has the expected type, else raise ``BadIntent``.

    >>> _require({"seed": 3}, "seed", int)
    3
    >>> _require({}, "card", str)
    Traceback (most recent call last):
    ...
    widgets._board_errors.BadIntent: the message has no 'card'
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
