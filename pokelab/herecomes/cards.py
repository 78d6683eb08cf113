"""Target cards (目标卡, HC-C2): the frozen ``TargetCard`` value and the validated CSV loader.

The 60 cards of the kit live in ``targets.csv`` beside this module; ``TARGETS``
maps card id -> ``TargetCard``.

>>> card = TARGETS["G13"]
>>> card.name_en, card.name("zh"), card.kind, card.points
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

from pokelab.herecomes.conditions import (
    AllDrawn,
    AllOf,
    Condition,
    LastIs,
    NeverDrawn,
    parse_condition,
)
from pokelab.herecomes.names import kind_name, pokemon_name
from pokelab.herecomes.pieces import KINDS
from pokelab.words import Text, _, _n, check_lang

__all__ = ["TARGETS", "TARGETS_CSV", "TargetCard", "load_targets"]

# Which condition each kind prints (HC-C2).
_KIND_CONDITION: Mapping[str, type] = MappingProxyType(
    {"gray": LastIs, "purple": NeverDrawn, "orange": AllDrawn, "legend": AllOf}
)
FIELDS: tuple[str, ...] = ("id", "kind", "condition", "points", "name_en")
TARGETS_CSV: Path = Path(__file__).with_name("targets.csv")


@dataclass(frozen=True, slots=True)
class TargetCard:
    """One target card: ``id, kind, condition, points, name_en`` (the name's other languages are in the catalogue).

    >>> TargetCard("X1", "gray", LastIs("red"), 1, "Charmander").is_legend
    False
    >>> TargetCard("X1", "blue", LastIs("red"), 1, "Charmander")
    Traceback (most recent call last):
    ...
    ValueError: card X1: kind must be one of gray, purple, orange, legend, got 'blue'
    """

    id: str
    kind: str
    condition: Condition
    points: int
    name_en: str

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
        if not isinstance(self.name_en, str) or not self.name_en.strip():
            raise ValueError(f"card {self.id}: name_en must not be empty")

    @property
    def is_legend(self) -> bool:
        """True for Mew / Mewtwo cards, which win the game when achieved (HC-G1)."""
        return self.kind == "legend"

    @property
    def pokemon(self) -> Text:
        """The card's Pokémon as a catalogue text (``name_en`` is its message id, context "Pokémon")."""
        return pokemon_name(self.name_en)

    @property
    def label(self) -> Text:
        """The card as the move log names it: ``Pikachu (G13)`` / ``皮卡丘（G13）``."""
        return _("{name} ({id})", name=self.pokemon, id=self.id)

    def name(self, lang: str = "en") -> str:
        """The Pokémon's name in ``lang``: ``TARGETS['L01'].name('zh')`` -> ``'梦幻'``."""
        return self.pokemon.render(check_lang(lang))

    def text(self) -> Text:
        """Name, kind, points and condition in words, as a catalogue text."""
        return _n(
            "{name} ({kind}, {count} point): {condition}",
            "{name} ({kind}, {count} points): {condition}",
            self.points,
            name=self.pokemon,
            kind=kind_name(self.kind),
            condition=self.condition.text(),
        )

    def describe(self, lang: str = "en") -> str:
        """Name, kind, points and condition in words.

        >>> TARGETS["P01"].describe()
        'Clefairy (purple, 1 point): no purple token is drawn'
        """
        return self.text().render(check_lang(lang))

    def to_dict(self) -> dict[str, Any]:
        """The card as views show it: codes for a page to read, catalogue texts for the reader.

        ``kind``/``condition`` are codes; ``kind_text``, ``condition_text`` and ``name`` are
        texts, rendered in the reader's language where the card is shown.

        >>> d = TARGETS["O09"].to_dict()
        >>> d["condition"], d["condition_text"].render("zh"), d["name"].render("en")
        ('all:yellow', '所有黄色都被抽出', 'Abra')
        """
        return {
            "id": self.id,
            "kind": self.kind,
            "kind_text": kind_name(self.kind),
            "condition": self.condition.code(),
            "condition_text": self.condition.text(),
            "points": self.points,
            "name": self.pokemon,
        }


def load_targets(path: str | Path = TARGETS_CSV) -> Mapping[str, TargetCard]:
    """Read and validate a target-card CSV; return id -> ``TargetCard`` in file order.

    Columns: ``id,kind,condition,points,name_en``. Every bad value is
    reported with its row number (the header is row 1) and field name.

    >>> len(load_targets())
    60
    >>> import tempfile, os
    >>> bad = "id,kind,condition,points,name_en\\nA1,gray,last:pink,1,X\\n"
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
        if not values["name_en"]:
            raise bad("name_en", "the name is empty")
        cards[card_id] = TargetCard(card_id, kind, condition, points, values["name_en"])
    if not cards:
        raise ValueError(f"{path}: no cards after the header")
    return MappingProxyType(cards)



TARGETS: Mapping[str, TargetCard] = load_targets()
