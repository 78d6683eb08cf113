"""Per-card lookup tables (index = card id) and prebuilt action objects: the engine's hot paths read these.

Built once from ``CARDS`` at import; lists rather than dicts because a list
index is the fastest lookup Python has.

>>> from pokelab.splendor.cards import CARDS
>>> COST[1] == CARDS[1].cost, PTS[3] == CARDS[3].points, SPECIAL[90], EVO[2]
(True, True, True, 1)
>>> 2 in NEXT[1], 1 in NORMAL_IDS
(True, True)
>>> COST[0]   # id 0 is no card: an all-zero placeholder
(0, 0, 0, 0, 0)
"""

from __future__ import annotations

from itertools import combinations

from pokelab.splendor.actions import Catch, EndTurn, Evolve, Pass, Reserve, TakeDifferent, TakeSame
from pokelab.splendor.cards import CARDS, COLOURS
from pokelab.splendor.state import TAKE_DIFFERENT_COLOURS

_N = max(CARDS) + 1
COST: list[tuple[int, ...]] = [(0,) * 5] * _N
DISC: list[int] = [-1] * _N  # discount colour index, -1 for none
PTS: list[int] = [0] * _N
SPECIAL: list[bool] = [False] * _N  # rare or legendary
EVO: list[int] = [0] * _N  # the id this card evolves from, 0 for a basic
STAGE: list[int] = [0] * _N
NEXT: list[frozenset[int]] = [frozenset()] * _N  # the ids that evolve from this card
for _c in CARDS.values():
    if _c.evolves_from:
        NEXT[_c.evolves_from] = NEXT[_c.evolves_from] | {_c.id}
NORMAL_IDS: frozenset[int] = frozenset(c.id for c in CARDS.values() if c.tier == "normal")
for _c in CARDS.values():
    COST[_c.id] = _c.cost
    DISC[_c.id] = COLOURS.index(_c.discount) if _c.discount else -1
    PTS[_c.id] = _c.points
    SPECIAL[_c.id] = _c.tier != "normal"
    EVO[_c.id] = _c.evolves_from or 0
    STAGE[_c.id] = _c.stage

# ---------------------------------------------------------------- prebuilt action objects
RESERVE = [Reserve(c) if c in CARDS else None for c in range(_N)]
CATCH = [Catch(c) if c in CARDS else None for c in range(_N)]
EVOLVE = [Evolve(EVO[c], c) if c in CARDS and EVO[c] else None for c in range(_N)]
PASS = Pass()
END_TURN = EndTurn()
TAKE_THREE = [
    TakeDifferent(tuple(COLOURS[i] for i in combo))
    for combo in combinations(range(5), TAKE_DIFFERENT_COLOURS)
]
TAKE_SAME = [TakeSame(c) for c in COLOURS]
