"""Write a bot that beats the expected-points bot: bots, duels with intervals, the end-game and the league.

Lesson 44's helpers. A bot (``pokelab.bots.base.Bot``) sees only its seat's view and
the legal actions and returns one of them: ``choose(view, legal, rng)``.

- ``duel(bot, opponent, games=, seed=)`` — two bots play ``games`` two-player games,
  seats swapped every game; the first bot's wins (a shared win counts half), its
  Wilson interval and both bots' points per round;
- ``play_from(bots, scores=, seed=)`` — one two-player game started from chosen
  scores (an end-game: both players near 10 points), played to its end;
- ``endgame_duel(bot, opponent, scores=, games=, seed=)`` — many such games, seats swapped;
- ``finish_positions`` and ``finish_discard`` — last discards (three cards, nine tokens
  shown) of a player near 10 points, and the discard that gives the best chance of
  finishing the game this round (``trainer_value.finish_hand``: a card is worth 1
  if it finishes, else 0); exercise 44-2 asks a pupil's bot about them;
- ``duels()`` — the shipped games of ``scripts/bot_duels.py`` (many games, several seeds).

>>> from pokelab.bots.herecomes_bots import HeuristicBot
>>> result = duel(HeuristicBot(), "random", games=4, seed=1)
>>> result["games"], 0 <= result["ci_low"] <= result["win_rate"] <= result["ci_high"] <= 1
(4, True)
>>> duel("heuristic", "random", games=0)
Traceback (most recent call last):
...
pokelab.errors.SimError: games must be a whole number >= 1, got 0
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import pandas as pd

from pokelab.bots import make_bot
from pokelab.core.registry import get_game
from pokelab.core.stepper import MAX_STEPS, Seeding, Stepper
from pokelab.course._build import choice, explain, predict, value
from pokelab.course.registry import Idea, Option
from pokelab.course.trainer_value import finish_hand
from pokelab.herecomes import (
    TARGETS,
    Discard,
    apply,
    legal_actions,
    new_game,
    observe,
    sample,
    scenario,
)
from pokelab.odds import advise_discard, best_discard
from pokelab.sim import simulate
from pokelab.sim.balance import load
from pokelab.sim.runner import check_count
from pokelab.stats import wilson_interval
from pokelab.words import _, _p

__all__ = ["duel", "duels", "endgame_duel", "finish_chances", "finish_discard", "finish_positions", "mean_points",
           "play_from", "race"]

L44 = "probability/44-write-a-bot-that-beats-the-expected-points-bot.ipynb"
GAME = "herecomes"


def _summary(won: float, games: int, points: Sequence[float], rounds: Sequence[int], other: Sequence[float]) -> dict:
    low, high = wilson_interval(won, games)
    return {"games": games, "wins": won, "win_rate": won / games, "ci_low": low, "ci_high": high,
            "points_per_round": sum(points) / sum(rounds), "opponent_points_per_round": sum(other) / sum(rounds)}


def duel(bot: Any, opponent: Any, *, games: int = 100, seed: int = 0) -> dict[str, Any]:
    """``bot`` against ``opponent`` in ``games`` two-player games (seats swapped every game), as ``bot`` sees it.

    ``wins`` counts a shared win as half; ``ci_low``/``ci_high`` is the 95% Wilson interval
    of the win rate; ``points_per_round`` is the bot's points over all the rounds played.
    """
    check_count(games, "games")
    table = simulate(GAME, [bot, opponent], games=games, seed=seed, progress=False, names=["bot", "opponent"])
    first = table["rotation"] == 0  # the bot sits in seat 1
    won = float(table["seat_1_won"].where(first, table["seat_2_won"]).sum())
    mine = table["seat_1_score"].where(first, table["seat_2_score"])
    theirs = table["seat_2_score"].where(first, table["seat_1_score"])
    return _summary(won, games, list(mine), list(table["rounds"]), list(theirs))


def play_from(bots: Sequence[Any], *, scores: Sequence[int] = (8, 8), seed: int = 0) -> Any:
    """The final state of one two-player game started at ``scores`` (the first round's hands dealt by ``seed``).

    >>> end = play_from(["heuristic", "heuristic"], scores=(9, 9), seed=3)
    >>> end.is_over and max(end.points) >= 10
    True
    >>> play_from(["heuristic"], scores=(9, 9))
    Traceback (most recent call last):
    ...
    ValueError: play_from needs two bots and two scores, got 1 and 2
    """
    if len(bots) != 2 or len(scores) != 2:
        raise ValueError(f"play_from needs two bots and two scores, got {len(bots)} and {len(scores)}")
    rules = get_game(GAME)
    state = scenario(2, scores=dict(enumerate(scores)), seed=seed)
    stepper = Stepper(rules, {seat: make_bot(GAME, b) for seat, b in enumerate(bots)}, Seeding.runner(seed))
    for step in stepper.run(state, together=True, max_steps=MAX_STEPS):
        state = step.after
    return state


def endgame_duel(bot: Any, opponent: Any, *, scores: Sequence[int] = (8, 8), games: int = 100,
                 seed: int = 0) -> dict[str, Any]:
    """``bot`` against ``opponent`` from the end-game ``scores``, ``games`` games with the seats swapped every game.

    >>> endgame_duel("heuristic", "random", scores=(9, 9), games=2, seed=1)["games"]
    2
    """
    check_count(games, "games")
    rng = random.Random(seed)
    won, points, other, rounds = 0.0, [], [], []
    for game in range(games):
        me = game % 2  # the bot's seat: it starts as the leader in every other game
        lineup = [bot, opponent] if me == 0 else [opponent, bot]
        end = play_from(lineup, scores=scores, seed=rng.randrange(2**32))
        winners = get_game(GAME).winners(end)
        won += (1 / len(winners)) if me in winners else 0.0
        points.append(end.points[me] - scores[me])
        other.append(end.points[1 - me] - scores[1 - me])
        rounds.append(get_game(GAME).rounds(end))
    return _summary(won, games, points, rounds, other)


def duels() -> pd.DataFrame:
    """The shipped duels of ``scripts/bot_duels.py``: one row per game (``experiment``, ``bot``, ``seed``, ``won``, …).

    >>> sorted(duels()["experiment"].unique())
    ['endgame', 'full']
    """
    return load("herecomes_bot_duels")


def duel_table(experiment: str = "full") -> pd.DataFrame:
    """Each bot's wins against the expected-points bot in the shipped duels, per seed and all seeds together.

    >>> table = duel_table()
    >>> set(table.columns) >= {"bot", "seed", "games", "win_rate", "ci_low", "ci_high", "points_per_round"}
    True
    >>> duel_table("middle")
    Traceback (most recent call last):
    ...
    ValueError: no shipped duels of experiment 'middle': choose endgame or full
    """
    games = duels()
    games = games[games["experiment"] == experiment]
    if games.empty:
        raise ValueError(f"no shipped duels of experiment {experiment!r}: choose endgame or full")
    rows = []
    groups = [*games.groupby(["bot", "seed"]), *(((bot, "all"), group) for bot, group in games.groupby("bot"))]
    for (bot, seed), group in groups:
        summary = _summary(float(group["won"].sum()), len(group), list(group["points"]), list(group["rounds"]),
                           list(group["opponent_points"]))
        rows.append({"bot": bot, "seed": seed, **summary})
    return pd.DataFrame(rows)


# -- the misconception: the best average does not always win ----------------------------------------


def _clean(distribution: Mapping[int, Any]) -> dict[int, Fraction]:
    clean = {int(x): Fraction(p) for x, p in distribution.items() if p}
    if not clean or sum(clean.values()) != 1 or min(clean) < 0:
        raise ValueError(f"a round's points are whole numbers >= 0 with chances adding up to 1, got {distribution!r}")
    return clean


def mean_points(distribution: Mapping[int, Any]) -> Fraction:
    """The average points of a round that scores ``x`` with chance ``distribution[x]``.

    >>> mean_points({1: Fraction(1, 2), 2: Fraction(1, 2)})
    Fraction(3, 2)
    """
    return sum((x * p for x, p in _clean(distribution).items()), Fraction(0))


def race(first: Mapping[int, Any], second: Mapping[int, Any], *, target: int = 10) -> Fraction:
    """The exact chance that the first player wins a two-player race with these points per round (HC-G2).

    Every round each player scores independently from their distribution; at the end of
    a round in which someone has ``target`` or more the game ends and the higher score
    wins (a tie counts half).

    >>> race({1: 1}, {1: 1})
    Fraction(1, 2)
    >>> race({3: 1}, {0: Fraction(1, 2), 3: Fraction(1, 2)}, target=3)
    Fraction(3, 4)
    >>> race({0: 1}, {0: 1})
    Traceback (most recent call last):
    ...
    ValueError: at least one player must score in some round, or the game never ends
    """
    a, b = _clean(first), _clean(second)
    stuck = a.get(0, Fraction(0)) * b.get(0, Fraction(0))
    if stuck == 1:
        raise ValueError("at least one player must score in some round, or the game never ends")

    @cache
    def value(x: int, y: int) -> Fraction:
        total = Fraction(0)
        for dx, p in a.items():
            for dy, q in b.items():
                if dx == dy == 0:
                    continue
                nx, ny = x + dx, y + dy
                if max(nx, ny) >= target:
                    total += p * q * (1 if nx > ny else Fraction(1, 2) if nx == ny else 0)
                else:
                    total += p * q * value(nx, ny)
        return total / (1 - stuck)

    return value(0, 0)


#: Section 4's two players: steady scores 1 or 2 points every round, bold 40 points one round in twenty.
STEADY_44 = {1: Fraction(1, 2), 2: Fraction(1, 2)}
BOLD_44 = {0: Fraction(19, 20), 40: Fraction(1, 20)}


# -- exercise 44-2: the last discard near 10 points -------------------------------------------------


def finish_discard(view: Mapping[str, Any]) -> str:
    """The card id to discard for the best chance of finishing the game this round (10 points or a Mew/Mewtwo).

    The hand is valued with ``finish_hand`` (1 for a card that finishes, else 0) by
    ``advise_discard``, the redraw vote included; ``view`` is a player's view at a discard.

    >>> view = finish_positions()[0][0]
    >>> finish_discard(view) != best_discard(view).discard.id  # the average keeps another card
    True
    """
    hand = [TARGETS[c["id"]] for c in view["hand"]]
    need = 10 - view["players"][view["viewer"]]["points"]
    advice = advise_discard(finish_hand(hand, need), tuple(view["tokens"]), bag=view["composition"])
    return hand[[o.card for o in advice.options].index(advice.discard)].id


def finish_chances(view: Mapping[str, Any]) -> dict[str, Fraction]:
    """Each card id of the hand -> the chance of finishing the game this round when that card is discarded.

    >>> view = finish_positions()[0][0]
    >>> chances = finish_chances(view)
    >>> chances[finish_discard(view)] > chances[best_discard(view).discard.id]
    True
    """
    hand = [TARGETS[c["id"]] for c in view["hand"]]
    need = 10 - view["players"][view["viewer"]]["points"]
    options = advise_discard(finish_hand(hand, need), tuple(view["tokens"]), bag=view["composition"]).options
    return {card.id: option.value for card, option in zip(hand, options, strict=True)}


def _finish_values(view: Mapping[str, Any]) -> list[Fraction]:
    return list(finish_chances(view).values())


def _last_discard(seed: int, points: int) -> tuple[dict[str, Any], list[Any]] | None:
    """Seat 0's view and legal actions at the last discard of round 1 of a game (``seed``), seen with ``points`` points."""
    state, rng = new_game(2, seed=seed, trainers=False), random.Random(seed)
    while not state.is_over:
        if state.is_chance:
            state = apply(state, sample(state, rng))
            continue
        view = observe(state, 0)
        legal = legal_actions(state, 0)
        if legal and isinstance(legal[0], Discard) and len(view["tokens"]) == 9:
            seen = dict(view)
            seen["players"] = [dict(p) for p in view["players"]]
            seen["players"][0]["points"] = points
            return seen, list(legal)
        for seat in (0, 1):
            acts = legal_actions(state, seat)
            if acts:
                act = acts[0]
                if isinstance(act, Discard):
                    act = next(a for a in acts if a.card == best_discard(state, seat).discard.id)
                state = apply(state, act)
                break
    return None


def _telling(view: Mapping[str, Any]) -> bool:
    """True when the best chance of finishing has one discard only, and the average's discard is another card."""
    values = _finish_values(view)
    return values.count(max(values)) == 1 and finish_discard(view) != best_discard(view).discard.id


@cache
def _position(seed: int, points: int) -> tuple[dict[str, Any], list[Any]]:
    position = _last_discard(seed, points)
    if position is None or not _telling(position[0]):
        raise ValueError(f"seed {seed} at {points} points is not a telling last discard")
    return position


#: The lesson's own positions: (game seed, points of the player) at round 1's last discard.
POSITIONS_44 = ((7, 9), (12, 9), (26, 8))
#: The other telling last discards of games 0 to 299 (a pupil gets three of them); found by trying every game.
POOL_44 = ((83, 9), (87, 9), (114, 9), (116, 9), (122, 8), (149, 8), (162, 8), (169, 9), (183, 9), (195, 9), (221, 8),
           (233, 8))


def finish_positions(seeds: Sequence[tuple[int, int]] = POSITIONS_44) -> list[tuple[dict[str, Any], list[Any]]]:
    """The (view, legal actions) of last discards near 10 points where the average and the finish disagree.

    >>> [len(view["hand"]) for view, legal in finish_positions()]
    [3, 3, 3]
    >>> finish_positions([(0, 9)])
    Traceback (most recent call last):
    ...
    ValueError: seed 0 at 9 points is not a telling last discard
    """
    return [(dict(view), list(legal)) for view, legal in (_position(seed, points) for seed, points in seeds)]


def _personal_positions(rng: random.Random) -> dict[str, Any]:
    """Three telling last discards of the pool, drawn for a pupil.

    >>> len(finish_positions(POOL_44)) == len(set(POOL_44)) == 12  # every one of them is telling
    True
    """
    return {"games": tuple(rng.sample(POOL_44, 3))}


def _finish_answer(p: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(finish_discard(view) for view, _legal in finish_positions(p["games"]))


def _finish_slips(p: Mapping[str, Any]) -> list[tuple[Any, Any]]:
    average = tuple(best_discard(view).discard.id for view, _legal in finish_positions(p["games"]))
    return [(average, _("those are the expected-points bot's discards: near 10 points your bot should keep the cards "
                        "that finish the game, not the ones worth the most points on average."))]


value("44-2", L44, _("Write a bot that plays like the expected-points bot, except at a discard when it needs 2 points "
                     "or fewer: there it leaves the expected-points bot's discard only when another discard gives a "
                     "better chance of finishing the game this round. What does it discard in the three positions "
                     "`finish_positions(task.games)` gives you? A tuple of three card ids."),
      _finish_answer,
      [_("Near 10 points a card is worth 1 if it finishes the game (its points are at least the points you still need, "
         "or it is a Mew or Mewtwo), else 0: finish_hand(hand, need) of lesson 41. advise_discard on that hand gives, in "
         ".options, the chance of finishing after each discard."),
       _("need is 10 minus your points: view['players'][view['viewer']]['points']. Call "
         "my_bot.choose(view, legal, random.Random(0)).card for each (view, legal) in finish_positions(task.games).")],
      defaults={"games": POSITIONS_44}, personal=_personal_positions, mistakes=_finish_slips)


# -- the other exercises --------------------------------------------------------------------------


def shipped_rate(bot: str, experiment: str = "full") -> float:
    """The win rate of ``bot`` against the expected-points bot over all the shipped games of ``experiment``.

    >>> 0 < shipped_rate("heuristic") < 0.5
    True
    """
    table = duel_table(experiment)
    return float(table[(table["bot"] == bot) & (table["seed"] == "all")]["win_rate"].iloc[0])


predict("44-1", L44, _("Before the games are played: in what share of its games against the expected-points bot does "
        "the heuristic bot win?"), lambda p: shipped_rate("heuristic"),
        [_("Both bots play the same rounds; the one that scores more points per round usually ends ahead.")],
        tolerance=0.1)

choice("44-3", L44, _("Bot A scores more points per round than bot B on average over many games. Which is true?"), (
    Option("a", _("A wins most of its games against B."),
           why=_("an average of points per round does not count wins: points scored in a game already lost, or beyond "
                 "10, add to the average but win nothing (the misconception: the best average always wins most games)")),
    Option("b", _("It depends: only games played between A and B, counted as wins, with an interval, tell which wins "
                  "more often."), correct=True,
           why=_("a win needs the most points at the end of the game, not the most points on average")),
    Option("c", _("B cannot win more often than A, at most as often."),
           why=_("a player whose average comes from rare big rounds can lose most races to a steadier player with a "
                 "lower average (the misconception: the best average always wins most games)")),
), hints=(_("Think of points scored beyond what a player needs, or in a game lost anyway: do they win anything?"),))

explain("44-4", L44, _("Your bot differs from the expected-points bot only near 10 points. Why can it not win many more "
        "games than the expected-points bot, even if it plays the end-game better?"),
        _("Most of a game is played far from 10 points, where both bots make the same choices, so most games go the "
          "same way; only the last rounds differ, so any gain is small (over the kit's 900 whole games, about 1 "
          "percentage point at most), and a difference that small needs about ten thousand games to show."),
        [Idea(_("both bots play the same most of the game"), _p("words a pupil may write", "same|identical|most of the game")),
         Idea(_("only the end of the game differs"), _p("words a pupil may write", "end|near 10|last round|close")),
         Idea(_("a small difference needs many games"), _p("words a pupil may write", "many games|interval|small|luck"))],
        misconceptions=[Idea(_("the bot with the best average always wins most games"),
                             _p("words a pupil may write", "best average always|always wins|higher average wins"))])
