"""Where the coach's playouts run: one shared process per kernel, and the bundled front end.

The jobs (``pokelab.analysis.coach_jobs``) are plain module functions of picklable
values (a frozen ``State``, seat numbers, seeds), so ``playout_pool()`` can run them
in a separate process: the kernel's interpreter then never waits for a playout while
it answers a click. They live in the analysis, so that process imports the analysis
only, not the boards. ``bundle`` joins the coach's ES module (or CSS) with the
board's, since anywidget loads one file.

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


_POOL: list[ProcessPoolExecutor] = []
_KERNEL_END: list[Any] = []  # the pipe end the playout process watches: closed when this kernel is gone
_POOL_LOCK = threading.Lock()
_BROKEN: list[bool] = []  # a pool broke once here (e.g. a script read from stdin): use threads


def playout_pool() -> ProcessPoolExecutor | None:
    """The one playout process every coach of this kernel shares (started on first use).

    It ends with the kernel, even a killed one (``start_playout_process``).

    >>> playout_pool() is playout_pool()
    True
    """
    with _POOL_LOCK:
        if _BROKEN:
            return None
        if not _POOL:
            try:
                method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
                context = mp.get_context(method)
                watched, kept = context.Pipe(duplex=False)
                _KERNEL_END.append(kept)  # held, never written to, until this kernel ends
                _POOL.append(
                    ProcessPoolExecutor(
                        max_workers=1,
                        mp_context=context,
                        initializer=start_playout_process,  # a lower priority; ends with this kernel
                        initargs=(watched,),
                    )
                )
            except (OSError, ValueError):  # no processes here: the thread does the work
                log.debug("no coach process", exc_info=True)
                return None
        return _POOL[0]


def reset_pool() -> None:
    """Give up on a broken playout process: the coaches of this kernel play out in their thread."""
    with _POOL_LOCK:
        _BROKEN.append(True)
        while _POOL:
            _POOL.pop().shutdown(wait=False, cancel_futures=True)


def run_job(fn: Callable[..., Any], args: tuple[Any, ...], *, processes: bool = True) -> Any:
    """``fn(*args)`` in the playout process (the kernel's interpreter stays free), else here.

    ``processes=False``, no process to be had, or a broken one: the caller's thread runs it.

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
        pool = playout_pool()
        if pool is not None:
            try:
                return pool.submit(fn, *args).result()
            except BrokenProcessPool:
                reset_pool()
    return fn(*args)
