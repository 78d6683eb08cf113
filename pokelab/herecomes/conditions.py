"""Target-card conditions: small frozen values that say whether a round's tokens achieve a card.

A round ends with 10 tokens in draw order (HC-C3); ``final_tokens[-1]`` is the
token on order card 4. Each condition answers ``holds(final_tokens, bag, appeared)``,
where ``bag`` is the configured composition (colour -> count) and ``appeared``
every token that appeared during the round: the final tokens plus any token
put back into the bag by a redraw (HC-R4, HC-T2). Purple cards look at
``appeared`` (HC-C2: "never appears during the whole drawing"); gray and
orange cards look at the final tokens only. ``appeared`` defaults to the
final tokens (a round without a redraw).

>>> tokens = ("red", "blue", "red", "green") + ("red", "red", "blue") + ("yellow", "red") + ("blue",)
>>> LastIs("blue").holds(tokens, DEFAULT_BAG)
True
>>> NeverDrawn("purple").holds(tokens, DEFAULT_BAG)
True
>>> AllDrawn("red").holds(tokens, DEFAULT_BAG)
False
>>> AllOf(LastIs("blue"), NeverDrawn("purple")).holds(tokens, DEFAULT_BAG)
True
>>> returned = ("purple",)  # a purple token on order card 4 was put back and blue drawn
>>> NeverDrawn("purple").holds(tokens, DEFAULT_BAG, appeared=tokens + returned)
False
>>> LastIs("blue").holds(tokens, DEFAULT_BAG, appeared=tokens + returned)
True
>>> parse_condition("last:blue & never:purple")
AllOf(LastIs('blue'), NeverDrawn('purple'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokelab.errors import InputError
from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.names import colour_name, colour_names
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import Text, _, check_lang

__all__ = [
    "AllDrawn",
    "AllOf",
    "Condition",
    "LastIs",
    "NeverDrawn",
    "parse_condition",
]


def _check_colour(colour: str) -> None:
    if colour not in COLOURS:
        raise InputError(
            _("unknown token colour {value}; colours are {choices}", value=repr(colour), choices=colour_names())
        )




@dataclass(frozen=True, slots=True)
class LastIs:
    """Gray card (灰色): the last token, on order card 4, is ``colour``."""

    colour: str

    def __post_init__(self) -> None:
        _check_colour(self.colour)

    def holds(
        self,
        final_tokens: Sequence[str],
        bag: Mapping[str, int] = DEFAULT_BAG,
        appeared: Sequence[str] | None = None,
    ) -> bool:
        """True when the last of ``final_tokens`` is this colour (``appeared`` is not looked at)."""
        return bool(final_tokens) and final_tokens[-1] == self.colour

    def text(self) -> Text:
        """The condition in words, as a catalogue text."""
        return _("the last token is {colour}", colour=colour_name(self.colour))

    def describe(self, lang: str = "en") -> str:
        """The condition in words: ``LastIs('red').describe('zh')`` -> ``'最后一枚是红色'``."""
        return self.text().render(check_lang(lang))

    def code(self) -> str:
        """The compact form used in the card CSV: ``last:red``."""
        return f"last:{self.colour}"

    def parts(self) -> tuple[Condition, ...]:
        return (self,)

    def __repr__(self) -> str:
        return f"LastIs({self.colour!r})"


@dataclass(frozen=True, slots=True)
class NeverDrawn:
    """Purple card (紫色): no token of ``colour`` appears during the round (HC-C2).

    A token drawn and later put back into the bag by a redraw has appeared.
    """

    colour: str

    def __post_init__(self) -> None:
        _check_colour(self.colour)

    def holds(
        self,
        final_tokens: Sequence[str],
        bag: Mapping[str, int] = DEFAULT_BAG,
        appeared: Sequence[str] | None = None,
    ) -> bool:
        """True when ``colour`` is not among the tokens that ``appeared`` (default: the final tokens).

        >>> NeverDrawn("red").holds(("blue",) * 10, appeared=("blue",) * 10 + ("red",))
        False
        """
        return self.colour not in (final_tokens if appeared is None else appeared)

    def text(self) -> Text:
        """The condition in words, as a catalogue text."""
        return _("no {colour} token is drawn", colour=colour_name(self.colour))

    def describe(self, lang: str = "en") -> str:
        """The condition in words."""
        return self.text().render(check_lang(lang))

    def code(self) -> str:
        """The compact form used in the card CSV: ``never:purple``."""
        return f"never:{self.colour}"

    def parts(self) -> tuple[Condition, ...]:
        return (self,)

    def __repr__(self) -> str:
        return f"NeverDrawn({self.colour!r})"


@dataclass(frozen=True, slots=True)
class AllDrawn:
    """Orange card (橙色): every token of ``colour`` in the bag is among the final tokens.

    With no token of that colour in the bag the condition holds trivially.
    """

    colour: str

    def __post_init__(self) -> None:
        _check_colour(self.colour)

    def holds(
        self,
        final_tokens: Sequence[str],
        bag: Mapping[str, int] = DEFAULT_BAG,
        appeared: Sequence[str] | None = None,
    ) -> bool:
        """True when ``final_tokens`` holds as many ``colour`` tokens as the bag (``appeared`` is not looked at)."""
        return sum(1 for t in final_tokens if t == self.colour) >= bag.get(self.colour, 0)

    def text(self) -> Text:
        """The condition in words, as a catalogue text."""
        return _("every {colour} token is drawn", colour=colour_name(self.colour))

    def describe(self, lang: str = "en") -> str:
        """The condition in words."""
        return self.text().render(check_lang(lang))

    def code(self) -> str:
        """The compact form used in the card CSV: ``all:yellow``."""
        return f"all:{self.colour}"

    def parts(self) -> tuple[Condition, ...]:
        return (self,)

    def __repr__(self) -> str:
        return f"AllDrawn({self.colour!r})"


@dataclass(frozen=True, slots=True, init=False)
class AllOf:
    """Legend card (梦幻/超梦): every one of ``conditions`` holds (AND)."""

    conditions: tuple[LastIs | NeverDrawn | AllDrawn, ...]

    def __init__(self, *conditions: Condition) -> None:
        flat: list[LastIs | NeverDrawn | AllDrawn] = []
        for condition in conditions:
            if not isinstance(condition, LastIs | NeverDrawn | AllDrawn | AllOf):
                raise InputError(_("{what} takes conditions, got {value}", what="AllOf", value=repr(condition)))
            flat.extend(condition.parts())
        if len(flat) < 2:
            raise InputError(_("{what} needs at least two conditions", what="AllOf"))
        object.__setattr__(self, "conditions", tuple(flat))

    def holds(
        self,
        final_tokens: Sequence[str],
        bag: Mapping[str, int] = DEFAULT_BAG,
        appeared: Sequence[str] | None = None,
    ) -> bool:
        """True when every part holds, each part with its own kind's meaning."""
        return all(c.holds(final_tokens, bag, appeared) for c in self.conditions)

    def text(self) -> Text:
        """The parts in words, joined by "and" (并且), as a catalogue text."""
        text = self.conditions[0].text()
        for part in self.conditions[1:]:
            text = _("{first} and {second}", first=text, second=part.text())
        return text

    def describe(self, lang: str = "en") -> str:
        """The parts in words, joined by "and" (并且)."""
        return self.text().render(check_lang(lang))

    def code(self) -> str:
        """The compact form used in the card CSV: ``last:purple&all:purple``."""
        return "&".join(c.code() for c in self.conditions)

    def parts(self) -> tuple[Condition, ...]:
        return self.conditions

    def __repr__(self) -> str:
        return f"AllOf({', '.join(map(repr, self.conditions))})"


Condition = LastIs | NeverDrawn | AllDrawn | AllOf

_KINDS = {"last": LastIs, "never": NeverDrawn, "all": AllDrawn}


def parse_condition(text: str) -> Condition:
    """Parse the compact form ``kind:colour`` joined by ``&`` (kinds: last, never, all).

    >>> parse_condition("all:yellow")
    AllDrawn('yellow')
    >>> parse_condition("first:red")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: bad condition 'first:red': each part is last:COLOUR, never:COLOUR or all:COLOUR
    """
    parts: list[Condition] = []
    for piece in str(text).split("&"):
        kind, _sep, colour = piece.strip().partition(":")
        if kind not in _KINDS or not colour:
            raise InputError(
                _("bad condition {value}: each part is last:COLOUR, never:COLOUR or all:COLOUR", value=repr(text))
            )
        parts.append(_KINDS[kind](colour.strip()))
    return parts[0] if len(parts) == 1 else AllOf(*parts)
