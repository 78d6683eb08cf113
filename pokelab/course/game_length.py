"""How long does a game last? A solo game of Here Comes as a Markov chain, solved exactly.

Lesson 42's mathematics. In a solo game (HC-C5) the only thing that carries over
from one round to the next is the **score**. If every round gives points drawn
from the same distribution (``{points: probability}``, with ``WIN`` for a Mew or
Mewtwo card that ends the game at once, HC-G1), the score is a **Markov chain**:
its states are the scores 0 … target−1 and one absorbing state "done" (HC-G2).

- ``distribution_from_counts(counts)`` — exact Fractions from a tally of rounds;
- ``transition_matrix(points, target=)`` — the chain's matrix, one row per score (and "done");
- ``rounds_distribution(points, target=, rounds=)`` — P(the game ends in round n), exact;
- ``expected_rounds(points, target=)`` — the mean number of rounds, exact (backwards, from
  the scores near the target down to 0);
- ``simulate_lengths(points, games=, seed=)`` — the same chain played at random (NumPy);
- ``mean_with_interval(values, counts=)`` — a sample mean with its approximate 95 % interval.

>>> one_point = {0: Fraction(1, 2), 1: Fraction(1, 2)}   # a point with chance 1/2 each round
>>> expected_rounds(one_point, target=2)                  # 2 / (1/2) = 4 rounds on average
Fraction(4, 1)
>>> rounds_distribution(one_point, target=2, rounds=3)
{1: Fraction(0, 1), 2: Fraction(1, 4), 3: Fraction(1, 4)}
>>> expected_rounds({0: Fraction(1)}, target=10)
Traceback (most recent call last):
...
ValueError: a round that never scores (P(0) = 1) never ends the game
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from numbers import Rational
from typing import Any

import numpy as np

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.registry import Idea, Option
from pokelab.sim.balance import load
from pokelab.words import Text, _, _p

__all__ = ["WIN", "distribution_from_counts", "expected_rounds", "mean_with_interval", "rounds_distribution", "simulate_lengths", "transition_matrix"]

#: The outcome of a round won by a Mew or Mewtwo card (HC-G1): the game ends whatever the score.
WIN = "win"
DONE = "done"


def _check_target(target: Any) -> int:
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise ValueError(f"target must be a whole number of points >= 1, got {target!r}")
    return target


def _check_points(points: Any) -> dict[Any, Fraction]:
    if not isinstance(points, Mapping) or not points:
        raise ValueError(f"a round's points distribution maps points -> probability, got {points!r}")
    clean: dict[Any, Fraction] = {}
    for x, p in points.items():
        whole = isinstance(x, int) and not isinstance(x, bool) and x >= 0
        if not (whole or x == WIN):
            raise ValueError(f"a round gives a whole number of points >= 0 or {WIN!r}, got {x!r}")
        if not isinstance(p, Rational) or p < 0:
            raise ValueError(f"probabilities must be exact numbers >= 0, got {x!r}: {p!r}")
        clean[x] = clean.get(x, Fraction(0)) + Fraction(p)
    if sum(clean.values()) != 1:
        raise ValueError(f"the probabilities add up to {sum(clean.values())}, not 1")
    return clean


def _step(score: int, x: Any, target: int) -> Any:
    return DONE if x == WIN or score + x >= target else score + x


def distribution_from_counts(counts: Mapping[Any, int]) -> dict[Any, Fraction]:
    """A round's points distribution as exact fractions of a tally (points -> how many rounds gave them).

    >>> distribution_from_counts({0: 30, 1: 50, 2: 20})
    {0: Fraction(3, 10), 1: Fraction(1, 2), 2: Fraction(1, 5)}
    >>> distribution_from_counts({0: -1})
    Traceback (most recent call last):
    ...
    ValueError: counts are whole numbers >= 0 with a positive total, got {0: -1}
    """
    if (not isinstance(counts, Mapping) or not counts
            or any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in counts.values())
            or sum(counts.values()) == 0):
        raise ValueError(f"counts are whole numbers >= 0 with a positive total, got {counts!r}")
    total = sum(counts.values())
    return _check_points({x: Fraction(n, total) for x, n in counts.items() if n})


def transition_matrix(points: Mapping[Any, Fraction], *, target: int = 10) -> dict[Any, dict[Any, Fraction]]:
    """The Markov chain of the score: ``matrix[s][t]`` = P(score t after the round | score s before it).

    The states are 0 … target−1 and ``"done"`` (absorbing: the game is over). Each row adds up to 1.

    >>> m = transition_matrix({0: Fraction(1, 3), 2: Fraction(2, 3)}, target=3)
    >>> m[0], m[2]
    ({0: Fraction(1, 3), 1: Fraction(0, 1), 2: Fraction(2, 3), 'done': Fraction(0, 1)}, {0: Fraction(0, 1), 1: Fraction(0, 1), 2: Fraction(1, 3), 'done': Fraction(2, 3)})
    >>> transition_matrix({0: Fraction(1, 2), -1: Fraction(1, 2)})
    Traceback (most recent call last):
    ...
    ValueError: a round gives a whole number of points >= 0 or 'win', got -1
    """
    clean, target = _check_points(points), _check_target(target)
    states = [*range(target), DONE]
    matrix = {s: {t: Fraction(0) for t in states} for s in states}
    matrix[DONE][DONE] = Fraction(1)
    for score in range(target):
        for x, p in clean.items():
            matrix[score][_step(score, x, target)] += p
    return matrix


def rounds_distribution(
    points: Mapping[Any, Fraction], *, target: int = 10, rounds: int = 30
) -> dict[int, Fraction]:
    """P(the game ends in round n) for n = 1 … ``rounds``, exact, starting from 0 points.

    The chances left out (games longer than ``rounds``) are 1 minus the sum.

    >>> dist = rounds_distribution({0: Fraction(1, 3), 2: Fraction(2, 3)}, target=3, rounds=4)
    >>> dist, 1 - sum(dist.values())
    ({1: Fraction(0, 1), 2: Fraction(4, 9), 3: Fraction(8, 27), 4: Fraction(4, 27)}, Fraction(1, 9))
    >>> rounds_distribution({0: Fraction(1)}, rounds=0)
    Traceback (most recent call last):
    ...
    ValueError: rounds must be a whole number >= 1, got 0
    """
    clean, target = _check_points(points), _check_target(target)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise ValueError(f"rounds must be a whole number >= 1, got {rounds!r}")
    spread: dict[int, Fraction] = {0: Fraction(1)}  # the score, games not over yet
    ends: dict[int, Fraction] = {}
    for n in range(1, rounds + 1):
        after: dict[int, Fraction] = {}
        ended = Fraction(0)
        for score, q in spread.items():
            for x, p in clean.items():
                state = _step(score, x, target)
                if state == DONE:
                    ended += q * p
                else:
                    after[state] = after.get(state, Fraction(0)) + q * p
        ends[n], spread = ended, after
    return ends


def expected_rounds(points: Mapping[Any, Fraction], *, target: int = 10, start: int = 0) -> Fraction:
    """The exact mean number of rounds to reach ``target`` points from ``start`` points.

    Worked backwards: from score s, E(s) = 1 + Σ P(x)·E(s + x), where E = 0 once the game is
    over; a round of 0 points leaves the state unchanged, so E(s) = (1 + Σ_{x>0} P(x)·E(s+x)) / (1 − P(0)).

    >>> expected_rounds({0: Fraction(1, 3), 2: Fraction(2, 3)}, target=3)
    Fraction(3, 1)
    >>> expected_rounds({1: Fraction(1)}, target=10, start=10)
    Traceback (most recent call last):
    ...
    ValueError: start must be a score from 0 to 9, got 10
    """
    clean, target = _check_points(points), _check_target(target)
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < target:
        raise ValueError(f"start must be a score from 0 to {target - 1}, got {start!r}")
    stay = clean.get(0, Fraction(0))
    if stay == 1:
        raise ValueError("a round that never scores (P(0) = 1) never ends the game")
    mean: dict[Any, Fraction] = {DONE: Fraction(0)}
    for score in range(target - 1, start - 1, -1):
        onward = sum((p * mean[_step(score, x, target)] for x, p in clean.items() if x != 0), Fraction(0))
        mean[score] = (1 + onward) / (1 - stay)
    return mean[start]


def simulate_lengths(
    points: Mapping[Any, Fraction], *, target: int = 10, games: int = 2000, seed: int = 0, max_rounds: int = 1000
) -> np.ndarray:
    """Play the chain ``games`` times at random (NumPy, seeded) and return the rounds each game took.

    >>> lengths = simulate_lengths({0: Fraction(1, 2), 1: Fraction(1, 2)}, target=2, games=4000, seed=1)
    >>> bool(3.8 < lengths.mean() < 4.2)
    True
    >>> simulate_lengths({0: Fraction(1)}, games=0)
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number >= 1, got 0
    """
    clean, target = _check_points(points), _check_target(target)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, got {games!r}")
    outcomes = list(clean)
    gains = np.array([target if x == WIN else x for x in outcomes], dtype=np.int64)
    chances = np.array([float(clean[x]) for x in outcomes])
    rng = np.random.default_rng(seed)
    score = np.zeros(games, dtype=np.int64)
    length = np.zeros(games, dtype=np.int64)
    playing = np.ones(games, dtype=bool)
    for n in range(1, max_rounds + 1):
        if not playing.any():
            break
        score[playing] += gains[rng.choice(len(gains), size=int(playing.sum()), p=chances)]
        finished = playing & (score >= target)
        length[finished] = n
        playing &= ~finished
    else:
        raise ValueError(f"some games did not end within {max_rounds} rounds")
    return length


def mean_with_interval(
    values: Sequence[float], *, counts: Sequence[int] | None = None, z: float = 1.96
) -> tuple[float, float, float]:
    """A sample mean and its approximate 95 % interval, mean ± z·s/√n (``counts``: how often each value occurs).

    >>> mean_with_interval([2, 4, 4, 6])
    (4.0, 2.3996..., 5.6003...)
    >>> mean_with_interval([3])
    Traceback (most recent call last):
    ...
    ValueError: an interval needs at least 2 values, got 1
    """
    x = np.asarray(values, dtype=float)
    w = np.ones_like(x) if counts is None else np.asarray(counts, dtype=float)
    if x.ndim != 1 or w.shape != x.shape or (w < 0).any():
        raise ValueError("values and counts must be two lists of the same length, counts >= 0")
    n = float(w.sum())
    if n < 2:
        raise ValueError(f"an interval needs at least 2 values, got {n:g}")
    mean = float((w * x).sum() / n)
    sd = math.sqrt(float((w * (x - mean) ** 2).sum()) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


L42 = "probability/42-how-long-does-a-game-last.ipynb"

# -- 42 how long does a game last? ----------------------------------------------------------------


@cache
def round_points_42() -> dict[Any, Fraction]:
    """The points of one solo round of the expected-points bot, as exact shares of the shipped tally.

    The tally is ``pokelab/data/balance/herecomes_round_points.csv`` (``scripts/solo_round_points.py``);
    ``"win"`` is a round won by a Mew or Mewtwo card.

    >>> points = round_points_42()
    >>> sum(points.values()), points[0]
    (Fraction(1, 1), Fraction(373, 1165))
    >>> points[4]   # no card is worth 4 points
    Traceback (most recent call last):
    ...
    KeyError: 4
    """
    table = load("herecomes_round_points")
    counts = {(WIN if str(x) == WIN else int(x)): int(n) for x, n in zip(table["points"], table["rounds"], strict=True)}
    return distribution_from_counts(counts)


predict("42-1", L42, _("Before the chain is solved: how many rounds does a solo game of the expected-points bot last on average, "
        "if every round's points follow the table above?"),
        lambda p: float(expected_rounds(round_points_42())),
        [_("10 points divided by the mean points of a round is a first guess; think about the points beyond 10 "
         "in the last round, and about the Mew and Mewtwo rounds.")],
        tolerance=0.75)


def _wait(p: Any) -> Fraction:
    chance = Fraction(p["num"], p["den"])
    return expected_rounds({0: 1 - chance, 2: chance}, target=p["target"])


def _wait_slips(p: Any) -> list[tuple[Any, Text]]:
    chance = Fraction(p["num"], p["den"])
    return [(Fraction(p["target"], 2) / chance,
             _("that counts half a scoring round for the last point; a round gives 2 points or none, so the last "
               "scoring round is a whole wait, and its extra point is wasted.")),
            (p["target"] / chance, _("that is the wait for {target} one-point rounds; here each scoring round gives 2 "
                                     "points.", target=p["target"])),
            (p["target"] * chance, _("that is the points you expect after {target} rounds, not the rounds you need.",
                                     target=p["target"]))]


def _personal_wait(rng: Any) -> dict[str, int]:
    num, den = rng.choice([(1, 2), (2, 5), (3, 5), (3, 4), (1, 3), (2, 3)])
    return {"num": num, "den": den, "target": rng.choice([3, 5, 7, 9])}


# 42-2 is not the 1-point chain the lesson solves (k ÷ p): a round gives 2 points, and the target is odd, so the
# pupil must see that the last scoring round overshoots (as the real game's last round does, exercise 1).
number("42-2", L42, _("Another simple game: each round you score 2 points with chance {num}/{den}, otherwise 0. "
       "On average, how many rounds does it take to reach {target} points? (An exact number.)"),
       _wait, [_("How many scoring rounds do you need to reach your target with 2 points at a time? Is the extra "
                 "point of the last one any use?"),
               _("Each scoring round is a wait of 1/p rounds on average, and the means of the waits add up.")],
       mistakes=_wait_slips, defaults={"num": 2, "den": 5, "target": 5}, personal=_personal_wait)


def _ends_in(p: Any) -> Fraction:
    chance = Fraction(p["num"], p["den"])
    return rounds_distribution({0: 1 - chance, 1: chance}, target=2, rounds=p["n"])[p["n"]]


def _ends_in_slips(p: Any) -> list[tuple[Any, Text]]:
    chance = Fraction(p["num"], p["den"])
    within = sum(rounds_distribution({0: 1 - chance, 1: chance}, target=2, rounds=p["n"]).values())
    one_order = chance**2 * (1 - chance) ** (p["n"] - 2)
    return [(within, _("that is P(over within {n} rounds); the question asks for the game to end in round {n} itself.",
                       n=p["n"])),
            (one_order, _("that counts one order of the rounds only: the first point can come in any of the first {m} "
                          "rounds.", m=p["n"] - 1))]


number("42-3", L42, _("Back to the 1-point game: {num}/{den} chance of a point each round, target 2 points. What is the chance "
       "that the game ends exactly in round {n}?"),
       _ends_in, [_("Ending in round n means: the second point comes in round n, and exactly one point came before it."),
                  _("The one earlier point can be in any of the n − 1 earlier rounds.")],
       mistakes=_ends_in_slips, defaults={"num": 1, "den": 3, "n": 4},
       personal=lambda rng: {**dict(zip(("num", "den"), rng.choice([(2, 5), (1, 3), (2, 3), (3, 4)]), strict=True)),
                             "n": rng.choice([3, 4, 5])}, chance=True)

choice("42-4", L42, _("The chain says a solo game of the expected-points bot lasts {mean} rounds on average. What does that number tell you?"), (
           Option("a", _("Most games last about that many rounds, give or take one."),
                  why=_("the mean is not a typical game: the lengths spread widely, and fewer than half the games end within one round of it "
                      "(the misconception: the mean is a typical game)")),
           Option("b", _("Over many games, the average length comes close to that number."), correct=True,
                  why=_("the mean is what the average of many games settles to (the law of large numbers, lesson 34)")),
           Option("c", _("No game can last more than twice that many rounds."),
                  why=_("every long run of rounds without points has a chance above zero: the distribution has a long tail "
                      "(the misconception: the mean sets a limit)")),
       ), hints=(_("Look at the bar chart of P(the game ends in round n): how much of it is near the mean?"),),
       defaults={"mean": f"{float(expected_rounds(round_points_42())):.2f}"})

explain("42-5", L42, _("The chain's mean and the mean of 400 real solo games of the same bot are close but not equal. "
        "Give two reasons why they can differ."),
        _("The 400 games are a sample: their mean varies by chance, which is why it has a 95% interval. And the chain is a "
        "model: it assumes every round has the same points distribution, independent of the others, while in the real game "
        "the deck is not reshuffled every round, a trainer like Erika is used once per game, and the table of round points "
        "is itself measured from a finite number of rounds."),
        [Idea(_("chance / sampling error"), _p("words a pupil may write", "chance|sample|random|interval|luck")),
         Idea(_("the model's assumption: rounds independent and the same"),
              _p("words a pupil may write", "independent|same distribution|model|assum|deck|trainer"))],
        [_("One reason is about the 400 games, one about the chain.")],
        [Idea(_("a game lasts 10 ÷ (points per round) rounds, so both means are that"),
              _p("words a pupil may write", "10 ÷|10 /|10 divided|divided by the points|divided by the mean"))])


def splendor_share_longer(rounds: int) -> float:
    """The share of the shipped Splendor games (greedy against greedy) that lasted more than ``rounds`` rounds.

    >>> splendor_share_longer(25)
    0.1865
    >>> splendor_share_longer("25")
    Traceback (most recent call last):
    ...
    ValueError: rounds must be a whole number, got '25'
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise ValueError(f"rounds must be a whole number, got {rounds!r}")

    table = load("splendor_lengths")
    return float(table.loc[table["rounds"] > rounds, "games"].sum() / table["games"].sum())


number("42-6", L42, _("Read the table of the Splendor games: what share of them lasted more than {rounds} rounds? (A decimal.)"),
       lambda p: splendor_share_longer(p["rounds"]),
       [_("Add the games of every length above the number asked and divide by all the games."),
        _("Or: 1 minus the running share (cumulative) on the row of that number of rounds.")],
       tolerance=0.002, defaults={"rounds": 25}, personal=lambda rng: {"rounds": rng.choice([22, 24, 25, 26, 28])},
       mistakes=lambda p: [(1 - splendor_share_longer(p["rounds"]),
                            _("that is the share that lasted {rounds} rounds or fewer.", rounds=p["rounds"]))], chance=True)
