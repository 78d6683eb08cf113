"""Seat-token guessing at a known shared table, from one process: guesses a second checked, before and after the lockout (issue 29).

    python benchmarks/bench_seat_guesses.py [--seconds 3]

One kernel (one ``ClassStore`` on a SQLite file) knows a table's code and loops
over well-formed seat tokens for a seat someone sits at, as a pupil's notebook
could, through ``Table.view`` and ``Table.rejoin``. *Before* is the store with
the throttle out of reach (``free_failures`` = 1,000,000: every wrong token is
compared, as before issue 29's lockout); *after* is the default ``Limits``.
Printed: the requests a second, and the guesses a second actually compared with
the seat's token (a refused request learns nothing), plus what the defaults
allow in an hour (the free tries and one per lockout, doubling to the cap).
Wall-clock seconds: the guess rate is what a guesser gets from the machine.
"""

from __future__ import annotations

import argparse
import itertools
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokelab.classroom import ClassAccessError, ClassStore, Limits
from pokelab.classroom.access import JOIN_ALPHABET
from pokelab.tables import Tables


def guessing(url: str, code: str, right: set[str], limits: Limits, seconds: float, verb: str) -> tuple[float, float]:
    """(requests a second, guesses compared a second) of one guessing loop of ``verb`` on a fresh store (source)."""
    table = Tables(ClassStore.connect(url, limits=limits)).table(code)
    tokens = ("".join(t) for t in itertools.product(JOIN_ALPHABET, repeat=6))
    sent = compared = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        guess = next(tokens)
        if guess in right:
            continue
        sent += 1
        try:
            table.view(0, token=guess) if verb == "view" else table.rejoin(guess)
        except ClassAccessError as err:
            compared += "too many" not in str(err)
    return sent / elapsed, compared / elapsed


def per_hour(limits: Limits) -> int:
    """Guesses one source gets compared in an hour with ``limits``: the free ones, then one at the end of each lockout."""
    allowed, t, over = limits.free_failures + 1, 0.0, 1
    while True:
        t += min(limits.lockout_seconds * 2 ** (over - 1), limits.max_lockout_seconds)
        if t > 3600:
            return allowed
        allowed, over = allowed + 1, over + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per guessing loop")
    args = parser.parse_args()
    logging.getLogger("pokelab.classroom").addHandler(logging.NullHandler())  # every refusal is still logged, unprinted
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'class.db'}"
        store = ClassStore.connect(url)
        join_code = store.create_class("7B")[0]
        table = Tables(store).table(Tables(store).create_table(join_code, "splendor", seed=1))
        right = {table.sit(0, "Ash", join_code=join_code), table.sit(1, "Misty", join_code=join_code)}
        before = Limits(free_failures=1_000_000)
        print(f"seat-token guesses at one known table, one process, SQLite file, {args.seconds:g} s per loop")
        print(f"{'verb':8} {'':6} {'requests/s':>11} {'compared/s':>11}")
        for verb in ("view", "rejoin"):
            for label, limits in (("before", before), ("after", Limits())):
                sent, compared = guessing(url, table.code, right, limits, args.seconds, verb)
                print(f"{verb:8} {label:6} {sent:11.0f} {compared:11.1f}")
        print(f"after, with the default limits: {per_hour(Limits())} guesses compared per seat per source in an hour "
              f"(before: every request, {before.free_failures:,} free)")


if __name__ == "__main__":
    main()
