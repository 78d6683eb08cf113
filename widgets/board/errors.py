"""The boards' refusals: a message they cannot understand, and a bot that could not move.

Both are ``ExplainedError`` values (``pokelab.errors``) made of one catalogue text:
``str(err)`` is the English, ``err.message(lang)`` any language, ``to_dict(lang)`` the
JSON a board's ``error`` trait carries (the reason in the board's language).

>>> BadIntent(_("the message has no {key}", key="'card'")).message("zh")
"消息里缺少 'card'"
>>> BadIntent(_("the game is over")).message("fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.errors import Explained, ExplainedError, IllegalAction
from pokelab.words import Text, _, check_lang
from widgets._words import Said, shown

__all__ = ["BadIntent", "BotFailure", "Refusals"]


class BadIntent(ExplainedError):
    """A front-end message the board cannot understand, explained in every language.

    >>> err = BadIntent(_("the game is over"))
    >>> str(err), err.to_dict("zh")
    ('the game is over', {'rule': None, 'text': '游戏已经结束'})
    """

class BotFailure(BadIntent):
    """A bot that could not make its move; the board kept every move before it.

    ``why`` says what went wrong (a Text, or a ``Said`` when an engine words it);
    ``blank`` hides from the rendered reason what the human's seat may not know.

    >>> err = BotFailure(1, "Bot", "mine", _("it raised {error}", error="ZeroDivisionError: x"))
    >>> err.message("en")
    "Bot's bot 'mine' failed: it raised ZeroDivisionError: x. Every move so far is kept: retry, replace the bot (board.bots[1] = 'random') or undo."
    >>> BotFailure(1, "Player 2", "mine", _("it raised {error}", error="x")).message("zh")[:19]
    "玩家 2 的电脑 'mine' 出错了"
    >>> err.to_dict("zh")["bot_seat"]
    1
    """

    def __init__(
        self, seat: int, who: str, label: str, why: Text | Said, blank: Callable[[str], str] | None = None
    ) -> None:
        self.seat, self._who, self._label, self._why = seat, who, label, why
        self._blank = blank or (lambda text: text)
        super().__init__(self._text("en"))

    def _text(self, lang: str) -> Text:
        return _(  # the seat is named as the board names it; its number from 0 appears only in the code to type
            "{who}'s bot {label} failed: {why}. Every move so far is kept: "
            "retry, replace the bot (board.bots[{seat}] = 'random') or undo.",
            who=seat_name(self._who, self.seat),
            label=repr(self._label),
            seat=self.seat,
            why=shown(self._why, lang) or "",
        )

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang``, with what the human's seat may not know blanked."""
        return self._blank(self._text(check_lang(lang)).render(lang))

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The kit's error form (``Explained.to_dict``: no rule, the reason in ``lang``) plus the failing bot's seat."""
        return {**super().to_dict(lang), "bot_seat": self.seat}


def _require(content: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """Return ``content[key]`` if it has the expected type, else raise ``BadIntent``.

    >>> _require({"seed": 3}, "seed", int)
    3
    >>> _require({}, "card", str)
    Traceback (most recent call last):
    ...
    widgets.board.errors.BadIntent: the message has no 'card'
    """
    if key not in content:
        raise BadIntent(_("the message has no {key}", key=repr(key)))
    value = content[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadIntent(_("{key} has the wrong type: {type}", key=repr(key), type=type(value).__name__))
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


class Refusals:
    """What a board's ``error`` trait shows: the last refusal, drawn again in a new language, and a count.

    ``n`` grows with every refusal, so the same refusal twice is a new message for the page.

    >>> shown = Refusals()
    >>> shown.refuse(BadIntent(_("the game is over")), "en")
    {'rule': None, 'text': 'the game is over', 'n': 1}
    >>> shown.again("zh")
    {'rule': None, 'text': '游戏已经结束', 'n': 1}
    >>> shown.clear(); shown.again("zh") is None
    True
    >>> shown.refuse(KeyError("x"), "en")
    Traceback (most recent call last):
    ...
    TypeError: a board refuses with one of the kit's errors (IllegalAction, BadIntent, ...), not KeyError
    """

    def __init__(self) -> None:
        self.count = 0
        self.shown: IllegalAction | BadIntent | None = None

    @staticmethod
    def payload(err: IllegalAction | BadIntent, lang: str) -> dict[str, Any]:
        """The refusal as the front end shows it: its rule ID (if a rule was broken) and reason in ``lang``."""
        if isinstance(err, Explained):  # IllegalAction, BadIntent, a shared table's refusal …: one form
            return err.to_dict(lang)
        raise TypeError(f"a board refuses with one of the kit's errors (IllegalAction, BadIntent, ...), not {type(err).__name__}")

    def refuse(self, err: IllegalAction | BadIntent, lang: str) -> dict[str, Any]:
        """Show ``err`` now: its payload with the next ``n``."""
        payload = self.payload(err, lang)
        self.count += 1
        self.shown = err
        return {**payload, "n": self.count}

    def again(self, lang: str) -> dict[str, Any] | None:
        """The refusal shown now in ``lang`` (same ``n``), or ``None`` when nothing is refused."""
        return None if self.shown is None else {**self.payload(self.shown, lang), "n": self.count}

    def clear(self) -> None:
        """Nothing is refused any more (after a move that went through)."""
        self.shown = None
