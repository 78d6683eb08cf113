"""Issue 42: opening the start page in JupyterLab asks the server for nothing that is not there.

Two 404s for ``/api/contents/board.ipynb`` were reported in the console while
``00-start-here.ipynb`` drew its boards. The class's copies are made as ``make lab`` makes
them (``scripts/classwork.py`` into ``classwork/`` of the server's root, both tracks); each
track's start page is opened, run top to bottom, and both boards are waited for. Every
response the page received from its first request on, and every line the server logged
meanwhile, is read: none may be a 404.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120_000  # ms: a board that never showed, not a slow one (issue 27)


def _classwork(into: Path) -> None:
    """The class's copies of both tracks, by ``scripts/classwork.py`` (once per server root)."""
    if (into / "00-start-here.ipynb").exists():
        return
    spec = importlib.util.spec_from_file_location("classwork_for_the_browser", ROOT / "scripts" / "classwork.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    module.sync(ROOT / "notebooks", into)


@pytest.mark.parametrize("start", ["00-start-here.ipynb", "zh/00-start-here.ipynb"])
def test_the_start_page_draws_its_boards_without_a_404(lab: Any, start: str) -> None:
    _classwork(lab.root / "classwork")
    logged = len(lab.server.log_path.read_text(errors="replace").splitlines())
    missing: list[str] = []
    page = lab.open(
        f"classwork/{start}", width=1400,
        on_response=lambda r: missing.append(f"{r.request.method} {r.url}") if r.status == 404 else None,
    )
    lab.run_all(page)
    page.wait_for_selector(".pk-board[data-revision]", state="attached", timeout=TIMEOUT)
    page.wait_for_selector(".hc-board[data-revision]", state="attached", timeout=TIMEOUT)
    lab.wait_idle(page)
    lab.screenshot(page, f"start-page-{start.replace('/', '-')[:-6]}")
    assert missing == [], f"the page asked for what is not there: {missing}"
    lines = lab.server.log_path.read_text(errors="replace").splitlines()[logged:]
    assert [line for line in lines if " 404 " in line] == []
