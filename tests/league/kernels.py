"""Pupils' kernels as real processes for the league tests: started, read line by line with a time limit, stopped."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import resource
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class Kernel:
    """``python -m tests.league.author_kernel ...`` in its own process; its JSON lines come through a queue."""

    def __init__(
        self, url: str, code: str, join_code: str, author: str, *bots: str, lang: str = "en",
        memory_mb: int | None = None,
    ) -> None:
        """``memory_mb``: the address space the OS allows the kernel, as a hub's spawner limits a pupil's server."""
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        limit = None
        if memory_mb is not None:
            env["MALLOC_ARENA_MAX"] = "2"  # glibc reserves 64 MB of address space per thread's arena otherwise
            size = memory_mb * 2**20

            def limit() -> None:
                resource.setrlimit(resource.RLIMIT_AS, (size, size))

        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.league.author_kernel", url, code, join_code, author, lang, *bots],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
            preexec_fn=limit,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def next(self, timeout: float = 60.0) -> dict[str, Any]:
        """The kernel's next JSON line (``queue.Empty`` after ``timeout`` seconds, with its stderr in the message)."""
        try:
            return json.loads(self.lines.get(timeout=timeout))
        except queue.Empty:
            self.process.kill()
            raise AssertionError(f"the kernel said nothing in {timeout} s: {self.process.stderr.read()[-3000:]}") from None

    def say(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def report(self) -> dict[str, Any]:
        self.say("report")
        return self.next()

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(BrokenPipeError):
                self.say("quit")
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
