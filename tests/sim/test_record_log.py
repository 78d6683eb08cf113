"""A record's log words every move as the game's board does, in the language asked for (issue 42)."""

from __future__ import annotations

import re

import pytest

from pokelab.core.registry import get_game
from pokelab.sim import play

GAMES = [("splendor", ["random", "greedy"]), ("herecomes", ["random", "heuristic", "random"])]


@pytest.mark.parametrize(("game", "bots"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_line_is_the_move_in_words_not_its_code_form(game, bots, seed):
    record = play(game, bots, seed=seed)
    rules = get_game(game)
    for lang in ("en", "zh"):
        lines = record.log(lang)
        names = [record.seat_label(s).render(lang) for s in range(record.players)]
        assert len(lines) == len(record.actions)
        for line, (actor, action) in zip(lines, record.actions, strict=True):
            assert rules.action_text(action) not in line, line
            if game == "herecomes":  # its sentences name the seat, as the Here Comes board's log reads
                assert line == action.describe(lang, names)
            else:  # "Player N (bot): move", as the Splendor board's log reads
                assert line.startswith(names[actor]) and line.endswith(action.describe(lang)), line
            if lang == "zh":  # no English word left on a Chinese line (card codes such as P07 are one letter)
                assert not re.search("[A-Za-z]{2,}", line), line


def test_one_game_read_in_both_languages():
    record = play("herecomes", ["random", "heuristic", "random"], seed=1)
    assert record.log("en")[4] == "Player 1 (random) discards Pidgey (P07)"
    assert record.log("zh")[4] == "玩家 1（随机）弃掉波波（P07）"
    assert record.log("en")[0] == "a yellow token is drawn"
    assert record.log("zh")[0] == "抽出一枚黄色代币"
