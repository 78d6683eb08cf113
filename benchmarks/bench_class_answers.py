"""Issue 32's load: 30 pupils × 25 answers at once into one class store; latency per recorded answer, nothing lost or doubled.

Each pupil is its own process (a kernel) with its own connection: it joins,
waits for the others, then records 25 answers back to back (no pause: far
busier than a lesson) — every fifth answer sent twice with the same
submission id, as a retry after a lost reply would. Printed: p50/p95/p99/max
of one ``record_answer`` (goal p99 ≤ 200 ms), the rows stored against the
answers sent, and what a pupil's cell pays for being in a class (``check``
with and without a joined class: the answer only goes into a queue).

    python benchmarks/bench_class_answers.py                      # a SQLite file in a temporary folder
    python benchmarks/bench_class_answers.py postgresql://u@h/db  # a PostgreSQL server
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pokelab.classroom import ClassStore
from pokelab.teaching import check, classlink, join_class, leave_class, reset

PUPILS, ANSWERS = 30, 25
_FORK = multiprocessing.get_context("fork")
EXERCISES = ("30-1", "30-2", "31-1", "32-3", "33-3")


def _pupil(url: str, code: str, number: int, start, results) -> None:
    store = ClassStore.connect(url, timeout=30)
    name = f"pupil {number:02d}"
    token = store.join_pupil(code, name)
    latencies = []
    start.wait()
    for i in range(ANSWERS):
        sends = 2 if i % 5 == 4 else 1  # a retried send: the same submission id again
        for _ in range(sends):
            began = time.perf_counter()
            store.record_answer(code, name, token, EXERCISES[i % len(EXERCISES)], lesson="bench", answer=str(i),
                                outcome="wrong" if i % 3 else "correct", correct=not i % 3,
                                misconception="a" if i % 3 == 1 else None,
                                misconception_text={"en": "a", "zh": "甲"} if i % 3 == 1 else None,
                                submission=f"{number}-{i}")
            latencies.append(time.perf_counter() - began)
    store.close()
    results.put((number, latencies))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def load(url: str) -> None:
    load_before = os.getloadavg()[0]  # a shared machine's other work shows in the figures
    store = ClassStore.connect(url)
    code, key = store.create_class("load")
    start, results = _FORK.Barrier(PUPILS), _FORK.Queue()
    workers = [_FORK.Process(target=_pupil, args=(url, code, n, start, results)) for n in range(PUPILS)]
    began = time.perf_counter()
    for w in workers:
        w.start()
    latencies = []
    for _ in workers:
        latencies += results.get(timeout=600)[1]
    for w in workers:
        w.join()
    wall = time.perf_counter() - began
    table = store.answers(code, key)
    ms = [x * 1000 for x in latencies]
    print(f"{store.url.split('://')[0]}: {PUPILS} pupils x {ANSWERS} answers ({len(ms)} sends, "
          f"{len(ms) - PUPILS * ANSWERS} of them resends), {wall:.1f} s wall; load average before "
          f"{load_before:.2f}, after {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"  per recorded answer: p50 {statistics.median(ms):.1f} ms, p95 {_pct(ms, .95):.1f} ms, "
          f"p99 {_pct(ms, .99):.1f} ms, max {max(ms):.1f} ms (goal p99 <= 200 ms)")
    per_pupil = table.groupby("pupil").size()
    doubled = int(table.duplicated(["pupil", "answer"]).sum())
    print(f"  stored {len(table)} of {PUPILS * ANSWERS} answers; pupils with all 25: "
          f"{int((per_pupil == ANSWERS).sum())}/{PUPILS}; doubled: {doubled}; "
          f"try numbers right: {_tries_right(table)}")
    store.close()


def _tries_right(table) -> bool:
    expected = table.groupby(["pupil", "exercise"]).cumcount() + 1
    return bool((table["try"] == expected).all())


def cell_cost(folder: Path) -> None:
    url = f"sqlite:///{folder / 'cell.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("cells")

    def timed(n: int = 200) -> float:
        reset()
        began = time.perf_counter()
        for _ in range(n):
            check("30-1", "3/20")
        return (time.perf_counter() - began) / n * 1e6

    alone = timed()
    join_class(code, "Mei", url=url)
    joined = timed()
    classlink.flush(120)
    stored = len(store.answers(code, key))
    leave_class()
    print(f"a pupil's check(): {alone:.0f} µs without a class, {joined:.0f} µs in a class "
          f"(the answer is queued; {stored} of 200 stored by the sender)")


if __name__ == "__main__":
    folder = Path(tempfile.mkdtemp(prefix="pokelab-bench-"))
    os.environ["XDG_DATA_HOME"] = str(folder / "data")  # the pupil tokens and the joined class stay out of $HOME
    load(sys.argv[1] if len(sys.argv) > 1 else f"sqlite:///{folder / 'class.db'}")
    cell_cost(folder)
