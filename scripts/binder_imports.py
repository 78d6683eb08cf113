"""Check that Binder's environment imports everything the kit and its notebooks import.

Run with the Python of an environment installed from ``binder/requirements.txt``
(plus the kit, ``--no-deps``), before any test tool is added to it. It imports

- every module of the ``pokelab`` and ``widgets`` packages, and
- every top-level module a code cell of a notebook in ``notebooks/`` or ``apps/``
  imports (read with ``ast``; a cell that is not Python, such as ``%%bash``, is
  skipped),

and exits 1 naming each module that fails and where it is needed. The test
command's own environment is installed from ``requirements/test.txt``, a lock
that pins every package Binder shares with it at the same version (``make
pins``), so the notebooks stage already runs every notebook on Binder's
versions; what it cannot show is a notebook or module that needs a package
only the test lock brings (pytest, Hypothesis, Jupyter Book ...). This does.

Usage: ``python scripts/binder_imports.py`` (from the repository root).

>>> sorted(imports_of("import numpy as np\\nfrom pokelab.odds import x\\nfrom . import y"))
['numpy', 'pokelab']
>>> imports_of("%%bash\\necho hi")
set()
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pokelab", "widgets")
NOTEBOOK_FOLDERS = ("notebooks", "apps")


def imports_of(source: str) -> set[str]:
    """The top-level module names one cell's code imports (relative imports left out)."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    if source.lstrip().startswith("%%"):
        return set()
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def notebook_imports() -> dict[str, str]:
    """Top-level module -> the first notebook (relative path) whose code imports it."""
    needed: dict[str, str] = {}
    for folder in NOTEBOOK_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            if ".ipynb_checkpoints" in path.parts:
                continue
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
            for cell in cells:
                if cell.get("cell_type") != "code":
                    continue
                source = cell.get("source", "")
                source = "".join(source) if isinstance(source, list) else source
                for name in imports_of(source):
                    needed.setdefault(name, str(path.relative_to(ROOT)))
    return needed


def kit_modules() -> list[str]:
    """Every module of the kit's packages, by dotted name."""
    names: list[str] = []
    for package in PACKAGES:
        module = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(module.__path__, prefix=f"{package}."):
            names.append(info.name)
    return names


def main() -> int:
    sys.path.insert(0, str(ROOT))
    failures: list[str] = []
    checked = 0
    for name in kit_modules():
        checked += 1
        try:
            importlib.import_module(name)
        except Exception:
            failures.append(f"{name} (a kit module): {traceback.format_exc(limit=1).strip()}")
    for name, where in sorted(notebook_imports().items()):
        checked += 1
        try:
            importlib.import_module(name)
        except Exception as err:
            failures.append(f"{name} (imported by {where}): {type(err).__name__}: {err}")
    for line in failures:
        print(f"binder: cannot import {line}", flush=True)
    print(f"binder: {checked - len(failures)} of {checked} imports work in Binder's environment", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
