"""Issue 29, the recommended deployment where pupils run their own kernels: the table server holds the database.

A table server process (``python -m pokelab.class_service``) alone gets
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
from collections.abc import Iterator
from typing import Any

import pytest

from pokelab.classroom import ClassStore
from pokelab.tables import Tables

from .conftest import ROOT, free_port
from .table_pages import play_here_comes, seat_two_pages, shot
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
        [sys.executable, "-m", "pokelab.class_service", "--db", url, "--port", str(port)],
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
    ann, misty, code = seat_two_pages(served, browser, "herecomes", ".hc-board", errors)
    table, key = Tables(served["store"]).table(code), served["key"]
    try:
        played = play_here_comes(table, key, {0: ann, 1: misty}, moves=4, tries=10)
        assert played >= 4, f"only {played} moves were played"
        human = [m for m in table.moves(teacher_key=key) if m["kind"] == "human"]
        assert len(human) >= 4  # the moves reached the database through the server alone
        shot(misty, "table-server-herecomes-misty-zh")
        assert not errors, errors
    finally:
        ann.context.close()
        misty.context.close()
