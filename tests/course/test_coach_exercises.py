"""Lessons 14 and 15's coach exercises (issue 30) say what the engine says.

14-4's right option is the coach's first move in the lesson's position (level "medium", seed 0,
as the lesson runs it), clearly ahead of the second; 14-3 and 15-4 predict the chances the
lessons measure; 15-5's right option holds because, with mcts-hard in Player 1's seat, the chance's
interval lies above the greedy-against-greedy one (and the lesson's two measured chances do not overlap).
"""

from __future__ import annotations

from pokelab.analysis import suggest, win_probabilities
from pokelab.course.registry import get
from pokelab.course.splendor_rules import (
    _bot_game,
    coach_chance,
    coach_position,
    seated_chances,
    swapped_chance,
)
from pokelab.splendor import Catch, card_by_name, legal_actions, parse_action, scores


def test_the_coach_puts_the_right_option_of_14_4_first() -> None:
    position = coach_position()
    assert position.current_player == 1 and scores(position) == (0, 0)
    tips = suggest(position, k=3, level="medium", seed=0)
    assert get("14-4").expected() == "b"
    assert tips[0].action == Catch(card_by_name("Croconaw").id)
    assert tips[0].estimate.low > tips[1].estimate.high
    assert parse_action("TakeDifferent(red, green, yellow)") in legal_actions(position)  # option a is a move
    assert parse_action(f"Reserve({card_by_name('Feraligatr').id})") in legal_actions(position)  # so is option c


def test_14_3_is_the_chance_the_lesson_measures() -> None:
    position = coach_position()
    chances = win_probabilities(position, 1, bots=_bot_game(3).bots, playouts=300, seed=1)
    assert get("14-3").expected() == coach_chance() == chances[1].rate


def test_15_5_holds_because_the_intervals_do_not_overlap() -> None:
    against_greedy, against_hard = seated_chances()
    assert against_hard.high < against_greedy.low
    assert get("15-4").expected() == against_hard.rate
    assert get("15-5").expected() == "b"
    hard_first = swapped_chance()  # 15-5's seating, which no cell above the exercise measures
    assert hard_first.low > against_greedy.high  # b "far higher", not a "about the same" nor c "lower again"
