"""SplendorBoard, driven the way its front end drives it (``model.send`` → ``Widget._handle_msg``).

Every intent the front end can send is played once legally and once illegally;
the illegal one must come back with the engine's rule ID and both messages, and
leave the game untouched. Malformed messages must be answered, not raised.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokelab import splendor as sp
from pokelab.words import languages
from tests.widgets.conftest import in_lang, said
from widgets import SplendorBoard
from widgets.splendor.intent import parse_intent
from widgets.splendor.text import labels

RARE, RARE2, RARE3, LEGEND = 16, 17, 33, 86  # three rare cards (Magmar first) and Articuno
CHARMANDER, CHARMELEON = 1, 2


def intent(action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "intent", "action": action}


def engine_error(state: sp.State, action: Any) -> sp.IllegalAction:
    with pytest.raises(sp.IllegalAction) as info:
        sp.apply(state, action)
    return info.value


def assert_rejected_like_engine(
    board: SplendorBoard, send: Any, payload: dict, action: Any
) -> None:
    """The board answers ``payload`` with the engine's own rule and messages; nothing changes."""
    before = board.state
    log_before = list(board.log)
    expected = engine_error(before, action)
    reply = send(board, intent(payload))
    assert reply["ok"] is False
    assert reply["error"]["rule"] == expected.rule
    assert reply["error"]["text"] == expected.message(board.lang)
    assert board.error["rule"] == expected.rule
    assert board.state is before and board.log == log_before
    assert said(board, "zh") == expected.message("zh")


def lesson(**options: Any) -> SplendorBoard:
    """A two-player board (human seat 0, no bots unless given) on a prepared position."""
    state = sp.scenario(["Ash", "Misty"], **options)
    return SplendorBoard.from_state(state, bots={})


# ------------------------------------------------------------------ main actions
def test_sp_a1_take_three_different_by_clicking(send: Any) -> None:
    board = lesson()
    reply = send(board, intent({"kind": "take", "colours": ["green", "red", "blue"]}))
    assert reply["ok"] is True and board.error == {}
    assert board.state.players[0].tokens == {
        "red": 1,
        "blue": 1,
        "green": 1,
        "yellow": 0,
        "black": 0,
        "master": 0,
    }
    assert board.log[-1]["text"] == "take red, blue, green"
    assert in_lang(board, "zh")["log"][-1] == sp.TakeDifferent(("red", "blue", "green")).describe("zh")
    assert board.view["supply"]["red"] == 6


def test_sp_a1_master_balls_and_repeats_are_refused_with_the_rule(send: Any) -> None:
    board = lesson()
    assert_rejected_like_engine(
        board,
        send,
        {"kind": "take", "colours": ["red", "master", "blue"]},
        sp.TakeDifferent(("red", "master", "blue")),
    )
    assert_rejected_like_engine(
        board,
        send,
        {"kind": "take", "colours": ["red", "red", "blue"]},
        sp.TakeDifferent(("red", "red", "blue")),
    )


def test_sp_a2_two_of_one_colour_needs_four_in_supply(send: Any) -> None:
    board = lesson(tokens={1: {"red": 4}})
    assert_rejected_like_engine(
        board, send, {"kind": "take", "colours": ["red", "red"]}, sp.TakeSame("red")
    )
    assert send(board, intent({"kind": "take", "colours": ["blue", "blue"]}))["ok"] is True
    assert board.state.players[0].tokens["blue"] == 2


def test_sp_a3_reserve_takes_a_master_ball_but_never_a_rare_card(send: Any) -> None:
    board = lesson(display=[CHARMELEON, RARE, LEGEND, 55])
    card = next(c for c in board.view["display"] if c["id"] == RARE)
    assert card["can_reserve"] is False
    assert_rejected_like_engine(board, send, {"kind": "reserve", "card": RARE}, sp.Reserve(RARE))
    assert send(board, intent({"kind": "reserve", "card": CHARMELEON}))["ok"] is True
    me = board.state.players[0]
    assert me.reserved == (CHARMELEON,) and me.tokens["master"] == 1
    assert [c["id"] for c in board.view["players"][0]["reserved"]] == [CHARMELEON]


def test_sp_a4_affordable_cards_are_flagged_with_their_effective_cost(send: Any) -> None:
    # Charmeleon costs red 1, blue 2, green 2; a captured red-discount card cuts the red.
    board = lesson(
        display=[CHARMELEON, 55, 23, 22],
        captured={0: [4]},  # Cyndaquil: red discount
        tokens={0: {"blue": 2, "green": 2}},
    )
    shown = {c["id"]: c for c in board.view["display"]}
    assert shown[CHARMELEON]["effective_cost"]["red"] == 0
    assert shown[CHARMELEON]["cost"]["red"] == 1
    legal_catches = {a.card for a in sp.legal_actions(board.state) if isinstance(a, sp.Catch)}
    assert {cid for cid, c in shown.items() if c["can_catch"]} == legal_catches
    assert shown[CHARMELEON]["can_catch"] is True
    assert_rejected_like_engine(board, send, {"kind": "catch", "card": 23}, sp.Catch(23))
    assert send(board, intent({"kind": "catch", "card": CHARMELEON}))["ok"] is True
    assert CHARMELEON in board.state.players[0].captured
    assert board.view["players"][0]["points"] == sp.CARDS[CHARMELEON].points


def test_sp_a5_rare_cards_need_a_master_ball(send: Any) -> None:
    board = lesson(display=[RARE, 55, 23, 22], tokens={0: {"blue": 3, "green": 3, "yellow": 2}})
    assert_rejected_like_engine(board, send, {"kind": "catch", "card": RARE}, sp.Catch(RARE))


def test_sp_a6_a_named_payment_is_checked_by_the_engine(send: Any) -> None:
    board = lesson(display=[4, 55, 23, 22], tokens={0: {"red": 2, "green": 2, "black": 1}})
    bad = {"kind": "catch", "card": 4, "payment": {"red": 2}}
    assert_rejected_like_engine(board, send, bad, sp.Catch(4, {"red": 2}))
    good = {"kind": "catch", "card": 4, "payment": {"green": 2, "black": 1}}
    assert send(board, intent(good))["ok"] is True
    assert board.state.players[0].tokens == {
        "red": 2,
        "blue": 0,
        "green": 0,
        "yellow": 0,
        "black": 0,
        "master": 0,
    }


# ------------------------------------------------------------------ evolution and turn flow
def test_sp_e1_evolve_from_the_display_before_or_after_the_main_action(send: Any) -> None:
    board = lesson(display=[CHARMELEON, 55, 23, 22], captured={0: [CHARMANDER]})
    card = next(c for c in board.view["display"] if c["id"] == CHARMELEON)
    assert card["evolve_from"] == [CHARMANDER]
    assert card["from_name"] == "Charmander"
    assert board.view["moves"]["evolve"] == [[CHARMANDER, CHARMELEON]]
    # a main action first: the turn stays open for the evolution (SP-T1)
    assert send(board, intent({"kind": "take", "colours": ["blue", "blue"]}))["ok"] is True
    assert board.view["phase"] == "after_main" and board.view["moves"]["end_turn"] is True
    assert send(board, intent({"kind": "evolve", "base": CHARMANDER, "into": CHARMELEON}))["ok"]
    me = board.state.players[0]
    assert me.captured == (CHARMELEON,) and CHARMANDER in board.state.discard


def test_sp_e1_evolving_a_card_you_do_not_hold_is_refused(send: Any) -> None:
    board = lesson(display=[CHARMELEON, 55, 23, 22])
    assert_rejected_like_engine(
        board,
        send,
        {"kind": "evolve", "base": CHARMANDER, "into": CHARMELEON},
        sp.Evolve(CHARMANDER, CHARMELEON),
    )


def test_sp_t1_end_turn_only_after_the_main_action(send: Any) -> None:
    board = lesson(display=[CHARMELEON, 55, 23, 22], captured={0: [CHARMANDER]})
    assert_rejected_like_engine(board, send, {"kind": "end_turn"}, sp.EndTurn())
    send(board, intent({"kind": "take", "colours": ["red", "blue", "green"]}))
    assert send(board, intent({"kind": "end_turn"}))["ok"] is True
    assert board.state.current_player == 1 and board.log[-1]["text"] == "end the turn"


def test_sp_t2_pass_only_when_no_main_action_is_possible(send: Any) -> None:
    board = lesson()
    assert board.view["moves"]["pass"] is False
    assert_rejected_like_engine(board, send, {"kind": "pass"}, sp.Pass())
    stuck = sp.scenario(
        ["A", "B", "C", "D"],
        display=[RARE, RARE2, RARE3, LEGEND],
        tokens={
            0: {"red": 7, "black": 3},
            1: {"blue": 7, "green": 3},
            2: {"green": 4, "yellow": 6},
            3: {"yellow": 1, "black": 4, "master": 5},
        },
    )
    board = SplendorBoard.from_state(stuck, bots={})
    assert board.view["moves"]["pass"] is True
    assert send(board, intent({"kind": "pass"}))["ok"] is True
    assert board.state.current_player == 1


def test_sp_t3_return_tokens_when_over_ten(send: Any) -> None:
    board = lesson(tokens={0: {"red": 4, "blue": 3, "green": 3}})
    send(board, intent({"kind": "take", "colours": ["yellow", "black", "red"]}))
    assert board.view["phase"] == "return" and board.view["must_return"] == 3
    too_few = {"kind": "return", "tokens": {"red": 1}}
    assert_rejected_like_engine(board, send, too_few, sp.ReturnTokens(["red"]))
    reply = send(board, intent({"kind": "return", "tokens": {"red": 2, "yellow": 1}}))
    assert reply["ok"] is True
    assert board.state.players[0].token_count == 10 and board.state.current_player == 1


def test_sp_t3_returning_before_the_main_action_is_refused(send: Any) -> None:
    board = lesson(tokens={0: {"red": 2}})
    assert_rejected_like_engine(
        board, send, {"kind": "return", "tokens": {"red": 1}}, sp.ReturnTokens(["red"])
    )


def test_text_intent_uses_parse_action(send: Any) -> None:
    board = lesson()
    assert send(board, intent({"kind": "text", "text": "TakeSame(black)"}))["ok"] is True
    assert board.state.players[0].tokens["black"] == 2


# ------------------------------------------------------------------ malformed messages
@pytest.mark.parametrize(
    "payload",
    [
        None,
        "TakeSame(red)",
        {},
        {"kind": "fly"},
        {"kind": "take"},
        {"kind": "take", "colours": []},
        {"kind": "take", "colours": "red"},
        {"kind": "take", "colours": ["red", "blue", "green", "black"]},
        {"kind": "take", "colours": ["pink"]},
        {"kind": "take", "colours": [None]},
        {"kind": "catch"},
        {"kind": "catch", "card": "Charmander"},
        {"kind": "catch", "card": 999},
        {"kind": "catch", "card": True},
        {"kind": "catch", "card": 1, "payment": [["red", 1]]},
        {"kind": "catch", "card": 1, "payment": {"red": -1}},
        {"kind": "catch", "card": 1, "payment": {"gold": 1}},
        {"kind": "reserve", "card": 0},
        {"kind": "evolve", "base": 1},
        {"kind": "return", "tokens": ["red"]},
        {"kind": "return", "tokens": {}},
        {"kind": "return", "tokens": {"red": 1.5}},
        {"kind": "text", "text": "Dance(red)"},
        {"kind": "text", "text": 42},
    ],
)
def test_malformed_intents_are_answered_and_the_game_stays_intact(send: Any, payload: Any) -> None:
    board = SplendorBoard(players=["You", "Bot"], bots={1: "random"}, seed=5)
    board.run_bots()
    state, log, revision = board.state, list(board.log), board.revision
    reply = send(board, {"type": "intent", "action": payload})
    assert reply["ok"] is False
    assert reply["error"]["rule"] is None
    assert reply["error"]["text"]
    assert "Traceback" not in reply["error"]["text"]
    assert board.state is state and board.log == log and board.revision == revision
    assert said(board, "zh")
    # the kernel and the game carry on
    assert send(board, intent({"kind": "text", "text": str(sp.legal_actions(state)[0])}))["ok"]


# ------------------------------------------------------------------ bots, undo, new game, language
def test_bots_play_one_visible_turn_per_step(send: Any) -> None:
    board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3)
    board.run_bots()  # seed 3 lets the bot open
    assert board.view["to_move"] == 0 and board.view["bot_to_move"] is False
    send(board, intent({"kind": "take", "colours": ["red", "blue", "green"]}))
    assert board.view["bot_to_move"] is True
    assert board.view["seats"][1]["bot"] == "greedy"
    stale = send(board, {"type": "step", "revision": board.revision - 1})
    assert stale["stepped"] is False and board.state.current_player == 1
    reply = send(board, {"type": "step", "revision": board.revision})
    assert reply["stepped"] is True and board.state.current_player == 0
    assert board.log[-1]["seat"] == 1 and board.log[-1]["bot"] is True
    assert board.log[-1]["who"] == "Greedy"


def test_with_no_bot_pause_the_bot_replies_in_the_same_round_trip(send: Any) -> None:
    """Issue 44: ``bot_delay=0`` (nobody watches each bot turn) needs no ``step`` message per bot turn."""
    board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3, bot_delay=0)
    assert board.view["to_move"] == 0 and board.view["bot_to_move"] is False  # the bot's opening is made
    moves = len(board.log)
    reply = send(board, intent({"kind": "take", "colours": ["red", "blue", "green"]}))
    assert reply["ok"] and "stepped" not in reply
    assert board.state.current_player == 0 and board.view["to_move"] == 0 and board.view["bot_to_move"] is False
    assert [line["seat"] for line in board.log[moves:]] == [0, 1] and board.log[-1]["bot"] is True
    paused = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3)  # the default pause: a step per turn
    assert paused.view["bot_to_move"] is True and paused.state.current_player == 1


def test_intents_while_a_bot_is_to_move_are_refused(send: Any) -> None:
    board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3)
    assert board.view["bot_to_move"] is True
    reply = send(board, intent({"kind": "take", "colours": ["red", "blue", "green"]}))
    assert reply["ok"] is False and "Greedy" in reply["error"]["text"]
    with pytest.raises(ValueError, match="run_bots"):
        board.play(sp.TakeDifferent(("red", "blue", "green")))


def test_undo_returns_to_the_humans_previous_decision(send: Any) -> None:
    board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3)
    board.run_bots()
    start, start_log = board.state, list(board.log)
    send(board, intent({"kind": "take", "colours": ["red", "blue", "green"]}))
    send(board, {"type": "step", "revision": board.revision})
    assert board.state.current_player == 0 and board.can_undo
    assert send(board, {"type": "undo"})["ok"] is True
    assert board.state == start and board.log == start_log and board.can_undo is False
    reply = send(board, {"type": "undo"})
    assert reply["ok"] is False and said(board, "zh")


def test_the_log_is_worded_once_and_follows_undo_and_language(send: Any) -> None:
    """Issue 28: a publish reuses the log lines already worded, yet undo, a new move and a language switch show."""
    board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3)
    board.run_bots()
    send(board, intent({"kind": "take", "colours": ["red", "blue", "green"]}))
    first = list(board.log)
    send(board, {"type": "step", "revision": board.revision})
    assert board.log[: len(first)] == first and all(a is b for a, b in zip(board.log, first, strict=False))
    send(board, {"type": "undo"})
    send(board, intent({"kind": "take", "colours": ["black", "blue", "green"]}))
    assert board.log[-1]["text"] == sp.TakeDifferent(("black", "blue", "green")).describe("en")
    assert len(board.log) == len(first)
    send(board, {"type": "set_lang", "lang": "zh"})
    assert board.log[-1]["text"] == sp.TakeDifferent(("black", "blue", "green")).describe("zh")
    assert [e["who"] for e in board.log] == [e["who"] for e in first]  # names given by the players stay


def test_new_game_with_a_seed_deals_the_engines_game(send: Any) -> None:
    board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3)
    board.run_bots()
    send(board, {"type": "new_game", "seed": 11})
    assert board.seed == 11 and board.log == []
    assert board.state == sp.new_game(["You", "Greedy"], seed=11)
    send(board, {"type": "new_game"})
    assert board.seed == 12


def test_from_state_shows_a_lesson_position_and_keeps_its_players() -> None:
    state = sp.scenario(["Ash", "Misty", "Brock"], tokens={2: {"red": 3}}, current_player=2)
    board = SplendorBoard.from_state(state, bots={0: "random", 1: "random"}, lang="zh")
    assert board.state is state and board.players == ["Ash", "Misty", "Brock"]
    assert board.human == 2 and board.view["viewer"] == 2
    assert board.view["players"][2]["tokens"]["red"] == 3
    board.new_game(4)
    assert board.state == sp.new_game(["Ash", "Misty", "Brock"], seed=4)
    with pytest.raises(TypeError, match="players"):
        SplendorBoard.from_state(state, players=["x", "y"])


def test_the_view_shows_the_whole_table() -> None:
    board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, seed=3)
    view = board.view
    observed = sp.observe(board.state, 0)
    for key in ("supply", "deck_size", "round", "current_player", "phase"):
        assert view[key] == observed[key]
    assert [c["id"] for c in view["display"]] == list(board.state.display)
    for shown, player in zip(view["players"], board.state.players, strict=True):
        assert shown["tokens"] == player.tokens and shown["discounts"] == player.discounts
        assert shown["points"] == player.points
    assert view["revision"] == board.revision and view["human"] == 0


def test_hot_seat_shows_the_player_to_move() -> None:
    board = SplendorBoard(players=["Ann", "Ben"], bots={}, seed=3)
    seat = board.state.current_player
    assert board.view["viewer"] == seat and board.view["can_move"] and "legal" not in board.view


def test_language_switch_changes_labels_and_log_stays_bilingual(send: Any) -> None:
    board = lesson()
    send(board, intent({"kind": "take", "colours": ["red", "blue", "green"]}))
    assert board.view["labels"]["title"] == "Splendor: Pokémon"
    assert send(board, {"type": "set_lang", "lang": "zh"})["ok"] is True
    assert board.lang == "zh" and board.view["labels"]["title"] == "璀璨宝石：宝可梦"
    assert board.log[-1]["text"] == sp.TakeDifferent(("red", "blue", "green")).describe("zh")


def test_every_label_exists_in_both_languages() -> None:
    def shape(value: Any) -> Any:
        return {k: shape(v) for k, v in value.items()} if isinstance(value, dict) else None

    assert shape(labels("en")) == shape(labels("zh"))
    for lang in languages():
        flat = [v for v in labels(lang).values() if isinstance(v, str)]
        assert all(text.strip() for text in flat)


def test_bots_by_name_and_bad_names() -> None:
    board = SplendorBoard(players=["You", "A", "B"], seed=1)
    assert {seat: bot.name for seat, bot in board.bots.items()} == {1: "greedy", 2: "greedy"}
    with pytest.raises(ValueError, match="unknown bot"):
        SplendorBoard(bots={1: "grandmaster"})
    with pytest.raises(ValueError, match="2 to 4 players"):
        SplendorBoard(players="You")


def test_parse_intent_maps_picks_to_the_two_take_actions() -> None:
    assert parse_intent({"kind": "take", "colours": ["black"]}) == sp.TakeDifferent(("black",))
    assert parse_intent({"kind": "take", "colours": ["red", "red"]}) == sp.TakeSame("red")
    assert parse_intent({"kind": "end_turn"}) == sp.EndTurn()


@pytest.mark.parametrize("lang", languages())
def test_a_replayed_game_names_its_seats_in_the_boards_language(lang: str) -> None:
    """Issue 31: a game the engine dealt for a count of players (``sim.play``) shows "Player N" in the
    board's language, and a board without bots (a replay, pass-and-play) has more than one person seated."""

    from pokelab.sim import play
    from pokelab.words import _

    record = play("splendor", ["greedy", "greedy"], seed=3)
    board = SplendorBoard.from_state(record.final_state, bots={}, lang=lang)
    names = [p["name"] for p in board.view["players"]]
    assert names == [_("Player {n}", n=n).render(lang) for n in (1, 2)]
    assert board.view["humans"] == [0, 1]  # the page tags no seat "you" then (players.js)


def test_only_legal_reserves_are_offered() -> None:
    """Issue 31: the view marks a card reservable only when the engine's legal list holds its Reserve (SP-A3)."""
    board = SplendorBoard(["You", "Greedy"], bots={1: "greedy"}, seed=5, lang="en")  # you move first
    legal = sp.legal_actions(board.state)
    reserve = {a.card for a in legal if isinstance(a, sp.Reserve)}
    view = board.view["players"][board.view["viewer"]]
    shown = {c["id"]: c["can_reserve"] for c in board.view["display"]}
    assert any(sp.CARDS[c].tier == "legendary" for c in shown), "seed 5 shows a legendary card"
    assert reserve and shown == {c: c in reserve for c in shown}
    assert all(not ok for c, ok in shown.items() if sp.CARDS[c].tier != "normal")
    assert view["reserved"] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_finished_game_names_its_winner_grammatically(lang: str) -> None:
    """Issue 42: the header said "Game over — You wins!". The kernel writes the sentence, with "You win!" for the
    seat named You and "{name} wins!" for any other, over several real games won by either seat."""
    from dataclasses import replace

    from pokelab.sim import play

    told = {}
    for seed in range(12):
        you = "You" if lang == "en" else "你"  # a lesson names the pupil's seat tr("You", "你")
        final = play("splendor", ["greedy", "greedy"], seed=seed).final_state
        (winner,) = sp.result(final).winners or (None,)
        if winner is None:
            continue
        named = tuple(replace(p, name=n) for p, n in zip(final.players, [you, "Ben"], strict=True))
        view = SplendorBoard.from_state(replace(final, players=named), bots={}, lang=lang).view
        told[winner] = view["result_text"]
    expected = {
        "en": {0: "Game over — You win!", 1: "Game over — Ben wins!"},
        "zh": {0: "游戏结束 — 你赢了！", 1: "游戏结束 — Ben 获胜！"},
    }[lang]
    assert told == expected
