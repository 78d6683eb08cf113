"""Run every check of the project, stage by stage, and report each stage.

Stages: lint (ruff), unit (pytest with doctests, in parallel), notebooks
(nbval), browser (Playwright + Chromium against a real JupyterLab) and rules
(every rule ID named by a test). ``--only STAGE`` runs one stage.
pytest's "no tests collected" (exit 5) counts as a pass, so an empty stage
never fails CI.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SHARED_RULES = ROOT.parent / "shared" / "tools" / "rule_coverage.py"


def pytest(*args: str) -> list[str]:
    return [str(BIN / "python"), "-m", "pytest", *args]


def stages() -> dict[str, list[str] | None]:
    notebooks = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts
    )
    return {
        "lint": [str(BIN / "ruff"), "check", "."],
        "unit": pytest("-m", "not browser", "-n", "2", "-q"),
        "notebooks": (
            pytest(
                "--nbval-lax",
                "--nbval-sanitize-with",
                "tests/nbval_sanitize.cfg",
                "--nbval-cell-timeout=300",
                "-n",
                "2",
                "-q",
                "-p",
                "no:randomly",
                "--no-header",
                "-o",
                "addopts=",
                *notebooks,
            )
            if notebooks
            else None
        ),
        "browser": pytest("-m", "browser", "-q", "-o", "addopts=", "tests"),
        "rules": (
            [str(BIN / "python"), str(SHARED_RULES), "--strict"] if SHARED_RULES.exists() else None
        ),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=["lint", "unit", "notebooks", "browser", "rules"])
    options = parser.parse_args()
    failed: list[str] = []
    timings: list[str] = []
    for name, command in stages().items():
        if options.only and name != options.only:
            continue
        if command is None:
            print(f"== {name}: nothing to run here", flush=True)
            continue
        print(f"== {name}: {' '.join(command[1:]) if len(command) > 1 else command[0]}", flush=True)
        start = time.perf_counter()
        code = subprocess.run(command, cwd=ROOT, env=dict(os.environ)).returncode
        timings.append(f"{name} {time.perf_counter() - start:.0f}s")
        if code not in (0, 5):
            failed.append(f"{name} (exit {code})")
    print("== timings: " + ", ".join(timings), flush=True)
    if failed:
        print("== FAILED: " + ", ".join(failed), flush=True)
        return 1
    print("== all stages passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
