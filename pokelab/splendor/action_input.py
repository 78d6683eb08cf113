"""The arguments of a Splendor: Pokémon action, checked as the action is built: colours, card ids, token counts.

Bad input (not a rule of the game) is an ``InputError`` whose reason renders in
every language; ``pokelab.splendor.actions`` builds its eight actions from these.

>>> _colour_seq({"red": 1, "blue": 2}, "ReturnTokens"), _counts(("red", "blue", "blue"))
(('red', 'blue', 'blue'), (1, 2, 0, 0, 0, 0))
>>> _card_id(0)
Traceback (most recent call last):
...
pokelab.errors.InputError: no card has id 0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import islice

from pokelab.core.texts import listing
from pokelab.errors import InputError
from pokelab.splendor.cards import CARDS, TOKEN_COLOURS, Card
from pokelab.splendor.names import colour_name
from pokelab.words import Text, _

_COLOUR_INDEX = {c: i for i, c in enumerate(TOKEN_COLOURS)}
#: The most tokens any game holds (SP-C1: 7 of each regular colour and 5 master balls); no action
#: moves more, so every count is bounded by it before anything is built (a larger, still bounded
#: count reaches the engine, which names the rule it breaks).
MOST_TOKENS = 7 * 5 + 5
#: Longest action text ``parse_action`` reads (the longest real one is under 80 characters).
MAX_ACTION_TEXT = 200


#: What a bad payment of ``Catch`` is called in its errors.
_PAYMENT = _("{action} payment", action="Catch")


def _bad(reason: Text) -> InputError:
    """An action that cannot be built (bad input, not a rule): a ``ValueError`` in every language."""
    return InputError(reason)


def _colour(value: object) -> str:
    if not isinstance(value, str) or value not in _COLOUR_INDEX:
        raise _bad(_("unknown colour {value}: choose one of {choices}", value=repr(value), choices=", ".join(TOKEN_COLOURS)))
    return value  # type: ignore[return-value]


def _card_id(value: object) -> int:
    if isinstance(value, Card):
        return value.id
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(_("a card is given by its id (a whole number), got {value}", value=repr(value)))
    if value not in CARDS:
        raise _bad(_("no card has id {id}", id=value))
    return value


def _colour_seq(colours: object, what: Text | str) -> tuple[str, ...]:
    """``what`` is the action's name as the text shows it (a name of the code, not a word)."""
    if isinstance(colours, str):
        colours = (colours,)
    if isinstance(colours, Mapping):
        seq: list[str] = []
        for c, n in colours.items():
            _colour(c)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise _bad(
                    _("{what}: the count of {colour} must be a whole number ≥ 0, got {value}",
                      what=what, colour=colour_name(c), value=repr(n))
                )
            if n > MOST_TOKENS:
                raise _bad(
                    _("{what}: a game holds only {most} tokens, got {count} {colour}",
                      what=what, most=MOST_TOKENS, count=n, colour=colour_name(c))
                )
            seq.extend([c] * n)
        colours = seq
    if not isinstance(colours, Iterable):
        raise _bad(_("{what}: expected colours, got {value}", what=what, value=repr(colours)))
    picked = list(islice(colours, MOST_TOKENS + 1))
    if len(picked) > MOST_TOKENS:
        raise _bad(_("{what}: a game holds only {most} tokens, got more", what=what, most=MOST_TOKENS))
    return tuple(sorted((_colour(c) for c in picked), key=_COLOUR_INDEX.__getitem__))


def _counts(colours: tuple[str, ...]) -> tuple[int, ...]:
    out = [0] * 6
    for c in colours:
        out[_COLOUR_INDEX[c]] += 1
    return tuple(out)


def _colours(colours: Iterable[str]) -> Text:
    return listing((colour_name(c) for c in colours), empty=_("no tokens"))
