"""Issue 42: the pupils' Voilà apps on a tablet (an iPad's 1024×768, touch), in English and in Chinese.

One Voilà (``make app``'s settings, a fresh class database holding class 7B) serves the
module; each test opens one app in a touch page of its own and, with taps only, checks that it
fits a tablet (``tablet._fits_a_tablet``: no sideways scrolling, tap targets of ``MIN_TAP`` px,
no cut text, a screenshot ``test-artifacts/tablet-APP-LANG.png``) and that a tap does what a
click does on the app's main controls: a take of three tokens and a card's panel (Splendor), a
wave drawn and a trainer's power opened (the odds lab), a round drawn and sent for the group
(the class student page), a table created and sat at (play a classmate), and the language
switch. The class's own pages (experiment, dashboards, league) are in
``test_class_apps_on_a_tablet.py``: two files, so two browser workers share the work.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .tablet import (
    TIMEOUT,
    _fits_a_tablet,
    _open,
    _switch_back,
    _toggle,
    tablet_page,
    tablet_server,
)
from .voila import PAGE_TIMEOUT


@pytest.fixture(scope="module")
def served(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    yield from tablet_server(tmp_path_factory)


@pytest.fixture
def tablet(browser: Any) -> Iterator[Any]:
    yield from tablet_page(browser)


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

