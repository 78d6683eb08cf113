"""Every pupil can play (issue 22): axe-core, keyboard-only games, the live region, colour-blind screenshots.

The fixture notebook ``notebooks/access_boards.ipynb`` shows a Splendor board
(you against the greedy bot) and a Here Comes board (you lead, two bots). In
JupyterLab's light and dark themes axe-core (installed from npm, injected by
Playwright) must find no WCAG 2.1 A/AA violation in either board; one lesson's
outputs are checked the same way. Then each game is played with the keyboard
only: Tab (Shift+Tab when the control lies behind), Enter and Space; no click.
Screenshots of both boards as a person with deuteranopia sees them are saved
in ``test-artifacts/*_deutan.png``.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from widgets.cvd import contrast

from .a11y import axe_violations, describe, deutan_screenshot, focus_ring, rgb_hex, tab_to

NOTEBOOK = "access_boards.ipynb"
LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "herecomes" / "20-a-round-step-by-step.ipynb"
BOARDS = ".pk-board, .hc-board"


def _open_boards(lab: Any, theme: str = "JupyterLab Light") -> Any:
    page = lab.open(NOTEBOOK, theme=theme, color_scheme="dark" if "Dark" in theme else "light", width=1400)
    lab.run_all(page)
    page.wait_for_selector(".pk-board[data-revision]", timeout=60_000)
    page.wait_for_selector(".hc-board[data-revision]", timeout=60_000)
    page.wait_for_selector(".hc-plot .main-svg", state="attached", timeout=60_000)
    # Keep every line the live regions announce (they hold only the last few).
    page.evaluate(
        """() => {
          window.__announced = [];
          for (const live of document.querySelectorAll('[data-testid=live]')) {
            new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(
              (n) => window.__announced.push(n.textContent)))).observe(live, { childList: true });
          }
        }"""
    )
    return page


def _announced(page: Any) -> list[str]:
    return page.evaluate("() => window.__announced")


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_both_boards_have_no_wcag_violation_in_light_and_dark_theme(lab: Any, theme: str) -> None:
    page = _open_boards(lab, theme)
    violations = axe_violations(page, BOARDS)
    shade = "dark" if "Dark" in theme else "light"
    lab.screenshot(page, f"a11y-boards-{shade}")
    if shade == "light":
        deutan_screenshot(page, ".pk-board", "splendor")
        deutan_screenshot(page, ".hc-board", "herecomes")
    assert violations == [], describe(violations)


def test_lesson_outputs_have_no_wcag_violation(lab: Any) -> None:
    shutil.copy(LESSON, lab.root / LESSON.name)
    page = lab.open(LESSON.name, width=1400)
    # Not lab.run_all: the lesson's hidden claim cells keep an empty prompt, so "every prompt
    # numbered" never holds; the live board reaching round 2 and an idle kernel mean it all ran.
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".hc-board[data-round='2']", state="attached", timeout=240_000)
    lab.wait_idle(page, timeout=240_000)
    violations = axe_violations(page, ".jp-OutputArea-output")
    assert violations == [], describe(violations)


# ----------------------------------------------------------------- keyboard only


def _enter_board(page: Any, board: str) -> None:
    """Arrive at the board's output the way the page tab order does: focus its container, then Tab in."""
    page.evaluate(f"() => document.querySelector('{board}').focus()")


def _assert_focus_visible(page: Any) -> None:
    ring = focus_ring(page)
    assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, ring
    assert contrast(rgb_hex(ring["colour"]), rgb_hex(ring["background"])) >= 3, ring


def _wait(page: Any, js: str, timeout: float = 60.0) -> None:
    page.wait_for_function(js, timeout=timeout * 1000)


def _leaves_without_trap(page: Any, board: str) -> None:
    for _ in range(200):
        page.keyboard.press("Tab")
        if not page.evaluate(f"() => Boolean(document.activeElement.closest('{board}'))"):
            return
    raise AssertionError(f"Tab never left {board}: a keyboard trap")


def test_keyboard_alone_plays_three_splendor_turns_and_the_moves_are_announced(lab: Any) -> None:
    page = _open_boards(lab)
    board = ".pk-board"
    _enter_board(page, board)
    for turn in range(3):
        _wait(page, "() => document.querySelector('.pk-board').dataset.myTurn === 'true'")
        supply = page.evaluate(
            """() => [...document.querySelectorAll('.pk-board .pk-supply-token:not([disabled])')]
                  .filter((b) => b.dataset.colour !== 'master' && Number(b.dataset.count) > 0)
                  .map((b) => b.dataset.colour)"""
        )
        assert len(supply) >= 3, supply
        for i, colour in enumerate(supply[:3]):
            tab_to(page, board, f"(el) => el.matches('.pk-supply-token[data-colour=\"{colour}\"]')")
            if turn == 0 and i == 0:
                _assert_focus_visible(page)
            page.keyboard.press("Enter" if i % 2 == 0 else " ")
        picked = "() => [...document.querySelectorAll('.pk-board .pk-pick')].map((b) => b.dataset.colour)"
        try:
            page.wait_for_function(f"(want) => JSON.stringify(({picked})()) === JSON.stringify(want)", arg=supply[:3], timeout=60_000)
        except Exception:
            assert page.evaluate(picked) == supply[:3]
            raise
        before = page.evaluate("() => document.querySelector('.pk-board').dataset.revision")
        tab_to(page, board, "(el) => el.matches('.pk-take')")
        page.emulate_media(reduced_motion="reduce" if turn == 0 else "no-preference")
        if turn == 0:  # record, in the page, the "thinking" badge as it appears
            page.evaluate(_WATCH_BOT_BADGE)
        start = page.evaluate("() => globalThis.__pokelab.marks.length")
        page.keyboard.press("Space")
        _wait(page, f"() => document.querySelector('.pk-board').dataset.revision !== '{before}'")
        assert page.evaluate(f"() => Boolean(document.activeElement.closest('{board}'))"), "focus fell out of the board"
        if turn == 0:  # reduced motion: the "thinking" badge does not pulse and the bot waits >= 0.8 s
            _wait(page, "() => window.__botBadge !== null")
            pulse = page.evaluate("() => window.__botBadge.animation")
            assert pulse == "none", pulse
            _wait(page, "() => document.querySelector('.pk-board').dataset.myTurn === 'true'")
            # the pause, from the page's own marks: the view with the bot to move drawn -> its step sent
            # (a timer fires late under load, never early, so this holds on a busy machine too)
            marks = page.evaluate("(n) => globalThis.__pokelab.marks.slice(n)", start)
            drawn = next(m for m in marks if m["kind"] == "render" and m["revision"] > int(before))
            step = next((m for m in marks if m["kind"] == "step" and m["t"] >= drawn["t"]), None)
            assert step is not None, [m["kind"] for m in marks]
            paused = step["t"] - drawn["t"]
            print(f"reduced-motion bot pause: {paused:.0f} ms")
            assert paused >= 700, f"the bot moved {paused:.0f} ms after its turn came: faster than the reduced-motion pause"
    _wait(page, "() => document.querySelector('.pk-board').dataset.myTurn === 'true'")
    tokens = page.evaluate(
        "() => [...document.querySelectorAll('.pk-board .pk-you .pk-ball')].reduce((n, b) => n + (Number(b.textContent) || 0), 0)"
    )
    assert tokens == 9
    # Select a card with the keyboard: Enter on the card opens its panel.
    tab_to(page, board, "(el) => el.matches('.pk-display .pk-card')")
    page.keyboard.press("Enter")
    _wait(page, "() => Boolean(document.querySelector('.pk-board .pk-selected-panel'))")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    said = _announced(page)
    assert any(line.startswith("Greedy: ") for line in said), said
    assert any(line.startswith("You: take ") for line in said), said
    assert page.evaluate("() => document.querySelector('.pk-board').closest('.jp-OutputArea-output').querySelector('[aria-live=polite]') !== null")
    _leaves_without_trap(page, board)


_WATCH_BOT_BADGE = """() => {
  window.__botBadge = null;
  const board = document.querySelector('.pk-board');
  const look = () => {
    const el = board.querySelector('.pk-status-bot');
    if (el && window.__botBadge === null) {
      window.__botBadge = { t: performance.now(), animation: getComputedStyle(el).animationName };
    }
  };
  look();
  new MutationObserver(look).observe(board, { childList: true, subtree: true, attributes: true });
}"""

_HC_STEP = """() => {
  const root = document.querySelector('.hc-board');
  if (root.classList.contains('hc-busy')) return null;
  const q = (s) => root.querySelector(s);
  if (q('[data-testid="hc-draw"]')) return 'draw';
  if (q('[data-testid^="discard-"]')) return 'discard';
  if (q('[data-testid="hc-vote-no"]')) return 'vote';
  if (q('[data-testid^="keep-"]')) return 'keep';
  return null;
}"""
_HC_TARGET = {
    "draw": "(el) => el.dataset.testid === 'hc-draw'",
    "discard": "(el) => (el.dataset.testid || '').startsWith('discard-')",
    "vote": "(el) => el.dataset.testid === 'hc-vote-no'",
    "keep": "(el) => (el.dataset.testid || '').startsWith('keep-')",
}


def test_keyboard_alone_plays_a_whole_here_comes_round_and_waves_are_announced(lab: Any) -> None:
    page = _open_boards(lab)
    board = ".hc-board"
    _enter_board(page, board)
    done: list[str] = []
    deadline = time.monotonic() + 300
    while page.evaluate("() => document.querySelector('.hc-board').dataset.round") == "1":
        assert time.monotonic() < deadline, f"the round did not end; moves so far {done}"
        # wait for the board to offer the human a move (or for the round to end)
        page.wait_for_function(
            f"() => ({_HC_STEP})() !== null || document.querySelector('.hc-board').dataset.round !== '1'",
            timeout=120_000,
        )
        step = page.evaluate(_HC_STEP)
        if step is None:
            continue
        before = page.evaluate("() => document.querySelector('.hc-board').dataset.revision")
        tab_to(page, board, _HC_TARGET[step])
        if not done:
            _assert_focus_visible(page)
        page.keyboard.press("Enter" if len(done) % 2 == 0 else " ")
        _wait(page, f"() => document.querySelector('.hc-board').dataset.revision !== '{before}'")
        done.append(step)
    print("Here Comes round by keyboard:", done)
    # You lead: four waves drawn, three discards, then the redraw vote (HC-R4); every step by keyboard.
    assert done[:8] == ["draw", "discard", "draw", "discard", "draw", "discard", "draw", "vote"], done
    said = _announced(page)
    for wave in (1, 2, 3, 4):
        assert any(line.startswith(f"You draw wave {wave}: ") for line in said), said
    assert page.evaluate(f"() => Boolean(document.activeElement.closest('{board}'))")
    _leaves_without_trap(page, board)
