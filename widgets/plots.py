"""Plotly figure builders for the odds lessons: the same figures in notebooks and on the boards.

``odds_figure`` draws, for a hand of target cards, each card's chance of being
achieved and its expected points, with optional faint "previous wave" values,
a Monte Carlo overlay (estimates with their confidence intervals) and the
chance after a redraw. It only draws: the numbers come from ``pokelab.odds``.

>>> from fractions import Fraction
>>> rows = [{"label": "Pikachu", "p": Fraction(3, 10), "value": 2, "kind": "gray"},
...         {"label": "Clefairy", "p": 0.25, "value": 1, "kind": "purple"}]
>>> fig = odds_figure(rows, previous=[0.15, 0.5], lang="en")
>>> [t.name for t in fig.data]  # the second 'chance' is the labels' trace
['previous wave', 'chance', 'chance', 'previous wave', 'expected points', 'previous position', 'previous position']
>>> [round(x, 2) for x in fig.data[1].x], [round(x, 2) for x in fig.data[4].x]
([0.3, 0.25], [0.6, 0.25])
>>> fig.data[1].marker.pattern.shape  # a card's kind shows as a pattern, not only as a hue
('', '/')
>>> odds_figure([{"label": "x", "p": 1.5}])
Traceback (most recent call last):
...
ValueError: row 0 ('x'): a chance is between 0 and 1, got 1.5
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from numbers import Rational, Real
from typing import Any

import plotly.graph_objects as go

from pokelab.core.texts import decimals
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import Text, _, check_lang, render
from widgets._plot_traces import (
    ghost_bars,
    monte_carlo_marks,
    previous_marks,
    redraw_marks,
    value_bars,
)
from widgets._words import labels_in
from widgets.tokens import TOKENS

__all__ = ["KIND_COLOURS", "KIND_PATTERNS", "TOKEN_COLOURS", "odds_figure", "odds_figure_spec", "overlay_names", "percent_label"]

#: Colours of the bag's tokens: the boards' palette (widgets/tokens.py, checked under colour blindness).
TOKEN_COLOURS: Mapping[str, str] = {c: TOKENS[c].light for c in COLOURS}

#: Colours of the target-card kinds (HC-C2).
KIND_COLOURS: Mapping[str, str] = {
    "gray": "#8d99a6",
    "purple": "#9c4dcc",
    "orange": "#fb8c00",
    "legend": "#d4a017",
}
_DEFAULT_COLOUR = "#5c7cfa"
#: A bar's fill pattern per card kind, so kinds differ by more than hue (issue 22).
KIND_PATTERNS: Mapping[str, str] = {"gray": "", "purple": "/", "orange": ".", "legend": "x"}

_TEXT: Mapping[str, Text] = {
    "chance": _("chance"),
    "ev": _("expected points"),
    "previous": _("previous wave"),
    "previous_mark": _("previous position"),
    "mc": _("Monte Carlo"),
    "redraw": _("if redrawn"),
    "x_chance": _("chance the card is achieved"),
    "x_ev": _("expected points"),
}


def overlay_names(lang: str) -> list[str]:
    """The names of the overlays a board lists in its own legend (previous wave, redraw, Monte Carlo) in ``lang``.

    >>> overlay_names("zh")
    ['上一波', '若重抽', '蒙特卡洛']
    """
    return [_TEXT[key].render(check_lang(lang)) for key in ("previous", "redraw", "mc")]


def percent_label(p: float) -> str:
    """A chance as a bar's label, a whole percentage that never claims a certainty it is not.

    A chance above 0 that would round to 0% is "<1%", one below 1 that would round to 100%
    is ">99%"; 0 and 1 themselves are "0%" and "100%" (the boards' ``pct`` in widgets/js/lib/text.js
    writes them the same way).

    >>> [percent_label(p) for p in (0, 0.004, 0.005, 0.3, 0.994, 0.996, 1)]
    ['0%', '<1%', '1%', '30%', '99%', '>99%', '100%']
    >>> percent_label(1.5)
    Traceback (most recent call last):
    ...
    ValueError: a chance is between 0 and 1, got 1.5
    """
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"a chance is between 0 and 1, got {p!r}")
    whole = math.floor(p * 100 + 0.5)  # half up, as the page's Math.round
    if whole == 0 < p:
        return "<1%"
    if whole == 100 and p < 1:
        return ">99%"
    return f"{whole}%"


def _chance(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{where}: a chance is a number between 0 and 1, got {value!r}")
    number = float(value)
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"{where}: a chance is between 0 and 1, got {value!r}")
    return number


def _aligned(values: Any, n: int, name: str) -> list[Any]:
    if values is None:
        return [None] * n
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise ValueError(f"{name} must be a list with one entry per row, got {values!r}")
    if len(values) != n:
        raise ValueError(f"{name} has {len(values)} entries but there are {n} rows")
    return list(values)


def _interval(entry: Any, where: str) -> tuple[float, float, float] | None:
    """An estimate as ``(p, low, high)`` from an ``Estimate``-like object or a 3-tuple."""
    if entry is None:
        return None
    if all(hasattr(entry, k) for k in ("p", "low", "high")):
        p, low, high = entry.p, entry.low, entry.high
    elif isinstance(entry, Sequence) and len(entry) == 3:
        p, low, high = entry
    else:
        raise ValueError(f"{where}: a Monte Carlo entry is an Estimate or (p, low, high), got {entry!r}")
    return _chance(p, where), _chance(low, where), _chance(high, where)


def odds_figure(
    rows: Sequence[Mapping[str, Any]],
    previous: Sequence[Any] | None = None,
    mc: Sequence[Any] | None = None,
    *,
    redraw: Sequence[Any] | None = None,
    lang: str = "en",
    title: str | Text | None = None,
    height: int | None = None,
) -> go.Figure:
    """Each card's chance of being achieved (left) and expected points (right), one row per card.

    ``rows``: mappings with ``label`` and ``p`` (a chance, ``Fraction`` or float),
    optionally ``value`` (what achieving the card is worth; expected points are
    ``p * value``, drawn when any row has a value) and ``kind`` (bar colour).
    ``previous``: the chances one wave earlier, drawn faintly behind (``None``
    entries are skipped). ``mc``: Monte Carlo estimates (``Estimate`` or
    ``(p, low, high)``) drawn as dots with their intervals. ``redraw``: the
    chance each card would have after a redraw of the last token (HC-R4).
    Backgrounds are transparent so the figure sits on light and dark themes.

    >>> fig = odds_figure([{"label": "Mew", "p": 0.02, "value": 10, "kind": "legend"}],
    ...                   mc=[(0.021, 0.018, 0.024)], lang="zh")
    >>> [t.name for t in fig.data if t.visible is not False][-1], fig.layout.xaxis.tickformat
    ('蒙特卡洛', '.0%')
    >>> odds_figure([{"label": "Mew", "p": 0.02}], previous=[0.1, 0.2])
    Traceback (most recent call last):
    ...
    ValueError: previous has 2 entries but there are 1 rows
    """
    spec = odds_figure_spec(
        rows, previous, mc, redraw=redraw, lang=lang, title=title, height=height
    )
    return go.Figure(spec)


def odds_figure_spec(
    rows: Sequence[Mapping[str, Any]],
    previous: Sequence[Any] | None = None,
    mc: Sequence[Any] | None = None,
    *,
    redraw: Sequence[Any] | None = None,
    lang: str = "en",
    title: str | Text | None = None,
    height: int | None = None,
    legend: bool = True,
) -> dict[str, Any]:
    """The same figure as ``odds_figure`` as plain JSON-safe data (``{"data", "layout"}``).

    Building a ``plotly`` figure object validates every property, which takes
    tens of milliseconds; a board that redraws after each click sends this
    dict to plotly.js directly. ``legend=False`` leaves the legend out (a board
    draws its own in HTML): plotly.js then needs no second layout pass for it.

    >>> spec = odds_figure_spec([{"label": "Pikachu", "p": 0.3, "value": 2}])
    >>> spec["data"][1]["x"], spec["layout"]["xaxis"]["tickformat"]
    ([0.3], '.0%')
    >>> odds_figure_spec([{"label": "Pikachu"}])
    Traceback (most recent call last):
    ...
    ValueError: row 0: expected a mapping with 'label' and 'p', got {'label': 'Pikachu'}
    """
    text = labels_in(_TEXT, lang)
    if isinstance(rows, str | bytes) or not isinstance(rows, Sequence):
        raise ValueError(f"rows must be a list of mappings with 'label' and 'p', got {rows!r}")
    labels: list[str] = []
    chances: list[float] = []
    values: list[float | None] = []
    colours: list[str] = []
    patterns: list[str] = []
    ev_texts: list[str] = []
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping) or "label" not in row or "p" not in row:
            raise ValueError(f"row {i}: expected a mapping with 'label' and 'p', got {row!r}")
        where = f"row {i} ({row['label']!r})"
        labels.append(str(row["label"]))
        chances.append(_chance(row["p"], where))
        value = row.get("value")
        if value is not None and (isinstance(value, bool) or not isinstance(value, Real) or value < 0):
            raise ValueError(f"{where}: value is the points a card is worth (≥ 0), got {value!r}")
        values.append(None if value is None else float(value))
        # the bar's label from the exact chance where there is one: the card beside it shows the same text
        exact = Fraction(row["p"]) if isinstance(row["p"], Rational) else float(row["p"])
        ev_texts.append(decimals(exact * (value or 0)))
        colours.append(KIND_COLOURS.get(str(row.get("kind", "")), _DEFAULT_COLOUR))
        patterns.append(KIND_PATTERNS.get(str(row.get("kind", "")), ""))
    n = len(labels)
    prev = [
        None if v is None else _chance(v, f"previous[{i}]")
        for i, v in enumerate(_aligned(previous, n, "previous"))
    ]
    estimates = [_interval(e, f"mc[{i}]") for i, e in enumerate(_aligned(mc, n, "mc"))]
    redrawn = [
        None if v is None else _chance(v, f"redraw[{i}]")
        for i, v in enumerate(_aligned(redraw, n, "redraw"))
    ]
    with_ev = any(v is not None for v in values)
    # Top to bottom in hand order: plotly draws the first category at the bottom.
    y = list(range(n))
    ev = [p * (v or 0.0) for p, v in zip(chances, values, strict=True)]
    ev_prev = [None if q is None else q * (v or 0.0) for q, v in zip(prev, values, strict=True)]
    percent = [percent_label(p) for p in chances]

    # A chance's label goes right of every mark in its row (bar, previous tick, redraw, Monte Carlo dot and
    # interval; issue 31: "●15%"), off an invisible marker there by its radius.
    ends = [max(p, q or 0, r or 0, e[2] if e else 0) for p, q, r, e in zip(chances, prev, redrawn, estimates, strict=True)]
    traces: list[Any] = [
        ghost_bars(text["previous"], y, prev, colours, "x", any(q is not None for q in prev)),
        value_bars(text["chance"], y, chances, colours, [""] * n, labels, ".1%", "x", patterns),
        dict(type="scatter", mode="markers+text", name=text["chance"], y=y, x=ends, text=percent, textposition="middle right",
             marker={"size": 14, "opacity": 0}, cliponaxis=False, hoverinfo="skip", showlegend=False, xaxis="x", yaxis="y"),
    ]
    if with_ev:
        traces += [
            ghost_bars(text["previous"], y, ev_prev, colours, "x2", False),
            value_bars(text["ev"], y, ev, colours, ev_texts, labels, ".3f", "x2", patterns),
        ]
    for axis, series in (("x", prev), ("x2", ev_prev)):
        if axis == "x" or with_ev:
            traces.append(previous_marks(text["previous_mark"], series, axis))
    if any(r is not None for r in redrawn):
        traces.append(redraw_marks(text["redraw"], redrawn))
    if any(e is not None for e in estimates):
        traces.append(monte_carlo_marks(text["mc"], estimates))
    top = max([v or 0.0 for v in values] + [1.0])
    # A fixed left margin from the labels' length: plotly's automargin costs a second layout pass.
    wide = sum(2 if ord(ch) > 0x2E80 else 1 for ch in max(labels, key=len)) if labels else 4
    left = 14 + 7 * wide
    layout: dict[str, Any] = {
        "barmode": "overlay",
        "height": height or max(190, 80 + 46 * n),
        "margin": {"l": left, "r": 24, "t": (28 if title else 0) + (30 if legend else 8), "b": 40},
        "showlegend": legend,
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "font": {"size": 12},
        "legend": {"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom", "font": {"size": 11}},
        "xaxis": {
            "domain": [0.0, 0.6 if with_ev else 1.0],
            "range": [0, 1.18],
            "tickformat": ".0%",
            "tickvals": [0, 0.25, 0.5, 0.75, 1],
            "title": {"text": text["x_chance"], "font": {"size": 11}},
            "zeroline": False,
            "fixedrange": True,
        },
        "yaxis": {
            "tickvals": y,
            "ticktext": labels,
            "autorange": "reversed",
            "fixedrange": True,
        },
        "hovermode": "closest",
    }
    if with_ev:
        layout["xaxis2"] = {
            "domain": [0.68, 1.0],
            "range": [0, top * 1.3],
            "title": {"text": text["x_ev"], "font": {"size": 11}},
            "zeroline": False,
            "fixedrange": True,
            "anchor": "y",
        }
    if title:
        layout["title"] = {"text": render(title, lang), "x": 0, "font": {"size": 13}}
    return {"data": traces, "layout": layout}
