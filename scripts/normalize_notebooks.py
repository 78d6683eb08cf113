"""Keep notebooks clean in git: no stale outputs, no execution counts, no widget state.

Cell metadata keeps only the tags and JupyterLab's ``jupyter.source_hidden`` (the hidden
assertion cells that check a lesson's claims stay collapsed).

Outputs are stripped from every cell except those marked ``# NBVAL_CHECK_OUTPUT``:
there nbval compares the fresh output with the committed one, so those cells keep
their plain-text output (and nothing else). Refresh them after changing a lesson
with ``make refresh-notebooks`` (execute, then normalise).

Usage:
    python scripts/normalize_notebooks.py            # rewrite every notebook in place
    python scripts/normalize_notebooks.py --check    # list un-normalised notebooks, exit 1 if any

The test suite runs the check (tests/test_notebooks_clean.py), so a notebook
committed with stale outputs fails the tests.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path

import nbformat
from nbformat.v4.rwbase import split_lines

from pokelab import notebook_files

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIRS = ("notebooks", "apps", "tests/browser/fixtures", "tests/browser/notebooks")
KEEP_NOTEBOOK_METADATA = ("kernelspec", "language_info")
# What JupyterLab writes into a notebook it opens on the kit's Python (issue 31): one definition,
# shared with the save hook of the kit's Jupyter server (pokelab.notebook_files).
KERNELSPEC = notebook_files.KERNELSPEC
PYTHON_VERSION = notebook_files.PYTHON_VERSION
LANGUAGE_INFO = notebook_files.LANGUAGE_INFO


def notebooks(root: Path = ROOT) -> list[Path]:
    """Every tracked-looking notebook under the notebook folders, sorted."""
    found: list[Path] = []
    for folder in NOTEBOOK_DIRS:
        base = root / folder
        if base.is_dir():
            found.extend(p for p in base.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    return sorted(found)


CHECK_MARK = "# NBVAL_CHECK_OUTPUT"


def _checked_outputs(outputs: list[dict], count: int) -> list[dict]:
    """The plain-text part of a checked cell's outputs, numbered ``count``, without metadata."""
    kept: list[dict] = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream":
            kept.append(
                {
                    "name": out.get("name", "stdout"),
                    "output_type": "stream",
                    "text": _text(out.get("text", "")),
                }
            )
        elif kind in ("execute_result", "display_data") and "text/plain" in out.get("data", {}):
            item = {
                "data": {"text/plain": _text(out["data"]["text/plain"])},
                "metadata": {},
                "output_type": kind,
            }
            if kind == "execute_result":
                item["execution_count"] = count
            kept.append(item)
    return kept


def _text(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def normalized(nb: dict) -> dict:
    """The notebook with unchecked outputs, counts, widget state and volatile metadata removed."""
    clean = dict(nb)
    clean["metadata"] = {k: nb.get("metadata", {}).get(k) for k in KEEP_NOTEBOOK_METADATA}
    clean["metadata"]["kernelspec"] = KERNELSPEC
    clean["metadata"]["language_info"] = LANGUAGE_INFO
    cells = []
    code_cells = 0
    for original in nb.get("cells", []):
        cell = dict(original)
        tags = original.get("metadata", {}).get("tags")
        cell["metadata"] = {"tags": tags} if tags else {}
        if original.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
            # a hidden assertion cell stays collapsed in JupyterLab
            cell["metadata"]["jupyter"] = {"source_hidden": True}
        cell["source"] = _text(original.get("source", ""))
        if cell.get("cell_type") == "code":
            # nbval refuses a reference output on a cell that was never run, so a checked
            # cell keeps a stable execution count: its position among the code cells.
            code_cells += 1
            checked = CHECK_MARK in cell["source"] and bool(original.get("outputs"))
            cell["outputs"] = _checked_outputs(original["outputs"], code_cells) if checked else []
            cell["execution_count"] = code_cells if checked else None
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
        cells.append(cell)
    clean["cells"] = cells
    return clean


def dumps(nb: dict) -> str:
    """Serialise the way Jupyter's server saves a notebook, byte for byte (nbformat's writer: sources and
    texts split into lines, 1-space indent, sorted keys, non-ASCII kept, trailing newline), so that
    saving an unchanged notebook from JupyterLab rewrites none of its bytes (issue 31)."""
    return json.dumps(split_lines(nbformat.from_dict(copy.deepcopy(nb))), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def is_clean(path: Path) -> bool:
    """True when the file already is in its normalised form."""
    text = path.read_text(encoding="utf-8")
    return text == dumps(normalized(json.loads(text)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report, do not rewrite")
    args = parser.parse_args(argv)
    dirty = [p for p in notebooks() if not is_clean(p)]
    if args.check:
        for path in dirty:
            print(f"not normalised: {path.relative_to(ROOT)}  (run `make normalize`)")
        return 1 if dirty else 0
    for path in dirty:
        nb = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(dumps(normalized(nb)), encoding="utf-8")
        print(f"normalised {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
