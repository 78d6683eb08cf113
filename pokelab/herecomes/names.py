"""The names Here Comes Pokémon! shows a reader — token colours, target kinds, Pokémon — as catalogue texts.

>>> colour_name("purple").render("zh"), kind_name("legend").render("zh")
('紫色', '梦幻/超梦')
>>> pokemon_name("Vulpix").render("zh")
'六尾'
>>> kind_name("blue")
Traceback (most recent call last):
...
ValueError: unknown target kind 'blue': choose one of gray, purple, orange, legend
"""

from __future__ import annotations

from types import MappingProxyType

from pokelab.core.texts import listing
from pokelab.herecomes.pieces import COLOURS, KINDS
from pokelab.words import Text, _p

__all__ = ["colour_name", "colour_names", "kind_name", "pokemon_name", "short_colour_name"]

_COLOURS = MappingProxyType(
    {
        "red": _p("colour", "red"),
        "blue": _p("colour", "blue"),
        "green": _p("colour", "green"),
        "yellow": _p("colour", "yellow"),
        "purple": _p("colour", "purple"),
    }
)
_KINDS = MappingProxyType(
    {
        "gray": _p("target kind", "gray"),
        "purple": _p("target kind", "purple"),
        "orange": _p("target kind", "orange"),
        "legend": _p("target kind", "Mew/Mewtwo"),
    }
)
#: The colour alone ("红", not "红色"): small labels (a probability tree's branches) and lists of colours.
_SHORT = MappingProxyType(
    {
        "red": _p("colour, short", "red"),
        "blue": _p("colour, short", "blue"),
        "green": _p("colour, short", "green"),
        "yellow": _p("colour, short", "yellow"),
        "purple": _p("colour, short", "purple"),
    }
)
assert tuple(_COLOURS) == COLOURS and tuple(_KINDS) == KINDS and tuple(_SHORT) == COLOURS


def colour_name(colour: str) -> Text:
    """The name of a token colour of the bag."""
    try:
        return _COLOURS[colour]
    except (KeyError, TypeError):
        raise ValueError(f"unknown token colour {colour!r}: choose one of {', '.join(COLOURS)}") from None


def short_colour_name(colour: str) -> Text:
    """A colour of the bag in a word ("红"), where the full name ("红色") would not fit.

    >>> short_colour_name("red").render("zh"), short_colour_name("red").render("en")
    ('红', 'red')
    """
    try:
        return _SHORT[colour]
    except (KeyError, TypeError):
        raise ValueError(f"unknown token colour {colour!r}: choose one of {', '.join(COLOURS)}") from None


def colour_names() -> Text:
    """The bag's colours as a list ("red, blue, green, yellow, purple" / "红、蓝、绿、黄、紫").

    >>> colour_names().render("zh")
    '红、蓝、绿、黄、紫'
    """
    return listing(short_colour_name(c) for c in COLOURS)


def kind_name(kind: str) -> Text:
    """The name of a target card's kind (the colour of its back; the legends: Mew/Mewtwo)."""
    try:
        return _KINDS[kind]
    except (KeyError, TypeError):
        raise ValueError(f"unknown target kind {kind!r}: choose one of {', '.join(KINDS)}") from None


def pokemon_name(name_en: str) -> Text:
    """A target card's Pokémon (its English name is the message id, context "Pokémon", as in Splendor)."""
    if not isinstance(name_en, str) or not name_en:
        raise ValueError(f"a Pokémon's name is a non-empty text, got {name_en!r}")
    return _p("Pokémon", name_en)
