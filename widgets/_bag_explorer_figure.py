"""The bag explorer's plotly figure: the exact law as plain bars, the simulated shares hatched, both means.

Pure data in, plotly JSON out (``widgets.bag_explorer`` draws it and its table from the same numbers).

>>> spec = explorer_figure_spec([Fraction(1, 2), Fraction(1, 2)], [0, 0], colour="purple", draws=1, mean=Fraction(1, 2))
>>> len(spec["data"]), spec["layout"]["barmode"]
(3, 'group')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pokelab.core.texts import decimals
from pokelab.herecomes.names import colour_name
from pokelab.odds.tree_nodes import fraction_text
from widgets._bag_explorer_text import labels
from widgets.tokens import TOKENS

__all__ = ["explorer_figure_spec"]


def _colour_name(colour: str, lang: str) -> str:
    return colour_name(colour).render(lang)


def explorer_figure_spec(
    exact: tuple[Fraction, ...] | list[Fraction],
    tallies: list[int],
    *,
    colour: str,
    draws: int,
    mean: Fraction,
    lang: str = "en",
) -> dict[str, Any]:
    """The explorer's plotly figure as JSON: exact bars (plain), simulated shares (hatched), both means.

    >>> spec = explorer_figure_spec([Fraction(1, 4), Fraction(3, 4)], [30, 70], colour="red", draws=1,
    ...                             mean=Fraction(3, 4), lang="zh")
    >>> [t["name"] for t in spec["data"]], spec["data"][1]["y"], spec["layout"]["xaxis"]["title"]["text"]
    (['确切', '模拟', '确切均值 0.750', '模拟均值 0.700'], [0.3, 0.7], '抽出的红色代币数')
    >>> explorer_figure_spec([Fraction(1)], [1, 2], colour="red", draws=1, mean=Fraction(0))
    Traceback (most recent call last):
    ...
    ValueError: tallies has 2 entries but the distribution has 1
    """
    text = labels(lang)
    if len(tallies) != len(exact):
        raise ValueError(f"tallies has {len(tallies)} entries but the distribution has {len(exact)}")
    name = _colour_name(colour, lang)
    ks = list(range(len(exact)))
    rounds = sum(tallies)
    fill = TOKENS[colour].light
    shares = [t / rounds for t in tallies] if rounds else [0.0] * len(ks)
    data: list[dict[str, Any]] = [
        {
            "type": "bar", "name": text["exact"], "x": ks, "y": [float(p) for p in exact],
            "marker": {"color": fill, "line": {"color": "#1b1b1b", "width": 1}},
            "text": [fraction_text(p) for p in exact], "textposition": "outside", "cliponaxis": False,
            "hovertemplate": f"k=%{{x}}: %{{text}} (%{{y:.3f}})<extra>{text['exact']}</extra>",
        },
        {
            "type": "bar", "name": text["simulated"], "x": ks, "y": shares,
            "marker": {"color": "#9e9e9e", "line": {"color": "#1b1b1b", "width": 1},
                       "pattern": {"shape": "/", "fgcolor": "#1b1b1b", "fgopacity": 0.6, "size": 7,
                                   "solidity": 0.3}},
            "customdata": tallies,
            "hovertemplate": f"k=%{{x}}: %{{customdata}} / {rounds} (%{{y:.3f}})<extra>{text['simulated']}</extra>",
        },
    ]
    top = max([float(p) for p in exact] + shares + [0.05])
    data.append({
        "type": "scatter", "mode": "lines", "name": text["mean_exact"].format(value=decimals(mean, 3)),
        "x": [float(mean)] * 2, "y": [0, top * 1.12], "line": {"color": "#1b1b1b", "width": 2},
        "hoverinfo": "name",
    })
    if rounds:
        sim_mean = sum(k * t for k, t in zip(ks, tallies, strict=True)) / rounds
        data.append({
            "type": "scatter", "mode": "lines", "name": text["mean_sim"].format(value=decimals(sim_mean, 3)),
            "x": [sim_mean] * 2, "y": [0, top * 1.12],
            "line": {"color": "#1b1b1b", "width": 2, "dash": "dash"}, "hoverinfo": "name",
        })
    layout = {
        "barmode": "group",
        "height": 380,
        "margin": {"l": 56, "r": 16, "t": 40, "b": 104},
        "title": {"text": text["fig_title"].format(colour=name, draws=draws, n=rounds), "x": 0,
                  "font": {"size": 13}},
        "xaxis": {"title": {"text": text["x"].format(colour=name)}, "tickvals": ks, "fixedrange": True},
        "yaxis": {"title": {"text": text["y"]}, "range": [0, top * 1.2], "fixedrange": True},
        "legend": {"orientation": "h", "x": 0, "y": -0.26, "yanchor": "top", "font": {"size": 11}},
        "paper_bgcolor": "rgba(0,0,0,0)",
        "plot_bgcolor": "rgba(0,0,0,0)",
        "font": {"size": 12},
    }
    return {"data": data, "layout": layout}
