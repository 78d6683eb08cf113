"""Keep the catalogues in step with the code: update, check, compile, start a new language.

``scripts/words.py`` is the command line (``make words``); the tests call
:func:`problems` for every shipped language.

>>> isinstance(problems("zh"), list)
True
>>> problems("xx")
Traceback (most recent call last):
...
FileNotFoundError: no catalogue for 'xx': expected pokelab/words/locale/xx/LC_MESSAGES/pokelab.po (start one with: python scripts/words.py init xx)
"""

from __future__ import annotations

import datetime
import re
import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from pokelab.words.catalogue import DOMAIN, LOCALE_DIR, compile_po
from pokelab.words.extract import REPO, extract_catalog

__all__ = ["compile_all", "init", "po_path", "problems", "read", "update", "write"]

_FORMATTER = string.Formatter()
#: Babel's name for a language whose code alone is ambiguous to it (plural rules, script).
_BABEL_LOCALE = {"zh": "zh_Hans"}
_FIXED_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
_LANG = re.compile(r"^[a-z]{2,3}(?:_[A-Z]{2})?$")


def po_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    """The catalogue of ``lang`` as Babel reads it; a clear error if there is none."""
    path = po_path(lang)
    if not path.exists():
        raise FileNotFoundError(
            f"no catalogue for {lang!r}: expected {path.relative_to(REPO)} "
            f"(start one with: python scripts/words.py init {lang})"
        )
    with open(path, "rb") as handle:
        return read_po(handle, locale=_BABEL_LOCALE.get(lang, lang), domain=DOMAIN)


def write(lang: str, catalog: Catalog) -> Path:
    """Write ``catalog`` as the ``.po`` of ``lang`` (entries in the order the code has them)."""
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    # fixed header fields: a catalogue changes only where a text changes (no date churn in git)
    catalog.creation_date = catalog.revision_date = _FIXED_DATE
    catalog.msgid_bugs_address = "https://github.com/pokelab/pokelab/issues"
    catalog.last_translator = "pokelab contributors"
    catalog.language_team = f"{lang} (docs/glossary.csv: the rulebooks' terms)"
    catalog.project, catalog.version = "pokelab", ""
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, include_previous=False, sort_output=False)
    return path


def _fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in _FORMATTER.parse(text) if name is not None}
    except ValueError:
        return {"<broken braces>"}


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """What is wrong with the catalogue of ``lang``: a missing or fuzzy text, other placeholders, an unused entry."""
    catalog = read(lang)
    template = template if template is not None else extract_catalog()
    found: list[str] = []
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    have = {}
    for message in catalog:
        if message.id:
            key = (message.id if isinstance(message.id, str) else message.id[0], message.context)
            have[key] = message
    for key in sorted(wanted, key=lambda k: (k[1] or "", k[0])):
        label = f"{key[0]!r}" + (f" (context {key[1]!r})" if key[1] else "")
        message = have.get(key)
        if message is None:
            found.append(f"{lang}: missing {label}")
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            found.append(f"{lang}: no translation for {label}")
        elif message.fuzzy:
            found.append(f"{lang}: fuzzy (unchecked) translation for {label}")
        else:
            sources = message.id if isinstance(message.id, tuple) else (message.id,)
            expected = set().union(*(_fields(s) for s in sources)) - {"count"}
            for text in strings:
                got = _fields(text) - {"count"}
                if got != expected:
                    found.append(f"{lang}: {label} has placeholders {sorted(got)}, the English {sorted(expected)}")
    for key in sorted(set(have) - wanted, key=lambda k: (k[1] or "", k[0])):
        found.append(f"{lang}: {key[0]!r} is no longer used by the code (run: python scripts/words.py update)")
    return found


def update(lang: str, template: Catalog | None = None) -> tuple[int, int]:
    """Bring the catalogue of ``lang`` in step with the code: new texts added empty, unused ones dropped.

    Returns (texts added, texts dropped).
    """
    catalog = read(lang)
    template = template if template is not None else extract_catalog()
    before = {(m.id, m.context) for m in catalog if m.id}
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    dropped = len(catalog.obsolete)
    catalog.obsolete.clear()
    after = {(m.id, m.context) for m in catalog if m.id}
    write(lang, catalog)
    return len(after - before), dropped


def compile_all() -> list[Path]:
    """Compile every ``.po`` to its ``.mo`` beside it (what the build does)."""
    written = []
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_po(po))
        written.append(mo)
    return written


def init(lang: str) -> Path:
    """Start the catalogue of a new language: every text of the kit, none translated yet."""
    if not _LANG.match(lang):
        raise ValueError(f"a language code is 2–3 lowercase letters (e.g. 'fr', 'pt_BR'), got {lang!r}")
    if po_path(lang).exists():
        raise FileExistsError(f"{po_path(lang).relative_to(REPO)} exists already: run update instead")
    template = extract_catalog()
    catalog = Catalog(locale=lang, domain=DOMAIN, project="pokelab", charset="utf-8", fuzzy=False)
    for message in template:
        if message.id:
            catalog.add(message.id, "" if isinstance(message.id, str) else ("", ""), context=message.context)
    return write(lang, catalog)
