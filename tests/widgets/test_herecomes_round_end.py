"""Issue 42 item 6: the end of a Here Comes round is said where the pupil looks, and round 1's notes stay in round 1.

After the last keep (or vote) the engine starts the next round at once and a bot leader draws its
first wave a moment later. The board's view carries ``round_end`` — whether the redraw happened,
what each seat scored — until the next round begins, and the page asks a bot leader to draw only
after the pupil's "Start round N" (``confirm``; the ``next_round`` message). What Sabrina showed
you (HC-T3) belongs to its round.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokelab.classroom import ClassStore
from pokelab.herecomes import TARGETS, Variant, scenario
from pokelab.tables import Tables
from tests.widgets.herecomes_tables import HAND, intent, play_to, send, table
from widgets.herecomes.board import HereComesBoard


def _finish_round(board: HereComesBoard, *, agree: bool) -> None:
    """Play round 1 to its end: draw, discard your first card, vote ``agree``, keep the first option."""
    for _ in range(40):
        s = board.state
        if s.round > 1 or s.is_over:
            return
        if board.view["bot_to_move"]:
            assert send(board, {"type": "step", "revision": board.revision})["ok"]
        elif s.is_chance:
            assert intent(board, kind="draw")["ok"]
        elif s.phase == "discard":
            assert intent(board, kind="discard", card=s.hands[0][0])["ok"]
        elif s.phase == "vote":
            assert intent(board, kind="vote", agree=agree)["ok"]
        elif s.phase == "keep":
            assert intent(board, kind="keep", card=board.view["hc"]["keep_options"][0])["ok"]
    raise AssertionError("round 1 never ended")


def _seat_lines(board: HereComesBoard) -> list[str]:
    summary = board.state.summary
    out = []
    for seat, kept in enumerate(summary["kept"]):
        name = board.players[seat]
        out.append(f"{name}: no card scored." if kept is None else f"{name}: {TARGETS[kept].pokemon.render('en')} scores")
    return out


def test_the_round_end_waits_for_the_pupil_before_a_bot_leader_draws() -> None:
    board = table(leader=0)  # round 2 is led by Bot 1
    play_to(board, "never")  # the advisor's discards, no redraw
    assert board.state.round == 2 and board.state.leader == 1 and board.state.tokens == ()
    end = board.view["round_end"]
    assert end["round"] == 1 and end["title"] == "Round 1 is over."
    last = board.state.summary["tokens"][-1]
    assert end["redraw"] == f"No redraw: not every vote agreed, so the {last} token stayed on order card 4."
    assert [line.split(" (")[0] for line in end["seats"]] == [line.split(" (")[0] for line in _seat_lines(board)]
    assert end["confirm"] is True and end["button"] == "Start round 2"
    assert board.view["bot_to_move"] is True  # the page holds the step while confirm is on
    # in Chinese too, every word from the catalogue
    board.lang = "zh"
    zh = board.view["round_end"]
    assert zh["title"] == "第 1 轮结束了。" and zh["button"] == "开始第 2 轮"
    assert zh["redraw"].startswith("没有重抽") and "4 号顺序卡" in zh["redraw"]
    board.lang = "en"
    # "Start round 2": the banner goes and the bot may draw its wave
    assert send(board, {"type": "next_round"})["ok"]
    assert board.view["round_end"] is None
    assert send(board, {"type": "step", "revision": board.revision})["stepped"] is True
    assert len(board.state.tokens) == 4 and board.view["round_end"] is None


def test_a_redraw_is_said_with_the_token_that_went_back_and_the_new_one() -> None:
    state = scenario(
        ["You", "Bot 1"], hands={0: HAND}, leader=0, trainers=False, seed=3, variant=Variant(redraw="leader")
    )
    board = HereComesBoard.from_state(state, bots={1: "random"}, lang="en", seed=3)
    _finish_round(board, agree=True)  # the leader's yes decides (variant): the last token is drawn again
    summary = board.state.summary
    assert summary["returned"], "the leader's vote redrew the last token"
    end = board.view["round_end"]
    old, new = summary["returned"][-1], summary["tokens"][-1]
    assert end["redraw"] == (
        f"The redraw happened: the {old} token on order card 4 went back into the bag and the new one is {new}."
    )
    assert end["confirm"] is True  # round 2: Bot 1 leads
    board.lang = "zh"
    assert board.view["round_end"]["redraw"].startswith("重抽了：4 号顺序卡上的")


def test_when_you_lead_the_next_round_your_draw_ends_the_round_end() -> None:
    board = table(leader=2)  # round 2 is led by you (seat 0)
    play_to(board, "never")
    assert board.state.round == 2 and board.state.leader == 0
    end = board.view["round_end"]
    assert end["title"] == "Round 1 is over." and end["confirm"] is False and end["button"] is None
    assert intent(board, kind="draw")["ok"]
    assert board.view["round_end"] is None


def test_a_board_shown_from_a_later_round_does_not_wait() -> None:
    board = table(leader=0)
    play_to(board, "never")
    later = HereComesBoard.from_state(board.state, bots={1: "random", 2: "random"}, lang="en")
    assert later.view["round_end"] is None  # that round had begun before this board showed it


def test_hc_t3_what_sabrina_showed_you_is_not_shown_in_the_next_round() -> None:
    board = table(leader=0, trainers={0: "sabrina", 1: "misty", 2: "erika"})
    assert intent(board, kind="draw")["ok"]
    assert intent(board, kind="discard", card=board.state.hands[0][0])["ok"]
    assert intent(board, kind="draw")["ok"]
    assert intent(board, kind="trainer", power="peek", target=1)["ok"]
    seen: list[dict[str, Any]] = board.view["hc"]["seen_discards"]
    assert len(seen) == 1 and seen[0]["round"] == 1 and seen[0]["player"] == 1
    _finish_round(board, agree=False)
    assert board.state.round == 2 and board.state.peeks[0]  # the engine still knows it
    assert board.view["hc"]["seen_discards"] == []


@pytest.fixture
def store(tmp_path: Path) -> Any:
    db = ClassStore.connect(f"sqlite:///{tmp_path / 'class.db'}")
    yield db
    db.close()


def test_a_shared_tables_seat_shows_the_round_end_through_the_next_first_wave(store: Any) -> None:
    """At a shared table the table draws the next wave at once: the end stays through wave 1, nobody waits."""
    join_code = store.create_class("7B")[0]
    code = Tables(store).create_table(join_code, "herecomes", players=2, bots={1: "heuristic"}, seed=9)
    board = HereComesBoard.join(code, 0, name="Ann", join_code=join_code, store=store, poll_seconds=0)
    assert board.view["round_end"] is None
    for _ in range(30):
        board.refresh()
        hc = board.view["hc"]
        if hc["round"] > 1:
            break
        if hc["must_act"]:
            action = (
                {"kind": "vote", "agree": False} if hc["phase"] == "vote"
                else {"kind": "keep", "card": hc["keep_options"][0]} if hc["phase"] == "keep"
                else {"kind": "discard", "card": hc["hand"][0]["id"]}
            )
            assert board.handle_message({"type": "intent", "action": action})["ok"]
    hc = board.view["hc"]
    assert hc["round"] == 2 and hc["wave"] == 1 and len(hc["tokens"]) == 4  # the table drew wave 1 itself
    end = board.view["round_end"]
    assert end["title"] == "Round 1 is over." and end["confirm"] is False and end["button"] is None
    assert end["redraw"].startswith("The redraw happened" if hc["last_round"]["returned"] else "No redraw")
    assert end["seats"][0].startswith("Ann: ")
    board.lang = "zh"
    assert board.view["round_end"]["title"] == "第 1 轮结束了。"
    assert board.handle_message({"type": "intent", "action": {"kind": "discard", "card": hc["hand"][0]["id"]}})["ok"]
    board.refresh()
    assert board.view["hc"]["wave"] == 2 and board.view["round_end"] is None
