"""Lesson 14's three Splendor boards in a real JupyterLab, in both languages (issues 30 and 31).

The live board against Greedy (with the odds panel and the coach), the replay of the bots' game
(``from_record``: the bots' seats and the game's moves) and the coach's position (issue 30: the pupil's seat asks Suggest):
no part of either is written as the text "null"; a rare or legendary card's panel offers no Reserve
(SP-A3) and no Catch it cannot pay for, only what the engine's legal list holds; the seat named
"You" carries no second "(you)"; the replay names its seats in the board's language and tags
neither of them "you".
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from pokelab.sim import play
from pokelab.words import _
from widgets import SplendorBoard
from widgets.splendor.text import labels

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120_000  # ms: what never showed, not what was slow (issue 27)
_NULL_TEXT = """() => [...document.querySelectorAll('.pk-board *')].flatMap((n) => [...n.childNodes])
  .filter((t) => t.nodeType === 3 && /\\bnull\\b/.test(t.textContent)).map((t) => t.textContent)"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lesson_14_boards_offer_legal_moves_and_name_their_seats(lab: Any, lang: str) -> None:
    track = "zh/" if lang == "zh" else ""
    name = f"l14-{lang}.ipynb"
    shutil.copy(ROOT / "notebooks" / f"{track}splendor" / "14-full-game-vs-bots.ipynb", lab.root / name)
    page = lab.open(name, width=1400)
    lab.run_all(page, timeout=300_000)
    boards = page.locator(".pk-board")
    # the pupil's game, the board code drives (so code never moves in the pupil's game), the replay, the coach's
    expect(boards).to_have_count(4, timeout=TIMEOUT)
    live, replay, coached = boards.nth(0), boards.nth(2), boards.nth(3)
    expect(replay).to_have_attribute("data-over", "true", timeout=TIMEOUT)
    expect(live).to_have_attribute("data-my-turn", "true", timeout=TIMEOUT)
    L = labels(lang)

    assert page.evaluate(_NULL_TEXT) == []
    # your seat is named "You" / "你": no "(you)" tag beside it
    you = live.locator(".pk-player[data-seat='0']")
    expect(you.locator(".pk-player-name")).to_have_text(_("You").render(lang))
    expect(you.locator(".pk-tag-you")).to_have_count(0)

    # a rare or legendary card: no Reserve (SP-A3), no Catch without the tokens; the panel says why
    special = live.locator(".pk-display .pk-card:not([data-tier='normal'])")
    if special.count() == 0:
        pytest.fail("lesson 14's board (seed 7) shows no rare or legendary card in its display")
    special.first.click()
    panel = live.locator(".pk-selected-panel")
    panel.wait_for(timeout=TIMEOUT)
    expect(panel.locator(".pk-btn.pk-reserve")).to_have_count(0)
    expect(panel.locator(".pk-btn.pk-catch")).to_have_count(0)  # 3 tokens cannot pay for it
    expect(panel.locator(".pk-selected-note")).to_contain_text(L["rare_needs_master"])
    lab.screenshot(page, f"lesson-14-live-{lang}", element=live)
    panel.locator(".pk-btn.pk-close").click()

    # the replay: "Player 1" / "玩家 1" …, and neither seat tagged "you"
    replay.scroll_into_view_if_needed()
    names = replay.locator(".pk-player-name").all_inner_texts()
    assert names == [_("Player {n}", n=n).render(lang) for n in (1, 2)], names
    expect(replay.locator(".pk-tag-you")).to_have_count(0)
    # the header's sentence is the kernel's (issue 42: "You wins!"), for the lesson's own record
    record = play("splendor", ["greedy", "mcts-easy"], seed=3)
    expected = SplendorBoard.from_record(record, lang=lang).view["result_text"]
    expect(replay.locator(".pk-status")).to_have_text(expected)
    # built from the finished record, it lists that game's moves, not "No moves yet" (issue 42)
    expect(replay.locator(".pk-log-entry")).to_have_count(len(record.actions), timeout=TIMEOUT)
    expect(replay.locator(".pk-log")).not_to_contain_text(L["no_moves"])
    lab.screenshot(page, f"lesson-14-replay-{lang}", element=replay)

    # the live board carries the odds panel and the coach (issue 30)
    expect(live.locator(".pk-coach .pk-suggest")).to_have_count(1)
    expect(live.locator(".pk-coach [data-testid='odds']")).to_have_count(1)
    expect(live.locator(".pk-coach .pk-review")).to_have_count(0)  # Review the game: once the game is over

    # the coach's position: seat 1 is the pupil's; Suggest answers with moves and their reasons
    coached.scroll_into_view_if_needed()
    expect(coached).to_have_attribute("data-my-turn", "true", timeout=TIMEOUT)
    coached.locator(".pk-coach .pk-suggest").click()
    coached.locator(".pk-coach [data-testid='suggestions'] .pk-suggestion").first.wait_for(timeout=240_000)
    assert coached.locator(".pk-coach .pk-suggestion").count() >= 1
    lab.screenshot(page, f"lesson-14-coach-{lang}", element=coached)
