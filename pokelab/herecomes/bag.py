"""The bag of poké-ball tokens: colours, the default composition, its validation (HC-C1) and a seeded round."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType

from pokelab.errors import InputError
from pokelab.herecomes.names import colour_name, colour_names
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import Text, _

__all__ = [
    "DEFAULT_BAG",
    "DRAWS_PER_ROUND",
    "MAX_BAG_COLOUR",
    "WAVES",
    "draw_round",
    "validate_bag",
]

WAVES: tuple[int, ...] = (4, 3, 2, 1)  # HC-C3: tokens onto order cards 1-4
DRAWS_PER_ROUND: int = sum(WAVES)

DEFAULT_BAG: Mapping[str, int] = MappingProxyType(
    {"red": 6, "blue": 5, "green": 4, "yellow": 3, "purple": 2}
)


#: Most tokens of one colour a bag may hold: enough for any lesson, and bounded so a typo cannot
#: make sampling or exact counting blow up.
MAX_BAG_COLOUR = 1000


def validate_bag(bag: Mapping[str, int] | None, *, draws: int = DRAWS_PER_ROUND) -> dict[str, int]:
    """Check a bag composition and return it as a plain dict in colour order.

    Colours not named hold 0 tokens. ``None`` means ``DEFAULT_BAG``.

    >>> validate_bag({"red": 6, "purple": 4})
    {'red': 6, 'blue': 0, 'green': 0, 'yellow': 0, 'purple': 4}
    >>> validate_bag({"pink": 3})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: unknown token colour 'pink' in the bag; colours are red, blue, green, yellow, purple
    >>> validate_bag({"red": 5})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the bag holds 5 tokens but a round draws 10: add at least 5 more
    >>> validate_bag({"red": 10**400})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: a bag holds at most 1000 tokens of a colour, got 1000000000… (401 digits) red
    """
    if bag is None:
        return dict(DEFAULT_BAG)
    if not isinstance(bag, Mapping):
        raise InputError(_("a bag maps colour -> count, got {value}", value=type(bag).__name__))
    clean = {colour: 0 for colour in COLOURS}
    for colour, count in bag.items():
        if colour not in clean:
            raise InputError(
                _("unknown token colour {value} in the bag; colours are {choices}", value=repr(colour), choices=colour_names())
            )
        if isinstance(count, bool) or not isinstance(count, int):
            raise InputError(
                _("the count of {colour} must be a whole number, got {value}", colour=colour_name(colour), value=repr(count))
            )
        if count < 0:
            raise InputError(_("the count of {colour} cannot be negative, got {count}", colour=colour_name(colour), count=count))
        if count > MAX_BAG_COLOUR:
            raise InputError(
                _("a bag holds at most {most} tokens of a colour, got {count} {colour}",
                  most=MAX_BAG_COLOUR, count=_shortened(count), colour=colour_name(colour))
            )
        clean[colour] = count
    total = sum(clean.values())
    if total < draws:
        raise InputError(
            _("the bag holds {total} tokens but a round draws {draws}: add at least {more} more",
              total=total, draws=draws, more=draws - total)
        )
    return clean




def _shortened(count: int) -> str | Text:
    """A huge number as a person can read it in a message: its first digits and how many there are.

    >>> _shortened(1234), _shortened(10**40).render("zh")
    ('1234', '1000000000…（共 41 位）')
    """
    digits = str(count)
    if len(digits) <= 12:
        return digits
    return _("{start}… ({count} digits)", start=digits[:10], count=len(digits))


def draw_round(bag: Mapping[str, int] | None, rng: random.Random) -> tuple[str, ...]:
    """Draw one round's 10 tokens in order, without replacement, with a seeded ``random.Random``.

    >>> import random
    >>> draw_round(DEFAULT_BAG, random.Random(0)) == draw_round(DEFAULT_BAG, random.Random(0))
    True
    >>> draw_round(DEFAULT_BAG, 0)
    Traceback (most recent call last):
    ...
    ValueError: draw_round needs a random.Random, got 0
    """
    if not isinstance(rng, random.Random):
        raise ValueError(f"draw_round needs a random.Random, got {rng!r}")
    counts = validate_bag(bag)
    tokens = [colour for colour in COLOURS for _ in range(counts[colour])]
    return tuple(rng.sample(tokens, DRAWS_PER_ROUND))
