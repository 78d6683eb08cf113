"""Build every lesson notebook of both tracks, English and Chinese, from one source per lesson.

Usage:
    python scripts/build_lessons.py              # write notebooks/ and notebooks/zh/, run them, make the exercise versions
    python scripts/build_lessons.py --check      # list stale, missing or orphan notebooks; exit 1 if any
    python scripts/build_lessons.py --no-execute lessons/probability/30-counting-and-the-last-token.md

The source of a lesson is ``lessons/<part>/<name>.md``, a jupytext MyST notebook
(open it in JupyterLab as a notebook, or edit it as text). It becomes
``notebooks/<part>/<name>.ipynb`` (English) and ``notebooks/zh/<part>/<name>.ipynb``
(Chinese). In the source:

- a cell whose metadata says ``lang: en`` or ``lang: zh`` goes into that language's
  notebook only (markdown: ``+++ {"lang": "zh"}`` before the cell; code: a ``lang: zh``
  option). Every other cell goes into both, so the code, the pinned numbers and the
  exercises cannot drift apart;
- a code line ``LANG = "en"`` is written ``LANG = "zh"`` in the Chinese notebook (with a
  comment in that language); the lesson passes ``LANG`` to ``set_language``, the boards
  and ``tr("text", "文字")``;
- a comment or a one-line docstring in shared code is written in both languages, English
  first, split by ``‖`` (a comment ``# count the tokens ‖ 数一数代币``, a docstring
  ``Your cards ‖ 你的卡``);
  each notebook keeps its own half, so a Chinese pupil reads Chinese comments;
- links are written as seen from the English notebook. In the Chinese notebook (one
  folder deeper) a link that leaves ``notebooks/`` gains one ``../``; ``@en/path`` and
  ``@zh/path`` name a notebook of the English or the Chinese track from either one.

A built notebook is then run (nbclient, ``POKELAB_STRICT_CHECKS=1`` so a wrong
answer in a solution fails the build) and normalised (``scripts/normalize_notebooks.py``:
only the outputs nbval checks are kept); last, ``scripts/make_exercises.py`` writes the
exercise versions of both tracks. ``tests/test_lessons_built.py`` runs ``--check``,
so a notebook edited by hand, or a source changed without ``make lessons``, fails the tests.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import importlib.util
import json
import os
import posixpath
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
NOTEBOOKS = ROOT / "notebooks"
TRACKS = ("en", "zh")
_LANG_LINE = re.compile(r'^(\s*)LANG\s*=\s*"(?:en|zh)".*$', re.MULTILINE)
#: The line that sets a notebook's language, as each track's notebook shows it.
LANG_LINES = {
    "en": 'LANG = "en"  # this notebook\'s language (its Chinese twin, built from the same source, says "zh")',
    "zh": 'LANG = "zh"  # 本笔记本的语言（由同一份源文件生成的英文版写 "en"）',
}
_LINK = re.compile(r"(\]\()([^)\s]+)(\))")
BOTH = "‖"  # splits a code comment or docstring into its English and Chinese halves
_BILINGUAL_DOC = re.compile(r'("""|\'\'\')([^\n]*?)\s*‖\s*([^\n]*?)\1')
#: The Chinese half stops before a trailing ``  # SOLUTION`` marker, which both halves keep.
_BILINGUAL_COMMENT = re.compile(r"(#\s*)([^#\n]*?)\s*‖\s*([^\n]*?)(\s+# SOLUTION)?$", re.MULTILINE)
_TRACK_LINK = re.compile(r"^@(en|zh)/(.+)$")


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_normalize = _load("normalize_notebooks")


def track_root(lang: str) -> Path:
    """The folder of a track's notebooks: ``notebooks/`` for English, ``notebooks/zh/`` for Chinese.

    >>> track_root("zh").relative_to(ROOT).as_posix()
    'notebooks/zh'
    >>> track_root("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown track 'fr': the tracks are en, zh
    """
    if lang not in TRACKS:
        raise ValueError(f"unknown track {lang!r}: the tracks are {', '.join(TRACKS)}")
    return NOTEBOOKS if lang == "en" else NOTEBOOKS / lang


def sources(root: Path = LESSONS) -> list[Path]:
    """Every lesson source under ``lessons/``, sorted."""
    return sorted(p for p in root.rglob("*.md") if ".ipynb_checkpoints" not in p.parts and p.name != "README.md")


def output_path(source: Path, lang: str, root: Path = LESSONS) -> Path:
    """Where the ``lang`` notebook of the lesson ``source`` is written.

    >>> output_path(LESSONS / "splendor" / "11-taking-tokens.md", "zh").relative_to(ROOT).as_posix()
    'notebooks/zh/splendor/11-taking-tokens.ipynb'
    """
    return track_root(lang) / source.relative_to(root).with_suffix(".ipynb")


def relink(markdown: str, lesson: str, lang: str) -> str:
    """``markdown`` of the lesson ``lesson`` (a path relative to the English track) with its links for track ``lang``.

    >>> relink("[rules](../../docs/rules/x.zh.md#a) · [next](12-y.ipynb)", "splendor/11-x.ipynb", "zh")
    '[rules](../../../docs/rules/x.zh.md#a) · [next](12-y.ipynb)'
    >>> relink("[中文](@zh/00-start-here.ipynb) [English](@en/00-start-here.ipynb)", "00-start-here.ipynb", "zh")
    '[中文](00-start-here.ipynb) [English](../00-start-here.ipynb)'
    >>> relink("[中文](@zh/splendor/10-a.ipynb)", "splendor/11-b.ipynb", "en")
    '[中文](../zh/splendor/10-a.ipynb)'
    >>> relink("[x](@fr/a.ipynb)", "a.ipynb", "en")
    Traceback (most recent call last):
    ...
    ValueError: a.ipynb: the link '@fr/a.ipynb' names no track (use @en/ or @zh/)
    """
    here = posixpath.dirname(lesson)
    out_dir = posixpath.join("zh", here) if lang == "zh" else here

    def fix(match: re.Match[str]) -> str:
        target = match.group(2)
        named = _TRACK_LINK.match(target)
        if target.startswith("@") and not named:
            raise ValueError(f"{lesson}: the link {target!r} names no track (use @en/ or @zh/)")
        if named:
            track, path = named.groups()
            full = posixpath.join("zh", path) if track == "zh" else path
            return f"{match.group(1)}{posixpath.relpath(full, out_dir or '.')}{match.group(3)}"
        if lang == "en" or target.startswith(("#", "/")) or re.match(r"^[a-z][a-z0-9+.-]*:", target):
            return match.group(0)
        if posixpath.normpath(posixpath.join(here, target)).startswith("../"):
            return f"{match.group(1)}../{target}{match.group(3)}"
        return match.group(0)

    return _LINK.sub(fix, markdown)


def localize_code(code: str, lang: str) -> str:
    """``code`` with each bilingual comment and one-line docstring cut to its ``lang`` half.

    >>> doc = '"' * 3
    >>> localize_code(f"x = 1  # one token ‖ 一枚代币\\n{doc}Cards ‖ 卡{doc}", "zh") == f"x = 1  # 一枚代币\\n{doc}卡{doc}"
    True
    >>> localize_code("y = 2  # two ‖ 二", "en")
    'y = 2  # two'
    >>> localize_code("y = 2  # two ‖ 二  # SOLUTION", "en")  # the exercise copy still drops the line
    'y = 2  # two  # SOLUTION'
    >>> localize_code('s = "a ‖ b"', "en")
    Traceback (most recent call last):
    ...
    ValueError: line 1: ‖ outside a comment or a one-line docstring: 's = "a ‖ b"'
    """
    half = TRACKS.index(lang) + 2
    code = _BILINGUAL_DOC.sub(lambda m: m.group(1) + m.group(half) + m.group(1), code)
    code = _BILINGUAL_COMMENT.sub(lambda m: m.group(1) + m.group(half) + (m.group(4) or ""), code)
    for number, line in enumerate(code.splitlines(), start=1):
        if BOTH in line:
            raise ValueError(f"line {number}: {BOTH} outside a comment or a one-line docstring: {line.strip()!r}")
    return code


def read_source(source: Path) -> dict:
    """The source as a plain notebook dict (jupytext MyST), each cell's ``lang`` checked."""
    import jupytext

    nb = json.loads(jupytext.writes(jupytext.read(source, fmt="md:myst"), fmt="ipynb"))
    for number, cell in enumerate(nb["cells"], start=1):
        lang = cell.get("metadata", {}).get("lang")
        if lang is not None and lang not in TRACKS:
            name = source.relative_to(ROOT) if source.is_relative_to(ROOT) else source
            raise ValueError(f"{name} cell {number}: lang must be en or zh, not {lang!r}")
    return nb


def build(source: Path, lang: str, root: Path = LESSONS) -> dict:
    """The ``lang`` notebook of ``source``, not yet run: its cells, links and ``LANG`` for that track."""
    nb = read_source(source)
    lesson = source.relative_to(root).with_suffix(".ipynb").as_posix()
    cells = []
    for number, cell in enumerate(nb["cells"], start=1):
        meta = dict(cell.get("metadata", {}))
        cell_lang = meta.pop("lang", None)
        if cell_lang not in (None, lang):
            continue
        new = copy.deepcopy(cell)
        new["metadata"] = meta
        text = "".join(new.get("source", ""))
        if new["cell_type"] == "code":
            text = _LANG_LINE.sub(lambda m: m.group(1) + LANG_LINES[lang], text)
            try:
                text = localize_code(text, lang)
            except ValueError as err:
                raise ValueError(f"{source.name}, cell {number}: {err}") from None
        elif new["cell_type"] == "markdown":
            text = relink(text, lesson, lang)
        new["source"] = text
        cells.append(new)
    for number, cell in enumerate(cells):  # stable ids: a rebuild changes only what changed
        cell["id"] = cell_id(lesson, lang, number)
    nb["cells"] = cells
    nb["metadata"] = {
        "kernelspec": dict(_normalize.KERNELSPEC),
        "language_info": dict(_normalize.LANGUAGE_INFO),
    }
    return _normalize.normalized(nb)


def cell_id(lesson: str, lang: str, number: int) -> str:
    """The id of cell ``number`` of the ``lang`` notebook of ``lesson``: the same on every build.

    >>> cell_id("probability/30-x.ipynb", "zh", 0) == cell_id("probability/30-x.ipynb", "zh", 0)
    True
    >>> len(cell_id("a.ipynb", "en", 3))
    8
    """
    return hashlib.sha1(f"{lesson}\x00{lang}\x00{number}".encode()).hexdigest()[:8]


def _cells_of(nb: dict) -> list[tuple[str, str, str]]:
    keep = []
    for cell in nb.get("cells", []):
        meta = {k: v for k, v in cell.get("metadata", {}).items() if k in ("tags", "jupyter")}
        keep.append((cell["cell_type"], "".join(cell.get("source", "")), json.dumps(meta, sort_keys=True)))
    return keep


def stale(root: Path = LESSONS) -> list[str]:
    """Built notebooks that are missing or differ from their source, and lesson notebooks that have no source."""
    problems = []
    wanted = set()
    for source in sources(root):
        for lang in TRACKS:
            path = output_path(source, lang, root)
            wanted.add(path)
            name = path.relative_to(ROOT).as_posix()
            if not path.exists():
                problems.append(f"missing: {name}")
            elif _cells_of(json.loads(path.read_text(encoding="utf-8"))) != _cells_of(build(source, lang, root)):
                problems.append(f"out of date: {name} (its source is {source.relative_to(ROOT).as_posix()})")
    for lang in TRACKS:
        base = track_root(lang)
        for path in sorted(base.rglob("*.ipynb")) if base.is_dir() else []:
            rel = path.relative_to(base).parts
            if rel[0] == "exercises" or (lang == "en" and rel[0] in TRACKS) or ".ipynb_checkpoints" in rel:
                continue
            if path not in wanted:
                problems.append(f"no source: {path.relative_to(ROOT).as_posix()} (write lessons/…md and build it)")
    return problems


def execute(path: Path) -> str:
    """Run the notebook at ``path`` in its folder (strict checks on) and write it back normalised."""
    import nbformat
    from nbclient import NotebookClient

    os.environ["POKELAB_STRICT_CHECKS"] = "1"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    shown = _load("answers_above").answers_shown_above(json.loads(nbformat.writes(nb)))
    if shown:  # every output is still here: a worked example must not print the answer of the exercise below it
        raise RuntimeError(f"{path.relative_to(ROOT).as_posix()}: an exercise's answer is printed above it:\n" + "\n".join(shown))
    path.write_text(_normalize.dumps(_normalize.normalized(json.loads(nbformat.writes(nb)))), encoding="utf-8")
    return path.relative_to(ROOT).as_posix()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale notebooks, write nothing")
    parser.add_argument("--no-execute", action="store_true", help="write the notebooks without running them")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks run at once (default 2)")
    parser.add_argument("only", nargs="*", type=Path, help="lesson sources to build (default: all)")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        for line in problems:
            print(line, "— run `make lessons`")
        return 1 if problems else 0
    chosen = [p.resolve() for p in args.only] or sources()
    unknown = [str(p) for p in chosen if p not in sources()]
    if unknown:
        print(f"not a lesson source under lessons/: {', '.join(unknown)}", file=sys.stderr)
        return 2
    written = []
    for source in chosen:
        for lang in TRACKS:
            path = output_path(source, lang)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_normalize.dumps(build(source, lang)), encoding="utf-8")
            written.append(path)
    if not args.no_execute:
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for name in pool.map(execute, written):
                print(f"built {name}", flush=True)
    return _load("make_exercises").main([])


if __name__ == "__main__":
    sys.exit(main())
