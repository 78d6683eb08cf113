"""Print the course on paper: exercise sheets, their teacher keys and the rulebooks, as PDFs.

Usage:
    python scripts/build_handouts.py                    # everything, into build/handouts/
    python scripts/build_handouts.py --only zh/probability/30-counting --rules splendor-pokemon.zh
                                                        # one Chinese sheet and rulebook (quick)
    python scripts/build_handouts.py --out DIR

What comes out (A4, rendered by Chromium through Playwright, fonts embedded):

- ``exercises/LESSON.pdf`` for each lesson with exercises, and ``exercises/zh/LESSON.pdf`` for
  its Chinese version (``notebooks/zh/``): the lesson as executed, with its boards, cards and
  plots drawn from their saved state, each answer removed (as in ``notebooks/exercises/``) and
  a ruled box to write the answer in, every label in the lesson's language;
- ``exercises/[zh/]LESSON.teacher.pdf``: the answer key, each exercise's solution and the numbers
  the tests pin (``# NBVAL_CHECK_OUTPUT`` cells) with their outputs;
- ``rules/NAME.LANG.pdf`` for each rulebook in ``docs/rules/`` (English and Chinese).

The lessons are executed once (shared with ``scripts/build_site.py``: ``build/executed/``),
and every script the pages need comes from the same vendored copies as the site.
"""

from __future__ import annotations

import argparse
import copy
import html
import importlib.util
import json
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the kit of this checkout: a sheet's words come from its catalogue

from pokelab.teaching.exercise_words import key_label, sheet_words  # noqa: E402

OUT = ROOT / "build" / "handouts"
PINNED = "# NBVAL_CHECK_OUTPUT"
PRINT_CSS = """
@page { size: A4; margin: 14mm 13mm 16mm; }
body { font-family: "Noto Sans", "Noto Sans CJK SC", "DejaVu Sans", sans-serif; font-size: 10.5pt; }
html:lang(zh-Hans) body, body.zh { font-family: "Noto Sans CJK SC", "Noto Sans", sans-serif; }
pre { white-space: pre-wrap; word-break: break-word; }
pre, code { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace; font-size: 8.5pt; }
.jp-InputPrompt, .jp-OutputPrompt { display: none !important; }
.jp-Cell, .jp-OutputArea-output { break-inside: avoid; }
.pokelab-sheet-head { border: 1px solid #888; padding: 6px 10px; margin-bottom: 10px; }
.pokelab-sheet-head span { display: inline-block; min-width: 30%; }
.pokelab-answer { border: 1.5px solid #333; border-radius: 6px; margin: 6px 0 14px; padding: 4px 8px;
  height: 34mm; break-inside: avoid;
  background: repeating-linear-gradient(#fff 0 8mm, #bbb 8mm calc(8mm + 1px)); }
.pokelab-answer b { background: #fff; }
.pokelab-key { border-left: 4px solid #1e88e5; padding-left: 8px; margin: 10px 0; break-inside: avoid; }
table { border-collapse: collapse; } td, th { border: 1px solid #bbb; padding: 2px 6px; }
blockquote { border-left: 4px solid #fbc02d; margin: 8px 0; padding: 2px 10px; background: #fffbea; }
.pokelab-play-note { display: none; }
"""
MATHJAX_CONFIG = (
    "<script>window.MathJax = {tex: {inlineMath: [['$', '$'], ['\\\\(', '\\\\)']], "
    "processEscapes: true}, svg: {fontCache: 'global'}};</script>\n"
)
def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


build_site = _load("build_site")
_chromium = _load("ensure_chromium")
CHROMIUM, CHROMIUM_FLAGS = _chromium.CHROMIUM, _chromium.CHROMIUM_FLAGS
exercises = _load("make_exercises")


def _code_cell(source: str) -> dict:
    return {
        "cell_type": "code",
        "metadata": {},
        "source": source,
        "outputs": [],
        "execution_count": None,
    }


def _html_cell(markup: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": markup}


def exercise_sheet(nb: dict, title: str, lang: str = "en") -> dict:
    """The student's sheet of an executed lesson: answers removed, a box to write each in.

    Its heading and answer boxes speak ``lang`` ("en" or "zh"), the lesson's language.

    >>> nb = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [{"output_type": "stream"}],
    ...        "source": "answer_1 = 6  # SOLUTION\\ncheck('e', answer_1, 6)"}], "metadata": {}}
    >>> [c["cell_type"] for c in exercise_sheet(nb, "T")["cells"]]
    ['markdown', 'code', 'markdown']
    >>> exercise_sheet({"cells": [{"cell_type": "code", "source": "# BEGIN SOLUTION"}]}, "T")
    Traceback (most recent call last):
    ...
    ValueError: '# BEGIN SOLUTION' without '# END SOLUTION'
    >>> "在这里写答案" in str(exercise_sheet(nb, "T", "zh"))
    True
    """
    words = sheet_words(lang)
    out = copy.deepcopy(nb)
    head = (
        f'<div class="pokelab-sheet-head"><b>{html.escape(title)}</b> — {words["sheet"]}<br>'
        f"<span>{words['name']} ____________</span> <span>{words['class']} ________</span> "
        f"<span>{words['date']} ________</span></div>"
    )
    cells = [_html_cell(head)]
    for cell in out["cells"]:
        if "solution" in (cell.get("metadata", {}).get("tags") or []):
            continue
        text = "".join(cell.get("source", ""))
        if cell["cell_type"] == "code" and exercises.strip_source(text, lang) != text:
            cells.append(_code_cell(exercises.strip_source(text, lang)))
            cells.append(
                _html_cell(f'<div class="pokelab-answer"><b>{words["answer"]}</b></div>')
            )
            continue
        cells.append(cell)
    out["cells"] = cells
    return out


def teacher_key(nb: dict, title: str, lang: str = "en") -> dict:
    """The answer key of an executed lesson: each solution and each pinned number, with outputs.

    Its labels speak ``lang`` ("en" or "zh"), the lesson's language.

    >>> nb = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": "x = 1"},
    ...        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "# NBVAL_CHECK_OUTPUT\\nx"}]}
    >>> len(teacher_key(nb, "T")["cells"])
    3
    >>> teacher_key({"cells": []}, "T")
    Traceback (most recent call last):
    ...
    ValueError: 'T' has no exercise and no pinned number: nothing to put in a key
    >>> "固定数值" in str(teacher_key(nb, "T", "zh"))
    True
    """
    words = sheet_words(lang)
    out = copy.deepcopy(nb)
    cells = [
        _html_cell(
            f"<h1>{html.escape(title)}</h1><p><b>{words['key']}</b> — {words['key_note']}</p>"
        )
    ]
    for cell in out["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = "".join(cell.get("source", ""))
        solution = exercises.strip_source(text, lang) != text
        if (
            solution
            or text.lstrip().startswith(PINNED)
            or "solution" in (cell.get("metadata", {}).get("tags") or [])
        ):
            ids = re.findall(r"check\(\s*['\"]([\w-]+)['\"]", text)
            label = key_label(ids, solution=solution, lang=lang)
            cells.append(_html_cell(f'<div class="pokelab-key"><b>{html.escape(label)}</b></div>'))
            cells.append(cell)
    if len(cells) == 1:
        raise ValueError(f"{title!r} has no exercise and no pinned number: nothing to put in a key")
    out["cells"] = cells
    return out


def notebook_html(nb: dict, vendor: str, lang: str = "en") -> str:
    """Standalone HTML of a notebook whose scripts come from the ``vendor`` folder (relative URL).

    A Chinese notebook's page says ``lang="zh-Hans"``, so Chromium picks the CJK fonts.
    """
    import nbformat
    from nbconvert import HTMLExporter
    from nbformat.v4.rwbase import rejoin_lines
    from traitlets.config import Config

    config = Config()
    # The lessons' hidden check cells (tagged as JupyterLab and Jupyter Book read them).
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"remove-input", "hide-input"}
    config.TagRemovePreprocessor.remove_cell_tags = {"remove-cell"}
    config.TagRemovePreprocessor.remove_all_outputs_tags = {"remove-output"}
    exporter = HTMLExporter(
        config=config, template_name="lab", exclude_input_prompt=True, exclude_output_prompt=True
    )
    exporter.require_js_url = f"{vendor}/requirejs/require.js"
    exporter.widget_renderer_url = f"{vendor}/html-manager/embed-amd.js"
    exporter.mathjax_url = f"{vendor}/mathjax/tex-svg.js"  # MathJax 3, configured below
    prepared = build_site.prepare_outputs(nb, lang=lang)
    # A .ipynb file keeps sources and text outputs as lists of lines; nbconvert wants strings.
    prepared = rejoin_lines(nbformat.from_dict(prepared))
    body, _ = exporter.from_notebook_node(prepared)
    body = body.replace(
        f'<script src="{vendor}/requirejs/require.js"></script>',
        f'<script src="{vendor}/plotly.min.js"></script>\n'
        f'<script src="{vendor}/requirejs/require.js"></script>\n'
        f'<script src="{vendor}/widgets-config.js"></script>',
        1,
    )
    # The template configures MathJax 2; MathJax 3 reads window.MathJax before it loads.
    mathjax = f'<script src="{vendor}/mathjax/tex-svg.js">'
    body = body.replace(mathjax, MATHJAX_CONFIG + mathjax, 1)
    body = body.replace("</head>", f"<style>{PRINT_CSS}</style></head>", 1)
    if lang == "zh":
        body = re.sub(r"<html[^>]*>", '<html lang="zh-Hans">', body, count=1)
        body = body.replace("<body", '<body data-lang="zh"', 1)
    return body


def rulebook_html(markdown: str, lang: str) -> str:
    """Standalone HTML of a rulebook in ``lang`` ("en" or "zh") for print.

    >>> "<table>" in rulebook_html("| a |\\n|---|\\n| 1 |", "zh")
    True
    >>> rulebook_html("# x", "fr")
    Traceback (most recent call last):
    ...
    ValueError: lang must be 'en' or 'zh', got 'fr'
    """
    if lang not in {"en", "zh"}:
        raise ValueError(f"lang must be 'en' or 'zh', got {lang!r}")
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)
    code = "zh-Hans" if lang == "zh" else "en"
    return (
        f'<!DOCTYPE html><html lang="{code}"><head><meta charset="utf-8">'
        f'<style>{PRINT_CSS}</style></head><body class="{lang}">{body}</body></html>'
    )


def _print(browser: Any, page_html: str, folder: Path, pdf: Path, wait_for: str | None) -> None:
    """Write ``page_html`` beside the vendored scripts and print it to ``pdf`` with Chromium."""
    source = folder / (pdf.stem + ".html")
    source.write_text(page_html, encoding="utf-8")
    # The width of A4 less the margins, so plots and boards are laid out at the width they print at.
    context = browser.new_context(viewport={"width": 700, "height": 1000})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(source.as_uri(), wait_until="load")
        if wait_for:
            page.wait_for_function(wait_for, timeout=60_000)
        # The formulas are typeset (MathJax 3 resolves its promise once the page is done).
        page.evaluate("() => window.MathJax?.startup?.promise ?? null")
        page.wait_for_timeout(300)
        if errors:
            raise RuntimeError(f"{pdf.name}: the page failed: {errors}")
        pdf.parent.mkdir(parents=True, exist_ok=True)
        page.pdf(path=str(pdf), format="A4", print_background=True, prefer_css_page_size=True)
    finally:
        context.close()


# Every saved widget view has been replaced by the HTML manager's rendering, and the first board or
# lesson widget (bag explorer, probability tree) has drawn itself.
_WIDGETS_DRAWN = """() => {
  const views = document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]');
  const drawn = document.querySelectorAll('.jp-OutputArea-output .widget-subarea, .jp-OutputArea-output .jupyter-widgets');
  const boards = document.querySelectorAll('.pk-board, .hc-root, .bx-root, .pt-root');  // boards, lesson widgets
  const expected = document.body.dataset.pokelabBoards ? Number(document.body.dataset.pokelabBoards) : 0;
  return (views.length === 0 || drawn.length > 0) && boards.length >= expected;
}"""


def build(
    out: Path = OUT, only: list[str] | None = None, rules: list[str] | None = None
) -> list[Path]:
    """Print the selected handouts into ``out``; return the PDFs written."""
    from playwright.sync_api import sync_playwright

    everything = only is None and rules is None  # naming one kind selects none of the other
    lessons = [
        p.relative_to(ROOT)
        for p in exercises.solution_notebooks()
        if everything or any(s in p.as_posix() for s in only or [])
    ]
    rulebooks = [
        p
        for p in sorted((ROOT / "docs" / "rules").glob("*.md"))
        if everything or any(r in p.name for r in rules or [])
    ]
    executed = build_site.execute_lessons(lessons) if lessons else {}
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="pokelab-handouts-") as tmp, sync_playwright() as pw:
        folder = Path(tmp)
        build_site.vendor_scripts(folder)
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            for lesson, notebook in executed.items():
                nb = json.loads(notebook.read_text(encoding="utf-8"))
                title = next(
                    (
                        line.lstrip("# ").strip()
                        for c in nb["cells"]
                        if c["cell_type"] == "markdown"
                        for line in "".join(c["source"]).splitlines()
                        if line.startswith("# ")
                    ),
                    lesson.stem,
                )
                boards = sum(
                    1
                    for c in nb["cells"]
                    for o in c.get("outputs", [])
                    if build_site.WIDGET_VIEW in o.get("data", {})
                )
                lang = "zh" if lesson.parts[1] == "zh" else "en"
                folder_out = out / "exercises" / ("zh" if lang == "zh" else "")
                for suffix, maker in (("", exercise_sheet), (".teacher", teacher_key)):
                    page = notebook_html(maker(nb, title, lang), "vendor", lang)
                    if suffix == "":
                        page = page.replace(
                            "<body", f'<body data-pokelab-boards="{min(boards, 1)}"', 1
                        )
                    pdf = folder_out / f"{lesson.stem}{suffix}.pdf"
                    _print(browser, page, folder, pdf, _WIDGETS_DRAWN)
                    written.append(pdf)
                    print(f"  {pdf.relative_to(out)}", flush=True)
            for rulebook in rulebooks:
                lang = rulebook.stem.rsplit(".", 1)[-1]
                pdf = out / "rules" / f"{rulebook.stem}.pdf"
                _print(
                    browser,
                    rulebook_html(rulebook.read_text(encoding="utf-8"), lang),
                    folder,
                    pdf,
                    None,
                )
                written.append(pdf)
                print(f"  {pdf.relative_to(out)}", flush=True)
        finally:
            browser.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--only", action="append", help="only lessons whose path contains this")
    parser.add_argument(
        "--rules", action="append", help="only rulebooks whose file name contains this"
    )
    options = parser.parse_args()
    start = time.perf_counter()
    out = options.out.resolve()
    if out.exists() and not (options.only or options.rules):
        shutil.rmtree(out)
    written = build(out, options.only, options.rules)
    print(f"handouts: {len(written)} PDF(s) in {out} after {time.perf_counter() - start:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
