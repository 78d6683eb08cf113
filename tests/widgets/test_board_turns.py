"""The board's ``Turns`` component: it takes a state and an act number and gives the acts back.

It reads nothing of a board (no widget here at all) and steps through the one
``pokelab.core.Stepper`` with the board's seeding, so the same seed gives the same acts.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from pokelab.bots.random_bot import RandomBot
from pokelab.core import BotError, Seeding, Stepper
from pokelab.toy import ToyGame
from widgets.board.turns import Turns


class Raiser:
    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        raise ZeroDivisionError("no move")


def test_settle_gives_back_the_roll_and_the_bots_choices_in_order_without_a_board() -> None:
    game = ToyGame()
    state = game.new_game(2, 5, {})
    events = list(Turns(game, {0: RandomBot(), 1: RandomBot()}, seed=5).settle(state, 0))
    assert events[0].seat is None and events[0].before is state  # the roll nobody clicks, then both bots
    assert game.is_over(events[-1].after)
    for earlier, later in pairwise(events):
        assert later.before is earlier.after and later.ply == earlier.ply + 1
    stepper = Stepper(game, {0: RandomBot(), 1: RandomBot()}, Seeding.board(5), view=game.observe, checked=True)
    assert events[1] == stepper.bot_step(events[1].before, 0, 1)  # the one stepper's act, with the board's seeding


def test_a_failing_bot_comes_back_as_a_bot_error_and_the_other_bot_still_plays() -> None:
    game = ToyGame()
    turns = Turns(game, {0: Raiser(), 1: RandomBot()}, seed=2, names=["Ann", "Bo"])
    events = list(turns.settle(game.new_game(2, 2, {}), 0))
    failures = [e for e in events if isinstance(e, BotError)]
    assert [(e.seat, e.stage) for e in failures] == [(0, "choose")]
    assert any(getattr(e, "seat", None) == 1 and not isinstance(e, BotError) for e in events)
    failure = turns.failure(failures[0])
    assert failure.seat == 0 and "Ann" in failure.message("en") and "ZeroDivisionError" in failure.message("en")
