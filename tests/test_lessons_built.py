"""Both tracks are built from one source per lesson, the Chinese one really is Chinese, and both pin the same numbers."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_lessons", ROOT / "scripts" / "build_lessons.py")
build_lessons = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_lessons)

SOURCES = build_lessons.sources()
ZH = ROOT / "notebooks" / "zh"
CHECK_MARK = "# NBVAL_CHECK_OUTPUT"

_FENCE = re.compile(r"```.*?```", re.S)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAG = re.compile(r"<[^>]+>")
_RULE_ID = re.compile(r"\b(?:HC|SP)-[A-Z]+\d*\b")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:/\d+)?")


def chinese_share(markdown: str) -> tuple[int, int]:
    """(Chinese characters, all letters) of ``markdown`` once code, formulas, link targets, tags and rule IDs are set aside.

    >>> chinese_share("最后一枚是 `LastIs('purple')` 的概率 $P(A)$ 见 [规则](../x.en.md) HC-R4")
    (11, 11)
    >>> chinese_share("The bag 布袋")
    (2, 8)
    """
    text = _FENCE.sub(" ", markdown)
    for pattern in (_INLINE_CODE, _MATH, _LINK_TARGET, _TAG, _RULE_ID):
        text = pattern.sub(" ", text)
    chinese = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf")
    latin = sum(1 for ch in text if ch.isascii() and ch.isalpha())
    return chinese, chinese + latin


def _markdown(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def _pinned_numbers(path: Path) -> list[list[str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    pinned = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and CHECK_MARK in "".join(cell["source"]):
            text = ""
            for out in cell.get("outputs", []):
                text += "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            pinned.append(_NUMBER.findall(text))
    return pinned


def test_the_builder_doctests_pass() -> None:
    result = doctest.testmod(build_lessons, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_every_lesson_has_one_source_and_both_tracks_are_built_from_it() -> None:
    assert len(SOURCES) >= 16, "the lessons live in lessons/*.md"
    assert build_lessons.stale() == []


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_prose_cell_exists_in_both_languages(source: Path) -> None:
    nb = build_lessons.read_source(source)
    prose = [c for c in nb["cells"] if c["cell_type"] == "markdown"]
    by_lang = {lang: sum(1 for c in prose if c["metadata"].get("lang") == lang) for lang in ("en", "zh")}
    assert by_lang["en"] > 0 and by_lang["zh"] > 0, f"{source.name}: prose cells per language {by_lang}"
    shared = [c for c in prose if "lang" not in c["metadata"] and chinese_share("".join(c["source"]))[1]]
    assert shared == [], f"{source.name}: a prose cell with words belongs to one language (lang: en or zh)"
    assert re.search(r'^LANG = "en"', "\n".join("".join(c["source"]) for c in nb["cells"]), re.M), (
        f"{source.name}: the lesson sets LANG (the Chinese track is built with LANG = \"zh\")"
    )


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_chinese_notebook_is_written_in_chinese(source: Path) -> None:
    """At least 90 % of the letters of the Chinese notebook's prose are Chinese (code, ids and formulas aside)."""
    path = build_lessons.output_path(source, "zh")
    chinese, letters = chinese_share(_markdown(path))
    assert letters > 0 and chinese / letters >= 0.90, f"{path.name}: {chinese}/{letters} letters are Chinese"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_both_tracks_pin_the_same_numbers(source: Path) -> None:
    english, chinese = (build_lessons.output_path(source, lang) for lang in ("en", "zh"))
    pinned = _pinned_numbers(english)
    assert pinned, f"{english.name} pins no number"
    assert pinned == _pinned_numbers(chinese)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_chinese_notebook_speaks_chinese_to_the_kit(source: Path) -> None:
    """The Chinese notebook sets LANG = "zh" (feedback, boards, plots) and links to the Chinese rulebooks only."""
    nb = json.loads(build_lessons.output_path(source, "zh").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert re.search(r'^LANG = "zh"', code, re.M) and "set_language(LANG)" in code
    assert ".en.md" not in _markdown(build_lessons.output_path(source, "zh"))


def test_a_bad_lang_in_a_source_is_refused_with_its_cell(tmp_path: Path) -> None:
    bad = tmp_path / "lesson.md"
    bad.write_text('---\nkernelspec:\n  name: python3\n  display_name: Python 3\n---\n\n+++ {"lang": "fr"}\n\nBonjour\n')
    with pytest.raises(ValueError, match=r"cell 1: lang must be en or zh, not 'fr'"):
        build_lessons.read_source(bad)


_CJK = re.compile(r"[\u4e00-\u9fff]")
_MARKERS = re.compile(r"NBVAL_|SOLUTION|noqa|type: ?ignore|pragma|fmt:")


def english_comments(code: str) -> list[str]:
    """The comments and triple-quoted strings of ``code`` written in English (more English words than Chinese characters).

    >>> english_comments('x = 1  # count the tokens\\ny = 2  # 数一数 set_student\\nz = 3  # SOLUTION\\n# the colour red / 红')
    ['# count the tokens', '# the colour red / 红']
    >>> english_comments("def f(:")
    Traceback (most recent call last):
    ...
    ValueError: not Python: def f(:
    """
    import io
    import tokenize

    lines = [line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))]
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        raise ValueError(f"not Python: {code[:60]}") from None
    if any(t.type == tokenize.ERRORTOKEN and t.string.strip() for t in tokens):
        raise ValueError(f"not Python: {code[:60]}")
    found = []
    for token in tokens:
        text = token.string
        is_doc = token.type == tokenize.STRING and text.lstrip("rbfRBF").startswith(('"""', "'''"))
        commented = (token.type == tokenize.COMMENT or is_doc) and not _MARKERS.search(text)
        body = text.lstrip("rbfRBF").strip("\"'") if is_doc else text
        body = re.sub(r"\"[^\"]*\"|'[^']*'|`[^`]*`", "", body)  # quoted names, files and code
        latin = len(re.findall(r"[A-Za-z]{3,}", body))  # English words
        if commented and latin > len(_CJK.findall(body)):
            found.append(text)
    return found


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_chinese_notebook_comments_its_code_in_chinese(source: Path) -> None:
    """Issue 16: a comment or docstring a pupil reads in a Chinese notebook's code is Chinese (sources write both, split by ‖)."""
    nb = json.loads(build_lessons.output_path(source, "zh").read_text(encoding="utf-8"))
    english = [
        f"cell {number}: {comment}"
        for number, cell in enumerate(nb["cells"], start=1)
        if cell["cell_type"] == "code"
        for comment in english_comments("".join(cell["source"]))
    ]
    assert english == [], "\n".join(english)
