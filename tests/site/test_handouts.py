"""The handouts: one lesson's exercise sheet in both languages and one rulebook (Chinese), printed by Chromium.

Each PDF is read back with pypdf: it has pages, every font it uses is embedded, the text
can be extracted (Chinese included), the sheet has its answer boxes, and the teacher's key
is a separate file. The first page of each is saved as a PNG in test-artifacts/ when
``pdftoppm`` (poppler-utils) is installed, to look at.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
LESSON = "notebooks/probability/30-counting-and-the-last-token.ipynb"
LESSON_ZH = "notebooks/zh/probability/30-counting-and-the-last-token.ipynb"


def squeeze(words: str) -> str:
    """``words`` without whitespace (a printed code line may wrap anywhere)."""
    return re.sub(r"\s+", "", words)


def _build_handouts():
    spec = importlib.util.spec_from_file_location(
        "build_handouts", ROOT / "scripts" / "build_handouts.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_handouts"] = module
    spec.loader.exec_module(module)
    return module


def fonts(pdf: Path) -> list[dict[str, object]]:
    """Every font the PDF's pages use: its name, whether it is embedded, whether it draws CJK.

    Chromium (Skia) writes the Noto CJK fonts as Type 3 fonts: their glyphs are drawn by
    procedures inside the PDF, so they are embedded by construction; other fonts must carry a
    font file. A font draws Chinese when its ToUnicode map sends glyphs to CJK code points.
    """
    from pypdf import PdfReader

    found: list[dict[str, object]] = []
    for page in PdfReader(pdf).pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if font.get("/Subtype") == "/Type3":
                embedded = "/CharProcs" in font
            else:
                items = [font] + [d.get_object() for d in font.get("/DescendantFonts") or []]
                embedded = any(
                    key in item["/FontDescriptor"].get_object()
                    for item in items
                    if "/FontDescriptor" in item
                    for key in ("/FontFile", "/FontFile2", "/FontFile3")
                )
            cmap = font.get("/ToUnicode")
            codes = re.findall(rb"<([0-9a-fA-F]{4})>", cmap.get_object().get_data()) if cmap else []
            cjk = any(0x4E00 <= int(code, 16) <= 0x9FFF for code in codes)
            found.append({"name": str(font.get("/BaseFont")), "embedded": embedded, "cjk": cjk})
    return found


def text(pdf: Path) -> str:
    """The PDF's text, NFKC-normalised: Skia maps a few Noto CJK glyphs shared with the Kangxi
    radicals (⽯ U+2F6F) to the radical; NFKC gives the ideograph (石) a reader searches for."""
    import unicodedata

    from pypdf import PdfReader

    raw = "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
    return unicodedata.normalize("NFKC", raw)


def first_page_png(pdf: Path, name: str) -> None:
    if shutil.which("pdftoppm"):
        ARTIFACTS.mkdir(exist_ok=True)
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "70",
                "-f",
                "1",
                "-l",
                "1",
                "-singlefile",
                str(pdf),
                str(ARTIFACTS / name),
            ],
            check=True,
        )


@pytest.fixture(scope="module")
def handouts(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("handouts")
    written = _build_handouts().build(
        out,
        only=["30-counting-and-the-last-token", "zh/probability/37-the-hypergeometric"],
        rules=["splendor-pokemon.zh"],
    )
    return {p.relative_to(out).as_posix(): p for p in written}


def test_an_exercise_sheet_prints_with_answer_boxes_and_a_separate_key(handouts) -> None:
    """English sheet: pages, embedded fonts, the exercises without answers; the key has them."""
    _check_sheet_and_key(handouts, "exercises", LESSON, "en", "Your answer", "Teacher's key")


def test_the_chinese_lesson_prints_a_chinese_sheet_and_key(handouts) -> None:
    """Issue 16: the Chinese sheet speaks Chinese (CJK fonts embedded), with its own key."""
    words = _check_sheet_and_key(handouts, "exercises/zh", LESSON_ZH, "zh", "在这里写答案", "教师答案")
    assert "Your answer" not in words and "姓名" in words
    assert any(f["cjk"] for f in fonts(handouts["exercises/zh/30-counting-and-the-last-token.pdf"]))


def _check_sheet_and_key(
    handouts: dict[str, Path], folder: str, lesson_path: str, lang: str, box: str, key_title: str
) -> str:
    """The sheet has a ``box`` per exercise and no answer; the key has the answers. Returns the sheet's text."""
    sheet = handouts[f"{folder}/30-counting-and-the-last-token.pdf"]
    key = handouts[f"{folder}/30-counting-and-the-last-token.teacher.pdf"]
    first_page_png(sheet, f"handout-exercise-{lang}")
    first_page_png(key, f"handout-exercise-{lang}-teacher")
    from pypdf import PdfReader

    assert len(PdfReader(sheet).pages) >= 2
    used = fonts(sheet)
    assert used and all(f["embedded"] for f in used), used
    # The lesson's own exercises: how many, and the start of the first solution line.
    lesson = json.loads((ROOT / lesson_path).read_text(encoding="utf-8"))
    solutions = [
        "".join(c["source"])
        for c in lesson["cells"]
        if c["cell_type"] == "code" and "# SOLUTION" in "".join(c["source"])
    ]
    first = next(line for line in solutions[0].splitlines() if line.rstrip().endswith("# SOLUTION"))
    answer = squeeze(first.split("=", 1)[1].split("# SOLUTION")[0])[:24]
    words = text(sheet)
    said = sum("".join(c["source"]).count(box) for c in lesson["cells"] if c["cell_type"] == "markdown")  # the prose's own
    assert words.count(box) == len(solutions) + said
    assert "# SOLUTION" not in words
    assert answer not in squeeze(words), f"the answer {answer!r} is on the student's sheet"
    key_words = text(key)
    assert answer in squeeze(key_words), f"the answer {answer!r} is missing from the key"
    assert key_title in key_words
    # a pinned output prints as the notebook shows it, not as the list of lines a .ipynb stores
    assert squeeze("drawn = 10") in squeeze(key_words) and "drawn = 10\\n" not in key_words
    return words


def test_a_chinese_rulebook_prints_with_embedded_cjk_fonts(handouts) -> None:
    """Chinese rulebook: pages, every font embedded (a CJK one among them), Chinese text extractable."""
    pdf = handouts["rules/splendor-pokemon.zh.pdf"]
    first_page_png(pdf, "handout-rulebook-zh")
    from pypdf import PdfReader

    assert len(PdfReader(pdf).pages) >= 3
    used = fonts(pdf)
    assert used and all(f["embedded"] for f in used), used
    assert any(f["cjk"] for f in used), "no font of the PDF draws Chinese characters"
    words = text(pdf)
    assert "璀璨宝石" in words and "万能大师球" in words
    assert "SP-C1" in words


def test_a_lesson_widget_prints_drawn_from_its_saved_state(handouts) -> None:
    """Lesson 37's bag explorer (a lesson widget, not a board) is drawn on the sheet: sliders' labels, exact mean, plot."""
    sheet = handouts["exercises/zh/37-the-hypergeometric-distribution.pdf"]
    words = text(sheet)
    assert "布袋探索器" in words and "确切均值" in words and "9/38" in words
