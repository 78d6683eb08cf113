"""The site and handout builders' pure parts (their doctests), run in the unit stage.

The builds themselves are checked end to end in ``tests/site`` (stage ``site``).
"""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = {
    "build_site": ROOT / "scripts" / "build_site.py",
    "build_handouts": ROOT / "scripts" / "build_handouts.py",
    "pokelab_site": ROOT / "site" / "_ext" / "pokelab_site.py",
}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_doctests_of_the_site_builders(name: str) -> None:
    """Each builder module's examples and error cases hold."""
    spec = importlib.util.spec_from_file_location(name, MODULES[name])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_glossary_uses_the_rulebooks_chinese_terms() -> None:
    """The glossary data names Mew / Mewtwo 梦幻 / 超梦, never 传说 (Splendor's legendary tier)."""
    import csv

    with (ROOT / "docs" / "glossary.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    by_en = {row["en"]: row["zh"] for row in rows}
    assert by_en["Mew / Mewtwo card"] == "梦幻 / 超梦"
    assert by_en["legendary"] == "传说"
    rulebooks = "".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "rules").glob("*.zh.md")
    )
    missing = [
        row["zh"] for row in rows
        if row["game"] != "probability" and any(t.strip() not in rulebooks for t in row["zh"].split("/"))
    ]
    assert missing == []
