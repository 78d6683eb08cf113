"""The odds figure beside a Here Comes Pokémon! hand: each card's chance now, one wave earlier, after a redraw.

Built from a board's odds rows (``widgets.herecomes.hand.hand_odds``) with
``widgets.plots.odds_figure_spec``; with ``mc_samples`` also a seeded Monte Carlo
estimate over each exact chance.

>>> from pokelab.herecomes import scenario
>>> from widgets.herecomes.hand import hand_odds
>>> s = scenario(2, hands={0: ["G01", "P01", "O01", "G13", "L01"]}, trainers=False)
>>> fig = odds_figure(hand_odds(s, 0), bag=s.composition, tokens=s.tokens, round=s.round, lang="en", seed=1, revision=3)
>>> fig["meta"]["revision"], len(fig["data"][0]["y"])
(3, 5)
>>> odds_figure([], bag=s.composition, tokens=s.tokens, round=s.round, lang="en", seed=1, revision=3)
{}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.herecomes import TARGETS
from pokelab.odds import estimate_many
from widgets.plots import odds_figure_spec, overlay_names

__all__ = ["odds_figure"]


def odds_figure(
    rows: Sequence[Mapping[str, Any]],
    *,
    bag: Mapping[str, int],
    tokens: Sequence[str],
    round: int,
    lang: str,
    seed: int,
    revision: int,
    mc_samples: int | None = None,
) -> dict[str, Any]:
    """The plotly figure of ``rows`` (``{}`` for none) with the bag's ``tokens`` shown so far in ``round``.

    ``mc_samples``: add a Monte Carlo estimate of that size over the ``bag`` (its composition).
    """
    if not rows:
        return {}
    names = [f"{TARGETS[r['id']].pokemon.render(lang)}{' ✂' if r['set_aside'] else ''}" for r in rows]
    mc = None
    if mc_samples is not None:
        est = estimate_many(
            [TARGETS[r["id"]] for r in rows],
            bag=bag,
            shown=tuple(tokens),
            n=max(100, int(mc_samples)),
            seed=seed * 1000 + len(tokens) + 17 * round,
        )
        mc = [(e.p, e.low, e.high) for e in est]
    data = odds_figure_spec(
        [
            {"label": name, "p": r["p"], "value": r["value"], "kind": r["kind"]}
            for name, r in zip(names, rows, strict=True)
        ],
        previous=[r["prev"] for r in rows] if any(r["prev"] is not None for r in rows) else None,
        mc=mc,
        redraw=[r["redraw"] for r in rows] if any(r["redraw"] is not None for r in rows) else None,
        lang=lang,
        legend=False,
    )
    data["meta"] = {
        "revision": revision,
        "tokens": len(tokens),
        "round": round,
        # the traces the page lists in its own legend (the main bars need none)
        "overlays": overlay_names(lang),
    }
    return data
