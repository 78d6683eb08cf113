"""Helpers for the accessibility tests: axe-core from the npm registry, keyboard-only moves, simulated colour blindness.

``axe_script()`` installs axe-core (a pinned version, with ``npm``, no CDN) into a
cache folder once and returns the path of ``axe.min.js``; ``axe_violations(page,
selector)`` injects it with Playwright and returns the WCAG 2.1 A/AA violations
inside ``selector``. ``deutan_screenshot`` saves an element as a
person with deuteranopia sees it: the Machado (2009) matrix of ``widgets.cvd`` as an
SVG ``feColorMatrix`` in linear RGB, the same maths as the colour-vision unit test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from widgets.cvd import MACHADO_2009

from .conftest import ARTIFACTS

AXE_VERSION = "4.14.1"
AXE_CACHE = Path(os.environ.get("POKELAB_AXE_CACHE", Path.home() / ".cache" / "pokelab-axe"))
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_script() -> Path:
    """``axe.min.js`` of axe-core ``AXE_VERSION``, installed from the npm registry into ``AXE_CACHE`` once."""
    target = AXE_CACHE / AXE_VERSION / "node_modules" / "axe-core" / "axe.min.js"
    if target.exists():
        return target
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("the accessibility tests need npm to install axe-core (apt-get install npm)")
    prefix = AXE_CACHE / AXE_VERSION
    prefix.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--prefix", str(prefix), f"axe-core@{AXE_VERSION}"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return target


def axe_violations(page: Any, selector: str | None = None) -> list[dict[str, Any]]:
    """WCAG 2.1 A/AA violations axe-core finds in ``selector`` (the whole page when ``None``)."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(axe_script()))
    return page.evaluate(
        """async ([selector, tags]) => {
          const context = selector ? document.querySelectorAll(selector) : document;
          const result = await window.axe.run(context, {
            runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
          }));
        }""",
        [selector, WCAG_TAGS],
    )


def describe(violations: list[dict[str, Any]]) -> str:
    """A readable list of violations for an assertion message."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines += [f"    {n['target']}: {n['summary']}" for n in v["nodes"]]
    return "\n".join(lines)


def focus_ring(page: Any) -> dict[str, Any]:
    """The focused element's outline (style, width in px, colour) and the board background behind it."""
    return page.evaluate(
        """() => {
          const el = document.activeElement;
          const cs = getComputedStyle(el);
          let bg = 'rgba(0, 0, 0, 0)';
          for (let n = el.parentElement; n && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg); n = n.parentElement) {
            bg = getComputedStyle(n).backgroundColor;
          }
          return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), colour: cs.outlineColor, background: bg,
                   visible: el.matches(':focus-visible') };
        }"""
    )


def rgb_hex(css: str) -> str:
    """``rgb(1, 2, 3)`` / ``rgba(…)`` / ``color(srgb r g b)`` as ``#010203``."""
    import re

    numbers = [float(x) for x in re.findall(r"[\d.]+", css)]
    if css.startswith("color("):
        r, g, b = (round(x * 255) for x in numbers[:3])
    else:
        r, g, b = (round(x) for x in numbers[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


def deutan_screenshot(page: Any, selector: str, name: str) -> Path:
    """Save ``test-artifacts/NAME_deutan.png``: ``selector`` as seen with deuteranopia (Machado 2009, severity 1)."""
    values = " ".join(
        " ".join(f"{x:.6f}" for x in row) + " 0 0" for row in MACHADO_2009["deutan"]
    ) + " 0 0 0 1 0"
    page.evaluate(
        """([selector, values]) => {
          if (!document.getElementById('pokelab-deutan')) {
            const ns = 'http://www.w3.org/2000/svg';
            const svg = document.createElementNS(ns, 'svg');
            svg.setAttribute('style', 'position:absolute;width:0;height:0');
            svg.innerHTML = `<filter id="pokelab-deutan" color-interpolation-filters="linearRGB">
              <feColorMatrix type="matrix" values="${values}"/></filter>`;
            document.body.append(svg);
          }
          document.querySelector(selector).style.filter = 'url(#pokelab-deutan)';
        }""",
        [selector, values],
    )
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}_deutan.png"
    page.locator(selector).first.screenshot(path=str(path))
    page.evaluate("(selector) => { document.querySelector(selector).style.filter = ''; }", selector)
    return path


def tab_to(page: Any, board: str, test: str, limit: int = 120) -> None:
    """Tab forward through ``board`` to the element passing ``test``; Shift+Tab back when it lies behind."""
    check = f"() => {{ const el = document.activeElement; return Boolean(({test})(el)); }}"
    inside = f"() => Boolean(document.activeElement.closest('{board}'))"
    for key in ("Tab", "Shift+Tab"):
        for _ in range(limit):
            page.keyboard.press(key)
            if page.evaluate(check):
                return
            if not page.evaluate(inside):
                break
    raise AssertionError(f"neither Tab nor Shift+Tab reached {test} inside {board}")
