"""Seeded random games of both titles, yielding every position they pass through (the source of real saves)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from pokelab import herecomes as hc
from pokelab import splendor as sp


def hc_states(seeds: Iterable[int]) -> Iterator[hc.State]:
    """Every position of one Here Comes game per seed: 1-4 seats, trainers on, explicit chance outcomes."""
    for seed in seeds:
        rng = random.Random(seed)
        variant = hc.Variant(redraw="leader" if seed % 3 == 0 else "all", win_points=4 + seed % 7)
        s = hc.new_game(1 + seed % 4, seed=seed, trainers=True, variant=variant)
        while True:
            yield s
            if s.is_over:
                break
            if s.is_chance:
                colours, odds = zip(*hc.chance_outcomes(s), strict=True)
                s = hc.apply(s, hc.Draw(rng.choices(colours, weights=[float(p) for p in odds])[0]))
            else:
                s = hc.apply(s, rng.choice(hc.legal_actions(s)))


def sp_states(seeds: Iterable[int]) -> Iterator[sp.State]:
    """Every position of one Splendor game per seed; odd seeds cap the game at 6 rounds so it stalls."""
    for seed in seeds:
        rng = random.Random(seed)
        cap = 6 if seed % 2 else 100
        variant = sp.Variant(round_cap=cap, evolution_cost=seed % 3, frozen_display=("wait", "sweep")[seed % 2])
        s = sp.new_game(2 + seed % 3, seed=seed, variant=variant)
        while True:
            yield s
            if s.is_over:
                break
            s = sp.apply(s, rng.choice(sp.legal_actions(s)))
