"""Issue 29, the recommended deployment where pupils run their own kernels: the table server holds the database.

A table server process (``python -m pokelab.tables.server``) alone gets
the class database; the Voilà server's kernels (the pupils' side) get only
``POKELAB_TABLES_URL`` and a ``POKELAB_CLASS_DB`` that leads nowhere, so any
direct read of the database from a page would fail. Ann (English) creates a Here
Comes table on apps/play-a-classmate.ipynb, Misty (Chinese, another browser
context) joins it; they play face-down discards by clicking, each page redraws
the other's move, and neither page ever shows the other's hand or choice (HC-G3,
HC-R2) — checked against the teacher's full record.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pokelab.classroom import ClassStore
from pokelab.herecomes import TARGETS
from pokelab.tables import Tables

from .conftest import ROOT, free_port
from .test_shared_tables import (
    _hand,
    _never_shows,
    _other_sees,
    _revision,
    _seat_two_pages,
    _shot,
    _table_moves_on,
)
from .voila import voila_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The table server on a fresh class database, and a Voilà on apps/ whose kernels know only its address."""
    base = tmp_path_factory.mktemp("table-server-pages")
    url = f"sqlite:///{base / 'classes.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("7B")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "pokelab.tables.server", "--db", url, "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    first = server.stdout.readline()  # printed once the socket is bound
    assert "pokelab table server on" in first, first
    pupils = {
        "POKELAB_TABLES_URL": f"http://127.0.0.1:{port}",
        "POKELAB_CLASS_DB": f"sqlite:///{base / 'no-such-folder' / 'none.db'}",  # the pages hold no database
        "PYTHONPATH": str(ROOT),
    }
    try:
        with voila_server(base, pupils) as voila:
            yield {"server": voila, "store": store, "code": code, "key": key}
    finally:
        server.terminate()
        server.wait(timeout=30)
        store.close()


def test_two_pages_play_here_comes_through_the_table_server_and_never_see_each_others_cards(
    served: dict[str, Any], browser: Any
) -> None:
    errors: list[str] = []
    board = ".hc-board"
    ann, misty, table = _seat_two_pages(served, browser, "herecomes", board, errors)
    store, key = served["store"], served["key"]
    pages = {0: ann, 1: misty}
    try:
        moves = 0
        for _ in range(10):
            revision = Tables(store).table(table).revision()
            state = Tables(store).table(table).replay(teacher_key=key)
            if moves >= 4:
                break
            record = Tables(store).table(table).moves(teacher_key=key)
            for seat, page in pages.items():
                page.wait_for_function(
                    "(r) => +document.querySelector('.hc-board').dataset.revision >= r", arg=revision, timeout=30_000)
                other = set(state.hands[1 - seat]) | ({state.pending[1 - seat]} - {None})
                # a seat's own discards are its own to see (L01 and L02 share a name: Mew)
                own = {m["action"].split(", ")[-1].rstrip(")") for m in record if m["seat"] == seat} & set(TARGETS)
                _never_shows(page, {c for c in other if isinstance(c, str)}, set(state.hands[seat]) | own)
                assert sorted(_hand(page)) == sorted(state.hands[seat])
            acting = [s for s in state.to_move if s in pages]
            if not acting:
                _table_moves_on(Tables(store).table(table), revision)
                continue
            seat = acting[0]
            me, other_page = pages[seat], pages[1 - seat]
            before = _revision(other_page, board)
            selector = {"discard": "[data-testid^='discard-']", "vote": "[data-testid='hc-vote-no']"}
            button = me.locator(selector.get(state.phase, "[data-testid^='keep-']")).first
            button.wait_for(timeout=30_000)
            started = time.monotonic()
            button.click()
            _other_sees(other_page, board, before, started, mover=me, table=Tables(store).table(table))
            moves += 1
        assert moves >= 4, f"only {moves} moves were played"
        human = [m for m in Tables(store).table(table).moves(teacher_key=key) if m["kind"] == "human"]
        assert len(human) >= 4  # the moves reached the database through the server alone
        _shot(misty, "table-server-herecomes-misty-zh")
        assert not errors, errors
    finally:
        ann.context.close()
        misty.context.close()
