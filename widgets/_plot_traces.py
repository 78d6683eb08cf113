"""The traces of the odds figure (``widgets.plots.odds_figure_spec``) as plain plotly.js data.

Each function draws one layer of the figure from numbers already checked by
``widgets.plots``: the faint bars of the previous wave, the labelled bars of
now, the previous position's ticks, the chance after a redraw and the Monte
Carlo dots with their intervals.

>>> ghost_bars("previous wave", [0, 1], [0.2, None], ["#111", "#222"], "x", True)["x"]
[0.2, 0]
>>> monte_carlo_marks("Monte Carlo", [None, (0.3, 0.2, 0.4)])["y"]
[1]
>>> redraw_marks("if redrawn", [0.5, 0.25, None])["x"]
[0.5, 0.25]
>>> previous_marks("previous position", [0.1], "x3")["xaxis"]
'x3'
>>> value_bars("chance", [0], [0.5], ["#111"], [""], ["Mew"], ".1%", "x", patterns=["", "/"])
Traceback (most recent call last):
...
ValueError: one fill pattern per bar: 1 bars, 2 patterns
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["ghost_bars", "monte_carlo_marks", "previous_marks", "redraw_marks", "value_bars"]


def ghost_bars(
    name: str, y: list[int], x: list[float | None], colours: list[str], axis: str, showlegend: bool
) -> dict[str, Any]:
    """The faint, wider bars of the previous figures (0 where there is none), drawn behind the current ones."""
    return dict(
        type="bar",
        name=name,
        y=y,
        x=[q if q is not None else 0 for q in x],
        orientation="h",
        marker={"color": colours, "opacity": 0.22, "line": {"width": 0}},
        width=0.78,
        hoverinfo="skip",
        showlegend=showlegend,
        xaxis=axis,
        yaxis="y",
    )


def value_bars(
    name: str,
    y: list[int],
    x: list[float],
    colours: list[str],
    text: list[str],
    labels: list[str],
    hover_format: str,
    axis: str,
    patterns: list[str] | None = None,
) -> dict[str, Any]:
    """The current figures as labelled bars; the hover shows each label and its value in ``hover_format``.

    ``patterns``: a plotly fill pattern per bar (``""`` plain), the card kind's second cue beside its colour.
    """
    if patterns is not None and len(patterns) != len(y):
        raise ValueError(f"one fill pattern per bar: {len(y)} bars, {len(patterns)} patterns")
    return dict(
        type="bar",
        name=name,
        y=y,
        x=x,
        orientation="h",
        marker={
            "color": colours,
            "line": {"width": 0},
            "pattern": {"shape": patterns or [""] * len(y), "fillmode": "overlay", "fgcolor": "#1b1b1b",
                        "fgopacity": 0.55, "size": 6, "solidity": 0.35},
        },
        width=0.5,
        text=text,
        textposition="outside",
        cliponaxis=False,
        customdata=[[lab] for lab in labels],
        hovertemplate=f"%{{customdata[0]}}: %{{x:{hover_format}}}<extra></extra>",
        showlegend=False,
        xaxis=axis,
        yaxis="y",
    )


def previous_marks(name: str, series: Sequence[float | None], axis: str) -> dict[str, Any]:
    """A grey tick at each row's previous value (rows without one have none), on ``axis``."""
    return dict(
        type="scatter",
        name=name,
        y=[i for i, q in enumerate(series) if q is not None],
        x=[q for q in series if q is not None],
        mode="markers",
        marker={"symbol": "line-ns-open", "size": 22, "line": {"width": 2}, "color": "#888"},
        hoverinfo="skip",
        showlegend=False,
        xaxis=axis,
        yaxis="y",
    )


def redraw_marks(name: str, redrawn: Sequence[float | None]) -> dict[str, Any]:
    """A diamond at each card's chance after a redraw of the last token (HC-R4)."""
    return dict(
        type="scatter",
        name=name,
        y=[i for i, r in enumerate(redrawn) if r is not None],
        x=[r for r in redrawn if r is not None],
        mode="markers",
        marker={"symbol": "diamond", "size": 11, "color": "#ff7043", "line": {"width": 1, "color": "#fff"}},
        hovertemplate=f"{name}: %{{x:.1%}}<extra></extra>",
        xaxis="x",
        yaxis="y",
    )


def monte_carlo_marks(name: str, estimates: Sequence[tuple[float, float, float] | None]) -> dict[str, Any]:
    """A dot at each Monte Carlo estimate ``(p, low, high)`` with its interval as an error bar."""
    shown = [(i, e) for i, e in enumerate(estimates) if e is not None]
    return dict(
        type="scatter",
        name=name,
        y=[i for i, _ in shown],
        x=[e[0] for _, e in shown],
        mode="markers",
        marker={"symbol": "circle", "size": 8, "color": "#00acc1", "line": {"width": 1, "color": "#fff"}},
        error_x={
            "type": "data",
            "symmetric": False,
            "array": [e[2] - e[0] for _, e in shown],
            "arrayminus": [e[0] - e[1] for _, e in shown],
            "color": "#00acc1",
            "thickness": 2,
            "width": 5,
        },
        hovertemplate=f"{name}: %{{x:.1%}}<extra></extra>",
        xaxis="x",
        yaxis="y",
    )
