"""Target cards (目标卡, HC-C2): the frozen ``TargetCard`` value and the validated CSV loader.

The 60 cards of the kit live in ``targets.csv`` beside this module; ``TARGETS``
maps card id -> ``TargetCard``.

>>> card = TARGETS["G13"]
>>> card.name_en, card.name_zh, card.kind, card.points
('Pikachu', '皮卡丘', 'gray', 2)
>>> card.condition
LastIs('yellow')
>>> card.describe("zh")
'皮卡丘（灰色，2 分）：最后一枚是黄色'
>>> TARGETS["X99"]
Traceback (most recent call last):
...
KeyError: 'X99'
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pokelab.errors import check_lang
from pokelab.herecomes.conditions import (
    AllDrawn,
    AllOf,
    Condition,
    LastIs,
    NeverDrawn,
    parse_condition,
)

__all__ = ["KINDS", "KIND_ZH", "TARGETS", "TARGETS_CSV", "TargetCard", "load_targets"]

KINDS: tuple[str, ...] = ("gray", "purple", "orange", "legend")
KIND_ZH: Mapping[str, str] = MappingProxyType(
    {"gray": "灰色", "purple": "紫色", "orange": "橙色", "legend": "梦幻/超梦"}
)
# Which condition each kind prints (HC-C2).
_KIND_CONDITION: Mapping[str, type] = MappingProxyType(
    {"gray": LastIs, "purple": NeverDrawn, "orange": AllDrawn, "legend": AllOf}
)
FIELDS: tuple[str, ...] = ("id", "kind", "condition", "points", "name_en", "name_zh")
TARGETS_CSV: Path = Path(__file__).with_name("targets.csv")


@dataclass(frozen=True, slots=True)
class TargetCard:
    """One target card: ``id, kind, condition, points, name_en, name_zh``.

    >>> TargetCard("X1", "gray", LastIs("red"), 1, "Charmander", "小火龙").is_legend
    False
    >>> TargetCard("X1", "blue", LastIs("red"), 1, "Charmander", "小火龙")
    Traceback (most recent call last):
    ...
    ValueError: card X1: kind must be one of gray, purple, orange, legend, got 'blue'
    """

    id: str
    kind: str
    condition: Condition
    points: int
    name_en: str
    name_zh: str

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise ValueError(f"a card id is a non-empty string, got {self.id!r}")
        if self.kind not in KINDS:
            raise ValueError(
                f"card {self.id}: kind must be one of {', '.join(KINDS)}, got {self.kind!r}"
            )
        expected = _KIND_CONDITION[self.kind]
        if not isinstance(self.condition, expected):
            raise ValueError(
                f"card {self.id}: a {self.kind} card needs a {expected.__name__} condition, "
                f"got {self.condition!r}"
            )
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 0:
            raise ValueError(
                f"card {self.id}: points must be a whole number >= 0, got {self.points!r}"
            )
        for field in ("name_en", "name_zh"):
            if not isinstance(getattr(self, field), str) or not getattr(self, field).strip():
                raise ValueError(f"card {self.id}: {field} must not be empty")

    @property
    def is_legend(self) -> bool:
        """True for Mew / Mewtwo cards, which win the game when achieved (HC-G1)."""
        return self.kind == "legend"

    def name(self, lang: str = "en") -> str:
        """The Pokémon's name in ``lang``: ``TARGETS['L01'].name('zh')`` -> ``'梦幻'``."""
        return self.name_zh if check_lang(lang) == "zh" else self.name_en

    def describe(self, lang: str = "en") -> str:
        """Name, kind, points and condition in words.

        >>> TARGETS["P01"].describe()
        'Clefairy (purple, 1 point): no purple token is drawn'
        """
        check_lang(lang)
        if lang == "zh":
            return (
                f"{self.name_zh}（{KIND_ZH[self.kind]}，{self.points} 分）："
                f"{self.condition.describe('zh')}"
            )
        unit = "point" if self.points == 1 else "points"
        return (
            f"{self.name_en} ({self.kind}, {self.points} {unit}): {self.condition.describe('en')}"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe card data for views and widgets.

        >>> TARGETS["O09"].to_dict()["condition_zh"]
        '所有黄色都被抽出'
        """
        return {
            "id": self.id,
            "kind": self.kind,
            "kind_zh": KIND_ZH[self.kind],
            "condition": self.condition.code(),
            "condition_en": self.condition.describe("en"),
            "condition_zh": self.condition.describe("zh"),
            "points": self.points,
            "name_en": self.name_en,
            "name_zh": self.name_zh,
        }


def load_targets(path: str | Path = TARGETS_CSV) -> Mapping[str, TargetCard]:
    """Read and validate a target-card CSV; return id -> ``TargetCard`` in file order.

    Columns: ``id,kind,condition,points,name_en,name_zh``. Every bad value is
    reported with its row number (the header is row 1) and field name.

    >>> len(load_targets())
    60
    >>> import tempfile, os
    >>> bad = "id,kind,condition,points,name_en,name_zh\\nA1,gray,last:pink,1,X,某\\n"
    >>> with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, encoding="utf-8") as f:
    ...     _ = f.write(bad)
    >>> load_targets(f.name)
    Traceback (most recent call last):
    ...
    ValueError: ...: row 2, field 'condition': unknown token colour 'pink'; colours are red, blue, green, yellow, purple
    >>> os.unlink(f.name)
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read target cards from {path}: {exc}") from exc
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        raise ValueError(f"{path}: the file is empty; expected the header {','.join(FIELDS)}")
    header = tuple(cell.strip() for cell in rows[0])
    if header != FIELDS:
        raise ValueError(
            f"{path}: row 1: the header must be {','.join(FIELDS)}, got {','.join(header)}"
        )
    cards: dict[str, TargetCard] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not row or all(not cell.strip() for cell in row):
            continue
        if len(row) != len(FIELDS):
            raise ValueError(f"{path}: row {number}: expected {len(FIELDS)} fields, got {len(row)}")
        values = dict(zip(FIELDS, (cell.strip() for cell in row), strict=True))

        def bad(field: str, why: str, number: int = number) -> ValueError:
            return ValueError(f"{path}: row {number}, field {field!r}: {why}")

        card_id = values["id"]
        if not card_id:
            raise bad("id", "the id is empty")
        if card_id in cards:
            raise bad("id", f"duplicate id {card_id!r}")
        kind = values["kind"]
        if kind not in KINDS:
            raise bad("kind", f"must be one of {', '.join(KINDS)}, got {kind!r}")
        try:
            condition = parse_condition(values["condition"])
        except ValueError as exc:
            raise bad("condition", str(exc)) from None
        if not isinstance(condition, _KIND_CONDITION[kind]):
            raise bad(
                "condition",
                f"a {kind} card needs a {_KIND_CONDITION[kind].__name__} condition, "
                f"got {values['condition']!r}",
            )
        try:
            points = int(values["points"])
        except ValueError:
            raise bad("points", f"must be a whole number, got {values['points']!r}") from None
        if points < 0:
            raise bad("points", f"must be >= 0, got {points}")
        for field in ("name_en", "name_zh"):
            if not values[field]:
                raise bad(field, "the name is empty")
        cards[card_id] = TargetCard(
            card_id, kind, condition, points, values["name_en"], values["name_zh"]
        )
    if not cards:
        raise ValueError(f"{path}: no cards after the header")
    return MappingProxyType(cards)


TARGETS: Mapping[str, TargetCard] = load_targets()
