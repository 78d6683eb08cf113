"""The three classroom apps in Voilà have no WCAG 2.1 A/AA violation (issue 22).

Each app page (the Here Comes odds lab, the class bag experiment, Splendor
against the bots) is loaded in the Voilà server of ``test_app_mode``; once its
main control is drawn and the page has settled — its plot drawn (the odds lab,
the class experiment), the human to move or the game over after the bot's first
pause (Splendor), then the fonts loaded and two frames painted — axe-core (npm,
injected by Playwright) checks the whole page. No fixed pause (issue 27).
"""

from __future__ import annotations

from typing import Any

import pytest

from .a11y import axe_violations, describe
from .test_app_mode import VoilaServer, _open, _screenshot, _wait_or_fail, page, settled, voila  # noqa: F401

APPS = {
    "here-comes-odds-lab.ipynb": "[data-testid='hc-draw']",
    "class-bag-experiment.ipynb": "button.pk-draw-10",
    "splendor-vs-bots.ipynb": ".pk-board[data-revision]",
}
#: What each page shows once it has settled: its plot, or the board waiting for the human.
SETTLED = {
    "here-comes-odds-lab.ipynb": "[data-testid='odds-plot'] .main-svg",
    "class-bag-experiment.ipynb": ".pk-class-experiment .js-plotly-plot .main-svg",
    "splendor-vs-bots.ipynb": ".pk-board[data-my-turn='true'], .pk-board[data-over='true']",
}


@pytest.mark.parametrize("app", sorted(APPS))
def test_app_page_has_no_wcag_violation(voila: VoilaServer, page: Any, app: str) -> None:  # noqa: F811
    _open(page, voila, app, "?seed=1")
    _wait_or_fail(page, voila, page.locator(APPS[app]).first, f"a11y-{app[:-6]}-failed", "main control")
    _wait_or_fail(page, voila, page.locator(SETTLED[app]).first, f"a11y-{app[:-6]}-failed", "settled page")
    settled(page)
    violations = axe_violations(page)
    if violations:
        _screenshot(page, f"a11y-{app[:-6]}")
    assert violations == [], describe(violations)
