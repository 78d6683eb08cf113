"""What the Splendor: Pokémon bots know: a state rebuilt from a view, and a position's value.

A bot sees only ``observe(state, player)``: everything except the order of the
face-down deck. ``sample_state(view, rng)`` rebuilds a full engine state with
the unseen cards shuffled into the deck (one *determinization*), so a bot can
try moves with the engine's own ``apply``. ``value(state, player)`` scores a
position in points-like units; ``evaluate`` compares it with the best opponent.

>>> import random
>>> from pokelab.splendor import new_game, observe
>>> state = new_game(2, seed=4)
>>> guess = sample_state(observe(state, 0), random.Random(1))
>>> guess.display == state.display and sorted(guess.deck) == sorted(state.deck)
True
>>> evaluate(state, 0) == evaluate(state, 1) == 0.0
True
>>> sample_state({"game": "herecomes"}, random.Random(1))
Traceback (most recent call last):
...
ValueError: sample_state needs a splendor view (observe(state, player)), got game 'herecomes'
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from pokelab.splendor import (
    CARDS,
    COLOURS,
    PHASES,
    TOKEN_COLOURS,
    PlayerState,
    State,
    Variant,
    result,
)

__all__ = ["evaluate", "evaluate_each", "sample_state", "state_from_view", "value", "win_chance"]

_N = max(CARDS) + 1
COST: list[tuple[int, ...]] = [(0, 0, 0, 0, 0)] * _N
PTS: list[int] = [0] * _N
DISC: list[int] = [-1] * _N
SPECIAL: list[bool] = [False] * _N
EVO_FROM: list[int] = [0] * _N
STAGE: list[int] = [0] * _N
for _c in CARDS.values():
    COST[_c.id] = tuple(_c.cost)
    PTS[_c.id] = _c.points
    DISC[_c.id] = COLOURS.index(_c.discount) if _c.discount else -1
    SPECIAL[_c.id] = _c.tier != "normal"
    EVO_FROM[_c.id] = _c.evolves_from or 0
    STAGE[_c.id] = _c.stage
ALL_CARDS = frozenset(CARDS)
#: A card's worth as a target before its distance counts: its points, + 1/2 for a discount.
_TARGET_POINTS: list[float] = [PTS[c] + (0.5 if DISC[c] >= 0 else 0.0) for c in range(_N)]
END_POINTS = 18

# The weights of the position value, in trophy points. Kept few and readable: a
# lesson can print them and a student can change them.
WEIGHTS: dict[str, float] = {
    "discount": 0.45,  # a permanent discount, whatever its colour
    "token": 0.12,  # a regular token that pays toward a visible card
    "master": 0.35,  # a master ball (wildcard; rare and legendary cards need one)
    "target": 0.6,  # share of the best visible target's points, scaled by how close it is
    "evolution": 0.7,  # share of a free evolution's point gain waiting in display/reserve
    "reserve": 0.15,  # share of a reserved card's points (secured target)
    "no_master": 0.3,  # per rare/legendary card in the display while holding no master ball
}


def _counts(mapping: Mapping[str, int], colours: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(int(mapping.get(c, 0)) for c in colours)


def _ids(cards: Any) -> tuple[int, ...]:
    return tuple(int(c["id"]) if isinstance(c, Mapping) else int(c) for c in cards)


_EVOLVES_INTO: dict[int, frozenset[int]] = {}
for _c in CARDS.values():
    if _c.evolves_from:
        _EVOLVES_INTO[_c.evolves_from] = _EVOLVES_INTO.get(_c.evolves_from, frozenset()) | {_c.id}
_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))
_STATE_FIELDS = tuple(f.name for f in fields(State))


def _player(data: Mapping[str, Any]) -> PlayerState:
    captured = _ids(data["captured"])
    dsc = [0] * 5
    points = 0
    targets: frozenset[int] = frozenset()
    for c in captured:
        points += PTS[c]
        if DISC[c] >= 0:
            dsc[DISC[c]] += 1
        targets |= _EVOLVES_INTO.get(c, frozenset())
    known = {
        "name": str(data.get("name", "")),
        "tok": _counts(data["tokens"], TOKEN_COLOURS),
        "captured": captured,
        "reserved": _ids(data["reserved"]),
        "points": points,
        "dsc": tuple(dsc),
        "targets": targets,  # cards the captured ones evolve into (engine speed-up field)
    }
    return PlayerState(**{f: known[f] for f in _PLAYER_FIELDS})


def _check_view(view: Mapping[str, Any]) -> None:
    if view.get("game") != "splendor":
        raise ValueError(
            "sample_state needs a splendor view (observe(state, player)), "
            f"got game {view.get('game')!r}"
        )


def unseen_cards(view: Mapping[str, Any]) -> list[int]:
    """The cards the viewer cannot see: exactly the face-down deck, in id order."""
    seen = set(_ids(view["display"])) | set(_ids(view["discard"]))
    for p in view["players"]:
        seen.update(_ids(p["captured"]))
        seen.update(_ids(p["reserved"]))
    return sorted(ALL_CARDS - seen)


def state_from_view(view: Mapping[str, Any], deck: tuple[int, ...]) -> State:
    """The engine state that ``view`` shows, with ``deck`` (top first) as the hidden deck.

    Only the deck order and the game seed (used at set-up alone) are not in a view.
    """
    _check_view(view)
    known = {
        "players": tuple(_player(p) for p in view["players"]),
        "sup": _counts(view["supply"], TOKEN_COLOURS),
        "display": _ids(view["display"]),
        "deck": tuple(deck),
        "discard": _ids(view["discard"]),
        "current_player": int(view["current_player"]),
        "first_player": int(view["first_player"]),
        "round": int(view["round"]),
        "phase_id": PHASES.index(view["phase"]),
        "evolved": bool(view["evolved"]),
        "ending": bool(view["ending"]),
        "over": 0 if not view["is_over"] else (2 if view["stalled"] else 1),
        "variant": Variant(**dict(view["variant"])),
        "seed": 0,
    }
    return State(**{f: known[f] for f in _STATE_FIELDS})


def sample_state(view: Mapping[str, Any], rng: random.Random) -> State:
    """One determinization: the viewed position with the unseen cards shuffled into the deck."""
    _check_view(view)
    deck = unseen_cards(view)
    rng.shuffle(deck)
    return state_from_view(view, tuple(deck))


def value(state: State, player: int) -> float:
    """How good ``state`` is for ``player``, in trophy-point units (higher is better).

    Points count in full; discounts, useful tokens, master balls, the nearest
    affordable target, waiting free evolutions and reserved cards count by
    ``WEIGHTS``. The playouts' hot path (the mcts stand-in values three
    positions a move): the five colours are written out.

    >>> from pokelab.splendor import new_game
    >>> state = new_game(2, seed=1)
    >>> value(state, 0) == value(state, 1)  # nobody holds anything yet
    True
    >>> value(state, 2)
    Traceback (most recent call last):
    ...
    IndexError: tuple index out of range
    """
    p = state.players[player]
    w = WEIGHTS
    tok = p.tok
    dsc = p.dsc
    t0, t1, t2, t3, t4, masters = tok
    d0, d1, d2, d3, d4 = dsc
    v = float(p.points) + w["discount"] * sum(dsc) + w["master"] * masters
    display = state.display
    if masters == 0:
        v -= w["no_master"] * sum(map(SPECIAL.__getitem__, display))
    # Tokens are worth something only toward what a visible card still needs.
    n0 = n1 = n2 = n3 = n4 = 0
    best = 0.0
    best_evo = 0
    cap = p.captured
    for c in display + p.reserved:
        c0, c1, c2, c3, c4 = COST[c]
        short = 0
        e = c0 - d0
        if e > 0:
            if e > n0:
                n0 = e
            if e > t0:
                short += e - t0
        e = c1 - d1
        if e > 0:
            if e > n1:
                n1 = e
            if e > t1:
                short += e - t1
        e = c2 - d2
        if e > 0:
            if e > n2:
                n2 = e
            if e > t2:
                short += e - t2
        e = c3 - d3
        if e > 0:
            if e > n3:
                n3 = e
            if e > t3:
                short += e - t3
        e = c4 - d4
        if e > 0:
            if e > n4:
                n4 = e
            if e > t4:
                short += e - t4
        short -= masters
        if masters == 0 and SPECIAL[c]:
            short += 1
        if short < 0:
            short = 0
        base = EVO_FROM[c]
        if base and base in cap:
            evo = PTS[c] - PTS[base]
            if evo > best_evo:
                best_evo = evo
        score = _TARGET_POINTS[c] / (1.0 + short)
        if score > best:
            best = score
    v += w["target"] * best + w["evolution"] * best_evo
    useful = ((t0 if t0 < n0 else n0) + (t1 if t1 < n1 else n1) + (t2 if t2 < n2 else n2)
              + (t3 if t3 < n3 else n3) + (t4 if t4 < n4 else n4))
    v += w["token"] * useful
    for c in p.reserved:
        v += w["reserve"] * PTS[c]
    return v


def win_chance(state: State, player: int, scale: float = 3.0) -> float:
    """The position as a rough chance of winning for ``player`` (1/0 once the game is over).

    >>> from pokelab.splendor import new_game
    >>> win_chance(new_game(2, seed=1), 0)
    0.5
    """
    if state.over:
        if state.over == 2:
            return 0.5

        winners = result(state).winners
        return (1.0 / len(winners)) if player in winners else 0.0
    return 1.0 / (1.0 + math.exp(-evaluate(state, player) / scale))


def evaluate(state: State, player: int) -> float:
    """``value`` of ``player`` minus the best opponent's value.

    >>> from pokelab.splendor import new_game
    >>> evaluate(new_game(3, seed=1), 2)
    0.0
    >>> evaluate(new_game(2, seed=1), 2)
    Traceback (most recent call last):
    ...
    IndexError: tuple index out of range
    """
    mine = value(state, player)
    if len(state.players) == 2 and player >= 0:  # the usual table: one opponent
        return mine - value(state, 1 - player)
    other = max(value(state, j) for j in range(len(state.players)) if j != player)
    return mine - other


def evaluate_each(states: Sequence[State], player: int) -> list[float]:
    """``evaluate(state, player)`` of each state, the same numbers, an opponent's value worked out once per hand and display.

    The positions after each of a player's moves mostly share the opponents'
    hands and the display (the very same objects: a move changes the mover's
    hand, and the display only when a card leaves it), and an opponent's value
    reads nothing else: the mcts stand-in of the playouts values three such
    positions a move.

    >>> from pokelab.splendor import apply, legal_actions, new_game
    >>> state = new_game(2, seed=1)
    >>> after = [apply(state, a) for a in legal_actions(state)[:3]]
    >>> evaluate_each(after, 0) == [evaluate(s, 0) for s in after]
    True
    >>> evaluate_each(after, 5)
    Traceback (most recent call last):
    ...
    IndexError: tuple index out of range
    """
    known: dict[tuple[int, int], float] = {}  # by the identity of (hand, display): all alive in ``states``
    out = []
    for state in states:
        mine = value(state, player)
        players, display = state.players, state.display
        other = -math.inf
        for j in range(len(players)):
            if j == player:
                continue
            key = (id(players[j]), id(display))
            v = known.get(key)
            if v is None:
                v = known[key] = value(state, j)
            if v > other:
                other = v
        out.append(mine - other)
    return out
