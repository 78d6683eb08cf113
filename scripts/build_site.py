"""Build the course as a static website: every lesson executed, rendered by Jupyter Book.

Usage:
    python scripts/build_site.py                   # build/site/html (what `make site` runs)
    python scripts/build_site.py --out DIR         # the finished site in DIR instead
    python scripts/build_site.py --only 20 --only 10-components
                                                   # execute only lessons whose path contains
                                                   # one of these (the rest keep their pinned
                                                   # outputs): a quick build while developing

Steps: (1) each lesson is executed once per build into ``build/executed/`` with nbclient
(``store_widget_state=True``), never touching the committed notebooks; a lesson whose source,
engine and widgets are unchanged is reused from there (the notebooks stage of
``scripts/run_tests.py`` writes those copies for the lessons that pass: ``notebooks/conftest.py``;
``$POKELAB_EXECUTED_DIR`` names another folder); (2) plotly outputs gain the static
HTML plotly.io writes for them, and each board a note in the lesson's language that it is a saved
picture, with its link to play it in Binder (widgets.apps.site_board); (3) the
lessons, the rulebooks, the teacher's guide and the glossary are staged with the config in
``site/`` and Jupyter Book builds the HTML; (4) every script a page needs is served from
``_static/vendor`` (``scripts/_site_vendor.py``). No page loads anything from a CDN.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import copy
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the kit of this checkout: the boards' note comes from its catalogue

from pokelab.words import languages  # noqa: E402
from scripts._site_vendor import vendor_scripts  # noqa: E402
from widgets.apps.site_board import saved_board_note  # noqa: E402

SITE = ROOT / "site"
BUILD = ROOT / "build"
EXECUTED = BUILD / "executed"
EXECUTED_ENV = "POKELAB_EXECUTED_DIR"  # another folder for the executed lessons (tests use it)
REPOSITORY = "https://github.com/pokelab/pokelab"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLOTLY = "application/vnd.plotly.v1+json"
# Parts of the site: (folder under notebooks/, part title, intro page); the Chinese track's parts
# hold notebooks/zh/FOLDER with the intro page INTRO.zh.
LESSON_PARTS = [
    ("splendor", "Splendor: Pokémon 璀璨宝石：宝可梦", "splendor"),
    ("herecomes", "Here Comes Pokémon! 来啦！宝可梦", "herecomes"),
    ("probability", "Probability 概率", "probability"),
]
LESSON_PARTS_ZH = [
    ("zh/splendor", "中文课程：璀璨宝石：宝可梦", "splendor.zh"),
    ("zh/herecomes", "中文课程：来啦！宝可梦", "herecomes.zh"),
    ("zh/probability", "中文课程：概率", "probability.zh"),
]
DOCS = [
    "docs/teacher-guide.md",
    "docs/house-rules.md",
    "docs/rules-here-comes-trainers.md",
    "docs/zh/teacher-guide.md",
    "docs/zh/house-rules.md",
    "docs/zh/rules-here-comes-trainers.md",
]
#: One page in both languages, made from docs/glossary.csv by scripts/build_glossary.py.
GLOSSARY = "docs/glossary.md"
RULEBOOKS = ["splendor-pokemon", "here-comes-pokemon"]
_LINK = re.compile(r"(\]\()([^)\s]+)(\))")


def lessons() -> list[Path]:
    """Every lesson notebook of both tracks (``notebooks/…`` and ``notebooks/zh/…``, not the exercise versions).

    Paths are relative to the repository.
    """
    found = []
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        rel = path.relative_to(ROOT)
        if "exercises" in rel.parts or ".ipynb_checkpoints" in rel.parts:
            continue
        found.append(rel)
    return found


def _code_fingerprint() -> str:
    """A hash of the engine and widget sources: an executed lesson is stale when it changes."""
    digest = hashlib.sha256()
    for folder in ("pokelab", "widgets"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".js", ".css", ".csv", ".json"}:
                digest.update(path.relative_to(ROOT).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _plotly_html(figure: dict) -> str:
    """The static HTML plotly.io writes for a figure (plotly.js itself comes from the page)."""
    import plotly.io as pio

    return pio.to_html(figure, include_plotlyjs=False, full_html=False, validate=False)


def lesson_language(notebook: str) -> str:
    """The language of a lesson from its path: ``notebooks/LANG/…`` for a track other than English.

    >>> lesson_language("notebooks/zh/herecomes/20-a-round-step-by-step.ipynb"), lesson_language("notebooks/00-start-here.ipynb")
    ('zh', 'en')
    """
    parts = Path(notebook).parts
    return parts[1] if len(parts) > 2 and parts[1] in languages() else "en"


def prepare_outputs(nb: dict, notebook: str = "", lang: str = "") -> dict:
    """Copy of an executed notebook whose plotly outputs carry static HTML and whose boards a note.

    The note under each saved board (``widgets.apps.site_board``) says it is a picture of a
    position and links to ``notebook`` in Binder (the repository when not given), in ``lang``
    (default: the lesson's language).

    >>> nb = {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "outputs": [
    ...     {"output_type": "display_data", "metadata": {},
    ...      "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "m"}}}]}]}
    >>> outputs = prepare_outputs(nb, "notebooks/zh/splendor/11-taking-tokens.ipynb")["cells"][0]["outputs"]
    >>> [sorted(o.get("data", {})) for o in outputs]
    [['application/vnd.jupyter.widget-view+json'], ['text/html']]
    >>> "mybinder.org" in outputs[1]["data"]["text/html"]
    True
    >>> prepare_outputs({"cells": "x"}, "notebooks/00-start-here.ipynb")
    Traceback (most recent call last):
    ...
    ValueError: a notebook's cells are a list, got str
    """
    if not isinstance(nb.get("cells"), list):
        raise ValueError(f"a notebook's cells are a list, got {type(nb.get('cells')).__name__}")
    out = copy.deepcopy(nb)
    note = saved_board_note(notebook, lang or lesson_language(notebook))
    for cell in out["cells"]:
        outputs = []
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if PLOTLY in data and "text/html" not in data:
                data["text/html"] = _plotly_html(data[PLOTLY])
            outputs.append(output)
            if WIDGET_VIEW in data:
                outputs.append(
                    {
                        "output_type": "display_data",
                        "metadata": {},
                        "data": {"text/html": note},
                    }
                )
        if "outputs" in cell:
            cell["outputs"] = outputs
    return out


def _execute_one(job: tuple[str, str, str]) -> tuple[str, float]:
    """Execute one lesson (worker process): source path, target path, fingerprint."""
    import nbclient
    import nbformat

    source, target, fingerprint = job
    start = time.perf_counter()
    # The kernel imports the engine and widgets of this checkout, whatever else is installed.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
    )
    nb = nbformat.read(source, as_version=4)
    client = nbclient.NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(Path(source).parent)}},
    )
    client.execute()
    nb.metadata["pokelab_build"] = {"fingerprint": fingerprint}
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, target)
    return str(source), time.perf_counter() - start


def lesson_fingerprint(path: Path, code: str | None = None) -> str:
    """The fingerprint an executed copy of lesson ``path`` carries in ``metadata.pokelab_build``.

    A hash of the lesson's source and of ``code`` (``_code_fingerprint()`` unless given); the
    notebooks stage (``notebooks/conftest.py``) writes copies with the same one.

    >>> len(lesson_fingerprint(Path("notebooks/00-start-here.ipynb"), code="x"))
    64
    >>> lesson_fingerprint(Path("notebooks/no-such-lesson.ipynb"), code="x")
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: '.../notebooks/no-such-lesson.ipynb'
    """
    code = _code_fingerprint() if code is None else code
    return hashlib.sha256((ROOT / path).read_bytes() + code.encode()).hexdigest()


def executed_dir() -> Path:
    """Where executed lessons are kept: ``$POKELAB_EXECUTED_DIR`` if set, else ``build/executed``.

    >>> saved = os.environ.pop(EXECUTED_ENV, None); executed_dir() == EXECUTED
    True
    >>> os.environ[EXECUTED_ENV] = "/tmp/copies"; executed_dir()
    PosixPath('/tmp/copies')
    >>> del os.environ[EXECUTED_ENV]; os.environ.update({EXECUTED_ENV: saved} if saved else {})
    """
    return Path(os.environ.get(EXECUTED_ENV) or EXECUTED)


def execute_lessons(
    paths: list[Path], cache: Path | None = None, jobs: int = 2, only: list[str] | None = None
) -> dict[Path, Path]:
    """Execute each lesson that is not fresh in ``cache``; return lesson -> executed notebook.

    ``cache`` defaults to ``executed_dir()``; a copy there is fresh when its
    ``metadata.pokelab_build.fingerprint`` is ``lesson_fingerprint(lesson)`` (the notebooks
    stage writes such copies for the lessons it ran). With ``only``, a lesson whose path
    contains none of the strings is not executed: its committed notebook (pinned outputs) is
    used as it is.
    """
    cache = executed_dir() if cache is None else cache
    code = _code_fingerprint()
    result: dict[Path, Path] = {}
    todo: list[tuple[str, str, str]] = []
    for path in paths:
        if only and not any(part in path.as_posix() for part in only):
            result[path] = ROOT / path
            continue
        target = cache / path
        fingerprint = lesson_fingerprint(path, code)
        result[path] = target
        if target.exists():
            meta = json.loads(target.read_text(encoding="utf-8")).get("metadata", {})
            if meta.get("pokelab_build", {}).get("fingerprint") == fingerprint:
                continue
        todo.append((str(ROOT / path), str(target), fingerprint))
    if todo:
        env_jobs = max(1, min(jobs, len(todo)))
        print(f"build: executing {len(todo)} notebook(s) on {env_jobs} process(es) ...", flush=True)
        with concurrent.futures.ProcessPoolExecutor(env_jobs) as pool:
            for source, seconds in pool.map(_execute_one, todo):
                print(f"  {Path(source).relative_to(ROOT)}: {seconds:.0f}s", flush=True)
    return result


def _relink(markdown: str, source: Path, staged: set[str]) -> str:
    """Links of a staged markdown page: a repository file the site lacks points to GitHub."""

    def fix(match: re.Match[str]) -> str:
        target = match.group(2)
        if target.startswith(("#", "/")) or re.match(r"^[a-z][a-z0-9+.-]*:", target):
            return match.group(0)
        path, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(source.parent.as_posix(), path))
        if resolved in staged or resolved.startswith(".."):
            return match.group(0)
        if resolved.endswith(".zh.md") and resolved.replace(".zh.md", ".en.md") in staged:
            return match.group(0).replace(".zh.md", ".en.md")  # not translated yet
        url = f"{REPOSITORY}/blob/main/{resolved}" + (f"#{anchor}" if anchor else "")
        return f"{match.group(1)}{url}{match.group(3)}"

    return _LINK.sub(fix, markdown)


def stage(dest: Path, executed: dict[Path, Path]) -> list[str]:
    """Lay out the book's source in ``dest``; return the pages (paths without suffix) it holds."""
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(SITE, dest)
    markdown = [Path(p) for p in [*DOCS, GLOSSARY] if (ROOT / p).exists()]
    markdown += sorted(p.relative_to(ROOT) for p in (ROOT / "docs" / "rules").glob("*.md"))
    staged = {p.as_posix() for p in executed} | {p.as_posix() for p in markdown}
    for lesson, notebook in executed.items():
        target = dest / lesson
        target.parent.mkdir(parents=True, exist_ok=True)
        nb = prepare_outputs(json.loads(notebook.read_text(encoding="utf-8")), lesson.as_posix())
        for cell in nb["cells"]:  # a link to a notebook the site lacks (the Chinese track) leads to GitHub
            if cell["cell_type"] == "markdown":
                cell["source"] = _relink("".join(cell["source"]), Path(lesson), staged)
        target.write_text(json.dumps(nb), encoding="utf-8")
    for page in markdown:
        (dest / page).parent.mkdir(parents=True, exist_ok=True)
        text = (ROOT / page).read_text(encoding="utf-8")
        (dest / page).write_text(_relink(text, page, staged), encoding="utf-8")
    (dest / "_toc.yml").write_text(table_of_contents(dest), encoding="utf-8")
    return sorted(
        p.relative_to(dest).with_suffix("").as_posix()
        for p in dest.rglob("*")
        if p.suffix in {".md", ".ipynb"} and "_build" not in p.parts
    )


def table_of_contents(dest: Path) -> str:
    """The ``_toc.yml`` of the staged book: one part per game, topic, rulebook and audience."""

    def entry(path: Path, sections: list[Path] | None = None, indent: str = "      ") -> str:
        text = f"{indent}- file: {path.with_suffix('').as_posix()}\n"
        if sections:
            text += f"{indent}  sections:\n"
            text += "".join(entry(s, indent=indent + "  ") for s in sections)
        return text

    toc = "format: jb-book\nroot: index\nparts:\n"
    toc += "  - caption: Start here 从这里开始\n    chapters:\n"
    toc += entry(Path("notebooks/00-start-here.ipynb"))
    toc += entry(Path("index.zh.md"))
    toc += entry(Path("notebooks/zh/00-start-here.ipynb"))
    for folder, title, intro in LESSON_PARTS + LESSON_PARTS_ZH:
        pages = sorted((dest / "notebooks" / folder).glob("*.ipynb"))
        toc += f"  - caption: {json.dumps(title, ensure_ascii=False)}\n    chapters:\n"
        toc += entry(Path(intro + ".md"), [p.relative_to(dest) for p in pages])
    toc += "  - caption: Rulebooks 规则书\n    chapters:\n"
    for name in RULEBOOKS:
        for lang in ("en", "zh"):
            page = Path("docs/rules") / f"{name}.{lang}.md"
            if (dest / page).exists():
                toc += entry(page)
    toc += "  - caption: For teachers 教师\n    chapters:\n"
    for page in [*DOCS, GLOSSARY]:
        if (dest / page).exists():
            toc += entry(Path(page))
    return toc


def build(
    out: Path, only: list[str] | None = None, jobs: int = 2, work: Path | None = None
) -> Path:
    """Execute, stage and render the whole site into ``out``; return ``out``."""
    start = time.perf_counter()
    work = work or BUILD / "site-src"
    executed = execute_lessons(lessons(), jobs=jobs, only=only)
    stage(work, executed)
    print(
        f"build: executed and staged in {time.perf_counter() - start:.0f}s; rendering ...",
        flush=True,
    )
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    jb = Path(sys.executable).parent / "jupyter-book"
    subprocess.run(
        [str(jb), "build", str(work), "--builder", "html", "--quiet"], check=True, env=env
    )
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(work / "_build" / "html", out)
    # After the build: Jupyter Book would put every .js under _static on every page.
    vendor_scripts(out / "_static")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve _static/ as it is
    print(f"build: site in {out} after {time.perf_counter() - start:.0f}s", flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=BUILD / "site" / "html")
    parser.add_argument(
        "--only", action="append", help="execute only lessons whose path contains this"
    )
    parser.add_argument(
        "--jobs", type=int, default=2, help="notebooks executed at once (default 2)"
    )
    options = parser.parse_args()
    build(options.out.resolve(), only=options.only, jobs=options.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
