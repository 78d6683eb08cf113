"""The eight Splendor: Pokémon actions: small frozen values with a readable, parseable ``str``.

``str(action)`` is stable and is what ``observe`` lists as legal moves;
``parse_action`` reads it back (cards by id or by English/Chinese name);
``log_text()`` is the move-log line as a catalogue text, ``describe(lang)`` that line in ``lang``;
a malformed action is a ``InputError`` (a ``ValueError``) whose reason renders in every language.

>>> a = TakeDifferent(("green", "red", "blue"))
>>> str(a)
'TakeDifferent(red, blue, green)'
>>> parse_action("TakeDifferent(red, blue, green)") == a
True
>>> print(Catch(1, {"blue": 1, "master": 2}))
Catch(1, blue=1, master=2)
>>> Catch(1).describe("zh")
'捕捉小火龙（#1）'
>>> parse_action("Dance(red)")
Traceback (most recent call last):
...
pokelab.errors.InputError: unknown action 'Dance': choose one of TakeDifferent, TakeSame, Reserve, Catch, Evolve, ReturnTokens, Pass, EndTurn
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from pokelab.core.texts import listing
from pokelab.splendor.action_input import (
    _COLOUR_INDEX,
    _PAYMENT,
    MAX_ACTION_TEXT,
    _bad,
    _card_id,
    _colour,
    _colour_seq,
    _colours,
    _counts,
)
from pokelab.splendor.cards import TOKEN_COLOURS, card_by_name
from pokelab.splendor.names import card_label, colour_name
from pokelab.words import Text, _, check_lang

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Catch",
    "EndTurn",
    "Evolve",
    "Pass",
    "Reserve",
    "ReturnTokens",
    "TakeDifferent",
    "TakeSame",
    "parse_action",
]


class _Logged:
    """The move-log line of an action: ``log_text()`` a catalogue text, ``describe(lang)`` it rendered."""

    def log_text(self) -> Text:
        """The move-log line as a catalogue text (rendered by the face in its language)."""
        raise NotImplementedError

    def describe(self, lang: str = "en") -> str:
        """The move-log line in ``lang``."""
        return self.log_text().render(check_lang(lang))


@dataclass(frozen=True, repr=False)
class TakeDifferent(_Logged):
    """SP-A1: take one token of each of 3 (or, when fewer are left, all remaining) regular colours.

    >>> TakeDifferent(["black", "red"]).describe("en")
    'take red, black'
    >>> TakeDifferent(["pink"])
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: unknown colour 'pink': choose one of red, blue, green, yellow, black, master
    """

    colours: tuple[str, ...]
    idx: tuple[int, ...] = field(init=False, compare=False, hash=False)
    delta: tuple[int, ...] = field(init=False, compare=False, hash=False)
    distinct: bool = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        colours = _colour_seq(self.colours, "TakeDifferent")
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "idx", tuple(_COLOUR_INDEX[c] for c in colours))
        object.__setattr__(self, "delta", _counts(colours))
        object.__setattr__(self, "distinct", len(set(colours)) == len(colours) and "master" not in colours)

    def __str__(self) -> str:
        return f"TakeDifferent({', '.join(self.colours)})"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line: ``take red, blue, green``."""
        return _("take {colours}", colours=_colours(self.colours))


@dataclass(frozen=True, repr=False)
class TakeSame(_Logged):
    """SP-A2: take 2 tokens of one regular colour (its supply must hold at least 4).

    >>> TakeSame("blue"), TakeSame("blue").describe("zh")
    (TakeSame(blue), '拿取 2 颗蓝色')
    """

    colour: str
    idx: int = field(init=False, compare=False, hash=False)
    delta: tuple[int, ...] = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "idx", _COLOUR_INDEX[_colour(self.colour)])
        object.__setattr__(self, "delta", tuple(2 if i == self.idx else 0 for i in range(6)))

    def __str__(self) -> str:
        return f"TakeSame({self.colour})"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line: ``take 2 blue``."""
        return _("take 2 {colour}", colour=colour_name(self.colour))


@dataclass(frozen=True, repr=False)
class Reserve(_Logged):
    """SP-A3: reserve a normal card from the display and take a master ball if one is left.

    >>> Reserve(2).describe("en")
    'reserve Charmeleon (#2)'
    >>> Reserve(0)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: no card has id 0
    """

    card: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _card_id(self.card))

    def __str__(self) -> str:
        return f"Reserve({self.card})"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line: ``reserve Charmeleon (#2)``."""
        return _("reserve {card}", card=card_label(self.card))


@dataclass(frozen=True, repr=False)
class Catch(_Logged):
    """SP-A4: catch a card from the display or your reserve; ``payment`` is optional (SP-A6).

    ``payment`` maps token colours (``master`` included) to counts; without it
    the engine pays the cheapest way. An empty payment (``{}``, shown as
    ``Catch(id, free)``) claims the card costs nothing after discounts.

    >>> Catch(3, {"red": 1, "master": 1}).payment
    (('red', 1), ('master', 1))
    >>> Catch(3, {"red": -1})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: Catch payment: the count of red must be a whole number ≥ 0, got -1
    """

    card: int
    payment: tuple[tuple[str, int], ...] | None = None
    pay: tuple[int, ...] | None = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", _card_id(self.card))
        if self.payment is None:
            object.__setattr__(self, "pay", None)
            return
        raw = self.payment
        if not isinstance(raw, Mapping):
            try:
                raw = dict(raw)
            except (TypeError, ValueError):
                raise _bad(
                    _("{what}: expected colours with their counts, got {value}", what=_PAYMENT, value=repr(self.payment))
                ) from None
        counts = _counts(_colour_seq(raw, _PAYMENT))
        object.__setattr__(self, "pay", counts)
        object.__setattr__(
            self, "payment", tuple((c, n) for c, n in zip(TOKEN_COLOURS, counts, strict=True) if n)
        )

    def __str__(self) -> str:
        if self.payment is None:
            return f"Catch({self.card})"
        if not self.payment:  # an explicit empty payment: the card is free after discounts
            return f"Catch({self.card}, free)"
        paid = "".join(f", {c}={n}" for c, n in self.payment)
        return f"Catch({self.card}{paid})"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line: ``catch Charmander (#1) paying blue×1``."""
        if not self.payment:
            return _("catch {card}", card=card_label(self.card))
        paid = listing(_("{colour}×{count}", colour=colour_name(c), count=n) for c, n in self.payment)
        return _("catch {card} paying {payment}", card=card_label(self.card), payment=paid)


@dataclass(frozen=True, repr=False)
class Evolve(_Logged):
    """SP-E1: replace your captured card ``base`` with ``into`` (from the display or your reserve).

    >>> Evolve(1, 2).describe("zh")
    '把小火龙（#1）进化为火恐龙（#2）'
    """

    base: int
    into: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "base", _card_id(self.base))
        object.__setattr__(self, "into", _card_id(self.into))

    def __str__(self) -> str:
        return f"Evolve({self.base}, {self.into})"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line: ``evolve Charmander (#1) into Charmeleon (#2)``."""
        return _("evolve {base} into {into}", base=card_label(self.base), into=card_label(self.into))


@dataclass(frozen=True, repr=False)
class ReturnTokens(_Logged):
    """SP-T3: at the end of the turn, give back tokens until you hold 10.

    >>> ReturnTokens({"blue": 2, "red": 1})
    ReturnTokens(red, blue, blue)
    >>> ReturnTokens(["red"]).describe("zh")
    '归还红色'
    """

    tokens: tuple[str, ...]
    counts: tuple[int, ...] = field(init=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        tokens = _colour_seq(self.tokens, "ReturnTokens")
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "counts", _counts(tokens))

    def __str__(self) -> str:
        return f"ReturnTokens({', '.join(self.tokens)})"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line: ``return red, blue``."""
        return _("return {tokens}", tokens=_colours(self.tokens))


@dataclass(frozen=True, repr=False)
class Pass(_Logged):
    """SP-T2: pass the main action (legal only when no main action is).

    >>> Pass(), Pass().describe("zh")
    (Pass(), '跳过主要行动')
    """

    def __str__(self) -> str:
        return "Pass()"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line."""
        return _("pass (no main action possible)")


@dataclass(frozen=True, repr=False)
class EndTurn(_Logged):
    """SP-T1: end the turn after the main action, leaving an optional evolution unused.

    >>> EndTurn().describe("en")
    'end the turn'
    """

    def __str__(self) -> str:
        return "EndTurn()"

    __repr__ = __str__

    def log_text(self) -> Text:
        """The move-log line."""
        return _("end the turn")


Action = TakeDifferent | TakeSame | Reserve | Catch | Evolve | ReturnTokens | Pass | EndTurn
ACTION_TYPES = (TakeDifferent, TakeSame, Reserve, Catch, Evolve, ReturnTokens, Pass, EndTurn)
_BY_NAME = {t.__name__: t for t in ACTION_TYPES}
_SHAPE = re.compile(r"^\s*([A-Za-z]+)\s*\((.*)\)\s*$", re.S)
_SMALL_NUMBER = re.compile(r"[0-9]{1,3}")


def _parse_card(text: str) -> int:
    text = text.strip().lstrip("#")
    if _SMALL_NUMBER.fullmatch(text):
        return _card_id(int(text))
    try:
        return card_by_name(text).id
    except KeyError:
        raise _bad(_("no card {value}: give an id (1..90) or a card name", value=repr(text))) from None


def parse_action(text: str) -> Action:
    """Read an action back from its ``str`` form; cards may be ids or names.

    >>> parse_action("Catch(Charmander, blue=1, master=2)")
    Catch(1, blue=1, master=2)
    >>> parse_action(" Evolve(1, 2) "), parse_action("Pass()")
    (Evolve(1, 2), Pass())
    >>> parse_action("TakeSame(red, blue)")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: TakeSame takes exactly one colour, got 'red, blue'
    """
    if not isinstance(text, str):
        raise _bad(_("expected an action text, got {value}", value=repr(text)))
    if len(text) > MAX_ACTION_TEXT:
        raise _bad(
            _("an action is at most {most} characters, got {count}", most=MAX_ACTION_TEXT, count=len(text))
        )
    m = _SHAPE.match(text)
    if not m:
        raise _bad(_("cannot read {value} as an action: expected Name(arguments)", value=repr(text)))
    name, body = m.group(1), m.group(2).strip()
    if name not in _BY_NAME:
        raise _bad(_("unknown action {name}: choose one of {choices}", name=repr(name), choices=", ".join(_BY_NAME)))
    args = [a.strip() for a in body.split(",")] if body else []
    if name in ("Pass", "EndTurn"):
        if args:
            raise _bad(_("{action} takes no arguments, got {value}", action=name, value=repr(body)))
        return Pass() if name == "Pass" else EndTurn()
    if name == "TakeDifferent":
        return TakeDifferent(tuple(args))
    if name == "ReturnTokens":
        if not args:
            raise _bad(_("{action} needs at least one colour", action=name))
        return ReturnTokens(tuple(args))
    if name == "TakeSame":
        if len(args) != 1:
            raise _bad(_("{action} takes exactly one colour, got {value}", action=name, value=repr(body)))
        return TakeSame(args[0])
    if name == "Reserve":
        if len(args) != 1:
            raise _bad(_("{action} takes exactly one card, got {value}", action=name, value=repr(body)))
        return Reserve(_parse_card(args[0]))
    if name == "Evolve":
        if len(args) != 2:
            raise _bad(_("{action} takes two cards (base, into), got {value}", action=name, value=repr(body)))
        return Evolve(_parse_card(args[0]), _parse_card(args[1]))
    # Catch(card[, colour=n ...])
    if not args:
        raise _bad(_("{action} needs a card", action=name))
    payment: dict[str, int] | None = None
    if args[1:] == ["free"]:
        return Catch(_parse_card(args[0]), {})
    for extra in args[1:]:
        key, eq, value = extra.partition("=")
        if not eq or not _SMALL_NUMBER.fullmatch(value.strip()):
            raise _bad(
                _("{what} must read colour=count (a count up to 999), got {value}", what=_PAYMENT, value=repr(extra))
            )
        payment = payment or {}
        key = _colour(key.strip())
        payment[key] = payment.get(key, 0) + int(value)
    return Catch(_parse_card(args[0]), payment)
