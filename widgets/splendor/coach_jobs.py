"""Where the coach's playouts run: shared processes per kernel, one for the background and one for what is asked.

The jobs (``pokelab.analysis.coach_jobs``) are plain module functions of picklable
values (a frozen ``State``, seat numbers, seeds), so ``playout_pool()`` can run them
in a separate process: the kernel's interpreter then never waits for a playout while
it answers a click. What somebody asked for runs in a second process at the
kernel's priority, the rest at a lower one (``playout_pool``). The jobs live in the
analysis, so those processes import the analysis only, not the boards.

>>> from pokelab import splendor as sp
>>> from pokelab.analysis.coach_jobs import odds_job
>>> [e.playouts for e in odds_job(sp.new_game(2, seed=1), 0, 4, 7)]
[4, 4]
>>> odds_job(sp.new_game(2, seed=1), 5, 4, 7)
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: viewer must be a seat number 0..1, got 5

Who plays each seat in the playouts: ``seated_policies(players, board.bots)``, the
seated bot's name for a bot seat and the stated model of a person for the others,
passed as ``bots=`` (issue 30: the chances know who is playing).

>>> [e.playouts for e in odds_job(sp.new_game(2, seed=1), 0, 4, 7, bots=("human", "mcts-hard"))]
[4, 4]
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from pokelab.analysis.coach_jobs import start_playout_process
from pokelab.analysis.playouts import POLICIES
from pokelab.bots import available_bots

__all__ = ["playout_pool", "reset_pool", "run_job", "seated_policies"]

log = logging.getLogger(__name__)


def seated_policies(players: int, bots: Mapping[int, Any]) -> tuple[str, ...]:
    """Who plays each seat in the coach's playouts: a seated bot by its name, a person by the stated model (``"human"``).

    ``bots`` is a board's ``bots`` (seat → bot object). A bot the playouts
    cannot name (an object of the user's own) is modelled as a person.

    >>> from widgets.board.bots import resolve_bot
    >>> seated_policies(3, {1: resolve_bot("splendor", "mcts-hard"), 2: resolve_bot("splendor", "greedy")})
    ('human', 'mcts-hard', 'greedy')
    >>> seated_policies(0, {})
    Traceback (most recent call last):
    ...
    ValueError: players must be a whole number of seats from 1, got 0
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise ValueError(f"players must be a whole number of seats from 1, got {players!r}")
    known = {*available_bots("splendor"), *POLICIES}
    names = {seat: getattr(bot, "name", None) for seat, bot in bots.items()}
    return tuple(names[s] if names.get(s) in known else "human" for s in range(players))


_POOLS: dict[bool, ProcessPoolExecutor] = {}  # asked -> its process (False: the background one)
_KERNEL_END: list[Any] = []  # the pipe's end both processes watch: closed when this kernel is gone
_WATCHED: list[Any] = []
_POOL_LOCK = threading.Lock()
_BROKEN: list[bool] = []  # a pool broke once here (e.g. a script read from stdin): use threads


def playout_pool(*, asked: bool = False) -> ProcessPoolExecutor | None:
    """The playout process every coach of this kernel shares (started on first use), or None if none can start.

    Two at most: the background one (``asked=False``, a lower priority: the odds
    and the moves reviewed ahead) and the one for a Suggest or Review somebody
    waits for (``asked=True``, the kernel's own priority, started on the first
    ask). Both end with the kernel, even a killed one (``start_playout_process``).

    >>> playout_pool() is playout_pool(), playout_pool() is playout_pool(asked=True)
    (True, False)
    >>> playout_pool(True)
    Traceback (most recent call last):
    ...
    TypeError: playout_pool() takes 0 positional arguments but 1 was given
    """
    with _POOL_LOCK:
        if _BROKEN:
            return None
        if asked not in _POOLS:
            try:
                method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
                context = mp.get_context(method)
                if not _WATCHED:
                    watched, kept = context.Pipe(duplex=False)
                    _WATCHED.append(watched)
                    _KERNEL_END.append(kept)  # held, never written to, until this kernel ends
                _POOLS[asked] = ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=context,
                    initializer=start_playout_process,  # its priority; ends with this kernel
                    initargs=(_WATCHED[0], not asked),
                )
            except (OSError, ValueError):  # no processes here: the thread does the work
                log.debug("no coach process", exc_info=True)
                return None
        return _POOLS[asked]


def reset_pool() -> None:
    """Give up on a broken playout process: the coaches of this kernel play out in their thread."""
    with _POOL_LOCK:
        _BROKEN.append(True)
        while _POOLS:
            _POOLS.popitem()[1].shutdown(wait=False, cancel_futures=True)


def run_job(fn: Callable[..., Any], args: tuple[Any, ...], *, processes: bool = True, asked: bool = False) -> Any:
    """``fn(*args)`` in a playout process (the kernel's interpreter stays free), else here.

    ``asked``: somebody waits for it (a Suggest, a Review), so it runs at the
    kernel's priority, not the background's. ``processes=False``, no process to
    be had, or a broken one: the caller's thread runs it.

    >>> from pokelab import splendor as sp
    >>> from pokelab.analysis.coach_jobs import odds_job, review_job
    >>> [e.playouts for e in run_job(odds_job, (sp.new_game(2, seed=1), 0, 4, 7), processes=False)]
    [4, 4]
    >>> run_job(review_job, ([], 0, 0), processes=False)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: playouts must be a whole number from 1 to 10000, got 0
    """
    if processes:
        pool = playout_pool(asked=asked)
        if pool is not None:
            try:
                return pool.submit(fn, *args).result()
            except BrokenProcessPool:
                reset_pool()
    return fn(*args)
