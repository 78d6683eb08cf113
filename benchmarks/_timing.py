"""CPU-time helpers shared by the ``benchmarks/bench_*.py`` scripts (the machine may be shared, so: CPU time, best of repeats)."""

from __future__ import annotations

import resource
import time
from collections.abc import Callable


def calibrate() -> float:
    """ns per iteration of an empty ``for`` loop (best of 5)."""
    best = float("inf")
    for _ in range(5):
        t = time.process_time()
        for _ in range(1_000_000):
            pass
        best = min(best, time.process_time() - t)
    return best * 1e3


def best_of(repeats: int, fn: Callable[[], object]) -> float:
    """Best CPU seconds of ``fn()`` over ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def cpu_with_children() -> float:
    """CPU seconds of this process and its finished worker processes (playouts spread over processes)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime
