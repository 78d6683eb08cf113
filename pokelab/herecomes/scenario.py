"""Chosen positions for lessons and tests: ``scenario`` starts a round with the hands, leader, scores and trainers you name.

>>> s = scenario(1, hands={0: ["G01", "G02", "G03", "G04", "G05"]}, trainers=False)
>>> s.players[0].hand, s.is_chance
(('G01', 'G02', 'G03', 'G04', 'G05'), True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.errors import InputError
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.setup import _CARD_IDS, HAND_SIZE, _build, _deal_trainers, _setup, _shuffled
from pokelab.herecomes.state import State, Variant
from pokelab.herecomes.trainers import TRAINERS
from pokelab.words import Text, _

__all__ = ["scenario"]


def scenario(
    players: int | Sequence[str],
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    bag: Mapping[str, int] | None = None,
    leader: int = 0,
    scores: Mapping[int, int] | None = None,
    trainers: bool | Mapping[int, str] | None = None,
    seed: int = 0,
    variant: Variant | None = None,
    deck_top: Sequence[str] = (),
) -> State:
    """The start of a round with chosen hands, leader, scores and trainers — for lessons and tests.

    ``hands`` maps seat -> 5 card ids (seats left out are dealt from the shuffled
    deck); ``trainers`` is ``False`` (none), ``None``/``True`` (dealt at random)
    or a mapping seat -> trainer id; ``deck_top`` puts chosen cards on top of
    the target deck (the next cards drawn, e.g. by an HC-T1 extra discard).

    >>> s = scenario(2, hands={0: ["G01", "G05", "P01", "O01", "L01"]}, leader=1, scores={1: 7}, trainers=False)
    >>> s.players[0].hand, s.leader, s.points
    (('G01', 'G05', 'L01', 'O01', 'P01'), 1, (0, 7))
    >>> scenario(2, hands={0: ["G01", "G01", "P01", "O01", "L01"]})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: impossible set-up: card G01 is dealt twice
    """
    if trainers is True:
        trainers = None
    setup = _setup(players, seed, bag, trainers is not False, variant)
    n = len(setup.names)
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
        raise InputError(_('impossible set-up: leader must be a seat from 0 to {last}, got {leader}', last=n - 1, leader=repr(leader)))
    used: set[str] = set()

    def claim(card: Any, where: Text | str) -> str:
        if card not in TARGETS:
            raise InputError(_('impossible set-up: unknown card {card} in {where}', card=repr(card), where=where))
        if card in used:
            raise InputError(_('impossible set-up: card {card} is dealt twice', card=card))
        used.add(card)
        return card

    chosen: dict[int, tuple[str, ...]] = {}
    for seat, cards in (hands or {}).items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InputError(_('impossible set-up: hands names seat {seat}; seats are 0 to {last}', seat=repr(seat), last=n - 1))
        if isinstance(cards, str) or len(cards) != HAND_SIZE:
            raise InputError(_('impossible set-up: seat {seat} must start a round with {size} cards, got {cards}', seat=seat, size=HAND_SIZE, cards=repr(cards)))
        chosen[seat] = tuple(claim(c, _("the hand of seat {seat}", seat=seat)) for c in cards)
    top = tuple(claim(c, "deck_top") for c in deck_top)
    points = [0] * n
    for seat, pts in (scores or {}).items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InputError(_('impossible set-up: scores names seat {seat}; seats are 0 to {last}', seat=repr(seat), last=n - 1))
        if (
            isinstance(pts, bool)
            or not isinstance(pts, int)
            or not 0 <= pts < setup.variant.win_points
        ):
            raise InputError(_('impossible set-up: seat {seat} has {pts} points; a running game has 0 to {most} (a higher score would have ended it)', seat=seat, pts=repr(pts), most=setup.variant.win_points - 1))
        points[seat] = pts
    rng = random.Random(f"pokelab.herecomes/{seed}/setup")
    if trainers is None:
        dealt = _deal_trainers(setup, rng)
    elif trainers is False:
        dealt = (None,) * n
    elif isinstance(trainers, Mapping):
        seats: list[str | None] = [None] * n
        for seat, tid in trainers.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise InputError(_('impossible set-up: trainers names seat {seat}; seats are 0 to {last}', seat=repr(seat), last=n - 1))
            if tid not in TRAINERS:
                raise InputError(_('impossible set-up: unknown trainer {tid}; trainers are {choices}', tid=repr(tid), choices=', '.join(TRAINERS)))
            if tid in seats:
                raise InputError(_('impossible set-up: trainer {tid} is dealt twice', tid=tid))
            seats[seat] = tid
        dealt = tuple(seats)
    else:
        raise InputError(_('trainers is False, None or a mapping seat -> trainer id, got {trainers}', trainers=repr(trainers)))
    rest = _shuffled([c for c in _CARD_IDS if c not in used], seed, 0)
    return _build(setup, leader, dealt, top + rest, 1, tuple(points), chosen)
