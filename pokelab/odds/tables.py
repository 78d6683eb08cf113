"""Tables for lessons: every target card's chance and expected points as a pandas DataFrame (HC-C2).

Exact chances are given twice: ``exact`` as text (``"9/38"``, safe for CSV and
JSON) and ``p`` as a float. A legend card's value is ``legend_value``
(see ``pokelab.odds.advice``). Expected points here are for one card on its
own with no redraw by default; ``redraw=True`` gives them when the last token
is always put back and redrawn (HC-R4): gray and orange chances do not change,
purple ones drop, since the token put back has appeared (HC-C2).

>>> table = card_table()
>>> len(table), list(table.columns)[:4]
(60, ['id', 'name', 'kind', 'condition'])
>>> row = table.set_index("id").loc["P01"]
>>> row["exact"], f"{row['p']:.4f}"
('9/38', '0.2368')
>>> card_table({"red": 3})
Traceback (most recent call last):
...
pokelab.errors.InputError: the bag holds 3 tokens but a round draws 10: add at least 7 more
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.names import kind_name
from pokelab.odds.exact_parts import chance_of_parts
from pokelab.odds.inputs import (
    COLOUR_INDEX,
    LEGEND_VALUE,
    bag_counts,
    card_value,
    parts_of,
    shown_counts,
)
from pokelab.words import _p, check_lang

__all__ = ["card_table"]

_KINDS = ("gray", "purple", "orange", "legend")

# The columns, in the table's language: the English words are the names code reads (``row["exact"]``).
_COLUMNS = (
    _p("card table", "id"),
    _p("card table", "name"),
    _p("card table", "kind"),
    _p("card table", "condition"),
    _p("card table", "points"),
    _p("card table", "value"),
    _p("card table", "exact"),
    _p("card table", "p"),
    _p("card table", "expected_points"),
)


def _cards() -> Iterable[Any]:
    return TARGETS.values()


def card_table(
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    *,
    shown: Sequence[str] = (),
    cards: Iterable[Any] | None = None,
    legend_value: Fraction | int = LEGEND_VALUE,
    lang: str = "en",
    redraw: bool = False,
) -> Any:
    """Every target card's exact chance and expected points with ``bag`` (after ``shown`` tokens).

    ``cards`` defaults to the kit's 60 ``TARGETS``. Columns (``lang="en"``):
    id, name, kind, condition, points, value (points, or ``legend_value`` for a
    legend), exact (text fraction), p (float), expected_points (p × value).
    Another ``lang`` gives the column names, names, kinds and conditions in that language.

    With ``redraw`` the last token is always put back and redrawn (HC-R4).

    >>> t = card_table({"red": 10, "blue": 10}, lang="zh")
    >>> t.set_index("编号").loc["G05", ["条件", "精确概率"]].tolist()
    ['最后一枚是蓝色', '1/2']
    >>> card_table(redraw=True).set_index("id").loc[["G01", "P01"], "exact"].tolist()
    ['3/10', '81/418']
    """
    import pandas as pd  # lazy: pandas is slow to import; only a table needs it

    check_lang(lang)
    counts = bag_counts(bag, DRAWS_PER_ROUND)
    seen = shown_counts(shown, counts, DRAWS_PER_ROUND)
    last = None
    if len(shown):
        last = COLOUR_INDEX[shown[-1]]
    rows = []
    for card in _cards() if cards is None else cards:
        parts = parts_of([card.condition])
        p = chance_of_parts(parts, counts, seen, last, DRAWS_PER_ROUND, redraw=redraw)
        value = card_value(card, legend_value)
        name = card.name(lang) if callable(getattr(card, "name", None)) else str(card.id)
        # English keeps the kind's code (what code filters on); other languages name it
        kind = card.kind if lang == "en" or card.kind not in _KINDS else kind_name(card.kind).render(lang)
        rows.append(
            (
                card.id,
                name,
                kind,
                card.condition.describe(lang),
                card.points,
                float(value),
                str(p),
                float(p),
                float(p * value),
            )
        )
    return pd.DataFrame(rows, columns=[column.render(lang) for column in _COLUMNS])
