"""Small builders of catalogue texts the games share: a list of words, seat names, reasons.

A list is joined the way each language joins one ("red, blue" / "红色、蓝色").

>>> from pokelab.words import _p
>>> listing([_p("colour", "red"), _p("colour", "blue")]).render("zh")
'红色、蓝色'
>>> listing([])
Traceback (most recent call last):
...
ValueError: a listing needs at least one item
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from pokelab.errors import IllegalAction
from pokelab.words import Text, _

__all__ = [
    "alternatives", "decimals", "default_name", "listing", "player_name", "reason_text", "seat_column", "seat_name",
    "seat_number", "table_seats",
]


def listing(items: Iterable[Text | str | int], empty: Text | None = None) -> Text:
    """``items`` as one text, joined as each language joins a list (``empty`` when there are none).

    >>> str(listing(["Ann", "Bo", "Cy"]))
    'Ann, Bo, Cy'
    """
    words = list(items)
    if not words:
        if empty is None:
            raise ValueError("a listing needs at least one item")
        return empty
    text: Text | str | int = words[0]
    for word in words[1:]:
        # Translators: a list of words, one more item ("red, blue"); Chinese joins with "、".
        text = _("{items}, {item}", items=text, item=word)
    return text if isinstance(text, Text) else _("{item}", item=text)


def alternatives(items: Iterable[Text | str | int]) -> Text:
    """``items`` as a choice ("G01 or G05" / "G01 或 G05").

    >>> alternatives(["G01", "G05"]).render("zh")
    'G01 或 G05'
    """
    words = list(items)
    if not words:
        raise ValueError("a choice needs at least one item")
    text: Text | str | int = words[0]
    for word in words[1:]:
        text = _("{items} or {item}", items=text, item=word)
    return text if isinstance(text, Text) else _("{item}", item=text)


def player_name(seat: int) -> Text:
    """The one name a person reads for ``seat`` (from 0 in code): "Player N", numbered from 1 (issue 42).

    Boards, charts, logs, lessons and the command line all number the players this way; a seat
    index (0, 1, ...) stays in code and is never shown raw.

    >>> player_name(0).render("en"), player_name(1).render("zh")
    ('Player 1', '玩家 2')
    >>> player_name(-1)
    Traceback (most recent call last):
    ...
    ValueError: a seat is a number from 0, got -1
    """
    return _("Player {n}", n=seat_number(seat))


def seat_number(seat: int) -> int:
    """The number a person reads for ``seat`` (from 0 in code): 1 for the first, as in "Player 1".

    >>> seat_number(0), seat_number(2)
    (1, 3)
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ValueError(f"a seat is a number from 0, got {seat}")
    return seat + 1


def seat_column(seat: int, what: str) -> str:
    """The column of a results table (``pokelab.sim.simulate``, a saved tournament) for ``what`` of ``seat``.

    ``seat_<N>_<what>``, with N the seat's player number (:func:`seat_number`, from 1), so the
    table's seat 1 is the board's "Player 1". The kinds are ``bot``, ``score``, ``won`` (1, a share
    of a shared win, or 0) and a game's own (Splendor's ``cards`` and ``evolved``).

    >>> seat_column(0, "bot"), seat_column(1, "won")
    ('seat_1_bot', 'seat_2_won')
    """
    return f"seat_{seat_number(seat)}_{what}"


_SEAT_BOT = re.compile(r"seat_([1-9][0-9]*)_bot")


def table_seats(columns: Iterable[str]) -> list[int]:
    """The seats (from 0, in order) a results table names a bot for (its ``seat_<N>_bot`` columns).

    >>> table_seats(["game_id", "seat_2_bot", "seat_1_bot", "seat_1_won"])
    [0, 1]
    """
    found = (_SEAT_BOT.fullmatch(str(c)) for c in columns)
    return sorted(int(m.group(1)) - 1 for m in found if m)


def default_name(seat: int) -> str:
    """The name the engines give ``seat`` (from 0) in a game dealt for a count of players: the key :func:`seat_name` knows.

    >>> default_name(0)
    'Player 1'
    >>> default_name(-1)
    Traceback (most recent call last):
    ...
    ValueError: a seat is a number from 0, got -1
    """
    if seat < 0:
        raise ValueError(f"a seat is a number from 0, got {seat}")
    return f"Player {seat + 1}"


def seat_name(name: str, seat: int) -> Text | str:
    """A seat's name as a reader sees it: the engine's :func:`default_name` as the catalogue's
    "Player N" (rendered where it is shown, in the reader's language), any other name as it was given.

    >>> seat_name("Player 2", 1).render("zh"), seat_name("Player 2", 0), seat_name("Ann", 0)
    ('玩家 2', 'Player 2', 'Ann')
    >>> seat_name("Player 0", -1)
    Traceback (most recent call last):
    ...
    ValueError: a seat is a number from 0, got -1
    """
    return player_name(seat) if name == default_name(seat) else name


def reason_text(err: BaseException) -> Text | str:
    """Why ``err`` happened, as a reader sees it: a rule's refusal with its ID, a kit error's reason, else its message.

    >>> from pokelab.errors import IllegalAction
    >>> reason_text(IllegalAction("SP-T1", _("end the turn"))).render("zh")
    '[SP-T1] 结束回合'
    >>> reason_text(KeyError("x"))
    "'x'"
    """
    reason = getattr(err, "reason", None)
    if not isinstance(reason, Text):
        return str(err)
    if isinstance(err, IllegalAction):
        return _("[{rule}] {reason}", rule=err.rule, reason=reason)
    return reason



def decimals(x: Fraction | float | int, places: int = 2) -> str:
    """``x`` with ``places`` decimals, rounded half up from its exact value: the one rounding every board,
    chart and card uses (0.625 is "0.63" on the card and in the chart beside it; issue 42).

    >>> decimals(Fraction(5, 8)), decimals(0.625), decimals(Fraction(1, 3), 3), decimals(2, 0)
    ('0.63', '0.63', '0.333', '2')
    >>> decimals(Fraction(-5, 8))
    '-0.63'
    >>> decimals(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: decimals needs a finite number, not nan
    """
    if (isinstance(x, float) and x != x) or x in (float("inf"), float("-inf")):
        raise ValueError(f"decimals needs a finite number, not {x}")
    exact = Fraction(x)
    value = Decimal(exact.numerator) / Decimal(exact.denominator) if exact.denominator != 1 else Decimal(exact.numerator)
    return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))
