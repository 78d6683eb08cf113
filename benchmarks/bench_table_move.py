"""One shared-table move as a board makes it: milliseconds and SQL statements per move (issue 28).

    python benchmarks/bench_table_move.py [--moves 60] [--db sqlite|memory]

Two seat boards (``SplendorBoard.join`` / ``HereComesBoard.join``) of one table in one process, each
playing in turn with its seat's first legal move through ``Board.play`` of a board sat at the table (``SplendorBoard.join``) —
the store's move transaction and the board's refresh (its seat's view and move
log) — on a SQLite file. Printed per game: the median and mean CPU ms (this process:
SQLite runs in it) of one move, and the SQL statements one move sends (counted on
the store's engine); then the store alone (``Table.play`` with an action object and
the seat's ``view``) with the statements of one move.
No asserts: figures only (the machine is shared).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sqlalchemy as sa

from pokelab.classroom import ClassStore
from pokelab.tables import Tables
from widgets.herecomes.board import HereComesBoard
from widgets.splendor.board import SplendorBoard


def _seen(board) -> dict:
    """What the board's seat last saw of the table (``Table.view``'s dict)."""
    return board.seat_source.last


def _first_legal(board) -> str:
    return _seen(board)["legal"][0]


def run(game: str, moves: int, url: str) -> tuple[float, float, float]:
    """Median ms, mean ms and SQL statements per move of ``moves`` moves of ``game``."""
    store = ClassStore.connect(url)
    join_code, _key = store.create_class("bench")
    code = Tables(store).create_table(join_code, game, players=2, seed=11)
    board_of = {"splendor": SplendorBoard, "herecomes": HereComesBoard}[game]
    boards = [board_of.join(code, name=name, join_code=join_code, store=store, poll_seconds=0) for name in ("Ash", "Misty")]
    for b in boards:
        b.refresh(force=True)
    statements = [0]

    @sa.event.listens_for(store.engine, "before_cursor_execute")
    def count(*_args) -> None:
        statements[0] += 1

    times: list[float] = []
    counted = 0
    for _ in range(moves):
        waiting = [b for b in boards if b.seat in _seen(b)["to_move"]]
        if not waiting or _seen(boards[0])["finished"]:
            break
        board = waiting[0]
        action = _first_legal(board)
        before = statements[0]
        began = time.process_time()
        board.play(action)
        times.append((time.process_time() - began) * 1000)
        counted += statements[0] - before
        for other in boards:
            if other is not board:
                other.refresh()
    for b in boards:
        b.close()
    store.close()
    return statistics.median(times), statistics.fmean(times), counted / max(1, len(times))


def run_store(game: str, moves: int, url: str) -> tuple[float, float, list[str]]:
    """The store alone, as a board uses it: ``Table.play`` with an action object, then that seat's ``view``.

    Median CPU ms, SQL statements per move and the statements of the last move.
    """
    store = ClassStore.connect(url)
    join_code, _key = store.create_class("bench")
    code = Tables(store).create_table(join_code, game, players=2, seed=11)
    tables = [Tables(store).table(code), Tables(store).table(code)]
    for seat, table in enumerate(tables):
        table.sit(seat, f"pupil {seat}", join_code=join_code)
    views = [t.view(seat) for seat, t in enumerate(tables)]
    sent: list[str] = []

    @sa.event.listens_for(store.engine, "before_cursor_execute")
    def record(_conn, _cursor, statement, *_args) -> None:
        sent.append(" ".join(statement.split())[:60])

    game_rules = tables[0]._row().kit.game
    times, counts, last = [], [], []
    for _ in range(moves):
        views = [t.view(seat) for seat, t in enumerate(tables)]
        if views[0]["finished"]:
            break
        seat = next(s for s in (0, 1) if s in views[s]["to_move"])
        action = game_rules.parse_action(views[seat]["observation"]["legal"][0])
        sent.clear()
        began = time.process_time()
        tables[seat].play(seat, action, views[seat]["revision"])
        tables[seat].view(seat)
        times.append((time.process_time() - began) * 1000)
        counts.append(len(sent))
        last = list(sent)
    store.close()
    return statistics.median(times), statistics.fmean(counts), last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for game in ("splendor", "herecomes"):
            url = f"sqlite:///{Path(tmp) / (game + '.db')}"
            median, mean, sql = run(game, args.moves, url)
            print(f"{game:10s} one board move: median {median:6.2f} ms, mean {mean:6.2f} ms, "
                  f"{sql:4.1f} SQL statements per move")
            url = f"sqlite:///{Path(tmp) / (game + '-store.db')}"
            median, sql, last = run_store(game, args.moves, url)
            print(f"{game:10s} store: play + view {median:6.2f} ms, {sql:4.1f} SQL statements per move: "
                  + "; ".join(last))


if __name__ == "__main__":
    main()
