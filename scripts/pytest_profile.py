"""Where a test stage's time goes: a pytest plugin that sums each test file's setup, call and teardown seconds.

The test command loads it into every pytest stage (``-p pytest_profile``, ``scripts/`` on the
path) with ``POKELAB_PROFILE=build/test-logs/STAGE.files.json``; at the session's end it writes
one row per file. Setup is where a file starts its servers, kernels and browsers (fixtures); call
is the testing itself; under pytest-xdist the controller receives every worker's reports, so the
sums are the stage's work, which exceeds its wall time when workers run side by side.
``table`` turns the rows into the lines ``scripts/run_tests.py`` prints at the end of a run.

>>> rows = {"tests/a.py": {"tests": 2, "setup": 3.0, "call": 1.5, "teardown": 0.5},
...         "tests/b.py": {"tests": 9, "setup": 0.1, "call": 0.2, "teardown": 0.0}}
>>> print("\\n".join(table("unit", rows, top=1)))
unit: 11 tests in 2 files, 5.3 s of work (setup 3.1 s, call 1.7 s, teardown 0.5 s); slowest files:
  tests/a.py  5.0 s  (2 tests; setup 3.0, call 1.5, teardown 0.5)
>>> table("unit", {"tests/c.py": {"tests": 1, "setup": 0.0, "call": 0.1, "teardown": 0.0}})[1]
'  tests/c.py  0.1 s  (1 test; setup 0.0, call 0.1, teardown 0.0)'
>>> table("unit", {})
['unit: no test ran']
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

PHASES = ("setup", "call", "teardown")
ENV = "POKELAB_PROFILE"


class Profile:
    """The per-file sums of one pytest session, written to ``path`` when it ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: dict[str, dict[str, float]] = {}

    def pytest_runtest_logreport(self, report: Any) -> None:
        row = self.rows.setdefault(report.nodeid.split("::", 1)[0], {"tests": 0, **dict.fromkeys(PHASES, 0.0)})
        row[report.when] += report.duration
        if report.when == "call" or (report.when == "setup" and not report.passed):
            row["tests"] += 1

    def pytest_sessionfinish(self, session: Any) -> None:
        if hasattr(session.config, "workerinput"):  # an xdist worker: its controller writes the sums
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.rows, indent=1, sort_keys=True), encoding="utf-8")


def pytest_configure(config: Any) -> None:
    """Register the profile when ``POKELAB_PROFILE`` names the file to write (else do nothing)."""
    path = os.environ.get(ENV)
    if path and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Profile(Path(path)), "pokelab-profile")


def table(stage: str, rows: dict[str, dict[str, float]], top: int = 8) -> list[str]:
    """The stage's totals and its ``top`` slowest files, one line each (an empty stage says so)."""
    if not rows:
        return [f"{stage}: no test ran"]
    total = {phase: sum(row[phase] for row in rows.values()) for phase in PHASES}
    tests = sum(int(row["tests"]) for row in rows.values())
    lines = [
        f"{stage}: {_tests(tests)} in {len(rows)} files, {sum(total.values()):.1f} s of work "
        f"(setup {total['setup']:.1f} s, call {total['call']:.1f} s, teardown {total['teardown']:.1f} s); slowest files:"
    ]
    ranked = sorted(rows.items(), key=lambda item: -sum(item[1][p] for p in PHASES))
    width = max(len(name) for name, _ in ranked[:top])
    for name, row in ranked[:top]:
        lines.append(
            f"  {name:<{width}}  {sum(row[p] for p in PHASES):.1f} s  ({_tests(int(row['tests']))}; "
            f"setup {row['setup']:.1f}, call {row['call']:.1f}, teardown {row['teardown']:.1f})"
        )
    return lines


def _tests(count: int) -> str:
    return f"{count} test" if count == 1 else f"{count} tests"


def read(path: Path) -> dict[str, dict[str, float]] | None:
    """The rows a stage wrote, or None when it wrote none (it ran no pytest, or stopped before the end)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
