"""The Here Comes Pokémon! board (widgets.HereComesBoard), driven through its message protocol.

Messages go through ipywidgets' own entry point (``Widget._handle_msg`` with a
``custom`` comm message), exactly as the front end's ``model.send(...)`` delivers them.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokelab.errors import IllegalAction
from pokelab.herecomes import (
    TARGETS,
    Discard,
    Draw,
    Keep,
    apply,
    legal_actions,
    scenario,
)
from tests.widgets.conftest import said
from tests.widgets.herecomes_tables import HAND, intent, keep_table, play_to, send, table
from widgets.herecomes.board import HereComesBoard
from widgets.herecomes.hand import advice_for, hand_odds

# ----------------------------------------------------------------------------- intents


def test_hc_r2_the_leader_draws_a_whole_wave_with_one_click() -> None:
    board = table()
    reply = intent(board, kind="draw")
    assert {k: reply[k] for k in ("type", "id", "ok", "error")} == {
        "type": "reply",
        "id": 1,
        "ok": True,
        "error": None,
    }
    s = board.state
    assert len(s.tokens) == 4 and s.phase == "discard"
    # the bots have already put a card face down: only you are still to choose
    assert board.view["hc"]["waiting_for"] == [0] and board.view["hc"]["must_act"] is True
    assert board.log[0]["text"].startswith("You draw wave 1: ")


def test_same_board_seed_same_tokens_and_undo_replays_them() -> None:
    a, b = table(seed=5), table(seed=5)
    intent(a, kind="draw")
    intent(b, kind="draw")
    assert a.state.tokens == b.state.tokens
    tokens = a.state.tokens
    assert send(a, {"type": "undo"})["ok"] and a.state.tokens == ()
    intent(a, kind="draw")
    assert a.state.tokens == tokens


def test_hc_r2_discards_are_simultaneous_bots_choices_appear_only_when_all_have_chosen() -> None:
    board = table()
    intent(board, kind="draw")
    s = board.state
    assert s.pending[1] is not None and s.pending[2] is not None  # the bots chose, face down
    view = board.view
    assert [p["hand_size"] for p in view["hc"]["players"]] == [5, 5, 5]
    assert "pending" not in view["hc"] and view["teacher"] is None
    bot_lines = [e for e in board.log if e["bot"] and "discard" in e["text"]]
    assert bot_lines and all("face down" in e["text"] for e in bot_lines)
    assert not any(card in e["text"] for e in bot_lines for card in TARGETS)
    assert intent(board, kind="discard", card="L01")["ok"]
    assert [p["hand_size"] for p in board.view["hc"]["players"]] == [4, 4, 4]
    assert board.state.phase == "draw" and board.state.wave == 2


def test_hc_r2_discarding_a_card_you_do_not_hold_is_answered_with_the_rule() -> None:
    board = table(lang="zh")
    intent(board, kind="draw")
    before = board.state
    reply = intent(board, kind="discard", card="G02")
    assert reply["ok"] is False and reply["error"]["rule"] == "HC-R2"
    assert "G02" in reply["error"]["text"] and "G02" in said(board, "zh")
    assert board.state == before and board.error["rule"] == "HC-R2"


def test_hc_r2_drawing_while_players_discard_is_refused_by_the_engine_rule() -> None:
    board = table()
    intent(board, kind="draw")
    reply = intent(board, kind="draw")
    assert reply["ok"] is False and reply["error"]["rule"] == "HC-R2"
    assert "discarding" in reply["error"]["text"]


def test_a_bot_leader_draws_its_wave_by_itself_when_stepped() -> None:
    board = table(leader=1)
    assert board.view["bot_to_move"] is True and board.view["to_move"] == 1
    reply = intent(board, kind="draw")  # not your wave to draw
    assert (
        reply["ok"] is False and reply["error"]["rule"] is None and "Bot 1" in reply["error"]["text"]
    )
    stale = send(board, {"type": "step", "revision": board.revision - 1})
    assert stale["ok"] and stale["stale"] and board.state.tokens == ()
    assert send(board, {"type": "step", "revision": board.revision})["stepped"] is True
    assert len(board.state.tokens) == 4 and board.view["hc"]["must_act"] is True


def test_hc_r4_vote_out_of_turn_and_then_in_the_vote() -> None:
    board = table()
    intent(board, kind="draw")
    reply = intent(board, kind="vote", agree=True)
    assert reply["ok"] is False and reply["error"]["rule"] == "HC-R4"
    play_to(board, "vote")
    assert board.state.phase == "vote" and len(board.state.tokens) == 10
    assert intent(board, kind="vote", agree=False)["ok"]
    assert board.state.round == 2  # nobody wanted it (or you refused): checked and scored
    assert board.view["hc"]["last_round"]["events"][0]["kind"] == "votes"


def test_hc_r6_keep_one_of_two_achieved_cards_and_the_summary_says_why() -> None:
    board = keep_table()
    play_to(board, "keep", misty=True)
    s = board.state
    assert s.phase == "keep" and 0 in s.to_move
    options = board.view["hc"]["keep_options"]
    assert len(options) == 2
    assert board.view["advice"] == {
        "kind": "keep",
        "best": max(options, key=lambda c: TARGETS[c].points),
    }
    wrong = next(c for c in TARGETS if c not in options)
    reply = intent(board, kind="keep", card=wrong)
    assert reply["ok"] is False and reply["error"]["rule"] == "HC-R6"
    assert intent(board, kind="keep", card=options[0])["ok"]
    last = board.view["hc"]["last_round"]
    mine = last["seats"][0]
    assert mine["kept"] == options[0] and mine["gained"] == TARGETS[options[0]].points
    assert all(c["achieved"] for c in mine["checked"]) and all(c["why"] for c in mine["checked"])
    assert board.state.points[0] == TARGETS[options[0]].points


def test_hc_t1_misty_sets_a_card_aside_and_the_odds_mark_it() -> None:
    board = keep_table()
    intent(board, kind="draw")
    actions = board.view["trainer_actions"]
    assert {a["power"] for a in actions} == {"extra_discard"}
    card = board.state.hands[0][0]
    assert intent(board, kind="trainer", power="extra_discard", target=card)["ok"]
    row = next(r for r in board.odds if r["id"] == card)
    assert row["set_aside"] is True
    assert board.view["hc"]["my_choice"]["extra_discard"] == card
    # the advisor now chooses among the other cards
    assert board.view["advice"]["best"] != card
    assert "✂" in " ".join(board.figure["layout"]["yaxis"]["ticktext"])


def test_hc_t2_a_trainer_you_do_not_hold_is_refused_with_its_rule() -> None:
    board = keep_table()
    intent(board, kind="draw")
    reply = intent(board, kind="trainer", power="redraw")
    assert reply["ok"] is False and reply["error"]["rule"] == "HC-T2"


def test_string_actions_from_the_front_end_are_parsed_but_only_for_your_seat() -> None:
    board = table()
    assert send(board, {"type": "intent", "action": "DrawWave"})["ok"]
    card = board.state.hands[0][0]
    other = send(board, {"type": "intent", "action": f"Discard(1, {board.state.hands[1][0]})"})
    assert other["ok"] is False and "Player 2" in other["error"]["text"]
    chosen = send(board, {"type": "intent", "action": "Draw(red)"})
    assert chosen["ok"] is False and "drawn from the bag" in chosen["error"]["text"]
    assert send(board, {"type": "intent", "action": f"Discard(0, {card})"})["ok"]


def test_new_game_set_lang_and_undo_messages() -> None:
    board = table()
    intent(board, kind="draw")
    intent(board, kind="discard", card="L01")
    assert board.can_undo
    assert send(board, {"type": "undo"})["ok"]
    assert board.state.phase == "discard" and "L01" in board.state.hands[0]
    assert send(board, {"type": "set_lang", "lang": "zh"})["ok"] and board.lang == "zh"
    reply = intent(board, kind="discard", card="X99")
    assert "X99" in board.error["text"] and reply["error"]["rule"] == "HC-R2"
    assert send(board, {"type": "new_game", "seed": 9})["ok"]
    assert board.seed == 9 and board.state.round == 1 and board.state.tokens == ()
    assert board.players == ["You", "Bot 1", "Bot 2"] and board.log == []


@pytest.mark.parametrize(
    "content",
    [
        None,
        "draw",
        [1, 2],
        {},
        {"type": "explode"},
        {"type": "intent"},
        {"type": "intent", "action": 7},
        {"type": "intent", "action": {"kind": "fly"}},
        {"type": "intent", "action": {"kind": "discard"}},
        {"type": "intent", "action": {"kind": "discard", "card": 13}},
        {"type": "intent", "action": {"kind": "vote", "agree": "yes"}},
        {"type": "intent", "action": {"kind": "keep"}},
        {"type": "intent", "action": {"kind": "trainer"}},
        {"type": "intent", "action": {"kind": "trainer", "power": "peek", "target": [1]}},
        {"type": "intent", "action": {"kind": "trainer", "power": "teleport"}},
        {"type": "intent", "action": "Jump(3)"},
        {"type": "step"},
        {"type": "step", "revision": "1"},
        {"type": "new_game", "seed": -2},
        {"type": "set_lang", "lang": "fr"},
        {"type": "undo"},
    ],
)
def test_malformed_messages_are_answered_and_change_nothing(content: Any) -> None:
    board = table()
    before = (board.state, list(board.log), board.lang, board.seed)
    reply = send(board, content)
    assert reply["type"] == "reply"
    if content == {"type": "step", "revision": "1"} or content == {"type": "step"}:
        assert reply["ok"] is False
    assert (board.state, list(board.log), board.lang, board.seed) == before
    if not reply["ok"]:
        assert reply["error"]["text"] and said(board, "zh")


def test_plotly_js_is_served_by_the_kernel_as_a_buffer() -> None:
    board = table()
    sent: list[tuple[Any, Any]] = []
    board.send = lambda msg, buffers=None: sent.append((msg, buffers))  # type: ignore[method-assign]
    board._handle_msg(
        {
            "content": {"data": {"method": "custom", "content": {"type": "plotly_js", "id": 3}}},
            "buffers": [],
        }
    )
    ((msg, buffers),) = sent
    assert msg["type"] == "plotly_js" and msg["ok"] and msg["id"] == 3
    assert b"window.Plotly" in buffers[0] and len(buffers[0]) > 1_000_000


# ----------------------------------------------------------------------------- teacher, API


def test_hc_g3_teacher_mode_reveals_every_hand_choice_and_the_bots_reasoning() -> None:
    board = table(teacher=True)
    intent(board, kind="draw")
    s = board.state
    teacher = board.view["teacher"]
    assert [[r["id"] for r in seat["hand"]] for seat in teacher["seats"]] == [
        list(h) for h in s.hands
    ]
    assert teacher["seats"][1]["pending"]["discard"] == s.pending[1]
    reason = teacher["seats"][1]["reason"]
    assert reason["phase"] == "discard" and s.pending[1] in reason["text"]
    assert reason["advice"]["kind"] == "discard"
    assert any(s.pending[1] in e["text"] for e in board.log if e["seat"] == 1)
    board.teacher = False
    assert board.view["teacher"] is None
    assert not any(s.pending[1] in e["text"] for e in board.log if e["seat"] == 1)


def test_python_play_accepts_engine_actions_strings_and_intents() -> None:
    board = table()
    board.play(Draw("red"))  # a lesson may stage the tokens one by one
    board.play("Draw(blue)")
    board.play({"kind": "draw"})
    assert board.state.tokens[:2] == ("red", "blue") and len(board.state.tokens) == 4
    board.play(Discard(0, "L01"))
    assert board.state.wave == 2
    with pytest.raises(IllegalAction) as err:
        board.play(Keep(0, "G01"))  # wave 2 is to be drawn: nobody acts now
    assert err.value.rule == "HC-R2"


def test_from_state_shows_any_position_and_checks_its_options() -> None:
    s = scenario(["Ann", "Bo"], hands={0: HAND}, trainers=False)
    for colour in ("red", "red", "blue", "green"):
        s = apply(s, Draw(colour))
    board = HereComesBoard.from_state(s, bots={1: "random"}, lang="en")
    assert board.players == ["Ann", "Bo"] and board.view["hc"]["phase"] == "discard"
    assert board.state.pending[1] is not None  # the bot chose at once
    with pytest.raises(ValueError, match="part of the state"):
        HereComesBoard.from_state(s, bag={"red": 20})
    with pytest.raises(ValueError, match="every seat but one needs a bot"):
        HereComesBoard.from_state(s, bots={})
    with pytest.raises(ValueError, match="seat 5 does not exist"):
        HereComesBoard(["A", "B"], bots={5: "random"})
    with pytest.raises(ValueError, match="unknown language"):
        HereComesBoard(lang="fr")


def test_default_board_matches_the_issue() -> None:
    board = HereComesBoard()
    # the seats are named in the board's language
    assert board.players == ["你", "电脑 1", "电脑 2"] and board.lang == "zh" and board.seed == 1
    assert [type(b).__name__ for b in board.bots.values()] == ["ExpectedPointsBot", "HeuristicBot"]
    assert board.show_odds and not board.teacher and board.human == 0


def test_hand_odds_and_advice_for_check_the_seat() -> None:
    s = scenario(2, hands={0: HAND}, trainers=False)
    assert [r["id"] for r in hand_odds(s, 0)] == sorted(HAND)
    assert advice_for(s, 0) is None  # a chance node: nothing to advise
    with pytest.raises(ValueError, match="no seat"):
        hand_odds(s, -1)
    assert legal_actions(s, 0) == []
