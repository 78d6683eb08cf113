"""A board built from a finished record shows that game (issue 42 item 3).

Lesson 14 showed a bots' game's last position with ``from_state``: the board said "Player 2 wins!"
and "MOVES (0) No moves yet."; zh/21's board called the expected-points bot's seat 玩家 1（你）, because
``from_state`` seated a person there. ``Board.from_record`` seats the record's bots (nobody is "you"),
lists every move of the game, and names each seat as the record does: players numbered from 1.
"""

from __future__ import annotations

import re

import pytest

from pokelab.classroom import ClassAccessError, ClassStore
from pokelab.core.texts import player_name
from pokelab.herecomes import Discard
from pokelab.sim import play
from pokelab.tables import Tables
from widgets import HereComesBoard, SplendorBoard
from widgets.board.errors import BadIntent


@pytest.fixture(scope="module")
def splendor_record():
    return play("splendor", ["greedy", "mcts-easy"], seed=3)  # lesson 14's bots' game


@pytest.fixture(scope="module")
def herecomes_record():
    return play("herecomes", ["expected-points", "heuristic", "random"], seed=5)  # lesson 21's


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_splendor_record_shows_every_move_and_its_winner(splendor_record, lang) -> None:
    board = SplendorBoard.from_record(splendor_record, lang=lang)
    assert board.view["over"] and board.state == splendor_record.final_state
    assert len(board.log) == len(splendor_record.actions) > 40  # not "No moves yet"
    for line, (seat, action) in zip(board.log, splendor_record.actions, strict=True):
        assert (line["seat"], line["text"], line["bot"]) == (seat, action.describe(lang), True)
        assert line["who"] == player_name(seat).render(lang)
    # one numbering: the header's winner is the record's seat label's player
    (winner,) = splendor_record.winners
    assert player_name(winner).render(lang) in board.view["result_text"]
    assert splendor_record.seat_label(winner).render(lang).startswith(player_name(winner).render(lang))
    assert board.view["humans"] == [] and [s["bot"] for s in board.view["seats"]] == list(splendor_record.bots)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_herecomes_record_seats_no_person_and_logs_the_game(herecomes_record, lang) -> None:
    board = HereComesBoard.from_record(herecomes_record, lang=lang, teacher=True)
    assert board.humans == [] and board.view["humans"] == []
    assert [s["bot"] for s in board.view["seats"]] == list(herecomes_record.bots)  # every seat a bot: nobody is "you"
    you = {"You", "你"}
    assert not any(s["name"] in you for s in board.view["seats"])
    texts = [line["text"] for line in board.log]
    # every choice a player made is in the list, in order (the teacher's view shows them face up)
    moves = [a.describe(lang, list(herecomes_record.final_state.setup.names)) for seat, a in herecomes_record.actions
             if seat is not None and isinstance(a, Discard)]
    found = iter(texts)
    assert all(any(t == move for t in found) for move in moves) and moves
    # the draws: one line per wave the leader draws (as a board playing the game logs it), never one per token
    states = list(herecomes_record.states())
    waves = {(s.round, s.wave) for s, (seat, _a) in zip(states[:-1], herecomes_record.actions, strict=True) if seat is None and s.phase == "draw"}
    drawn = [t for t in texts if re.search(r"draws wave \d|抽出第 \d 波", t)]
    assert len(drawn) == len(waves) < sum(1 for seat, _a in herecomes_record.actions if seat is None)
    assert drawn[0].startswith(player_name(states[0].leader).render(lang))

def test_from_record_refuses_another_game_or_bots(splendor_record) -> None:
    with pytest.raises(ValueError, match="cannot show a record of 'splendor'"):
        HereComesBoard.from_record(splendor_record)
    with pytest.raises(TypeError, match="do not pass bots"):
        SplendorBoard.from_record(splendor_record, bots={})
    with pytest.raises(TypeError, match="GameRecord"):
        SplendorBoard.from_record("a game")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tables_finished_game_replays_on_a_board_for_its_player_and_the_teacher(lang) -> None:
    """Issue 46: a league game is a table's game; its whole record (``Table.record``) is what a board replays.

    While it goes on only the teacher reads the record (a seat reads its own view), and a board will not replay
    it: the pupil's bot in it is no kit bot a board could move. Once it is over its player and the teacher read the
    same record, and the board names each seat as the table did.
    """
    store = ClassStore.connect("sqlite://")
    join_code, key = store.create_class("7B")
    tables = Tables(store)
    t = tables.table(tables.create_table(join_code, "herecomes", bots={1: "expected-points"}, seed=4))
    token = t.sit(0, "Sparky", join_code=join_code)
    with pytest.raises(ClassAccessError, match="opens to its players when the game is over"):
        t.record(0, token=token)
    running = t.record(teacher_key=key)
    assert running.bots == ("Sparky", "expected-points") and running.winners == ()
    with pytest.raises(ValueError, match="once the game has ended"):
        HereComesBoard.from_record(running, lang=lang)
    while not (v := t.view(0, token=token))["finished"]:
        if v["legal"]:
            t.play(0, v["legal"][0], v["revision"], token=token)
        else:
            t.advance()
    record = t.record(0, token=token)
    assert record == t.record(teacher_key=key) and record.replay() == t.replay(teacher_key=key)
    assert list(record.scores) == v["scores"] and record.winners
    board = HereComesBoard.from_record(record, lang=lang)
    assert board.view["over"] and board.state == record.final_state
    assert [s["bot"] for s in board.view["seats"]] == ["Sparky", "expected-points"]
    assert board.view["seats"][0]["bot_title"] == "Sparky"
    with pytest.raises(BadIntent, match="deals no new game"):
        board.new_game()  # its bots are the pupils', in their notebooks: no fresh game to deal here
    assert board.state == record.final_state
    discards = [a for seat, a in record.actions if seat is not None]
    assert len([line for line in board.log if line["seat"] is not None]) >= len(discards) > 5
