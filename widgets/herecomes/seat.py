"""What one seat of a Here Comes Pokémon! table may know, applied to text (HC-G3).

The board's log is built from the engine's own filter (``observe``): ``new_events``
gives the public events a move revealed as a seat sees them. Any other text a seat
is shown (a bot's failure, say) passes ``blank_unknown_cards`` with the cards that
seat may know (``card_ids_in`` of what it has been shown).

>>> from pokelab.herecomes import new_game
>>> s = new_game(2, seed=1)
>>> new_events(s, s, 0)
[]
>>> new_events(s, s, 5)
Traceback (most recent call last):
...
pokelab.errors.InputError: there is no seat 5: ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pokelab.herecomes import TARGETS, State, observe
from pokelab.words import languages

__all__ = ["blank_unknown_cards", "card_ids_in", "new_events"]


def new_events(before: State, after: State, seat: int) -> list[dict[str, Any]]:
    """The public events (as ``seat`` sees them) that the move from ``before`` to ``after`` revealed.

    ``ValueError`` for a seat the game does not have (from ``observe``).
    """
    seen = observe(after, seat)
    if after.round == before.round:
        events = seen["events"]
    else:  # the move ended the round: its events are in the round's summary
        events = (seen["last_round"] or {}).get("events", [])
    return list(events[len(before.events) :])


_CARD_ID = re.compile(r"[A-Z]\d\d")


def _names_and_pattern() -> tuple[dict[str, set[str]], re.Pattern[str]]:
    """Each card's name in every language the kit speaks now -> its ids, and one pattern for ids and names."""
    langs = languages()
    cached = _CACHE.get(langs)
    if cached is None:
        name_ids: dict[str, set[str]] = {}
        for cid, card in TARGETS.items():
            for lang in langs:
                name_ids.setdefault(card.pokemon.render(lang), set()).add(cid)
        # longest names first, so "Mewtwo" is one match and never "Mew" + "two"
        names = sorted(name_ids, key=len, reverse=True)
        cached = _CACHE[langs] = (name_ids, re.compile("|".join([_CARD_ID.pattern, *map(re.escape, names)])))
    return cached


_CACHE: dict[tuple[str, ...], tuple[dict[str, set[str]], re.Pattern[str]]] = {}


def card_ids_in(value: Any) -> set[str]:
    """Every card id that appears in a JSON-like value (dict keys and values, lists, text).

    >>> sorted(card_ids_in({"hand": [{"id": "G13"}], "legal": ["Discard(0, P01)"], "n": 3}))
    ['G13', 'P01']
    >>> card_ids_in("X99 is no card")
    set()
    """
    out: set[str] = set()
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.update(m for m in _CARD_ID.findall(item) if m in TARGETS)
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, Iterable) and not isinstance(item, bytes):
            stack.extend(item)
    return out


def blank_unknown_cards(text: str, known: set[str]) -> str:
    """``text`` with every card id and card name (in any language) not in ``known`` replaced by "?".

    >>> blank_unknown_cards("it holds Pikachu (G13) and G01", {"G01"})
    'it holds ? (?) and G01'
    >>> blank_unknown_cards("皮卡丘（G13）", set()), blank_unknown_cards("Mewtwo", {"L01"})
    ('?（?）', '?')
    """
    name_ids, pattern = _names_and_pattern()

    def keep_or_blank(match: re.Match[str]) -> str:
        word = match.group(0)
        ids = name_ids.get(word) or ({word} if word in TARGETS else set())
        return word if not ids or ids & known else "?"

    return pattern.sub(keep_or_blank, text)


def _unique_names(players: Any) -> list[str]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players is a list of 1 to 4 names, got {players!r}")
    names = [str(p) for p in players]
    if not 1 <= len(names) <= 4:
        raise ValueError(f"Here Comes Pokémon! is for 1 to 4 players, got {len(names)} names")
    # The engine needs different names; "Bot", "Bot" becomes "Bot 1", "Bot 2".
    out = []
    for i, name in enumerate(names):
        if names.count(name) > 1:
            name = f"{name} {names[: i + 1].count(name)}"
        out.append(name)
    return out
