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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.errors import BilingualError, IllegalAction, check_lang
from pokelab.herecomes.bag import (
    COLOUR_ZH,
    COLOURS,
    DEFAULT_BAG,
    DRAWS_PER_ROUND,
    draw_round,
    validate_bag,
)
from pokelab.herecomes.conditions import Condition, parse_condition
from pokelab.odds.exact import probability

__all__ = [
    "DEFAULT_EVENTS",
    "MAX_SIMULATED",
    "SIMULATED",
    "ClassroomError",
    "Event",
    "check_round",
    "draw_round",
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

_ZH_NAME = {zh: en for en, zh in COLOUR_ZH.items()}


class ClassroomError(BilingualError):
    """A bad request to the experiment (not a rule of the game), explained in English and Chinese.

    >>> err = ClassroomError("there is no round to take back", "没有可以撤回的一轮")
    >>> str(err), err.message("zh")
    ('there is no round to take back', '没有可以撤回的一轮')
    >>> err.message("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """

    __module__ = "pokelab.classroom"  # the public name (the package re-exports it)


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
        """The event in words, in ``"en"`` or ``"zh"``."""
        check_lang(lang)
        if self.condition is None:
            assert self.colour is not None
            if lang == "zh":
                return f"至少抽出一枚{COLOUR_ZH[self.colour]}色"
            return f"at least one {self.colour} token is drawn"
        return self.condition.describe(lang)


def parse_event(code: str | Event) -> Event:
    """Parse an event's compact text: ``last:``, ``never:``, ``all:`` (joined by ``&``) or ``any:COLOUR``.

    >>> parse_event("last:red & never:blue").describe()
    'the last token is red and no blue token is drawn'
    >>> parse_event("any:pink")
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: bad event 'any:pink': unknown token colour 'pink'; colours are red, blue, green, yellow, purple
    """
    if isinstance(code, Event):
        return code
    if not isinstance(code, str):
        raise ClassroomError(
            f"an event is text like 'last:red' or 'any:purple', got {code!r}",
            f"事件应写成 'last:red' 或 'any:purple' 这样的文字，而不是 {code!r}",
        )
    text = code.strip()
    kind, _, colour = text.partition(":")
    if kind.strip() == "any" and "&" not in text:
        colour = colour.strip()
        if colour not in COLOURS:
            raise ClassroomError(
                f"bad event {code!r}: unknown token colour {colour!r}; colours are {', '.join(COLOURS)}",
                f"事件 {code!r} 有误：没有 {colour!r} 这种颜色；颜色有 {', '.join(COLOURS)}",
            )
        return Event(f"any:{colour}", None, colour)
    try:
        condition = parse_condition(text)
    except ValueError as err:
        raise ClassroomError(
            f"bad event {code!r}: {err} (or any:COLOUR for 'at least one')",
            f"事件 {code!r} 有误：每一部分应写成 last:颜色、never:颜色 或 all:颜色（用 & 连接），"
            "或者 any:颜色 表示“至少一枚”",
        ) from None
    return Event(condition.code(), condition, None)


def _colour_of(token: Any, position: int) -> str:
    name = str(token).strip().lower() if isinstance(token, str) else token
    if isinstance(name, str):
        name = _ZH_NAME.get(name.removesuffix("色"), name)
    if name not in COLOURS:
        raise IllegalAction(
            "HC-C1",
            f"token {position} is {token!r}, which is not a bag colour; colours are {', '.join(COLOURS)}",
            f"第 {position} 枚 {token!r} 不是布袋里的颜色；颜色有 红、蓝、绿、黄、紫",
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
            f"a round is a list of {DRAWS_PER_ROUND} token colours, not {tokens!r}",
            f"一轮是 {DRAWS_PER_ROUND} 枚精灵球的颜色列表，而不是 {tokens!r}",
        )
    if len(tokens) != DRAWS_PER_ROUND:
        raise IllegalAction(
            "HC-C3",
            f"a round has {DRAWS_PER_ROUND} tokens (waves of 4, 3, 2 and 1), but {len(tokens)} were entered",
            f"一轮共 {DRAWS_PER_ROUND} 枚精灵球（4、3、2、1 枚四波），但输入了 {len(tokens)} 枚",
        )
    colours = tuple(_colour_of(t, i) for i, t in enumerate(tokens, start=1))
    for colour in COLOURS:
        held = colours.count(colour)
        if held > counts[colour]:
            raise IllegalAction(
                "HC-C1",
                f"the round holds {held} {colour} tokens but the bag has only {counts[colour]}",
                f"这一轮有 {held} 枚{COLOUR_ZH[colour]}色，但布袋里只有 {counts[colour]} 枚",
            )
    return colours


def _events(events: Iterable[str | Event]) -> list[Event]:
    if isinstance(events, str | Event):
        events = [events]
    out = [parse_event(e) for e in events]
    if not out:
        raise ClassroomError(
            "name at least one event, e.g. 'last:red'", "至少要给出一个事件，例如 'last:red'"
        )
    return out
