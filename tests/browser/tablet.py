"""What the tablet tests share (issues 42, 46): one Voilà per test file, a touch page at an iPad's size, and the checks.

``_fits_a_tablet`` is the tablet's check: the page never scrolls sideways, every visible control
is a tap target at least ``MIN_TAP`` px tall (``SMALL_OK`` lists the few that may be smaller, and
why), no text is cut without a ``title`` saying it whole; and a screenshot of the window.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import ARTIFACTS
from .test_app_mode import settled
from .voila import PAGE_TIMEOUT, class_server

WIDTH, HEIGHT = 1024, 768
MIN_TAP = 40  # px: below this a finger misses (Apple asks 44 pt, Material 48 dp; 40 is the kit's floor)
TIMEOUT = 60_000  # ms: a reply that never came, not a slow one (issue 27)
#: Controls that may be smaller than MIN_TAP, with the reason: none yet.
SMALL_OK: dict[str, str] = {}
#: Every element the pupil may tap.
CONTROLS = "button, input, select, textarea, summary, a[href], [role='button'], .pk-clickable"

_SMALL_TARGETS = """([controls, min, allowed]) => [...document.querySelectorAll(controls)]
  .filter((el) => el.offsetParent !== null && !el.disabled && !allowed.some((s) => el.matches(s)))
  .map((el) => [el, (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label') || el).getBoundingClientRect()])
  .filter(([el, r]) => r.width > 0 && r.height < min)
  .map(([el, r]) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`)"""

_CUT_TEXTS = """() => [...document.querySelectorAll('body *')]
  .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
  .filter((el) => { const cs = getComputedStyle(el);
    return cs.textOverflow === 'ellipsis' || (['hidden', 'clip'].includes(cs.overflowX) && cs.whiteSpace === 'nowrap'); })
  .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) || el.matches('button, label, option'))
  .filter((el) => !el.title && !el.closest('[title]'))
  .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 30)}" ${el.scrollWidth}>${el.clientWidth}`)"""



def tablet_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One Voilà on apps/ for a test file (its ``served`` fixture), with a class database holding class 7B."""
    with class_server(tmp_path_factory.mktemp("voila-tablet")) as served:
        yield served


def tablet_page(browser: Any) -> Iterator[Any]:
    """A touch page at an iPad's size (a test's ``tablet`` fixture); ``.errors`` collects the page's script errors."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=False)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    try:
        yield page
    finally:
        context.close()


def _open(page: Any, served: dict[str, Any], app: str, query: str, ready: str) -> None:
    server = served["server"]
    page.goto(f"{server.url}/voila/render/{app}{query}", timeout=PAGE_TIMEOUT)
    try:
        page.locator(ready).first.wait_for(timeout=PAGE_TIMEOUT)
    except Exception:
        _shot(page, f"tablet-{app[:-6]}-failed")
        raise AssertionError(f"no {ready}; page errors {page.errors}\n{server.log_tail()}") from None


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _fits_a_tablet(page: Any, name: str) -> None:
    """No sideways scrolling, no small tap target, no cut text; and the window's screenshot."""
    settled(page)
    _shot(page, name)
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    problems = {
        "wider than the window": widths if widths[0] > widths[1] else [],
        f"tap targets under {MIN_TAP} px": page.evaluate(_SMALL_TARGETS, [CONTROLS, MIN_TAP, list(SMALL_OK)]),
        "texts cut without a title": page.evaluate(_CUT_TEXTS),
    }
    assert not any(problems.values()), f"{name}: {problems}"


def _chinese(page: Any, selector: str) -> None:
    page.wait_for_function(
        "(sel) => /[\\u4e00-\\u9fff]/.test(document.querySelector(sel).textContent)", arg=selector, timeout=TIMEOUT
    )


def _english(page: Any, selector: str) -> None:
    page.wait_for_function(
        "(sel) => !/[\\u4e00-\\u9fff]/.test(document.querySelector(sel).textContent)", arg=selector, timeout=TIMEOUT
    )


def _switch_back(page: Any, lang: str, tap: Any, watched: str) -> None:
    """Tap the page's language switch to the other language and see ``watched`` follow."""
    tap("en" if lang == "zh" else "zh")
    (_english if lang == "zh" else _chinese)(page, watched)



def _toggle(page: Any, root: str) -> Any:
    """A tap on the app's language switch (ipywidgets' toggle buttons: EN / 中文)."""
    names = {"en": "EN", "zh": "中文"}
    return lambda to: page.locator(f"{root} .widget-toggle-buttons button", has_text=names[to]).tap()


def _open_class(page: Any, root: str, served: dict[str, Any], ready: str, field: int) -> None:
    """Tap into the class's join code (the page's text field number ``field``) and teacher key, type them, open the class."""
    code = page.locator(f"{root} input[type='text']").nth(field)
    code.tap()
    code.fill(served["code"])
    key = page.locator(f"{root} input[type='password']")
    key.tap()
    key.fill(served["key"])
    page.locator("button.pk-open-class").tap()
    page.locator(ready).first.wait_for(timeout=TIMEOUT)

