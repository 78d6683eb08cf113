"""The Here Comes advisers read only what a player may know: a State is turned into that seat's observe view."""

from __future__ import annotations

import random

from pokelab.core.registry import get_game
from pokelab.herecomes import apply, legal_actions, new_game, observe
from pokelab.odds import best_discard
from pokelab.odds.advice import redraw_vote
from widgets.herecomes.hand import advice_for, hand_odds, kept_hand_value


def _positions(players: int, seed: int) -> list:
    game, rng = get_game("herecomes"), random.Random(seed)
    state, out = new_game(players, seed=seed), []
    while not state.is_over and len(out) < 400:
        if state.is_chance:
            state = apply(state, game.sample_chance(state, rng))
            continue
        out.append(state)
        seat = state.to_move[0]
        moves = legal_actions(state, seat)
        state = apply(state, moves[rng.randrange(len(moves))])
    return out


def _secret_twin(state, seat):
    """The same position with the deck reversed and every other seat's first card swapped for a deck card."""
    deck, hands = list(state.deck[::-1]), list(state.hands)
    for other, hand in enumerate(hands):
        if other != seat and hand and deck:
            deck[0], hands[other] = hand[0], (deck[0], *hand[1:])
    return state._replace(deck=tuple(deck), hands=tuple(hands))


def _advice(state, seat, phase, acting):
    out = [hand_odds(state, seat), advice_for(state, seat), kept_hand_value(state, seat)]
    if phase == "discard" and acting:
        out.append(best_discard(state, seat).discard.id)
    if phase == "vote" and acting:
        out.append(redraw_vote(state, seat))
    return out


def test_hc_r2_r4_advisers_give_the_same_word_whatever_the_player_cannot_see():
    """HC-R2..R4 advice from a State equals advice from the seat's view and ignores hidden cards."""
    checked = 0
    for state in _positions(3, seed=4)[::6]:
        for seat in state.to_move:
            told = _advice(state, seat, state.phase, True)
            assert _advice(_secret_twin(state, seat), seat, state.phase, True) == told
            assert _advice(observe(state, seat), None, state.phase, True) == told
            checked += 1
    assert checked > 10
