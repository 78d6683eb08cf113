"""Run every check of the project, stage by stage, and report each stage.

Stages: lint (ruff, then the import layers with lint-imports), unit (pytest with doctests, in parallel), classroom (30
student processes against SQLite and a real PostgreSQL server, and the faults;
it prints the submit latencies), notebooks
(nbval), browser (Playwright + Chromium against a real JupyterLab), site
(the course website and handouts built and read offline by Chromium), rules
(``scripts/rule_coverage.py``: every rule ID of ``docs/rules`` named by a test, no
orphan IDs, English and Chinese rulebooks alike) and, under CI=true (or ``--only binder``),
binder: Binder's pinned requirements installed into a fresh virtual
environment and every notebook run there. ``--only STAGE`` runs one stage.
pytest's "no tests collected" (exit 5) counts as a pass, so an empty stage
never fails CI.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
RULE_COVERAGE = ROOT / "scripts" / "rule_coverage.py"


def pytest(*args: str) -> list[str]:
    return [str(BIN / "python"), "-m", "pytest", *args]


IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
BINDER_VENV = Path(os.environ.get("POKELAB_BINDER_VENV", "/tmp/pokelab-binder-venv"))


def notebook_paths() -> list[str]:
    return sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts
    )


def nbval(python: str, notebooks: list[str]) -> list[str]:
    return [
        python,
        "-m",
        "pytest",
        "--nbval-lax",
        "--nbval-sanitize-with",
        "tests/nbval_sanitize.cfg",
        "--nbval-cell-timeout=300",
        "-q",
        "--no-header",
        "-o",
        "addopts=",
        *notebooks,
    ]


def binder_stage(notebooks: list[str]) -> list[str]:
    """Fresh venv from binder/requirements.txt (+ the kit, no deps), then nbval there."""
    venv, py = BINDER_VENV, str(BINDER_VENV / "bin" / "python")
    uv = str(BIN / "uv")
    script = " && ".join(
        [
            f"rm -rf {venv}",
            f"{uv} venv --quiet --python {sys.executable} {venv}",
            f"{uv} pip install --quiet --python {py} -r binder/requirements.txt",
            f"{uv} pip install --quiet --python {py} --no-deps -e .",
            f"{uv} pip install --quiet --python {py} pytest nbval",
            # One kernel at a time: two cold kernels starting at once lost a port race in CI.
            " ".join(nbval(py, notebooks)),
        ]
    )
    return ["bash", "-c", script]


@contextlib.contextmanager
def warm_kernels() -> Iterator[dict[str, str]]:
    """Start the zygote of ``scripts/warm_kernel.py`` and yield the environment that makes nbval use it.

    Every notebook still gets a fresh kernel; it is forked with IPython, pandas and
    plotly already imported instead of importing them again (about 5 s less per notebook).
    """
    spec = importlib.util.spec_from_file_location("warm_kernel", ROOT / "scripts" / "warm_kernel.py")
    warm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(warm)
    with tempfile.TemporaryDirectory(prefix="pokelab-warm-") as folder:
        sock = os.path.join(folder, "zygote.sock")
        warm.kernelspec(Path(folder))
        zygote = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "warm_kernel.py"), "serve", sock], cwd=ROOT)
        try:
            deadline = time.monotonic() + 120
            while not os.path.exists(sock) and zygote.poll() is None and time.monotonic() < deadline:
                time.sleep(0.2)
            paths = [folder, *filter(None, [os.environ.get("JUPYTER_PATH")])]
            yield {"JUPYTER_PATH": os.pathsep.join(paths), warm.SOCKET_ENV: sock}
        finally:
            zygote.terminate()
            zygote.wait(timeout=30)


def stages(only: str | None) -> dict[str, list[str] | list[list[str]] | None]:
    notebooks = notebook_paths()
    return {
        # ruff, then the import layers of pyproject.toml's [tool.importlinter] (no cycles, no upward imports).
        "lint": [[str(BIN / "ruff"), "check", "."], [str(BIN / "lint-imports"), "--no-cache"]],
        "unit": pytest("-m", "not browser and not site and not classroom_load", "-n", "2", "-q"),
        # 30 student processes against SQLite and a real PostgreSQL server; -s prints the latencies.
        "classroom": pytest("-m", "classroom_load", "-q", "-s", "-p", "no:xdist", "tests/classroom"),
        # Each notebook in a fresh kernel forked from a warm one (scripts/warm_kernel.py).
        "notebooks": nbval(str(BIN / "python"), ["-n", "2", "--nbval-kernel-name", "pokelab-warm", *notebooks])
        if notebooks
        else None,
        # -s: the browser tests print their latency figures (measured, never asserted).
        "browser": pytest("-m", "browser", "-q", "-s", "-o", "addopts=", "tests"),
        # The course site and handouts built into temporary folders and read by Chromium offline.
        "site": pytest("-m", "site", "-q", "-s", "-o", "addopts=", "-p", "no:xdist", "tests/site"),
        "rules": [str(BIN / "python"), str(RULE_COVERAGE)],
        "binder": binder_stage(notebooks) if notebooks and (IN_CI or only == "binder") else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--only", choices=["lint", "unit", "classroom", "notebooks", "browser", "site", "rules", "binder"]
    )
    options = parser.parse_args()
    failed: list[str] = []
    timings: list[str] = []
    for name, command in stages(options.only).items():
        if options.only and name != options.only:
            continue
        if command is None:
            print(f"== {name}: nothing to run here", flush=True)
            continue
        commands = command if isinstance(command[0], list) else [command]  # a stage may run several
        shown = " && ".join(" ".join(c[1:]) if len(c) > 1 else c[0] for c in commands)
        print(f"== {name}: {shown}", flush=True)
        start = time.perf_counter()
        code = 0
        with warm_kernels() if name == "notebooks" else contextlib.nullcontext({}) as extra:
            for one in commands:
                code = subprocess.run(one, cwd=ROOT, env={**os.environ, **extra}).returncode
                if code not in (0, 5):
                    break
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
