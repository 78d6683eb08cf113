"""Pass-and-play: several people at one screen (``humans=[0, 1]``), through the boards' own messages.

Here Comes Pokémon! hides each hand behind a curtain until its own player taps
"show" (HC-G3: a seat sees only its own hand), collects the simultaneous discards
(HC-R2) one person at a time, and shows the round summary (HC-R6) to everyone.
Splendor names whose turn it is and plays on.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokelab import splendor as sp
from pokelab.herecomes import TARGETS
from tests.widgets.conftest import said
from widgets.board.humans import seat_list, split_seats
from widgets.herecomes.board import HereComesBoard
from widgets.herecomes.curtain import public_observation
from widgets.splendor.board import SplendorBoard


def send(board: Any, **content: Any) -> dict[str, Any]:
    """One front-end message, answered as the page would see it."""
    return board.handle_message(content)


def card_ids(value: Any) -> set[str]:
    """Every Here Comes card id in the JSON text of ``value``."""
    import json

    text = json.dumps(value)
    return {cid for cid in TARGETS if cid in text}


def hands(board: HereComesBoard) -> list[set[str]]:
    return [set(hand) for hand in board.state.hands]


@pytest.fixture
def pair() -> HereComesBoard:
    return HereComesBoard(["Ann", "Misty"], humans=[0, 1], lang="en", seed=3, trainers=False)


def test_the_hand_is_not_in_the_view_until_its_seat_taps_show(pair: HereComesBoard) -> None:
    """HC-G3: behind the curtain the view (and the log) hold nobody's hand."""
    board = pair
    seat = board.curtain
    assert seat == board.state.leader and board.view["curtain"] == {"seat": seat, "name": board.players[seat]}
    assert board.view["hc"]["hand"] == [] and "legal" not in board.view["hc"]
    private = set().union(*hands(board))
    assert not card_ids(board.view) & private, "a hand leaked through the curtain"
    refused = send(board, type="intent", action={"kind": "draw"})
    assert not refused["ok"] and "pass the device to" in refused["error"]["text"]
    assert send(board, type="show_hand")["ok"]
    assert board.curtain is None and board.view["curtain"] is None
    assert {c["id"] for c in board.view["hc"]["hand"]} == hands(board)[seat]
    again = send(board, type="show_hand")
    assert not again["ok"] and said(board, "zh") == "现在没有被遮住的手牌"


def test_discards_are_collected_one_person_at_a_time_without_showing_the_others(pair: HereComesBoard) -> None:
    """HC-R2: each person discards in turn behind the curtain; nobody sees another's choice before the reveal."""
    board = pair
    send(board, type="show_hand")
    assert send(board, type="intent", action={"kind": "draw"})["ok"]
    assert board.state.phase == "discard"
    order = []
    for _ in range(2):
        seat = board.curtain
        assert seat is not None and seat not in order
        # behind the curtain: neither this hand nor the choice already made is on screen
        shown = card_ids([board.view, board.log])
        assert not shown & hands(board)[seat]
        for other in order:
            assert board.view["hc"]["my_choice"] is None
            assert board.state.pending[other] not in shown
        send(board, type="show_hand")
        card = board.view["hc"]["hand"][0]["id"]
        assert send(board, type="intent", action={"kind": "discard", "card": card})["ok"]
        order.append(seat)
        if board.state.phase == "discard" and board.state.wave == 1:
            # the first choice is face down: the log says someone discarded, not what
            assert card not in card_ids(board.log)
    assert sorted(order) == [0, 1]
    assert board.state.wave == 2 or board.state.is_chance


def behind_the_curtain_after_a_discard(board: HereComesBoard) -> tuple[int, int]:
    """The first person shows their hand, draws the wave and discards: ``(who discarded, who is behind the curtain)``."""
    assert board.curtain is not None and send(board, type="show_hand")["ok"]
    assert send(board, type="intent", action={"kind": "draw"})["ok"]
    if board.curtain is not None:  # the first to discard is not the leader who drew
        assert send(board, type="show_hand")["ok"]
    first = board.human
    card = board.view["hc"]["hand"][0]["id"]
    assert send(board, type="intent", action={"kind": "discard", "card": card})["ok"]
    second = board.curtain
    assert second is not None and second != first and board.can_undo
    return first, second


def nothing_private_on_screen(board: HereComesBoard) -> None:
    """The curtain is down: no hand, no face-down choice, no teacher's view anywhere the page receives."""
    assert board.curtain is not None and board.view["curtain"]["seat"] == board.curtain
    assert board.view["hc"]["hand"] == [] and board.view["teacher"] is None
    private = set().union(*hands(board)) | {p for p in board.state.pending if isinstance(p, str)}
    assert not card_ids([board.view, board.log, board.figure]) & private, "a hand leaked through the curtain"


def test_undo_behind_the_curtain_keeps_the_previous_hand_hidden(pair: HereComesBoard) -> None:
    """HC-G3: the board's own undo, pressed behind the curtain, goes back without showing the previous hand."""
    board = pair
    first, _second = behind_the_curtain_after_a_discard(board)
    assert send(board, type="undo")["ok"]  # the page's undo button, whoever holds the device
    assert board.state.pending[first] is None  # the discard is undone ...
    assert board.curtain == first  # ... and its player must take the device and tap "show" again
    nothing_private_on_screen(board)
    assert send(board, type="show_hand")["ok"]
    assert {c["id"] for c in board.view["hc"]["hand"]} == hands(board)[first]


def test_undo_with_a_hand_shown_goes_behind_the_curtain_when_the_player_changes(pair: HereComesBoard) -> None:
    """The second person, hand shown, undoes: the first person's decision comes back behind the curtain."""
    board = pair
    first, second = behind_the_curtain_after_a_discard(board)
    assert send(board, type="show_hand")["ok"] and board.human == second
    assert send(board, type="undo")["ok"]
    assert board.curtain == first
    nothing_private_on_screen(board)


def test_the_page_cannot_switch_the_teacher_view_on(pair: HereComesBoard) -> None:
    """The teacher's view is the kernel's choice: a state update from the page (a synced trait) changes nothing."""
    board = pair
    behind_the_curtain_after_a_discard(board)
    assert "teacher" not in board.keys  # not a synced trait: the front end has no such field to write
    board.set_state({"teacher": True})  # what a comm update from the page runs
    assert board.teacher is False
    nothing_private_on_screen(board)
    for content in ({"type": "set_teacher", "on": True}, {"type": "teacher"}, {"type": "intent", "action": {"kind": "teacher"}}):
        assert not send(board, **content)["ok"]
    nothing_private_on_screen(board)
    board.teacher = True  # the notebook (the kernel) may: every hand, on screen once a hand is shown
    assert send(board, type="show_hand")["ok"] and board.view["teacher"] is not None


def test_a_whole_round_reaches_the_summary_shown_to_everyone() -> None:
    """HC-R6: after the check, the round summary is public: kept cards and gains, nobody's card check."""
    board = HereComesBoard(["Ann", "Misty", "Bot"], humans=[0, 1], lang="zh", seed=5, trainers=False)
    assert board.bots[2] is not None
    for _ in range(200):
        if board.state.round > 1 or board.state.is_over:
            break
        if board.curtain is not None:
            assert send(board, type="show_hand")["ok"]
            continue
        hc = board.view["hc"]
        if hc["is_chance"]:
            reply = send(board, type="intent", action={"kind": "draw"})
        elif board.view["bot_to_move"]:
            reply = send(board, type="step", revision=board.revision)
        elif hc["phase"] == "vote":
            reply = send(board, type="intent", action={"kind": "vote", "agree": False})
        elif hc["phase"] == "keep":
            reply = send(board, type="intent", action={"kind": "keep", "card": hc["keep_options"][0]})
        else:
            reply = send(board, type="intent", action={"kind": "discard", "card": hc["hand"][0]["id"]})
        assert reply["ok"], reply
    assert board.state.round == 2
    summary = board.view["hc"]["last_round"]
    assert summary is not None and len(summary["seats"]) == 3
    if board.curtain is not None:
        assert all("checked" not in s for s in summary["seats"])


def test_single_person_default_is_unchanged() -> None:
    board = HereComesBoard(["You", "Bot"], bots={1: "random"}, lang="en", seed=2)
    assert board.humans == [0] and board.curtain is None and board.view["hc"]["hand"]
    with pytest.raises(ValueError, match=r"humans=\[0, 1\]"):
        HereComesBoard(["A", "B"], bots={})


def test_splendor_names_whose_turn_it_is_and_plays_on() -> None:
    board = SplendorBoard(["Ann", "Ben", "Cy"], humans=[0, 1], seed=2)
    assert sorted(board.bots) == [2] and board.view["humans"] == [0, 1]
    for _ in range(6):
        to_move = board.view["to_move"]
        if board.view["bot_to_move"]:
            assert send(board, type="step", revision=board.revision)["ok"]
            continue
        assert board.view["viewer"] == to_move  # the person to move sees their own view
        text = str(sp.legal_actions(board.state)[0])
        assert send(board, type="intent", action={"kind": "text", "text": text})["ok"]
    assert "{name}" in board.view["labels"]["turn_of_seat"] and "{seat}" in board.view["labels"]["turn_of_seat"]


def test_bad_seat_lists_are_refused() -> None:
    with pytest.raises(ValueError, match="both a person"):
        SplendorBoard(["A", "B"], humans=[0, 1], bots={1: "greedy"})
    with pytest.raises(ValueError, match="does not exist"):
        HereComesBoard(["A", "B"], humans=[0, 2])
    with pytest.raises(ValueError, match="at least one"):
        split_seats([], None, 2, lambda s: "greedy")
    with pytest.raises(ValueError, match="list of seat numbers"):
        seat_list("01", 2)
    with pytest.raises(ValueError, match="no seat 3"):
        from pokelab.herecomes import new_game

        public_observation(new_game(2, seed=1), 3)
