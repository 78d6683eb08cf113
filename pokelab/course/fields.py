"""How a question's numbers and words are shown: colours and Pokémon by their catalogue names, lists joined.

An exercise's question is one catalogue text (``_("… is {colour}?")``); its fields are the
student's parameters, turned here into what a reader sees: a colour becomes its
catalogue name (``red`` / ``红色``), a Pokémon its name, a tuple a list, a bag its counts.

>>> field("purple").render("zh"), field(("red", "blue")).render("zh")
('紫色', '红色、蓝色')
>>> field({"red": 16, "purple": 4}).render("en"), field({"red": 16, "purple": 4}).render("zh")
('16 red, 4 purple', '红色 16 枚、紫色 4 枚')
>>> field("Charmeleon").render("zh"), field("G05"), field(7), field(Fraction(1, 2))
('火恐龙', 'G05', 7, '1/2')
>>> field(object())
Traceback (most recent call last):
...
TypeError: a question cannot show object
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from pokelab.herecomes import TARGETS
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.splendor.cards import card_by_name
from pokelab.splendor.names import pokemon_name
from pokelab.words import Text, _p

__all__ = ["field", "join", "join_or"]

Shown = Text | str | int | float


@cache
def _target_names() -> frozenset[str]:
    return frozenset(card.name_en for card in TARGETS.values())


def _is_pokemon(word: str) -> bool:
    if word in _target_names():
        return True
    try:
        return card_by_name(word).name_en == word
    except (KeyError, ValueError):
        return False


def join(items: Iterable[Shown]) -> Text | str:
    """Items as a list in the reader's language (``a, b, c`` / ``a、b、c``); an empty list is empty.

    >>> join(["A", "B", "C"]).render("zh")
    'A、B、C'
    """
    shown: Text | str = ""
    for index, item in enumerate(items):
        shown = item if index == 0 else _p("list", "{items}, {item}", items=shown, item=item)
    return shown


def join_or(items: Iterable[Shown]) -> Text | str:
    """Items as choices (``a, b or c`` / ``a、b 或 c``).

    >>> join_or(["'en'", "'zh'", "'both'"]).render("zh")
    "'en'、'zh' 或 'both'"
    """
    items = list(items)
    if len(items) < 2:
        return join(items)
    return _p("list", "{items} or {item}", items=join(items[:-1]), item=items[-1])


def field(value: Any) -> Shown:
    """A parameter as a question shows it (see the module's examples)."""
    if isinstance(value, Text):
        return value
    if isinstance(value, bool | Fraction):
        return str(value)
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        if value in COLOURS:
            return colour_name(value)
        return pokemon_name(value) if _is_pokemon(value) else value
    if isinstance(value, Mapping):
        return join(_p("bag", "{count} {colour}", count=n, colour=field(c)) for c, n in value.items())
    if isinstance(value, tuple | list):
        return join(field(v) for v in value)
    raise TypeError(f"a question cannot show {type(value).__name__}")
