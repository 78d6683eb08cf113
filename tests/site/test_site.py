"""The course website: built into a temporary folder, served on 127.0.0.1, read by Chromium offline.

Each page is opened with every request that leaves the site blocked; a board must be drawn
from its saved state, plots must be drawn by the site's own plotly.js, and no request may
fail and no error reach the console. Every internal link (and its #anchor) must resolve and
every lesson, rulebook and guide must have its page.
"""

from __future__ import annotations

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_site = _load("build_site", ROOT / "scripts" / "build_site.py")
pokelab_site = _load("pokelab_site", ROOT / "site" / "_ext" / "pokelab_site.py")

# (page, what must be drawn on it, screenshot name or None)
PAGES = [
    ("notebooks/splendor/11-taking-tokens.html", ".pk-board .pk-btn", "site-splendor-lesson"),
    (
        "notebooks/herecomes/20-a-round-step-by-step.html",
        ".hc-root .hc-board",
        "site-herecomes-lesson",
    ),
    (
        "notebooks/probability/30-counting-and-the-last-token.html",
        ".js-plotly-plot .main-svg",
        None,
    ),
    ("docs/rules/splendor-pokemon.zh.html", ".pokelab-lang", "site-rulebook-zh"),
    ("docs/rules/here-comes-pokemon.en.html", ".pokelab-lang", None),
    ("index.zh.html", ".pokelab-lang", None),
]


@pytest.mark.parametrize(("path", "drawn", "shot"), PAGES, ids=[p[0] for p in PAGES])
def test_page_renders_offline(offline_page, path: str, drawn: str, shot: str | None) -> None:
    """The page draws its board / plot / switch with the network blocked, and nothing fails."""
    record = offline_page(path)
    record.page.wait_for_selector(drawn, state="attached", timeout=60_000)
    assert record.page.locator(drawn).count() >= 1
    if drawn.startswith((".pk-board", ".hc-root")):
        # The boards are saved pictures, and the page says how to play.
        assert "run this notebook to play" in record.page.content()
    record.page.wait_for_timeout(500)  # late console errors of the widget manager
    if shot:
        ARTIFACTS.mkdir(exist_ok=True)
        record.page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=False)
    assert record.problems() == [], "\n".join(record.problems())


def test_the_plotly_plots_of_a_lesson_are_interactive(offline_page) -> None:
    """A probability lesson's plots are real plotly figures (hover layer present), not images."""
    record = offline_page("notebooks/probability/30-counting-and-the-last-token.html")
    record.page.wait_for_selector(".js-plotly-plot .nsewdrag", state="attached", timeout=60_000)
    assert record.page.evaluate("() => typeof window.Plotly.newPlot") == "function"
    assert record.problems() == []


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"])
        if tag == "a" and values.get("name"):
            self.ids.add(values["name"])
        for key in ("href", "src"):
            if values.get(key) and tag in {"a", "link", "script", "img"}:
                self.links.append(values[key])


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_internal_link_resolves(built_site: Any) -> None:
    """Every relative href/src of every page points at a file of the site, and at an id there."""
    pages = {
        p: _parse(p)
        for p in built_site.path.rglob("*.html")
        if not p.relative_to(built_site.path).parts[0].startswith("_")  # theme templates
    }
    broken = []
    for page, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            where = f"{page.relative_to(built_site.path)} -> {link}"
            if not target.exists():
                broken.append(f"{where}: no such file")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where}: no id {parts.fragment!r}")
    assert broken == [], "\n".join(broken[:40])


def test_no_page_is_missing(built_site: Any) -> None:
    """Every lesson, both languages of each rulebook that exists, the guides and the glossary."""
    expected = [p.with_suffix(".html") for p in build_site.lessons()]
    expected += [Path(p).with_suffix(".html") for p in build_site.DOCS if (ROOT / p).exists()]
    expected += [
        p.relative_to(ROOT).with_suffix(".html") for p in (ROOT / "docs" / "rules").glob("*.md")
    ]
    expected += [Path("index.html"), Path("index.zh.html"), Path("docs/glossary.html")]
    expected += [Path(f"{intro}.html") for _, _, intro in build_site.LESSON_PARTS]
    missing = [str(p) for p in expected if not (built_site.path / p).exists()]
    assert missing == []
    assert (built_site.path / ".nojekyll").exists()


def test_language_switch_on_every_page(built_site: Any) -> None:
    """Each page has the switch: a link to its twin when it exists, 'English only for now' when not."""
    for page in built_site.path.rglob("*.html"):
        rel = page.relative_to(built_site.path).as_posix()
        if rel in {"search.html", "genindex.html"} or rel.startswith("_"):
            continue
        text = page.read_text(encoding="utf-8")
        assert 'class="pokelab-lang"' in text, rel
        english, chinese = (f"{name}.html" for name in pokelab_site.twins(rel[:-5]))
        if rel == english and (built_site.path / chinese).exists():
            assert f'href="{Path(chinese).name}"' in text, rel
        elif rel == english and rel != "docs/glossary.html":
            assert "English only for now / 暂时只有英文" in text, rel


def test_no_page_asks_a_cdn(built_site: Any) -> None:
    """No page loads a script or a stylesheet from another host (links to read elsewhere are fine)."""
    offenders = []
    for page in built_site.path.rglob("*.html"):
        for src in re.findall(
            r'<(?:script|link)[^>]+(?:src|href)="(https?:[^"]+)"', page.read_text(encoding="utf-8")
        ):
            if not src.startswith(("https://mybinder.org", "https://github.com")):
                offenders.append(f"{page.relative_to(built_site.path)}: {src}")
    assert offenders == []
