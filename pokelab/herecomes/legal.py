"""What can happen next in Here Comes: the chance nodes (which token is drawn) and the legal actions of each seat.

``pokelab.herecomes.engine`` plays what is chosen here (``apply``); both names
are importable from there and from ``pokelab.herecomes``.

>>> from pokelab.herecomes import new_game
>>> s = new_game(2, seed=3)
>>> [str(a) for a in legal_actions(s)][:2], chance_outcomes(s)[1]
(['Draw(red)', 'Draw(blue)'], ('blue', Fraction(1, 4)))
"""

from __future__ import annotations

import random
from fractions import Fraction

from pokelab.herecomes._common import _PHASE_WORDS
from pokelab.herecomes._trainer_rules import _trainer_actions
from pokelab.herecomes.actions import Action, Discard, Draw, Keep, VoteRedraw
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.pieces import COLOURS
from pokelab.herecomes.state import State, check_seat

__all__ = ["chance_outcomes", "keep_options", "legal_actions", "sample"]

_DRAWS = {c: Draw(c) for c in COLOURS}
_VOTES: dict[tuple[int, bool], VoteRedraw] = {}
_IS_LEGEND = {cid: card.is_legend for cid, card in TARGETS.items()}
_DISCARDS_BY_SEAT = tuple({c: Discard(p, c) for c in TARGETS} for p in range(4))


# --------------------------------------------------------------------------- chance


def chance_outcomes(state: State) -> list[tuple[str, Fraction]]:
    """The colours that can be drawn now, each with its exact probability.

    >>> from pokelab.herecomes import apply, new_game, scenario
    >>> chance_outcomes(new_game(2))[0]
    ('red', Fraction(3, 10))
    >>> s = scenario(1, hands={0: ["G01", "G02", "G03", "G04", "G05"]}, trainers=False)
    >>> s = apply(apply(apply(apply(s, Draw("red")), Draw("red")), Draw("red")), Draw("red"))
    >>> chance_outcomes(s)
    Traceback (most recent call last):
    ...
    ValueError: not a chance node: the players are discarding
    """
    if not state.is_chance:
        raise ValueError(f"not a chance node: {_PHASE_WORDS[state.phase]}")
    total = sum(state.bag_left)
    return [(c, Fraction(k, total)) for c, k in zip(COLOURS, state.bag_left, strict=True) if k]


def sample(state: State, rng: random.Random) -> Draw:
    """Draw the next token with a seeded ``random.Random``, weighted by the bag.

    >>> from pokelab.herecomes import new_game
    >>> str(sample(new_game(2), random.Random(0)))
    'Draw(yellow)'
    >>> sample(new_game(2), 0)
    Traceback (most recent call last):
    ...
    ValueError: sample needs a random.Random, got 0
    """
    if not isinstance(rng, random.Random):
        raise ValueError(f"sample needs a random.Random, got {rng!r}")
    if not state.is_chance:
        raise ValueError(f"not a chance node: {_PHASE_WORDS[state.phase]}")
    left = state.bag_left
    r = int(rng.random() * sum(left))
    for i, k in enumerate(left):
        if r < k:
            return _DRAWS[COLOURS[i]]
        r -= k
    raise AssertionError("unreachable: r < total")  # pragma: no cover


# --------------------------------------------------------------------------- legal actions


def keep_options(state: State, player: int) -> tuple[str, ...]:
    """The cards ``player`` may keep after achieving several (HC-R6; a single legend is kept by itself, HC-G1).

    >>> from pokelab.herecomes import new_game
    >>> keep_options(new_game(2), 0)
    ()
    """
    achieved = state.achieved[player]
    legends = tuple(c for c in achieved if _IS_LEGEND[c])
    return legends if legends else achieved


def _vote_action(player: int, agree: bool) -> VoteRedraw:
    key = (player, agree)
    action = _VOTES.get(key)
    if action is None:
        action = _VOTES[key] = VoteRedraw(player, agree)
    return action


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """The actions ``player`` may take now, in a fixed order ([] when it is not their turn).

    At a chance node, ``legal_actions(state)`` lists the possible ``Draw``s;
    with ``player=None`` at a decision node, the actions of every seat in
    ``to_move`` are listed.

    >>> from pokelab.herecomes import Draw, apply, scenario
    >>> s = scenario(2, hands={0: ["G01", "G05", "P01", "O01", "L01"]}, trainers=False)
    >>> for colour in ("red", "blue", "red", "green"):
    ...     s = apply(s, Draw(colour))
    >>> [str(a) for a in legal_actions(s, 0)]
    ['Discard(0, G01)', 'Discard(0, G05)', 'Discard(0, L01)', 'Discard(0, O01)', 'Discard(0, P01)']
    >>> legal_actions(s, 5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: there is no seat 5: seats are 0 to 1
    """
    s = state
    phase = s.phase
    if player is not None:
        check_seat(s, player)
    if phase == "over":
        return []
    if phase == "draw" or phase == "redraw":
        if player is not None:
            return []
        return [_DRAWS[c] for c, k in zip(COLOURS, s.bag_left, strict=True) if k]
    if player is None:
        return [a for p in s.to_move for a in legal_actions(s, p)]
    if player not in s.to_move:
        return []
    out: list[Action]
    if phase == "discard":
        extra = s.extra[player]
        by_card = _DISCARDS_BY_SEAT[player]
        if extra is None:
            out = [by_card[c] for c in s.hands[player]]
        else:
            out = [by_card[c] for c in s.hands[player] if c != extra]
    elif phase == "vote":
        out = [_vote_action(player, True), _vote_action(player, False)]
    else:  # keep
        return [Keep(player, c) for c in keep_options(s, player)]
    if s.setup.trainers and s.trainers[player] is not None:
        out.extend(_trainer_actions(s, player))
    return out
