"""What the rulebook tests share: the books' paths, the rule-coverage checker, and reading a book's text."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
_spec = importlib.util.spec_from_file_location(
    "rule_coverage", ROOT / "scripts" / "rule_coverage.py"
)
coverage = importlib.util.module_from_spec(_spec)
sys.modules["rule_coverage"] = coverage  # dataclasses look their module up by name
_spec.loader.exec_module(coverage)

SP_EN, SP_ZH = RULES / "splendor-pokemon.en.md", RULES / "splendor-pokemon.zh.md"
HC_EN, HC_ZH = RULES / "here-comes-pokemon.en.md", RULES / "here-comes-pokemon.zh.md"
BOOKS = (SP_EN, SP_ZH, HC_EN, HC_ZH)
BOX = {"en": "> **The rules say … / this kit does …**", "zh": "> **规则书说……／本套件的做法……**"}


def flat(text: str) -> str:
    """Text without whitespace or blockquote marks, so a quoted phrase is found across line breaks."""
    return re.sub(r"\s+", "", re.sub(r"(?m)^>\s?", "", text))


def book(path: Path) -> str:
    """The text of the book at ``path``, flattened (``flat``)."""
    return flat(path.read_text(encoding="utf-8"))


def quotes(path: Path, *phrases: str) -> None:
    """Fail unless the book at ``path`` says every one of ``phrases`` (across line breaks)."""
    text = book(path)
    missing = [phrase for phrase in phrases if flat(phrase) not in text]
    assert not missing, f"{path.name} does not say (or no longer matches the code): {missing}"


def rule_text(path: Path, rule: str) -> str:
    """The paragraph of ``path`` that defines ``rule`` (from its bold ID to the next anchor)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"**{rule}**")
    end = text.find("<a id=", start)
    return flat(text[start : end if end != -1 else len(text)])
