"""Boards joined to a shared table (issue 19): two seats = two boards on one real SQLite class database.

Each board is driven by the messages its page would send. Checked: a move on one
board reaches the other (by its polling thread, without a message); a move on a
stale view is refused with the store's words and the board refreshes; a Here
Comes board never holds another seat's hand (HC-G3); a seat token rejoins; undo
asks the other player; Splendor plays by its rules (SP-T1: only the seat to move).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStore
from pokelab.herecomes import TARGETS
from pokelab.tables import Tables
from tests.widgets.conftest import said
from widgets.herecomes.board import HereComesBoard
from widgets.splendor.board import SplendorBoard


@pytest.fixture
def store(tmp_path: Path) -> Any:
    db = ClassStore.connect(f"sqlite:///{tmp_path / 'class.db'}")
    yield db
    db.close()


@pytest.fixture
def join_code(store: Any) -> str:
    return store.create_class("7B")[0]


def send(board: Any, **content: Any) -> dict[str, Any]:
    return board.handle_message(content)


def first_legal(board: Any) -> dict[str, Any]:
    return {"kind": "text", "text": board.seat_source.last["legal"][0]}


def mover(boards: list[Any]) -> Any:
    """The board whose seat is to move now."""
    for board in boards:
        board.refresh()
    return next(b for b in boards if b.view["to_move"] == b.seat)


def test_two_seats_play_splendor_and_see_each_others_moves(store: Any, join_code: str) -> None:
    code = Tables(store).create_table(join_code, "splendor", players=2, seed=5)
    ann = SplendorBoard.join(code, 0, name="Ann", join_code=join_code, store=store, poll_seconds=0)
    ben = SplendorBoard.join(code, name="Ben", join_code=join_code, store=store, poll_seconds=0)
    assert (ann.seat, ben.seat) == (0, 1) and ann.refresh()
    assert ann.view["table"]["token"] == ann.token and ann.view["players"][1]["name"] == "Ben"
    for _ in range(6):
        board = mover([ann, ben])
        other = ben if board is ann else ann
        before = other.view["revision"]
        assert send(board, type="intent", action=first_legal(board))["ok"]
        other.refresh()
        assert other.view["revision"] > before
        assert [e["text"] for e in other.log] == [e["text"] for e in board.log]
    waiting = ben if mover([ann, ben]) is ann else ann
    refused = send(waiting, type="intent", action={"kind": "pass"})
    assert not refused["ok"] and refused["error"]["rule"] is not None  # SP-T1 or the legal-move rule


def test_a_stale_move_is_refused_and_the_board_refreshes(store: Any, join_code: str) -> None:
    code = Tables(store).create_table(join_code, "splendor", players=2, seed=6)
    ann = SplendorBoard.join(code, 0, name="Ann", join_code=join_code, store=store, poll_seconds=0)
    ben = SplendorBoard.join(code, 1, name="Ben", join_code=join_code, store=store, poll_seconds=0)
    board = mover([ann, ben])
    stale_view = dict(board.seat_source.last)
    assert send(board, type="intent", action=first_legal(board))["ok"]
    board.seat_source._last = stale_view  # this device did not see its own move yet
    reply = send(board, type="intent", action={"kind": "pass"})
    assert not reply["ok"]
    assert "someone moved first" in reply["error"]["text"] and said(board, "zh")
    assert board.view["revision"] == Tables(store).table(code).revision()


def test_polling_shows_another_devices_move_within_a_second(store: Any, join_code: str) -> None:
    code = Tables(store).create_table(join_code, "splendor", players=2, seed=7)
    ann = SplendorBoard.join(code, 0, name="Ann", join_code=join_code, store=store, poll_seconds=0.25)
    ben = SplendorBoard.join(code, 1, name="Ben", join_code=join_code, store=store, poll_seconds=0.25)
    try:
        board = mover([ann, ben])
        other = ben if board is ann else ann
        seen = other.view["revision"]
        assert send(board, type="intent", action=first_legal(board))["ok"]
        start = time.monotonic()
        while other.view["revision"] == seen and time.monotonic() - start < 5:
            time.sleep(0.02)
        assert other.view["revision"] > seen, "the other board never saw the move"
        assert time.monotonic() - start < 1.5
    finally:
        ann.close()
        ben.close()
    assert not ann.seat_source._thread.is_alive() or ann.seat_source._stop.is_set()


def test_herecomes_boards_hold_only_their_own_hand(store: Any, join_code: str) -> None:
    """HC-G3: neither board's view nor log ever names a card of the other seat's hand."""
    code = Tables(store).create_table(join_code, "herecomes", players=2, seed=8)
    boards = [HereComesBoard.join(code, seat, name=name, join_code=join_code, store=store, poll_seconds=0)
              for seat, name in enumerate(["Ann", "Misty"])]
    for _ in range(12):
        for board in boards:
            board.refresh()
            mine = {c["id"] for c in board.view["hc"]["hand"]}
            other = boards[1 - board.seat]
            theirs = {c["id"] for c in other.view["hc"]["hand"]} - mine
            text = json.dumps([board.view, board.log])
            assert not {cid for cid in theirs if cid in text}, "the other seat's hand leaked"
            assert "hands" not in board.view["hc"] and "pending" not in board.view["hc"]
        acting = [b for b in boards if b.view["hc"]["must_act"]]
        if not acting:
            break
        board = acting[0]
        hc = board.view["hc"]
        if hc["phase"] == "vote":
            action = {"kind": "vote", "agree": False}
        elif hc["phase"] == "keep":
            action = {"kind": "keep", "card": hc["keep_options"][0]}
        else:
            action = {"kind": "discard", "card": hc["hand"][0]["id"]}
        assert send(board, type="intent", action=action)["ok"]
    assert all(cid in TARGETS for b in boards for cid in (c["id"] for c in b.view["hc"]["hand"]))
    refused = send(boards[0], type="intent", action={"kind": "draw"})
    assert not refused["ok"] and "drawn by the table" in refused["error"]["text"]


def test_a_seat_token_rejoins_and_bad_joins_are_refused(store: Any, join_code: str) -> None:
    code = Tables(store).create_table(join_code, "herecomes", players=2, bots={1: "heuristic"}, seed=9)
    ann = HereComesBoard.join(code, name="Ann", join_code=join_code, store=store, poll_seconds=0)
    again = HereComesBoard.join(code, token=ann.token, store=store, poll_seconds=0)
    assert again.seat == ann.seat == 0 and again.view["hc"]["hand"] == ann.view["hc"]["hand"]
    with pytest.raises(ClassroomError, match="is a herecomes table, not splendor"):
        SplendorBoard.join(code, name="Bo", join_code=join_code, store=store, poll_seconds=0)
    with pytest.raises(ClassroomError, match="no free seat"):
        HereComesBoard.join(code, name="Bo", join_code=join_code, store=store, poll_seconds=0)
    with pytest.raises(ClassroomError, match="your name"):
        HereComesBoard.join(code, 1, store=store, poll_seconds=0)
    with pytest.raises(ClassroomError, match="belongs to seat 1"):
        HereComesBoard.join(code, 1, token=ann.token, store=store, poll_seconds=0)
    with pytest.raises(ClassAccessError, match="no seat of table"):
        HereComesBoard.join(code, token="ZZZZZZ", store=store, poll_seconds=0)
    assert not send(ann, type="new_game")["ok"]
    assert not send(ann, type="set_lang", lang="fr")["ok"]
    assert send(ann, type="set_lang", lang="zh")["ok"] and ann.view["labels"]["your_hand"] == "你的手牌"


def test_undo_asks_the_other_player(store: Any, join_code: str) -> None:
    code = Tables(store).create_table(join_code, "splendor", players=2, seed=10)
    ann = SplendorBoard.join(code, 0, name="Ann", join_code=join_code, store=store, poll_seconds=0)
    ben = SplendorBoard.join(code, 1, name="Ben", join_code=join_code, store=store, poll_seconds=0)
    board = mover([ann, ben])
    other = ben if board is ann else ann
    assert send(board, type="intent", action=first_legal(board))["ok"]
    moved = board.view["revision"]
    assert board.can_undo
    assert send(board, type="undo")["ok"]
    other.refresh()
    asked = other.view["table"]["pending_undo"]
    assert asked == {"asked_by": board.seat, "waiting": [other.seat]}
    assert send(other, type="undo_answer", yes=True)["ok"]
    board.refresh()
    assert board.view["table"]["pending_undo"] is None
    assert board.view["to_move"] == board.seat and board.view["revision"] > moved


def test_the_creator_hands_a_free_seat_to_a_bot(store: Any, join_code: str) -> None:
    code = Tables(store).create_table(join_code, "splendor", players=3, seed=11)
    ann = SplendorBoard.join(code, 0, name="Ann", join_code=join_code, store=store, poll_seconds=0)
    ben = SplendorBoard.join(code, 1, name="Ben", join_code=join_code, store=store, poll_seconds=0)
    ann.refresh()
    assert ann.view["table"]["idle"] == [2] and ben.view["table"]["idle"] == []  # only the creator may
    refused = send(ben, type="hand_to_bot", seat=2)
    assert not refused["ok"] and said(ben, "zh")
    assert send(ann, type="hand_to_bot", seat=2)["ok"]
    assert ann.view["seats"][2]["bot"] == "greedy" and ann.view["table"]["idle"] == []
    assert not send(ann, type="hand_to_bot", seat="two")["ok"]
