"""No text is written around the catalogue: no Chinese in the code's strings, no branch on the language.

The pseudo-language tests (``test_pseudo_*.py``) render every face and find any
text that did not pass through :func:`pokelab.words.translate`; this one reads the
code itself, so a second way of saying a word cannot grow back: Chinese lives in
``pokelab/words/locale/zh/LC_MESSAGES/pokelab.po`` and nowhere else in ``pokelab/``
and ``widgets/`` (docstrings and comments may quote it).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
#: Characters, not words: the full-width look-alikes of = + - @ a spreadsheet also reads as a formula.
NOT_WORDS = {"\uff1d", "\uff0b", "\uff0d", "\uff20"}
SOURCES = sorted(p for folder in ("pokelab", "widgets") for p in (ROOT / folder).rglob("*.py"))


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _offences(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        string = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if string and id(node) not in docstrings and node.value not in NOT_WORDS and CJK.search(node.value):
            found.append(f"{path.relative_to(root)}:{node.lineno}: Chinese in the code: {node.value[:40]!r}")
        if isinstance(node, ast.Compare):
            names = [c.value for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
            if "zh" in names:
                found.append(f"{path.relative_to(root)}:{node.lineno}: a branch on the language 'zh'")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_code_says_nothing_in_chinese_itself(path):
    assert _offences(path) == []


def test_the_check_sees_chinese_and_language_branches(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""文档可以写中文。"""\nx = "红色"\nif lang == "zh":\n    pass\n', encoding="utf-8")
    found = _offences(sample, tmp_path)
    assert [f.split(": ", 1)[1] for f in found] == ["Chinese in the code: '红色'", "a branch on the language 'zh'"]

