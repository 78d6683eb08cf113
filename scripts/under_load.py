"""Run test stages several times in a row while every core is kept busy: the flakiness check.

A classroom server and a CI machine are rarely idle, so a test that only passes on
a quiet machine is a bug (in the product or the test). This starts a load
generator — Debian's ``stress-ng --cpu N`` when it is installed, else N
busy-looping Python processes — with N the number of cores, runs
``scripts/run_tests.py --only STAGE`` for each stage, ``--runs`` times, and prints
one line per run and stage and a summary. It stops the load at the end (or on
Ctrl-C) and exits 1 if any run failed.

Usage::

    python scripts/under_load.py                       # browser, site and classroom, 5 runs each
    python scripts/under_load.py --runs 2 --stage browser

>>> parse_args(["--runs", "3", "--stage", "site"]).runs
3
>>> parse_args(["--runs", "0"])
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGES = ("browser", "site", "classroom")


def _busy() -> None:  # pragma: no cover - runs in a child process until killed
    while True:
        pass


@contextlib.contextmanager
def load(cores: int) -> Iterator[str]:
    """Keep ``cores`` cores busy while the block runs; yields how."""
    if shutil.which("stress-ng"):
        proc = subprocess.Popen(
            ["stress-ng", "--cpu", str(cores), "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            yield f"stress-ng --cpu {cores}"
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        return
    workers = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(cores)]
    for worker in workers:
        worker.start()
    try:
        yield f"{cores} busy-loop processes"
    finally:
        for worker in workers:
            worker.terminate()
            worker.join(timeout=10)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: ``--runs N`` (at least 1) and ``--stage`` (repeatable)."""

    def positive(text: str) -> int:
        value = int(text)
        if value < 1:
            raise argparse.ArgumentTypeError(f"--runs must be at least 1, not {value}")
        return value

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=positive, default=5)
    parser.add_argument("--stage", action="append", choices=(*STAGES, "notebooks", "unit"))
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    options = parse_args(argv)
    stages = options.stage or list(STAGES)
    cores = os.cpu_count() or 2
    results: list[tuple[int, str, int, float]] = []
    with load(cores) as how:
        print(f"under_load: {options.runs} run(s) of {', '.join(stages)} with {how}", flush=True)
        for run in range(1, options.runs + 1):
            for stage in stages:
                start = time.perf_counter()
                code = subprocess.run(
                    [sys.executable, str(ROOT / "scripts" / "run_tests.py"), "--only", stage], cwd=ROOT
                ).returncode
                seconds = time.perf_counter() - start
                results.append((run, stage, code, seconds))
                verdict = "passed" if code in (0, 5) else f"FAILED (exit {code})"
                print(f"under_load: run {run} {stage}: {verdict} in {seconds:.0f}s", flush=True)
    failed = [r for r in results if r[2] not in (0, 5)]
    print(f"under_load: {len(results) - len(failed)} passed, {len(failed)} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
