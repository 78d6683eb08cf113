"""The widgets' front ends (issue 28): ES modules in widgets/js, one esbuild bundle per widget.

Each widget's ``_esm`` is its committed bundle in widgets/static: built by the pinned esbuild
from sources that are current (the digest in its banner), one ES module with one default
export and no files glued together. The shared helpers live in one module each, every
source module stays short, and no board writes HTML strings (one DOM idiom: ``h``).
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from widgets import BagExplorer, HereComesBoard, ProbabilityTree, SplendorBoard
from widgets._bundle import ENTRIES, ESBUILD_VERSION, JS, STATIC, banner, digest, esm, sources
from widgets.apps.tables import _Address

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = {
    "splendor": SplendorBoard,
    "herecomes_board": HereComesBoard,
    "bag_explorer": BagExplorer,
    "probability_tree": ProbabilityTree,
    "tables_address": _Address,
}
HELPERS = ("h", "svg", "fill", "markSvg", "fmt", "esc", "pct", "num", "loadPlotly", "reducedMotion", "boardClient", "refusalNotes", "botDelay")
ALL_SOURCES = sorted(JS.rglob("*.js"))


def _text(name: str) -> str:
    return esm(name).read_text(encoding="utf-8")


def test_every_front_end_is_a_widgets_bundle() -> None:
    assert set(WIDGETS) == set(ENTRIES)
    assert sorted(p.name for p in STATIC.glob("*.js")) == sorted(f"{n}.js" for n in ENTRIES)
    # no ES module is left outside widgets/js (sources) and widgets/static (bundles)
    loose = [p for p in (ROOT / "widgets").rglob("*.js") if JS not in p.parents and STATIC not in p.parents]
    assert not loose, loose


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_widgets_esm_is_one_current_esbuild_bundle(name: str) -> None:
    text = _text(name)
    assert str(WIDGETS[name]._esm) == text  # what anywidget sends is the bundle, read as it is
    first = text.splitlines()[0]
    assert first == banner(name), f"widgets/static/{name}.js is stale: run `npm ci && python scripts/build_js.py`"
    assert f"esbuild {ESBUILD_VERSION}" in first and digest(name) in first
    # esbuild's output: every source module once, in its own region, and one default export
    for path in sources(name):
        rel = path.relative_to(ROOT).as_posix()
        assert text.count(f"\n// {rel}\n") == 1, rel
    assert re.findall(r"^export \{\n\s+\w+ as default\n\};$", text, re.M), "one default export at the end"
    assert text.count("export ") == 1 and "import " not in re.sub(r"//[^\n]*", "", text)
    assert "/* ---- " not in text  # the old concatenation's markers
    assert "typeof mountCoach" not in text


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_bundle_is_valid_javascript(name: str, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    module = tmp_path / f"{name}.mjs"
    module.write_text(_text(name), encoding="utf-8")
    subprocess.run([node, "--check", str(module)], check=True, capture_output=True, timeout=60)


def test_rebuilding_gives_the_committed_bundles() -> None:
    """With the pinned esbuild installed (``npm ci``), a rebuild changes nothing."""
    if not (ROOT / "node_modules" / ".bin" / "esbuild").exists():
        pytest.skip("esbuild is not installed (npm ci)")
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_js.py"), "--check"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr


def test_esbuild_is_pinned_to_one_exact_version() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert package["devDependencies"] == {"esbuild": ESBUILD_VERSION}
    assert lock["packages"]["node_modules/esbuild"]["version"] == ESBUILD_VERSION


def test_each_helper_is_defined_in_one_module_only() -> None:
    where: dict[str, list[str]] = {}
    for path in ALL_SOURCES:
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
        for name in HELPERS:
            if re.search(rf"(?:function\s+{name}\s*\(|(?:const|let|var)\s+{name}\s*=)", code):
                where.setdefault(name, []).append(path.relative_to(JS).as_posix())
    for name in ("h", "fmt", "pct", "num", "fill"):
        assert name in where, f"{name} is defined nowhere"
    twice = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert not twice, f"helpers defined more than once: {twice}"
    assert all(p.startswith("lib/") for paths in where.values() for p in paths), where


@pytest.mark.parametrize("path", ALL_SOURCES, ids=lambda p: p.relative_to(JS).as_posix())
def test_each_source_module_is_short_and_builds_its_dom_one_way(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 400, f"{path.name}: split it by concern"
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)
    # one DOM idiom: elements from h()/svg() (lib/dom.js), never HTML strings
    for needle in ("innerHTML", "insertAdjacentHTML", "outerHTML", "document.createElement(", "createElementNS("):
        if path.relative_to(JS).as_posix() == "lib/dom.js" and needle == "createElementNS(":
            continue
        assert needle not in code.replace("document.createElement(tag)", ""), f"{path.name} uses {needle}"
    assert not re.search(r"`\s*<\w", code), f"{path.name} builds HTML in a template string"
    # a part not shown is skipped, never written as the text "null" (replaceChildren(null) does that)
    if path.relative_to(JS).as_posix() != "lib/dom.js":  # where fill() itself is defined
        assert not re.search(r"\.replaceChildren\((?!\))", code), f"{path.name}: use fill() from lib/dom.js"


def test_the_shared_text_helpers_format_as_each_board_did(tmp_path: Path) -> None:
    """lib/text.js (run by node) gives what each board's own copy gave: whole percentages (the coach,
    Here Comes), the tree's one decimal, fmt, num; except that, on every board now, a chance above 0
    that would round to 0 is "<1%" ("<0.1%") and one below 1 that would round to 100% is ">99%"
    (">99.9%"): issue 31."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    module = tmp_path / "text.mjs"
    module.write_text((JS / "lib" / "text.js").read_text(encoding="utf-8"), encoding="utf-8")
    script = tmp_path / "check.mjs"
    script.write_text(
        """
import { fmt, num, pct } from "./text.mjs";
const out = [];
const ps = [0, 1, 0.001, 0.004, 0.005, 0.0145, 0.125, 0.3333333, 0.5, 0.995, 0.9995, 2 / 3, 1 / 7];
for (let i = 0; i <= 1000; i++) ps.push(i / 1000, i / 997);
for (const p of ps) {
  const whole = Math.round(p * 100);
  const want = whole === 0 && p > 0 ? "<1%" : whole === 100 && p < 1 ? ">99%" : `${whole}%`;
  if (pct(p) !== want) out.push(["whole", p, pct(p)]);
  const tenth = Math.round(p * 1000) / 10;
  const tree = tenth === 0 && p > 0 ? "<0.1%" : tenth === 100 && p < 1 ? ">99.9%" : `${tenth.toFixed(1)}%`;
  if (pct(p, { digits: 1 }) !== tree) out.push(["tree", p, pct(p, { digits: 1 })]);
  if (num(p * 10, 3) !== (Math.round(p * 10 * 1000) / 1000).toFixed(3)) out.push(["num", p]);
}
for (const none of [null, undefined]) if (pct(none) !== "" || pct(none, { digits: 1 }) !== "") out.push(["none"]);
if (fmt("{a} and {b}", { a: 1 }) !== "1 and {b}" || fmt(null, {}) !== "") out.push(["fmt"]);
console.log(JSON.stringify(out));
""",
        encoding="utf-8",
    )
    result = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(result.stdout) == []


#: Pieces of made-up templates and the values put in them: Chinese, Latin, digits, punctuation.
_TEMPLATE_PIECES = ("轮到", "的", "Ann", "turn ", "'s", "(", "）", "：", " ", "2", "分", ".", "同意重抽", "x", "{a}", "{b}")
_VALUES = ("Ann", "小明", "2", "'pink'", "", "Ash 小智", "红色", "3 分", "(1)", "—", "x2")


def test_fmt_spaces_chinese_and_latin_as_the_kernels_catalogue_does(tmp_path: Path) -> None:
    """lib/text.js's fmt fills a template as pokelab.words fills a text (``_filled``): where a value meets
    the template, Chinese and Latin get a space, on the Chinese catalogue's own templates and on 2,000
    made-up ones."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    from babel.messages.pofile import read_po

    from pokelab.words.catalogue import _filled, _po_path

    rng = random.Random(31)
    with open(_po_path("zh"), "rb") as handle:
        shipped = [m.string for m in read_po(handle) if m.id and isinstance(m.string, str) and "{" in m.string]
    made_up = ["".join(rng.choice(_TEMPLATE_PIECES) for _ in range(rng.randrange(0, 6))) for _ in range(2000)]
    made_up = [t[:at] + "{a}" + t[at:] for t in made_up for at in [rng.randrange(len(t) + 1)]]  # a field in each
    cases = []
    for template in shipped + made_up:
        names = sorted(set(re.findall(r"\{(\w+)\}", template)))
        if not names or re.search(r"\{[^\w}]|\{\w+[^\w}]", template):  # a field with a format spec: not a board's
            continue
        values = {name: rng.choice(_VALUES) for name in names}
        cases.append([template, values, _filled(template, values)])
    assert len(cases) > 2000
    (tmp_path / "text.mjs").write_text((JS / "lib" / "text.js").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    script = tmp_path / "check.mjs"
    script.write_text(
        """
import { readFileSync } from "node:fs";
import { fmt } from "./text.mjs";
const cases = JSON.parse(readFileSync(new URL("./cases.json", import.meta.url), "utf-8"));
console.log(JSON.stringify(cases.filter(([t, v, want]) => fmt(t, v) !== want).map(([t, v, want]) => [t, v, want, fmt(t, v)])));
""",
        encoding="utf-8",
    )
    result = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(result.stdout)[:5] == []
