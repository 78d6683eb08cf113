"""A pupil's kernel for the league tests: a separate process that enters bots and runs their runners.

Run as ``python -m tests.league.author_kernel URL LEAGUE JOIN_CODE AUTHOR LANG BOT...``. It prints one JSON
line ``{"entered": {name: token}}`` once its bots are entered, then plays until a line arrives on
stdin: ``report`` prints what its runners hold (problems in its language, moves, latencies, what the
peeking bot found), ``quit`` (or the end of stdin) stops. ``exit`` after entering leaves at once: a
kernel that went away.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

from pokelab.classroom import ClassStore
from pokelab.league import League, Runner

#: What the peeking bot saw per move: the table, the revision, every text reachable from what it was given,
#: and every text this kernel's runners hold of that table (its Table object, its seats, its seat views). Other
#: tables are not scanned: every Here Comes game has the same card names, so another game's hand proves nothing.
PEEKS: list[dict[str, Any]] = []


def _texts(value: Any, out: list[str], depth: int = 0) -> None:
    """Every string reachable from ``value`` through data: dicts, sequences, sets, instances' fields (not classes or modules)."""
    if depth > 12:
        return
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _texts(k, out, depth + 1)
            _texts(v, out, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            _texts(v, out, depth + 1)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        _texts(vars(value), out, depth + 1)
    elif hasattr(value, "__slots__"):
        for slot in value.__slots__:
            _texts(getattr(value, slot, None), out, depth + 1)
    elif value is not None and not isinstance(value, int | float | bool):
        out.append(repr(value))


class First:
    def choose(self, view, legal, rng):
        return legal[0]


class Rando:
    def choose(self, view, legal, rng):
        return rng.choice(legal)


class Peeker:
    """Tries to read the other seat's hand through everything it is given, then plays the first legal move."""

    def choose(self, view, legal, rng):
        if len(PEEKS) < 12:
            mine = next(r for r in RUNNERS if r.entry.name == "peeker")
            at = dict(mine.thinking or {})
            given: list[str] = []
            _texts([view, legal, rng.getstate()], given)
            held: list[str] = []
            for runner in RUNNERS:  # and, reaching past its arguments, what its kernel's runners hold of this table
                table = runner._tables.get(at.get("table"))
                if table is not None:
                    held.append(repr(vars(table)))
                    held.append(repr(vars(table._seats)))
            PEEKS.append({**at, "given": " ".join(given),
                          "held": " ".join(held), "hands": "hands" in view})
        return legal[0]


class Sleeper:
    def choose(self, view, legal, rng):
        threading.Event().wait()  # for ever


class Raiser:
    def choose(self, view, legal, rng):
        raise ZeroDivisionError("my bot divided by zero")


class Garbage:
    def choose(self, view, legal, rng):
        return object()


class Cheater:
    """Discards a card it does not hold: the rules refuse it (HC-R2)."""

    def choose(self, view, legal, rng):
        return type(legal[0])(legal[0].player, "G99") if type(legal[0]).__name__ == "Discard" else "Fly(away)"


class Hog:
    """Asks for memory without end: 64 MB more at a time, kept."""

    def choose(self, view, legal, rng):
        kept = []
        while True:
            kept.append(bytes(64 * 2**20))  # calloc: the address space is taken, the pages stay untouched


BOTS = {"first": First, "rando": Rando, "peeker": Peeker, "sleeper": Sleeper, "raiser": Raiser,
        "garbage": Garbage, "cheater": Cheater, "hog": Hog}
RUNNERS: list[Runner] = []


def main(url: str, code: str, join_code: str, author: str, lang: str, *kinds: str) -> None:
    league = League(ClassStore.connect(url), code)
    entries = {}
    for kind in kinds:
        entry = league.enter(BOTS[kind](), name=kind, join_code=join_code, author=author, lang=lang, start=False)
        entry.runner.poll_seconds = 0.05
        entries[kind] = entry
        RUNNERS.append(entry.runner)
    print(json.dumps({"entered": {k: e.token for k, e in entries.items()}}), flush=True)
    for entry in entries.values():
        entry.start()
    for line in sys.stdin:
        command = line.strip()
        if command == "status":
            print(json.dumps({"status": Path("/proc/self/status").read_text()}), flush=True)
        elif command == "report":
            print(json.dumps({
                "problems": {k: e.problems() for k, e in entries.items()},
                "moves": {k: e.runner.moves for k, e in entries.items()},
                "latencies": {k: e.runner.latencies for k, e in entries.items()},
                "peeks": PEEKS,
            }), flush=True)
        elif command in ("quit", "exit"):
            break
    for entry in entries.values():
        entry.stop(1.0)


if __name__ == "__main__":
    main(*sys.argv[1:])
