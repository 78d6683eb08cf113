"""The Splendor app in Voilà at a laptop's 1400×900 (issue 30): Suggest above the fold, one set of controls.

The page opens with the coach on; without scrolling, the coach's Suggest button is inside the
window, and the page shows one seed box, one "new game" button and one language switch.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import ARTIFACTS
from .test_app_mode import _open, _wait_or_fail, settled
from .voila import VoilaServer, voila_server

WIDTH, HEIGHT = 1400, 900


@pytest.fixture(scope="module")
def voila(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voilà server on apps/, as `make app` starts it."""
    with voila_server(tmp_path_factory.mktemp("voila")) as server:
        yield server


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors
    try:
        yield page
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_splendor_app_shows_suggest_without_scrolling_and_one_set_of_controls(
    voila: VoilaServer, page: Any, lang: str
) -> None:
    _open(page, voila, "splendor-vs-bots.ipynb", f"?seed=4&lang={lang}")
    _wait_or_fail(page, voila, page.locator(".pk-board[data-my-turn='true']").first,
                  f"app-splendor-fold-{lang}-failed", "Splendor board")
    suggest = page.locator(".pk-coach .pk-suggest")
    suggest.wait_for(timeout=120_000)
    settled(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"app-splendor-fold-{lang}.png"))  # the window only: what shows unscrolled
    assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
    # Measured in one step inside the page: the coach panel is drawn anew as the odds' playouts come in,
    # so a locator's bounding_box() can land between the old button and the new one (and answer None).
    box = page.evaluate("""() => {
      const r = document.querySelector('.pk-coach .pk-suggest').getBoundingClientRect();
      return {x: r.x, y: r.y, width: r.width, height: r.height};
    }""")
    assert box["width"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    controls = page.evaluate("""() => ({
      seed: document.querySelectorAll('.pk-seed-input, .pk-splendor-app input[type=number]').length,
      newGame: [...document.querySelectorAll('.pk-new-game')].filter((b) => b.offsetParent !== null).length,
      lang: [...document.querySelectorAll('.pk-lang, .pk-splendor-app .widget-toggle-buttons')]
        .filter((b) => b.offsetParent !== null).length,
    })""")
    assert controls == {"seed": 1, "newGame": 1, "lang": 1}, controls
    assert not page.errors, page.errors
