"""Splendor: Pokémon win probability from playouts that use only what one player may know.

``win_probabilities(state, viewer)`` plays the game to its end ``playouts``
times (greedy bots by default) and counts who wins. What ``viewer`` may know is
everything ``observe(state, viewer)`` shows: every hand, reserve and the
display are public (SP-A3); the one hidden thing is the order of the
face-down deck. So the estimate is computed *from the view*: the position is
rebuilt from ``observe(state, viewer)`` (``state_from_view``) with the deck
known only as a set, and every playout shuffles that set into a fresh deck.
The real deck order is never read, so two states that differ only in it give
the very same estimate for the same seed.

Counting: a shared victory (SP-G3 ties) gives each sharer ``1 / k`` of a win,
and a stalled game (SP-G4) is a win for nobody, so the seats' rates add up
to at most 1. ``WinEstimate.low`` / ``high`` are the 95 % Wilson interval.

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
pokelab.errors.BilingualError: player must be a seat number 0..1, got 2
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.bots import available_bots, make_bot
from pokelab.bots.splendor_eval import state_from_view, unseen_cards
from pokelab.bots.splendor_greedy import greedy_action
from pokelab.core.seeds import game_seed
from pokelab.core.stepper import Seeding, Stepper
from pokelab.errors import BilingualError
from pokelab.splendor.engine import apply
from pokelab.splendor.game import SplendorGame
from pokelab.splendor.scoring import result
from pokelab.splendor.state import State, make_state
from pokelab.splendor.view import observe
from pokelab.stats import wilson_interval
from pokelab.words import _

__all__ = [
    "MAX_PLAYOUTS",
    "MAX_WORKERS",
    "WinEstimate",
    "check_playouts",
    "check_seat",
    "check_seed",
    "check_state",
    "check_workers",
    "known_position",
    "playout_wins",
    "run_playouts",
    "win_probabilities",
    "win_probability",
]

#: Most playouts one call plays (200 take about half a second; a million would take an hour).
MAX_PLAYOUTS = 100_000
#: Most worker processes one call starts.
MAX_WORKERS = 64
#: A playout that has not ended after this many moves counts as stalled (the round cap ends
#: every real game far sooner; this guards a hand-built state with a huge cap).
MAX_PLAYOUT_STEPS = 20_000
_SALT = "splendor-win"


@dataclass(frozen=True)
class WinEstimate:
    """A win rate from playouts with its 95 % Wilson interval; ``wins`` counts a shared win as ``1/k``.

    >>> e = WinEstimate.from_wins(30, 100)
    >>> e.rate, round(e.low, 3), round(e.high, 3)
    (0.3, 0.219, 0.396)
    >>> WinEstimate.from_wins(3, 0)
    Traceback (most recent call last):
    ...
    ValueError: need 0 <= successes <= n and n > 0, got successes=3, n=0
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

    def to_dict(self) -> dict[str, float | int]:
        """A JSON-safe dict (for a widget's view).

        >>> WinEstimate.from_wins(1, 2).to_dict()["rate"]
        0.5
        """
        return {"rate": self.rate, "low": self.low, "high": self.high, "wins": self.wins,
                "playouts": self.playouts}


# ---------------------------------------------------------------- input checks
def check_state(state: Any, *, playable: bool = True) -> Any:
    """``state`` if it is a Splendor ``State`` (not over when ``playable``), else a bilingual ``ValueError``.

    >>> from pokelab.splendor import new_game
    >>> check_state(new_game(2)).round
    1
    >>> check_state("a game")
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: expected a Splendor State (from new_game, scenario or from_json), got str
    """
    if type(state) is not State:
        raise BilingualError(
            _("expected a Splendor State (from new_game, scenario or from_json), got {type}",
                type=type(state).__name__),
        )
    if playable and state.over:
        raise BilingualError(
            _("the game is over: there is nothing left to estimate or suggest"),
        )
    return state


def check_seat(state: Any, seat: Any, what: str = "player") -> int:
    """``seat`` if it is a seat number of ``state``, else a bilingual ``ValueError``.

    >>> from pokelab.splendor import new_game
    >>> check_seat(new_game(3), 2)
    2
    >>> check_seat(new_game(3), -1, "viewer")
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: viewer must be a seat number 0..2, got -1
    """
    n = len(state.players)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise BilingualError(
            _("{what} must be a seat number 0..{n}, got {seat}", what=what, n=n - 1, seat=repr(seat)),
        )
    return seat


def check_playouts(playouts: Any, what: str = "playouts") -> int:
    """``playouts`` if it is a whole number in 1..``MAX_PLAYOUTS``, else a bilingual ``ValueError``.

    >>> check_playouts(200)
    200
    >>> check_playouts(0)
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: playouts must be a whole number from 1 to 100000, got 0
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int) or not 1 <= playouts <= MAX_PLAYOUTS:
        raise BilingualError(
            _("{what} must be a whole number from 1 to {most}, got {playouts}",
                what=what, most=MAX_PLAYOUTS, playouts=repr(playouts)),
        )
    return playouts


def check_seed(seed: Any) -> int:
    """``seed`` if it is a whole number, else a bilingual ``ValueError``.

    >>> check_seed(7)
    7
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: a seed is a whole number, got '7'
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BilingualError(_("a seed is a whole number, got {seed}", seed=repr(seed)))
    return seed


def check_workers(workers: Any) -> int:
    """``workers`` if it is a whole number in 1..``MAX_WORKERS``, else a bilingual ``ValueError``.

    >>> check_workers(2)
    2
    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: workers must be a whole number from 1 to 64, got 0
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise BilingualError(
            _("workers must be a whole number from 1 to {most}, got {workers}",
                most=MAX_WORKERS, workers=repr(workers)),
        )
    return workers


def _check_bots(bots: Any, n: int) -> tuple[str, ...]:
    """One registered Splendor bot name per seat (a single name is used for every seat)."""
    names = (bots,) * n if isinstance(bots, str) else bots
    known = available_bots("splendor")
    if (
        not isinstance(names, Sequence)
        or len(names) != n
        or not all(isinstance(b, str) and b in known for b in names)
    ):
        raise BilingualError(
            _("bots must be one of {known} or a list of {n} of them, got {bots}",
                known=", ".join(known), n=n, bots=repr(bots)),
        )
    return tuple(names)


# ---------------------------------------------------------------- the playouts
def known_position(state: Any, viewer: int) -> tuple[Any, tuple[int, ...]]:
    """(the position as ``viewer`` sees it with an empty deck, the unseen cards in id order).

    Built from ``observe(state, viewer)`` alone, so nothing hidden from ``viewer``
    (the deck's order) can reach the playouts.

    >>> from pokelab.splendor import new_game
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> base.deck, len(unseen), list(unseen) == sorted(unseen)
    ((), 86, True)
    >>> known_position(new_game(2, seed=1), 5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: player must be 0..1, got 5
    """
    view = observe(state, viewer)
    return state_from_view(view, ()), tuple(unseen_cards(view))


class _Greedy:
    """The greedy bot reading the playout's position itself (it is rebuilt from one seat's view: nothing hidden)."""

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0] if len(legal) == 1 else greedy_action(state, legal, rng)


class _Random:
    """Uniformly random (a single legal move is played without drawing)."""

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]


class _Viewing:
    """Any registered bot, given its seat's ``observe`` view of the playout's position."""

    def __init__(self, bot: Any) -> None:
        self._bot = bot

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        return self._bot.choose(observe(state, state.current_player), legal, rng)


def _position(state: Any, _seat: int) -> Any:
    return state


def _play_out(stepper: Stepper, state: Any) -> Any:
    """Play ``state`` to its end with the stepper's bots and return the final state (not over: stalled)."""
    try:
        for step in stepper.run(state, max_steps=MAX_PLAYOUT_STEPS):
            state = step.after
    except RuntimeError:  # no end after MAX_PLAYOUT_STEPS: counted as a win for nobody
        pass
    return state


def playout_wins(
    base: Any,
    unseen: tuple[int, ...],
    first_actions: Sequence[Any],
    indices: Sequence[int],
    seed: int,
    bots: tuple[str, ...],
) -> list[list[Fraction]]:
    """Per first action, each seat's wins over the playouts ``indices`` (run in a worker, so top-level).

    ``first_actions[j]`` is played first on every sampled deck (``None``: no
    forced move). Playout ``i`` uses the same deck and bot seed for every first
    action (common random numbers), so the actions are compared on the same luck.

    >>> from pokelab.splendor import new_game
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> sum(map(sum, playout_wins(base, unseen, [None], range(4), 0, ("greedy", "greedy")))) <= 4
    True
    >>> playout_wins(base, unseen, [None], [-1], 0, ("greedy", "greedy"))
    Traceback (most recent call last):
    ...
    ValueError: a game index is a whole number >= 0, got -1
    """
    n = len(base.players)
    game = SplendorGame()
    policies = {
        seat: _Greedy() if b == "greedy" else _Random() if b == "random" else _Viewing(make_bot("splendor", b))
        for seat, b in enumerate(bots)
    }
    wins = [[Fraction(0)] * n for _ in first_actions]
    for i in indices:
        playout_seed = game_seed(seed, i, salt=_SALT)
        for j, first in enumerate(first_actions):
            stepper = Stepper(game, policies, Seeding.playout(playout_seed), view=_position)
            rng = stepper.seat_rng(0, 0)  # one stream: the deck's shuffle, then every bot's choices
            deck = list(unseen)
            rng.shuffle(deck)
            state = make_state(
                base.players, base.sup, base.display, tuple(deck), base.discard, base.current_player,
                base.first_player, base.round, base.phase_id, base.evolved, base.ending, base.over,
                base.variant, base.seed,
            )
            if first is not None:
                state = apply(state, first)
            end = _play_out(stepper, state)
            if end.over == 1:
                winners = result(end).winners
                share = Fraction(1, len(winners))
                for w in winners:
                    wins[j][w] += share
    return wins


def _chunks(playouts: int, workers: int) -> list[range]:
    size = -(-playouts // workers)
    return [range(a, min(a + size, playouts)) for a in range(0, playouts, size)]


def run_playouts(
    base: Any,
    unseen: tuple[int, ...],
    first_actions: Sequence[Any],
    playouts: int,
    seed: int,
    bots: tuple[str, ...],
    workers: int = 1,
    start: int = 0,
) -> list[list[Fraction]]:
    """``playout_wins`` over playouts ``start .. start + playouts - 1``, split over ``workers`` processes.

    The total is the same for any ``workers`` (each playout has its own seed).

    >>> from pokelab.splendor import new_game
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> bots = ("greedy", "greedy")
    >>> run_playouts(base, unseen, [None], 6, 0, bots) == run_playouts(base, unseen, [None], 6, 0, bots, workers=2)
    True
    >>> run_playouts(base, unseen, [None], 6, 0, bots, start=-1)
    Traceback (most recent call last):
    ...
    ValueError: a game index is a whole number >= 0, got -1
    """
    indices = range(start, start + playouts)
    if workers == 1 or playouts < 2:
        return playout_wins(base, unseen, first_actions, indices, seed, bots)
    n = len(base.players)
    total = [[Fraction(0)] * n for _ in first_actions]
    parts = [range(start + r.start, start + r.stop) for r in _chunks(playouts, workers)]
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        futures = [pool.submit(playout_wins, base, unseen, list(first_actions), part, seed, bots)
                   for part in parts]
        for future in futures:
            for j, row in enumerate(future.result()):
                for seat in range(n):
                    total[j][seat] += row[seat]
    return total


# ---------------------------------------------------------------- the public API
def win_probabilities(
    state: Any,
    viewer: int,
    *,
    playouts: int = 200,
    bots: str | Sequence[str] = "greedy",
    seed: int = 0,
    workers: int = 1,
) -> tuple[WinEstimate, ...]:
    """Every seat's chance to win from ``state`` as ``viewer`` sees it, all from the same playouts.

    ``bots`` names the registered Splendor bot that plays every seat (or one
    name per seat); ``workers`` > 1 spreads the playouts over processes with
    the same result.

    >>> from pokelab.splendor import new_game
    >>> ests = win_probabilities(new_game(2, seed=5), 0, playouts=30, seed=2)
    >>> len(ests), sum(e.rate for e in ests) <= 1.0
    (2, True)
    >>> win_probabilities(new_game(2, seed=5), 0, playouts=30, bots="chess")
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: bots must be one of greedy, mcts-easy, mcts-hard, mcts-medium, random or a list of 2 of them, got 'chess'
    """
    check_state(state)
    check_seat(state, viewer, "viewer")
    check_playouts(playouts)
    check_seed(seed)
    check_workers(workers)
    names = _check_bots(bots, len(state.players))
    base, unseen = known_position(state, viewer)
    wins = run_playouts(base, unseen, [None], playouts, seed, names, workers)[0]
    return tuple(WinEstimate.from_wins(float(w), playouts) for w in wins)


def win_probability(
    state: Any,
    player: int,
    *,
    playouts: int = 200,
    bots: str | Sequence[str] = "greedy",
    seed: int = 0,
    workers: int = 1,
) -> WinEstimate:
    """``player``'s chance to win from ``state``, from playouts that use only what ``player`` may know.

    >>> from pokelab.splendor import new_game
    >>> win_probability(new_game(2, seed=5), 1, playouts=10).playouts
    10
    >>> win_probability(new_game(2, seed=5), 0, playouts=0)
    Traceback (most recent call last):
    ...
    pokelab.errors.BilingualError: playouts must be a whole number from 1 to 100000, got 0
    """
    check_state(state)
    check_seat(state, player)
    return win_probabilities(
        state, player, playouts=playouts, bots=bots, seed=seed, workers=workers
    )[player]
