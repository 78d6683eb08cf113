"""Pass-and-play in a real JupyterLab and Chromium: nothing the page sends lifts the curtain (issue 29).

The fixture notebook (``fixtures/herecomes_pass_and_play.ipynb``) seats two people at
one Here Comes Pokémon! board and writes the kernel's state (hands, face-down choices,
curtain, teacher flag) to a JSON file after every change. The first person shows their
hand, draws the wave and discards; the device is then behind the curtain, and the page
tries what a curious pupil could: the board's own undo button, and a checkbox rewired
to write the ``teacher`` trait. After each attempt the board (its DOM, every attribute
included) holds no card of either hand and no face-down choice.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "fixtures"
NOTEBOOK = "herecomes_pass_and_play.ipynb"
BOARD = ".hc-board"
SHOW = '[data-testid="hc-show-hand"]'
TIMEOUT = 60_000  # ms: an event that never came, not a slow one (issue 27)


def _kernel(lab: Any) -> dict[str, Any]:
    """The kernel's state as the fixture notebook last wrote it."""
    try:
        return json.loads((lab.root / "pass_and_play_state.json").read_text())
    except (OSError, ValueError):
        return {}


def _revision(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('.hc-board').dataset.revision"))


def _in_step(lab: Any, page: Any, timeout: float = 60.0) -> dict[str, Any]:
    """The kernel's state once the page shows the kernel's latest revision."""
    deadline = time.monotonic() + timeout
    while True:
        kernel = _kernel(lab)
        if str(kernel.get("revision")) == _revision(page):
            return kernel
        if time.monotonic() > deadline:
            raise AssertionError(f"page at revision {_revision(page)}, kernel at {kernel.get('revision')}")
        time.sleep(0.05)


def _click(page: Any, selector: str) -> None:
    """Click, then wait until the board shows a new revision."""
    before = _revision(page)
    page.wait_for_selector(selector, state="visible", timeout=TIMEOUT)
    page.click(selector)
    page.wait_for_function(
        "(old) => document.querySelector('.hc-board').dataset.revision !== old", arg=before, timeout=TIMEOUT
    )


def _nothing_private(lab: Any, page: Any) -> dict[str, Any]:
    """The curtain is down on the page and no card of any hand, nor any face-down choice, is in the board's DOM."""
    kernel = _in_step(lab, page)
    assert kernel["curtain"] is not None and kernel["teacher"] is False, kernel
    assert page.locator(SHOW).is_visible()
    assert page.locator(f"{BOARD} .hc-hand .hc-card").count() == 0
    assert page.locator(f'{BOARD} [data-testid^="teacher-"]').count() == 0
    markup = page.evaluate("() => document.querySelector('.hc-board').outerHTML")
    private = {card for hand in kernel["hands"] for card in hand} | {p for p in kernel["pending"] if p}
    assert not {card for card in private if card in markup}, "a card crossed the curtain"
    return kernel


def test_neither_undo_nor_a_written_trait_lifts_the_curtain(lab: Any) -> None:
    shutil.copy(FIXTURES / NOTEBOOK, lab.root / NOTEBOOK)
    page = lab.open(NOTEBOOK, width=1400)
    lab.run_all(page)
    page.wait_for_selector(f"{BOARD} {SHOW}", state="visible", timeout=TIMEOUT)
    _nothing_private(lab, page)

    # the leader shows their hand and draws; the first to discard shows theirs and discards
    _click(page, SHOW)
    _click(page, '[data-testid="hc-draw"]')
    if page.locator(SHOW).is_visible():
        _click(page, SHOW)
    first = _in_step(lab, page)["human"]
    card = page.get_attribute(f"{BOARD} .hc-hand .hc-card", "data-card")
    _click(page, f'[data-testid="discard-{card}"]')
    behind = _nothing_private(lab, page)
    assert behind["curtain"] != first and behind["pending"][first] == card

    # 1. the board's own undo button, pressed behind the curtain
    _click(page, f'{BOARD} button[data-cmd="undo"]')
    after_undo = _nothing_private(lab, page)
    assert after_undo["pending"][first] is None and after_undo["curtain"] == first

    # 2. a checkbox rewired to write the teacher trait (the page's own model.set / save_changes)
    page.evaluate(
        """() => {
          const box = document.querySelector('.hc-board input[data-toggle="advisor"]');
          box.dataset.toggle = 'teacher';
          box.checked = true;
          box.dispatchEvent(new Event('change', {bubbles: true}));
        }"""
    )
    _click(page, f'{BOARD} button[data-lang="zh"]')  # a later message: the kernel has seen the write by now
    page.wait_for_function("() => document.querySelector('.hc-board').dataset.lang === 'zh'", timeout=TIMEOUT)
    _nothing_private(lab, page)
    assert page.locator(f"{BOARD} .hc-teacher").is_hidden()

    # the curtain still opens for its own player's tap
    _click(page, SHOW)
    assert page.locator(f"{BOARD} .hc-hand .hc-card").count() == len(_in_step(lab, page)["hands"][first])
