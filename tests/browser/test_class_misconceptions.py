"""Issue 32 in a real Voilà: two pupils' kernels answer, the teacher's misconceptions dashboard shows both by itself.

One Voilà server (``make app``'s command, ``POKELAB_CLASS_DB`` on a fresh SQLite
class database) serves the dashboard twice: in English and in Chinese. Each is
opened with the join code and teacher key and set to lesson 32. Then two pupils
answer exercise 32-3 from two kernels of their own (``join_class`` + ``choice``,
as in a lesson notebook), one the hot-hand option, one the right one. Both
dashboards must show both answers by themselves (no reload, no click): the test
waits on the page's own ``data-answers`` count. How long after the second answer
reached the store that took is printed, not asserted (the issue's promise is
2 s; a loaded 2-core machine may miss it). Each page is saved in ``test-artifacts/``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pokelab.course.registry import get
from pokelab.teaching.discussion import QUESTIONS

from .a11y import axe_violations, describe
from .conftest import ARTIFACTS, ROOT
from .test_app_mode import settled
from .voila import PAGE_TIMEOUT, class_server

LIVE_GOAL = 2.0  # seconds: the promise (printed, not asserted)
LIVE_TIMEOUT = 60_000  # ms: the dashboard never updated by itself
LESSON = get("32-3").lesson

_PUPIL = """
import sys
from pokelab.teaching import choice, join_class
from pokelab.teaching.classlink import flush
join_class(sys.argv[1], sys.argv[2], url=sys.argv[3])
choice("32-3", sys.argv[4])
assert flush(60), "the answer never reached the class store"
import time
print(f"stored at {time.time()!r}", flush=True)
sys.stdin.read()  # the kernel stays open, as a pupil's does, until the test is done
"""


@pytest.fixture(scope="module")
def classroom(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A Voilà server on apps/ whose pages share one fresh class database, and a class in it."""
    with class_server(tmp_path_factory.mktemp("voila-misconceptions")) as served:
        yield served


def _open(browser: Any, server: Any, code: str, key: str, lang: str, errors: list[str]) -> Any:
    page = browser.new_context(viewport={"width": 1280, "height": 1100}).new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    query = "?lang=zh" if lang == "zh" else ""
    page.goto(f"{server.url}/voila/render/class-misconceptions.ipynb{query}", timeout=PAGE_TIMEOUT)
    page.locator("button.pk-open-class").wait_for(timeout=PAGE_TIMEOUT)
    page.locator(".pk-misconceptions input[type='text']").first.fill(code)
    page.locator(".pk-misconceptions input[type='password']").fill(key)
    page.locator("button.pk-open-class").click()
    page.locator("[data-testid='progress']").wait_for(timeout=LIVE_TIMEOUT)  # the class is open
    page.locator(".pk-lesson select").select_option(label=LESSON.removesuffix(".ipynb"))
    page.locator("[data-testid='progress'] th:has-text('32-3')").wait_for(timeout=LIVE_TIMEOUT)
    return page


def _pupil(base: Any, url: str, code: str, name: str, option: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(base / name))
    return subprocess.Popen([sys.executable, "-c", _PUPIL, code, name, url, option], env=env, cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_two_pupils_answer_and_both_dashboards_show_them_by_themselves(
    classroom: dict[str, Any], browser: Any, tmp_path: Any
) -> None:
    server, store, code, key = classroom["server"], classroom["store"], classroom["code"], classroom["key"]
    url = store.url
    errors: list[str] = []
    english = _open(browser, server, code, key, "en", errors)
    chinese = _open(browser, server, code, key, "zh", errors)
    pupils: list[subprocess.Popen] = []
    try:
        hot_hand = "a"  # the hot-hand idea (a streak makes red likelier)
        right = next(o.key for o in get("32-3").options if o.correct)
        pupils += [_pupil(tmp_path, url, code, "Mei", hot_hand), _pupil(tmp_path, url, code, "小明", right)]
        stored = []
        for pupil in pupils:  # each kernel says when its answer is in the class store (read as it comes)
            lines = []
            for line in pupil.stdout:
                lines.append(line)
                if line.startswith("stored at "):
                    stored.append(float(line.removeprefix("stored at ")))
                    break
            assert lines and lines[-1].startswith("stored at "), "".join(lines) + (pupil.stdout.read() or "")
        recorded = max(stored)  # when the second answer was in the class store (the pupils' clock is ours)
        assert len(store.answers(code, key)) == 2
        for page, name in ((english, "en"), (chinese, "zh")):
            try:
                page.locator("[data-testid='answers-live'][data-answers='2']").wait_for(timeout=LIVE_TIMEOUT)
            except Exception:
                page.screenshot(path=str(ARTIFACTS / f"misconceptions-{name}-failed.png"), full_page=True)
                raise AssertionError(f"the {name} dashboard never showed both answers\n{server.log_tail()}") from None
            lag = time.time() - recorded
            print(f"\n{name} dashboard showed both answers {lag * 1000:.0f} ms after they were stored "
                  f"(goal {LIVE_GOAL:.0f} s{'' if lag <= LIVE_GOAL else ', NOT met on this machine'})")
        # both pupils in the grid, the hot-hand idea ranked first with its question, in each language
        english.wait_for_function(
            "(() => { const t = document.querySelector('.pk-misconceptions').innerText;"
            " return t.includes('Mei') && t.includes('小明') && t.includes('not yet right'); })()",
            timeout=LIVE_TIMEOUT)
        assert QUESTIONS["32-3", "a"].render("en") in english.locator("[data-testid='discuss']").inner_text()
        chinese.wait_for_function(
            "(() => { const t = document.querySelector('.pk-misconceptions').innerText;"
            " return t.includes('Mei') && t.includes('还没答对') && t.includes('答对'); })()", timeout=LIVE_TIMEOUT)
        assert QUESTIONS["32-3", "a"].render("zh") in chinese.locator("[data-testid='discuss']").inner_text()
        english.locator(".pk-answer-chart .js-plotly-plot .main-svg").first.wait_for(state="attached",
                                                                                     timeout=LIVE_TIMEOUT)
        # names hidden for the projector: numbers only
        english.locator(".pk-hide-names input").check()
        english.wait_for_function(
            "(() => { const t = document.querySelector(\"[data-testid='progress']\").innerText;"
            " return !t.includes('Mei') && !t.includes('小明') && t.includes('Pupil 2'); })()",
            timeout=LIVE_TIMEOUT)
        ARTIFACTS.mkdir(exist_ok=True)
        for page, name in ((english, "en"), (chinese, "zh")):
            settled(page)
            page.screenshot(path=str(ARTIFACTS / f"misconceptions-{name}.png"), full_page=True)
        assert not errors, errors
        for page, name in ((english, "en"), (chinese, "zh")):  # issue 22's bar: no WCAG 2.1 A/AA violation
            violations = axe_violations(page)
            assert violations == [], f"misconceptions dashboard {name}: {describe(violations)}"
    finally:
        for page in (english, chinese):
            page.context.close()
        for pupil in pupils:
            pupil.communicate(timeout=120)  # the end of stdin ends the kernel
