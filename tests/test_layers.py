"""The import rules that lint-imports cannot say (issue 28); the layers themselves are in pyproject.toml.

- a ``_private`` module is imported only from inside its own package (``pokelab.odds._tree`` by
  ``pokelab.odds.*``, ``widgets.board.base`` by ``widgets.*``): a module outside, or a script, asks the
  package's public modules (the tests may read a private module they test);
- no function imports a module of pokelab or widgets: an import inside a function hides a cycle
  from the reader and from the layer check alike. Only libraries that are slow to load, or
  optional, may load inside the function that needs them (``LAZY``, with the reason).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pokelab", "widgets")

#: What may be imported inside a function, and why.
LAZY = {
    "pandas": "slow to import; the odds and the classroom load without it until a table is asked for",
    "plotly": "optional and slow; only a board that draws a figure needs it",
    "pokelab.tables.class_client": "the tables need SQLAlchemy: a pupil's answers reach the hub's class client only "
                                   "in a hub's kernel (whose environment has it); a laptop without it still imports "
                                   "the teaching layer",
    "jupyterhub": "the hub extra: only the class service's own process on a hub asks the hub through it (HubAuth)",
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources(folders: tuple[str, ...] = PACKAGES) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


@functools.cache  # both rules read the same ~290 files: each is parsed once
def _imports(path: Path) -> tuple[tuple[str, int, bool], ...]:
    """(module imported, line, inside a function?) for every import of ``path``; ``from a import b``
    names ``a.b`` when ``b`` is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            if isinstance(child, ast.Import):
                found.extend((a.name, child.lineno, in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*up, base] if base else up)
                for a in child.names:
                    sub = f"{base}.{a.name}"
                    as_module = [ROOT / Path(*sub.split(".")).with_suffix(".py"), ROOT / Path(*sub.split("."))]
                    is_module = base.split(".")[0] in PACKAGES and any(p.exists() for p in as_module)
                    found.append((sub if is_module else base, child.lineno, in_function))
            visit(child, inner)

    visit(tree, False)
    return tuple(found)


def test_the_scan_reads_nested_and_relative_imports() -> None:
    found = _imports(ROOT / "pokelab" / "odds" / "advice.py")
    assert ("pokelab.odds._tree", next(n for m, n, _ in found if m == "pokelab.odds._tree"), False) in found
    answer = _imports(ROOT / "pokelab" / "odds" / "advice_result.py")  # Advice.to_frame loads pandas lazily
    assert any(m == "pandas" and inside for m, _, inside in answer)


@pytest.mark.parametrize("path", _sources((*PACKAGES, "scripts", "benchmarks")), ids=lambda p: str(p.relative_to(ROOT)))
def test_private_modules_are_imported_only_inside_their_package(path: Path) -> None:
    me = _module_name(path)
    for target, line, _ in _imports(path):
        parts = target.split(".")
        if parts[0] not in PACKAGES:
            continue
        private = next((i for i, part in enumerate(parts) if part.startswith("_") and i > 0), None)
        if private is None:
            continue
        owner = ".".join(parts[:private])
        assert me == owner or me.startswith(owner + "."), (
            f"{path.relative_to(ROOT)}:{line} imports {target}, a private module of {owner}: "
            f"import a public module of {owner} instead"
        )


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_function_imports_a_module_of_the_project(path: Path) -> None:
    for target, line, inside in _imports(path):
        if not inside:
            continue
        allowed = any(target == lazy or target.startswith(lazy + ".") for lazy in LAZY)
        assert allowed, (
            f"{path.relative_to(ROOT)}:{line} imports {target} inside a function: import it at the top "
            f"(a cycle it would hide is a layer to fix, see [tool.importlinter] in pyproject.toml)"
        )
