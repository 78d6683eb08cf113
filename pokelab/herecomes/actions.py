"""The five kinds of action, each a small frozen value with a stable string form.

``str(action)`` is the form used in move logs and golden playthroughs and is
read back by ``parse_action``; ``log_text(names, hidden=...)`` says it in words as a catalogue
text and ``describe(lang, ...)`` renders it. A malformed action is a ``InputError`` (a
``ValueError``) whose reason renders in every language.

>>> str(Discard(0, "G13"))
'Discard(0, G13)'
>>> parse_action("VoteRedraw(2, yes)")
VoteRedraw(player=2, agree=True)
>>> Discard(1, "G13").describe("zh")
'玩家 2 弃掉皮卡丘（G13）'
>>> Discard(1, "G13").describe("en", hidden=True)
'Player 2 discards a card face down'
>>> parse_action("Jump(1)")
Traceback (most recent call last):
...
pokelab.errors.InputError: unknown action 'Jump(1)': actions are Draw, Discard, VoteRedraw, Keep, UseTrainer
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral

from pokelab.core.texts import player_name, seat_name
from pokelab.errors import InputError
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.herecomes.trainers import POWERS, trainer_for_power
from pokelab.words import Text, _, _n, check_lang

__all__ = ["Action", "Discard", "Draw", "Keep", "UseTrainer", "VoteRedraw", "parse_action"]


#: Longest action text ``parse_action`` reads (the longest real one is under 50 characters).
MAX_ACTION_TEXT = 200


def _whole(value: object, what: Text, action: str) -> int:
    """A seat or target number as a plain ``int``; anything else (a float, a bool, a list) is a ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise InputError(
            _("{action}: {what} must be a whole number, got {value}", action=action, what=what, value=repr(value))
        )
    return int(value)


def _text(value: object, what: Text, action: str) -> str:
    if not isinstance(value, str):
        raise InputError(
            _("{action}: {what} must be a string, got {value}", action=action, what=what, value=repr(value))
        )
    return value


def _who(player: int, names: Sequence[str] | None) -> Text | str:
    """The seat's name as the log says it: a default "Player N" from the catalogue (``seat_name``)."""
    if names is not None and 0 <= player < len(names):
        return seat_name(names[player], player)
    return player_name(player)


def _card(card: str) -> Text | str:
    target = TARGETS.get(card)
    if target is None:
        return card
    return target.label


class _Logged:
    """``describe(lang, names, hidden=...)``: the action's ``log_text`` rendered in ``lang``."""

    def log_text(self, names: Sequence[str] | None = None, *, hidden: bool = False) -> Text:
        """The action in words as a catalogue text (``names``: the seats' names; ``hidden``: what others see)."""
        raise NotImplementedError

    def describe(self, lang: str = "en", names: Sequence[str] | None = None, *, hidden: bool = False) -> str:
        """The action in words in ``lang``."""
        return self.log_text(names, hidden=hidden).render(check_lang(lang))


@dataclass(frozen=True, slots=True)
class Draw(_Logged):
    """Chance: the leader draws a token of ``colour`` from the bag (HC-R2, HC-R3, HC-R4)."""

    colour: str

    def __post_init__(self) -> None:
        _text(self.colour, _("the colour"), "Draw")

    def __str__(self) -> str:
        return f"Draw({self.colour})"

    def log_text(self, names: Sequence[str] | None = None, *, hidden: bool = False) -> Text:
        """``Draw('red').describe('zh')`` -> ``'抽出一枚红色代币'``."""
        colour = colour_name(self.colour) if self.colour in COLOURS else self.colour
        return _("a {colour} token is drawn", colour=colour)


@dataclass(frozen=True, slots=True)
class Discard(_Logged):
    """``player`` discards ``card`` face down in the current wave (HC-R2, HC-R3)."""

    player: int
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, _("the player"), "Discard"))
        _text(self.card, _("the card"), "Discard")

    def __str__(self) -> str:
        return f"Discard({self.player}, {self.card})"

    def log_text(self, names: Sequence[str] | None = None, *, hidden: bool = False) -> Text:
        """In words; ``hidden=True`` leaves the card out (what the other players see)."""
        who = _who(self.player, names)
        if hidden:
            return _("{who} discards a card face down", who=who)
        return _("{who} discards {card}", who=who, card=_card(self.card))


@dataclass(frozen=True, slots=True)
class VoteRedraw(_Logged):
    """``player`` agrees (or not) to put token 4 back and draw again (HC-R4)."""

    player: int
    agree: bool

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, _("the player"), "VoteRedraw"))
        if not isinstance(self.agree, bool):
            raise InputError(_("{action}: the vote is True or False, got {value}", action="VoteRedraw", value=repr(self.agree)))

    def __str__(self) -> str:
        return f"VoteRedraw({self.player}, {'yes' if self.agree else 'no'})"

    def log_text(self, names: Sequence[str] | None = None, *, hidden: bool = False) -> Text:
        """In words; ``hidden=True`` says only that the player voted."""
        who = _who(self.player, names)
        if hidden:
            return _("{who} has voted", who=who)
        if self.agree:
            return _("{who} votes for a redraw", who=who)
        return _("{who} votes against a redraw", who=who)


@dataclass(frozen=True, slots=True)
class Keep(_Logged):
    """``player`` achieved both cards and keeps ``card`` to score (HC-R6)."""

    player: int
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, _("the player"), "Keep"))
        _text(self.card, _("the card"), "Keep")

    def __str__(self) -> str:
        return f"Keep({self.player}, {self.card})"

    def log_text(self, names: Sequence[str] | None = None, *, hidden: bool = False) -> Text:
        """In words; ``hidden=True`` says only that the player chose."""
        who = _who(self.player, names)
        if hidden:
            return _("{who} has chosen a card to score", who=who)
        return _("{who} keeps {card} to score", who=who, card=_card(self.card))


@dataclass(frozen=True, slots=True)
class UseTrainer(_Logged):
    """``player`` uses their trainer's ``power`` (HC-T1…HC-T4) with an optional ``target``.

    Powers and targets: ``extra_discard`` + card id (HC-T1), ``redraw`` (HC-T2),
    ``peek`` + opponent seat (HC-T3), ``swap`` + 0 or 1, the token on order card 3 (HC-T4).
    """

    player: int
    power: str
    target: str | int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, _("the player"), "UseTrainer"))
        _text(self.power, _("the power"), "UseTrainer")
        if self.target is not None and not isinstance(self.target, str):
            object.__setattr__(self, "target", _whole(self.target, _("the target"), "UseTrainer"))

    def __str__(self) -> str:
        if self.target is None:
            return f"UseTrainer({self.player}, {self.power})"
        return f"UseTrainer({self.player}, {self.power}, {self.target})"

    def log_text(self, names: Sequence[str] | None = None, *, hidden: bool = False) -> Text:
        """In words; ``hidden=True`` leaves out the card of an extra discard."""
        who = _who(self.player, names)
        try:
            trainer: Text | str = trainer_for_power(self.power).label
        except ValueError:
            trainer = self.power
        if self.power == "extra_discard":
            if hidden:
                return _("{who} ({trainer}) discards an extra card and draws a new one", who=who, trainer=trainer)
            return _(
                "{who} ({trainer}) discards {card} as an extra discard",
                who=who,
                trainer=trainer,
                card=_card(str(self.target)),
            )
        if self.power == "redraw":
            return _("{who} ({trainer}) redraws the token on order card 4 alone", who=who, trainer=trainer)
        if self.power == "peek":
            other = _who(self.target, names) if isinstance(self.target, int) else str(self.target)
            return _("{who} ({trainer}) looks at a card {other} discarded", who=who, trainer=trainer, other=other)
        if self.power == "swap":
            return _(
                "{who} ({trainer}) swaps the token on order card 4 with token {index} on order card 3",
                who=who,
                trainer=trainer,
                index=str(self.target),
            )
        return _("{who} uses {power}", who=who, power=self.power)


Action = Draw | Discard | VoteRedraw | Keep | UseTrainer

_PATTERN = re.compile(r"^\s*(\w+)\s*\((.*)\)\s*$")
_YES = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


_SMALL_NUMBER = re.compile(r"-?[0-9]{1,3}")


def _bad(whole: str, why: Text) -> InputError:
    """A malformed action text: ``bad action '…': why``, in every language."""
    return InputError(_("bad action {value}: {why}", value=repr(whole), why=why))


def _seat(text: str, whole: str) -> int:
    if not _SMALL_NUMBER.fullmatch(text):
        raise _bad(whole, _("the player must be a seat number, got {value}", value=repr(text)))
    return int(text)


_KEYWORD = re.compile(r"^\w+\s*=\s*")


def _plain(arg: str) -> str:
    """One argument as ``str`` writes it: ``player=0`` -> ``0``, ``'G13'`` -> ``G13``."""
    arg = _KEYWORD.sub("", arg.strip())
    if len(arg) >= 2 and arg[0] == arg[-1] and arg[0] in "'\"":
        arg = arg[1:-1]
    return arg


def parse_action(text: str) -> Action:
    """Read an action back from its string form (as written by ``str``) or its ``repr``.

    >>> parse_action("Draw(red)")
    Draw(colour='red')
    >>> parse_action("Discard(player=0, card='G13')") == parse_action("Discard(0, G13)")
    True
    >>> parse_action("UseTrainer(2, peek, 0)")
    UseTrainer(player=2, power='peek', target=0)
    >>> parse_action("UseTrainer(1, extra_discard, G03)")
    UseTrainer(player=1, power='extra_discard', target='G03')
    >>> parse_action("Discard(x, G03)")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: bad action 'Discard(x, G03)': the player must be a seat number, got 'x'
    """
    if not isinstance(text, str):
        raise InputError(_("expected an action text, got {value}", value=repr(text)))
    if len(text) > MAX_ACTION_TEXT:
        raise InputError(
            _("an action is at most {most} characters, got {count}", most=MAX_ACTION_TEXT, count=len(text))
        )
    match = _PATTERN.match(text)
    names = "Draw, Discard, VoteRedraw, Keep, UseTrainer"
    if not match:
        raise InputError(_("unknown action {value}: actions are {choices}", value=repr(text), choices=names))
    kind, inner = match.group(1), match.group(2)
    args = [_plain(a) for a in inner.split(",")] if inner.strip() else []
    if kind == "UseTrainer" and len(args) == 3 and args[2] == "None":
        args.pop()  # repr of a trainer use without a target

    def need(n: int) -> None:
        if len(args) != n:
            raise _bad(text, _n("{action} takes {count} argument, got {got}", "{action} takes {count} arguments, got {got}", n, action=kind, got=len(args)))

    if kind == "Draw":
        need(1)
        if args[0] not in COLOURS:
            raise _bad(text, _("unknown colour {value}", value=repr(args[0])))
        return Draw(args[0])
    if kind in ("Discard", "Keep"):
        need(2)
        return (Discard if kind == "Discard" else Keep)(_seat(args[0], text), args[1])
    if kind == "VoteRedraw":
        need(2)
        if args[1].lower() not in _YES:
            raise _bad(text, _("the vote is yes or no, got {value}", value=repr(args[1])))
        return VoteRedraw(_seat(args[0], text), _YES[args[1].lower()])
    if kind == "UseTrainer":
        if len(args) not in (2, 3):
            raise _bad(text, _("{action} takes 2 or 3 arguments", action=kind))
        power = args[1]
        if power not in POWERS:
            raise _bad(text, _("unknown power {power}; powers are {choices}", power=repr(power), choices=", ".join(POWERS)))
        target: str | int | None = None
        if len(args) == 3:
            target = (
                int(args[2])
                if power in ("peek", "swap") and _SMALL_NUMBER.fullmatch(args[2])
                else args[2]
            )
        return UseTrainer(_seat(args[0], text), power, target)
    raise InputError(_("unknown action {value}: actions are {choices}", value=repr(text), choices=names))
