"""A Chinese probability lesson as a class sees it in JupyterLab: plots drawn, Chinese glyphs, no raw Python values.

Issue 31 ("on screen"): lessons 30-36 were read in their executed notebooks but never on screen.
Here the Chinese lesson 31 is run with JupyterLab's "run all" in Chromium and the page is read:
its plot has drawn traces with Chinese titles and axes, its lines are told apart by more than
colour (a marker symbol or a dash per line), no output shows ``null``, ``True``/``False``, a tuple
of ``Fraction(...)`` or a NumPy repr, and every Chinese character on the page is drawn with a real
glyph (a character the fonts lack is drawn as the same "tofu" box as a code point no font has).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "zh" / "probability" / "31-never-and-all.ipynb"
TIMEOUT = 120_000  # ms: what never showed, not what was slow (issue 27)
_CJK = r"[\u4e00-\u9fff]"

# Every code cell's plotly figure is drawn (an SVG with at least one trace path).
_PLOTS_DRAWN = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets.filter((c) => c.model.type === 'code');
  const plots = cells.flatMap((c) => [...c.node.querySelectorAll('.js-plotly-plot')]);
  return plots.length > 0 && plots.every((p) => p.querySelector('.main-svg .scatterlayer .trace path, .main-svg .barlayer .trace path'));
}"""

_READ = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter((cell) => cell.model.type === 'code')
  .map((cell) => {
    const area = cell.node.querySelector('.jp-OutputArea');
    const plots = [...cell.node.querySelectorAll('.js-plotly-plot')];
    return {
      text: area ? area.innerText : '',
      titles: plots.flatMap((p) => [...p.querySelectorAll('.gtitle, .xtitle, .ytitle, .legendtitletext')]).map((t) => t.textContent),
      traces: plots.map((p) => [...p.querySelectorAll('.scatterlayer .trace')].map((t) => ({
        dash: (t.querySelector('.js-line') || {style: {}}).style.strokeDasharray || '',
        symbol: (t.querySelector('.points path') || {getAttribute: () => ''}).getAttribute('d') || '',
      }))),
      errors: [...cell.node.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
        .map((e) => e.textContent).filter((t) => /Error|Traceback/.test(t)),
    };
  })"""

# The Chinese characters of the notebook that are drawn as the same picture as a code point no
# font has (U+10FFFD): tofu. Each is drawn in the notebook's own font on a canvas and compared.
_TOFU = """() => {
  const node = window.jupyterapp.shell.currentWidget.content.node;
  const family = getComputedStyle(node.querySelector('.jp-RenderedHTMLCommon') || node).fontFamily;
  const chars = [...new Set([...node.innerText].filter((ch) => /[\\u4e00-\\u9fff]/.test(ch)))];
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 48;
  const ctx = canvas.getContext('2d');
  const picture = (ch) => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = `32px ${family}`;
    ctx.fillText(ch, 4, 36);
    return ctx.getImageData(0, 0, 48, 48).data.join(',');
  };
  const missing = picture(String.fromCodePoint(0x10FFFD));
  // the test of the test: another code point no font has is caught as tofu
  const caught = picture(String.fromCodePoint(0x10FFFC)) === missing;
  return {count: chars.length, caught, tofu: chars.filter((ch) => picture(ch) === missing)};
}"""

# What a pupil must never be shown as a lesson's result: JSON's null, Python's booleans, a tuple
# of exact fractions, a NumPy scalar or a dict of the engine's English colour names.
_RAW = re.compile(
    r"\bnull\b|\bTrue\b|\bFalse\b|\(Fraction\(|np\.\w+\(|array\(|\{'(?:red|blue|green|yellow|purple)'"
)


def test_chinese_lesson_31_draws_its_plot_in_chinese_with_real_glyphs_and_no_raw_values(
    lab: Any,
) -> None:
    shutil.copy(LESSON, lab.root / "zh-31.ipynb")
    page = lab.open("zh-31.ipynb", width=1280)
    lab.run_all(page, timeout=240_000)
    page.wait_for_function(_PLOTS_DRAWN, timeout=TIMEOUT)
    cells = page.evaluate(_READ)

    assert [e for c in cells for e in c["errors"]] == []
    shown = "\n".join(c["text"] for c in cells)
    assert not _RAW.findall(shown), (
        f"raw Python values on the page: {sorted(set(_RAW.findall(shown)))}"
    )
    assert "答对了" in shown, "the exercises' feedback is in Chinese"

    titles = [t for c in cells for t in c["titles"] if t.strip()]
    assert titles and all(re.search(_CJK, t) for t in titles), (
        f"plot titles, axes and legends in Chinese: {titles}"
    )
    lines = [trace for c in cells for plot in c["traces"] for trace in plot if trace["symbol"]]
    assert len(lines) >= 2, f"the never/all plot draws both lines with markers: {lines}"
    assert len({(t["dash"], t["symbol"]) for t in lines}) == len(lines), (
        "lines differ by dash or marker, not by colour alone"
    )

    glyphs = page.evaluate(_TOFU)
    assert glyphs["caught"], "the tofu check must tell a missing glyph"
    assert glyphs["count"] > 100 and glyphs["tofu"] == [], (
        f"Chinese drawn as boxes: {glyphs['tofu']}"
    )
    lab.screenshot(page, "lesson-31-zh-on-screen")
