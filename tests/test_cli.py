"""The pokelab command line: simulate, tournament, odds; clear errors for bad input."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from pokelab.cli import _table, main, parse_bag, parse_bots
from pokelab.errors import SimError

ROOT = Path(__file__).resolve().parent.parent


def test_simulate_writes_one_row_per_game(tmp_path, capsys):
    out = tmp_path / "results.csv"
    code = main(["simulate", "splendor", "--bots", "random,greedy", "--games", "4", "--seed", "1",
                 "--out", str(out), "--quiet"])
    assert code == 0
    df = pd.read_csv(out)
    assert len(df) == 4
    assert list(df["seat_1_bot"]) == ["random", "greedy", "random", "greedy"]
    printed = capsys.readouterr().out
    assert "greedy" in printed and "4 games of splendor, seed 1" in printed
    # one numbering (issue 42): the summary names the first seat "Player 1", as the boards do, never "seat 0"
    assert "Player 1 (the first seat) wins" in printed and "seat 0" not in printed


def test_simulate_json_and_chinese_summary(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["--lang", "zh", "simulate", "herecomes", "--bots", "random,heuristic",
                 "--games", "2", "--bag", "red=6,blue=5,green=4,yellow=3,purple=2",
                 "--out", str(out), "--quiet"]) == 0
    assert len(pd.read_json(out)) == 2
    printed = capsys.readouterr().out
    assert "herecomes 共 2 局" in printed
    assert "玩家 1（第一个座位）赢得" in printed and "0 号座位" not in printed


def test_tournament_prints_standings(tmp_path, capsys):
    out = tmp_path / "standings.csv"
    games = tmp_path / "games.csv"
    assert main(["tournament", "splendor", "--bots", "random,greedy", "--games-per-pair", "2",
                 "--out", str(out), "--games-out", str(games), "--quiet"]) == 0
    standings = pd.read_csv(out)
    assert set(standings["bot"]) == {"random", "greedy"}
    assert {"win_rate", "ci_low", "ci_high", "elo"} <= set(standings.columns)
    assert len(pd.read_csv(games)) == 2


SPLENDOR_HEADER = ("pair,game_id,seed,rotation,seat_1_bot,seat_2_bot,seat_1_score,seat_2_score,winners,winner_seats,"
                   "seat_1_won,seat_2_won,rounds,stalled,first_player,actions,"
                   "seat_1_cards,seat_1_evolved,seat_2_cards,seat_2_evolved")
HERECOMES_HEADER = ("game_id,seed,rotation,seat_1_bot,seat_2_bot,seat_3_bot,seat_1_score,seat_2_score,seat_3_score,"
                    "winners,winner_seats,seat_1_won,seat_2_won,seat_3_won,rounds,first_player,by_legend,draws,actions")
GUIDES = {lang: (ROOT / "docs" / path).read_text(encoding="utf-8")
          for lang, path in (("en", "teacher-guide.md"), ("zh", "zh/teacher-guide.md"))}


def test_a_saved_results_table_numbers_its_seats_from_1_and_the_guide_says_every_column(tmp_path):
    """Issue 42: the saved games say seat_1_bot / seat_1_won for the boards' "Player 1" (not bot_0 / win_0)."""
    games, results = tmp_path / "games.csv", tmp_path / "results.csv"
    assert main(["tournament", "splendor", "--bots", "random,greedy", "--games-per-pair", "2", "--seed", "4",
                 "--games-out", str(games), "--quiet"]) == 0
    assert main(["simulate", "herecomes", "--bots", "random,heuristic,random", "--games", "3", "--seed", "4",
                 "--out", str(results), "--quiet"]) == 0
    headers = {}
    for path, header in ((games, SPLENDOR_HEADER), (results, HERECOMES_HEADER)):
        headers[path.name] = path.read_text(encoding="utf-8").splitlines()[0]
        assert headers[path.name] == header
    table = pd.read_csv(results)
    for row in table.itertuples():
        assert row.first_player in (1, 2, 3)  # a seat number, as its columns
        assert {int(n) for n in str(row.winner_seats).split(",")} <= {1, 2, 3}
        assert row.winners == ",".join(getattr(row, f"seat_{n}_bot") for n in str(row.winner_seats).split(","))
    for lang, guide in GUIDES.items():
        for header in headers.values():
            for column in header.split(","):
                documented = re.sub(r"^seat_\d+_", "seat_<N>_", column)
                assert f"`{documented}`" in guide, (lang, column)


def test_odds_prints_the_card_table(capsys):
    assert main(["odds", "--bag", "red=6,blue=5,green=4,yellow=3,purple=2"]) == 0
    out = capsys.readouterr().out
    assert "P01" in out and "9/38" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "splendor", "--bots", "random,wizard", "--games", "2"],
         "unknown bot 'wizard' for splendor"),
        (["simulate", "splendor", "--bots", "random,greedy", "--games", "0"],
         "--games must be a whole number >= 1, got 0"),
        (["simulate", "splendor", "--bots", "random", "--games", "2"],
         "splendor takes 2 to 4 players, got 1 bots"),
        (["tournament", "splendor", "--bots", "random,greedy", "--games-per-pair", "-3"],
         "--games-per-pair must be a whole number >= 1"),
        (["odds", "--bag", "red=6,blue"], "bad bag 'red=6,blue'"),
        (["odds", "--bag", "red=3"], "add at least 7 more"),
        (["odds", "--bag", "red=6,pink=9"], "unknown token colour 'pink'"),
        (["simulate", "splendor", "--bots", "random,greedy", "--bag", "red=10"],
         "--bag only applies to herecomes"),
    ],
)
def test_bad_input_gets_a_clear_error_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err


def test_errors_in_chinese(capsys):
    assert main(["--lang", "zh", "simulate", "splendor", "--bots", "x,y", "--games", "1"]) == 2
    assert "错误" in capsys.readouterr().err


def test_unknown_command_and_game_exit_with_usage(capsys):
    assert main(["juggle"]) == 2
    assert main(["simulate", "chess", "--bots", "random"]) == 2


def test_parsers():
    assert parse_bots("a, b") == ["a", "b"]
    assert parse_bag("red=20") == {"red": 20, "blue": 0, "green": 0, "yellow": 0, "purple": 0}
    with pytest.raises(SimError, match="given twice"):
        parse_bag("red=5,red=6")


def test_python_dash_m_pokelab_is_the_same_command():
    bad = subprocess.run([sys.executable, "-m", "pokelab", "odds", "--bag", "red=1"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "bad bag" in bad.stderr


def test_printed_tables_round_half_up_as_the_boards_do() -> None:
    """One rounding (issue 42 item 5): a win rate of 1/16 prints 0.063, as a board's card would, not 0.062."""
    printed = _table(pd.DataFrame({"bot": ["a"], "win_rate": [1 / 16]}), "zh")
    assert "0.063" in printed and "0.062" not in printed and "胜率" in printed
