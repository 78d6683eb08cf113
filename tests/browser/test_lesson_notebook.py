"""A lesson notebook in a real JupyterLab: run top to bottom, its boards and plots rendered, no error.

Lesson ``herecomes/20-a-round-step-by-step`` plays a whole round on a Here Comes
board from code and draws the odds after each wave with plotly. It is copied
with ``notebooks/pins.json`` (the lesson's pinned numbers) into the server's
root, run with JupyterLab's "run all", and the page is checked: the live board
shows the next round (the round played in code reached the front end), the
odds figures are drawn, and no cell printed an error.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "herecomes" / "20-a-round-step-by-step.ipynb"
PINS = ROOT / "notebooks" / "pins.json"


def test_lesson_runs_top_to_bottom_with_board_and_plots(lab: Any) -> None:
    shutil.copy(LESSON, lab.root / LESSON.name)
    shutil.copy(PINS, lab.root / PINS.name)
    page = lab.open(LESSON.name, width=1400)
    lab.run_all(page, timeout=240_000)

    page.wait_for_selector(".jp-OutputArea .hc-board", state="attached", timeout=60_000)
    # The first board is the live one the lesson played on: the round ended, round 2 waits.
    page.wait_for_function(
        "() => document.querySelector('.jp-OutputArea .hc-board').dataset.round === '2'",
        timeout=30_000,
    )
    # The lesson's own odds plots (outside the board) rendered by plotly.
    page.wait_for_selector(
        ".jp-OutputArea-output .js-plotly-plot .main-svg", state="attached", timeout=60_000
    )
    plots = page.evaluate(
        "() => document.querySelectorAll('.jp-OutputArea-output > .js-plotly-plot, "
        ".jp-OutputArea-output .plotly-graph-div').length"
    )
    assert plots >= 2, f"expected the two odds plots of the lesson, found {plots}"
    errors = page.evaluate(
        """() => [...document.querySelectorAll(
              '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
              .map((e) => e.textContent).filter((t) => /Error|Traceback/.test(t))"""
    )
    assert errors == [], errors
    feedback = page.evaluate(
        "() => [...document.querySelectorAll('.jp-OutputArea-output')].map((e) => e.textContent)"
        ".filter((t) => t.includes('Correct!')).length"
    )
    assert feedback == 2, "both exercises of the lesson should report a correct answer"
    lab.screenshot(page, "lesson-20-round-step-by-step")
