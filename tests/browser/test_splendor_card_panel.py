"""Issue 42 item 7: the Splendor card panel closes when its card leaves the display (a reserve), on a tablet.

The fixture ``notebooks/splendor_board.ipynb`` (you against the greedy bot, seed 3). At
1024×768 with touch: tap a display card the engine lets you reserve, tap Reserve in its
panel; once the card lies among your reserved cards the panel of the display card is gone
(it stayed open, for a card no longer in the display). Tapping the reserved card opens its
own panel again, one that offers no Reserve.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTEBOOK = "splendor_board.ipynb"
BOARD = ".pk-board"
TIMEOUT = 90_000  # ms: a turn that never came, not a slow one (issue 27)


def test_the_card_panel_closes_when_its_card_is_reserved(lab: Any) -> None:
    page = lab.open(NOTEBOOK, width=1024, height=768, touch=True)
    lab.run_all(page)
    page.wait_for_selector(f"{BOARD}[data-my-turn='true']", timeout=TIMEOUT)
    board = page.locator(BOARD)
    panel = board.locator(".pk-selected-panel")
    cards = board.locator(".pk-display .pk-card.pk-clickable")
    chosen = None
    for i in range(cards.count()):  # the first display card with a Reserve button (SP-A3)
        card = cards.nth(i).get_attribute("data-card-id")
        cards.nth(i).tap()
        expect(panel).to_have_attribute("data-card-id", card, timeout=TIMEOUT)
        if panel.locator(".pk-btn.pk-reserve").count():
            chosen = card
            break
        panel.locator(".pk-btn.pk-close").tap()
        expect(panel).to_have_count(0, timeout=TIMEOUT)
    assert chosen is not None, "some display card can be reserved on the first turn"
    lab.screenshot(page, "splendor_tablet_panel_before_reserve", element=board.locator(".pk-centre").first)
    panel.locator(".pk-btn.pk-reserve").tap()
    reserved = board.locator(f".pk-reserved .pk-card[data-card-id='{chosen}']")
    expect(reserved).to_have_count(1, timeout=TIMEOUT)
    expect(board.locator(f".pk-display .pk-card[data-card-id='{chosen}']")).to_have_count(0)
    expect(panel).to_have_count(0, timeout=TIMEOUT)
    lab.screenshot(page, "splendor_tablet_after_reserve", element=board)
    # the reserved card opens a panel of its own, as a reserved card (no Reserve)
    page.wait_for_selector(f"{BOARD}[data-my-turn='true']", timeout=TIMEOUT)
    reserved.first.tap()
    expect(panel).to_have_attribute("data-card-id", chosen, timeout=TIMEOUT)
    expect(panel.locator(".pk-btn.pk-reserve")).to_have_count(0)
