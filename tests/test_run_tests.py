"""The test command's scheduler: a stage starts only after the stages it waits for, a failure is reported."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_runner():
    spec = importlib.util.spec_from_file_location("run_tests_under_test", ROOT / "scripts" / "run_tests.py")
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    return runner


def test_every_stage_is_ordered_and_the_site_waits_for_the_notebooks() -> None:
    runner = load_runner()
    waves = runner.order(runner.AFTER, list(runner.AFTER))
    assert sorted(name for wave in waves for name in wave) == sorted(runner.AFTER)
    where = {name: i for i, wave in enumerate(waves) for name in wave}
    assert where["site"] > where["notebooks"]  # it reads the executed copies
    assert set(runner.AFTER) == set(runner.stages(None))


def test_a_stage_runs_after_what_it_waits_for_and_a_failure_fails_the_run(tmp_path, monkeypatch, capsys) -> None:
    runner = load_runner()
    mark = tmp_path / "first-done"
    py = sys.executable
    table = {
        "first": [py, "-c", f"import pathlib; pathlib.Path({str(mark)!r}).write_text('x')"],
        # fails unless "first" has finished
        "second": [py, "-c", f"import pathlib, sys; sys.exit(0 if pathlib.Path({str(mark)!r}).exists() else 3)"],
        "broken": [py, "-c", "print('broken stage says why'); raise SystemExit(2)"],
    }
    monkeypatch.setattr(runner, "AFTER", {"first": (), "second": ("first",), "broken": ()})
    monkeypatch.setattr(runner, "stages", lambda only: table)
    monkeypatch.setattr(runner, "LOGS", tmp_path / "logs")
    monkeypatch.setattr(sys, "argv", ["run_tests.py"])
    assert runner.main() == 1
    out = capsys.readouterr().out
    assert "== second ends" in out and "exit 0" in out.split("== second ends")[1].splitlines()[0]
    assert "broken stage says why" in out  # its log is printed whole
    assert "== FAILED: broken (exit 2)" in out
    timings = out.split("== timings")[1].splitlines()[0]
    assert all(re.search(rf"{name} \d+s \(CPU \d+s\)", timings) for name in table), timings  # wall and CPU, each
    assert (tmp_path / "logs" / "broken.log").read_text().strip() == "broken stage says why"


def test_stages_that_wait_in_a_circle_are_refused() -> None:
    runner = load_runner()
    with pytest.raises(ValueError, match="circle"):
        runner.order({"a": ("b",), "b": ("a",)}, ["a", "b"])


def test_stopping_the_runner_stops_the_stages_it_started(tmp_path) -> None:
    """A SIGTERM (or Ctrl-C) to the runner ends the stages too: each runs in its own session, out of a signal's reach.

    With ``--only`` the stage writes to the runner's own stdout, a pipe this test reads: its first line
    says the stage runs, and the end of the pipe comes only once no process holds it (events, no polling).
    """
    import select
    import signal
    import subprocess

    stage = tmp_path / "stage.py"
    stage.write_text("import signal\nprint('running', flush=True)\nsignal.pause()\n")
    driver = tmp_path / "drive.py"
    driver.write_text(
        "import importlib.util, pathlib, sys\n"
        f"spec = importlib.util.spec_from_file_location('r', {str(ROOT / 'scripts' / 'run_tests.py')!r})\n"
        "r = importlib.util.module_from_spec(spec); spec.loader.exec_module(r)\n"
        "r.AFTER = {'slow': ()}\n"
        f"r.stages = lambda only: {{'slow': [sys.executable, {str(stage)!r}]}}\n"
        f"r.LOGS = pathlib.Path({str(tmp_path / 'logs')!r})\n"
        "sys.argv = ['run_tests.py', '--only', 'slow']\n"
        "sys.exit(r.main())\n"
    )
    runner = subprocess.Popen([sys.executable, str(driver)], stdout=subprocess.PIPE, text=True)

    def line() -> str:
        ready, _, _ = select.select([runner.stdout], [], [], 60)
        assert ready, "no output for a minute"
        return runner.stdout.readline()

    try:
        assert line().startswith("== slow starts")
        assert line() == "running\n"
        runner.send_signal(signal.SIGTERM)
        assert runner.wait(timeout=60) == 130
        assert line().startswith("== stopped")
        assert line() == "", "the stage still holds the pipe after the runner stopped"
    finally:
        runner.kill()
        runner.wait(timeout=60)
        runner.stdout.close()


#: Plugins the timed file needs none of, each a second or two of imports in every process (nbval's
#: nbformat loads jsonschema's grammars): the serial run and xdist's three processes skip them.
QUIET_PLUGINS = ("-p", "no:nbval", "-p", "no:hypothesispytest", "-p", "no:anyio")


def test_each_stage_writes_where_its_time_went_by_file_and_phase(tmp_path) -> None:
    """The profile plugin sums a file's fixture set-up apart from its tests, also under xdist, and prints a table."""
    import doctest
    import json
    import os
    import subprocess

    from scripts import pytest_profile

    assert doctest.testmod(pytest_profile).failed == 0
    tests = tmp_path / "test_timed.py"
    tests.write_text(
        "import threading, pytest\n"
        "@pytest.fixture(scope='module')\n"
        "def server():\n"
        "    threading.Event().wait(0.3)\n"  # a server's start, as a fixture: set-up time
        "    yield\n"
        "def test_one(server):\n"
        "    threading.Event().wait(0.2)\n"
        "def test_two(server):\n"
        "    pass\n",
        encoding="utf-8",
    )
    out = tmp_path / "stage.files.json"
    for workers in ([], ["-n", "2"]):
        out.unlink(missing_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "scripts.pytest_profile", "-q", "-o", "addopts=", "-p",
             "no:cacheprovider", *QUIET_PLUGINS, *workers, str(tests), "--rootdir", str(tmp_path)],
            cwd=ROOT, env={**os.environ, pytest_profile.ENV: str(out)}, check=True, capture_output=True,
        )
        (name, row), = json.loads(out.read_text(encoding="utf-8")).items()
        assert name.endswith("test_timed.py") and row["tests"] == 2, (workers, name, row)
        assert row["setup"] >= 0.3 and row["call"] >= 0.2, (workers, row)
        assert "test_timed.py" in pytest_profile.table("unit", {name: row})[1]
