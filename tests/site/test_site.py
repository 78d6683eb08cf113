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
from playwright.sync_api import expect

from pokelab.words import render
from widgets.apps import site_board

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_site = _load("build_site", ROOT / "scripts" / "build_site.py")
pokelab_site = _load("pokelab_site", ROOT / "site" / "_ext" / "pokelab_site.py")

#: Every saved widget view of the page has been drawn by the ipywidgets HTML manager (it puts a
#: ``div.widget-subarea`` before each view's script tag and displays the view in it), the fonts
#: are loaded and two frames were painted since: the page's own end of drawing, not a pause.
_WIDGETS_DRAWN = """() => [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
  .every((tag) => {
    const area = tag.previousElementSibling;
    return !!area && area.classList.contains('widget-subarea') && area.childElementCount > 0;
  })"""
_PAINTED = """() => document.fonts.ready.then(() => new Promise(
  (done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"""


def settled(page: Any) -> None:
    """Wait until the page has loaded, every widget view is drawn and two frames were painted.

    Not "network idle": a page whose blocked off-site request or plot keeps the network busy never
    gets there (two pages timed out so in a fresh-clone run); the load event and the drawn views are
    the page's own signals.
    """
    page.wait_for_load_state("load", timeout=120_000)
    page.wait_for_function(_WIDGETS_DRAWN, timeout=120_000)
    page.evaluate(_PAINTED)


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
    ("notebooks/zh/splendor/11-taking-tokens.html", ".pk-board .pk-btn", "site-splendor-lesson-zh"),
    ("docs/zh/teacher-guide.html", ".pokelab-lang", None),
    # the formulas are typeset by the site's own MathJax (SVG), not left as $…$
    ("notebooks/zh/probability/37-the-hypergeometric-distribution.html", "mjx-container svg", "site-formulas-zh"),
]


@pytest.mark.parametrize(("path", "drawn", "shot"), PAGES, ids=[p[0] for p in PAGES])
def test_page_renders_offline(offline_page, path: str, drawn: str, shot: str | None) -> None:
    """The page draws its board / plot / switch with the network blocked, and nothing fails."""
    record = offline_page(path)
    record.page.wait_for_selector(drawn, state="attached", timeout=120_000)
    assert record.page.locator(drawn).count() >= 1
    settled(record.page)  # the widget manager's late console errors come before its views are drawn
    if drawn.startswith((".pk-board", ".hc-root")):
        # The boards are saved pictures, and the page says how to play.
        expect(record.page.locator("a.pokelab-binder").first).to_be_attached()
    if drawn.startswith("mjx-container"):
        prose = record.page.locator("main").inner_text()
        assert "\\binom" not in prose and "$E[X]" not in prose, "a formula is left as TeX"
    if shot:
        ARTIFACTS.mkdir(exist_ok=True)
        record.page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=False)
    assert record.problems() == [], "\n".join(record.problems())


def test_the_plotly_plots_of_a_lesson_are_interactive(offline_page) -> None:
    """A probability lesson's plots are real plotly figures (hover layer present), not images."""
    record = offline_page("notebooks/probability/30-counting-and-the-last-token.html")
    record.page.wait_for_selector(".js-plotly-plot .nsewdrag", state="attached", timeout=120_000)
    assert record.page.evaluate("() => typeof window.Plotly.newPlot") == "function"
    settled(record.page)
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
    expected += [
        Path(f"{intro}.html") for _, _, intro in build_site.LESSON_PARTS + build_site.LESSON_PARTS_ZH
    ]
    missing = [str(p) for p in expected if not (built_site.path / p).exists()]
    assert missing == []
    assert (built_site.path / ".nojekyll").exists()


def _switch_links(page: Path) -> list[Path]:
    """Where the language switch of ``page`` leads (its links, resolved to files of the site)."""
    text = page.read_text(encoding="utf-8")
    switch = re.search(r'<div class="pokelab-lang">(.*?)</div>', text, re.S)
    assert switch, f"{page}: no language switch"
    return [(page.parent / unquote(href)).resolve() for href in re.findall(r'href="([^"#]+)', switch.group(1))]


def test_language_switch_on_every_page(built_site: Any) -> None:
    """Each page has the switch: a link to its twin when it exists, 'English only for now' when not."""
    for page in built_site.path.rglob("*.html"):
        rel = page.relative_to(built_site.path).as_posix()
        if rel in {"search.html", "genindex.html"} or rel.startswith("_"):
            continue
        text = page.read_text(encoding="utf-8")
        assert 'class="pokelab-lang"' in text, rel
        english, chinese = (built_site.path / f"{name}.html" for name in pokelab_site.twins(rel[:-5]))
        if page == english and chinese.exists():
            assert _switch_links(page) == [chinese.resolve()], rel
        elif page == chinese and english.exists():
            assert _switch_links(page) == [english.resolve()], rel
        elif page == english and rel != "docs/glossary.html":
            assert "English only for now / 暂时只有英文" in text, rel


def test_every_lesson_and_guide_has_its_chinese_twin(built_site: Any) -> None:
    """Issue 16: the site carries the Chinese track; a Chinese page says so to the browser (lang)."""
    english = [p for p in build_site.lessons() if p.parts[1] != "zh"]
    english += [Path(p) for p in build_site.DOCS if "/zh/" not in p and (ROOT / p).exists()]
    english += [Path("index.md")] + [Path(f"{intro}.md") for _, _, intro in build_site.LESSON_PARTS]
    lacking = []
    for page in english:
        chinese = built_site.path / (pokelab_site.twins(page.with_suffix("").as_posix())[1] + ".html")
        if not chinese.exists():
            lacking.append(str(page))
        elif '<html lang="zh-Hans"' not in chinese.read_text(encoding="utf-8"):
            lacking.append(f"{chinese.relative_to(built_site.path)}: not marked lang=zh-Hans")
    assert lacking == []


def test_a_chinese_lesson_draws_a_chinese_board(offline_page) -> None:
    """The Chinese lesson's saved board speaks Chinese, and its page links back to the English lesson."""
    record = offline_page("notebooks/zh/herecomes/20-a-round-step-by-step.html")
    record.page.wait_for_selector(".hc-root .hc-board", state="attached", timeout=120_000)
    settled(record.page)
    board = record.page.locator(".hc-board").first.inner_text()
    chinese = len(re.findall(r"[\u4e00-\u9fff]", board))
    latin = len(re.findall(r"[A-Za-z]", board))
    assert chinese > 3 * latin, f"the board speaks Chinese ({chinese} Chinese, {latin} Latin letters)"
    expect(record.page.locator(".pokelab-lang a", has_text="English")).to_have_count(1)
    ARTIFACTS.mkdir(exist_ok=True)
    record.page.screenshot(path=str(ARTIFACTS / "site-herecomes-lesson-zh.png"), full_page=False)
    assert record.problems() == [], "\n".join(record.problems())


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


#: Every drawn widget view of the page: is it marked a saved picture, inert, and which controls in it are enabled.
_SAVED_VIEWS = """() => [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
  .map((tag) => tag.previousElementSibling)
  .filter((area) => area && area.classList.contains('widget-subarea'))
  .map((area) => ({
    saved: area.classList.contains('pokelab-saved-board'),
    inert: area.hasAttribute('inert') && area.inert === true,
    enabled: [...area.querySelectorAll('button, input, select, textarea')].filter((c) => !c.disabled).length
      + area.querySelectorAll('[tabindex]').length,
    controls: area.querySelectorAll('button, select, input').length,
  }))"""
BOARD_LESSONS = [
    "notebooks/splendor/11-taking-tokens",
    "notebooks/zh/splendor/11-taking-tokens",
    "notebooks/herecomes/20-a-round-step-by-step",
    "notebooks/zh/herecomes/20-a-round-step-by-step",
]


@pytest.mark.parametrize("lesson", BOARD_LESSONS)
def test_a_saved_board_is_a_picture_with_its_binder_link(offline_page, lesson: str) -> None:
    """Issue 31: a board on the site takes no click and claims no turn; it says it is a saved
    picture and links to its lesson in Binder, in the lesson's language."""
    record = offline_page(f"{lesson}.html")
    record.page.wait_for_selector(".pk-board, .hc-root .hc-board", state="attached", timeout=120_000)
    settled(record.page)
    views = record.page.evaluate(_SAVED_VIEWS)
    assert views and sum(v["controls"] for v in views) > 0, "the page should draw a board with its buttons"
    assert [v for v in views if not (v["saved"] and v["inert"] and v["enabled"] == 0)] == [], views
    turn = record.page.locator(".pk-status-you")
    assert all(not turn.nth(i).is_visible() for i in range(turn.count())), "a saved board claims a turn"
    lang = build_site.lesson_language(lesson)
    links = record.page.locator("a.pokelab-binder")
    assert links.count() == len(views)
    assert {links.nth(i).get_attribute("href") for i in range(links.count())} == {
        site_board.binder_url(f"{lesson}.ipynb")
    }
    assert links.first.inner_text().strip() == render(site_board._LINK, lang)
    assert record.problems() == [], "\n".join(record.problems())


#: The theme's own words on a lesson page: the search button, the previous/next links, the page's contents.
_THEME_WORDS = {
    "search": re.compile(r'<span class="search-button__default-text">([^<]*)</span>'),
    "prev_next": re.compile(r'<p class="prev-next-subtitle">([^<]*)</p>'),
    "contents": re.compile(r'<i class="fa-solid fa-list"></i>\s*([^<]*?)\s*</'),
}


def _theme_words(page: Path) -> dict[str, list[str]]:
    text = page.read_text(encoding="utf-8")
    return {name: [w.strip() for w in pattern.findall(text)] for name, pattern in _THEME_WORDS.items()}


def test_a_chinese_page_interface_speaks_chinese(built_site: Any) -> None:
    """Issue 31: Search, Contents and previous/next are the book theme's Chinese on a Chinese page
    (and stay English on its English twin)."""
    english = _theme_words(built_site.path / "notebooks/splendor/11-taking-tokens.html")
    chinese = _theme_words(built_site.path / "notebooks/zh/splendor/11-taking-tokens.html")
    assert set(english["search"]) == {"Search"} and set(english["prev_next"]) == {"previous", "next"}
    assert english["contents"] == ["Contents"]
    assert set(chinese["search"]) == {"搜索"} and set(chinese["prev_next"]) == {"上一页", "下一页"}
    assert chinese["contents"] == ["目录"]
