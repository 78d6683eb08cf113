"""Shared game tables: how soon another device sees a move (issue 19 target: median <= 1 s).

    python benchmarks/bench_tables.py [--moves 40] [--poll 0.25] [--postgres URL | --no-postgres]

Two processes share one Splendor table, as two pupils' kernels would: the
*mover* plays both seats' moves at irregular moments (so a move lands at any
point of the other device's polling cycle); the *watcher* polls
``Table.revision()`` every ``--poll`` seconds and, when it changed, fetches its
seat's ``view`` as a board does. Printed per backend: the median and p95 time
from the start of ``play`` to the watcher seeing the new revision, and to its
view being fetched, plus the median time of one ``play`` and one ``view``.
Wall-clock times (both processes read the same clock). PostgreSQL: the URL
given, else a throwaway server started like the tests' one (Debian's
``initdb`` must be installed), else skipped.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokelab.classroom import ClassStore
from pokelab.tables import Tables

_FORK = multiprocessing.get_context("fork")


def _greedy(view: dict, rng: random.Random) -> str:
    from pokelab.bots import make_bot
    from pokelab.splendor import parse_action

    actions = [parse_action(a) for a in view["observation"]["legal"]]
    return str(make_bot("splendor", "greedy").choose(view["observation"], actions, rng))


def _mover(url: str, code: str, tokens: list[str], moves: int, ready, out) -> None:
    store = ClassStore.connect(url, timeout=30)
    table = Tables(store).table(code)
    for token in tokens:
        table.rejoin(token)
    rng = random.Random(1)
    ready.wait()
    started, play_times = [], []
    for _ in range(moves):
        time.sleep(rng.uniform(0.6, 1.3))  # the pupil thinks; lands anywhere in a poll cycle
        seat = table.view(0)["to_move"][0]
        view = table.view(seat)
        if view["finished"]:
            break
        action = _greedy(view, rng)
        began = time.time()
        revision = table.play(seat, action, view["revision"])
        play_times.append(time.time() - began)
        started.append((revision, began))
    store.close()
    out.put(("mover", started, play_times))


def _watcher(url: str, code: str, token: str, poll: float, stop, ready, out) -> None:
    store = ClassStore.connect(url, timeout=30)
    table = Tables(store).table(code)
    table.rejoin(token)
    last = table.revision()
    seen, view_times = {}, []
    ready.wait()
    while not stop.is_set():
        time.sleep(poll)
        revision = table.revision()
        if revision != last:
            at = time.time()
            began = time.time()
            view = table.view(0)
            fetched = time.time()
            view_times.append(fetched - began)
            last = view["revision"]
            seen[revision] = (at, fetched)
    store.close()
    out.put(("watcher", seen, view_times))


def measure(url: str, moves: int, poll: float) -> dict[str, float]:
    """Run the two processes on ``url``; return the latency figures in seconds."""
    store = ClassStore.connect(url)
    join_code, _ = store.create_class("bench")
    code = Tables(store).create_table(join_code, "splendor", players=2, seed=7)
    table = Tables(store).table(code)
    tokens = [table.sit(0, "Ash", join_code=join_code), table.sit(1, "Misty", join_code=join_code)]
    store.close()
    ready, stop, out = _FORK.Barrier(2), _FORK.Event(), _FORK.Queue()
    watcher = _FORK.Process(target=_watcher, args=(url, code, tokens[0], poll, stop, ready, out))
    mover = _FORK.Process(target=_mover, args=(url, code, tokens, moves, ready, out))
    watcher.start()
    mover.start()
    first = out.get(timeout=moves * 5 + 60)
    time.sleep(poll * 3)
    stop.set()
    second = out.get(timeout=60)
    for p in (watcher, mover):
        p.join(timeout=30)
    reports = {first[0]: first, second[0]: second}
    _, started, play_times = reports["mover"]
    _, seen, view_times = reports["watcher"]
    to_seen, to_view = [], []
    for revision, began in started:
        # the watcher may see a later revision first when two moves land within one poll
        later = [r for r in seen if r >= revision]
        if later:
            at, fetched = seen[min(later)]
            to_seen.append(at - began)
            to_view.append(fetched - began)

    def p95(xs: list[float]) -> float:
        return sorted(xs)[min(len(xs) - 1, int(0.95 * len(xs)))]

    return {
        "moves": len(to_seen),
        "seen_median": statistics.median(to_seen),
        "seen_p95": p95(to_seen),
        "view_median": statistics.median(to_view),
        "view_p95": p95(to_view),
        "play_median": statistics.median(play_times),
        "view_fetch_median": statistics.median(view_times),
    }


def _report(label: str, f: dict[str, float], poll: float) -> None:
    ok = "met" if f["view_median"] <= 1.0 else "NOT met"
    print(
        f"{label:10s} {f['moves']:3d} moves, polling every {poll:g} s: "
        f"move -> revision seen median {f['seen_median'] * 1000:.0f} ms, p95 {f['seen_p95'] * 1000:.0f} ms; "
        f"-> view fetched median {f['view_median'] * 1000:.0f} ms, p95 {f['view_p95'] * 1000:.0f} ms "
        f"(target median <= 1 s: {ok}); one play {f['play_median'] * 1000:.0f} ms, "
        f"one view {f['view_fetch_median'] * 1000:.0f} ms (medians)"
    )


def _throwaway_postgres():
    """A PostgreSQL server like the tests' one, or ``None`` when none is installed."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from classroom.conftest import PostgresServer, _initdb, free_port

    initdb = _initdb()
    if initdb is None:
        return None
    import os

    base = Path(tempfile.mkdtemp(prefix="pokelab-bench-pg-"))
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
    server = PostgresServer(base, free_port(), initdb.parent)
    server._run(
        str(initdb),
        "-D",
        str(base / "data"),
        "-A",
        "trust",
        "-U",
        "pokelab",
        "--no-sync",
        timeout=120,
    )
    server.start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--poll", type=float, default=0.25)
    parser.add_argument("--postgres", help="a PostgreSQL URL (default: a throwaway server)")
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pokelab-bench-tables-"))
    try:
        _report(
            "SQLite", measure(f"sqlite:///{folder / 'class.db'}", args.moves, args.poll), args.poll
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.no_postgres:
        return
    server = None
    url = args.postgres
    if url is None:
        server = _throwaway_postgres()
        if server is None:
            print("PostgreSQL: skipped (no initdb; run scripts/ensure_postgres.py)")
            return
        url = server.url
    try:
        _report("PostgreSQL", measure(url, args.moves, args.poll), args.poll)
    finally:
        if server is not None:
            server.stop("immediate")
            shutil.rmtree(server.base, ignore_errors=True)


if __name__ == "__main__":
    main()
