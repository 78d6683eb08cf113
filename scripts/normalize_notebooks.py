"""Keep notebooks clean in git: no outputs, no execution counts, no widget state.

Usage:
    python scripts/normalize_notebooks.py            # rewrite every notebook in place
    python scripts/normalize_notebooks.py --check    # list un-normalised notebooks, exit 1 if any

The test suite runs the check (tests/test_notebooks_clean.py), so a notebook
committed with stale outputs fails the tests.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIRS = ("notebooks", "tests/browser/fixtures")
KEEP_NOTEBOOK_METADATA = ("kernelspec", "language_info")
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python"}


def notebooks(root: Path = ROOT) -> list[Path]:
    """Every tracked-looking notebook under the notebook folders, sorted."""
    found: list[Path] = []
    for folder in NOTEBOOK_DIRS:
        base = root / folder
        if base.is_dir():
            found.extend(p for p in base.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    return sorted(found)


def normalized(nb: dict) -> dict:
    """The notebook with outputs, counts, widget state and volatile metadata removed."""
    clean = dict(nb)
    clean["metadata"] = {k: nb.get("metadata", {}).get(k) for k in KEEP_NOTEBOOK_METADATA}
    clean["metadata"]["kernelspec"] = KERNELSPEC
    clean["metadata"]["language_info"] = LANGUAGE_INFO
    cells = []
    for cell in nb.get("cells", []):
        cell = dict(cell)
        tags = cell.get("metadata", {}).get("tags")
        cell["metadata"] = {"tags": tags} if tags else {}
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
        if isinstance(cell.get("source"), list):
            cell["source"] = "".join(cell["source"])
        cells.append(cell)
    clean["cells"] = cells
    return clean


def dumps(nb: dict) -> str:
    """Serialise the way Jupyter does (1-space indent, non-ASCII kept, trailing newline)."""
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


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
