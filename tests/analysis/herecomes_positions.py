"""The discard steps the Here Comes coach is checked on: distinct (seat, hand, tokens) from seeded bot games.

Shared by ``tests/analysis/test_herecomes_coach.py`` and ``benchmarks/bench_herecomes_coach.py``.
"""

from __future__ import annotations

from pokelab.herecomes import Variant, observe
from pokelab.sim import play

#: (bots, options) of the sweep's games: trainers on, both redraw variants, a changed bag.
GAMES = (
    (("random", "heuristic", "expected-points"), {}),
    (("heuristic", "random"), {"variant": {"redraw": "leader"}}),
    (("random", "random", "random", "expected-points"), {"bag": {"red": 5, "blue": 5, "green": 4, "yellow": 4, "purple": 3}}),
)


def _variant(options):
    """The options with the variant as the engine takes it."""
    return {**options, "variant": Variant(**options["variant"])} if "variant" in options else options


def sweep(limit: int):
    """``limit`` distinct discard steps ``(state, seat)`` from seeded bot games."""
    found, seen, seed = [], set(), 0
    while len(found) < limit:
        for bots, options in GAMES:
            record = play("herecomes", list(bots), seed=seed, options=_variant(options))
            for state in record.states():
                if state.phase != "discard":
                    continue
                for seat in state.to_move:
                    view = observe(state, seat)
                    key = (seed, bots, seat, tuple(c["id"] for c in view["hand"]), state.tokens,
                           view["my_choice"]["extra_discard"])
                    if key not in seen:
                        seen.add(key)
                        found.append((state, seat))
        seed += 1
    return found[:limit]
