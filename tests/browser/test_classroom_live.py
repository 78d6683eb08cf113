"""The whole class at once in a real Voilà server: two student pages and the teacher's dashboard in Chromium.

One Voilà server (``make app``'s command, with ``POKELAB_CLASS_DB`` pointing at a
fresh SQLite class database) serves all three pages. The teacher opens the class
with its join code and teacher key; group A (English) enters a round with the
drop-downs, group B (Chinese, joined from its link) lets the computer draw; the
dashboard must show both rounds by itself, without anyone touching it (no reload,
no click). How long it took after the second round was confirmed is printed, not
asserted (the issue's promise is 2 s; a loaded 2-core machine may miss it: issue 27).
Each page is saved in ``test-artifacts/``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .a11y import axe_violations, describe
from .conftest import ARTIFACTS
from .test_app_mode import ROUND, settled
from .voila import PAGE_TIMEOUT, VoilaServer, class_server

LIVE_GOAL = 2.0  # seconds: the promise for the dashboard (printed, not asserted)
LIVE_TIMEOUT = 60.0  # seconds: the dashboard never updated by itself


@pytest.fixture(scope="module")
def classroom(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A Voilà server on apps/ whose pages share one fresh class database, and a class in it."""
    with class_server(tmp_path_factory.mktemp("voila-class")) as served:
        yield served


def _page(browser: Any, errors: list[str]) -> Any:
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _wait(
    page: Any, server: VoilaServer, selector: str, shot: str, timeout: float = PAGE_TIMEOUT
) -> None:
    try:
        page.locator(selector).first.wait_for(timeout=timeout)
    except Exception:
        _shot(page, shot)
        raise AssertionError(f"no {selector}\n{server.log_tail()}") from None


def test_two_groups_submit_and_the_dashboard_shows_both_by_itself(
    classroom: dict[str, Any], browser: Any
) -> None:
    server, code, key = classroom["server"], classroom["code"], classroom["key"]
    errors: list[str] = []
    teacher, group_a, group_b = (_page(browser, errors) for _ in range(3))
    try:
        teacher.goto(f"{server.url}/voila/render/class-teacher.ipynb", timeout=PAGE_TIMEOUT)
        group_a.goto(f"{server.url}/voila/render/class-student.ipynb", timeout=PAGE_TIMEOUT)
        group_b.goto(
            f"{server.url}/voila/render/class-student.ipynb?code={code}&group=皮卡丘队&lang=zh",
            timeout=PAGE_TIMEOUT,
        )
        # the teacher opens the class with its join code and teacher key
        _wait(teacher, server, "button.pk-open-class", "classroom-dashboard-failed")
        teacher.locator(".pk-teacher-dashboard input[type='text']").nth(1).fill(code)
        teacher.locator(".pk-teacher-dashboard input[type='password']").fill(key)
        teacher.locator("button.pk-open-class").click()
        _wait(
            teacher,
            server,
            "[data-testid='live'][data-rounds='0']",
            "classroom-dashboard-failed",
            60_000,
        )
        assert key not in teacher.locator(".pk-teacher-dashboard").inner_text()  # never shown again
        # group A joins by typing, then enters its round order card by order card
        _wait(group_a, server, "button.pk-join", "classroom-student-a-failed")
        group_a.locator(".pk-join-code input").fill(code.lower())
        group_a.locator(".pk-group input").fill("Team Eevee")
        group_a.locator("button.pk-join").click()
        group_a.wait_for_function(
            "document.querySelector('.pk-student-page').textContent.includes('7B')", timeout=60_000
        )
        selects = group_a.locator(".pk-student-page select")
        expect(selects).to_have_count(10, timeout=60_000)
        for i, colour in enumerate(ROUND):
            selects.nth(i).select_option(label=colour)
        group_a.locator("button.pk-send").click()
        _wait(
            group_a,
            server,
            "[data-testid='mine']:has-text('Our group: 1 rounds')",
            "classroom-student-a-failed",
            60_000,
        )
        # group B joined from its link (in Chinese) and lets the computer draw
        _wait(group_b, server, "button.pk-draw-one", "classroom-student-b-failed")
        group_b.wait_for_function(
            "document.querySelector('.pk-student-page').textContent.includes('皮卡丘队')",
            timeout=60_000,
        )
        group_b.locator("button.pk-draw-one").click()
        _wait(
            group_b,
            server,
            "[data-testid='mine']:has-text('我们组：1 轮')",
            "classroom-student-b-failed",
            60_000,
        )
        confirmed = time.monotonic()
        try:
            teacher.locator("[data-testid='live'][data-rounds='2']").wait_for(
                timeout=LIVE_TIMEOUT * 1000
            )
        except Exception:
            _shot(teacher, "classroom-dashboard-failed")
            raise AssertionError(
                f"the dashboard never showed both rounds by itself ({LIVE_TIMEOUT:.0f} s)\n{server.log_tail()}"
            ) from None
        lag = time.monotonic() - confirmed
        print(
            f"\ndashboard showed the second group's round {lag * 1000:.0f} ms after it was confirmed "
            f"(goal {LIVE_GOAL:.0f} s{'' if lag <= LIVE_GOAL else ', NOT met on this machine'})"
        )
        teacher.wait_for_function(
            "document.querySelector(\"[data-testid='tally-table']\").textContent.includes('/ 2')",
            timeout=60_000,
        )
        # the per-group panel redraws after the pooled table: wait for both names, then say what is shown
        try:
            teacher.wait_for_function(
                "(() => { const t = document.querySelector('.pk-teacher-dashboard').innerText;"
                " return t.includes('Team Eevee') && t.includes('皮卡丘队'); })()",
                timeout=60_000,
            )
        except Exception:
            _shot(teacher, "classroom-dashboard-failed")
            groups = teacher.locator(".pk-teacher-dashboard").inner_text()
            raise AssertionError(f"the dashboard does not name both groups:\n{groups}") from None
        teacher.locator(".pk-teacher-dashboard .js-plotly-plot .main-svg").first.wait_for(
            state="attached", timeout=60_000
        )
        for live_page in (teacher, group_a, group_b):
            settled(live_page)
        _shot(teacher, "classroom-dashboard")
        _shot(group_a, "classroom-student-en")
        _shot(group_b, "classroom-student-zh")
        assert len(classroom["store"].rounds(code, key)) == 2
        assert not errors, errors
        # issue 22: the live class pages, with content in them, have no WCAG 2.1 A/AA violation
        for name, live_page in (("dashboard", teacher), ("student-en", group_a), ("student-zh", group_b)):
            violations = axe_violations(live_page)
            assert violations == [], f"classroom {name}: {describe(violations)}"
    finally:
        for page in (teacher, group_a, group_b):
            page.context.close()
