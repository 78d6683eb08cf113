"""The five kinds of action, each a small frozen value with a stable string form.

``str(action)`` is the form used in move logs and golden playthroughs and is
read back by ``parse_action``; ``describe(lang)`` says it in words.

>>> str(Discard(0, "G13"))
'Discard(0, G13)'
>>> parse_action("VoteRedraw(2, yes)")
VoteRedraw(player=2, agree=True)
>>> Discard(1, "G13").describe("zh")
'玩家2 弃掉 皮卡丘（G13）'
>>> Discard(1, "G13").describe("en", hidden=True)
'Player 2 discards a card face down'
>>> parse_action("Jump(1)")
Traceback (most recent call last):
...
ValueError: unknown action 'Jump(1)': actions are Draw, Discard, VoteRedraw, Keep, UseTrainer
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Integral

from pokelab.errors import check_lang
from pokelab.herecomes.bag import COLOUR_ZH, COLOURS
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.trainers import POWERS, trainer_for_power

__all__ = ["Action", "Discard", "Draw", "Keep", "UseTrainer", "VoteRedraw", "parse_action"]


#: Longest action text ``parse_action`` reads (the longest real one is under 50 characters).
MAX_ACTION_TEXT = 200


def _whole(value: object, what: str, action: str) -> int:
    """A seat or target number as a plain ``int``; anything else (a float, a bool, a list) is a ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{action}: {what} must be a whole number, got {value!r}")
    return int(value)


def _text(value: object, what: str, action: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{action}: {what} must be a string, got {value!r}")
    return value


def _who(player: int, lang: str, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= player < len(names):
        return names[player]
    return f"玩家{player + 1}" if lang == "zh" else f"Player {player + 1}"


def _card(card: str, lang: str) -> str:
    target = TARGETS.get(card)
    if target is None:
        return card
    return f"{target.name_zh}（{card}）" if lang == "zh" else f"{target.name_en} ({card})"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the leader draws a token of ``colour`` from the bag (HC-R2, HC-R3, HC-R4)."""

    colour: str

    def __post_init__(self) -> None:
        _text(self.colour, "the colour", "Draw")

    def __str__(self) -> str:
        return f"Draw({self.colour})"

    def describe(
        self, lang: str = "en", names: Sequence[str] | None = None, *, hidden: bool = False
    ) -> str:
        """``Draw('red').describe('zh')`` -> ``'抽出一枚红色代币'``."""
        if check_lang(lang) == "zh":
            return f"抽出一枚{COLOUR_ZH.get(self.colour, self.colour)}色代币"
        return f"a {self.colour} token is drawn"


@dataclass(frozen=True, slots=True)
class Discard:
    """``player`` discards ``card`` face down in the current wave (HC-R2, HC-R3)."""

    player: int
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, "the player", "Discard"))
        _text(self.card, "the card", "Discard")

    def __str__(self) -> str:
        return f"Discard({self.player}, {self.card})"

    def describe(
        self, lang: str = "en", names: Sequence[str] | None = None, *, hidden: bool = False
    ) -> str:
        """In words; ``hidden=True`` leaves the card out (what the other players see)."""
        who = _who(self.player, check_lang(lang), names)
        if lang == "zh":
            return f"{who} 面朝下弃掉 1 张牌" if hidden else f"{who} 弃掉 {_card(self.card, lang)}"
        return (
            f"{who} discards a card face down"
            if hidden
            else f"{who} discards {_card(self.card, lang)}"
        )


@dataclass(frozen=True, slots=True)
class VoteRedraw:
    """``player`` agrees (or not) to put token 4 back and draw again (HC-R4)."""

    player: int
    agree: bool

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, "the player", "VoteRedraw"))
        if not isinstance(self.agree, bool):
            raise ValueError(f"VoteRedraw: the vote is True or False, got {self.agree!r}")

    def __str__(self) -> str:
        return f"VoteRedraw({self.player}, {'yes' if self.agree else 'no'})"

    def describe(
        self, lang: str = "en", names: Sequence[str] | None = None, *, hidden: bool = False
    ) -> str:
        """In words; ``hidden=True`` says only that the player voted."""
        who = _who(self.player, check_lang(lang), names)
        if lang == "zh":
            if hidden:
                return f"{who} 已投票"
            return f"{who} {'同意' if self.agree else '不同意'}重抽"
        if hidden:
            return f"{who} has voted"
        return f"{who} votes {'for' if self.agree else 'against'} a redraw"


@dataclass(frozen=True, slots=True)
class Keep:
    """``player`` achieved both cards and keeps ``card`` to score (HC-R6)."""

    player: int
    card: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, "the player", "Keep"))
        _text(self.card, "the card", "Keep")

    def __str__(self) -> str:
        return f"Keep({self.player}, {self.card})"

    def describe(
        self, lang: str = "en", names: Sequence[str] | None = None, *, hidden: bool = False
    ) -> str:
        """In words; ``hidden=True`` says only that the player chose."""
        who = _who(self.player, check_lang(lang), names)
        if lang == "zh":
            return f"{who} 已选择计分卡" if hidden else f"{who} 保留 {_card(self.card, lang)} 计分"
        if hidden:
            return f"{who} has chosen a card to score"
        return f"{who} keeps {_card(self.card, lang)} to score"


@dataclass(frozen=True, slots=True)
class UseTrainer:
    """``player`` uses their trainer's ``power`` (HC-T1…HC-T4) with an optional ``target``.

    Powers and targets: ``extra_discard`` + card id (HC-T1), ``redraw`` (HC-T2),
    ``peek`` + opponent seat (HC-T3), ``swap`` + 0 or 1, the token on order card 3 (HC-T4).
    """

    player: int
    power: str
    target: str | int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", _whole(self.player, "the player", "UseTrainer"))
        _text(self.power, "the power", "UseTrainer")
        if self.target is not None and not isinstance(self.target, str):
            object.__setattr__(self, "target", _whole(self.target, "the target", "UseTrainer"))

    def __str__(self) -> str:
        if self.target is None:
            return f"UseTrainer({self.player}, {self.power})"
        return f"UseTrainer({self.player}, {self.power}, {self.target})"

    def describe(
        self, lang: str = "en", names: Sequence[str] | None = None, *, hidden: bool = False
    ) -> str:
        """In words; ``hidden=True`` leaves out the card of an extra discard."""
        check_lang(lang)
        who = _who(self.player, lang, names)
        try:
            trainer = trainer_for_power(self.power).name(lang)
        except ValueError:
            trainer = self.power
        zh = lang == "zh"
        if self.power == "extra_discard":
            if hidden:
                return (
                    f"{who}（{trainer}）额外弃 1 张牌并补摸"
                    if zh
                    else f"{who} ({trainer}) discards an extra card and draws a new one"
                )
            card = _card(str(self.target), lang)
            return (
                f"{who}（{trainer}）额外弃掉 {card} 并补摸"
                if zh
                else f"{who} ({trainer}) discards {card} as an extra discard"
            )
        if self.power == "redraw":
            return (
                f"{who}（{trainer}）独自重抽 4 号顺序卡上的代币"
                if zh
                else f"{who} ({trainer}) redraws the token on order card 4 alone"
            )
        if self.power == "peek":
            other = (
                _who(int(self.target), lang, names) if isinstance(self.target, int) else self.target
            )
            return (
                f"{who}（{trainer}）查看 {other} 弃掉的一张牌"
                if zh
                else f"{who} ({trainer}) looks at a card {other} discarded"
            )
        if self.power == "swap":
            return (
                f"{who}（{trainer}）把 4 号顺序卡的代币与 3 号顺序卡第 {self.target} 枚交换"
                if zh
                else f"{who} ({trainer}) swaps the token on order card 4 with token {self.target} on order card 3"
            )
        return f"{who} 使用 {self.power}" if zh else f"{who} uses {self.power}"


Action = Draw | Discard | VoteRedraw | Keep | UseTrainer

_PATTERN = re.compile(r"^\s*(\w+)\s*\((.*)\)\s*$")
_YES = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}


_SMALL_NUMBER = re.compile(r"-?[0-9]{1,3}")


def _seat(text: str, whole: str) -> int:
    if not _SMALL_NUMBER.fullmatch(text):
        raise ValueError(f"bad action {whole!r}: the player must be a seat number, got {text!r}")
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
    ValueError: bad action 'Discard(x, G03)': the player must be a seat number, got 'x'
    """
    if not isinstance(text, str):
        raise ValueError(f"expected an action string, got {text!r}")
    if len(text) > MAX_ACTION_TEXT:
        raise ValueError(f"an action is at most {MAX_ACTION_TEXT} characters, got {len(text)}")
    match = _PATTERN.match(text)
    names = "Draw, Discard, VoteRedraw, Keep, UseTrainer"
    if not match:
        raise ValueError(f"unknown action {text!r}: actions are {names}")
    kind, inner = match.group(1), match.group(2)
    args = [_plain(a) for a in inner.split(",")] if inner.strip() else []
    if kind == "UseTrainer" and len(args) == 3 and args[2] == "None":
        args.pop()  # repr of a trainer use without a target

    def need(n: int) -> None:
        if len(args) != n:
            raise ValueError(f"bad action {text!r}: {kind} takes {n} argument(s), got {len(args)}")

    if kind == "Draw":
        need(1)
        if args[0] not in COLOURS:
            raise ValueError(f"bad action {text!r}: unknown colour {args[0]!r}")
        return Draw(args[0])
    if kind in ("Discard", "Keep"):
        need(2)
        return (Discard if kind == "Discard" else Keep)(_seat(args[0], text), args[1])
    if kind == "VoteRedraw":
        need(2)
        if args[1].lower() not in _YES:
            raise ValueError(f"bad action {text!r}: the vote is yes or no, got {args[1]!r}")
        return VoteRedraw(_seat(args[0], text), _YES[args[1].lower()])
    if kind == "UseTrainer":
        if len(args) not in (2, 3):
            raise ValueError(f"bad action {text!r}: UseTrainer takes 2 or 3 arguments")
        power = args[1]
        if power not in POWERS:
            raise ValueError(
                f"bad action {text!r}: unknown power {power!r}; powers are {', '.join(POWERS)}"
            )
        target: str | int | None = None
        if len(args) == 3:
            target = (
                int(args[2])
                if power in ("peek", "swap") and _SMALL_NUMBER.fullmatch(args[2])
                else args[2]
            )
        return UseTrainer(_seat(args[0], text), power, target)
    raise ValueError(f"unknown action {text!r}: actions are {names}")
