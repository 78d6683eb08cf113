"""The measured bot ladders in pokelab/data/balance/ladder.csv hold, for the bots as they are now."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path

import pytest

from pokelab.sim.balance import load

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bot_ladder", ROOT / "scripts" / "bot_ladder.py")
bot_ladder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bot_ladder)

LADDER = load("ladder")


def _row(game: str, lower: str, upper: str) -> dict:
    rows = LADDER[(LADDER["game"] == game) & (LADDER["lower"] == lower) & (LADDER["upper"] == upper)]
    assert len(rows) == 1, f"ladder.csv has no measurement of {upper} vs {lower}: run scripts/bot_ladder.py"
    return rows.iloc[0].to_dict()


STEPS = [(game, lo, up) for game, bots in bot_ladder.LADDERS.items()
         for lo, up in itertools.pairwise(bots)]


@pytest.mark.parametrize(("game", "lower", "upper"), STEPS)
def test_each_level_beats_the_one_below_in_65_percent_of_400_games(game, lower, upper):
    row = _row(game, lower, upper)
    assert row["games"] >= 400
    assert row["win_rate"] >= bot_ladder.THRESHOLD, f"{upper} beats {lower} in only {row['win_rate']:.1%}"
    assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]


@pytest.mark.parametrize(("game", "lower", "upper"), STEPS)
def test_the_ladder_was_measured_with_the_search_budgets_the_bots_have_now(game, lower, upper):
    """Changing an MCTS level's budget needs a new measurement (scripts/bot_ladder.py)."""
    row = _row(game, lower, upper)
    for column, bot in (("lower_budget", lower), ("upper_budget", upper)):
        recorded = row.get(column)
        recorded = "" if not isinstance(recorded, str) else recorded
        assert recorded == bot_ladder.budget(game, bot), f"{bot} changed since the ladder was measured"


def test_budget_names_the_level_settings_and_nothing_for_other_bots():
    assert '"width":' in bot_ladder.budget("splendor", "mcts-hard")
    assert bot_ladder.budget("splendor", "greedy") == bot_ladder.budget("herecomes", "expected-points") == ""


def test_the_teacher_guide_quotes_the_measured_ladder():
    import re

    text = (ROOT / "docs" / "teacher-guide.md").read_text(encoding="utf-8")
    quoted = re.findall(
        r"^\| `([\w-]+)` → `([\w-]+)`(?: \((Here Comes)\))? \| ([\d.]+) % \| ([\d.]+)–([\d.]+) % \|$",
        text, flags=re.M,
    )
    assert len(quoted) == len(STEPS)
    for lower, upper, here_comes, rate, low, high in quoted:
        row = _row("herecomes" if here_comes else "splendor", lower, upper)
        for quoted_value, column in zip((rate, low, high), ("win_rate", "ci_low", "ci_high"), strict=True):
            assert float(quoted_value) == pytest.approx(100 * row[column], abs=0.051), (
                f"the guide's {upper} vs {lower} {column} differs from ladder.csv"
            )
