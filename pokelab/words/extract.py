"""Find every text of the kit for the catalogue: ``_``/``_n``/``_p``/``N_`` calls in the code, names in the card files.

Used by ``scripts/words.py`` (to update the ``.po`` files) and by the tests (to
check each catalogue has every text, with the same placeholders).

>>> catalog = extract_catalog()
>>> ("Mewtwo", "Pokémon") in {(m.id, m.context) for m in catalog}
True
>>> extract_catalog(roots=("no/such/folder",))
Traceback (most recent call last):
...
FileNotFoundError: no such folder to extract texts from: no/such/folder
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from pokelab.words.catalogue import DOMAIN

__all__ = ["KEYWORDS", "ROOTS", "extract_catalog"]

REPO = Path(__file__).resolve().parents[2]
#: The folders whose Python code shows texts to people.
ROOTS = ("pokelab", "widgets")
#: Our gettext functions, as Babel's extractor spells their arguments.
KEYWORDS = {"_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "N_": None}
#: Card files whose names are texts too: (file, English column, context).
NAMED_DATA = (
    ("pokelab/splendor/cards.csv", "name_en", "Pokémon"),
    ("pokelab/herecomes/targets.csv", "name_en", "Pokémon"),
)


def _data_messages(root: Path) -> Iterable[tuple[str, str, str, int]]:
    for relative, column, context in NAMED_DATA:
        path = root / relative
        if not path.exists():
            continue
        with open(path, encoding="utf-8", newline="") as handle:
            for lineno, row in enumerate(csv.DictReader(handle), start=2):
                name = (row.get(column) or "").strip()
                if name:
                    yield name, context, relative, lineno


def extract_catalog(root: Path = REPO, roots: tuple[str, ...] = ROOTS) -> Catalog:
    """Every message of the kit as one Babel ``Catalog`` (the template a ``.po`` is updated from)."""
    catalog = Catalog(domain=DOMAIN, project="pokelab", charset="utf-8", fuzzy=False)
    for folder in roots:
        directory = root / folder
        if not directory.is_dir():
            raise FileNotFoundError(f"no such folder to extract texts from: {folder}")
        found = extract_from_dir(
            str(directory),
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            location = (f"{folder}/{filename}", lineno)
            catalog.add(message, locations=[location], auto_comments=comments, context=context)
    for name, context, relative, lineno in _data_messages(root):
        catalog.add(name, locations=[(relative, lineno)], context=context)
    return catalog
