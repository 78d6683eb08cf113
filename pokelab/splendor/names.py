"""The names Splendor shows a reader — token colours, card tiers, Pokémon — as catalogue texts.

>>> colour_name("red").render("zh"), colour_name("master").render("en")
('红色', 'Master Ball')
>>> tier_name("legendary").render("zh"), pokemon_name("Mewtwo").render("zh")
('传说', '超梦')
>>> colour_name("pink")
Traceback (most recent call last):
...
ValueError: unknown token colour 'pink': choose one of red, blue, green, yellow, black, master
"""

from __future__ import annotations

from types import MappingProxyType

from pokelab.splendor.cards import CARDS, MASTER, TIERS, TOKEN_COLOURS
from pokelab.words import Text, _, _p

__all__ = ["card_label", "colour_name", "pokemon_name", "tier_name"]

# The English word is the message id; `_p("colour", …)` is shared with Here Comes (one translation).
_COLOURS = MappingProxyType(
    {
        "red": _p("colour", "red"),
        "blue": _p("colour", "blue"),
        "green": _p("colour", "green"),
        "yellow": _p("colour", "yellow"),
        "black": _p("colour", "black"),
        MASTER: _("Master Ball"),
    }
)
# A colour in a word ("红"), where the full name ("红色") would not fit or a pupil types it short.
_SHORT = MappingProxyType(
    {
        "red": _p("colour, short", "red"),
        "blue": _p("colour, short", "blue"),
        "green": _p("colour, short", "green"),
        "yellow": _p("colour, short", "yellow"),
        "black": _p("colour, short", "black"),
        MASTER: _("Master Ball"),
    }
)
_TIERS = MappingProxyType(
    {"normal": _p("tier", "Normal"), "rare": _p("tier", "Rare"), "legendary": _p("tier", "Legendary")}
)
assert tuple(_COLOURS) == TOKEN_COLOURS and tuple(_TIERS) == TIERS


def colour_name(colour: str) -> Text:
    """The name of a token colour (``"master"``: the Master Ball)."""
    try:
        return _COLOURS[colour]
    except (KeyError, TypeError):
        raise ValueError(f"unknown token colour {colour!r}: choose one of {', '.join(TOKEN_COLOURS)}") from None


def short_colour_name(colour: str) -> Text:
    """A token colour in a word ("红"), where the full name ("红色") would not fit.

    >>> short_colour_name("black").render("zh"), short_colour_name("black").render("en")
    ('黑', 'black')
    """
    try:
        return _SHORT[colour]
    except (KeyError, TypeError):
        raise ValueError(f"unknown token colour {colour!r}: choose one of {', '.join(TOKEN_COLOURS)}") from None


def tier_name(tier: str) -> Text:
    """The name of a card tier (normal, rare, legendary)."""
    try:
        return _TIERS[tier]
    except (KeyError, TypeError):
        raise ValueError(f"unknown tier {tier!r}: choose one of {', '.join(TIERS)}") from None


def pokemon_name(name_en: str) -> Text:
    """A Pokémon's name (the cards' English name is the message id, context "Pokémon")."""
    if not isinstance(name_en, str) or not name_en:
        raise ValueError(f"a Pokémon's name is a non-empty text, got {name_en!r}")
    return _p("Pokémon", name_en)


def card_label(card_id: int) -> Text:
    """A card as the move log and the refusals name it: its Pokémon and its id.

    >>> card_label(1).render("en"), card_label(1).render("zh")
    ('Charmander (#1)', '小火龙（#1）')
    >>> card_label(0)
    Traceback (most recent call last):
    ...
    ValueError: no card has id 0
    """
    if card_id not in CARDS:
        raise ValueError(f"no card has id {card_id!r}")
    return _("{name} (#{id})", name=pokemon_name(CARDS[card_id].name_en), id=card_id)
