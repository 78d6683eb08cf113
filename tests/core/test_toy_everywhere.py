"""The toy game of ``pokelab.toy`` plays through all four callers of the one ``Stepper``.

The runner (``pokelab.sim.play`` / ``simulate``), a board (``widgets.GameBoard``),
a shared table in the class store (SQLite in memory) and the stepper itself: a
game that only implements ``pokelab.core.Game`` needs nothing else.
"""

from __future__ import annotations

import random

import pytest

from pokelab.bots.random_bot import RandomBot
from pokelab.classroom import ClassroomError, ClassStore
from pokelab.core import BotError, Game, Seeding, Stepper, check_game, get_game, register_game
from pokelab.errors import IllegalAction, SimError
from pokelab.sim import play, simulate
from pokelab.tables import Tables
from pokelab.toy import Choose, Roll, ToyGame, register
from widgets import GameBoard

NAME = register()


def test_the_toy_keeps_the_contract(pseudo):  # installed once, not extracted again per player count
    check_game(NAME)


# ---------------------------------------------------------------- the stepper
def test_the_stepper_plays_chance_and_simultaneous_steps_the_same_for_a_seed():
    game = ToyGame()

    def steps(seed: int) -> list[tuple[int | None, object]]:
        stepper = Stepper(game, {0: RandomBot(), 1: RandomBot()}, Seeding.runner(seed))
        return [(s.seat, s.action) for s in stepper.run(game.new_game(2, seed, {}))]

    one = steps(4)
    assert one == steps(4) and one != steps(5)
    assert [seat for seat, _ in one[:3]] == [None, 0, 1]  # a roll, then both seats choose
    assert sum(isinstance(a, Roll) for _, a in one) == 4


def test_the_seeding_presets_draw_what_each_caller_drew_before():
    """The one scheme reproduces the four callers' former formulas, so pinned games keep their draws."""
    assert Seeding.runner(7).rng(Seeding.runner(7).seat, seat=1).random() == random.Random("bot1:7").random()
    assert Seeding.table(7).rng(Seeding.table(7).chance, ply=3).random() == random.Random("table-chance:3:7").random()
    board = Seeding.board(7)
    assert board.rng(board.seat, seat=1, ply=4).random() == random.Random("7:4:1").random()
    assert board.rng(board.chance, key="1/0/0").random() == random.Random("pokelab.board/7/1/0/0").random()
    assert Seeding.playout(7).rng(None).random() == random.Random(7).random()


def test_a_stream_without_a_moment_continues_and_one_with_a_moment_restarts():
    game = ToyGame()
    per_game = Stepper(game, {}, Seeding.runner(1))
    assert per_game.seat_rng(0, 0) is per_game.seat_rng(0, 9)
    per_move = Stepper(game, {}, Seeding.table(1))
    assert per_move.seat_rng(0, 3).random() == per_move.seat_rng(0, 3).random()
    shared = Stepper(game, {}, Seeding.playout(1))
    assert shared.seat_rng(0, 0) is shared.seat_rng(1, 5) is shared.chance_rng(game.new_game(1, 1, {}), 2)


def test_a_checked_stepper_names_the_bot_and_the_stage():
    class Cheater:
        def choose(self, view, legal, rng):
            return Choose(1 - view["me"], "bank")

    game = ToyGame()
    state = game.apply(game.new_game(2, 0, {}), Roll(2))
    with pytest.raises(BotError) as err:
        Stepper(game, {0: Cheater()}, Seeding.board(0), checked=True).bot_step(state, 0, 0)
    assert (err.value.seat, err.value.stage) == (0, "seat")
    assert isinstance(err.value, SimError) and err.value.message("zh")


# ---------------------------------------------------------------- the runner
def test_the_runner_plays_and_simulates_the_toy():
    record = play(NAME, ["random", "random"], seed=3)
    assert record.replay() == record.final_state
    df = simulate(NAME, ["random", "random"], games=6, progress=False)
    assert list(df["seat_1_bot"]) == ["random"] * 6 and set(df["actions"]) == {12}  # 4 rolls + 4 x 2 choices


# ---------------------------------------------------------------- a board
def test_a_generic_board_plays_the_toy_with_a_bot_chance_and_undo():
    board = GameBoard(NAME, players=["Ann", "Bot"], bots={1: "random"}, seed=2)
    assert board.view["to_move"] == 0 and board.view["legal"] == ["Choose(0, bank)", "Choose(0, risk)"]
    assert board.handle_message({"type": "intent", "action": "Choose(0, bank)"})["ok"]
    assert board.state.round == 1 and str(board.log[-1]["text"]) in ("Choose(0, bank)", "Choose(1, bank)", "Choose(1, risk)")
    assert board.handle_message({"type": "undo"})["ok"] and board.state.round == 0
    refused = board.handle_message({"type": "intent", "action": "Choose(1, bank)"})
    assert not refused["ok"] and "Bot" in refused["error"]["text"]  # the bot's seat, not Ann's
    while not board.state.is_over:
        board.play(Choose(0, "risk"))
    assert board.view["over"] and len(board.state.totals) == 2


# ---------------------------------------------------------------- a shared table
def test_a_shared_table_hosts_the_toy():
    store = ClassStore.connect("sqlite://")
    join_code, key = store.create_class("7B")
    table = Tables(store).table(Tables(store).create_table(join_code, NAME, players=2, bots={1: "random"}, seed=5))
    token = table.sit(0, "Ash", join_code=join_code)
    for _ in range(4):
        view = table.view(0, token=token)
        assert view["to_move"] == [0] and view["observation"]["me"] == 0
        table.play(0, "Choose(0, bank)", view["revision"])
    view = table.view(0)
    assert view["finished"] and view["scores"] == list(table.replay(teacher_key=key).totals)
    kinds = [m["kind"] for m in table.moves(teacher_key=key)]
    assert kinds.count("chance") == 4 and kinds.count("human") == 4 and kinds.count("bot") == 4
    with pytest.raises((IllegalAction, ClassroomError)):
        table.play(0, "Choose(0, bank)", table.revision())
    assert Tables(store).listing(join_code, key).iloc[0]["game"] == NAME


def test_the_generic_board_sits_at_a_toy_table_with_no_class_of_its_own():
    """Issue 44: any game's board joins a table (``Board.join``); it plays, logs and never holds the state."""
    store = ClassStore.connect("sqlite://")
    join_code, key = store.create_class("7B")
    code = Tables(store).create_table(join_code, NAME, players=2, bots={1: "random"}, seed=5)
    board = GameBoard.join(code, name="Ash", join_code=join_code, store=store, poll_seconds=0)
    assert isinstance(board, GameBoard) and board.at_table and board.seat == 0
    assert board.view["legal"] == ["Choose(0, bank)", "Choose(0, risk)"] and board.view["to_move"] == 0
    assert [s["bot"] for s in board.view["seats"]] == [None, "random"] and not board.view["bot_to_move"]
    for _ in range(4):
        reply = board.handle_message({"type": "intent", "action": board.view["legal"][0]})
        assert reply["ok"], reply
    assert board.view["over"] and board.view["legal"] == []
    assert board.view["table"]["scores"] == list(Tables(store).table(code).replay(teacher_key=key).totals)
    mine = [line for line in board.log if line["seat"] == 0]
    assert len(mine) == 4 and all(line["who"] == "Ash" and not line["bot"] for line in mine)
    refused = board.handle_message({"type": "new_game"})
    assert not refused["ok"] and refused["error"]["text"].startswith("a shared table plays one game")
    with pytest.raises(ValueError, match="never holds the game's state"):
        board.state  # noqa: B018
    board.close()


def test_a_table_refuses_a_game_without_a_save_format():
    class NoSave(ToyGame):
        name = "nosave-doc"

        to_json = Game.to_json  # the protocol's default: no save format

    register_game("nosave-doc", NoSave)
    store = ClassStore.connect("sqlite://")
    join_code, _ = store.create_class("7B")
    with pytest.raises(ClassroomError, match="no save format"):
        Tables(store).create_table(join_code, "nosave-doc")
    assert get_game("nosave-doc").can_save() is False
