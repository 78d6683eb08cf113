"""The coach's jobs as a board's playout process runs them: plain functions of picklable values.

A board's coach (``widgets.splendor.coach``) hands these to its playout process
(``widgets.splendor.coach_jobs.run_job``). A process unpickles a job by its module,
so they live here, beside what they call: the process then imports only the analysis
(a fraction of a second), not the boards and everything they import (seconds of CPU,
and the first chances on the board would wait for them).

``bots``: who plays each seat in the playouts, one name per seat (``None``: the
analysis' own default).

>>> from pokelab import splendor as sp
>>> [e.playouts for e in odds_job(sp.new_game(2, seed=1), 0, 4, 7)]
[4, 4]
>>> [e.playouts for e in odds_job(sp.new_game(2, seed=1), 0, 4, 7, bots=("human", "mcts-hard"))]
[4, 4]
>>> odds_job(sp.new_game(2, seed=1), 5, 4, 7)
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: viewer must be a seat number 0..1, got 5
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import threading
from multiprocessing.connection import Connection, wait
from typing import Any

from pokelab.analysis.coach import suggest
from pokelab.analysis.game_review import review
from pokelab.analysis.splendor_win import win_probabilities
from pokelab.splendor.state import State

__all__ = [
    "REVIEW_WORKERS",
    "odds_job",
    "review_job",
    "review_workers",
    "start_playout_process",
    "suggest_job",
]

#: Most processes a review in the board's playout process spreads its moves over (a 2-core machine: both).
REVIEW_WORKERS = 2


def odds_job(state: State, viewer: int, playouts: int, seed: int, bots: tuple[str, ...] | None = None) -> Any:
    """Every seat's ``WinEstimate`` from ``playouts`` playouts, as ``viewer`` knows the position (``bots``: who plays)."""
    return win_probabilities(state, viewer, playouts=playouts, seed=seed, **_seated(bots))


def suggest_job(
    state: State, level: str, seed: int, bots: tuple[str, ...] | None = None, seen: tuple[State, ...] = ()
) -> Any:
    """The coach's three best moves at ``level`` (``pokelab.analysis.suggest``), the playouts played by ``bots``.

    ``seen``: the game's earlier positions, so the coach never suggests going round in circles.

    >>> from pokelab import splendor as sp
    >>> len(suggest_job(sp.new_game(2, seed=1), "easy", 0))
    3
    >>> suggest_job(sp.new_game(2, seed=1), "expert", 0)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: level must be 'easy', 'medium' or 'hard', got 'expert'
    """
    return suggest(state, k=3, level=level, seed=seed, seen=seen, **_seated(bots))


def review_job(pairs: list[tuple[Any, Any]], playouts: int, seed: int, bots: tuple[str, ...] | None = None) -> Any:
    """The review of ``(state, action)`` pairs (``pokelab.analysis.review``), on ``review_workers()`` processes.

    >>> review_job([], 10, 0).moves
    ()
    >>> review_job([], 0, 0)
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: playouts must be a whole number from 1 to 10000, got 0
    """
    return review(pairs, playouts=playouts, seed=seed, workers=review_workers(), **_seated(bots))


def review_workers() -> int:
    """Processes a review spreads its moves over: up to ``REVIEW_WORKERS`` in the board's playout process, else 1.

    The review comes once the game is over, when the kernel only waits for it, so the
    playout process may use every core up to ``REVIEW_WORKERS``. Run in the caller's
    own thread (no playout process), it stays in that thread: a kernel with threads
    does not fork.

    >>> review_workers()  # here, in the caller's own process
    1
    >>> review_workers(3)
    Traceback (most recent call last):
    ...
    TypeError: review_workers() takes 0 positional arguments but 1 was given
    """
    if mp.parent_process() is None:
        return 1
    return max(1, min(REVIEW_WORKERS, os.cpu_count() or 1))


def _lower_priority() -> None:
    """Run the playouts at a lower CPU priority than the kernel (nice 10) where the OS allows it."""
    with contextlib.suppress(AttributeError, OSError):  # Windows, or not permitted: same priority
        os.nice(10)


def start_playout_process(kernel: Connection | None = None, background: bool = True) -> None:
    """Set up a playout process: its priority, and an end with the kernel that started it.

    The playout process's initializer. ``background``: the process plays out
    what nobody waits for (the odds ahead, the moves reviewed ahead) at a lower
    priority than the kernel, so on a busy machine (a hub's thirty kernels) it
    takes only the CPU that is left. A Suggest or Review someone asked for runs in
    a process at the kernel's own priority (``background=False``): at nice 10
    beside other busy programs it was starved, 3 s became 60 s or more.
    ``kernel`` is the reading end of a pipe
    whose writing end only the kernel holds and never writes to: it reads as
    closed once the kernel is gone, however it went (a kernel killed by a
    restart or by a test runner's timeout gets no chance to shut its pool down).
    A thread waits for that, then kills the process's own workers (a review's)
    and ends the process, so no playout process outlives its kernel.

    >>> start_playout_process.__module__  # what the process imports to run it: the analysis, not the boards
    'pokelab.analysis.coach_jobs'
    >>> start_playout_process("kernel")
    Traceback (most recent call last):
    ...
    TypeError: kernel must be the reading end of a multiprocessing Pipe or None, got str
    """
    if kernel is not None and not isinstance(kernel, Connection):
        raise TypeError(f"kernel must be the reading end of a multiprocessing Pipe or None, got {type(kernel).__name__}")
    if background:
        _lower_priority()
    if kernel is not None:
        threading.Thread(target=_end_with, args=(kernel,), name="pokelab-end-with-kernel", daemon=True).start()


def _end_with(kernel: Connection) -> None:
    """Wait until the kernel's end of the pipe is closed, then end this process and its workers."""
    wait([kernel])  # nothing is ever written: readable means the kernel's end is closed
    for worker in mp.active_children():
        worker.kill()
    os._exit(0)


def _seated(bots: tuple[str, ...] | None) -> dict[str, Any]:
    """``bots=`` for the analysis when a board names its seats' policies (else the analysis' own default)."""
    return {} if bots is None else {"bots": bots}
