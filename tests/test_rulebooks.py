"""The kit's rulebooks (docs/rules/*.md): en/zh parity, anchors, boxes, terms and links.

The numbers they quote are checked in ``test_rulebook_numbers.py``, the
rule-coverage checker in ``test_rule_coverage.py``.
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
from pathlib import Path

import pytest

from pokelab.splendor import Variant as SPVariant
from tests.rulebook_text import (
    BOOKS,
    BOX,
    HC_EN,
    HC_ZH,
    ROOT,
    RULES,
    SP_EN,
    SP_ZH,
    coverage,
    quotes,
    rule_text,
)

# --- the rulebooks: IDs, anchors, boxes ---------------------------------------------------


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.name)
def test_every_rule_has_its_anchor(path: Path) -> None:
    """Each ``**XX-Y9**`` sits under ``<a id="xx-y9">`` so lessons can link to the rule."""
    text = path.read_text(encoding="utf-8")
    for rule in coverage.defined_ids(text):
        anchor = f'<a id="{rule.lower()}"></a>\n\n**{rule}**'
        assert anchor in text, f"{path.name}: {rule} has no anchor right above it"


@pytest.mark.parametrize("game", ["splendor-pokemon", "here-comes-pokemon"])
def test_english_and_chinese_rulebooks_have_the_same_ids_boxes_and_sections(game: str) -> None:
    en = (RULES / f"{game}.en.md").read_text(encoding="utf-8")
    zh = (RULES / f"{game}.zh.md").read_text(encoding="utf-8")
    assert coverage.defined_ids(en) == coverage.defined_ids(zh)
    assert en.count(BOX["en"]) == zh.count(BOX["zh"]) > 3
    assert re.findall(r'<a id="([^"]+)"></a>', en) == re.findall(r'<a id="([^"]+)"></a>', zh)
    assert [_section_lessons(en)[s] for s in sorted(_section_lessons(en))] == [
        _section_lessons(zh)[s] for s in sorted(_section_lessons(zh))
    ]


def test_hc_c2_the_purple_card_box_states_the_new_rule() -> None:
    """HC-C2 / HC-R4 (changed 2026-11-30): a token put back by a redraw has still appeared."""
    quotes(HC_EN, "*has appeared*, and it still breaks a purple card")
    quotes(HC_ZH, "它也算“出现过”，照样让紫色卡失败")
    for path in (HC_EN, HC_ZH):
        assert "2026-11-30" in rule_text(path, "HC-C2")


def test_sp_t5_the_sweep_is_the_default_and_wait_keeps_the_text() -> None:
    assert SPVariant().frozen_display == "sweep"
    for path in (SP_EN, SP_ZH):
        rule = rule_text(path, "SP-T5")
        assert "2026-11-30" in rule and 'Variant(frozen_display="wait")' in rule
    quotes(SP_EN, '| `frozen_display` | `"sweep"` | `"wait"` | SP-T5 |')
    quotes(SP_ZH, '| `frozen_display` | `"sweep"` | `"wait"` | SP-T5 |')


def test_chinese_rulebooks_use_the_games_own_terms() -> None:
    sp, hc = SP_ZH.read_text(encoding="utf-8"), HC_ZH.read_text(encoding="utf-8")
    for term in ("万能大师球", "锁定", "捕捉", "进化", "展示区", "预留区"):
        assert term in sp, term
    for term in ("领队", "布袋", "顺序卡", "目标卡", "训练师卡", "重抽", "梦幻/超梦卡"):
        assert term in hc, term
    assert "领头人" not in sp + hc
    assert "传说" not in hc, "Mew/Mewtwo target cards are 梦幻/超梦 cards; 传说 is Splendor's tier"


def _headings(path: Path) -> list[str]:
    return re.findall(r"^## \d+\. (.+)$", path.read_text(encoding="utf-8"), flags=re.MULTILINE)


@pytest.mark.parametrize(("en", "zh", "game"), [(SP_EN, SP_ZH, "Splendor: Pokémon"), (HC_EN, HC_ZH, "Here Comes Pokémon!")],
                         ids=["splendor", "here-comes"])
def test_chinese_section_headings_use_the_glossary_terms(en: Path, zh: Path, game: str) -> None:
    """A section whose English heading names a glossary term of its game says it as the glossary does (§6 终局).

    The contents line at the top of the book shows the same heading as the section itself.
    """
    with open(ROOT / "docs" / "glossary.csv", encoding="utf-8", newline="") as handle:
        terms = [(row["en"].lower(), row["zh"]) for row in csv.DictReader(handle) if row["game"] == game]
    english, chinese = _headings(en), _headings(zh)
    contents = dict(re.findall(r"(?<!\d)(\d+)\. \[([^\]]+)\]\(#", zh.read_text(encoding="utf-8").split("<a id=")[0]))
    assert len(english) == len(chinese) > 4
    checked = 0
    for number, (heading, zh_heading) in enumerate(zip(english, chinese, strict=True), start=1):
        for term, zh_term in terms:
            if re.search(rf"\b{re.escape(term)}s?\b", heading.lower()):
                assert zh_term in zh_heading, f"{zh.name} §{number} {zh_heading!r}: the glossary says {zh_term} for {term!r}"
                checked += 1
        assert contents.get(str(number)) == zh_heading, f"{zh.name}: the contents line for §{number}"
    assert checked >= 1


# --- links: rulebooks <-> lessons, and every relative link resolves --------------------------

_LINK = re.compile(r"\]\(([^)\s]+)\)")
LESSONS = sorted(
    p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
)


def _markdown(path: Path) -> str:
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def _anchors(path: Path) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', path.read_text(encoding="utf-8")))


def _relative_links(path: Path) -> list[tuple[Path, str]]:
    """(target file, anchor) of every relative link in the markdown of ``path``."""
    links = []
    for target in _LINK.findall(_markdown(path)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue
        file, _, anchor = target.partition("#")
        links.append(((path.parent / file).resolve() if file else path.resolve(), anchor))
    return links


GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize(
    "path", [*BOOKS, *LESSONS, *GUIDES], ids=lambda p: str(p.relative_to(ROOT))
)
def test_every_relative_link_resolves(path: Path) -> None:
    """Links from the rulebooks, the lessons' markdown and the guides lead to a file (and anchor, in docs/rules)."""
    for target, anchor in _relative_links(path):
        assert target.is_file() or target.is_dir(), f"{path.name}: broken link to {target}"
        if anchor and target.parent == RULES:
            assert anchor in _anchors(target), f"{path.name}: no anchor #{anchor} in {target.name}"


def _section_lessons(text: str) -> dict[str, set[str]]:
    """For each ``##`` section of a rulebook (by its anchor): the lesson notebooks it names."""
    sections: dict[str, set[str]] = {}
    for block in re.split(r'(?m)^<a id="(?=[a-z]+"></a>\n\n## )', text)[1:]:
        anchor = block.split('"', 1)[0]
        sections[anchor] = {Path(t).name for t in _LINK.findall(block) if t.endswith(".ipynb")}
    return sections


def _section_of(text: str) -> dict[str, str]:
    """Anchor -> the anchor of the ``##`` section it is in."""
    owner, current = {}, ""
    for match in re.finditer(r'<a id="([^"]+)"></a>\n\n(## )?', text):
        if match.group(2):
            current = match.group(1)
        owner[match.group(1)] = current
    return owner


@pytest.mark.parametrize("book", BOOKS, ids=lambda p: p.name)
def test_rulebook_sections_and_lessons_link_both_ways(book: Path) -> None:
    """A lesson links into a rulebook section exactly when that section names the lesson."""
    text = book.read_text(encoding="utf-8")
    named = {
        (section, lesson)
        for section, lessons in _section_lessons(text).items()
        for lesson in lessons
    }
    owner = _section_of(text)
    linking = {
        (owner[anchor], lesson.name)
        for lesson in LESSONS
        if "exercises" not in lesson.relative_to(ROOT).parts
        for target, anchor in _relative_links(lesson)
        if target == book.resolve() and anchor
    }
    assert named, f"{book.name} names no lesson"
    assert named == linking, (
        f"{book.name}: sections naming a lesson that does not link back: {sorted(named - linking)}; "
        f"lessons linking a section that does not name them: {sorted(linking - named)}"
    )


def test_start_here_links_all_four_rulebooks() -> None:
    links = {target for target, _ in _relative_links(ROOT / "notebooks" / "00-start-here.ipynb")}
    assert {book.resolve() for book in BOOKS} <= links


# --- no path of this machine, and no reference outside the repository ------------------------

_OUTSIDE = [
    "../" + "shared",
    "shared/" + "rules",
    "shared/" + "tools",
    "shared/" + "seeds",
    "/" + "work/",
]
_HOME = re.compile(r"(?<![\w.])/(home|Users|root)/\w")
_DATA = {".csv", ".png", ".jpg", ".svg", ".ico", ".parquet", ".npz", ".db", ".sqlite"}


def _tracked_files() -> list[Path]:
    if (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        return [ROOT / name for name in listed.split("\0") if name]
    return [
        p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts
    ]  # pragma: no cover


def test_no_tracked_file_points_outside_the_repository() -> None:
    """The kit stands alone: no path into the rules spec folder beside the checkout and no absolute path of the machine it was written on."""
    parent = str(ROOT.parent).rstrip("/") + "/"
    forbidden = [*_OUTSIDE, *([parent] if parent != "/" else [])]
    found = []
    for path in _tracked_files():
        if path.suffix in _DATA or not path.is_file():
            continue
        raw = path.read_bytes()
        if b"\0" in raw:
            continue
        text = raw.decode("utf-8", errors="replace")
        hits = [word for word in forbidden if word in text] + _HOME.findall(text)
        if hits:
            found.append(f"{path.relative_to(ROOT)}: {sorted(set(hits))}")
    assert not found, "files pointing outside the repository:\n" + "\n".join(found)
