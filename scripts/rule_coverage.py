"""Check the rule IDs of the kit's rulebooks (``docs/rules/*.md``) against the tests, the code and each other.

A rulebook defines a rule with its ID in bold: ``**SP-A2**``. Three checks:

- **covered**: every rule ID of the rulebooks is named in a file under ``tests/``,
  written as in the rules (``SP-A2``) or in snake case (``test_sp_a2_...``), in any case;
- **no orphans**: every rule ID named in the code (``pokelab/``, ``widgets/``, ``apps/``,
  ``scripts/``: docstrings, ``IllegalAction`` rule IDs), the tests, the lessons or the docs
  is defined in a rulebook;
- **parity**: the English and the Chinese rulebook of a game (``NAME.en.md`` and
  ``NAME.zh.md``) define the same IDs in the same order.

Usage, from anywhere:  python scripts/rule_coverage.py
It prints a one-line summary and, on any failure, the list of problems; the exit status
is 1 when a check fails.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "docs" / "rules"
LANGS = ("en", "zh")
DEFINED = re.compile(r"\*\*([A-Z]{2}-[A-Z]+\d+)\*\*")
_NAMED = re.compile(r"(?<![A-Za-z0-9-])([A-Za-z]{2})[-_]([A-Za-z]{1,2})(\d+)(?![0-9])")
CODE_DIRS = ("pokelab", "widgets", "apps", "scripts", "notebooks", "docs")
TEST_DIR = "tests"
SUFFIXES = frozenset({".py", ".ipynb", ".md", ".txt", ".json", ".js", ".ts", ".csv", ".cfg"})


def defined_ids(text: str) -> list[str]:
    """The rule IDs a rulebook defines (bold ``**XX-Y9**``), in order of first appearance, each once.

    >>> defined_ids("**SP-C1** tokens ... **SP-A2** take two ... see **SP-C1** again")
    ['SP-C1', 'SP-A2']
    >>> defined_ids("`SP-A2` and SP-A3 in plain text define nothing")
    []
    """
    seen: dict[str, None] = {}
    for rule in DEFINED.findall(text):
        seen.setdefault(rule, None)
    return list(seen)


def named_ids(text: str, prefixes: Iterable[str]) -> set[str]:
    """The rule IDs of the games ``prefixes`` named in ``text``: ``SP-A2`` or ``sp_a2``, any case.

    >>> sorted(named_ids("def test_sp_a2_take_two(): raise IllegalAction('HC-R4', ...)", ["SP", "HC"]))
    ['HC-R4', 'SP-A2']
    >>> sorted(named_ids("SP-A10, gsp_a1, sp_state1, var(--hc-fg2) and HC-R2x", ["SP", "HC"]))
    ['HC-R2', 'SP-A10']
    >>> named_ids("SP-A2", [])
    set()
    """
    wanted = {p.upper() for p in prefixes}
    found = set()
    for prefix, letters, number in _NAMED.findall(text):
        if prefix.upper() in wanted:
            found.add(f"{prefix}-{letters}{number}".upper())
    return found


def rulebooks(rules_dir: Path = RULES_DIR) -> dict[str, dict[str, Path]]:
    """The rulebooks in ``rules_dir`` by game and language: ``{"splendor-pokemon": {"en": path, "zh": path}}``.

    >>> sorted(rulebooks())
    ['here-comes-pokemon', 'splendor-pokemon']
    >>> rulebooks(Path("no-such-folder"))
    Traceback (most recent call last):
    ...
    ValueError: no rulebooks (NAME.en.md / NAME.zh.md) in no-such-folder
    """
    books: dict[str, dict[str, Path]] = {}
    for path in sorted(rules_dir.glob("*.md")):
        game, _, lang = path.stem.rpartition(".")
        if game and lang in LANGS:
            books.setdefault(game, {})[lang] = path
    if not books:
        raise ValueError(f"no rulebooks (NAME.en.md / NAME.zh.md) in {rules_dir}")
    return books


def all_defined(books: Mapping[str, Mapping[str, Path]]) -> list[str]:
    """Every rule ID the rulebooks define, game by game, each once.

    >>> ids = all_defined(rulebooks())
    >>> ids[0], "HC-T4" in ids, len(ids) == len(set(ids))
    ('HC-C1', True, True)
    >>> all_defined({})
    []
    """
    ids: dict[str, None] = {}
    for game in sorted(books):
        for path in books[game].values():
            for rule in defined_ids(path.read_text(encoding="utf-8")):
                ids.setdefault(rule, None)
    return list(ids)


def parity_problems(books: Mapping[str, Mapping[str, Path]]) -> list[str]:
    """What differs between the English and the Chinese rulebook of each game (IDs and their order).

    >>> parity_problems(rulebooks())
    []
    >>> parity_problems({"toy": {"en": RULES_DIR / "splendor-pokemon.en.md"}})
    ['toy: no zh rulebook (toy.zh.md)']
    """
    problems = []
    for game in sorted(books):
        langs = books[game]
        missing = [lang for lang in LANGS if lang not in langs]
        if missing:
            problems += [f"{game}: no {lang} rulebook ({game}.{lang}.md)" for lang in missing]
            continue
        en, zh = (defined_ids(langs[lang].read_text(encoding="utf-8")) for lang in LANGS)
        only_en, only_zh = sorted(set(en) - set(zh)), sorted(set(zh) - set(en))
        if only_en:
            problems.append(f"{game}: only in English: {', '.join(only_en)}")
        if only_zh:
            problems.append(f"{game}: only in Chinese: {', '.join(only_zh)}")
        if not only_en and not only_zh and en != zh:
            first = next(i for i, (a, b) in enumerate(zip(en, zh, strict=True)) if a != b)
            problems.append(
                f"{game}: the IDs come in another order: rule {first + 1} is {en[first]} in English, "
                f"{zh[first]} in Chinese"
            )
    return problems


def _text(path: Path) -> str:
    """A file's text; a notebook gives the sources of its cells (outputs may repeat old text)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix != ".ipynb":
        return text
    cells = json.loads(text).get("cells", [])
    return "\n".join("".join(cell.get("source", "")) for cell in cells)


def files_under(root: Path, folders: Iterable[str]) -> list[Path]:
    """The text files (by suffix) under ``folders`` of ``root``, sorted, checkpoints and caches left out.

    >>> any(p.name == "engine.py" for p in files_under(ROOT, ["pokelab"]))
    True
    >>> files_under(ROOT, ["no-such-folder"])
    []
    """
    found = []
    for folder in folders:
        base = root / folder
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            skip = {".ipynb_checkpoints", "__pycache__", "node_modules"} & set(path.parts)
            if path.is_file() and path.suffix in SUFFIXES and not skip:
                found.append(path)
    return sorted(found)


def uncovered(ids: Iterable[str], test_files: Iterable[Path], prefixes: Iterable[str]) -> list[str]:
    """The rule IDs of ``ids`` that no file of ``test_files`` names, in the order given.

    >>> uncovered(["SP-A2", "SP-T5"], [ROOT / "tests" / "splendor" / "test_splendor_rules.py"], ["SP"])
    ['SP-T5']
    >>> uncovered(["SP-A2"], [], ["SP"])
    ['SP-A2']
    """
    named: set[str] = set()
    for path in test_files:
        named |= named_ids(_text(path), prefixes)
    return [rule for rule in ids if rule not in named]


def orphans(
    ids: Iterable[str], files: Iterable[Path], prefixes: Iterable[str], root: Path = ROOT
) -> dict[str, list[str]]:
    """Rule IDs named in ``files`` but not in ``ids``, each with the files (relative to the root) naming it.

    >>> orphans(["SP-A2"], [ROOT / "pokelab" / "splendor" / "engine.py"], ["SP"])["SP-A1"]
    ['pokelab/splendor/engine.py']
    >>> orphans(["SP-A1"], [], ["SP"])
    {}
    """
    known, found = set(ids), {}
    for path in files:
        for rule in sorted(named_ids(_text(path), prefixes) - known):
            found.setdefault(rule, []).append(_relative(path, root))
    return dict(sorted(found.items()))


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


@dataclass(frozen=True)
class Report:
    """What the three checks found: rule IDs, the uncovered ones, the orphans and the en/zh differences."""

    ids: tuple[str, ...]
    uncovered: tuple[str, ...]
    orphans: Mapping[str, list[str]]
    parity: tuple[str, ...]
    games: int

    @property
    def ok(self) -> bool:
        """True when every check passed."""
        return not (self.uncovered or self.orphans or self.parity)

    def summary(self) -> str:
        """The one-line summary the script prints."""
        covered = len(self.ids) - len(self.uncovered)
        return (
            f"rule coverage: {covered}/{len(self.ids)} rule IDs of docs/rules named in tests/; "
            f"{len(self.orphans)} orphan IDs; en/zh rulebooks "
            f"{'match' if not self.parity else 'differ'} ({self.games} games)"
        )

    def problems(self) -> list[str]:
        """One line per failure, empty when all passed."""
        lines = [f"not named by any test: {rule}" for rule in self.uncovered]
        lines += [
            f"named but in no rulebook: {rule} (in {', '.join(paths)})"
            for rule, paths in self.orphans.items()
        ]
        lines += [f"rulebooks differ: {line}" for line in self.parity]
        return lines


def check(root: Path = ROOT) -> Report:
    """Run the three checks on the project at ``root``.

    >>> report = check()
    >>> report.games, len(report.ids) > 40, report.parity
    (2, True, ())
    >>> check(Path("no-such-project"))
    Traceback (most recent call last):
    ...
    ValueError: no rulebooks (NAME.en.md / NAME.zh.md) in no-such-project/docs/rules
    """
    books = rulebooks(root / "docs" / "rules")
    ids = all_defined(books)
    prefixes = sorted({rule.split("-")[0] for rule in ids})
    tests = files_under(root, [TEST_DIR])
    code = [path for path in files_under(root, CODE_DIRS) if path.name != Path(__file__).name]
    return Report(
        ids=tuple(ids),
        uncovered=tuple(uncovered(ids, tests, prefixes)),
        orphans=orphans(ids, [*code, *tests, root / "README.md"], prefixes, root),
        parity=tuple(parity_problems(books)),
        games=len(books),
    )


def main() -> int:
    """Print the summary (and any problems); 0 when every check passed, else 1."""
    report = check()
    print(report.summary())
    for line in report.problems():
        print("  " + line)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
