"""The classroom apps in a real Voilà server (as `make app` runs it), driven by Chromium.

A Voilà server is started on a free port with the same arguments as `make app`
(plus --no-browser) and stopped by its PID. Each test loads one app page, plays
a move, checks the page updated and saves a screenshot in test-artifacts/.
Both boards are anywidgets: the Here Comes test also checks that anywidget's
ES module loads in Voilà.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from pokelab.herecomes.names import colour_name

from .conftest import ARTIFACTS
from .voila import PAGE_TIMEOUT, VoilaServer, voila_server

#: A round a group enters by hand: 10 tokens the default bag can hold.
ROUND = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")


@pytest.fixture(scope="module")
def voila(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voilà server on apps/ — `make app`'s command with --no-browser and a free port."""
    with voila_server(tmp_path_factory.mktemp("voila")) as server:
        yield server


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors
    try:
        yield page
    finally:
        context.close()


def _open(page: Any, voila: VoilaServer, notebook: str, query: str = "") -> None:
    page.goto(f"{voila.url}/voila/render/{notebook}{query}", timeout=PAGE_TIMEOUT)


#: Resolves once the page's fonts are loaded and two frames were painted since (no fixed pause).
_PAINTED = """() => document.fonts.ready.then(() => new Promise(
  (done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"""


def settled(page: Any) -> None:
    """Wait for the fonts and two painted frames (before a screenshot or an axe-core check)."""
    page.evaluate(_PAINTED)


def _screenshot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _wait_or_fail(page: Any, voila: VoilaServer, locator: Any, shot: str, what: str) -> None:
    """Wait for ``locator`` (Voilà runs the notebook first); else save ``shot``.png and fail with the page's errors and the server log."""
    try:
        locator.wait_for(timeout=PAGE_TIMEOUT)
    except Exception:
        _screenshot(page, shot)
        raise AssertionError(f"no {what}; page errors {page.errors}\n{voila.log_tail()}") from None


def test_voila_lists_the_three_apps(voila: VoilaServer) -> None:
    import json

    with urllib.request.urlopen(f"{voila.url}/voila/api/contents", timeout=120) as r:
        listing = json.load(r)
    names = {item["name"] for item in listing["content"]}
    assert {
        "class-bag-experiment.ipynb",
        "here-comes-odds-lab.ipynb",
        "splendor-vs-bots.ipynb",
    } <= names


def test_odds_lab_in_voila_draws_a_wave_and_the_odds_move(voila: VoilaServer, page: Any) -> None:
    """The Here Comes board (an anywidget) renders in Voilà without code; drawing wave 1 updates the page."""
    _open(page, voila, "here-comes-odds-lab.ipynb", "?seed=1")
    draw = page.locator("[data-testid='hc-draw']")
    _wait_or_fail(page, voila, draw, "app-odds-lab-failed", "draw button")
    expect(page.locator(".jp-InputArea, .jp-CodeMirrorEditor, .cm-editor")).to_have_count(0)  # no code showing
    expect(page.locator("[data-testid='order-1']")).to_have_attribute("data-tokens", "")
    expect(page.locator("[data-testid='hand'] .hc-card")).to_have_count(5)
    draw.click()
    page.wait_for_function(
        "document.querySelector(\"[data-testid='order-1']\").dataset.tokens.split(',').length === 4",
        timeout=60_000,
    )
    tokens = page.locator("[data-testid='order-1']").get_attribute("data-tokens").split(",")
    assert all(t in {"red", "blue", "green", "yellow", "purple"} for t in tokens)
    # the odds beside the hand were redrawn by plotly for the new tokens
    page.locator("[data-testid='odds-plot'] .main-svg").first.wait_for(
        state="attached", timeout=60_000
    )
    expect(page.locator("[data-testid='hand'] [data-testid^='odds-']")).to_have_count(5, timeout=60_000)
    # a trainer's power reads whole after a click (issue 42: on the odds lab it could not be read at all)
    power = page.locator(".hc-board [data-testid='trainer-text-1']")
    expect(power).to_have_attribute("aria-expanded", "false")
    power.click()
    expect(power).to_have_attribute("aria-expanded", "true", timeout=60_000)
    assert not power.locator(".hc-trainer-words").evaluate("(n) => n.scrollHeight > n.clientHeight + 1")
    settled(page)
    _screenshot(page, "app-odds-lab")
    # one language switch on the page (issue 42): the board's 中文 relabels the board and the app
    expect(page.locator(".pk-odds-lab .widget-toggle-buttons")).to_have_count(0)
    expect(page.locator(".hc-board button[data-lang='zh']")).to_have_count(1)
    page.locator(".hc-board button[data-lang='zh']").click()
    page.wait_for_function(
        "/[\\u4e00-\\u9fff]/.test(document.querySelector(\"[data-testid='status']\").textContent)",
        timeout=60_000,
    )
    page.wait_for_function(  # the app's own title follows (its own widget message)
        "document.querySelector('.pk-odds-lab h2').textContent.includes('概率实验室')",
        timeout=60_000,
    )
    assert not page.errors, page.errors


def test_class_experiment_in_voila_draws_rounds_in_chinese(voila: VoilaServer, page: Any) -> None:
    """The class experiment opens in Chinese from the link; a group enters a round, the computer draws
    10 more, and the table and chart show all 11."""
    _open(page, voila, "class-bag-experiment.ipynb", "?lang=zh&seed=5")
    draw10 = page.locator("button.pk-draw-10")
    _wait_or_fail(page, voila, draw10, "app-class-experiment-failed", "draw button")
    expect(draw10).to_have_text("抽 10 轮", timeout=60_000, use_inner_text=True)
    expect(page.locator("[data-testid='rounds']")).to_contain_text("还没有数据", timeout=60_000, use_inner_text=True)
    # a group enters its round with the drop-downs (order cards 1-4) and records it
    zh = {colour: colour_name(colour).render("zh") for colour in set(ROUND)}  # as the catalogue says it
    selects = page.locator(".pk-class-experiment select")
    expect(selects).to_have_count(10, timeout=60_000)
    for i, colour in enumerate(ROUND):
        selects.nth(i).select_option(label=zh[colour])
    page.locator(".pk-class-experiment input[type='text']").first.fill("皮卡丘队")
    page.locator("button.pk-record").click()
    page.wait_for_function(
        "document.querySelector(\"[data-testid='rounds']\").textContent.includes('已统计 1 轮')",
        timeout=60_000,
    )
    page.wait_for_function(
        "document.querySelector('.pk-status').textContent.includes('皮卡丘队')", timeout=60_000
    )
    draw10.click()
    page.wait_for_function(
        "document.querySelector(\"[data-testid='rounds']\").textContent.includes('已统计 11 轮')",
        timeout=60_000,
    )
    # each panel is its own widget: wait until the table has caught up with the status line
    page.wait_for_function(
        "document.querySelector(\"[data-testid='tally-table']\").textContent.includes('/ 11')",
        timeout=60_000,
    )
    table = page.locator("[data-testid='tally-table']")
    for shown in ("最后一枚是红色", "3/10", "/ 11"):
        expect(table).to_contain_text(shown, timeout=60_000, use_inner_text=True)
    # the plotly chart (a FigureWidget, also an anywidget) is drawn
    page.locator(".pk-class-experiment .js-plotly-plot .main-svg").first.wait_for(
        state="attached", timeout=90_000
    )
    settled(page)
    _screenshot(page, "app-class-experiment")
    assert not page.errors, page.errors


def test_splendor_app_in_voila_takes_three_tokens(voila: VoilaServer, page: Any) -> None:
    """Splendor against the greedy bot in Voilà: take three different tokens by clicking; they reach your row."""
    from pokelab.splendor.cards import COLOURS

    _open(page, voila, "splendor-vs-bots.ipynb", "?seed=4")
    board = page.locator(".pk-board")
    # .first: not strict (the first matching board), as page.wait_for_selector is
    my_turn = page.locator(".pk-board[data-my-turn='true']").first
    _wait_or_fail(page, voila, my_turn, "app-splendor-failed", "Splendor board")
    revision = int(board.get_attribute("data-revision"))
    supply = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.pk-supply-token')]"
        ".map(t => [t.dataset.colour, +t.dataset.count]))"
    )
    picks = [c for c in COLOURS if supply.get(c, 0) > 0][:3]
    assert len(picks) == 3, supply
    for colour in picks:
        board.locator(f".pk-supply-token[data-colour='{colour}']").click()
    board.locator(".pk-btn.pk-take").click()
    page.wait_for_function(
        "(r) => +document.querySelector('.pk-board').dataset.revision > r",
        arg=revision,
        timeout=60_000,
    )
    page.wait_for_selector(".pk-board[data-my-turn='true']", timeout=180_000)  # the bot replied
    mine = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.pk-player')][0]"
        ".querySelectorAll('.pk-holdings .pk-ball').values().map(t => [t.dataset.colour, +t.dataset.count]))"
    )
    assert all(mine.get(c) == 1 for c in picks), mine
    expect(page.locator(".pk-board .pk-error")).to_have_count(0)
    _screenshot(page, "app-splendor")
    assert not page.errors, page.errors
