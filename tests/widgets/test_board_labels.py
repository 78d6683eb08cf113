"""Every word a board shows lives in its text module, one table of catalogue texts (issues 20 §2, 28).

One key-parity test per board and language: the same keys in English and
Chinese, no empty label, no English left in a Chinese table except names and
ids, every label the front end reads exists, and the ES modules carry no words
of their own.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from widgets import HereComesBoard, SplendorBoard
from widgets._bundle import sources
from widgets.herecomes import text as hc_text
from widgets.splendor import text as sp_text

#: Each board's labels as the page receives them, in each language (one table of Texts, rendered per language).
BOARDS = {
    "herecomes": ({lang: hc_text.labels(lang) for lang in ("en", "zh")}, "herecomes_board"),
    "splendor": ({lang: sp_text.labels(lang) for lang in ("en", "zh")}, "splendor"),
}


def front_end(name: str) -> str:
    """The text of every source module of the board's ES module (widgets/js)."""
    return "\n".join(path.read_text(encoding="utf-8") for path in sources(name))
#: Words that stay as they are in Chinese: language names, a library's name.
NAMES = {"EN", "English", "plotly"}


def shape(table: Any) -> Any:
    return {k: shape(v) for k, v in table.items()} if isinstance(table, dict) else type(table)


def leaves(table: Any, path: str = "") -> list[tuple[str, Any]]:
    if isinstance(table, dict):
        return [leaf for k, v in table.items() for leaf in leaves(v, f"{path}.{k}")]
    return [(path, table)]


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_both_languages_have_the_same_keys_and_no_empty_label(board: str) -> None:
    table, _ = BOARDS[board]
    assert shape(table["en"]) == shape(table["zh"])
    for lang in ("en", "zh"):
        for path, text in leaves(table[lang]):
            if path.startswith(".languages"):  # the language switch's choices: a list of {lang, name}
                continue
            assert isinstance(text, str) and text.strip(), f"{board} {lang}{path} is empty"


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_no_english_is_left_in_the_chinese_table(board: str) -> None:
    table, _ = BOARDS[board]
    for path, text in leaves(table["zh"]):
        if path in (".languages", ".lang_next"):  # the language switch: codes and each language's own name
            continue
        words = re.sub(r"\{\w+\}|[A-Z]{2}-[A-Z]\d+", "", text)  # placeholders, rule IDs
        english = set(re.findall(r"[A-Za-z]{2,}", words)) - NAMES
        assert not english, f"{board} zh{path} = {text!r} still has English: {english}"
        # a placeholder must be the same in both languages
        en_text = dict(leaves(table["en"]))[path]
        assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", en_text)), path


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_label_the_front_end_reads_exists(board: str) -> None:
    table, js = BOARDS[board]
    source = front_end(js)
    read = set(re.findall(r"\bL\.(\w+)", source)) | set(re.findall(r"labelsNow\(\)\.(\w+)", source))
    assert len(read) > 20
    missing = read - set(table["en"])
    assert not missing, f"{js} reads labels that do not exist: {sorted(missing)}"


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_the_front_end_keeps_no_words_of_its_own(board: str) -> None:
    _, js = BOARDS[board]
    source = front_end(js)
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)  # comments may explain in English
    assert not re.search(r"[\u4e00-\u9fff]", code), "Chinese text in the ES module"
    # the old per-language tables are gone
    assert "const T = {" not in code and "COLOUR_NAMES" not in code
    assert "@typedef" in source


def test_the_boards_send_their_labels_in_the_view_and_follow_the_language() -> None:
    hc = HereComesBoard(lang="en")
    sp = SplendorBoard(lang="en")
    assert hc.view["labels"] == hc_text.labels("en")
    assert sp.view["labels"] == sp_text.labels("en")
    hc.lang = sp.lang = "zh"
    assert hc.view["labels"]["title"] == "来啦！宝可梦" and sp.view["labels"]["title"] == "璀璨宝石：宝可梦"
