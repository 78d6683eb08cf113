"""Setting up Here Comes Pokémon! (HC-C1, HC-C4, HC-C5, HC-R1): ``new_game`` and the round's deal.

The target deck is shuffled from the game's seed (shuffle number ``shuffles``),
so the same seed always deals the same cards; ``_start_round`` deals the hands
and opens wave 1, for the first round and every later one.

>>> s = new_game(["Ash", "Misty"], seed=7)
>>> [len(p.hand) for p in s.players], s.deck_size
([5, 5], 50)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.core.texts import default_name
from pokelab.errors import InputError
from pokelab.herecomes.bag import validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.pieces import COLOURS
from pokelab.herecomes.state import Setup, State, Variant
from pokelab.herecomes.trainers import TRAINERS
from pokelab.words import _

__all__ = ["HAND_SIZE", "new_game"]

HAND_SIZE = 5  # HC-R1
_CARD_IDS: tuple[str, ...] = tuple(TARGETS)
_FIELD_INDEX = {name: i for i, name in enumerate(State._fields)}
_tuple_new = tuple.__new__


def _rep(s: State, **changes: Any) -> State:
    """``s._replace(**changes)``, about twice as fast (the hot path of ``apply``)."""
    values = list(s)
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return _tuple_new(State, values)


def _shuffled(cards: Sequence[str], seed: int, shuffles: int) -> tuple[str, ...]:
    """The target deck after shuffle number ``shuffles`` of game ``seed``: same seed, same deck."""
    order = list(cards)
    random.Random(f"pokelab.herecomes/{seed}/deck/{shuffles}").shuffle(order)
    return tuple(order)


def _take(
    deck: tuple[str, ...], discards: tuple[str, ...], shuffles: int, seed: int, k: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int]:
    """Take ``k`` cards; when the deck runs out the discard pile is shuffled into a new deck (HC-R1)."""
    if len(deck) >= k:
        return deck[:k], deck[k:], discards, shuffles
    got = deck
    if len(deck) + len(discards) < k:
        raise InputError(_('the target deck and discard pile hold {count} cards, {value} are needed', count=len(deck) + len(discards), value=k))
    deck = _shuffled(discards, seed, shuffles)
    need = k - len(got)
    return got + deck[:need], deck[need:], (), shuffles + 1


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise InputError(_('players is a count from 1 to 4 or a list of names, got {players}', players=repr(players)))
    if isinstance(players, int):
        if not 1 <= players <= 4:
            raise InputError(_('Here Comes Pokémon! is for 1 to 4 players (1 = solo practice), got {players}', players=players))
        return tuple(default_name(i) for i in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InputError(_('players is a count from 1 to 4 or a list of names, got {players}', players=repr(players)))
    names = tuple(players)
    if not 1 <= len(names) <= 4:
        raise InputError(_('Here Comes Pokémon! is for 1 to 4 players (1 = solo practice), got {count} names', count=len(names)))
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InputError(_('a player name is a non-empty string, got {name}', name=repr(name)))
    if len(set(names)) != len(names):
        raise InputError(_('player names must differ, got {value}', value=str(list(names))))
    return names


def _setup(
    players: int | Sequence[str],
    seed: int,
    bag: Mapping[str, int] | None,
    trainers: Any,
    variant: Any,
) -> Setup:
    names = _names(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(_('seed must be a whole number, got {seed}', seed=repr(seed)))
    composition = validate_bag(bag)
    if variant is None:
        variant = Variant()
    elif isinstance(variant, Mapping):
        unknown = sorted(map(str, set(variant) - {"redraw", "win_points"}))
        if unknown:
            raise InputError(_("variant options are redraw ('all'/'leader') and win_points, got {value}", value=repr(dict(variant))))
        variant = Variant(**variant)
    elif not isinstance(variant, Variant):
        raise InputError(_('variant must be a Variant (or a mapping of its options), got {variant}', variant=repr(variant)))
    return Setup(
        names, tuple(composition[c] for c in COLOURS), variant, seed, trainers is not False
    )


def _deal_trainers(setup: Setup, rng: random.Random) -> tuple[str | None, ...]:
    n = len(setup.names)
    if not setup.trainers:
        return (None,) * n
    pool = [t.id for t in TRAINERS.values() if n > 1 or t.solo]
    return tuple(rng.sample(pool, n))


def _build(
    setup: Setup,
    leader: int,
    trainers: tuple[str | None, ...],
    deck: tuple[str, ...],
    shuffles: int,
    points: tuple[int, ...],
    hands: Mapping[int, tuple[str, ...]],
) -> State:
    n = len(setup.names)
    empty = ((),) * n
    state = State(
        setup=setup,
        round=1,
        wave=1,
        phase="draw",
        leader=leader,
        to_move=(),
        tokens=(),
        bag_left=setup.composition,
        deck=deck,
        discards=(),
        hands=empty,
        scored=empty,
        points=points,
        trainers=trainers,
        pending=(None,) * n,
        extra=(None,) * n,
        round_uses=(0,) * n,
        game_uses=(0,) * n,
        round_discards=empty,
        peeks=empty,
        events=(),
        returned=(),
        redraw_by=-1,
        achieved=empty,
        shuffles=shuffles,
        summary=None,
        winners=(),
        by_legend=False,
    )
    return _start_round(state, 1, leader, deck, (), shuffles, hands)


def new_game(
    players: int | Sequence[str] = 3,
    *,
    seed: int = 0,
    bag: Mapping[str, int] | None = None,
    trainers: bool = True,
    variant: Variant | None = None,
) -> State:
    """A new game: shuffled target deck, 5 cards each, trainers dealt, a random first leader.

    ``players`` is a count (1–4; 1 = solo practice: reach 10 points in as few
    rounds as possible) or a list of names. Same seed, same game.

    >>> s = new_game(["Ash", "Misty"], seed=7)
    >>> [p.name for p in s.players], s.deck_size, s.is_chance
    (['Ash', 'Misty'], 50, True)
    >>> new_game(3, seed=7) == new_game(3, seed=7)
    True
    >>> new_game(5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: Here Comes Pokémon! is for 1 to 4 players (1 = solo practice), got 5
    >>> new_game(2, bag={"red": 4, "blue": 4})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the bag holds 8 tokens but a round draws 10: add at least 2 more
    """
    if not isinstance(trainers, bool):
        raise InputError(_('trainers is True or False, got {trainers}', trainers=repr(trainers)))
    setup = _setup(players, seed, bag, trainers, variant)
    n = len(setup.names)
    rng = random.Random(f"pokelab.herecomes/{seed}/setup")
    leader = rng.randrange(n)
    dealt = _deal_trainers(setup, rng)
    deck = _shuffled(_CARD_IDS, seed, 0)
    return _build(setup, leader, dealt, deck, 1, (0,) * n, {})


def _start_round(
    s: State,
    round_no: int,
    leader: int,
    deck: tuple[str, ...],
    discards: tuple[str, ...],
    shuffles: int,
    chosen: Mapping[int, tuple[str, ...]] | None = None,
) -> State:
    """Deal the hands (HC-R1) and open wave 1."""
    n = len(s.hands)
    hands = []
    for seat in range(n):
        if chosen and seat in chosen:
            hand = chosen[seat]
        else:
            hand, deck, discards, shuffles = _take(
                deck, discards, shuffles, s.setup.seed, HAND_SIZE
            )
        hands.append(tuple(sorted(hand)))
    empty = ((),) * n
    return _rep(
        s,
        round=round_no,
        wave=1,
        phase="draw",
        leader=leader,
        to_move=(),
        tokens=(),
        bag_left=s.setup.composition,
        deck=deck,
        discards=discards,
        hands=tuple(hands),
        pending=(None,) * n,
        extra=(None,) * n,
        round_uses=(0,) * n,
        round_discards=empty,
        events=(),
        returned=(),
        redraw_by=-1,
        achieved=empty,
        shuffles=shuffles,
    )
