"""The class experiment's rounds and events: what a group may enter, and what the tally counts.

A round is the 10 tokens of one drawing in order (waves of 4, 3, 2, 1: HC-C3)
from the configured bag (HC-C1); ``check_round`` refuses anything else with the
rule it breaks. An *event* is a target-card condition (``last:red``,
``never:purple``, ``all:purple``, joined by ``&``) or ``any:COLOUR`` — "at least
one token of that colour is drawn".

>>> parse_event("any:purple").code
'any:purple'
>>> check_round(["red"] * 9)
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [HC-C3] a round has 10 tokens (waves of 4, 3, 2 and 1), but 9 were entered
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.classroom.errors import ClassroomError, why
from pokelab.errors import IllegalAction
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND, validate_bag
from pokelab.herecomes.conditions import Condition, parse_condition
from pokelab.herecomes.names import colour_name, short_colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds.exact import probability
from pokelab.words import _, check_lang, languages

__all__ = [
    "DEFAULT_EVENTS",
    "MAX_SIMULATED",
    "SIMULATED",
    "Event",
    "check_round",
    "parse_event",
]

#: The events a fresh experiment compares: one of each kind, and "any" beside "all".
DEFAULT_EVENTS: tuple[str, ...] = (
    "last:red",
    "last:purple",
    "never:purple",
    "any:purple",
    "all:purple",
)

#: The group name of rounds drawn by the computer.
SIMULATED = "simulated"

#: Most rounds one ``simulate`` call draws (keeps a slip of the keyboard from freezing the app).
MAX_SIMULATED = 100_000

#: The colours a student may type, as the error says them (Translators: the typed names, shortest form).
_COLOUR_LIST = _("red, blue, green, yellow, purple")


def _colour_aliases() -> dict[str, str]:
    """Every language's name of each bag colour (and without a trailing 色: 红), to the colour."""
    return _aliases_in(languages())


@functools.lru_cache(maxsize=8)
def _aliases_in(langs: tuple[str, ...]) -> dict[str, str]:
    aliases: dict[str, str] = {}
    for lang in langs:
        for colour in COLOURS:
            name = colour_name(colour).render(lang).strip().lower()
            aliases.setdefault(name, colour)
            aliases.setdefault(short_colour_name(colour).render(lang).strip().lower(), colour)
    return aliases


@dataclass(frozen=True, slots=True)
class Event:
    """Something that may happen in a round: a target-card condition or ``any:COLOUR``.

    ``code`` is the compact text (``"never:purple"``, ``"any:purple"``,
    ``"last:red & never:blue"``).

    >>> e = parse_event("any:purple")
    >>> e.exact(DEFAULT_BAG), e.describe("zh")
    (Fraction(29, 38), '至少抽出一枚紫色')
    >>> e.holds(["red"] * 9 + ["purple"])
    True
    """

    code: str
    condition: Condition | None  # None for "any:COLOUR"
    colour: str | None  # the colour of an "any" event

    def holds(self, tokens: Sequence[str], bag: Mapping[str, int] | None = DEFAULT_BAG) -> bool:
        """True when the round's final ``tokens`` (in draw order) make the event happen."""
        return self._holds(tokens, validate_bag(bag))

    def _holds(self, tokens: Sequence[str], bag: Mapping[str, int]) -> bool:
        """``holds`` for a bag already checked (the tally's inner loop)."""
        if self.condition is None:
            return self.colour in tokens
        return self.condition.holds(tokens, bag)

    def exact(self, bag: Mapping[str, int] | None = DEFAULT_BAG) -> Fraction:
        """The exact chance of the event in one round drawn from ``bag`` (from ``pokelab.odds``)."""
        if self.condition is None:
            return 1 - probability(f"never:{self.colour}", bag=bag)
        return probability(self.condition, bag=bag)

    def describe(self, lang: str = "en") -> str:
        """The event in words, in ``lang`` (any language of ``pokelab.words.languages()``)."""
        check_lang(lang)
        if self.condition is None:
            assert self.colour is not None
            return _("at least one {colour} token is drawn",
                      colour=colour_name(self.colour)).render(lang)
        return self.condition.describe(lang)


def parse_event(code: str | Event) -> Event:
    """Parse an event's compact text: ``last:``, ``never:``, ``all:`` (joined by ``&``) or ``any:COLOUR``.

    >>> parse_event("last:red & never:blue").describe()
    'the last token is red and no blue token is drawn'
    >>> parse_event("any:pink")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: bad event 'any:pink': unknown token colour 'pink'; colours are red, blue, green, yellow, purple
    """
    if isinstance(code, Event):
        return code
    if not isinstance(code, str):
        raise ClassroomError(
            _("an event is text like 'last:red' or 'any:purple', got {code}", code=repr(code)),
        )
    text = code.strip()
    kind, _sep, colour = text.partition(":")
    if kind.strip() == "any" and "&" not in text:
        colour = colour.strip()
        if colour not in COLOURS:
            raise ClassroomError(
                _("bad event {code}: unknown token colour {colour}; colours are {colours}",
                   code=repr(code), colour=repr(colour), colours=_COLOUR_LIST),
            )
        return Event(f"any:{colour}", None, colour)
    try:
        condition = parse_condition(text)
    except ValueError as err:
        raise ClassroomError(
            _("bad event {code}: {err} (or any:COLOUR for 'at least one')",
               code=repr(code), err=why(err)),
        ) from None
    return Event(condition.code(), condition, None)


def _colour_of(token: Any, position: int) -> str:
    name = str(token).strip().lower() if isinstance(token, str) else token
    if isinstance(name, str):
        name = _colour_aliases().get(name, name)
    if name not in COLOURS:
        raise IllegalAction(
            "HC-C1",
            _("token {position} is {token}, which is not a bag colour; colours are {colours}",
               position=position, token=repr(token), colours=_COLOUR_LIST),
        )
    return name


def check_round(
    tokens: Sequence[Any], bag: Mapping[str, int] | None = DEFAULT_BAG
) -> tuple[str, ...]:
    """Check a recorded round — 10 tokens the bag can hold — and return it as colour names.

    Colours may be given in English or Chinese (``"红"``/``"红色"``), in any case.

    >>> check_round(["Red", "红色"] + ["blue"] * 5 + ["绿"] * 3)
    ('red', 'red', 'blue', 'blue', 'blue', 'blue', 'blue', 'green', 'green', 'green')
    >>> check_round(["purple"] * 3 + ["red"] * 4 + ["blue"] * 3)
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [HC-C1] the round holds 3 purple tokens but the bag has only 2
    """
    counts = validate_bag(bag)
    if isinstance(tokens, str) or not isinstance(tokens, Sequence):
        raise IllegalAction(
            "HC-C3",
            _("a round is a list of {most} token colours, not {tokens}",
                most=DRAWS_PER_ROUND, tokens=repr(tokens)),
        )
    if len(tokens) != DRAWS_PER_ROUND:
        raise IllegalAction(
            "HC-C3",
            _("a round has {most} tokens (waves of 4, 3, 2 and 1), but {length} were entered",
                most=DRAWS_PER_ROUND, length=len(tokens)),
        )
    colours = tuple(_colour_of(t, i) for i, t in enumerate(tokens, start=1))
    for colour in COLOURS:
        held = colours.count(colour)
        if held > counts[colour]:
            raise IllegalAction(
                "HC-C1",
                _("the round holds {held} {colour} tokens but the bag has only {most}",
                   held=held, colour=colour_name(colour), most=counts[colour]),
            )
    return colours


def _events(events: Iterable[str | Event]) -> list[Event]:
    if isinstance(events, str | Event):
        events = [events]
    out = [parse_event(e) for e in events]
    if not out:
        raise ClassroomError(
            _("name at least one event, e.g. 'last:red'")
        )
    return out
