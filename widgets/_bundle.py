"""Front-end files joined into the one ES module (or style sheet) a widget gives anywidget."""

from __future__ import annotations

from pathlib import Path

__all__ = ["bundle"]

_HERE = Path(__file__).parent


def bundle(*names: str) -> str:
    """The files ``names`` (beside this module) joined into one text: the board's ES module or CSS.

    anywidget loads one module per widget; pieces several front ends share (the
    plotly.js loader) or that live in their own file (the Splendor coach's panel) are
    plain functions without imports, put in front of the widget's own module.

    >>> "function mountCoach" in bundle("splendor_coach.js", "splendor.js")
    True
    >>> bundle("plotly_loader.js", "bag_explorer.js").count("function loadPlotly")
    1
    >>> bundle("nothing.js")
    Traceback (most recent call last):
    ...
    FileNotFoundError: widgets/nothing.js is not part of the kit
    """
    parts = []
    for name in names:
        path = _HERE / name
        if not path.is_file():
            raise FileNotFoundError(f"widgets/{name} is not part of the kit")
        parts.append(f"/* ---- {name} ---- */\n" + path.read_text(encoding="utf-8"))
    return "\n".join(parts)
