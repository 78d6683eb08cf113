"""Generate the students' exercise notebooks from the solution notebooks: answers stripped, checks kept.

Usage:
    python scripts/make_exercises.py            # (re)write notebooks/exercises/
    python scripts/make_exercises.py --check    # list stale or missing exercise notebooks, exit 1 if any

In a solution notebook (any lesson under ``notebooks/`` outside ``exercises/``):

- a code line ending in ``# SOLUTION`` is removed; each run of such lines becomes
  ``answer_N = ...`` for every ``answer…`` name the run assigned (or a
  ``# your code here`` line when it assigned none);
- lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION`` are treated the same way;
- a cell tagged ``solution`` (a worked explanation) is dropped, and so is every hidden
  claims cell (tagged ``remove-input``): removed, not collapsed, so a pupil never opens one
  and reads a lesson's number or an answer in it (the lesson itself still checks its prose).

An exercise notebook sits one folder deeper than its lesson (``exercises/…``), so a
markdown link that leaves ``notebooks/`` (``../../docs/rules/…``) gains one ``../``;
links between lessons stay as they are and lead to the exercise versions.

Everything else — the lesson text, the boards, the ``check(...)`` calls — is kept,
so ``check`` answers "not answered yet" until the student replaces ``...``. The
answers live in ``pokelab.teaching``'s registry, never in a cell, and the banner
names no solution notebook: an exercise notebook links only to other exercise
notebooks and to the rulebooks. The
output is written normalised (``scripts/normalize_notebooks.py``), and
``tests/test_exercises.py`` fails when an exercise notebook is out of date.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import posixpath
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the kit of this checkout: the exercise version's words come from its catalogue

from pokelab.teaching.exercise_words import answer_blank, code_blank, exercise_banner  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
EXERCISES = NOTEBOOKS / "exercises"
MARK = "# SOLUTION"
BEGIN, END = "# BEGIN SOLUTION", "# END SOLUTION"
#: Cells the exercise version leaves out: worked solutions and the hidden claims cells.
DROPPED_TAGS = frozenset({"solution", "remove-input"})
def track_language(lesson: str | None) -> str:
    """The language of a lesson's track from its path relative to ``notebooks/`` (``zh/…``: Chinese).

    >>> track_language("zh/probability/30-x.ipynb"), track_language("probability/30-x.ipynb"), track_language(None)
    ('zh', 'en', 'en')
    """
    return "zh" if lesson is not None and lesson.split("/")[0] == "zh" else "en"


def banner(lesson: str | None) -> str:
    """The banner for the exercise version of ``lesson`` (relative to ``notebooks/``), in its track's language.

    >>> banner("zh/probability/30-x.ipynb").startswith("> **练习版**")
    True
    >>> banner("probability/30-x.ipynb") == banner(None)
    True
    """
    return exercise_banner(track_language(lesson))


_ASSIGNED = re.compile(r"^\s*(answer\w*)\s*=(?!=)")
_LINK = re.compile(r"(\]\()([^)\s]+)(\))")

_spec = importlib.util.spec_from_file_location("normalize_notebooks", ROOT / "scripts" / "normalize_notebooks.py")
_normalize = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_normalize)


def _placeholders(run: list[str], lang: str) -> list[str]:
    names: list[str] = []
    for line in run:
        match = _ASSIGNED.match(line)
        if match and match.group(1) not in names:
            names.append(match.group(1))
    indent = run[0][: len(run[0]) - len(run[0].lstrip())]  # a run inside a block keeps the block's indentation
    return [indent + blank for blank in [answer_blank(n, lang) for n in names] or [code_blank(lang)]]


def strip_source(source: str, lang: str = "en") -> str:
    """The code cell ``source`` with every solution line replaced by placeholders (their comment in ``lang``).

    >>> print(strip_source("x = 2\\nanswer_1 = x * 3  # SOLUTION\\ncheck('e', answer_1, 6)"))
    x = 2
    answer_1 = ...  # your answer
    check('e', answer_1, 6)
    >>> print(strip_source("# BEGIN SOLUTION\\nfor i in range(3):\\n    answer = i\\n# END SOLUTION", "zh"))
    answer = ...  # 你的答案
    >>> print(strip_source("def f():\\n    x = 1  # SOLUTION\\n    return x"))
    def f():
        # your code here
        return x
    >>> strip_source("# BEGIN SOLUTION\\nx = 1")
    Traceback (most recent call last):
    ...
    ValueError: '# BEGIN SOLUTION' without '# END SOLUTION'
    """
    out: list[str] = []
    run: list[str] = []
    in_block = False
    for line in source.split("\n"):
        stripped = line.strip()
        if stripped == BEGIN:
            if in_block:
                raise ValueError(f"nested {BEGIN!r}")
            in_block = True
            continue
        if stripped == END:
            if not in_block:
                raise ValueError(f"{END!r} without {BEGIN!r}")
            in_block = False
            continue
        if in_block or line.rstrip().endswith(MARK):
            run.append(line)
            continue
        if run:
            out.extend(_placeholders(run, lang))
            run = []
        out.append(line)
    if in_block:
        raise ValueError(f"{BEGIN!r} without {END!r}")
    if run:
        out.extend(_placeholders(run, lang))
    return "\n".join(out)


def relink(markdown: str, lesson: str) -> str:
    """``markdown`` of the lesson at ``lesson`` (relative to ``notebooks/``) with its links fixed for the exercise copy.

    The exercise copy sits in its track's ``exercises/`` folder (``notebooks/exercises/`` or
    ``notebooks/zh/exercises/``): a relative link that leaves the track gains one ``../``,
    and a link to a lesson of either track leads to that lesson's exercise version;
    anchors and web addresses are kept.

    >>> relink("[rules](../../docs/rules/x.en.md#sp-a1) · [next](12-y.ipynb)", "splendor/11-x.ipynb")
    '[rules](../../../docs/rules/x.en.md#sp-a1) · [next](12-y.ipynb)'
    >>> relink("[English](../00-start-here.ipynb) [规则](../../docs/r.zh.md)", "zh/00-start-here.ipynb")
    '[English](../../exercises/00-start-here.ipynb) [规则](../../../docs/r.zh.md)'
    >>> relink("[web](https://example.org/a) [top](#top)", "00-start-here.ipynb")
    '[web](https://example.org/a) [top](#top)'
    >>> relink("[x](../a.md)", "/abs.ipynb")
    Traceback (most recent call last):
    ...
    ValueError: lesson must be a path relative to notebooks/, got '/abs.ipynb'
    """
    if lesson.startswith("/"):
        raise ValueError(f"lesson must be a path relative to notebooks/, got {lesson!r}")
    folder = posixpath.dirname(lesson)
    out_folder = posixpath.dirname(exercise_rel(lesson))

    def fix(match: re.Match[str]) -> str:
        target = match.group(2)
        if target.startswith(("#", "/")) or re.match(r"^[a-z][a-z0-9+.-]*:", target):
            return match.group(0)
        path, hash_, anchor = target.partition("#")
        resolved = posixpath.normpath(posixpath.join(folder, path))
        if not resolved.startswith("../") and resolved.endswith(".ipynb"):
            resolved = exercise_rel(resolved)
        new = posixpath.relpath(resolved, out_folder or ".") + hash_ + anchor
        return f"{match.group(1)}{new}{match.group(3)}"

    return _LINK.sub(fix, markdown)


def exercise_rel(lesson: str) -> str:
    """Where the exercise version of ``lesson`` lives, both relative to ``notebooks/``.

    >>> exercise_rel("splendor/11-x.ipynb"), exercise_rel("zh/splendor/11-x.ipynb")
    ('exercises/splendor/11-x.ipynb', 'zh/exercises/splendor/11-x.ipynb')
    >>> exercise_rel("exercises/a.ipynb")
    'exercises/a.ipynb'
    """
    parts = lesson.split("/")
    track = parts[:1] if parts[0] == "zh" else []
    rest = parts[len(track):]
    if rest and rest[0] == "exercises":
        return lesson
    return "/".join([*track, "exercises", *rest])


def has_solutions(nb: dict) -> bool:
    """True when the notebook holds at least one solution line or solution cell."""
    for cell in nb.get("cells", []):
        text = "".join(cell.get("source", ""))
        if "solution" in (cell.get("metadata", {}).get("tags") or []):
            return True
        if cell.get("cell_type") == "code" and (MARK in text or BEGIN in text):
            return True
    return False


def make_exercise(nb: dict, lesson: str | None = None) -> dict:
    """The exercise version of the solution notebook ``nb``.

    ``lesson`` (the lesson's path relative to ``notebooks/``) turns on ``relink`` for its markdown.
    """
    out = copy.deepcopy(nb)
    cells = []
    for cell in out["cells"]:
        if DROPPED_TAGS & set(cell.get("metadata", {}).get("tags") or []):
            continue
        text = "".join(cell.get("source", ""))
        if cell["cell_type"] == "code":
            cell["source"] = strip_source(text, track_language(lesson))
        elif cell["cell_type"] == "markdown" and lesson is not None:
            cell["source"] = relink(text, lesson)
        cells.append(cell)
    first_md = next((c for c in cells if c["cell_type"] == "markdown"), None)
    if first_md is not None:
        first_md["source"] = banner(lesson) + "".join(first_md["source"])
    out["cells"] = cells
    return _normalize.normalized(out)


def solution_notebooks(root: Path = NOTEBOOKS) -> list[Path]:
    """Every lesson notebook with solutions, outside ``exercises/``, sorted."""
    found = []
    for path in sorted(root.rglob("*.ipynb")):
        rel = path.relative_to(root)
        if "exercises" in rel.parts[:2] or ".ipynb_checkpoints" in rel.parts:
            continue
        if has_solutions(json.loads(path.read_text(encoding="utf-8"))):
            found.append(path)
    return found


def exercise_path(path: Path, root: Path = NOTEBOOKS) -> Path:
    """Where the exercise version of the lesson at ``path`` lives (in its own track's ``exercises/``)."""
    return root / exercise_rel(path.relative_to(root).as_posix())


def expected_files(root: Path = NOTEBOOKS) -> dict[Path, str]:
    """Every exercise notebook the lessons call for, with its exact text."""
    files = {}
    for path in solution_notebooks(root):
        nb = json.loads(path.read_text(encoding="utf-8"))
        lesson = path.relative_to(root).as_posix()
        files[exercise_path(path, root)] = _normalize.dumps(
            make_exercise(nb, lesson)
        )
    return files


def stale(root: Path = NOTEBOOKS) -> list[str]:
    """Exercise notebooks that are missing, out of date, or left over from a removed lesson."""
    want = expected_files(root)
    problems = [
        f"out of date: {p.relative_to(root)}" if p.exists() else f"missing: {p.relative_to(root)}"
        for p, text in want.items()
        if not p.exists() or p.read_text(encoding="utf-8") != text
    ]
    problems += [f"left over: {p.relative_to(root)}" for p in _exercise_files(root) if p not in want]
    return problems


def _exercise_files(root: Path = NOTEBOOKS) -> list[Path]:
    """Every exercise notebook on disk, in both tracks."""
    return sorted(
        p
        for folder in (root / "exercises", root / "zh" / "exercises")
        if folder.is_dir()
        for p in folder.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report, do not write")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        for line in problems:
            print(line, "(run `python scripts/make_exercises.py`)")
        return 1 if problems else 0
    want = expected_files()
    for path, text in want.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for path in _exercise_files():
        if path not in want:
            path.unlink()
            print(f"removed {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
