"""Replay the golden playthroughs (tests/splendor/golden/*.txt) and compare every line.

They cover SP-S1, SP-S2, SP-T1..T4, SP-A1..A6, SP-E1..E2 and SP-G1..G3 end to end.
To regenerate after a deliberate change: ``.venv/bin/python tests/splendor/golden.py --write``.
"""

from __future__ import annotations

import pytest

from .golden import GAMES, GOLDEN_DIR, read, transcript


def test_there_are_at_least_three_golden_games():
    assert len(list(GOLDEN_DIR.glob("*.txt"))) >= 3
    assert {p.name for p in GOLDEN_DIR.glob("*.txt")} == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_replays_exactly(name):
    players, seed, variant, actions, lines = read(GOLDEN_DIR / name)
    assert (players, seed, variant) == GAMES[name]
    replay = transcript(players, seed, variant, actions)
    for n, (want, got) in enumerate(zip(lines, replay, strict=False), 1):
        assert got == want, f"{name} line {n} differs"
    assert len(replay) == len(lines)
    assert lines[-1].startswith("result: winners=")
