"""Setting up a game of Splendor: Pokémon (SP-C3, SP-S1, SP-S2): ``new_game`` and the player builders.

>>> s = new_game(["Ash", "Misty"], seed=1)
>>> [p.name for p in s.players], len(s.display), s.deck_size
(['Ash', 'Misty'], 4, 86)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokelab.core.texts import default_name
from pokelab.errors import InputError
from pokelab.splendor._tables import DISC, NEXT, PTS
from pokelab.splendor.cards import CARDS
from pokelab.splendor.state import DEFAULT_VARIANT, PlayerState, State, Variant
from pokelab.splendor.sweep import _sweep
from pokelab.words import _

__all__ = ["new_game"]


def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise InputError(_('players must be a count (2-4) or a list of names, got {players}', players=repr(players)))
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise InputError(_('Splendor: Pokémon is for 2 to 4 players (SP-C3), got {players}', players=players))
        return tuple(default_name(i) for i in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InputError(_('players must be a count (2-4) or a list of names, got {players}', players=repr(players)))
    names = tuple(players)
    if not 2 <= len(names) <= 4:
        raise InputError(_('Splendor: Pokémon is for 2 to 4 players (SP-C3), got {count} names', count=len(names)))
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise InputError(_('player names must be non-empty strings, got {name}', name=repr(n)))
    return names


def _make_player(name: str, tok: tuple[int, ...], captured: tuple[int, ...], reserved: tuple[int, ...]) -> PlayerState:
    dsc = [0] * 5
    pts = 0
    for c in captured:
        pts += PTS[c]
        if DISC[c] >= 0:
            dsc[DISC[c]] += 1
    return PlayerState(name, tok, captured, reserved, pts, tuple(dsc), _targets(captured))


def _targets(captured: tuple[int, ...]) -> frozenset[int]:
    """The card ids the captured cards could evolve into."""
    out: frozenset[int] = frozenset()
    for c in captured:
        if NEXT[c]:
            out = out | NEXT[c]
    return out


def new_game(players: int | Sequence[str] = 2, *, seed: int = 0, variant: Variant | None = None) -> State:
    """Set up a game (SP-S1, SP-S2): shuffle the deck, reveal 4 cards, draw the first player.

    ``players`` is a count (2-4) or a list of names; ``seed`` fixes the shuffle
    and the first player, so the same seed always gives the same game. ``variant``
    defaults to ``Variant()``, whose ``frozen_display="sweep"`` (SP-T5) already
    sweeps a frozen opening display; ``Variant(frozen_display="wait")`` keeps it.

    >>> s = new_game(3, seed=42)
    >>> len(s.display), s.deck_size, s.round, s.phase
    (4, 86, 1, 'main')
    >>> new_game(3, seed=42) == s
    True
    >>> new_game(5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: Splendor: Pokémon is for 2 to 4 players (SP-C3), got 5
    """
    names = _player_names(players)
    variant = DEFAULT_VARIANT if variant is None else variant
    if not isinstance(variant, Variant):
        raise InputError(_('variant must be a Variant, got {variant}', variant=repr(variant)))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(_('seed must be an int, got {seed}', seed=repr(seed)))
    rng = random.Random(seed)
    deck = sorted(CARDS)
    rng.shuffle(deck)
    first = rng.randrange(len(names))
    empty = (0,) * 6
    ps = tuple(_make_player(n, empty, (), ()) for n in names)
    disp, rest = tuple(deck[:4]), tuple(deck[4:])
    if variant.frozen_display != "wait":
        disp, rest = _sweep(ps, disp, rest)
    return State(
        players=ps, sup=variant.supply_counts(len(names)), display=disp, deck=rest, discard=(),
        current_player=first, first_player=first, round=1, phase_id=0, evolved=False,
        ending=False, over=0, variant=variant, seed=seed,
    )
