"""Golden playthroughs: replaying each seeded game gives exactly the recorded checkpoints.

Regenerate after an intended rule change: ``.venv/bin/python -m tests.herecomes.golden_tool --write``.
"""

from __future__ import annotations

import pytest

from .golden_tool import GAMES, GOLDEN, play, replay


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_replays_identically(name):
    """HC-R1…HC-R7, HC-G1/HC-G2: deals, checks, scores and the result of a recorded game are unchanged."""
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("= result") for line in lines)
    assert replay(lines) == lines


def test_golden_files_match_a_fresh_seeded_game():
    """Same seed, same game: the seeded RandomBot game reproduces the recorded file."""
    name = "two_players_no_trainers_seed3.txt"
    lines = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    assert play(GAMES[name]) == lines
