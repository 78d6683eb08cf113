"""One seat numbering (issue 42 item 3): a pupil reads players numbered from 1, as the boards say "Player 2".

Lesson 14's exercises said "seat 1 (mcts-easy)" while its board said "Player 2 wins!", and 21-2 asked
for seat numbers from 0. The exercises of the lessons that show boards beside them name players
("Player 2", 玩家 2), never a raw seat index, and 21-2 takes its winners as player numbers.
"""

from __future__ import annotations

import re

import pytest

from pokelab.course.herecomes_rounds import L21
from pokelab.course.registry import all_exercises, get
from pokelab.course.splendor_rules import L11, L14, L15
from pokelab.teaching import check, set_language
from pokelab.teaching.discussion import QUESTIONS

RAW_SEAT = re.compile(r"\bseats? \d|\d 号座位|座位 \d")


pytestmark = pytest.mark.usefixtures("fresh_session")


def _texts(definition) -> list:
    params = definition.params()
    texts = [definition.statement(), *(h for h in definition.hints if not isinstance(h, str))]
    texts += [o.text for o in definition.options] + [o.why for o in definition.options if o.why is not None]
    if definition.mistakes is not None:
        texts += [why for _value, why in definition.mistakes(params)]
    return texts


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("definition", [d for d in all_exercises() if d.lesson in (L11, L14, L15, L21)], ids=lambda d: d.id)
def test_an_exercise_beside_a_board_names_players_not_seat_indices(definition, lang) -> None:
    for text in _texts(definition):
        shown = text.render(lang) if hasattr(text, "render") else str(text)
        assert not RAW_SEAT.search(shown), (definition.id, shown)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_discussion_question_names_players_not_seat_indices(lang) -> None:
    """The misconceptions dashboard's questions for those lessons' options (docs/teacher-guide.md) too."""
    lessons = {d.id for d in all_exercises() if d.lesson in (L11, L14, L15, L21)}
    said = [q.render(lang) for (exercise, _key), q in QUESTIONS.items() if exercise in lessons]
    assert said and [q for q in said if RAW_SEAT.search(q)] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_21_2_takes_player_numbers(lang) -> None:
    set_language(lang)
    assert get("21-2").expected() == (2,)  # 9+1, 8+3, 6+2: Player 2 (seat 1) has the most
    assert check("21-2", (2,)).ok
    wrong = check("21-2", (1,))
    assert not wrong.ok
    assert ("Player 1 reached 10 first" if lang == "en" else "玩家 1 先到 10 分") in wrong.render(lang)
