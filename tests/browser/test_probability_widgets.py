"""The lesson widgets of issue 15 in a real JupyterLab and Chromium: the probability tree and the bag explorer.

The fixture notebook (``notebooks/probability_widgets.ipynb``) shows each widget
in English and in Chinese and writes the kernel's side (open nodes, target,
sum; bag, draws, exact law, tallies) to a JSON file after every change; the
page is compared with that file and with ``pokelab.odds`` computed here.
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import expect

from pokelab.course.hypergeometric import count_distribution
from pokelab.odds import probability
from pokelab.odds.probability_tree import draw_tree
from pokelab.odds.tree_nodes import fraction_text

from .a11y import axe_violations

NOTEBOOK = "probability_widgets.ipynb"
TREE = '[data-testid="pt-widget"]'
EXPLORER = '[data-testid="bx-widget"]'
BAG = {"red": 2, "blue": 1, "purple": 1}


def _kernel(lab: Any) -> dict[str, Any]:
    try:
        return json.loads((lab.root / "probability_widgets_state.json").read_text())
    except (OSError, ValueError):
        return {}


def _wait_kernel(lab: Any, check: Any, timeout: float = 60.0) -> dict[str, Any]:
    """Wait until the kernel's JSON satisfies ``check``; return it."""
    deadline = time.monotonic() + timeout
    while True:
        state = _kernel(lab)
        if state and check(state):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"the kernel never reached the expected state; last: {state}")
        time.sleep(0.05)


def _open(lab: Any, **kwargs: Any) -> Any:
    page = lab.open(NOTEBOOK, **kwargs)
    page.set_viewport_size({"width": 1280, "height": 2600})
    lab.run_all(page)
    page.wait_for_selector(f"{TREE} [role='treeitem']", timeout=60_000)
    page.wait_for_selector(f"{EXPLORER} .bx-plot .main-svg", state="attached", timeout=60_000)
    return page


def _focused(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => {
          const a = document.activeElement;
          return {node: a && a.dataset ? a.dataset.node : null, role: a && a.getAttribute('role'),
                  expanded: a && a.getAttribute('aria-expanded'), label: a && a.getAttribute('aria-label')};
        }"""
    )


def _wait_expanded(page: Any, value: str) -> None:
    """Wait until the focused tree item's ``aria-expanded`` is ``value`` (the page may redraw after the kernel's echo)."""
    page.wait_for_function(
        "(v) => !!document.activeElement && document.activeElement.getAttribute('aria-expanded') === v",
        arg=value,
        timeout=60_000,
    )


def test_tree_opens_and_closes_by_keyboard_and_sums_the_target(lab: Any) -> None:
    """Arrow keys move, Enter/Space/→/← open and close (aria-expanded, synced to Python); the sum is P(last red)."""
    page = _open(lab)
    tree = page.locator(TREE).first
    # the marked paths' sum on the page = the kernel's = pokelab.odds.probability by formula
    expected = probability("last:red", bag=BAG, draws=2)
    sum_box = tree.locator('[data-testid="pt-sum"]')
    assert sum_box.get_attribute("data-value") == fraction_text(expected) == "1/2"
    assert "1/6 + 1/6 + 1/6 = 1/2" in sum_box.inner_text()
    assert _kernel(lab)["tree"]["sum"] == "1/2"

    root = tree.locator('[role="treeitem"][data-node="0"]')
    root.focus()
    assert _focused(page) == {**_focused(page), "node": "0", "role": "treeitem", "expanded": "true"}
    page.keyboard.press("ArrowDown")  # the first branch: red, 2/4
    first = _focused(page)
    assert first["node"] == "1" and first["expanded"] == "false"
    assert "1/2" in first["label"]
    page.keyboard.press("Enter")  # open it
    state = _wait_kernel(lab, lambda s: 1 in s["tree"]["open"])
    assert state["tree"]["open"] == [0, 1]
    _wait_expanded(page, "true")
    page.keyboard.press("ArrowRight")  # into its first child: red → red
    leaf = _focused(page)
    assert leaf["node"] == "2" and leaf["expanded"] is None
    assert "1/3" in leaf["label"] and "target achieved" in leaf["label"]
    page.keyboard.press("ArrowDown")  # red → blue: not achieved
    assert "target not achieved" in _focused(page)["label"]
    lab.screenshot(page, "probability_tree_en", element=tree)
    page.keyboard.press("ArrowLeft")  # back to the parent
    assert _focused(page)["node"] == "1"
    page.keyboard.press("ArrowLeft")  # and close it
    _wait_kernel(lab, lambda s: s["tree"]["open"] == [0])
    _wait_expanded(page, "false")
    page.keyboard.press(" ")  # Space opens it again
    _wait_kernel(lab, lambda s: s["tree"]["open"] == [0, 1])
    _wait_expanded(page, "true")
    page.keyboard.press("End")
    assert _focused(page)["node"] == str(tree.locator('[role="treeitem"]').last.get_attribute("data-node"))

    # the achieving leaves carry a mark and a word, not only a colour
    hits = tree.locator(".pt-hit .pt-hit-mark")
    assert hits.count() >= 1 and "achieved" in hits.first.inner_text()

    # another target: Python rebuilds the tree and the sum follows
    tree.locator('[data-testid="pt-target"]').select_option("never:purple")
    _wait_kernel(lab, lambda s: s["tree"]["target"] == "never:purple")
    never = probability("never:purple", bag=BAG, draws=2)
    page.wait_for_function(
        "(v) => document.querySelector('[data-testid=\"pt-sum\"]').dataset.value === v",
        arg=fraction_text(never),
        timeout=60_000,
    )

    tree_zh = page.locator(TREE).nth(1)  # open_depth=None: every branch open
    assert "达成" in tree_zh.inner_text() and "1/6 + 1/6 + 1/6 = 1/2" in tree_zh.inner_text()
    lab.screenshot(page, "probability_tree_zh", element=tree_zh)


def test_a_whole_real_round_opens_at_once_and_sums_to_the_formula(lab: Any) -> None:
    """The game's bag, 10 draws, lumped: "open every branch" draws all 231 nodes; the sum is 9/38."""
    page = _open(lab)
    tree = page.locator(TREE).nth(2)
    assert tree.locator('[data-testid="pt-sum"]').get_attribute("data-value") == fraction_text(
        probability("never:purple")) == "9/38"
    started = page.evaluate("() => performance.now()")
    tree.locator('[data-testid="pt-expand-all"]').click()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=\"pt-widget\"]')[2]"
        ".querySelectorAll('[role=\"treeitem\"]').length === 231",
        timeout=60_000,
    )
    print(f"open all 231 nodes: {page.evaluate('() => performance.now()') - started:.0f} ms (click to drawn)")
    hits = tree.locator(".pt-tree .pt-hit")
    assert hits.count() == len(draw_tree(None, 10, "never:purple", lump=True).achieving)
    # every node still answers the keyboard: End reaches the last leaf
    tree.locator('[role="treeitem"][data-node="0"]').focus()
    page.keyboard.press("End")
    assert _focused(page)["node"] == "230"
    lab.screenshot(page, "probability_tree_real_round", element=tree)
    # "no target" would unlump the real round: refused with the limit, and the list shows the target kept
    tree.locator('[data-testid="pt-target"]').select_option("")
    error = tree.locator('[data-testid="pt-error"]')
    error.wait_for(state="visible", timeout=60_000)
    assert "400" in error.inner_text()
    expect(tree.locator('[data-testid="pt-target"]')).to_have_value("never:purple", timeout=60_000)


def test_explorer_bars_follow_a_slider_and_more_rounds(lab: Any) -> None:
    """A slider moved by keyboard: the exact and simulated bars both change; 'draw 100 more' grows the simulation."""
    page = _open(lab)
    explorer = page.locator(EXPLORER).first
    plot = explorer.locator('[data-testid="bx-plot"]')
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"bx-plot\"]').dataset.rounds === '100'", timeout=60_000
    )
    before_exact = plot.get_attribute("data-exact")
    before_sim = plot.get_attribute("data-simulated")
    assert explorer.get_attribute("data-exact") == ",".join(str(p) for p in count_distribution(None, 10, "purple"))

    slider = explorer.locator('[data-testid="bx-count-purple"]')
    slider.focus()
    page.keyboard.press("ArrowRight")  # 2 -> 3 purple tokens
    state = _wait_kernel(lab, lambda s: s["explorer"]["bag"]["purple"] == 3)
    bag = state["explorer"]["bag"]
    want = [str(p) for p in count_distribution(bag, 10, "purple")]
    assert state["explorer"]["exact"] == want
    page.wait_for_function(
        "(v) => document.querySelector('[data-testid=\"bx-plot\"]').dataset.exact !== v", arg=before_exact,
        timeout=60_000,
    )
    expect(explorer).to_have_attribute("data-exact", ",".join(want), timeout=60_000)
    exact_bars = [float(x) for x in plot.get_attribute("data-exact").split(",")]
    assert [round(x, 9) for x in exact_bars] == [round(float(count_distribution(bag, 10, "purple")[k]), 9)
                                                 for k in range(len(want))]
    page.wait_for_function(
        "(v) => document.querySelector('[data-testid=\"bx-plot\"]').dataset.simulated !== v", arg=before_sim,
        timeout=60_000,
    )
    expect(plot).to_have_attribute("data-rounds", "100", timeout=60_000)
    expect(explorer.locator('[data-testid="bx-means"]')).to_contain_text("10 × 3/21", timeout=60_000, use_inner_text=True)

    explorer.locator('[data-testid="bx-more-100"]').click()
    state = _wait_kernel(lab, lambda s: s["explorer"]["rounds"] == 200)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"bx-plot\"]').dataset.rounds === '200'", timeout=60_000
    )
    shares = [float(x) for x in plot.get_attribute("data-simulated").split(",")]
    assert [round(s, 6) for s in shares] == [round(t / 200, 6) for t in state["explorer"]["tallies"]]
    lab.screenshot(page, "bag_explorer_en", element=explorer)

    # a bag too small for the draws is refused, in the page's words, and the inputs go back
    number = explorer.locator('[data-testid="bx-draws-num"]')
    number.fill("30")
    number.press("Enter")
    error = explorer.locator('[data-testid="bx-error"]')
    error.wait_for(state="visible", timeout=60_000)
    assert "21 tokens" in error.inner_text()
    assert _kernel(lab)["explorer"]["draws"] == 10

    explorer_zh = page.locator(EXPLORER).nth(1)
    text = explorer_zh.inner_text()
    assert "布袋" in text and "确切均值" in text
    assert "抽出的紫色代币数" in explorer_zh.locator(".bx-plot").inner_text()
    lab.screenshot(page, "bag_explorer_zh", element=explorer_zh)


def test_both_widgets_have_no_wcag_violation_in_light_and_dark_theme(lab: Any) -> None:
    """axe-core finds no WCAG 2.1 A/AA violation in either widget, in either language or theme."""
    for theme, scheme in (("JupyterLab Light", "light"), ("JupyterLab Dark", "dark")):
        page = _open(lab, theme=theme, color_scheme=scheme)
        violations = axe_violations(page, f"{TREE}, {EXPLORER}")
        assert violations == [], json.dumps(violations, indent=1, ensure_ascii=False)
        if scheme == "dark":
            lab.screenshot(page, "probability_tree_dark", element=page.locator(TREE).first)
            lab.screenshot(page, "bag_explorer_dark", element=page.locator(EXPLORER).first)
        page.context.close()
        lab.pages.remove(page)
