"""A table server process for the tests, started as it is deployed (``python -m pokelab.class_service``)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from tests.classroom.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def table_server(url: str, *options: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """A table server process on the class database ``url``: its address and the process (stopped afterwards)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "pokelab.class_service", "--db", url, "--port", str(port), *options],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT,
    )
    try:
        first = server.stdout.readline()  # the server says it listens once its socket is bound
        assert "pokelab table server on" in first, first + server.stdout.read()
        yield f"http://127.0.0.1:{port}", server
    finally:
        server.terminate()
        server.wait(timeout=30)
        server.stdout.close()


def post(address: str, verb: str, body: bytes, *, headers: dict | None = None, timeout: float = 30,
         method: str = "POST", path: str | None = None) -> tuple[int, dict]:
    """Send raw ``body`` to the server; its status and JSON answer (a refusal is an answer too)."""
    request = urllib.request.Request(f"{address}{path or f'/api/{verb}'}", data=body if method == "POST" else None,
                                     method=method, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        with refused:
            return refused.code, json.loads(refused.read())
