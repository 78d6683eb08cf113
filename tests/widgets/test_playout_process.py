"""The board coach's playout process ends with its kernel, even a kernel killed in the middle of a review."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: A stand-in kernel: starts the shared playout process on a long review (which spreads
#: over its own workers), prints every process below it once they all run, then waits.
KERNEL = textwrap.dedent("""
    import json, os, threading, time
    from pathlib import Path
    from pokelab.sim import play
    from pokelab.analysis.coach_jobs import review_job
    from widgets.splendor.coach_jobs import playout_pool

    def below(pid):
        children = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
        found, todo = [], [pid]
        while todo:
            kids = children.get(todo.pop(), [])
            found += kids
            todo += kids
        return found

    if __name__ == "__main__":
        record = play("splendor", ["greedy", "greedy"], seed=1)
        pairs = list(zip(record.states(), (a for _, a in record.actions)))
        playout_pool().submit(review_job, pairs, 5000, 0)
        # resource tracker, forkserver, playout process, its forkserver, its two review workers
        deadline = time.monotonic() + 120
        while len(below(os.getpid())) < 6 and time.monotonic() < deadline:
            time.sleep(0.05)
        print(json.dumps(below(os.getpid())), flush=True)
        threading.Event().wait()
""")


def _ended(pid: int, seconds: float) -> bool:
    """Whether process ``pid`` ends within ``seconds`` (waits on its pidfd: an event, not a poll)."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([handle], [], [], seconds)[0])
    finally:
        os.close(handle)


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="waits on Linux pidfds")
def test_no_playout_process_outlives_a_killed_kernel(tmp_path):
    script = tmp_path / "kernel.py"
    script.write_text(KERNEL)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kernel = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    below: list[int] = []
    try:
        below = json.loads(kernel.stdout.readline())
        assert len(below) >= 6, f"the review did not start its workers: {below}"
        os.kill(kernel.pid, signal.SIGKILL)  # as a kernel restart or a runner's timeout does
        kernel.wait()
        left = [pid for pid in below if not _ended(pid, 60)]
        assert left == [], f"processes outlived the kernel: {left}"
    finally:
        kernel.kill()
        for pid in below:
            if not _ended(pid, 0):
                os.kill(pid, signal.SIGKILL)


PRIORITIES = textwrap.dedent("""
    import json, os
    from widgets.splendor.coach_jobs import playout_pool

    if __name__ == "__main__":
        background, asked = playout_pool(), playout_pool(asked=True)
        print(json.dumps({
            "kernel": os.nice(0),
            "background": background.submit(os.nice, 0).result(timeout=120),
            "asked": asked.submit(os.nice, 0).result(timeout=120),
            "same": [playout_pool() is background, playout_pool(asked=True) is asked],
        }))
""")


def test_a_suggest_or_review_runs_at_the_kernels_priority_and_the_background_below_it(tmp_path):
    # At nice 10 beside other busy programs an asked-for Review took 300 s instead of 3 (CI, session 20).
    script = tmp_path / "kernel.py"
    script.write_text(PRIORITIES)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["same"] == [True, True]
    assert seen["asked"] == seen["kernel"]
    assert seen["background"] == min(19, seen["kernel"] + 10)
