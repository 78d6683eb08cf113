"""The Splendor coach in a real JupyterLab (issue 23): odds panel, line, Suggest, Review, both languages.

The fixture notebook (``notebooks/splendor_coach.ipynb``) builds
``SplendorBoard(..., odds=True, coach=True)`` and mirrors the engine state and the
coach's progress into ``splendor_coach_state.json``. The test plays by clicking,
with the background playouts kept busy (``odds_playouts`` raised to 5000), and
measures click → repaint of the human's own move from the page's timing marks
(``window.__pokelab.marks``) while the playouts run: the figures are printed
(the goal is a median within 100 ms), never asserted (issue 27). Then it checks the line's points (click and Enter), Suggest, the
Chinese labels and reasons, axe-core, and the review after a finished game.
Screenshots go to ``test-artifacts/splendor-coach-*.png``.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from pokelab import splendor as sp

from .a11y import axe_violations
from .test_splendor_browser import choose_take, mark_count, marks_since

pytestmark = pytest.mark.browser

NOTEBOOK = "splendor_coach.ipynb"
TIMEOUT = 90_000
BUSY_PLAYOUTS = 5000
OWN_MOVE_GOAL_MS = 100  # the median click -> repaint goal while the playouts run (printed, not asserted)
_CJK = re.compile(r"[\u4e00-\u9fff]")


def mirror(root: Path, timeout: float = 60.0) -> dict[str, Any]:
    """The kernel's latest mirror: revision, engine state, the live playouts, whether the coach is busy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            return json.loads((root / "splendor_coach_state.json").read_text())
        except (OSError, ValueError):
            time.sleep(0.05)
    raise AssertionError("the kernel never wrote splendor_coach_state.json")


def kernel(page: Any, code: str) -> None:
    """Run ``code`` in the notebook's kernel (as a teacher would in a cell) and wait for it."""
    status = page.evaluate(
        """async (code) => {
          const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
          const reply = await k.requestExecute({ code, store_history: false }).done;
          return reply.content.status + ' ' + (reply.content.evalue || '');
        }""",
        code,
    )
    assert status.startswith("ok"), status


def wait_my_turn(page: Any) -> int:
    page.wait_for_selector(".pk-board[data-my-turn='true']", timeout=TIMEOUT)
    return int(page.locator(".pk-board").get_attribute("data-revision"))


def state_at(root: Path, revision: int) -> tuple[sp.State, dict[str, Any]]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        data = mirror(root)
        if data["revision"] == revision:
            return sp.from_json(json.dumps(data["state"])), data
        time.sleep(0.05)
    raise AssertionError(f"the kernel never mirrored revision {revision}")


def click_to_paint(marks: list[dict[str, Any]], revision: int) -> tuple[float, float | None]:
    """Milliseconds from the click's message to the paint of the next revision, and the kernel's answer time."""
    kinds = [(m["kind"], m.get("type"), m.get("revision")) for m in marks[:40]]
    send = next((m for m in marks if m["kind"] == "send" and m.get("type") == "intent"), None)
    assert send is not None, kinds
    paint = next((m for m in marks if m["kind"] == "paint" and m["revision"] > revision), None)
    assert paint is not None, kinds
    reply = next((m for m in marks if m["kind"] == "reply" and m["t"] >= send["t"]), None)
    return paint["t"] - send["t"], None if reply is None else reply.get("kernel_ms")


def play_turn(page: Any, root: Path) -> tuple[tuple[float, float | None], dict[str, Any]]:
    """One human decision by clicking; return its latencies and the mirror seen just before the click."""
    revision = wait_my_turn(page)
    state, before = state_at(root, revision)
    board = page.locator(".pk-board")
    start = mark_count(page)
    if state.phase == "return":
        tokens = [c for c, n in state.players[0].tokens.items() for _ in range(n)]
        for colour in tokens[: state.must_return]:
            board.locator(f".pk-return-token[data-colour='{colour}']").click()
        before = mirror(root)
        board.locator(".pk-btn.pk-return").click()
    elif state.phase == "after_main":
        before = mirror(root)
        board.locator(".pk-btn.pk-end-turn").click()
    else:
        for colour in choose_take(state):
            board.locator(f".pk-supply-token[data-colour='{colour}']").click()
        before = mirror(root)
        board.locator(".pk-btn.pk-take").click()
    page.wait_for_function(
        "(r) => +document.querySelector('.pk-board').dataset.revision > r", arg=revision, timeout=TIMEOUT
    )
    page.wait_for_selector(".pk-board[data-my-turn='true'], .pk-board[data-over='true']", timeout=TIMEOUT)
    return click_to_paint(marks_since(page, start), revision), before


def wait_odds_follow(page: Any) -> str:
    """Wait until the odds panel shows the board's revision (the coach's own, later message); return it."""
    page.wait_for_function(
        """() => {
          const odds = document.querySelector(".pk-coach [data-testid='odds']");
          return !!odds && odds.dataset.revision === document.querySelector('.pk-board').dataset.revision;
        }""",
        timeout=TIMEOUT,
    )
    return page.locator(".pk-coach [data-testid='odds']").get_attribute("data-revision")


def coach_text(page: Any) -> str:
    return page.locator(".pk-coach").text_content()  # the words, not their uppercase rendering


def test_the_coach_panel_renders_updates_and_keeps_the_board_responsive(lab: Any) -> None:
    page = lab.open(NOTEBOOK)
    lab.run_all(page)
    coach = page.locator(".pk-coach")
    coach.wait_for(timeout=TIMEOUT)
    page.wait_for_selector(".pk-coach .pk-odds-value[data-rate]:not([data-rate=''])", timeout=TIMEOUT)
    page.wait_for_selector(".pk-coach [data-testid='card-odds'] tbody tr", timeout=TIMEOUT)
    assert "Chances to win" in coach_text(page) and "Greedy" in coach_text(page)
    # issue 31: the seat named "You" is not "You (you)"; the seats' chances add to 100%, not 101%
    names = page.locator(".pk-coach .pk-odds-name").all_inner_texts()
    assert names == ["You", "Greedy"], names
    shown = [v.split("%")[0] for v in page.locator(".pk-coach .pk-odds-value").all_inner_texts()]
    assert sum(0 if s.startswith("<") else 100 if s.startswith(">") else int(s) for s in shown) == 100, shown

    # ---- responsiveness while the playouts run: the live position never finishes its 5000
    kernel(page, f"board.odds_playouts = {BUSY_PLAYOUTS}")
    timings, busy, shown = [], [], set()
    for _ in range(6):
        timing, before = play_turn(page, lab.root)
        timings.append(timing)
        busy.append(bool(before["busy"]) and (before["playouts"] or 0) < BUSY_PLAYOUTS)
        shown.add(wait_odds_follow(page))
    assert len(shown) >= 5, f"the odds panel must follow the moves, it showed revisions {shown}"
    own = [t[0] for t in timings]
    kernel_ms = [t[1] for t in timings if t[1] is not None] or [float("nan")]
    print(
        f"\nclick -> repaint while playouts run (ms): median {statistics.median(own):.1f} "
        f"(goal <= {OWN_MOVE_GOAL_MS}{'' if statistics.median(own) <= OWN_MOVE_GOAL_MS else ', NOT met on this machine'}), "
        f"max {max(own):.1f}, all {[round(x, 1) for x in own]}; kernel answer median "
        f"{statistics.median(kernel_ms):.1f} ms; coach busy at {sum(busy)}/{len(busy)} clicks"
    )
    panel_ms = page.evaluate(
        "() => globalThis.__pokelab.marks.filter((m) => m.kind === 'coach-render').map((m) => m.dt)"
    )
    print(
        f"coach panel redraws: {len(panel_ms)}, median {statistics.median(panel_ms):.1f} ms, "
        f"max {max(panel_ms):.1f} ms (after the board's paint, never before it)"
    )
    assert sum(busy) >= len(busy) - 1, "the measurement must be taken while the playouts run"
    expect(page.locator(".pk-coach [data-testid='odds-status']")).to_have_text(
        re.compile(rf"\d+ of {BUSY_PLAYOUTS} playouts"), timeout=TIMEOUT, use_inner_text=True
    )

    # ---- the line: let the background finish, then every turn has its point
    kernel(page, "board.odds_playouts = 100\nboard.wait_coach(240)")
    points = page.locator(".pk-coach .pk-point")
    page.wait_for_function(
        """() => {
          const pts = document.querySelectorAll('.pk-coach .pk-point');
          return pts.length >= 7 && [...pts].every((p) => p.querySelector('.pk-mark'));
        }""",
        timeout=TIMEOUT,
    )
    n = points.count()
    expect(page.locator(".pk-coach .pk-graph polyline")).to_have_count(2, timeout=TIMEOUT)  # one line per seat
    lab.screenshot(page, "splendor-coach-en", element=coach)
    lab.screenshot(page, "splendor-coach-beside-players", element=page.locator(".pk-lower"))
    players_box = page.locator(".pk-lower > .pk-players").bounding_box()
    coach_box = coach.bounding_box()
    assert coach_box["x"] >= players_box["x"] + players_box["width"] - 1, "the panel sits beside the players"
    # a click shows that position read-only and the move made there
    revision = page.locator(".pk-board").get_attribute("data-revision")
    points.nth(1).click()
    view = page.locator(".pk-coach [data-testid='point-view']")
    view.wait_for(timeout=TIMEOUT)
    expect(view).to_have_attribute("data-index", "1", timeout=TIMEOUT)
    expect(view).to_contain_text("read-only", timeout=TIMEOUT)
    assert page.locator(".pk-board").get_attribute("data-revision") == revision
    lab.screenshot(page, "splendor-coach-point", element=coach)
    # the keyboard: focus another point and press Enter
    points.nth(n - 2).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f".pk-coach [data-testid='point-view'][data-index='{n - 2}']", timeout=TIMEOUT)
    page.locator(".pk-coach .pk-point-back").click()
    page.wait_for_selector(".pk-coach [data-testid='point-view']", state="detached", timeout=TIMEOUT)

    # ---- Suggest: the coach's top moves with reasons; one click plays one
    wait_my_turn(page)
    page.locator(".pk-coach .pk-suggest").click()
    page.wait_for_selector(".pk-coach [data-testid='suggestions'] .pk-suggestion", timeout=240_000)
    items = page.locator(".pk-coach .pk-suggestion")
    assert 1 <= items.count() <= 3
    en_reason = items.first.locator(".pk-reason").inner_text()
    assert en_reason.strip() and not re.search(r"[\u4e00-\u9fff]", en_reason)
    violations = axe_violations(page, ".pk-board")
    assert not violations, violations

    # ---- Chinese: labels and reasons switch with the board's language
    page.locator(".pk-board .pk-btn.pk-lang").click()
    page.wait_for_function(
        "() => document.querySelector('.pk-coach').textContent.includes('获胜机会')", timeout=TIMEOUT
    )
    for word in ("获胜机会", "教练", "卡牌：还要几个回合才能捕捉"):
        expect(coach).to_contain_text(word, timeout=TIMEOUT)
    expect(items.first.locator(".pk-reason")).to_have_text(_CJK, timeout=TIMEOUT, use_inner_text=True)
    for word in ("Chances to win", "Coach"):
        expect(coach).not_to_contain_text(word, timeout=TIMEOUT)
    text = coach_text(page)
    assert not re.search(r"null|undefined|\{\w+\}", text), text
    lab.screenshot(page, "splendor-coach-zh", element=coach)
    violations = axe_violations(page, ".pk-board")
    assert not violations, violations

    # ---- the review after a finished game (played out in the kernel, then one click)
    kernel(
        page,
        "import random\nfrom pokelab.bots import make_bot\n"
        "g = make_bot('splendor', 'greedy')\nboard.odds_on = False\n"
        "while not board.state.is_over:\n"
        "    s = board.state\n"
        "    if s.current_player in board.bots:\n        board.run_bots(); continue\n"
        "    board.play(g.choose(sp.observe(s, s.current_player), sp.legal_actions(s), random.Random(0)))\n"
        "board.odds_on = True",
    )
    page.wait_for_selector(".pk-board[data-over='true']", timeout=TIMEOUT)
    page.locator(".pk-coach .pk-review").click()
    page.wait_for_selector(".pk-coach [data-testid='review']", timeout=300_000)
    review = page.locator(".pk-coach [data-testid='review']")
    expect(review).to_contain_text("复盘了", timeout=TIMEOUT)
    mistakes = int(review.get_attribute("data-mistakes"))
    expect(page.locator(".pk-coach .pk-review-move")).to_have_count(mistakes, timeout=TIMEOUT)
    if mistakes:
        expect(page.locator(".pk-coach .pk-point-mistake").first).to_be_attached(timeout=TIMEOUT)
    print(f"review: {mistakes} mistakes marked")
    lab.screenshot(page, "splendor-coach-review", element=coach)
    violations = axe_violations(page, ".pk-board")
    assert not violations, violations
