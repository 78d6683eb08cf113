"""Issue 43: the table server behind a proxy, on a shared address and with a stuck database — nobody stalls the class.

Each test runs the server as it is deployed, its own process on a free port;
the waits are on events (a request answered, a lock held), never sleeps.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from pokelab.classroom import ClassStore
from pokelab.tables import Tables
from pokelab.tables.service import TableService
from pokelab.tables.wire import error_from

from .conftest import wait_until
from .serving import ROOT, post, table_server


def _body(**fields: object) -> bytes:
    return json.dumps(fields).encode()


def _class(url: str) -> tuple[str, str, Tables]:
    store = ClassStore.connect(url)
    join_code, key = store.create_class("7B")
    return join_code, key, Tables(store)


def test_behind_a_proxy_the_client_is_the_address_the_proxy_appended(sqlite_url):
    """``--trust-proxy`` took the first X-Forwarded-For entry, which the client writes: made-up ones were never locked out."""
    join_code, _key, _tables = _class(sqlite_url)
    with table_server(sqlite_url, "--trust-proxy") as (address, _server):
        wrong = _body(join_code="WRONG2", game="splendor")
        answers = [post(address, "create", wrong, headers={"X-Forwarded-For": f"203.0.113.{n}, 10.0.0.9"})
                   for n in range(7)]  # the client's own entry changes every time; the proxy's stays
        texts = [str(error_from(a["error"])) for _status, a in answers]
        assert [t.startswith("too many wrong tries from here") for t in texts] == [False] * 6 + [True], texts
        right = _body(join_code=join_code, game="splendor", seed=1)
        assert post(address, "create", right, headers={"X-Forwarded-For": "203.0.113.1, 10.0.0.9"})[0] == 403
        status, made = post(address, "create", right, headers={"X-Forwarded-For": "10.0.0.9, 10.0.0.8"})
        assert status == 200 and len(made["code"]) == 6  # another address (the proxy's last entry) is not locked


def test_the_service_holds_one_store_however_many_addresses_ask(sqlite_url):
    """``store_for`` opened a store and its connections per client address (2,000 kept, none closed): files ran out."""
    _class(sqlite_url)
    service = TableService(sqlite_url)
    service.respond("10.0.0.1", "revision", _body(code="ABCDEF"))
    before = len(os.listdir("/proc/self/fd"))
    for n in range(1200):  # made-up addresses, each with an unknown table code
        status, _answer = service.respond(f"10.{n // 250}.{n % 250}.1", "revision", _body(code="ABCDEF"))
        assert status == 400
    assert len(os.listdir("/proc/self/fd")) - before < 10
    service.close()


def test_on_a_hub_one_guesser_does_not_lock_the_class_out_of_a_seat(sqlite_url):
    """Every kernel of a one-machine hub comes from 127.0.0.1: a lockout of that address locked the seat's own player out."""
    join_code, _key, tables = _class(sqlite_url)
    code = tables.create_table(join_code, "splendor", seed=4)
    token = tables.table(code).sit(0, "Ash", join_code=join_code)
    guesses = [f"ZZZZ{a}{b}" for a in "ABCDEFGH" for b in "23456789" if f"ZZZZ{a}{b}" != token]
    with table_server(sqlite_url) as (address, _server):
        def view(seat_token: str) -> tuple[int, dict]:
            return post(address, "view", _body(code=code, seat=0, token=seat_token))

        for guess in guesses[:8]:  # one guesser, one after the other: each wrong, none lock anyone out
            status, answer = view(guess)
            assert status == 403 and str(error_from(answer["error"])).startswith("wrong seat token")
        with ThreadPoolExecutor(48) as burst:  # then 48 at once: the gate takes them one turn at a time
            answers = list(burst.map(view, guesses[8:56]))
        refused = [a for s, a in answers if "were tried at this table just now" in str(error_from(a["error"]))]
        assert refused and all(s == 403 for s, _a in answers)
        # the seat's own player, on the same address, gets in once a turn is free (the wait is bounded)
        assert wait_until(lambda: view(token)[0] == 200, timeout=20)
        assert view(token)[1]["names"] == ["Ash", None]


def _hold_the_writers_queue(database: Path) -> subprocess.Popen:
    """Another process holding the SQLite file's writers' queue (its turn never ends until it is stopped)."""
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys; from pokelab.classroom.sqlite import _queue_place\n"
         f"with _queue_place({str(database) + '-queue'!r}):\n"
         "    print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert holder.stdout.readline().strip() == "held"
    return holder


def _has_open(process: subprocess.Popen, suffix: str) -> bool:
    folder = Path(f"/proc/{process.pid}/fd")
    return any(os.readlink(fd).endswith(suffix) for fd in folder.iterdir() if fd.is_symlink())


def test_a_stuck_write_delays_only_its_own_request(tmp_path):
    """The server answered one request at a time on its event loop: one stuck database call stalled every client."""
    database = tmp_path / "class.db"
    url = f"sqlite:///{database}"
    join_code, _key, tables = _class(url)
    stuck_code, other_code = (tables.create_table(join_code, "splendor", seed=s) for s in (1, 2))
    with table_server(url, "--request-seconds", "4") as (address, server):
        holder = _hold_the_writers_queue(database)
        try:
            stuck: dict = {}
            answered = threading.Event()

            def sit() -> None:
                stuck["answer"] = post(address, "sit", _body(code=stuck_code, seat=0, name="Ash", join_code=join_code))
                answered.set()

            threading.Thread(target=sit, daemon=True).start()
            assert wait_until(lambda: _has_open(server, "class.db-queue"), timeout=20)  # the sit waits in the queue
            status, polled = post(address, "revision", _body(code=other_code), timeout=3)  # another table's poll
            assert status == 200 and polled["revision"] == 1
            assert not answered.is_set()  # answered while the stuck write still waits
            assert answered.wait(timeout=30)
            status, busy = stuck["answer"]
            refusal = error_from(busy["error"])
            assert status == 503 and type(refusal).__name__ == "ClassStoreBusy"
            assert "Refresh the board" in str(refusal) and refusal.message("zh") != str(refusal)
        finally:
            holder.stdin.close()
            holder.wait(timeout=30)
        status, _seated = post(address, "sit", _body(code=other_code, seat=1, name="Misty", join_code=join_code))
        assert status == 200  # the queue moves again once the holder is gone


@pytest.fixture(scope="module")
def idle_server(tmp_path_factory):
    """One server for the four refusals below (none of them touches the database): a start each cost about 1 s."""
    url = f"sqlite:///{tmp_path_factory.mktemp('idle') / 'class.db'}"
    with table_server(url) as (address, _server):
        yield address


@pytest.mark.parametrize(("method", "path", "status", "says"), [
    ("POST", "/api/no-such-verb", 404, "answers POST /api/<request>"),
    ("POST", "/index.html", 404, "answers POST /api/<request>"),
    ("GET", "/api/view", 405, "only POST requests"),
    ("PUT", "/api/view", 405, "only POST requests"),
])
def test_unknown_addresses_and_methods_are_json_refusals(idle_server, method, path, status, says):
    """404 and 405 were tornado's HTML pages, not the refusal every other answer is."""
    got, answer = post(idle_server, "", b"{}" if method in ("POST", "PUT") else b"", method=method, path=path)
    refusal = error_from(answer["error"])
    assert got == status and says in str(refusal) and refusal.message("zh") != str(refusal)
