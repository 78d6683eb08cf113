#!/usr/bin/env python3
"""Build ``docs/glossary.md`` from ``docs/glossary.csv`` and find non-glossary Chinese variants.

The CSV has one row per term: ``en,zh,game,meaning,meaning_zh,avoid,scope``. ``avoid`` lists the
Chinese variants that must not stand for the term (separated by ``|``); ``scope`` optionally
names where that list applies (``herecomes`` or ``splendor``, see ``SCOPES``), so that 传说 is
refused in Here Comes texts (where the Mew / Mewtwo cards are 梦幻/超梦卡) but stays Splendor's
legendary tier. A variant that lies inside a longer glossary term (目标牌 inside 目标牌堆,
宝石 inside 璀璨宝石) is not a violation.

Usage:
    .venv/bin/python scripts/build_glossary.py            # write docs/glossary.md
    .venv/bin/python scripts/build_glossary.py --check    # exit 1 if docs/glossary.md is stale
    .venv/bin/python scripts/build_glossary.py --scan     # list every non-glossary variant
"""

from __future__ import annotations

import argparse
import csv
import fnmatch
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSV_PATH = ROOT / "docs" / "glossary.csv"
MARKDOWN_PATH = ROOT / "docs" / "glossary.md"
COLUMNS = ("en", "zh", "game", "meaning", "meaning_zh", "avoid", "scope")
REQUIRED = COLUMNS[:5]
GAMES = ("Here Comes Pokémon!", "Splendor: Pokémon", "both games", "probability")

#: Where a scoped avoid-list applies: path patterns (``fnmatch``, relative to the repository).
SCOPES: dict[str, tuple[str, ...]] = {
    "herecomes": (
        "*herecomes*",
        "*here-comes*",
        "*probability/3[0-5]-*",
        # the course modules of lessons 30–35 (Here Comes Pokémon! odds)
        "pokelab/course/counting.py",
        "pokelab/course/never_and_all.py",
        "pokelab/course/conditional.py",
        "pokelab/course/expected_value.py",
        "pokelab/course/large_numbers.py",
        "pokelab/course/fair_scoring.py",
    ),
    "splendor": ("*splendor*", "*probability/36-*", "pokelab/course/deck_odds.py"),
    # the course's own prose: lessons, their notebooks and the docs (the engine's texts follow once moved to the catalogue)
    "course": ("lessons/*", "notebooks/*", "docs/*", "README.md"),
}

_CJK = re.compile(r"[\u3400-\u9fff]")
_SECTIONS = (
    ("Here Comes Pokémon!", "来啦！宝可梦 · Here Comes Pokémon!", "rules/here-comes-pokemon.zh.md"),
    ("Splendor: Pokémon", "璀璨宝石：宝可梦 · Splendor: Pokémon", "rules/splendor-pokemon.zh.md"),
    ("both games", "两款游戏通用 · Both games", ""),
    ("probability", "概率术语 · Probability", ""),
)


@dataclass(frozen=True)
class Term:
    """One glossary row: the English and Chinese term, its game, meaning (en, zh) and refused variants."""

    en: str
    zh: str
    game: str
    meaning: str
    meaning_zh: str
    avoid: tuple[str, ...] = ()
    scope: str = ""

    def applies_to(self, path: str) -> bool:
        """Whether the avoid-list holds in the file ``path`` (relative, with ``/``).

        >>> mew = Term("x", "梦幻 / 超梦", "Here Comes Pokémon!", "m", "意思", ("传说",), "herecomes")
        >>> mew.applies_to("widgets/herecomes/text.py"), mew.applies_to("widgets/splendor/text.py")
        (True, False)
        """
        if not self.scope:
            return True
        return any(fnmatch.fnmatch(path, pattern) for pattern in SCOPES[self.scope])


@dataclass(frozen=True)
class Violation:
    """A non-glossary variant found in a text: where, what, and what the glossary says."""

    path: str
    line: int
    found: str
    glossary: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: found {self.found}, glossary says {self.glossary}"


def parse_rows(rows: Iterable[dict[str, str]]) -> list[Term]:
    """Turn CSV rows (dicts) into terms, refusing an empty field, an unknown game or scope.

    >>> row = {"en": "bag", "zh": "布袋", "game": "Here Comes Pokémon!", "meaning": "m", "meaning_zh": "意思"}
    >>> parse_rows([{**row, "avoid": "袋子"}])[0].avoid
    ('袋子',)
    >>> parse_rows([{**row, "zh": ""}])
    Traceback (most recent call last):
    ...
    ValueError: glossary row 2 ('bag'): the field zh is empty / 术语表第 2 行（'bag'）：zh 一栏是空的
    """
    terms = []
    for number, row in enumerate(rows, start=2):  # row 1 is the CSV header
        name = row.get("en")
        for key in REQUIRED:
            if not (row.get(key) or "").strip():
                raise ValueError(
                    f"glossary row {number} ({name!r}): the field {key} is empty / "
                    f"术语表第 {number} 行（{name!r}）：{key} 一栏是空的"
                )
        game, scope = row["game"].strip(), (row.get("scope") or "").strip()
        if game not in GAMES:
            raise ValueError(
                f"glossary row {number} ({name!r}): unknown game {game!r}, expected one of {GAMES} / "
                f"术语表第 {number} 行（{name!r}）：未知的游戏 {game!r}"
            )
        if scope and scope not in SCOPES:
            raise ValueError(
                f"glossary row {number} ({name!r}): unknown scope {scope!r}, expected one of "
                f"{tuple(SCOPES)} / 术语表第 {number} 行（{name!r}）：未知的范围 {scope!r}"
            )
        avoid = tuple(v.strip() for v in (row.get("avoid") or "").split("|") if v.strip())
        terms.append(Term(row["en"].strip(), row["zh"].strip(), game, row["meaning"].strip(),
                          row["meaning_zh"].strip(), avoid, scope))
    return terms


def load_terms(path: Path = CSV_PATH) -> list[Term]:
    """Read the glossary CSV into terms (see ``parse_rows`` for the checks).

    >>> any(t.zh == "领队" and "领头人" in t.avoid for t in load_terms())
    True
    >>> load_terms(Path("no/such/glossary.csv"))
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: 'no/such/glossary.csv'
    """
    with path.open(encoding="utf-8", newline="") as handle:
        return parse_rows(csv.DictReader(handle))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_markdown(terms: Sequence[Term]) -> str:
    """The glossary page: a bilingual intro, then one en ↔ zh table per game and for probability.

    >>> page = render_markdown([Term("bag", "布袋", "Here Comes Pokémon!", "holds the tokens", "装代币", ("袋子",))])
    >>> "| 布袋 | bag | 装代币 | holds the tokens | 袋子 |" in page
    True
    >>> render_markdown([])
    Traceback (most recent call last):
    ...
    ValueError: the glossary has no terms / 术语表是空的
    """
    if not terms:
        raise ValueError("the glossary has no terms / 术语表是空的")
    lines = [
        "# 术语表 · Glossary",
        "",
        "<!-- Generated from docs/glossary.csv by scripts/build_glossary.py: edit the CSV, then run"
        " `.venv/bin/python scripts/build_glossary.py`. -->",
        "",
        "本表列出两款游戏和概率课用到的术语。游戏术语沿用规则书自己的中文说法；概率术语沿用"
        "人教版初高中数学教材的说法。课程、棋盘、报错信息和文档都统一使用这些词；“不要写”一栏"
        "列出容易混用的说法，测试 `tests/test_glossary.py` 会在代码、规则书、课程和文档里查找它们。",
        "",
        "The words of the two games, as the Chinese rulebooks use them, and the probability terms"
        " of the Chinese school curriculum. Lessons, boards, error messages and documents use these"
        " words; the column “不要写 avoid” lists variants that `tests/test_glossary.py` refuses.",
    ]
    for game, title, rulebook in _SECTIONS:
        rows = [t for t in terms if t.game == game]
        if not rows:
            continue
        lines += ["", f"## {title}", ""]
        if rulebook:
            lines += [f"规则书 Rulebook: [{rulebook.split('/')[-1]}]({rulebook})", ""]
        lines += ["| 中文 | English | 释义 | meaning | 不要写 avoid |", "|---|---|---|---|---|"]
        for t in rows:
            avoid = "、".join(t.avoid)
            if avoid and t.scope:
                avoid += f"（{'来啦！宝可梦' if t.scope == 'herecomes' else '璀璨宝石'}）"
            cells = (t.zh, t.en, t.meaning_zh, t.meaning, avoid)
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def find_variants(
    text: str, terms: Sequence[Term], path: str = "<text>", where: str = ""
) -> list[Violation]:
    """Every non-glossary variant in ``text``, line by line, skipping those inside a longer term.

    ``path`` decides which scoped avoid-lists apply; ``where`` (default: ``path``) names the
    place in the report, e.g. a notebook's cell.

    >>> terms = [Term("target card", "目标卡", "Here Comes Pokémon!", "m", "意思", ("目标牌",)),
    ...          Term("target deck", "目标牌堆", "Here Comes Pokémon!", "m", "意思")]
    >>> [str(v) for v in find_variants("摸一张目标牌。\\n目标牌堆洗匀。", terms, "x.md")]
    ['x.md:1: found 目标牌, glossary says 目标卡']
    >>> find_variants("no Chinese here", [])
    []
    """
    protected = {piece.strip() for t in terms for piece in re.split(r"[/：]", t.zh) if len(piece.strip()) > 1}
    protected |= {t.zh for t in terms}
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not _CJK.search(line):
            continue
        hits = []  # (start, end, variant, term): a variant inside a longer hit (领头 in 领头人) counts once
        for term in terms:
            if not term.avoid or not term.applies_to(path):
                continue
            for variant in term.avoid:
                longer = [p for p in protected if variant in p and len(p) > len(variant)]
                covers = [(m.start(), m.end()) for p in longer for m in re.finditer(re.escape(p), line)]
                for match in re.finditer(re.escape(variant), line):
                    if not any(s <= match.start() and match.end() <= e for s, e in covers):
                        hits.append((match.start(), match.end(), variant, term.zh))
        for start, end, variant, zh in sorted(hits):
            if not any(s <= start and end <= e and e - s > end - start for s, e, _, _ in hits):
                found.append(Violation(where or path, number, variant, zh))
    return found


def markdown_cells(path: Path) -> list[tuple[int, str]]:
    """The markdown cells of a notebook as (cell number from 1, text).

    >>> markdown_cells(ROOT / "notebooks" / "00-start-here.ipynb")[0][0]
    1
    >>> markdown_cells(Path("no/such.ipynb"))
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: 'no/such.ipynb'
    """
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(n, "".join(c["source"])) for n, c in enumerate(cells, start=1) if c["cell_type"] == "markdown"]


def scan_files(paths: Iterable[Path], terms: Sequence[Term], root: Path = ROOT) -> list[Violation]:
    """Scan files for non-glossary variants (notebooks: their markdown cells, reported as ``cell N``).

    >>> scan_files([ROOT / "docs" / "rules" / "here-comes-pokemon.zh.md"], load_terms())
    []
    >>> scan_files([ROOT / "no-such-file.md"], load_terms())
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: '...no-such-file.md'
    """
    found = []
    for path in paths:
        rel = path.resolve().relative_to(root.resolve()).as_posix()
        if path.suffix != ".ipynb":
            found += find_variants(path.read_text(encoding="utf-8"), terms, rel)
            continue
        for number, text in markdown_cells(path):
            found += find_variants(text, terms, rel, f"{rel} cell {number}")
    return found


def kit_texts(root: Path = ROOT) -> list[Path]:
    """The engine, board, app, doc and website files whose Chinese must follow the glossary (not the lessons).

    >>> ROOT / "widgets" / "herecomes" / "text.py" in kit_texts()
    True
    >>> kit_texts(Path("no/such/root"))
    []
    """
    paths = [*root.glob("pokelab/**/*.py"), *root.glob("pokelab/**/*.csv"), *root.glob("pokelab/**/*.md")]
    paths += [*root.glob("widgets/**/*.py"), *root.glob("widgets/**/*.js")]
    paths += [*root.glob("docs/**/*.md"), *root.glob("README.md"), *root.glob("apps/*.ipynb")]
    paths += [*root.glob("site/*.md"), *root.glob("site/_ext/*.py"), *root.glob("scripts/build_site.py"), *root.glob("scripts/build_handouts.py")]
    skip = {root / "docs" / "glossary.md"}
    return sorted(p for p in paths if p not in skip and "__pycache__" not in p.parts)


def lesson_texts(root: Path = ROOT) -> list[Path]:
    """The lesson sources (``lessons/**/*.md``) and the built notebooks of both tracks.

    The English notebooks count too: their headings carry the Chinese title beside the English.

    >>> lesson_texts(Path("no/such/root"))
    []
    """
    paths = [*root.glob("lessons/**/*.md"), *root.glob("notebooks/**/*.ipynb")]
    return sorted(p for p in paths if ".ipynb_checkpoints" not in p.parts)


def is_stale(page: Path = MARKDOWN_PATH, source: Path = CSV_PATH) -> bool:
    """Whether the glossary page differs from what the CSV builds (a missing page is stale).

    >>> is_stale()
    False
    >>> is_stale(Path("no/such/glossary.md"))
    True
    """
    current = page.read_text(encoding="utf-8") if page.exists() else ""
    return current != render_markdown(load_terms(source))


def main(argv: Sequence[str] | None = None) -> int:
    """Write the glossary page, or with ``--check`` report whether it is stale (exit 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/glossary.md is stale")
    parser.add_argument("--scan", action="store_true", help="list non-glossary variants; exit 1 if any")
    args = parser.parse_args(argv)
    terms = load_terms()
    page = render_markdown(terms)
    if args.scan:
        found = scan_files([*kit_texts(), *lesson_texts()], terms)
        for violation in found:
            print(violation)
        print(f"{len(found)} non-glossary variant(s)")
        return 1 if found else 0
    if args.check:
        if is_stale():
            print("docs/glossary.md is stale: run .venv/bin/python scripts/build_glossary.py")
            return 1
        print("docs/glossary.md is up to date")
        return 0
    MARKDOWN_PATH.write_text(page, encoding="utf-8")
    print(f"wrote {MARKDOWN_PATH.relative_to(ROOT)} ({len(terms)} terms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
