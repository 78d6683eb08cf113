"""A faulty custom bot never corrupts a board (issue 14).

A bot that raises, returns something that is not a move, a move of another seat,
or a move the rules forbid stops the bots. The board stays consistent — state,
view and revision agree and nothing the human did is lost — says in English and
Chinese which bot failed and why (without naming cards the human may not know),
and lets the user carry on: retry, replace the bot, or undo.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokelab import splendor as sp
from pokelab.herecomes import TARGETS, Discard, scenario
from tests.widgets.conftest import said
from widgets import HereComesBoard, SplendorBoard
from widgets.board.errors import BotFailure


class Raises:
    name = "raises"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        hand = [c["id"] for c in view.get("hand", [])] if isinstance(view, dict) else []
        raise ZeroDivisionError(f"my hand is {hand}")


class Garbage:
    name = "garbage"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        return {"not": "a move"}


class HcIllegal:
    """Discards a card it does not hold (HC-R2)."""

    name = "illegal"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        seat = view["viewer"]
        held = {c["id"] for c in view["hand"]}
        return Discard(seat, next(c for c in sorted(TARGETS) if c not in held))


class HcWrongSeat:
    """Plays a legal-looking discard for the seat after its own."""

    name = "wrong-seat"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        seat = view["viewer"]
        return Discard((seat + 1) % len(view["players"]), view["hand"][0]["id"])


class SpIllegal:
    """Passes while a main action is possible (SP-T2)."""

    name = "illegal"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        return sp.Pass()


HC_FAULTY = [Raises(), Garbage(), HcIllegal(), HcWrongSeat()]
HAND = ["G01", "G13", "P01", "O01", "L01"]


def hc_board(bot: Any, send: Any) -> HereComesBoard:
    """You lead at seat 0; the faulty bot plays seat 1, a sound bot seat 2; you draw wave 1."""
    state = scenario(["You", "Bot 1", "Bot 2"], hands={0: HAND}, leader=0, trainers=False, seed=3)
    board = HereComesBoard.from_state(state, bots={1: bot, 2: "heuristic"}, lang="en", seed=3)
    reply = send(board, {"type": "intent", "action": {"kind": "draw"}})
    assert reply["ok"] is False  # the draw was made; the bot after it failed
    return board


def assert_consistent(board: Any) -> None:
    """The view shows the board's state at the current revision."""
    assert board.view["revision"] == board.revision


@pytest.mark.parametrize("bot", HC_FAULTY, ids=lambda b: b.name)
def test_hc_r2_a_faulty_bot_keeps_your_draw_and_the_board_consistent(bot: Any, send: Any) -> None:
    board = hc_board(bot, send)
    s = board.state
    assert len(s.tokens) == 4 and s.phase == "discard"  # your draw is kept
    assert_consistent(board)
    assert board.view["hc"]["tokens"] == list(s.tokens)
    assert board.log[0]["text"].startswith("You draw wave 1: ")
    assert s.pending[1] is None and s.pending[2] is not None  # the sound bot still chose
    failure = board.view["bot_failure"]
    assert failure["bot_seat"] == 1 and board.view["bot_to_move"] is True
    zh = said(board, "zh")
    assert board.error["text"] == failure["text"] and board.view["bot_failure"]["text"] == failure["text"]
    assert f"'{bot.name}'" in board.error["text"] and f"'{bot.name}'" in zh
    assert "Bot 1" in board.error["text"] and "Bot 1" in zh
    # one numbering (issue 42): the seat is named as the board names it, no raw "seat 1" beside "Bot 1"
    assert "seat 1" not in board.error["text"] and "座位 1" not in zh and "board.bots[1]" in zh
    assert "kept" in board.error["text"] and "unchanged" not in board.error["text"]
    assert isinstance(board.bot_failure, BotFailure)


@pytest.mark.parametrize(
    ("bot", "en", "zh"),
    [
        (Raises(), "raised ZeroDivisionError", "抛出了 ZeroDivisionError"),
        (Garbage(), "not a move of this game", "不是这个游戏的动作"),
        (HcIllegal(), "the rules forbid (HC-R2)", "不合规则的动作（HC-R2）"),
        (HcWrongSeat(), "a move for Player 3, but it plays Player 2", "替玩家 3 选了动作，但它走的是玩家 2"),
    ],
    ids=lambda x: getattr(x, "name", None),
)
def test_hc_the_failure_says_why_in_both_languages(bot: Any, en: str, zh: str, send: Any) -> None:
    board = hc_board(bot, send)
    assert en in board.error["text"] and zh in said(board, "zh")


def test_hc_g3_a_failure_names_no_card_you_may_not_know(send: Any) -> None:
    board = hc_board(Raises(), send)
    text = board.error["text"] + said(board, "zh")
    theirs = set(board.state.hands[1]) - set(board.state.hands[0])
    assert theirs and not any(card in text for card in theirs)
    assert not any(TARGETS[c].name_en in text or TARGETS[c].name('zh') in text for c in theirs)
    assert "ZeroDivisionError" in text and "?" in text


@pytest.mark.parametrize("bot", HC_FAULTY, ids=lambda b: b.name)
def test_hc_retry_fails_again_without_changing_anything(bot: Any, send: Any) -> None:
    board = hc_board(bot, send)
    state, log = board.state, list(board.log)
    reply = send(board, {"type": "retry"})
    assert reply["ok"] is False and reply["error"]["bot_seat"] == 1
    assert board.state == state and board.log == log
    assert_consistent(board)
    with pytest.raises(BotFailure):
        board.run_bots()
    assert board.state == state


@pytest.mark.parametrize("bot", HC_FAULTY, ids=lambda b: b.name)
def test_hc_replace_the_bot_and_play_on(bot: Any, send: Any) -> None:
    board = hc_board(bot, send)
    board.bots[1] = "heuristic"
    assert board.bot_failure is None and board.view["bot_failure"] is None and board.error == {}
    assert send(board, {"type": "retry"})["ok"]
    assert board.state.pending[1] is not None and board.view["bot_to_move"] is False
    card = board.state.hands[0][0]
    assert send(board, {"type": "intent", "action": {"kind": "discard", "card": card}})["ok"]
    assert board.state.wave == 2 and card not in board.state.hands[0]
    with pytest.raises(ValueError, match="not played by a bot"):
        board.bots[0] = "random"


@pytest.mark.parametrize("bot", HC_FAULTY, ids=lambda b: b.name)
def test_hc_you_may_still_choose_or_undo_while_a_bot_failed(bot: Any, send: Any) -> None:
    board = hc_board(bot, send)
    reply = send(board, {"type": "intent", "action": {"kind": "discard", "card": "L01"}})
    assert reply["ok"] is False and reply["error"]["bot_seat"] == 1  # the bot failed again …
    assert board.state.pending[0] == "L01"  # … but your discard is kept
    assert_consistent(board)
    assert send(board, {"type": "undo"})["ok"]
    assert board.state.pending[0] is None and len(board.state.tokens) == 4
    assert send(board, {"type": "undo"})["ok"]
    assert board.state.tokens == () and board.bot_failure is None and board.error == {}


# ----------------------------------------------------------------------------- Splendor

# Splendor actions name no seat: a "move of another seat" cannot be expressed there.
SP_FAULTY = [Raises(), Garbage(), SpIllegal()]


def sp_board(bot: Any, send: Any) -> SplendorBoard:
    board = SplendorBoard(["Ash", "Misty"], bots={1: bot}, lang="en", seed=5)  # Ash starts
    take = {"kind": "take", "colours": ["red", "blue", "green"]}
    assert send(board, {"type": "intent", "action": take})["ok"]
    reply = send(board, {"type": "step", "revision": board.revision})
    assert reply["ok"] is False
    return board


@pytest.mark.parametrize(
    ("bot", "en"),
    [
        (Raises(), "raised ZeroDivisionError"),
        (Garbage(), "not a move of this game"),
        (SpIllegal(), "the rules forbid (SP-T2)"),
    ],
    ids=lambda x: getattr(x, "name", None),
)
def test_sp_a_faulty_bot_keeps_your_move_and_says_why(bot: Any, en: str, send: Any) -> None:
    board = sp_board(bot, send)
    assert board.state.current_player == 1
    assert board.state.players[0].token_count == 3  # your move is kept
    assert_consistent(board)
    assert board.view["bot_failure"]["bot_seat"] == 1 and board.view["bot_to_move"] is True
    assert en in board.error["text"] and f"'{bot.name}'" in said(board, "zh")
    assert len(board.log) == 1 and board.log[0]["seat"] == 0


@pytest.mark.parametrize("bot", SP_FAULTY, ids=lambda b: b.name)
def test_sp_retry_replace_and_undo(bot: Any, send: Any) -> None:
    board = sp_board(bot, send)
    state = board.state
    assert send(board, {"type": "retry"})["ok"] is False and board.state == state
    with pytest.raises(BotFailure):
        board.run_bots()
    assert send(board, {"type": "undo"})["ok"]
    assert board.state.current_player == 0 and board.state.players[0].token_count == 0
    assert board.bot_failure is None
    send(board, {"type": "intent", "action": {"kind": "take", "colours": ["red", "blue", "green"]}})
    board.set_bot(1, "random")
    assert board.run_bots() == 1 and board.state.current_player == 0
    assert board.error == {} and board.view["bot_failure"] is None
