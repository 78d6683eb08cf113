"""The two tracks of every lesson stay twins, and every lesson has one title per language (issue 31).

- Each lesson's English and Chinese notebooks have the same heading structure: the same
  headings, level by level, in the same order, so a reference such as "section 4" or
  "第 4 节" points at the same part in both languages.
- A lesson's title is spelled one way per language: the Chinese heading of its Chinese
  notebook, the English heading (English title, then the Chinese one) of its English
  notebook, and every "NN · title" that names it in the lessons, the teacher's guides, the
  rulebooks and the README.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
_NUMBER = re.compile(r"^(\d+)\.\s")


def _lessons() -> list[Path]:
    return sorted(
        p for p in NOTEBOOKS.rglob("*.ipynb")
        if p.relative_to(NOTEBOOKS).parts[0] not in ("zh", "exercises") and ".ipynb_checkpoints" not in p.parts
    )


def _headings(path: Path) -> list[tuple[int, str]]:
    """(level, text) of every markdown heading of a notebook, in order (code fences skipped)."""
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        fenced = False
        for line in "".join(cell["source"]).splitlines():
            if line.lstrip().startswith("```"):
                fenced = not fenced
            match = None if fenced else _HEADING.match(line)
            if match:
                found.append((len(match.group(1)), match.group(2)))
    return found


def _zh(path: Path) -> Path:
    return NOTEBOOKS / "zh" / path.relative_to(NOTEBOOKS)


LESSONS = _lessons()


def test_every_lesson_has_a_chinese_twin() -> None:
    """notebooks/zh/ holds a Chinese notebook for every English lesson."""
    assert LESSONS and [p for p in LESSONS if not _zh(p).exists()] == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_both_tracks_have_the_same_heading_structure(lesson: Path) -> None:
    """Same heading levels in the same order, and the same section numbers (so "第 4 节" exists when "section 4" does)."""
    en, zh = _headings(lesson), _headings(_zh(lesson))
    assert [level for level, _ in en] == [level for level, _ in zh], (
        f"{lesson.name}: English headings {en}\n Chinese headings {zh}"
    )
    numbers = [(_NUMBER.match(a) or [None, None])[1] for _, a in en]
    assert numbers == [(_NUMBER.match(b) or [None, None])[1] for _, b in zh], f"{lesson.name}: section numbers differ"


def titles() -> dict[str, tuple[str, str]]:
    """Each lesson number's (English, Chinese) title, read from its two notebooks' top headings."""
    out = {}
    for lesson in LESSONS:
        number = lesson.name[:2]
        en, zh = _headings(lesson)[0][1], _headings(_zh(lesson))[0][1]
        prefix = f"{number} · "
        assert en.startswith(prefix) and zh.startswith(prefix), (lesson.name, en, zh)
        zh_title = zh[len(prefix):]
        assert en.endswith(" " + zh_title), f"{lesson.name}: the English heading {en!r} must end with the Chinese title {zh_title!r}"
        out[number] = (en[len(prefix):-len(zh_title) - 1], zh_title)
    return out


def _texts() -> list[Path]:
    paths = [*ROOT.glob("lessons/**/*.md"), *ROOT.glob("docs/**/*.md"), ROOT / "README.md"]
    return sorted(p for p in paths if p.name != "glossary.md")


_NAMED = re.compile(r"(?<![\d.])(\d\d) · (?=(.+))")  # a lookahead: two names on one line are both read
_PLAN = re.compile(r"^#### (?:Plan|教案) · (\d\d) (.+)$")


def test_every_lesson_title_is_spelled_one_way() -> None:
    """Wherever "NN · …" names a lesson (a link, a plan heading, a mention), the title is that lesson's own, in one language or both."""
    known = titles()
    bad = []
    for path in _texts():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in [*_NAMED.finditer(line), *_PLAN.finditer(line)]:
                lesson, rest = match.group(1), match.group(2)
                if lesson not in known:
                    continue
                en, zh = known[lesson]
                if not (rest.startswith(en) or rest.startswith(zh)):
                    bad.append(f"{path.relative_to(ROOT)}:{number}: {lesson} · {rest[:60]!r} — the title is {en!r} / {zh!r}")
    assert bad == [], "\n".join(bad)


def test_the_titles_are_read_as_expected() -> None:
    """The title table itself: a few spellings the issue settled."""
    known = titles()
    assert known["43"] == ("Thinking ahead: expectimax by hand", "向前想：手算期望极大值搜索")
    assert known["44"] == ("Write a bot that beats the expected-points bot", "写一个能赢期望分电脑的电脑玩家")
    assert known["11"][1] == "拿精灵球" and known["10"] == ("Components and set-up", "配件与准备")
    assert len(known) == 24


_LINKED = re.compile(r"\[(\d\d) · ([^\]]+)\]\(")


def test_a_link_to_a_lesson_is_named_by_its_exact_title() -> None:
    """A link "[NN · title](…)" holds the whole title, nothing more or less: English, Chinese, or English then Chinese."""
    known = titles()
    bad = []
    for path in _texts():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in _LINKED.finditer(line):
                lesson, text = match.groups()
                if lesson in known and text not in {*known[lesson], " ".join(known[lesson])}:
                    bad.append(f"{path.relative_to(ROOT)}:{number}: [{lesson} · {text}]")
    assert bad == [], "\n".join(bad)


def _is_chinese_document(path: Path) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return "/zh/" in f"/{rel}" or rel.endswith(".zh.md")


def test_a_document_names_a_lesson_in_its_own_language() -> None:
    """The teacher's guides, the rulebooks and the README give a lesson its English title in English and its Chinese one in Chinese."""
    known = titles()
    bad = []
    for path in _texts():
        if path.relative_to(ROOT).parts[0] == "lessons":  # a lesson source holds both languages
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in [*_NAMED.finditer(line), *_PLAN.finditer(line)]:
                lesson, rest = match.group(1), match.group(2)
                if lesson in known:
                    want = known[lesson][1 if _is_chinese_document(path) else 0]
                    if not rest.startswith(want):
                        bad.append(f"{path.relative_to(ROOT)}:{number}: {lesson} · {rest[:50]!r}, want {want!r}")
    assert bad == [], "\n".join(bad)


_CJK = re.compile(r"[\u3400-\u9fff]")
#: Latin words that may follow the Chinese half of an English heading: names and code, not English prose.
_NAMES_IN_CHINESE = re.compile(r"`[^`]*`|Wilson|Splendor|Pokémon|HC-\w+|SP-\w+|[A-Za-z](?![A-Za-z])")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_an_english_heading_does_not_switch_language_mid_line(lesson: Path) -> None:
    """An English heading reads "English text, then its Chinese": once the Chinese starts, no English words follow."""
    mixed = []
    for _level, text in _headings(lesson):
        start = _CJK.search(text)
        if start and re.search(r"[A-Za-z]{2,}", _NAMES_IN_CHINESE.sub("", text[start.start():])):
            mixed.append(text)
    assert mixed == [], f"{lesson.name}: {mixed}"


_PAIR = re.compile(r'tr\("([^"]*)", "([^"]*)"\)')


def test_points_are_never_headed_fraction_in_chinese() -> None:
    """A score or points column, axis or title says 得分/分值/期望分 in Chinese: 分数 reads as "fraction" (奖杯分数 is Splendor's term)."""
    bad = []
    for source in sorted((ROOT / "lessons").rglob("*.md")):
        for en, zh in _PAIR.findall(source.read_text(encoding="utf-8")):
            if re.search(r"point|score", en, re.IGNORECASE) and re.search(r"(?<!奖杯)分数", zh):
                bad.append(f"{source.name}: {en!r} -> {zh!r}")
    assert bad == [], "\n".join(bad)


#: A closing ``**`` right after Chinese punctuation and right before a letter: CommonMark (Jupyter Book's
#: markdown-it, JupyterLab's marked) does not close it there, so the reader sees the asterisks.
_OPEN_BOLD = re.compile(r"[：:。，、；！？）」”]\*\*(?=[\w\u3400-\u9fff])")


def _unclosed_bold(text: str) -> list[str]:
    """Each ``**`` that should close a bold but, by CommonMark's flanking rule, does not.

    >>> _unclosed_bold("**手牌 A：**小火龙"), _unclosed_bold("**手牌 A**：小火龙"), _unclosed_bold("**误区：**“或”")
    (['**手牌 A：**小火龙'], [], [])
    """
    found = []
    for line in text.splitlines():
        for m in _OPEN_BOLD.finditer(line):
            if line[: m.start() + 1].count("**") % 2:  # an odd count before it: this ** closes one
                found.append(line[max(0, line.rfind("**", 0, m.start()) ): m.end() + 3])
    return found


@pytest.mark.parametrize(
    "path",
    [*sorted((ROOT / "lessons").rglob("*.md")), *sorted((ROOT / "docs" / "zh").glob("*.md")), ROOT / "docs" / "teacher-guide.md"],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_every_bold_closes_where_it_is_meant_to(path: Path) -> None:
    assert not _unclosed_bold(path.read_text(encoding="utf-8"))


#: A bold lead-in of Chinese text that ends in English punctuation: "**检验一：真实游戏.**", "**练习 4（说一说）.**".
_ENGLISH_STOP_IN_BOLD = re.compile(r"\*\*[^*\n]*[\u3400-\u9fff][^*\n]*?[.:;,!?]\*\*")


def _chinese_texts() -> list[tuple[str, str]]:
    """(name, text) of every Chinese text a reader meets: each Chinese notebook's markdown, the Chinese guides."""
    texts = [(str(path.relative_to(ROOT)), "\n".join("".join(cell["source"]) for cell in json.loads(
        path.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "markdown"))
        for path in sorted((NOTEBOOKS / "zh").rglob("*.ipynb")) if ".ipynb_checkpoints" not in path.parts]
    return texts + [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in sorted((ROOT / "docs" / "zh").glob("*.md"))]


def test_a_chinese_bold_lead_in_has_no_english_full_stop() -> None:
    """**检验二：真实游戏。** and **练习 4（说一说）** — an English "." (or ":") after Chinese reads as a typo (issue 41).

    Every bold lead-in of the Chinese track counts, not only the exercise headings (the English track writes
    "**Check 2: real games.**" and "Exercise 4.").

    >>> [m.group(0) for m in _ENGLISH_STOP_IN_BOLD.finditer("**检验二：真实游戏.** **检验一。** **Check 1.** **规则书:**")]
    ['**检验二：真实游戏.**', '**规则书:**']
    """
    bad = [f"{name}: {m.group(0)}" for name, text in _chinese_texts() for m in _ENGLISH_STOP_IN_BOLD.finditer(text)]
    assert bad == [], "\n".join(bad)
