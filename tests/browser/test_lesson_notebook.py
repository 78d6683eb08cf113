"""A lesson notebook in a real JupyterLab: run top to bottom, its boards and plots rendered, no error.

Lesson ``herecomes/20-a-round-step-by-step`` plays a whole round on a Here Comes
board from code and draws the odds after each wave with plotly. It is copied
into the server's root, run with JupyterLab's "run all", and the page is checked: the live board
shows the next round (the round played in code reached the front end), the
odds figures are drawn, and no cell printed an error.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "herecomes" / "20-a-round-step-by-step.ipynb"


def test_lesson_runs_top_to_bottom_with_board_and_plots(lab: Any) -> None:
    shutil.copy(LESSON, lab.root / LESSON.name)
    page = lab.open(LESSON.name, width=1400)
    lab.run_all(page, timeout=240_000)

    # JupyterLab may detach cells scrolled out of view, so look through the cell widgets' own nodes.
    outputs = page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets
              .filter((cell) => cell.model.type === 'code')
              .map((cell) => {
                const node = cell.node;
                const boards = [...node.querySelectorAll('.hc-board')];
                return {
                  boards: boards.length,
                  round: boards.length ? boards[0].dataset.round : null,
                  plots: [...node.querySelectorAll('.js-plotly-plot .main-svg')]
                    .filter((p) => !p.closest('.hc-board')).length,
                  errors: [...node.querySelectorAll(
                    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
                    .map((e) => e.textContent).filter((t) => /Error|Traceback/.test(t)),
                  text: node.querySelector('.jp-OutputArea') ?
                    node.querySelector('.jp-OutputArea').textContent : '',
                };
              })"""
    )
    boards = [o for o in outputs if o["boards"]]
    assert boards, "no Here Comes board was rendered"
    # The first board is the live one the lesson played on: the round ended and round 2 waits.
    assert boards[0]["round"] == "2", boards[0]
    plots = sum(o["plots"] for o in outputs)
    assert plots >= 2, f"expected the lesson's two odds plots, found {plots}"
    assert [e for o in outputs for e in o["errors"]] == []
    correct = sum("Correct!" in o["text"] for o in outputs)
    assert correct == 2, "both exercises of the lesson should report a correct answer"
    lab.screenshot(page, "lesson-20-round-step-by-step")
