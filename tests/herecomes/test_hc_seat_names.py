"""Default seat names ("Player 2") are the catalogue's, in the reader's language (issue 31).

A game dealt for a count of players (as ``pokelab.sim.play`` deals lesson 21's replay) names its
seats "Player 1" …; every sentence the engine says about a seat renders that name in the reader's
language, so a Chinese replay never reads "Player 3（小刚）…" or "重抽投票：Player 2、Player 3同意".
"""

from __future__ import annotations

import json

import pytest

from pokelab.core.texts import default_name, seat_name
from pokelab.herecomes import observe, parse_action
from pokelab.herecomes.view import event_text
from pokelab.sim import play
from pokelab.words import rendered


@pytest.fixture(scope="module")
def replay() -> list:
    """Lesson 21's game: three bots, seed 5, seats named by the engine."""
    record = play("herecomes", ["expected-points", "heuristic", "random"], seed=5)
    states = list(record.states())
    assert states[0].setup.names == ("Player 1", "Player 2", "Player 3")
    return states


def test_every_event_of_the_replay_names_its_seats_in_the_readers_language(replay: list) -> None:
    events = [(s, e) for s in replay if s.summary for e in s.summary["events"]]
    kinds = {e[0] for _s, e in events}
    assert {"votes", "redraw"} <= kinds  # the vote and Brock's redraw the teacher saw
    named = [event_text(s, e) for s, e in events]
    zh = [t.render("zh") for t in named]
    assert not [line for line in zh if "Player" in line]
    assert any("玩家 2" in line for line in zh)
    assert any("Player 2" in t.render("en") for t in named)


def test_the_chinese_observation_of_every_position_says_no_player(replay: list) -> None:
    for state in replay[::7]:
        for viewer in (None, 0):
            zh = json.dumps(rendered(observe(state, viewer), "zh"), ensure_ascii=False)
            assert "Player" not in zh, zh


@pytest.mark.parametrize(
    "text", ["Discard(2, G13)", "VoteRedraw(1, yes)", "Keep(0, G01)", "UseTrainer(2, swap, 0)"]
)
def test_actions_say_a_default_seat_in_the_readers_language(text: str) -> None:
    action = parse_action(text)
    names = [default_name(seat) for seat in range(3)]
    said = action.describe("zh", names)
    assert "Player" not in said and "玩家 " in said
    assert "Player " in action.describe("en", names)
    assert action.describe("zh") == said  # no names: the same catalogue words


def test_a_given_name_is_kept_and_a_default_name_only_at_its_own_seat() -> None:
    assert seat_name("Ann", 0) == "Ann"
    assert seat_name("Player 2", 0) == "Player 2"  # a person may call themself that
    assert seat_name("Player 2", 1).render("zh") == "玩家 2"
