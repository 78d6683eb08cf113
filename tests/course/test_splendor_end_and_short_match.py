"""Lessons 14 and 15's claims about the end of a game and a short match hold beyond the one example (issue 41).

14-1: reaching 18 points does not end a game at once; the round is completed (SP-G1), so in a
two-player game one more turn follows exactly when the first mover reached 18 — over many
seeds, not only the lesson's. 14-2: a seat plays one turn a round and more actions than turns
when it evolves or returns tokens. 15-3: 7 wins in 10 cannot tell two bots apart, and the
why-text's "about a third of 10-game matches" is the exact binomial chance.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from pokelab.course.registry import get
from pokelab.course.splendor_rules import (
    NEW_MATCH_GAMES,
    NEW_MATCH_WINS,
    _bot_game,
    turns_after_eighteen,
)
from pokelab.sim import play
from pokelab.splendor import Catch, Pass, Reserve, TakeDifferent, TakeSame
from pokelab.stats import wilson_interval


def _turn_seats(record) -> list[int]:
    actions = record.actions
    return [seat for i, (seat, _a) in enumerate(actions) if i == 0 or actions[i - 1][0] != seat]


@pytest.mark.parametrize("seed", range(8))
def test_the_round_is_completed_after_18_points(seed: int) -> None:
    record = play("splendor", ["greedy", "greedy"], seed=seed)
    if record.final_state is not None and max(record.scores) < 18:
        pytest.skip("a stalled game has no 18")
    seats = _turn_seats(record)
    first_mover = record.actions[0][0]
    assert seats.count(0) == seats.count(1) == record.rounds  # as many turns each (SP-G1)
    after = turns_after_eighteen(record)
    assert after in (0, 1)
    # one more turn exactly when the first mover reached 18 first; none when the last mover did
    assert (after == 1) == (seats[-1 - after] == first_mover)


def test_some_seed_needs_the_extra_turn_and_some_does_not() -> None:
    """The grid above is not one-sided: both cases of SP-G1 occur (a game ending at once at 18 would fail it)."""
    seen = {turns_after_eighteen(play("splendor", ["greedy", "greedy"], seed=seed)) for seed in range(8)}
    assert seen == {0, 1}


def test_14_1_and_14_2_answers() -> None:
    record = _bot_game(3)
    assert get("14-1").expected() == turns_after_eighteen(record) == 1
    main_kinds = (TakeDifferent, TakeSame, Reserve, Catch, Pass)  # one main action a turn (SP-T1)
    extra = [a for seat, a in record.actions if seat == 1 and not isinstance(a, main_kinds)]
    assert get("14-2").expected() == record.rounds + len(extra) and extra  # more actions than turns


def test_7_of_10_cannot_tell_two_bots_apart() -> None:
    low, high = wilson_interval(NEW_MATCH_WINS, NEW_MATCH_GAMES)
    assert low < 0.5 < high and round(low, 1) == 0.4 and round(high, 1) == 0.9  # "about 0.4 to 0.9"
    assert get("15-3").expected() == "b"
    # "even two evenly matched bots end 7–3 or more lopsided in about a third of 10-game matches"
    lopsided = Fraction(2 * sum(comb(10, k) for k in range(7, 11)), 2**10)
    assert lopsided == Fraction(352, 1024) and abs(lopsided - Fraction(1, 3)) < Fraction(1, 50)
