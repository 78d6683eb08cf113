"""A class of pupils on a real JupyterHub: spawn time, memory per server, a table move and a recorded answer through the proxy.

Starts the hub exactly as ``tests/hub/test_hub.py`` does (its ``hub`` fixture's
own code, on ``deploy/jupyterhub/jupyterhub_config.py``, with a SQLite class
database), makes ``--pupils`` pupils of class 7b through the hub's REST API,
spawns their servers one after another (each timed from the spawn request to
the hub's "ready" event), reads each server's resident memory, then — each pupil
with their own hub token, through the proxy — plays Here Comes moves in pairs
and records answers, and prints p50/p99 of each. Wall-clock times on a machine
that may be shared: read them with the load ``uptime`` printed.

    PYTHONPATH=. python benchmarks/bench_hub_class.py --pupils 30

Needs ``npm ci`` (the proxy) and the ``hub`` extra. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402 -- the fixture's "no PostgreSQL here" signal

from tests.hub import test_hub  # noqa: E402 -- the hub's start and stop code, as the tests run it


class _Temp:
    """What the ``hub`` fixture asks of pytest's tmp_path_factory."""

    def __init__(self, base: Path) -> None:
        self.base = base

    def mktemp(self, name: str) -> Path:
        return Path(tempfile.mkdtemp(prefix=name, dir=self.base))


class _NoPostgres:
    """What the ``hub`` fixture asks of pytest's request: no PostgreSQL server, so a SQLite class database."""

    def getfixturevalue(self, name: str) -> None:
        raise pytest.skip.Exception(f"the benchmark starts no {name}")


def _rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` and its children (a fresh server has none), KiB."""
    total = 0
    for p in [pid, *test_hub._children(pid)]:
        with contextlib.suppress(FileNotFoundError):
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _line(name: str, values: list[float], unit: str = "ms", scale: float = 1e3) -> None:
    print(f"  {name:<36} n={len(values):<4} p50 {_pct(values, 0.5) * scale:8.1f} {unit}   "
          f"p99 {_pct(values, 0.99) * scale:8.1f} {unit}   max {max(values) * scale:8.1f} {unit}")


def run(pupils: int, moves: int, answers: int) -> None:
    from pokelab.tables import StaleRevision
    from pokelab.tables.class_client import HubClass
    from pokelab.tables.client import RemoteTables

    print(f"uptime before: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    with tempfile.TemporaryDirectory() as base:
        fixture = test_hub.hub.__wrapped__(_Temp(Path(base)), _NoPostgres())
        hub = next(fixture)
        try:
            names = [f"p{i:02d}" for i in range(1, pupils + 1)]
            status, made = test_hub._api(hub, "POST", "/users", {"usernames": names})
            assert status == 201, (status, made)
            status, made = test_hub._api(hub, "POST", "/groups/pokelab-7b/users", {"users": names})
            assert status == 200, (status, made)
            tokens = {user: made["token"] for user, made in test_hub._hub_tokens(hub, *names).items()}
            spawn: list[float] = []
            rss: list[int] = []
            with contextlib.ExitStack() as servers:
                for user in names:
                    before = set(hub["pidfds"])
                    started = time.monotonic()
                    servers.enter_context(test_hub._server(hub, user))
                    spawn.append(time.monotonic() - started)
                    pids = [int(key.rsplit(" ", 1)[1]) for key in set(hub["pidfds"]) - before]
                    rss.append(sum(_rss_kib(pid) for pid in pids))
                print(f"uptime with {pupils} servers up: "
                      f"{subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
                url = f"{hub['public']}/services/pokelab-class"
                move: list[float] = []
                for first, second in zip(names[::2], names[1::2], strict=False):
                    a, b = RemoteTables(url, hub_token=tokens[first]), RemoteTables(url, hub_token=tokens[second])
                    code = a.create_table(None, "herecomes", seed=len(move) + 1)
                    seated = {first: a.table(code), second: b.table(code)}
                    for t in seated.values():
                        t.sit()
                    for _step in range(moves):
                        views = {name: t.view(t.my_seat) for name, t in seated.items()}
                        movers = [n for n, v in views.items() if seated[n].my_seat in v["to_move"] and v["legal"]]
                        if not movers or any(v["finished"] for v in views.values()):
                            break
                        name = movers[0]
                        started = time.monotonic()
                        with contextlib.suppress(StaleRevision):
                            seated[name].play(seated[name].my_seat, views[name]["legal"][0], views[name]["revision"])
                        move.append(time.monotonic() - started)
                answer: list[float] = []
                for user in names:
                    klass = HubClass(url, hub_token=tokens[user])
                    for i in range(answers):
                        started = time.monotonic()
                        klass.record_answer(None, None, None, "32-3", lesson="32", answer="a", outcome="wrong",
                                            correct=False, misconception="a", submission=f"{user}-{i}")
                        answer.append(time.monotonic() - started)
                print(f"{pupils} pupils of class 7b on JupyterHub (deploy/jupyterhub, SQLite class database), "
                      f"servers spawned one after another:")
                _line("spawn, request to ready", spawn, "s", 1.0)
                _line("server memory (RSS, no kernel)", [k / 1024 for k in rss], "MiB", 1.0)
                print(f"  {'servers altogether (RSS)':<36} {sum(rss) / 1024:8.1f} MiB")
                _line("table move through the proxy", move)
                _line("recorded answer through the proxy", answer)
        finally:
            fixture.close()  # the fixture's own stop: hub, proxy, services and every server ended, or it says which not
    print(f"uptime after: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20, help="moves per pair of pupils at most")
    parser.add_argument("--answers", type=int, default=5, help="answers each pupil records")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONPATH", str(ROOT))
    run(args.pupils, args.moves, args.answers)


if __name__ == "__main__":
    main()
