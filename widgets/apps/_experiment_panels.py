"""The class experiment's panels, drawn from a tally: the table, the chart, the streak check and the groups.

Each is a function of the class's ``ClassTally``, the events compared and the
page's language; ``ClassExperiment`` (and through it the live dashboard) shows them.

>>> from pokelab.classroom import ClassTally, parse_event
>>> tally = ClassTally.new(seed=1).simulate(50)
>>> events = [parse_event("last:red")]
>>> "/ 50" in table_html(tally, events, "en"), len(figure(tally, events, "en").data)
(True, 4)
>>> groups_html(ClassTally.new(), events, "en")
''
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from pokelab.classroom import SIMULATED, ClassTally, Event
from widgets.apps._common import EVENT_HEX, _pct, t

__all__ = ["chart_output", "empty_figure", "figure", "groups_html", "streak_html", "table_html"]


def table_html(tally: ClassTally, events: Sequence[Event], lang: str) -> str:
    """The table of every event: how often it happened, the exact chance, the gap and the 95 % interval."""
    df = tally.table(events, lang="en")
    head = "".join(
        f"<th style='padding:2px 8px'>{html.escape(t(lang, k))}</th>"
        for k in ("event", "happened", "observed", "exact", "gap", "interval", "inside")
    )
    body = []
    for e, (_index, row) in zip(events, df.iterrows(), strict=True):
        n = int(row["rounds"])
        interval = "—" if not n else f"{_pct(row['low'])} – {_pct(row['high'])}"
        inside = "—" if not n else t(lang, "yes" if row["inside"] else "no")
        gap = "—" if not n else f"{row['gap']:+.1%}"
        body.append(
            "<tr>"
            f"<td style='padding:2px 8px'>{html.escape(e.describe(lang))} <small><code>{e.code}</code></small></td>"
            f"<td style='padding:2px 8px;text-align:right'>{int(row['happened'])} / {n}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{_pct(row['observed'])}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{row['exact']} = {_pct(row['p'])}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{gap}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{interval}</td>"
            f"<td style='padding:2px 8px;text-align:center'>{inside}</td>"
            "</tr>"
        )
    return (
        f"<h3>{html.escape(t(lang, 'table_title'))}</h3>"
        f"<table data-testid='tally-table' style='border-collapse:collapse'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )

def empty_figure() -> go.Figure:
    """The chart's frame: bars on the left, the running frequencies on the right."""
    fig = make_subplots(rows=1, cols=2, column_widths=[0.4, 0.6], horizontal_spacing=0.08)
    fig.update_layout(
        height=380,
        margin={"l": 50, "r": 20, "t": 40, "b": 40},
        barmode="group",
        paper_bgcolor="rgba(0,0,0,0)",
        legend={"orientation": "h", "y": -0.2},
    )
    return fig

def figure(tally: ClassTally, events: Sequence[Event], lang: str) -> go.Figure:
    """The chart: observed against exact bars with intervals, and each event's frequency round after round."""
    table = tally.table(events, lang="en")
    history = tally.history(events, points=120)
    codes = [e.code for e in events]
    labels = [e.describe(lang) for e in events]
    traces: list[Any] = [
        go.Bar(
            name=t(lang, "observed_trace"),
            x=codes,
            y=[0 if math.isnan(v) else v for v in table["observed"]],
            marker_color="#5c7cfa",
            customdata=labels,
            hovertemplate="%{customdata}: %{y:.1%}<extra></extra>",
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [
                    0 if math.isnan(h) else h - o
                    for h, o in zip(table["high"], table["observed"], strict=True)
                ],
                "arrayminus": [
                    0 if math.isnan(lo) else o - lo
                    for lo, o in zip(table["low"], table["observed"], strict=True)
                ],
            },
            xaxis="x",
            yaxis="y",
        ),
        go.Bar(
            name=t(lang, "exact_trace"),
            x=codes,
            y=list(table["p"]),
            marker_color="#adb5bd",
            customdata=list(table["exact"]),
            hovertemplate="%{customdata} = %{y:.1%}<extra></extra>",
            xaxis="x",
            yaxis="y",
        ),
    ]
    last = tally.n or 1
    for i, (e, label) in enumerate(zip(events, labels, strict=True)):
        colour = EVENT_HEX[i % len(EVENT_HEX)]
        rows = history[history["event"] == e.code]
        p = float(table["p"].iloc[i])
        traces.append(
            go.Scatter(
                name=label,
                x=list(rows["rounds"]),
                y=list(rows["observed"]),
                mode="lines",
                line={"color": colour},
                legendgroup=e.code,
                xaxis="x2",
                yaxis="y2",
                hovertemplate=f"{html.escape(label)}: %{{y:.1%}} (%{{x}})<extra></extra>",
            )
        )
        traces.append(
            go.Scatter(
                name=f"{label} ({t(lang, 'exact_trace')})",
                x=[1, last],
                y=[p, p],
                mode="lines",
                line={"color": colour, "dash": "dash", "width": 1},
                legendgroup=e.code,
                showlegend=False,
                hoverinfo="skip",
                xaxis="x2",
                yaxis="y2",
            )
        )
    fig = empty_figure()
    fig.add_traces(traces)
    fig.update_layout(
        title={
            "text": f"{t(lang, 'chart_bars')}  ·  {t(lang, 'chart_lines')}",
            "font": {"size": 14},
        },
        xaxis={"title": None},
        yaxis={"title": t(lang, "y_freq"), "tickformat": ".0%", "range": [0, 1]},
        xaxis2={
            "title": t(lang, "x_rounds"),
            "type": "log" if tally.n >= 20 else "linear",
        },
        yaxis2={"tickformat": ".0%", "range": [0, 1]},
    )
    return fig


def chart_output(fig: go.Figure, rounds: int, lang: str) -> dict[str, Any]:
    """The chart as one output of plotly's own mimetype (JupyterLab and Voilà draw it with no CDN).

    The whole output is replaced at once, so nothing flickers and no kernel-side capture is needed.
    """
    return {
        "output_type": "display_data",
        "data": {
            "application/vnd.plotly.v1+json": {
                **json.loads(fig.to_json()),
                "config": {"displayModeBar": False},
            },
            "text/plain": f"<{t(lang, 'chart_bars')}: {rounds} rounds>",
        },
        "metadata": {},
    }


def streak_html(tally: ClassTally, events: Sequence[Event], lang: str) -> str:
    """Did the first event come more or less often right after two in a row? (It should not.)"""
    event = events[0]
    s = tally.after_streak(event, length=2)
    title = f"<h4>{html.escape(t(lang, 'streak_title'))}</h4>"
    words = html.escape(event.describe(lang))
    if not s["after_streak"]:
        return title + t(lang, "streak_none", length=2, event=words)
    return title + t(
        lang,
        "streak",
        length=2,
        event=words,
        happened=s["happened"],
        after=s["after_streak"],
        observed=_pct(s["observed"]),
        p=f"{event.exact(tally.bag)} = {_pct(s['p'])}",
    )

def groups_html(tally: ClassTally, events: Sequence[Event], lang: str) -> str:
    """The first event's frequency group by group, and for the whole class."""
    if not tally.n:
        return ""
    event = events[0]
    df = tally.by_group(event, lang="en")
    rows = []
    for _index, row in df.iterrows():
        name = {SIMULATED: t(lang, "computer"), "whole class": t(lang, "whole_class")}.get(
            row["group"], row["group"]
        )
        rows.append(
            f"<tr><td style='padding:2px 8px'>{html.escape(str(name))}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{int(row['rounds'])}</td>"
            f"<td style='padding:2px 8px;text-align:right'>{_pct(row['observed'])}</td></tr>"
        )
    head = (
        f"<tr><th>{html.escape(t(lang, 'group_col'))}</th><th>{html.escape(t(lang, 'rounds_col'))}</th>"
        f"<th>{html.escape(t(lang, 'observed'))}</th></tr>"
    )
    return (
        f"<h4>{html.escape(t(lang, 'groups_title'))}: <i>{html.escape(event.describe(lang))}</i> "
        f"({event.exact(tally.bag)})</h4><table>{head}{''.join(rows)}</table>"
    )
