"""Shared helpers for the Here Comes tests: scripted rounds, random games, invariants, brute-force odds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import product
from math import comb

from pokelab.bots import RandomBot
from pokelab.herecomes import (
    COLOURS,
    TARGETS,
    Discard,
    Draw,
    Keep,
    State,
    VoteRedraw,
    apply,
    legal_actions,
    new_game,
    observe,
    sample,
)

# Token sequences used by the scripted rounds (10 tokens, waves 4-3-2-1).
# T_RED: red 4, blue 3, green 2, purple 1, no yellow; last red.
T_RED = ("red", "blue", "green", "red", "blue", "red", "green", "blue", "purple", "red")
# T_LEGEND: red 3, purple 2 (all), blue 3, green 2, no yellow; last red -> L01 Mew.
T_LEGEND = ("red", "purple", "blue", "green", "purple", "red", "blue", "green", "blue", "red")
# T_L04: red 4, purple 2, blue 4, no green, no yellow; last red -> L01 and L04 both.
T_L04 = ("red", "purple", "blue", "red", "purple", "blue", "red", "blue", "blue", "red")


def draw_all(state: State, tokens: Iterator[str]) -> State:
    while state.is_chance:
        state = apply(state, Draw(next(tokens)))
    return state


def run_round(
    state: State,
    tokens: Sequence[str],
    discards: Mapping[int, Sequence[str]],
    *,
    votes: Mapping[int, bool] | None = None,
    redraw: str | None = None,
    keeps: Mapping[int, str] | None = None,
) -> State:
    """Play one scripted round: ``discards[seat]`` = the 3 cards discarded in waves 1-3."""
    it = iter(tokens)
    for wave in range(3):
        state = draw_all(state, it)
        assert state.phase == "discard" and state.wave == wave + 1
        for p in tuple(state.to_move):
            state = apply(state, Discard(p, discards[p][wave]))
    state = draw_all(state, it)
    assert state.phase == "vote"
    for p in tuple(state.to_move):
        state = apply(state, VoteRedraw(p, bool((votes or {}).get(p, False))))
    if state.phase == "redraw":
        assert redraw is not None, "a redraw happened: say which token comes"
        state = apply(state, Draw(redraw))
    if state.phase == "keep":
        for p in tuple(state.to_move):
            state = apply(state, Keep(p, (keeps or {})[p]))
    return state


def random_game(seed: int, players: int = 4, **options) -> Iterator[tuple[State, object, State]]:
    """Yield (before, action, after) for a whole game played by RandomBots (chance by ``sample``)."""
    rng = random.Random(seed)
    bot = RandomBot()
    state = new_game(players, seed=seed, **options)
    while not state.is_over:
        if state.is_chance:
            action = sample(state, rng)
        else:
            p = state.to_move[rng.randrange(len(state.to_move))]
            action = bot.choose(observe(state, p), legal_actions(state, p), rng)
        after = apply(state, action)
        yield state, action, after
        state = after


def card_places(state: State) -> Counter:
    every = list(state.deck) + list(state.discards)
    every += [c for h in state.hands for c in h] + [c for h in state.scored for c in h]
    return Counter(every)


def check_invariants(state: State, *, from_scenario: bool = False) -> None:
    """The invariants of the rules file, on one state."""
    # Tokens: bag + order cards = the configured composition.
    drawn = Counter(state.tokens)
    for i, colour in enumerate(COLOURS):
        assert state.bag_left[i] + drawn[colour] == state.setup.composition[i]
    # Cards: deck + hands + discards + scored = 60, each exactly once.
    places = card_places(state)
    assert set(places) == set(TARGETS) and set(places.values()) == {1}
    # Hand sizes 5 -> 4 -> 3 -> 2 through the waves.
    if state.phase in ("draw", "discard"):
        expected = 5 - (state.wave - 1)
        assert all(len(h) == expected for h in state.hands), (state.wave, [len(h) for h in state.hands])
    elif state.phase in ("vote", "redraw", "keep"):
        assert all(len(h) == 2 for h in state.hands)
    # Order cards hold at most 4, 3, 2, 1 tokens, filled in order.
    for card, (size, count) in enumerate(zip((4, 3, 2, 1), map(len, state.order_cards), strict=True)):
        assert count <= size
        if count and card:
            assert len(state.order_cards[card - 1]) == (4, 3, 2, 1)[card - 1]
    # Scores come only from scored cards (games started by new_game).
    if not from_scenario:
        for p in range(state.n_players):
            assert state.points[p] == sum(TARGETS[c].points for c in state.scored[p])


def exact_probability(condition, bag: Mapping[str, int], draws: int = 10) -> Fraction:
    """P(condition) by enumerating every multiset of drawn tokens and every last colour."""
    counts = [bag.get(c, 0) for c in COLOURS]
    total = comb(sum(counts), draws)
    result = Fraction(0)
    for drawn in product(*(range(k + 1) for k in counts)):
        if sum(drawn) != draws:
            continue
        weight = Fraction(1, total)
        for k, d in zip(counts, drawn, strict=True):
            weight *= comb(k, d)
        for i, colour in enumerate(COLOURS):
            if drawn[i]:
                tokens = [c for j, c in enumerate(COLOURS) for _ in range(drawn[j] - (j == i))] + [colour]
                if condition.holds(tokens, bag):
                    result += weight * Fraction(drawn[i], draws)
    return result
