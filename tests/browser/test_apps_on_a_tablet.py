"""Issue 42: the pupils' Voilà apps on a tablet (an iPad's 1024×768, touch), in English and in Chinese.

One Voilà (``make app``'s settings, a fresh class database holding class 7B) serves the
module; each test opens one app in a touch page of its own and, with taps only:

- the page never scrolls sideways (the document is no wider than the window);
- every visible control is a tap target at least ``MIN_TAP`` px tall (``SMALL_OK`` lists the
  few that may be smaller, and why);
- no text is cut: no element clips its text (``text-overflow: ellipsis`` or hidden
  overflow) without a ``title`` saying it whole;
- a tap does what a click does on the app's main controls: a take of three tokens and a
  card's panel (Splendor), a wave drawn and a trainer's power opened (the odds lab), a round
  drawn and sent for the group (the class student page), a table created and sat at (play a
  classmate), and the language switch;
- a screenshot of the window, ``test-artifacts/tablet-APP-LANG.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

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


@pytest.fixture(scope="module")
def served(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """One Voilà on apps/ for the module, with a class database holding class 7B."""
    with class_server(tmp_path_factory.mktemp("voila-tablet")) as served:
        yield served


@pytest.fixture
def tablet(browser: Any) -> Iterator[Any]:
    """A touch page at an iPad's size; ``tablet.errors`` collects the page's script errors."""
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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_splendor_app_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    from pokelab.splendor.cards import COLOURS

    page = tablet
    _open(page, served, "splendor-vs-bots.ipynb", f"?seed=4&lang={lang}", ".pk-board[data-my-turn='true']")
    page.locator(".pk-coach .pk-suggest").wait_for(timeout=PAGE_TIMEOUT)
    _fits_a_tablet(page, f"tablet-splendor-{lang}")
    board = page.locator(".pk-board")
    # a card's panel opens on a tap, and closes on one
    card = board.locator(".pk-display .pk-card.pk-clickable").first
    card_id = card.get_attribute("data-card-id")
    card.tap()
    panel = board.locator(".pk-selected-panel")
    expect(panel).to_have_attribute("data-card-id", card_id, timeout=TIMEOUT)
    _fits_a_tablet(page, f"tablet-splendor-panel-{lang}")
    panel.locator(".pk-btn.pk-close").tap()
    expect(panel).to_have_count(0, timeout=TIMEOUT)
    # a take of three different tokens, tapped
    revision = int(board.get_attribute("data-revision"))
    supply = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.pk-supply-token')]"
        ".map(t => [t.dataset.colour, +t.dataset.count]))"
    )
    picks = [c for c in COLOURS if supply.get(c, 0) > 0][:3]
    for colour in picks:
        board.locator(f".pk-supply-token[data-colour='{colour}']").tap()
    board.locator(".pk-btn.pk-take").tap()
    page.wait_for_function(
        "(r) => +document.querySelector('.pk-board').dataset.revision > r", arg=revision, timeout=TIMEOUT
    )
    mine = page.evaluate(
        "() => Object.fromEntries([...[...document.querySelectorAll('.pk-player')][0]"
        ".querySelectorAll('.pk-holdings .pk-ball')].map(t => [t.dataset.colour, +t.dataset.count]))"
    )
    assert all(mine.get(c) == 1 for c in picks), mine
    _switch_back(page, lang, lambda _to: board.locator(".pk-btn.pk-lang").tap(), ".pk-splendor-app h2")
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_odds_lab_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    _open(page, served, "here-comes-odds-lab.ipynb", f"?seed=1&lang={lang}", "[data-testid='hc-draw']")
    page.locator("[data-testid='odds-plot'] .main-svg").first.wait_for(state="attached", timeout=PAGE_TIMEOUT)
    _fits_a_tablet(page, f"tablet-odds-lab-{lang}")
    page.locator("[data-testid='hc-draw']").tap()
    page.wait_for_function(
        "document.querySelector(\"[data-testid='order-1']\").dataset.tokens.split(',').length === 4",
        timeout=TIMEOUT,
    )
    power = page.locator(".hc-board [data-testid='trainer-text-1']")
    power.tap()
    expect(power).to_have_attribute("aria-expanded", "true", timeout=TIMEOUT)
    _switch_back(
        page, lang, lambda to: page.locator(f".hc-board button[data-lang='{to}']").tap(), ".pk-odds-lab h2"
    )
    assert not page.errors, page.errors


def _toggle(page: Any, root: str) -> Any:
    """A tap on the app's language switch (ipywidgets' toggle buttons: EN / 中文)."""
    names = {"en": "EN", "zh": "中文"}
    return lambda to: page.locator(f"{root} .widget-toggle-buttons button", has_text=names[to]).tap()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_class_student_page_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    group = {"en": "Team Tablet", "zh": "平板队"}[lang]
    _open(page, served, "class-student.ipynb", f"?code={served['code']}&group={group}&lang={lang}", "button.pk-draw-one")
    expect(page.locator(".pk-student-page")).to_contain_text(group, timeout=TIMEOUT)
    _fits_a_tablet(page, f"tablet-class-student-{lang}")
    mine = page.locator("[data-testid='mine']")
    expect(mine).to_contain_text({"en": "Our group: 0 rounds", "zh": "我们组：0 轮"}[lang], timeout=TIMEOUT)
    page.locator("button.pk-draw-one").tap()  # the computer draws a round and sends it for the group
    expect(mine).to_contain_text({"en": "Our group: 1 rounds", "zh": "我们组：1 轮"}[lang], timeout=TIMEOUT)
    _switch_back(page, lang, _toggle(page, ".pk-student-page"), ".pk-student-page h2")
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_play_a_classmate_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    name = {"en": "Ann", "zh": "小霞"}[lang]
    _open(page, served, "play-a-classmate.ipynb", f"?code={served['code']}&name={name}&lang={lang}",
          "button.pk-create-table")
    _fits_a_tablet(page, f"tablet-play-a-classmate-{lang}")
    page.locator("button.pk-create-table").tap()
    page.locator(".pk-tables-page .pk-board").first.wait_for(timeout=TIMEOUT)
    expect(page.locator("[data-testid='seated']")).to_contain_text({"en": "seat 1", "zh": "座位 1"}[lang], timeout=TIMEOUT)
    expect(page.locator(".pk-tables-page .pk-board").first).to_contain_text(name, timeout=TIMEOUT)
    _fits_a_tablet(page, f"tablet-play-a-classmate-seated-{lang}")
    _switch_back(page, lang, _toggle(page, ".pk-tables-page"), ".pk-tables-page h2")
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_class_experiment_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    _open(page, served, "class-bag-experiment.ipynb", f"?seed=5&lang={lang}", "button.pk-draw-10")
    rounds = page.locator("[data-testid='rounds']")
    expect(rounds).to_contain_text({"en": "No rounds yet", "zh": "还没有数据"}[lang], timeout=TIMEOUT)
    _fits_a_tablet(page, f"tablet-class-experiment-{lang}")
    page.locator("button.pk-draw-10").tap()
    expect(rounds).to_contain_text({"en": "10 rounds tallied", "zh": "已统计 10 轮"}[lang], timeout=TIMEOUT)
    _fits_a_tablet(page, f"tablet-class-experiment-drawn-{lang}")
    _switch_back(page, lang, _toggle(page, ".pk-class-experiment"), ".pk-class-experiment h2")
    assert not page.errors, page.errors


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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_teacher_dashboard_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    _open(page, served, "class-teacher.ipynb", f"?lang={lang}", "button.pk-open-class")
    _fits_a_tablet(page, f"tablet-class-teacher-{lang}")
    _open_class(page, ".pk-teacher-dashboard", served, "[data-testid='live']", 1)
    assert served["key"] not in page.locator(".pk-teacher-dashboard").inner_text()
    _fits_a_tablet(page, f"tablet-class-teacher-open-{lang}")
    _switch_back(page, lang, _toggle(page, ".pk-teacher-dashboard"), ".pk-teacher-dashboard h2")
    assert not page.errors, page.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_misconceptions_dashboard_on_a_tablet(served: dict[str, Any], tablet: Any, lang: str) -> None:
    page = tablet
    _open(page, served, "class-misconceptions.ipynb", f"?lang={lang}", "button.pk-open-class")
    _fits_a_tablet(page, f"tablet-class-misconceptions-{lang}")
    _open_class(page, ".pk-misconceptions", served, "[data-testid='progress']", 0)
    _fits_a_tablet(page, f"tablet-class-misconceptions-open-{lang}")
    _switch_back(page, lang, _toggle(page, ".pk-misconceptions"), ".pk-misconceptions h2")
    assert not page.errors, page.errors


def test_league_standings_on_a_tablet_update_by_themselves_in_both_languages(served: dict[str, Any], tablet: Any) -> None:
    """The standings a class watches (issue 46): opened from a link, then a round ends and the page follows by itself."""
    from pokelab.league import League

    store, code, key = served["store"], served["code"], served["key"]
    league = League.create(store, code, key, "herecomes", games_per_pair=1, move_seconds=2.0, grace_seconds=30)
    league.add_house("random", teacher_key=key)
    entry = league.enter(lambda view, legal, rng: legal[0], name="First Pick", join_code=code, author="mei")
    entry.runner.poll_seconds = 0.05  # the pupil's bot plays from this process, as from its author's kernel
    page = tablet
    try:
        _open(page, served, "league-standings.ipynb", f"?league={league.code}&code={code}&lang=zh",
              "[data-testid='league-standings']")
        status = page.locator("[data-testid='league-status']")
        expect(status).to_have_attribute("data-games", "0", timeout=TIMEOUT)
        expect(page.locator(".pk-league-standings")).to_contain_text("还没有联赛对局结束", timeout=TIMEOUT)
        _fits_a_tablet(page, "tablet-league-standings-zh")
        assert league.play_round(join_code=code, teacher_key=key, timeout=300, poll_seconds=0.05).done == 1
        expect(status).to_have_attribute("data-games", "1", timeout=TIMEOUT)  # by itself: no click
        table = league.standings(join_code=code)
        shown = page.locator("[data-testid='league-standings'] tbody tr")
        expect(shown).to_have_count(len(table), timeout=TIMEOUT)
        assert [shown.nth(i).get_attribute("data-bot") for i in range(len(table))] == list(table["bot"])
        assert "mei" not in page.locator(".pk-league-standings").inner_text()  # no authors for a pupil
        _fits_a_tablet(page, "tablet-league-standings-played-zh")
        _switch_back(page, "zh", _toggle(page, ".pk-league-standings"), ".pk-league-standings h2")
        expect(page.locator(".pk-league-standings")).to_contain_text("Won–lost–tied", timeout=TIMEOUT)
        _fits_a_tablet(page, "tablet-league-standings-played-en")
        assert not page.errors, page.errors
    finally:
        entry.stop(1.0)
