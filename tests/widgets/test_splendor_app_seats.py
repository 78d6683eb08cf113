"""The Splendor app's win chances know who is playing (issue 30): its seated bots become the playouts' policies.

``seated_policies`` turns a board's seats into the analysis' ``bots=`` (a bot by its name, a
person by the stated model); the coach's jobs pass them on to ``win_probabilities``,
``suggest`` and ``review``, so a job run with them answers exactly as the analysis does.
"""

from __future__ import annotations

import pytest

from pokelab.analysis import review, suggest, win_probabilities
from pokelab.analysis.coach_jobs import odds_job, review_job, suggest_job
from widgets.apps import SplendorApp
from widgets.splendor.coach_jobs import seated_policies


@pytest.mark.parametrize(("opponents", "bot"), [(1, "mcts-hard"), (2, "greedy"), (3, "random")])
def test_the_apps_seated_bots_are_the_playouts_policies(opponents: int, bot: str) -> None:
    app = SplendorApp(opponents=opponents, bot=bot, seed=5, coach=True)
    try:
        assert seated_policies(len(app.board.players), app.board.bots) == ("human", *[bot] * opponents)
    finally:
        app.board.close()


def test_a_new_line_up_changes_the_policies() -> None:
    app = SplendorApp(opponents=1, bot="greedy", seed=5, coach=True)
    app.bot.value = "mcts-hard"
    try:
        assert seated_policies(len(app.board.players), app.board.bots) == ("human", "mcts-hard")
    finally:
        app.board.close()


def test_the_jobs_play_the_seated_policies() -> None:
    app = SplendorApp(opponents=1, bot="mcts-hard", seed=5, coach=True)
    state = app.board.state
    seats = seated_policies(len(app.board.players), app.board.bots)
    app.board.close()
    assert odds_job(state, 0, 30, 3, bots=seats) == win_probabilities(state, 0, playouts=30, seed=3, bots=seats)
    assert odds_job(state, 0, 30, 3, bots=seats) != odds_job(state, 0, 30, 3, bots=("greedy", "greedy"))
    tips = suggest_job(state, "easy", 3, bots=seats)
    assert [t.action for t in tips] == [t.action for t in suggest(state, k=3, level="easy", seed=3, bots=seats)]
    assert review_job([], 10, 0, bots=seats).moves == review([], playouts=10, bots=seats).moves


def test_a_bot_the_playouts_cannot_name_is_modelled_as_a_person() -> None:
    class First:
        name = "first"

        def choose(self, view, legal, rng):
            return legal[0]

    assert seated_policies(2, {1: First()}) == ("human", "human")
    with pytest.raises(ValueError, match="players must be a whole number"):
        seated_policies(True, {})


def test_the_boards_coach_hands_its_seated_bots_to_every_job() -> None:
    """The app's board tells its coach who sits where; odds, Suggest and Review all play those policies."""
    app = SplendorApp(opponents=1, bot="mcts-hard", seed=5, coach=True)
    coach = app.board._coach
    try:
        with coach.lock:
            assert coach._position().seated == ("human", "mcts-hard")
            point = coach.line.points[-1]
            for kind, target in (("odds", point), ("suggest", {"state": app.board.state}), ("review", {})):
                _, args = coach._prepare(kind, target)
                assert ("human", "mcts-hard") in args, kind
        app.bot.value = "greedy"  # a new line-up (a new game): the next jobs play the new bot
        coach = app.board._coach
        with coach.lock:
            assert coach._position().seated == ("human", "greedy")
    finally:
        app.board.close()
