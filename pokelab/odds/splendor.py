"""Splendor: Pokémon odds from what every player can see: which cards the display will reveal (SP-T4).

The only hidden thing in the game is the order of the face-down deck (reserved
cards are public, SP-A3). Every card not in the display, a reserve, a
collection or the discard pile is in the deck, and from any player's seat each
order of the deck is equally likely. Whenever a card leaves the display the
next deck card fills its place (SP-T4), so "within the next ``refills``
refills" means "among the top ``refills`` cards of the deck": a hypergeometric
question.

>>> from pokelab.splendor import scenario
>>> s = scenario(display=["Charmander", "Squirtle", "Cyndaquil", "Torchic"],
...              deck=["Charmeleon", "Wartortle", "Quilava", "Vulpix", "Growlithe"])
>>> splendor_appears_within(s, "Charmeleon", 2)
Fraction(2, 5)
>>> splendor_position_distribution(s, "Charmeleon")[1]
Fraction(1, 5)
>>> splendor_appears_within(s, "Squirtle", 2)
Traceback (most recent call last):
...
pokelab.errors.InputError: Squirtle (card 18) is not in the deck: it is face up in the display
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from pokelab.errors import IllegalAction, InputError
from pokelab.splendor.cards import CARDS, card_by_name
from pokelab.splendor.payment import _auto_payment
from pokelab.splendor.state import State
from pokelab.words import Text, _

__all__ = [
    "check_refills",
    "marked_in_deck",
    "splendor_appears_within",
    "splendor_catchable",
    "splendor_evolution_within",
    "splendor_position_distribution",
    "splendor_refill_catchable",
    "splendor_unseen",
]


def _public(state: Any) -> tuple[frozenset[int], dict[int, str]]:
    """(the cards in the deck, where each seen card is) from a ``State`` or a player's view.

    >>> _public({"display": []})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: expected a Splendor State or a view from observe(state, player); this one lacks 'discard'
    """
    if isinstance(state, Mapping):
        try:
            return _public_view(state)
        except KeyError as exc:
            raise InputError(_('expected a Splendor State or a view from observe(state, player); this one lacks {value}', value=str(exc))) from None
        except (TypeError, AttributeError) as exc:
            raise InputError(_('not a view from observe(state, player): {value}', value=str(exc))) from None
    if not isinstance(state, State):
        raise InputError(_('expected a Splendor State or a view from observe(state, player), got {kind}', kind=type(state).__name__))
    return _public_state(state)


def _public_view(state: Mapping[str, Any]) -> tuple[frozenset[int], dict[int, str]]:
    where: dict[int, Text] = {}
    # observe(state, player)
    for c in state["display"]:
        where[c["id"]] = _("it is face up in the display")
    for c in state["discard"]:
        where[c["id"]] = _("it is in the discard pile")
    for p in state["players"]:
        for c in p["captured"]:
            where[c["id"]] = _("player {seat} has caught it", seat=p["index"])
        for c in p["reserved"]:
            where[c["id"]] = _("player {seat} has reserved it", seat=p["index"])
    deck = frozenset(CARDS) - frozenset(where)
    if len(deck) != state["deck_size"]:
        raise InputError(_('the view is inconsistent: {count} cards unaccounted for but deck_size is {value}', count=len(deck), value=state['deck_size']))
    return deck, where


_IN_DISPLAY = _("it is face up in the display")
_IN_DISCARD = _("it is in the discard pile")


def _public_state(state: Any) -> tuple[frozenset[int], dict[int, str]]:
    where: dict[int, Text] = dict.fromkeys(state.display, _IN_DISPLAY)  # one text per place, not per card:
    where.update(dict.fromkeys(state.discard, _IN_DISCARD))  # the coach asks this after every move
    for i, p in enumerate(state.players):
        caught, reserved = _held_by(i)
        where.update(dict.fromkeys(p.captured, caught))
        where.update(dict.fromkeys(p.reserved, reserved))
    return frozenset(state.deck), where


@lru_cache(maxsize=16)
def _held_by(seat: int) -> tuple[Text, Text]:
    return _("player {seat} has caught it", seat=seat), _("player {seat} has reserved it", seat=seat)


def _players(state: Any) -> Any:
    if not isinstance(state, State):
        raise InputError(_("expected a Splendor State (the players' tokens decide), got {kind}", kind=type(state).__name__))
    return state.players


def splendor_unseen(state: Any) -> frozenset[int]:
    """The ids of the cards in the face-down deck (known as a set, never in order).

    >>> from pokelab.splendor import new_game
    >>> len(splendor_unseen(new_game(2, seed=1)))
    86
    """
    return _public(state)[0]


def _card_id(card: Any) -> int:
    if isinstance(card, str):
        try:
            return card_by_name(card).id
        except KeyError:
            raise InputError(_('no Splendor card named {card}', card=repr(card))) from None
    cid = getattr(card, "id", card)
    if isinstance(cid, bool) or not isinstance(cid, int) or cid not in CARDS:
        raise InputError(_('unknown Splendor card {card} (give a Card, an id or a name)', card=repr(card)))
    return cid


def marked_in_deck(state: Any, cards: Any) -> tuple[int, int]:
    """(deck size, how many of ``cards`` are in the deck); every named card must be in the deck."""
    deck, where = _public(state)
    many = not isinstance(cards, str | int) and not hasattr(cards, "id") and isinstance(cards, Iterable)
    ids = {_card_id(c) for c in cards} if many else {_card_id(cards)}
    if not ids:
        raise InputError(_('name at least one card'))
    for cid in sorted(ids):
        if cid not in deck:
            raise InputError(_('{name} (card {id}) is not in the deck: {where}', name=CARDS[cid].pokemon, id=cid, where=where[cid]))
    return len(deck), len(ids)


def check_refills(refills: Any) -> int:
    """``refills`` checked: a whole number >= 0 (how many cards the display will draw)."""
    if isinstance(refills, bool) or not isinstance(refills, int) or refills < 0:
        raise InputError(_('refills must be a whole number >= 0, got {refills}', refills=repr(refills)))
    return refills


def _any_within(deck: int, k: int, refills: int) -> Fraction:
    """P(at least one of ``k`` marked cards among the top ``refills`` of a ``deck``-card deck)."""
    r = min(refills, deck)
    return 1 - Fraction(comb(deck - k, r), comb(deck, r))


def splendor_appears_within(state: Any, card: Any, refills: int) -> Fraction:
    """The chance ``card`` (or any of several cards) reaches the display within the next ``refills`` refills (SP-T4).

    ``card`` is a ``Card``, an id, a name, or a collection of them (then: the
    chance at least one of them appears). ``state`` is a ``State`` or a
    player's view; only public information is used.

    >>> from pokelab.splendor import new_game
    >>> s = new_game(2, seed=1)
    >>> deck = sorted(splendor_unseen(s))
    >>> splendor_appears_within(s, deck[0], 4)
    Fraction(2, 43)
    >>> splendor_appears_within(s, deck[:3], 4)
    Fraction(689, 5117)
    >>> splendor_appears_within(s, deck[0], -1)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: refills must be a whole number >= 0, got -1
    """
    refills = check_refills(refills)
    deck, k = marked_in_deck(state, card)
    return _any_within(deck, k, refills)


def splendor_position_distribution(state: Any, card: Any) -> dict[int, Fraction]:
    """The chance that ``card`` (or the first of several cards) is revealed by refill 1, 2, … (SP-T4).

    Position ``j`` means the ``j``-th card drawn from the deck. One card is
    equally likely anywhere; for ``k`` cards the first one is at ``j`` with
    chance ``C(D - j, k - 1) / C(D, k)``.

    >>> from pokelab.splendor import scenario
    >>> s = scenario(display=[1, 4, 7, 10], deck=[2, 5, 8, 11])
    >>> splendor_position_distribution(s, [2, 5])
    {1: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6), 4: Fraction(0, 1)}
    """
    deck, k = marked_in_deck(state, card)
    total = comb(deck, k)
    return {j: Fraction(comb(deck - j, k - 1), total) for j in range(1, deck + 1)}


def splendor_catchable(state: Any, player: int, card: Any) -> bool:
    """True when ``player`` could catch ``card`` now with their tokens and discounts (SP-A4, SP-A5).

    Uses the engine's own payment rule (the cheapest payment of SP-A6).

    >>> from pokelab.splendor import scenario
    >>> s = scenario(tokens={1: {"blue": 2, "green": 1, "master": 1}}, captured={1: ["Charmander"]})
    >>> splendor_catchable(s, 1, "Charmeleon"), splendor_catchable(s, 0, "Charmeleon")
    (True, False)
    """
    players = _players(state)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(players):
        raise InputError(_('player must be 0..{last}, got {player}', last=len(players) - 1, player=repr(player)))
    try:
        _auto_payment(players[player], _card_id(card))
    except IllegalAction:
        return False
    return True


def splendor_refill_catchable(state: Any, player: int, refills: int = 1) -> Fraction:
    """The chance that the next ``refills`` cards revealed include one ``player`` can catch at once.

    The question behind a catch or a reserve: "if I take a card from the
    display, how likely is it that the card revealed in its place is one my
    opponent can catch right away?" ``player``'s tokens and discounts are
    public; the deck's order is not. Exact (hypergeometric over the deck).

    >>> from pokelab.splendor import scenario
    >>> s = scenario(tokens={1: {"blue": 2, "green": 1, "master": 1}}, captured={1: ["Charmander"]},
    ...              display=[4, 7, 10, 12], deck=["Charmeleon", "Wartortle", "Quilava", "Squirtle"])
    >>> splendor_refill_catchable(s, 1), splendor_refill_catchable(s, 1, refills=2)
    (Fraction(1, 4), Fraction(1, 2))
    """
    refills = check_refills(refills)
    deck = splendor_unseen(state)
    k = sum(1 for c in deck if splendor_catchable(state, player, c))
    if not deck:
        return Fraction(0)
    return _any_within(len(deck), k, refills)


def splendor_evolution_within(state: Any, player: int, refills: int) -> Fraction:
    """The chance an evolution of one of ``player``'s caught Pokémon reaches the display within ``refills`` refills (SP-E1).

    >>> from pokelab.splendor import scenario
    >>> s = scenario(captured={0: ["Charmander"]}, display=[4, 7, 10, 12],
    ...              deck=["Wartortle", "Charmeleon", "Quilava", "Squirtle"])
    >>> splendor_evolution_within(s, 0, 1), splendor_evolution_within(s, 0, 4)
    (Fraction(1, 4), Fraction(1, 1))
    """
    refills = check_refills(refills)
    players = _players(state)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(players):
        raise InputError(_('player must be 0..{last}, got {player}', last=len(players) - 1, player=repr(player)))
    mine = set(players[player].captured)
    deck = splendor_unseen(state)
    k = sum(1 for c in deck if CARDS[c].evolves_from in mine)
    if not deck:
        return Fraction(0)
    return _any_within(len(deck), k, refills)
