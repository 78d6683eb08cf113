"""The input checks of the win chances and the coach: each refuses a bad argument with a bilingual error.

One place for what ``win_probability``, ``suggest`` and ``review`` accept: a
Splendor ``State``, a seat (NumPy integers too), a number of playouts up to
``MAX_PLAYOUTS``, a seed, a number of worker processes, the seated bots.

>>> check_playouts(200), check_workers(2)
(200, 2)
>>> check_seed(1.5)
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: a seed is a whole number, got 1.5
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

from pokelab.analysis.playouts import POLICIES
from pokelab.bots import available_bots
from pokelab.errors import ExplainedError
from pokelab.splendor.state import State
from pokelab.words import _

__all__ = [
    "MAX_PLAYOUTS",
    "MAX_WORKERS",
    "check_bots",
    "check_playouts",
    "check_seat",
    "check_seed",
    "check_state",
    "check_workers",
]

#: Most playouts one call plays: 10,000 greedy playouts take about 25 s on one core, a
#: board waits for the answer (200, the default, take about half a second; the
#: Wilson interval of 10,000 is already ±1 point).
MAX_PLAYOUTS = 10_000
#: Most worker processes one call starts.
MAX_WORKERS = 64

def check_state(state: Any, *, playable: bool = True) -> Any:
    """``state`` if it is a Splendor ``State`` (not over when ``playable``), else a bilingual ``ValueError``.

    >>> from pokelab.splendor import new_game
    >>> check_state(new_game(2)).round
    1
    >>> check_state("a game")
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: expected a Splendor State (from new_game, scenario or from_json), got str
    """
    if type(state) is not State:
        raise ExplainedError(
            _("expected a Splendor State (from new_game, scenario or from_json), got {type}",
                type=type(state).__name__),
        )
    if playable and state.over:
        raise ExplainedError(
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
    pokelab.errors.ExplainedError: viewer must be a seat number 0..2, got -1
    >>> check_seat(new_game(3), 1.0)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: player must be a whole number naming a seat (0..2), got 1.0 of type float
    """
    n = len(state.players)
    if not _whole(seat):
        raise ExplainedError(
            _("{what} must be a whole number naming a seat (0..{n}), got {seat} of type {type}",
                what=what, n=n - 1, seat=repr(seat), type=type(seat).__name__),
        )
    if not 0 <= seat < n:
        raise ExplainedError(
            _("{what} must be a seat number 0..{n}, got {seat}", what=what, n=n - 1, seat=repr(int(seat))),
        )
    return int(seat)


def _whole(x: Any) -> bool:
    """Whether ``x`` is a whole number of any integral type (NumPy's too), not a bool."""
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def check_playouts(playouts: Any, what: str = "playouts") -> int:
    """``playouts`` if it is a whole number in 1..``MAX_PLAYOUTS``, else a bilingual ``ValueError``.

    >>> check_playouts(200)
    200
    >>> check_playouts(0)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: playouts must be a whole number from 1 to 10000, got 0
    """
    if not _whole(playouts) or not 1 <= playouts <= MAX_PLAYOUTS:
        raise ExplainedError(
            _("{what} must be a whole number from 1 to {most}, got {playouts}",
                what=what, most=MAX_PLAYOUTS, playouts=repr(playouts)),
        )
    return int(playouts)


def check_seed(seed: Any) -> int:
    """``seed`` if it is a whole number, else a bilingual ``ValueError``.

    >>> check_seed(7)
    7
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: a seed is a whole number, got '7'
    """
    if not _whole(seed):
        raise ExplainedError(_("a seed is a whole number, got {seed}", seed=repr(seed)))
    return int(seed)


def check_workers(workers: Any) -> int:
    """``workers`` if it is a whole number in 1..``MAX_WORKERS``, else a bilingual ``ValueError``.

    >>> check_workers(2)
    2
    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: workers must be a whole number from 1 to 64, got 0
    """
    if not _whole(workers) or not 1 <= workers <= MAX_WORKERS:
        raise ExplainedError(
            _("workers must be a whole number from 1 to {most}, got {workers}",
                most=MAX_WORKERS, workers=repr(workers)),
        )
    return int(workers)


def check_bots(bots: Any, n: int) -> tuple[str, ...]:
    """One playout policy per seat: a registered Splendor bot name or ``"human"`` (one name: every seat).

    >>> check_bots("greedy", 2)
    ('greedy', 'greedy')
    >>> check_bots(["greedy"], 2)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: bots must be one of greedy, human, mcts-easy, mcts-hard, mcts-medium, random or a list of 2 of them, got ['greedy']
    """
    names = (bots,) * n if isinstance(bots, str) else bots
    known = sorted({*available_bots("splendor"), *POLICIES})
    if (
        not isinstance(names, Sequence)
        or len(names) != n
        or not all(isinstance(b, str) and b in known for b in names)
    ):
        raise ExplainedError(
            _("bots must be one of {known} or a list of {n} of them, got {bots}",
                known=", ".join(known), n=n, bots=repr(bots)),
        )
    return tuple(names)
