"""Find exercises whose answer is printed above them: no worked example may give away the exercise that follows.

An exercise with the lesson's own numbers (``set_student(None)``) has one right answer,
computed by the engine (``get(id).expected()``). A pupil reads every output above the
exercise before answering, so none of them may show that answer: the worked example
just above an exercise teaches the method on another case. ``build_lessons.py`` runs
this on every notebook it has just executed, while every output is still there, and
stops the build when an exercise's answer shows above it; the tests run it on the
outputs the shipped notebooks keep.

``number``, ``value`` and ``predict`` exercises are looked at (a ``predict`` answer
can be read off the prose above as well as a computed one), and only answers that are not whole numbers
(a whole number such as 3 appears in any table) or that are tuples of two or more
numbers (a score line such as ``(7, 19)``). The forms looked for are the exact fraction
as Python prints it (``Fraction(3, 20)``), as a table or the prose shows it (``3/20``,
``\frac{3}{20}``), the decimal to three places (``0.15``, ``0.150``), the percentage to
one place (``15%``, ``15.0 %``), and a tuple as Python prints it. Both what the cells
above print and the prose above (markdown cells) are searched, in the notebook's own
language. Cells that check an answer (``check(…)``, ``# SOLUTION``) are skipped: the
exercise notebook empties them.

Usage:
    python scripts/answers_above.py notebooks/probability/30-counting-and-the-last-token.ipynb …
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pokelab.course  # noqa: E402,F401  (registers every exercise)
from pokelab.course.registry import UnknownExercise, get  # noqa: E402

#: A call that names an exercise: where the exercise starts, or a cell that checks an answer.
_CALL = re.compile(r"""\b(?:exercise|check|choice|explain|predict|grade)\(\s*["'](\d\d-\d+)["']""")
#: Values equal to an exercise's answer that a cell above prints for another question; each says why it may stay.
COINCIDENCES: dict[tuple[str, Any], str] = {
    ("30-3", Fraction(1, 5)): "green's share of the default bag (4/20), in the every-colour table after exercise 1",
    ("34-3", 0.95): "the question names the 95% interval itself; the pupil predicts whether the intervals keep that promise",
}


def answer_patterns(value: Any) -> list[str]:
    """The regular expressions that find ``value`` in a printed output (none for a whole number or a non-number).

    >>> [bool(re.search(p, "P = 3/20 = 0.150 = 15%")) for p in answer_patterns(Fraction(3, 20))]
    [False, True, False, True, True]
    >>> [bool(re.search(p, r"$P = \\frac{3}{20}$")) for p in answer_patterns(Fraction(3, 20))]
    [False, False, True, False, False]
    >>> [bool(re.search(p, "scores=(7, 19)")) for p in answer_patterns((7, 19))]
    [True]
    >>> answer_patterns(Fraction(4, 1)), answer_patterns("G05"), answer_patterns(True)
    ([], [], [])
    """
    if isinstance(value, tuple) and len(value) >= 2 and all(isinstance(v, (int, Fraction, tuple)) for v in value):
        return [re.escape(repr(value))]
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) or value == int(value):
        return []
    found = []
    if isinstance(value, Fraction):
        n, d = value.numerator, value.denominator
        found += [re.escape(f"Fraction({n}, {d})"), rf"(?<![\d/]){n}/{d}(?![\d/])",
                  rf"\\[dt]?frac\{{{n}\}}\{{{d}\}}"]
    decimal = f"{float(value):.3f}".rstrip("0")
    found.append(rf"(?<![\d.]){re.escape(decimal)}0*(?!\d)")
    if 0 < value < 1:
        percent = f"{float(value) * 100:.1f}".removesuffix(".0")
        found.append(rf"(?<![\d.]){re.escape(percent)}(?:\.0)?\s?(?:%|\\%)")
    return found


def _printed(cell: dict) -> Iterator[str]:
    for output in cell.get("outputs", []):
        if "text" in output:
            yield "".join(output["text"])
        for kind, data in output.get("data", {}).items():
            if kind.startswith("text/"):
                yield data if isinstance(data, str) else "".join(data)


def answers_shown_above(nb: dict) -> list[str]:
    """Every exercise of ``nb`` whose answer (the lesson's numbers) a cell above it prints, with where and what.

    >>> cell = lambda src, out="": {"cell_type": "code", "source": src, "outputs": [{"output_type": "stream", "text": out}]}
    >>> answers_shown_above({"cells": [cell("table", "yellow 3/20 0.15"), cell('task = exercise("30-1")')]})
    ['30-1: its answer 3/20 is printed by cell 0: yellow 3/20 0.15']
    >>> prose = {"cell_type": "markdown", "source": "So yellow comes last 15% of the time."}
    >>> answers_shown_above({"cells": [prose, cell('task = exercise("30-1")')]})
    ['30-1: its answer 3/20 is written in the prose of cell 0: So yellow comes last 15% of the time.']
    >>> answers_shown_above({"cells": [cell('task = exercise("30-1")'), cell("table", "yellow 3/20")]})
    []
    >>> answers_shown_above({"cells": [cell('check("30-1", x)  # SOLUTION', "3/20"), cell('exercise("30-1")')]})
    []
    """
    cells = nb.get("cells", [])
    problems, seen = [], set()
    for number, cell in enumerate(cells):
        if cell.get("cell_type") != "code":
            continue
        for ex_id in _CALL.findall("".join(cell.get("source", ""))):
            if ex_id in seen:
                continue
            seen.add(ex_id)
            try:
                definition = get(ex_id)
            except UnknownExercise:
                continue
            if definition.kind not in ("number", "value", "member", "predict"):
                continue
            value = definition.expected()
            patterns = answer_patterns(value)
            if not patterns or (ex_id, value) in COINCIDENCES:
                continue
            for before, above in enumerate(cells[:number]):
                source = "".join(above.get("source", ""))
                if above.get("cell_type") == "markdown":
                    shown, how = [source], "written in the prose of"
                elif above.get("cell_type") != "code" or _CALL.search(source) or "SOLUTION" in source:
                    continue
                else:
                    shown, how = list(_printed(above)), "printed by"
                hit = next((m for text in shown for p in patterns if (m := re.search(p, text))), None)
                if hit:
                    text = " ".join(hit.string[max(0, hit.start() - 40):hit.end() + 20].split())
                    problems.append(f"{ex_id}: its answer {value} is {how} cell {before}: {text}")
                    break
    return problems


def main(argv: list[str] | None = None) -> int:
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    problems = [f"{p}: {line}" for p in paths for line in answers_shown_above(json.loads(p.read_text(encoding="utf-8")))]
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
