"""Run every check of the project, stage by stage, and report each stage.

Stages: lint (ruff, then the import layers with lint-imports), unit (pytest with doctests, in parallel), classroom (30
student processes against SQLite and a real PostgreSQL server, and the faults;
it prints the submit latencies; and a real JupyterHub with its proxy, ``tests/hub``), notebooks (nbval, every notebook of both tracks
once; the lessons' executed copies go to ``build/executed/`` for the site),
browser (Playwright + Chromium against a real JupyterLab and Voilà, three workers,
each on its own servers), site (the course website and handouts built from those
executed copies and read offline by Chromium), rules (``scripts/rule_coverage.py``:
every rule ID of ``docs/rules`` named by a test, no orphan IDs, English and
Chinese rulebooks alike) and binder (Binder's pins alone in a fresh environment:
``postBuild``, every import the kit and the notebooks need, the start notebooks;
see ``binder_stage``). Stages that do not compete for the two cores run side by side
(``AFTER``); each one's output goes to ``build/test-logs/STAGE.log`` and is printed
whole when it ends, then every stage's time and the whole run's. ``--only STAGE``
runs one stage, its output streamed.
pytest's "no tests collected" (exit 5) counts as a pass, so an empty stage
never fails CI.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts import pytest_profile  # noqa: E402  (the plugin the stages load; its table is printed here)

BIN = Path(sys.executable).parent
RULE_COVERAGE = ROOT / "scripts" / "rule_coverage.py"


def pytest(*args: str) -> list[str]:
    """A pytest run of the kit's environment that writes where its time went (``scripts/pytest_profile.py``)."""
    return [str(BIN / "python"), "-m", "pytest", "-p", "scripts.pytest_profile", *args]


IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
BINDER_VENV = Path(os.environ.get("POKELAB_BINDER_VENV", ROOT / "build" / "binder-venv"))


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
        "-p",
        "scripts.pytest_profile",
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


def binder_stage() -> list[str]:
    """What only a fresh Binder environment shows (the notebooks stage already ran every notebook on its versions).

    ``requirements/test.txt``, the lock the test command installs from, pins every
    package Binder shares with it at Binder's version (``make pins``), so this stage
    only checks what that cannot: ``binder/requirements.txt`` installs on its own,
    ``binder/postBuild`` runs in a clean environment and home, every kit module and
    every module a notebook imports imports there *before* any test tool is added
    (``scripts/binder_imports.py``), and both start notebooks run there under nbval.
    """
    venv, py = BINDER_VENV, str(BINDER_VENV / "bin" / "python")
    uv = str(BIN / "uv")
    home = BINDER_VENV.with_name(BINDER_VENV.name + "-home")
    start = ["notebooks/00-start-here.ipynb", "notebooks/zh/00-start-here.ipynb"]
    script = " && ".join(
        [
            f"rm -rf {venv} {home}",
            f"mkdir -p {home}",
            # --seed: postBuild calls `python -m pip`, as it does on Binder
            f"{uv} venv --quiet --seed --python {sys.executable} {venv}",
            f"{uv} pip install --quiet --python {py} -r binder/requirements.txt",
            f"env HOME={home} PATH={venv}/bin:$PATH bash binder/postBuild > {home}/postBuild.log",
            f"test -f {venv}/share/jupyter/lab/settings/overrides.json",
            f"grep -q 00-start-here.ipynb {home}/.jupyter/jupyter_server_config.py",
            f"{py} scripts/binder_imports.py",
            f"{uv} pip install --quiet --python {py} -c requirements/test.txt pytest nbval",
            # its copies would replace the notebooks stage's executed start pages with Binder's
            " ".join(nbval(py, ["-p", "no:pokelab-executed-copies", *start])),
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
        "unit": pytest("-m", "not browser and not site and not classroom_load and not hub and not league", "-n", "2", "-q"),
        # 30 student processes (and the shared tables' clients) against SQLite and a real PostgreSQL server, and a
        # real JupyterHub with its proxy (tests/hub) and the bot league's pupils' kernels (tests/league): they mostly
        # wait on their processes, so they fit this light stage;
        # -s prints the latencies and the hub's start time.
        "classroom": pytest("-m", "classroom_load or hub or league", "-q", "-s", "-p", "no:xdist", "tests/classroom",
                            "tests/tables", "tests/hub", "tests/league"),
        # Each notebook in a fresh kernel forked from a warm one (scripts/warm_kernel.py).
        "notebooks": nbval(str(BIN / "python"), ["-n", "2", "--nbval-kernel-name", "pokelab-warm", *notebooks])
        if notebooks
        else None,
        # Three workers, a test file each at a time: every file starts its own servers on free ports. Its tests
        # mostly wait on servers, kernels and pages, but with 85 tests the cores are full: three workers took 613 s
        # (1,572 s of work), four 588 s (1,995 s of work, each test slower); the hub's Chromium test moved to the
        # classroom stage made the unit stage beside it 43 s slower for 25 s gained here. So three, and it stays.
        # -rP: the latency figures the tests print (measured, never asserted) come back from the workers.
        "browser": pytest("-m", "browser", "-q", "-rP", "-o", "addopts=", "-n", "3", "--dist", "loadfile", "tests"),
        # The course site and handouts built into temporary folders and read by Chromium offline.
        "site": pytest("-m", "site", "-q", "-s", "-o", "addopts=", "-p", "no:xdist", "tests/site"),
        "rules": [str(BIN / "python"), str(RULE_COVERAGE)],
        "binder": binder_stage(),
    }


#: What each stage waits for: site reads the notebooks stage's executed copies; the rest only keep
#: the two cores from running three pytest-xdist pairs at once. Light stages (lint, rules, binder's
#: installs, classroom's waiting students) run beside unit; browser and site share the last stretch.
AFTER: dict[str, tuple[str, ...]] = {
    "lint": (),
    "unit": (),
    "rules": ("lint",),
    "binder": ("rules",),
    "classroom": ("binder",),
    "notebooks": ("unit",),
    "browser": ("notebooks", "classroom"),
    "site": ("notebooks",),
}

#: No stage may run longer than this (the slowest, browser, takes about 10 minutes).
STAGE_SECONDS = 40 * 60

LOGS = ROOT / "build" / "test-logs"

#: The stages' processes still running. Each runs in its own session (so a time limit can stop its
#: servers and browsers with it), which also keeps a Ctrl-C or a SIGTERM from reaching them: the
#: runner stops them itself (``stop_all``), and no stage starts once it is stopping.
LIVE: set[subprocess.Popen] = set()
STOPPING = threading.Event()


def stop_all() -> None:
    """Stop every stage's process group that is still running, and start no more."""
    STOPPING.set()
    for proc in list(LIVE):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def _stop_on_signal(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def order(after: dict[str, tuple[str, ...]], wanted: list[str]) -> list[list[str]]:
    """The stages in waves: each wave's stages wait only for stages of earlier waves.

    >>> order(AFTER, list(AFTER))
    [['lint', 'unit'], ['rules', 'notebooks'], ['binder', 'site'], ['classroom'], ['browser']]
    >>> order({"a": ("b",), "b": ("a",)}, ["a", "b"])
    Traceback (most recent call last):
    ...
    ValueError: stages wait for each other in a circle: a, b
    """
    waves: list[list[str]] = []
    done: set[str] = set()
    left = [name for name in wanted]
    while left:
        ready = [name for name in left if all(dep in done or dep not in wanted for dep in after[name])]
        if not ready:
            raise ValueError("stages wait for each other in a circle: " + ", ".join(left))
        waves.append(ready)
        done.update(ready)
        left = [name for name in left if name not in ready]
    return waves


def wait_with_usage(proc: subprocess.Popen, seconds: float) -> tuple[int, float, bool]:
    """Wait for ``proc``; its exit code, the CPU seconds it and its reaped descendants used, and whether it ran late.

    A process still running after ``seconds`` is killed with its process group. The CPU time
    (user + system, from ``wait4``) tells whether a stage kept its cores busy or mostly waited:
    a stage whose CPU seconds are far below twice its wall time leaves room beside it.

    >>> import sys
    >>> code, cpu, late = wait_with_usage(subprocess.Popen([sys.executable, "-c", "pass"]), 60)
    >>> code, cpu > 0, late
    (0, True, False)
    >>> wait_with_usage(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
    ...                                  start_new_session=True), 0.5)[::2]
    (-9, True)
    """
    late = threading.Event()

    def stop() -> None:
        late.set()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()
    try:
        _, status, usage = os.wait4(proc.pid, 0)
    finally:
        timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, usage.ru_utime + usage.ru_stime, late.is_set()


class Stage(threading.Thread):
    """One stage's commands run one after another, its output kept in ``build/test-logs/<stage>.log``."""

    def __init__(self, name: str, commands: list[list[str]], *, stream: bool) -> None:
        super().__init__(name=f"stage-{name}", daemon=True)
        self.stage, self.commands, self.stream = name, commands, stream
        self.log = LOGS / f"{name}.log"
        self.profile = LOGS / f"{name}.files.json"  # where its pytest runs' time went (scripts/pytest_profile.py)
        self.code: int | None = None
        self.seconds = 0.0
        self.cpu = 0.0  # CPU seconds of its processes and every descendant they waited for

    def run(self) -> None:
        start = time.perf_counter()
        deadline = time.monotonic() + STAGE_SECONDS
        code = 0
        self.profile.unlink(missing_ok=True)
        try:
            with warm_kernels() if self.stage == "notebooks" else contextlib.nullcontext({}) as extra, open(
                self.log, "w", encoding="utf-8"
            ) as out:
                for one in self.commands:
                    target = None if self.stream else out
                    if STOPPING.is_set():
                        code = 130
                        break
                    proc = subprocess.Popen(
                        one, cwd=ROOT, env={**os.environ, **extra, pytest_profile.ENV: str(self.profile)}, stdout=target, stderr=subprocess.STDOUT if target else None,
                        start_new_session=True,
                    )
                    LIVE.add(proc)
                    if STOPPING.is_set():  # stop_all ran between the check above and the start
                        os.killpg(proc.pid, signal.SIGKILL)
                    try:
                        code, cpu, late = wait_with_usage(proc, max(1.0, deadline - time.monotonic()))
                        self.cpu += cpu
                        if late:
                            print(f"== {self.stage}: stopped after {STAGE_SECONDS // 60} minutes", file=out, flush=True)
                            code = 124
                    finally:
                        LIVE.discard(proc)
                    if code not in (0, 5):
                        break
        finally:
            self.seconds = time.perf_counter() - start
            self.code = code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=list(AFTER))
    options = parser.parse_args()
    commands = {
        name: (command if isinstance(command[0], list) else [command])  # a stage may run several
        for name, command in stages(options.only).items()
        if command is not None and (not options.only or name == options.only)
    }
    LOGS.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, _stop_on_signal)
    try:
        return schedule(commands, stream=bool(options.only))
    except KeyboardInterrupt:
        print("== stopped: every running stage is stopped with it", flush=True)
        return 130
    finally:
        stop_all()


def schedule(commands: dict[str, list[list[str]]], *, stream: bool) -> int:
    """Run ``commands``' stages as ``AFTER`` allows, print each one's output and time; 0 when all passed."""
    begun = time.perf_counter()
    running: dict[str, Stage] = {}
    finished: dict[str, Stage] = {}
    waiting = [name for wave in order(AFTER, list(commands)) for name in wave]
    while waiting or running:
        for name in [n for n in waiting if all(d in finished or d not in commands for d in AFTER[n])]:
            shown = " && ".join(" ".join(c[1:]) if len(c) > 1 else c[0] for c in commands[name])
            print(f"== {name} starts ({time.perf_counter() - begun:.0f}s): {shown}", flush=True)
            running[name] = Stage(name, commands[name], stream=stream)
            running[name].start()
            waiting.remove(name)
        for name, stage in list(running.items()):
            stage.join(timeout=0.5)
            if not stage.is_alive():
                finished[name] = running.pop(name)
                if not stream:  # side by side, a stage's output is shown whole when it ends
                    print(f"== {name} output ({stage.log}):", flush=True)
                    print(stage.log.read_text(encoding="utf-8", errors="replace"), end="", flush=True)
                print(f"== {name} ends ({time.perf_counter() - begun:.0f}s): exit {stage.code}, {stage.seconds:.0f}s "
                      f"(CPU {stage.cpu:.0f}s)", flush=True)
    timings = [f"{name} {stage.seconds:.0f}s (CPU {stage.cpu:.0f}s)" for name, stage in finished.items()]
    print(f"== timings (wall {time.perf_counter() - begun:.0f}s, stages side by side): " + ", ".join(timings), flush=True)
    print("== where each stage's time went, by test file (work summed over its workers; setup = the servers, "
          "kernels and browsers its fixtures start, call = the tests):", flush=True)
    for name, stage in finished.items():
        rows = pytest_profile.read(stage.profile)
        if rows is not None:
            print("\n".join(pytest_profile.table(name, rows)), flush=True)
    failed = [f"{name} (exit {stage.code})" for name, stage in finished.items() if stage.code not in (0, 5)]
    if failed:
        print("== FAILED: " + ", ".join(failed), flush=True)
        return 1
    print("== all stages passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
