"""The Splendor board's coach (issue 23): odds panel, the win-probability line, Suggest, Review.

Driven the way the page drives it (``model.send`` → ``Widget._handle_msg``, see
conftest.deliver); the playouts run in the board's background thread and the
tests wait for it with ``board.wait_coach()``. Playout counts are kept small:
these tests check behaviour, ``benchmarks/bench_coach.py`` measures speed.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pokelab import splendor as sp
from pokelab.analysis import WinEstimate, review
from pokelab.bots import make_bot
from pokelab.splendor.cards import COLOURS
from tests.widgets.conftest import said
from widgets import SplendorBoard
from widgets._words import labels_in
from widgets.splendor.coach_data import LinePoint, afford_turns, card_odds, min_take_turns
from widgets.splendor.coach_text import COACH_TEXT
from widgets.splendor.coach_view import estimate_json, review_pairs
from widgets.splendor.text import labels

WAIT = 180


def coach_board(**options: Any) -> SplendorBoard:
    """A board with the coach on and few playouts, its bots moving at once."""
    options.setdefault("bots", {1: "greedy"})
    options.setdefault("seed", 4)
    board = SplendorBoard(odds=options.pop("odds", True), coach=options.pop("coach", True), **options)
    board.odds_playouts = board.line_playouts = 50
    board.review_playouts = 8
    board.coach_level = "easy"
    return board


def greedy_move(board: SplendorBoard) -> Any:
    state = board.state
    return make_bot("splendor", "greedy").choose(
        sp.observe(state, state.current_player), sp.legal_actions(state), random.Random(0)
    )


def test_both_switches_are_off_by_default_and_nothing_runs() -> None:
    board = SplendorBoard(bots={1: "random"})
    assert board.odds_on is False and board.coach_on is False
    assert "odds" not in board.coach and "suggest" not in board.coach
    assert board._coach._thread is None or board.wait_coach(5)
    assert board.coach_stats["chunks"] == 0
    board.close()


def test_the_switches_must_be_booleans() -> None:
    with pytest.raises(ValueError, match="odds must be True or False"):
        SplendorBoard(odds="yes")


def test_panel_data_appears_after_a_move(send: Any) -> None:
    board = coach_board()
    board.run_bots()
    assert board.wait_coach(WAIT)
    first = board.coach["odds"]
    assert first["playouts"] == 50 and len(first["seats"]) == 2
    reply = send(board, {"type": "intent", "action": {"kind": "text", "text": str(greedy_move(board))}})
    assert reply["ok"], reply
    board.run_bots()
    assert board.wait_coach(WAIT)
    data = board.coach
    assert data["revision"] == board.revision
    odds = data["odds"]
    assert odds["playouts"] == 50 and not odds["final"]
    for seat in odds["seats"]:
        assert 0 <= seat["low"] <= seat["rate"] <= seat["high"] <= 1
    assert sum(s["rate"] for s in odds["seats"]) <= 1 + 1e-9
    # the line: one point per turn, every one computed, the last is the position on the board
    line = data["line"]
    assert len(line) >= 3 and all(p["rates"] is not None for p in line)
    assert line[-1]["ply"] == board._ply and line[-1]["moves"] == []
    assert any(p["seat"] == 0 and p["moves"] for p in line)
    # card odds: every card in view and the reserve, 0 turns exactly when the engine lets you catch it
    shown = [c["id"] for c in data["cards"]]
    me = board.state.players[0]
    assert shown == [*board.state.display, *me.reserved]
    catchable = {a.card for a in sp.legal_actions(board.state) if isinstance(a, sp.Catch)}
    assert {c["id"] for c in data["cards"] if c["turns"] == 0} == catchable
    board.close()


def test_a_result_for_a_position_no_longer_on_the_board_is_dropped() -> None:
    board = coach_board()
    board.run_bots()
    assert board.wait_coach(WAIT)
    old_point = board._coach.line.points[-1]
    before = dict(board.coach)
    board.new_game(seed=9)
    assert old_point not in board._coach.line.points and board._coach.line.live is not old_point
    dropped = board.coach_stats["dropped"]
    stale = (WinEstimate.from_wins(50, 50), WinEstimate.from_wins(0, 50))
    with board._coach.lock:
        board._coach.deliver("odds", old_point, stale)
    assert board.coach_stats["dropped"] == dropped + 1
    assert board.wait_coach(WAIT)
    # the new position has exactly its own 50 playouts: the stale 50 were not added in
    assert board.coach["odds"]["playouts"] == 50 and board._coach.line.live.playouts == 50
    assert before["odds"]["playouts"] == 50
    assert all(p.state is not old_point.state for p in board._coach.line.points)
    board.close()


def test_undo_takes_the_undone_turns_off_the_line(send: Any) -> None:
    board = coach_board(odds=True, coach=False)
    board.run_bots()
    board.play(greedy_move(board))
    board.run_bots()
    turns = len(board._coach.line.points)
    assert send(board, {"type": "undo"})["ok"]
    assert len(board._coach.line.points) < turns and board._coach.line.points[-1].state is board.state
    assert board.wait_coach(WAIT)
    assert board.coach["line"][-1]["moves"] == []
    board.close()


def test_coach_off_means_no_suggestions(send: Any) -> None:
    board = coach_board(coach=False, odds=False)
    board.run_bots()
    reply = send(board, {"type": "coach_suggest"})
    assert reply["ok"] is False
    assert reply["error"]["text"] == "the coach is switched off" and said(board, "zh") == "教练已关闭"
    assert "suggest" not in board.coach and "odds" not in board.coach and "line" not in board.coach
    board.close()


def test_suggest_offers_legal_moves_with_reasons_and_a_teacher_can_switch_it_off(send: Any) -> None:
    board = coach_board(odds=False, lang="zh")
    board.run_bots()
    assert send(board, {"type": "coach_suggest"})["ok"]
    assert board.coach["suggest"]["pending"] in (True, False)
    assert board.wait_coach(WAIT)
    items = board.coach["suggest"]["items"]
    legal = {str(a) for a in sp.legal_actions(board.state)}
    assert 1 <= len(items) <= 3 and {i["text"] for i in items} <= legal
    for item in items:
        assert re.search(r"[\u4e00-\u9fff]", item["reason"])  # the board is in Chinese
        assert 0 <= item["estimate"]["low"] <= item["estimate"]["rate"] <= item["estimate"]["high"] <= 1
    # playing a suggestion is an ordinary intent; the suggestions are then for an old position
    reply = send(board, {"type": "intent", "action": {"kind": "text", "text": items[0]["text"]}})
    assert reply["ok"], reply
    assert board.coach["suggest"] is None
    board.coach_on = False
    assert "suggest" not in board.coach
    board.close()


def test_suggest_is_refused_when_it_is_not_your_turn(send: Any) -> None:
    state = sp.new_game(["Ash", "Greedy"], seed=4)
    board = SplendorBoard.from_state(state, bots={0: "greedy"}, human=1, coach=True)
    if board.state.current_player == 1:
        board.play(greedy_move(board))
    reply = send(board, {"type": "coach_suggest"})
    assert reply["ok"] is False and reply["error"]["text"] == "the coach suggests moves on your turn"
    board.close()


def test_the_line_points_open_read_only_positions(send: Any) -> None:
    board = coach_board(coach=False)
    board.run_bots()
    board.play(greedy_move(board))
    board.run_bots()
    assert board.wait_coach(WAIT)
    revision, state = board.revision, board.state
    assert send(board, {"type": "coach_point", "index": 1})["ok"]
    point = board.coach["point"]
    assert point["index"] == 1 and point["moves"]
    assert [p["name"] for p in point["position"]["players"]] == board.players
    assert board.revision == revision and board.state is state  # read-only: the game did not move
    bad = send(board, {"type": "coach_point", "index": 50})
    assert bad["ok"] is False and "50" in bad["error"]["text"] and "50" in said(board, "zh")
    assert send(board, {"type": "coach_point", "index": "one"})["ok"] is False
    assert send(board, {"type": "coach_point", "index": None})["ok"] and "point" not in board.coach
    board.close()


def test_review_after_a_finished_game(send: Any) -> None:
    board = coach_board(odds=False, bots={1: "greedy"}, seed=6)
    refused = send(board, {"type": "coach_review"})
    assert refused["ok"] is False and said(board, "zh") == "对局结束后才能复盘"
    board.run_bots()
    while not board.state.is_over:
        board.play(greedy_move(board))
        board.run_bots()
    assert send(board, {"type": "coach_review"})["ok"]
    assert board.wait_coach(WAIT * 2)
    review = board.coach["review"]
    assert review["pending"] is False and review["failed"] is False
    mine = [m for m in board._coach.line.moves if m[1] == 0]
    assert len(review["moves"]) == len(mine) and {m["seat"] for m in review["moves"]} == {0}
    for row in review["moves"]:
        assert board._coach.line.moves[row["index"]][1] == 0
        assert row["turn"] is not None and 0 <= row["turn"] < len(board._coach.line.points)
        if row["better"] is not None:
            assert row["mistake"] and row["better"]["reason"]
    board.close()


def test_moves_are_reviewed_while_the_game_goes_on_and_the_review_is_the_whole_games(send: Any) -> None:
    """A Review asked for at the end waits only for moves not reviewed ahead, and says what a whole review says."""
    board = coach_board(odds=False, bots={1: "greedy"}, seed=6)
    board.run_bots()
    while not board.state.is_over:
        board.play(greedy_move(board))
        board.run_bots()
        assert board.wait_coach(WAIT)  # idle: the moves so far are reviewed ahead
    coach = board._coach
    mine = [m for m in coach.line.moves if m[1] == 0]
    assert sorted(coach._reviewed) == [m[0] for m in mine]
    assert send(board, {"type": "coach_review"})["ok"]
    assert board.wait_coach(WAIT)
    rows = board.coach["review"]["moves"]
    pairs, indices = review_pairs(coach.line.moves, [0])
    whole = review(pairs, playouts=board.review_playouts, seed=coach._at.seed, bots=coach._at.seated)
    assert [(r["index"], r["before"], r["after"], r["mistake"]) for r in rows] == [
        (indices[m.index], estimate_json(m.before), estimate_json(m.after), m.mistake) for m in whole.moves
    ]
    board.review_playouts = 9  # other settings: the moves reviewed ahead no longer count
    assert coach._unreviewed() is mine[0]
    board.close()


def test_a_move_reviewed_ahead_then_undone_is_reviewed_again_as_played_next(send: Any) -> None:
    board = coach_board(odds=False, bots={1: "greedy"}, seed=6)
    board.run_bots()
    coach, legal = board._coach, sp.legal_actions(board.state)
    board.play(legal[0])
    board.run_bots()
    assert board.wait_coach(WAIT)
    ply, _seat, action, before = next(m for m in coach.line.moves if m[1] == 0)
    assert action == legal[0] and coach._reviewed[ply][:2] == (before, action)
    assert coach._reviewed[ply][3].action == action
    assert send(board, {"type": "undo"})["ok"]
    board.play(legal[1])
    board.run_bots()
    assert board.wait_coach(WAIT)
    again = next(m for m in coach.line.moves if m[1] == 0)
    assert again[0] == ply and coach._reviewed[ply][3].action == legal[1] != legal[0]
    board.close()


def test_the_final_point_is_the_result() -> None:
    state = sp.new_game(2, seed=1)
    board = SplendorBoard.from_state(state, bots={0: "greedy", 1: "greedy"}, odds=True)
    board.odds_playouts = board.line_playouts = 1  # the line is not what this test reads
    board.run_bots()
    final = board._coach.line.points[-1]
    assert final.final and final.state is board.state
    winners = sp.result(board.state).winners
    assert [e[0] for e in final.estimates] == [
        (1 / len(winners) if s in winners else 0.0) for s in range(2)
    ]
    board.close()


# ---------------------------------------------------------------- card odds, pure
def test_turns_to_afford_are_zero_exactly_when_a_catch_is_legal() -> None:
    rng = random.Random(3)
    for game in range(6):
        s = sp.new_game(2, seed=game)
        for _ in range(rng.randrange(4, 40)):
            if s.is_over:
                break
            s = sp.apply(s, rng.choice(sp.legal_actions(s)))
        if s.is_over or s.phase != "main":
            continue
        seat = s.current_player
        legal = {a.card for a in sp.legal_actions(s) if isinstance(a, sp.Catch)}
        zero = {r["id"] for r in card_odds(s, seat) if r["turns"] == 0}
        assert zero == legal


def test_one_take_turn_closes_the_gap_it_should() -> None:
    assert min_take_turns((1, 1, 1, 0, 0)) == 1
    assert min_take_turns((2, 0, 0, 0, 0)) == 1
    assert min_take_turns((2, 2, 2, 0, 0)) == 2
    assert min_take_turns((4, 0, 0, 0, 0)) == 2
    rare = next(c for c in sp.CARDS.values() if c.tier == "rare")
    paid = {colour: n for colour, n in zip(COLOURS, rare.cost, strict=True) if n}
    without = sp.scenario(["Ash", "Misty"], tokens={0: paid})
    with_master = sp.scenario(["Ash", "Misty"], tokens={0: {**paid, "master": 1}})
    assert afford_turns(with_master, 0, rare.id) == 0  # SP-A5: the Master Ball is there
    assert afford_turns(without, 0, rare.id) == 1  # one turn to reserve and get one


def test_a_line_point_reports_nothing_until_computed() -> None:
    point = LinePoint(sp.new_game(2, seed=1), ply=0, seat=0)
    assert point.to_json(0)["rates"] is None and point.to_json(0)["playouts"] == 0


# ---------------------------------------------------------------- words
def test_the_coach_words_exist_in_both_languages_and_the_front_end_reads_only_those() -> None:
    from widgets._bundle import JS

    assert labels("zh")["coach"] == labels_in(COACH_TEXT, "zh") and labels("en")["coach"] == labels_in(COACH_TEXT, "en")
    js = "\n".join(p.read_text(encoding="utf-8") for p in sorted((JS / "splendor" / "coach").glob("*.js")))
    read = set(re.findall(r"\bC\.(\w+)", js))
    assert len(read) > 30 and read <= set(COACH_TEXT)
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", js, flags=re.S)
    assert not re.search(r"[\u4e00-\u9fff]", code)
    for text in labels("zh")["coach"].values():
        assert not re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", text)), text


def test_the_app_page_has_the_teachers_switch() -> None:
    from widgets.apps import SplendorApp

    app = SplendorApp(opponents=1, bot="random", coach=True)
    assert app.board.odds_on and app.board.coach_on
    app.coach_switch.value = False
    assert not app.board.odds_on and not app.board.coach_on and "odds" not in app.board.coach
    app.new_game()
    assert not app.board.coach_on  # a new game keeps the teacher's choice
    locked = SplendorApp(opponents=1, bot="random", coach=True, assessment=True, lang="zh")
    assert not locked.board.coach_on and locked.coach_switch.disabled
    assert locked.coach_switch.description == "教练与胜率"
    with pytest.raises(ValueError, match="assessment must be True or False"):
        SplendorApp(assessment="yes")


def test_the_threat_line_is_the_engines_next_refill_chance() -> None:
    from pokelab.odds.splendor import splendor_refill_catchable
    from widgets.splendor.coach_data import threat_odds

    rng = random.Random(8)
    for game in range(5):
        s = sp.new_game(3, seed=game)
        for _ in range(rng.randrange(10, 60)):
            if s.is_over:
                break
            s = sp.apply(s, rng.choice(sp.legal_actions(s)))
        for row in threat_odds(s, 0):
            assert row["next"] == pytest.approx(float(splendor_refill_catchable(s, row["seat"], 1)))
