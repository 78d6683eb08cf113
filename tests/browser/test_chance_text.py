"""How the boards write chances (widgets/js/lib/text.js), run in Chromium (issue 31).

A chance above 0 is never "0%" and one below 1 never "100%"; the seats' chances to win, which
share one whole, are written so that they add to 100% (largest remainders), not to 101%.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

TEXT_JS = Path(__file__).resolve().parents[2] / "widgets" / "js" / "lib" / "text.js"


@pytest.fixture(scope="module")
def text_js(browser: Any) -> Iterator[Any]:
    """A blank page with lib/text.js imported as ``window.T``."""
    page = browser.new_page()
    page.evaluate(
        "async (src) => { window.T = await import('data:text/javascript,' + encodeURIComponent(src)); }",
        TEXT_JS.read_text(encoding="utf-8"),
    )
    yield page
    page.close()


def test_pct_never_rounds_a_possible_event_to_never_or_certain(text_js: Any) -> None:
    got = text_js.evaluate("() => [0, 0.001, 0.004999, 0.005, 0.4, 0.9949, 0.995, 1].map((p) => T.pct(p))")
    assert got == ["0%", "<1%", "<1%", "1%", "40%", "99%", ">99%", "100%"]
    assert text_js.evaluate("() => [0.0004, 0.9996, 0.25].map((p) => T.pct(p, { digits: 1 }))") == [
        "<0.1%", ">99.9%", "25.0%"]


@pytest.mark.parametrize(
    ("rates", "shown"),
    [
        ([0.675, 0.325], ["68%", "32%"]),  # one by one: 68% + 33% = 101%
        ([1 / 3, 1 / 3, 1 / 3], ["34%", "33%", "33%"]),
        ([0.125, 0.125, 0.125, 0.625], ["13%", "13%", "12%", "62%"]),  # ties: the earlier seat
        ([0.996, 0.004], [">99%", "<1%"]),
        ([1, 0], ["100%", "0%"]),
        ([0.5, 0.25], ["50%", "25%"]),  # not one whole (a draw left out): each as it is
    ],
)
def test_shares_of_one_whole_add_to_100(text_js: Any, rates: list[float], shown: list[str]) -> None:
    got = text_js.evaluate("(ps) => T.shares(ps)", rates)
    assert got == shown
    whole = [int(s.strip("%<>")) if s[0].isdigit() else (0 if s.startswith("<") else 100) for s in got]
    if abs(sum(rates) - 1) < 1e-9:
        assert sum(whole) == 100
