"""What a Here Comes board shows of default seats and of a round's points, in its language (issue 31).

Lesson 21 shows ``HereComesBoard.from_state`` on a game ``pokelab.sim.play`` dealt for three seats,
named "Player 1" … by the engine; on a Chinese board every place a seat is named (seats, log,
round summary, engine events, teacher view) says 玩家 N. The summary's "+1 point" takes the plural form.
"""

from __future__ import annotations

import json

import pytest

from pokelab.herecomes import legal_actions, new_game
from pokelab.sim import play
from tests.widgets.herecomes_tables import intent, send
from widgets.herecomes.board import HereComesBoard
from widgets.herecomes.text import counted


def _screen(board: HereComesBoard) -> str:
    return json.dumps([board.view, board.log], ensure_ascii=False)


def test_lesson_21s_replay_on_a_chinese_board_says_no_player() -> None:
    states = list(play("herecomes", ["expected-points", "heuristic", "random"], seed=5).states())
    board = HereComesBoard.from_state(
        states[-1], bots={1: "expected-points", 2: "heuristic"}, lang="zh", teacher=True
    )
    screen = _screen(board)
    assert "Player" not in screen and "玩家 3" in screen
    board.lang = "en"
    assert "Player 3" in _screen(board)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_round_played_on_a_board_with_default_names(lang: str) -> None:
    """Every view and log of two rounds: default names in ``lang``, the summary's points in its plural."""
    board = HereComesBoard.from_state(
        new_game(3, seed=4), bots={1: "expected-points", 2: "heuristic"}, lang=lang, teacher=True
    )
    summaries = 0
    for _ in range(80):
        s = board.state
        if s.round > 2 or s.is_over:
            break
        if lang == "zh":
            assert "Player" not in _screen(board)
        if board.view["hc"]["last_round"]:
            for seat in board.view["hc"]["last_round"]["seats"]:
                if seat["kept_card"]:
                    summaries += 1
                    n = seat["gained"]
                    unit = "分" if lang == "zh" else "point" if n == 1 else "points"
                    assert seat["gained_text"] == f"+{n} {unit}"
        if board.view["bot_to_move"]:
            assert send(board, {"type": "step", "revision": board.revision})["ok"]
        elif s.is_chance:
            assert intent(board, kind="draw")["ok"]
        else:
            board.play(legal_actions(s, 0)[0])
    assert summaries
    if lang == "en":
        assert any(e["who"] == "Player 2" for e in board.log)


def counted_text(lang: str, gained: int) -> str:
    return counted({"seats": [{"seat": 0, "kept_card": "G01", "gained": gained}]}, lang)["seats"][
        0
    ]["gained_text"]


@pytest.mark.parametrize(
    ("lang", "n", "words"),
    [("en", 1, "+1 point"), ("en", 2, "+2 points"), ("zh", 1, "+1 分"), ("zh", 2, "+2 分")],
)
def test_the_summary_says_points_in_the_plural_form_of_its_language(
    lang: str, n: int, words: str
) -> None:
    assert counted_text(lang, n) == words


@pytest.mark.parametrize(("lang", "said"), [("en", "you play Player 1, not Player 2"), ("zh", "你走的是玩家 1，不是玩家 2")])
def test_another_seats_move_is_refused_with_the_players_numbers(lang: str, said: str) -> None:
    """One numbering (issue 42): the refusal names players from 1, as the seats above it do, never "seat 0"."""
    board = HereComesBoard.from_state(new_game(3, seed=4), bots={1: "expected-points", 2: "heuristic"}, lang=lang)
    intent(board, kind="draw")
    theirs = board.state.hands[1][0]
    reply = send(board, {"type": "intent", "action": f"Discard(1, {theirs})"})
    assert reply["ok"] is False and reply["error"]["text"] == said
