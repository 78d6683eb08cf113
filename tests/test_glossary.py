"""The glossary (docs/glossary.csv → docs/glossary.md) and its use across the kit (issue 16).

Engine messages, board texts, rulebooks, docs and lessons must use the glossary's Chinese terms:
a listed non-glossary variant (领头人 for 领队, 袋子 for 布袋, 传说 for the Here Comes 梦幻/超梦
cards …) fails the test with file:line: found X, glossary says Y.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "build_glossary.py"


def _load():
    spec = importlib.util.spec_from_file_location("build_glossary", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_glossary"] = module
    spec.loader.exec_module(module)
    return module


glossary = _load()
TERMS = glossary.load_terms()
RULEBOOKS = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "rules").glob("*.zh.md"))


def _report(violations) -> str:
    return "non-glossary Chinese variants:\n" + "\n".join(str(v) for v in violations)


def test_build_glossary_doctests_pass() -> None:
    """The script's examples and error cases hold."""
    result = doctest.testmod(glossary, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_glossary_page_is_built_from_the_csv() -> None:
    """docs/glossary.md is what scripts/build_glossary.py makes of docs/glossary.csv (not stale)."""
    assert not glossary.is_stale(), "run .venv/bin/python scripts/build_glossary.py"
    assert glossary.main(["--check"]) == 0


def test_a_changed_csv_makes_the_page_stale(tmp_path: Path) -> None:
    """--check would notice: a page built from another CSV is stale."""
    source = tmp_path / "glossary.csv"
    source.write_text(
        "en,zh,game,meaning,meaning_zh,avoid,scope\nbag,布袋,Here Comes Pokémon!,holds the tokens,装代币,袋子,\n",
        encoding="utf-8",
    )
    page = tmp_path / "glossary.md"
    page.write_text(glossary.render_markdown(glossary.load_terms(source)), encoding="utf-8")
    assert not glossary.is_stale(page, source)
    source.write_text(source.read_text(encoding="utf-8") + "leader,领队,Here Comes Pokémon!,draws,抽代币,,\n", encoding="utf-8")
    assert glossary.is_stale(page, source)


def test_the_issue_terms_are_in_the_glossary_with_the_rulebooks_words() -> None:
    """领队, 布袋, 顺序卡 … are glossary terms; every game term is the rulebooks' own word (HC-C1 to HC-C4, SP-C1)."""
    zh = {t.zh for t in TERMS}
    for term in ("领队", "布袋", "顺序卡", "目标卡", "训练师卡", "万能大师球", "锁定", "捕捉", "进化",
                 "重抽", "精灵球代币", "波", "梦幻 / 超梦", "传说", "展示区", "永久折扣", "奖杯分数",
                 "概率", "期望值", "条件概率", "对立事件", "相互独立", "组合数", "大数定律", "置信区间",
                 "超几何分布", "贝叶斯公式", "方差"):
        assert term in zh, term
    not_in_rulebooks = [
        t.zh for t in TERMS
        if t.game != "probability" and any(part.strip() not in RULEBOOKS for part in t.zh.split("/"))
    ]
    assert not_in_rulebooks == []


def test_mew_and_mewtwo_are_never_legendary_in_here_comes_texts() -> None:
    """HC-C2: the Mew / Mewtwo cards are 梦幻/超梦卡; 传说 is refused in Here Comes texts only."""
    mew = next(t for t in TERMS if t.en == "Mew / Mewtwo card")
    assert "传说" in mew.avoid and mew.scope == "herecomes"
    legendary = next(t for t in TERMS if t.en == "legendary")
    assert legendary.zh == "传说" and legendary.game == "Splendor: Pokémon"


def test_glossary_rows_are_consistent() -> None:
    """No English term twice; a refused variant is a glossary term only inside a scope (传说)."""
    english = [t.en for t in TERMS]
    assert len(english) == len(set(english))
    zh = {t.zh for t in TERMS}
    assert [v for t in TERMS for v in t.avoid if v in zh and not t.scope] == []
    assert all(t.zh not in t.avoid for t in TERMS)


def test_scanner_reports_file_line_variant_and_glossary_term() -> None:
    """The scanner finds 领头人 and 袋子 on their lines and names the glossary word."""
    text = "第一行没有问题：领队从布袋里抽代币。\n领头人把袋子摇匀。\nEnglish only: the bag.\n"
    found = [str(v) for v in glossary.find_variants(text, TERMS, "lesson.md")]
    assert found == [
        "lesson.md:2: found 领头人, glossary says 领队",
        "lesson.md:2: found 袋子, glossary says 布袋",
    ]


def test_scanner_skips_a_variant_inside_a_longer_glossary_term() -> None:
    """目标牌 inside 目标牌堆 and 宝石 inside 璀璨宝石 are not violations; a bare 目标牌 is."""
    assert glossary.find_variants("洗匀目标牌堆。玩《璀璨宝石：宝可梦》。", TERMS) == []
    assert [v.found for v in glossary.find_variants("摸一张目标牌，再拿宝石。", TERMS)] == ["目标牌", "拿宝石"]


def test_scanner_applies_a_scoped_variant_only_in_its_game() -> None:
    """传说 is refused in a Here Comes file but is Splendor's legendary tier elsewhere."""
    text = "达成传说卡直接获胜。"
    here_comes = glossary.find_variants(text, TERMS, "widgets/herecomes/text.py")
    assert [(v.found, v.glossary) for v in here_comes] == [("传说", "梦幻 / 超梦")]
    assert glossary.find_variants(text, TERMS, "widgets/splendor/text.py") == []
    assert glossary.find_variants(text, TERMS, "lessons/probability/36-deck-odds-in-splendor.md") == []
    assert len(glossary.find_variants(text, TERMS, "lessons/probability/35-is-the-scoring-fair.md")) == 1


def test_bad_glossary_rows_are_refused_with_their_row() -> None:
    """An unknown game or scope names the CSV row, in English and Chinese."""
    row = {"en": "bag", "zh": "布袋", "game": "Here Comes Pokémon!", "meaning": "m", "meaning_zh": "意思"}
    with pytest.raises(ValueError, match=r"row 2 .*unknown game"):
        glossary.parse_rows([{**row, "game": "Uno"}])
    with pytest.raises(ValueError, match=r"row 3 .*unknown scope.*未知的范围"):
        glossary.parse_rows([row, {**row, "scope": "chess"}])


def test_engine_boards_and_docs_use_the_glossary_terms() -> None:
    """Chinese in pokelab/, widgets/, docs/ (rulebooks, docs/zh) and the README has no non-glossary variant."""
    paths = glossary.kit_texts()
    assert ROOT / "docs" / "rules" / "here-comes-pokemon.zh.md" in paths
    assert ROOT / "widgets" / "splendor" / "text.py" in paths
    violations = glossary.scan_files(paths, TERMS)
    assert violations == [], _report(violations)


def test_lessons_use_the_glossary_terms() -> None:
    """The lesson sources (lessons/**/*.md) and the notebooks (notebooks/zh and the English track's
    Chinese headings) use the glossary terms."""
    paths = glossary.lesson_texts()
    if not paths:
        pytest.skip("no lessons/**/*.md and no notebooks yet: nothing to check")
    violations = glossary.scan_files(paths, TERMS)
    assert violations == [], _report(violations)


# --- the Chinese teacher's guide ----------------------------------------------------------------

GUIDE_EN = ROOT / "docs" / "teacher-guide.md"
GUIDE_ZH = ROOT / "docs" / "zh" / "teacher-guide.md"
_LINK = re.compile(r"\]\(([^)\s]+)\)")


#: Every teacher's document and its Chinese twin (issue 16: a Chinese teacher reads no English).
TWINS = [
    ("teacher-guide.md", "zh/teacher-guide.md"),
    ("house-rules.md", "zh/house-rules.md"),
    ("rules-here-comes-trainers.md", "zh/rules-here-comes-trainers.md"),
]


@pytest.mark.parametrize(("english", "chinese"), TWINS, ids=[t[1] for t in TWINS])
def test_chinese_docs_have_every_section_of_the_english_ones(english: str, chinese: str) -> None:
    """Each docs/zh page has as many ##, ### and #### sections and table rows as its English twin."""
    en, zh = ((ROOT / "docs" / p).read_text(encoding="utf-8") for p in (english, chinese))
    for level in ("## ", "### ", "#### ", "|"):
        count_en = sum(line.startswith(level) for line in en.splitlines())
        count_zh = sum(line.startswith(level) for line in zh.splitlines())
        assert count_zh == count_en, f"{chinese}: {level.strip()} lines: English {count_en}, Chinese {count_zh}"
    assert f"]({chinese})" in en, f"docs/{english} does not link its Chinese twin {chinese}"


@pytest.mark.parametrize("chinese", [t[1] for t in TWINS[1:]])
def test_chinese_docs_links_resolve(chinese: str) -> None:
    """Every relative link of docs/zh/house-rules.md and docs/zh/rules-here-comes-trainers.md leads to a file."""
    page = ROOT / "docs" / chinese
    links = [t.partition("#")[0] for t in _LINK.findall(page.read_text(encoding="utf-8"))]
    links = [link for link in links if link and not re.match(r"^[a-z][a-z0-9+.-]*:", link)]
    assert links, f"{chinese} links nothing"
    broken = [link for link in links if not (page.parent / link).resolve().exists()]
    assert broken == [], f"docs/{chinese}: broken links {broken}"


def test_chinese_guide_links_resolve() -> None:
    """Every relative link of the Chinese guide leads to a file. A Chinese notebook not built yet
    needs its lesson source (``make lessons`` builds it; tests/test_lessons_built.py fails until
    then) and its English twin."""
    text = GUIDE_ZH.read_text(encoding="utf-8")
    links = [t.partition("#")[0] for t in _LINK.findall(text) if not re.match(r"^[a-z][a-z0-9+.-]*:", t)]
    assert links, "the Chinese guide links nothing"
    zh_notebooks = ROOT / "notebooks" / "zh"
    for link in links:
        target = (GUIDE_ZH.parent / link).resolve()
        if target.is_relative_to(zh_notebooks) and not target.exists():
            lesson = target.relative_to(zh_notebooks).with_suffix(".md")
            assert (ROOT / "lessons" / lesson).is_file(), f"docs/zh/teacher-guide.md: no lesson source for {link}"
            target = ROOT / "notebooks" / lesson.with_suffix(".ipynb")
        assert target.exists(), f"docs/zh/teacher-guide.md: broken link {link}"
