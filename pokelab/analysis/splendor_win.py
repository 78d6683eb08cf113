"""Splendor: Pokémon win probability from playouts that use only what one player may know.

``win_probabilities(state, viewer)`` plays the game to its end ``playouts``
times and counts who wins. Each seat is played by the policy of whoever sits
there (``bots=``: the seated bots' names, one per seat; by default every seat is
the stated model of a person, ``"human"``: see ``pokelab.analysis.playouts``),
so an estimate for greedy against mcts-hard is not one for greedy against greedy; the share of
playouts won is then made a calibrated chance (``calibrated``: for two named bots, the fitted
correction of ``pokelab.analysis.win_calibration``). What ``viewer`` may know is
everything ``observe(state, viewer)`` shows: every hand, reserve and the
display are public (SP-A3); the one hidden thing is the order of the
face-down deck. So the estimate is computed *from the view*: the position is
rebuilt from ``observe(state, viewer)`` (``state_from_view``) with the deck
known only as a set, and every playout shuffles that set into a fresh deck.
The real deck order is never read, so two states that differ only in it give
the very same estimate for the same seed.

Counting: a shared victory (SP-G3 ties) gives each sharer ``1 / k`` of a win,
and a stalled game (SP-G4) is a win for nobody, so the seats' rates add up
to at most 1 (two seats with fitted bots: about 1 less the stalled share, after the
correction ``calibrated`` applies). ``WinEstimate.low`` / ``high`` are the 95 % Wilson interval.

A finished game needs no playouts: the winners share 1, the others get 0 (a
stalled game: 0 for everyone), exactly (``playouts == 0``). So does a *frozen*
position, where every seat can only pass and a round of passes changes nothing:
it can only run to the round cap and stall (SP-G4), a win for nobody.

Playout ``i`` draws its deck and its bots' tie-breaks from its own seed,
``game_seed(seed, i)``, so the estimate is the same for a seed whether the
playouts run in one process or are split over ``workers`` processes.

>>> from pokelab.splendor import new_game
>>> s = new_game(2, seed=3)
>>> est = win_probability(s, 0, playouts=20, seed=1)
>>> est.playouts, 0.0 <= est.low <= est.rate <= est.high <= 1.0
(20, True)
>>> [e.playouts for e in win_probabilities(s, 1, playouts=10)]
[10, 10]
>>> win_probability(s, 2, playouts=20)
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: player must be a seat number 0..1, got 2
>>> import numpy as np
>>> win_probability(s, np.int64(1), playouts=4).playouts
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokelab.analysis.playouts import (
    known_position,
    run_playouts,
)
from pokelab.analysis.win_calibration import CORRECTION
from pokelab.analysis.win_checks import (
    check_bots,
    check_playouts,
    check_seat,
    check_seed,
    check_state,
    check_workers,
)
from pokelab.splendor.actions import Pass
from pokelab.splendor.engine import apply
from pokelab.splendor.legal import legal_actions
from pokelab.splendor.scoring import result
from pokelab.stats import wilson_interval

__all__ = [
    "MODEL_DOUBT",
    "WinEstimate",
    "calibrated",
    "frozen",
    "win_probabilities",
    "win_probability",
]

#: How far a playout share is moved toward the even share to make it a calibrated chance: the
#: share of games the stated playout models misjudge (``calibrated``). Fitted by
#: ``benchmarks/bench_win_calibration.py`` (least Brier score on 336 positions of bot games
#: with the seated bots' playouts: 0.02; the raw share's calibration slope there was 0.92, so
#: the seated playouts are nearly calibrated already). A small sample: refit with the full run.
#: Used where the fitted correction (``win_calibration``: two seats, known fitted bots) does not apply.
MODEL_DOUBT = 0.02


@dataclass(frozen=True)
class WinEstimate:
    """A win rate from playouts with its 95 % Wilson interval; ``wins`` counts a shared win as ``1/k``.

    >>> e = WinEstimate.from_wins(30, 100)
    >>> e.rate, round(e.low, 3), round(e.high, 3)
    (0.3, 0.219, 0.396)
    >>> WinEstimate.from_wins(3, 0)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: need 0 <= successes <= n and n > 0, got successes=3, n=0
    """

    rate: float
    low: float
    high: float
    wins: float
    playouts: int

    @classmethod
    def from_wins(cls, wins: float, playouts: int) -> WinEstimate:
        """The estimate for ``wins`` won out of ``playouts`` playouts."""
        low, high = wilson_interval(wins, playouts)
        return cls(wins / playouts, low, high, float(wins), playouts)

    @classmethod
    def exact(cls, rate: float) -> WinEstimate:
        """A chance known without playouts (a finished or frozen game): no interval, ``playouts == 0``.

        >>> WinEstimate.exact(0.5)
        WinEstimate(rate=0.5, low=0.5, high=0.5, wins=0.5, playouts=0)
        >>> WinEstimate.exact(2)
        Traceback (most recent call last):
        ...
        ValueError: an exact chance is from 0 to 1, got 2
        """
        if not 0 <= rate <= 1:
            raise ValueError(f"an exact chance is from 0 to 1, got {rate}")
        return cls(float(rate), float(rate), float(rate), float(rate), 0)

    def to_dict(self) -> dict[str, float | int]:
        """A JSON-safe dict (for a widget's view).

        >>> WinEstimate.from_wins(1, 2).to_dict()["rate"]
        0.5
        """
        return {"rate": self.rate, "low": self.low, "high": self.high, "wins": self.wins,
                "playouts": self.playouts}


def calibrated(
    estimate: WinEstimate, seats: int, *, bots: Sequence[str] | None = None, seat: int = 0
) -> WinEstimate:
    """The playouts' share of wins for ``seat`` as a calibrated chance, by the fitted correction where one applies.

    Two seats whose seated bots are known (``bots``, one name per seat) and
    fitted (greedy, random, the mcts bots): the fitted correction of
    ``pokelab.analysis.win_calibration`` — the share's logit times a slope, plus
    the seat's bot's shift, minus the opponent's (each mcts bot is played in the
    playouts by a weaker stand-in, so its seat gains). Otherwise — three or four
    seats, no ``bots``, the stated model of a person ``"human"`` at any seat, or
    another bot — ``MODEL_DOUBT`` of the share is moved to the even share
    ``1/seats``: the playouts play stated models, not the players themselves, so
    a position every playout wins is still lost sometimes. The rate and both
    ends of the interval move alike (the same increasing map); ``wins`` and
    ``playouts`` stay as counted; an exact chance (a finished or frozen game)
    is returned as it is.

    >>> e = calibrated(WinEstimate.from_wins(0, 100), 2)
    >>> round(e.rate, 3), e.wins, e.playouts
    (0.01, 0.0, 100)
    >>> even = WinEstimate.from_wins(50, 100)
    >>> calibrated(even, 2, bots=("mcts-hard", "greedy")).rate > 0.5 > calibrated(even, 2, bots=("mcts-hard", "greedy"), seat=1).rate
    True
    >>> calibrated(even, 2, bots=("human", "mcts-hard")) == calibrated(even, 2)
    True
    >>> calibrated(WinEstimate.exact(1.0), 2, bots=("greedy", "mcts-hard"), seat=1).rate
    1.0
    >>> calibrated(WinEstimate.from_wins(1, 2), 1)
    Traceback (most recent call last):
    ...
    ValueError: a game has 2 to 4 seats, got 1
    """
    if not 2 <= seats <= 4:
        raise ValueError(f"a game has 2 to 4 seats, got {seats}")
    if not 0 <= seat < seats:
        raise ValueError(f"seat must be 0..{seats - 1}, got {seat}")
    if estimate.playouts == 0:  # exact: a finished or frozen game
        return estimate
    even = 1 / seats
    n = estimate.playouts
    if bots is not None and len(bots) == seats and CORRECTION.applies(bots):
        mover, other = bots[seat], bots[1 - seat]

        def move(p: float) -> float:
            return CORRECTION.chance(p, n, mover, other)
    else:

        def move(p: float) -> float:
            return (1 - MODEL_DOUBT) * p + MODEL_DOUBT * even

    return WinEstimate(move(estimate.rate), move(estimate.low), move(estimate.high), estimate.wins,
                       estimate.playouts)


def frozen(state: Any) -> bool:
    """Whether nothing can ever change: every seat can only pass, and a round of passes leaves all as it was.

    Such a game can only run to the round cap and stall (SP-G4): a win for nobody.

    >>> from pokelab.splendor import new_game
    >>> frozen(new_game(2, seed=1))
    False
    >>> frozen("a game")
    Traceback (most recent call last):
    ...
    TypeError: legal_actions expects a splendor State, got str
    """
    if legal_actions(state) != [Pass()]:  # a finished game has no move; a non-State is refused here
        return False
    s = state
    for _seat in state.players:
        if s.over or legal_actions(s) != [Pass()]:
            return False
        s = apply(s, Pass())
    return (s.players, s.display, s.sup, s.deck) == (state.players, state.display, state.sup, state.deck)


def _exact(state: Any) -> tuple[WinEstimate, ...] | None:
    """The exact answer for a finished or frozen game, else None."""
    n = len(state.players)
    if state.over == 1:
        winners = result(state).winners
        return tuple(WinEstimate.exact(1 / len(winners) if j in winners else 0.0) for j in range(n))
    if state.over or frozen(state):
        return (WinEstimate.exact(0.0),) * n
    return None


# ---------------------------------------------------------------- the public API
def win_probabilities(
    state: Any,
    viewer: int,
    *,
    playouts: int = 200,
    bots: str | Sequence[str] = "human",
    seed: int = 0,
    workers: int = 1,
    calibrate: bool = True,
) -> tuple[WinEstimate, ...]:
    """Every seat's chance to win from ``state`` as ``viewer`` sees it, all from the same playouts.

    ``bots`` names who plays each seat: one name per seat (the seated bots'
    registered names, or ``"human"`` for a person), or one name for every seat;
    ``workers`` > 1 spreads the playouts over processes with the same result.
    A finished or frozen game is answered exactly, without playouts.
    ``calibrate`` (the default) turns the playouts' share of wins into a
    calibrated chance (``calibrated``); ``calibrate=False`` gives the raw share.

    >>> from pokelab.splendor import new_game
    >>> ests = win_probabilities(new_game(2, seed=5), 0, playouts=30, seed=2, bots=("greedy", "mcts-hard"))
    >>> len(ests), sum(e.rate for e in ests) <= 1.0
    (2, True)
    >>> win_probabilities(new_game(2, seed=5), 0, playouts=30, bots="chess")
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: bots must be one of greedy, human, mcts-easy, mcts-hard, mcts-medium, random or a list of 2 of them, got 'chess'
    """
    check_state(state, playable=False)
    viewer = check_seat(state, viewer, "viewer")
    playouts = check_playouts(playouts)
    seed = check_seed(seed)
    workers = check_workers(workers)
    names = check_bots(bots, len(state.players))
    exact = _exact(state)
    if exact is not None:
        return exact
    base, unseen = known_position(state, viewer)
    wins = run_playouts(base, unseen, [None], playouts, seed, names, workers)[0]
    raw = tuple(WinEstimate.from_wins(float(w), playouts) for w in wins)
    if not calibrate:
        return raw
    return tuple(calibrated(e, len(wins), bots=names, seat=j) for j, e in enumerate(raw))


def win_probability(
    state: Any,
    player: int,
    *,
    playouts: int = 200,
    bots: str | Sequence[str] = "human",
    seed: int = 0,
    workers: int = 1,
    calibrate: bool = True,
) -> WinEstimate:
    """``player``'s chance to win from ``state``, from playouts that use only what ``player`` may know.

    >>> from pokelab.splendor import new_game
    >>> win_probability(new_game(2, seed=5), 1, playouts=10).playouts
    10
    >>> win_probability(new_game(2, seed=5), 0, playouts=0)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: playouts must be a whole number from 1 to 10000, got 0
    """
    check_state(state, playable=False)
    player = check_seat(state, player)
    return win_probabilities(
        state, player, playouts=playouts, bots=bots, seed=seed, workers=workers, calibrate=calibrate
    )[player]
