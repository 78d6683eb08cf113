"""The 90 Pokémon cards of Splendor: Pokémon, loaded and validated from ``cards.csv`` (SP-C2).

Colours are the strings ``red blue green yellow black`` (the regular tokens, in
this fixed order) plus ``master`` (the wildcard Master Ball, 万能大师球). A
card's ``cost`` is a tuple of five counts in that colour order.

>>> CARDS[1].name_en, CARDS[1].pokemon.render("zh"), CARDS[1].cost_by_colour()
('Charmander', '小火龙', {'blue': 1, 'green': 1, 'yellow': 1})

A card's name is a catalogue text (``card.pokemon``; the English name is its message
id, the other languages are in the word catalogue, not in the CSV).
>>> len(CARDS)
90
>>> card_by_name("Pikachu").evolves_from == card_by_name("Pichu").id
True
>>> card_by_name("Missingno")
Traceback (most recent call last):
...
KeyError: "no card named 'Missingno'"
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pokelab.words import Text, _p, check_lang, languages

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black")
"""The five regular token colours, in the engine's fixed order."""
MASTER = "master"
TOKEN_COLOURS: tuple[str, ...] = (*COLOURS, MASTER)
"""The six token kinds: the regular colours, then ``master``."""
TIERS: tuple[str, ...] = ("normal", "rare", "legendary")

CARDS_CSV = Path(__file__).with_name("cards.csv")
FIELDS: tuple[str, ...] = (
    "id",
    "name_en",
    "tier",
    "stage",
    "evolves_from",
    *(f"cost_{c}" for c in COLOURS),
    "discount",
    "points",
)


@dataclass(frozen=True, slots=True)
class Card:
    """One Pokémon card: names, tier, evolution stage, cost, discount colour and trophy points.

    >>> c = CARDS[3]
    >>> (c.name_en, c.tier, c.stage, c.evolves_from, c.discount, c.points)
    ('Charizard', 'normal', 2, 2, 'red', 3)
    >>> c.cost, c.total_cost
    ((2, 3, 3, 0, 0), 8)
    """

    id: int
    name_en: str
    tier: str
    stage: int
    evolves_from: int | None
    cost: tuple[int, ...]
    discount: str | None
    points: int

    @property
    def total_cost(self) -> int:
        """The number of tokens the card costs before discounts."""
        return sum(self.cost)

    def cost_by_colour(self) -> dict[str, int]:
        """The cost as ``{colour: count}``, leaving out colours that cost nothing.

        >>> CARDS[90].cost_by_colour()
        {'red': 2, 'blue': 2, 'green': 2, 'yellow': 3, 'black': 2}
        """
        return {c: n for c, n in zip(COLOURS, self.cost, strict=True) if n}

    @property
    def pokemon(self) -> Text:
        """The card's Pokémon name as a catalogue text (its English name is the message id).

        >>> CARDS[7].pokemon.render("zh")
        '火稚鸡'
        """
        return _p("Pokémon", self.name_en)

    def name(self, lang: str = "en") -> str:
        """The card's name in ``lang`` (rendered from the catalogue).

        >>> CARDS[7].name("zh")
        '火稚鸡'
        >>> CARDS[7].name("fr")
        Traceback (most recent call last):
        ...
        ValueError: unknown language 'fr': choose 'en' or 'zh'
        """
        return self.pokemon.render(check_lang(lang))

    def to_dict(self) -> dict[str, object]:
        """Every field as views show it: cost as ``{colour: count}`` over all five colours, ``name`` a catalogue text.

        >>> d = CARDS[1].to_dict()
        >>> d["cost"], d["name"].render("zh")
        ({'red': 0, 'blue': 1, 'green': 1, 'yellow': 1, 'black': 0}, '小火龙')
        """
        return {
            "id": self.id,
            "name": self.pokemon,
            "tier": self.tier,
            "stage": self.stage,
            "evolves_from": self.evolves_from,
            "cost": dict(zip(COLOURS, self.cost, strict=True)),
            "discount": self.discount,
            "points": self.points,
        }


def _bad(path: Path, line: int, card_id: str, field: str, msg: str) -> ValueError:
    where = f"{path.name} row {line}" + (f" (id {card_id})" if card_id else "")
    return ValueError(f"{where}, field {field!r}: {msg}")


def _int(raw: str, path: Path, line: int, cid: str, field: str, lo: int, hi: int) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        raise _bad(path, line, cid, field, f"{raw!r} is not a whole number") from None
    if not lo <= value <= hi:
        raise _bad(path, line, cid, field, f"{value} is outside {lo}..{hi}")
    return value


def load_cards(path: str | Path = CARDS_CSV) -> dict[int, Card]:
    """Read and validate a card CSV; return ``{id: Card}`` in file order.

    Every bad value is reported with the CSV row (the header is row 1), the
    card's id when known, and the field at fault.

    >>> cards = load_cards()
    >>> cards[25].name_en
    'Marshtomp'
    >>> import pathlib, tempfile
    >>> bad = pathlib.Path(tempfile.mkdtemp()) / "bad.csv"
    >>> _ = bad.write_text(",".join(FIELDS) + "\\n1,Pichu,epic,0,,1,1,1,0,0,yellow,0\\n")
    >>> load_cards(bad)
    Traceback (most recent call last):
    ...
    ValueError: bad.csv row 2 (id 1), field 'tier': 'epic' is not one of normal, rare, legendary
    """
    path = Path(path)
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader, None)
        if header is None or tuple(h.strip() for h in header) != FIELDS:
            raise ValueError(
                f"{path.name} row 1: the header must be {','.join(FIELDS)}, got {header!r}"
            )
        rows = list(reader)
    cards: dict[int, Card] = {}
    pending_evo: list[tuple[int, int, int]] = []  # (line, card id, evolves_from)
    names_en: dict[str, int] = {}
    for offset, row in enumerate(rows):
        line = offset + 2
        if not row or all(not cell.strip() for cell in row):
            raise ValueError(f"{path.name} row {line}: empty row")
        if len(row) != len(FIELDS):
            raise ValueError(
                f"{path.name} row {line}: expected {len(FIELDS)} fields, got {len(row)}"
            )
        raw = dict(zip(FIELDS, (cell.strip() for cell in row), strict=True))
        cid_raw = raw["id"]
        cid = _int(cid_raw, path, line, "", "id", 1, 10_000)
        if cid in cards:
            raise _bad(path, line, cid_raw, "id", f"id {cid} is used twice")
        name_en = raw["name_en"]
        if not name_en:
            raise _bad(path, line, cid_raw, "name_en", "the English name is empty")
        if name_en.lower() in names_en:
            raise _bad(path, line, cid_raw, "name_en", f"{name_en!r} is used twice")
        tier = raw["tier"]
        if tier not in TIERS:
            raise _bad(path, line, cid_raw, "tier", f"{tier!r} is not one of {', '.join(TIERS)}")
        stage = _int(raw["stage"], path, line, cid_raw, "stage", 0, 2)
        if stage and tier != "normal":
            raise _bad(path, line, cid_raw, "tier", "an evolved form (stage ≥ 1) must be normal")
        evo_raw = raw["evolves_from"]
        evolves_from = None
        if stage == 0 and evo_raw:
            raise _bad(path, line, cid_raw, "evolves_from", "a basic card (stage 0) evolves from nothing")
        if stage > 0:
            if not evo_raw:
                raise _bad(path, line, cid_raw, "evolves_from", f"a stage-{stage} card must name its base")
            evolves_from = _int(evo_raw, path, line, cid_raw, "evolves_from", 1, 10_000)
            pending_evo.append((line, cid, evolves_from))
        cost = tuple(
            _int(raw[f"cost_{c}"], path, line, cid_raw, f"cost_{c}", 0, 20) for c in COLOURS
        )
        if sum(cost) == 0:
            raise _bad(path, line, cid_raw, "cost_red", "the card costs nothing at all")
        discount = raw["discount"] or None
        if discount is None and tier != "legendary":
            raise _bad(path, line, cid_raw, "discount", "only legendary cards may have no discount")
        if discount is not None and discount not in COLOURS:
            raise _bad(
                path, line, cid_raw, "discount", f"{discount!r} is not one of {', '.join(COLOURS)}"
            )
        points = _int(raw["points"], path, line, cid_raw, "points", 0, 20)
        names_en[name_en.lower()] = cid
        cards[cid] = Card(cid, name_en, tier, stage, evolves_from, cost, discount, points)
    for line, cid, base in pending_evo:
        if base not in cards:
            raise _bad(path, line, str(cid), "evolves_from", f"no card has id {base}")
        if cards[base].stage != cards[cid].stage - 1 or cards[base].tier != "normal":
            raise _bad(
                path,
                line,
                str(cid),
                "evolves_from",
                f"card {base} is stage {cards[base].stage} {cards[base].tier}; "
                f"a stage-{cards[cid].stage} card evolves from a normal stage-{cards[cid].stage - 1}",
            )
    if not cards:
        raise ValueError(f"{path.name}: no cards")
    return cards


CARDS: Mapping[int, Card] = load_cards()
"""The 90 cards shipped with the package, by id (1..90)."""

_BY_NAME: dict[str, Card] = {c.name_en.lower(): c for c in CARDS.values()}
_BY_NAME_IN: dict[str, dict[str, Card]] = {}  # a language -> its names of the cards (built when first asked)


def _names_in(lang: str) -> dict[str, Card]:
    if lang not in _BY_NAME_IN:
        _BY_NAME_IN[lang] = {c.pokemon.render(lang).strip().lower(): c for c in CARDS.values()}
    return _BY_NAME_IN[lang]


def card_by_name(name: str) -> Card:
    """Find a card by its name in any language the kit speaks (English in any case, Chinese, …).

    >>> card_by_name("charizard").id
    3
    >>> card_by_name("妙蛙花").name_en
    'Venusaur'
    """
    key = name.strip().lower()
    if key in _BY_NAME:
        return _BY_NAME[key]
    for lang in languages()[1:]:
        found = _names_in(lang).get(key)
        if found is not None:
            return found
    raise KeyError(f"no card named {name!r}")
