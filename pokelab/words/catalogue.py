"""The word catalogue: every text a person reads passes through :func:`translate`.

The kit's texts are written in English in the code (``_("Your turn")``) and
translated by gettext catalogues: ``pokelab/words/locale/<lang>/LC_MESSAGES/pokelab.po``
is the source a translator edits; the build compiles it to ``pokelab.mo``
(``hatch_build.py``, ``make words``). A catalogue whose ``.mo`` is missing or older
than its ``.po`` is compiled in memory, so an edited translation is never ignored.
Adding a language is adding one ``.po`` file (``python scripts/words.py init fr``), in the
kit or in a folder named by ``$POKELAB_LOCALE_PATH``.

>>> translate("zh", "Your turn")
'轮到你了'
>>> translate("en", "{name}'s turn", {"name": "Ann"})
"Ann's turn"
>>> translate("zh", "{count} pt", plural="{count} pts", count=2)
'2 分'
>>> translate("fr", "Your turn")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "LOCALE_PATH_ENV",
    "SOURCE_LANG",
    "check_lang",
    "generation",
    "install",
    "languages",
    "translate",
    "translations",
    "uninstall",
]

#: The language the code is written in: its texts are the catalogue's message ids.
SOURCE_LANG = "en"
DOMAIN = "pokelab"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: Catalogues installed at run time (a test's pseudo-language, a tiny third language).
_INSTALLED: dict[str, gettext.NullTranslations] = {}


#: Further folders of catalogues (``<dir>/<lang>/LC_MESSAGES/pokelab.po``), separated like PATH:
#: a school adds a language without touching the kit.
LOCALE_PATH_ENV = "POKELAB_LOCALE_PATH"


def _locale_dirs() -> list[Path]:
    extra = [Path(p) for p in os.environ.get(LOCALE_PATH_ENV, "").split(os.pathsep) if p]
    return [LOCALE_DIR, *extra]


@functools.cache
def _catalogue_files() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for folder in _locale_dirs():
        for po in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
            found.setdefault(po.parent.parent.name, po)
    return found


def _shipped() -> tuple[str, ...]:
    return tuple(sorted(_catalogue_files()))


def _po_path(lang: str) -> Path:
    return _catalogue_files()[lang]


#: ``languages()`` as last worked out; ``install``/``uninstall`` clear it (it is asked on every render).
_SPOKEN: dict[str, tuple[str, ...]] = {}
#: Texts already rendered, by language and ``Text`` (see ``Text.render``); ``install``/``uninstall`` clear it.
_RENDERED: dict[tuple[Any, ...], str] = {}
#: How many times a catalogue was installed or removed (see :func:`generation`).
_GENERATION = [0]


def languages() -> tuple[str, ...]:
    """Every language the kit speaks: English first, then each catalogue shipped or installed.

    >>> languages()[:2]
    ('en', 'zh')
    """
    spoken = _SPOKEN.get("all")
    if spoken is None:
        spoken = _SPOKEN["all"] = (SOURCE_LANG, *sorted({*_shipped(), *_INSTALLED} - {SOURCE_LANG}))
    return spoken


def _choices(langs: tuple[str, ...]) -> str:
    quoted = [f"'{lang}'" for lang in langs]
    return " or ".join(quoted) if len(quoted) <= 2 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def check_lang(lang: object) -> str:
    """Return ``lang`` if the kit speaks it, else raise ``ValueError`` naming the choices.

    >>> check_lang("zh")
    'zh'
    >>> check_lang(None)
    Traceback (most recent call last):
    ...
    ValueError: unknown language None: choose 'en' or 'zh'
    """
    if not isinstance(lang, str) or lang not in languages():
        raise ValueError(f"unknown language {lang!r}: choose {_choices(languages())}")
    return lang


def compile_po(po_file: Path | io.BytesIO) -> bytes:
    """The compiled ``.mo`` bytes of a ``.po`` file (Babel), fuzzy entries left out."""
    with (open(po_file, "rb") if isinstance(po_file, Path) else po_file) as handle:
        catalog = read_po(handle, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


@functools.cache
def _load(lang: str) -> gettext.NullTranslations:
    po = _po_path(lang)
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        data = mo.read_bytes()
    else:
        data = compile_po(po)
    return gettext.GNUTranslations(io.BytesIO(data))


def translations(lang: str) -> gettext.NullTranslations:
    """The gettext catalogue of ``lang`` (English: the identity)."""
    check_lang(lang)
    if lang in _INSTALLED:
        return _INSTALLED[lang]
    if lang == SOURCE_LANG:
        return gettext.NullTranslations()
    return _load(lang)


def install(lang: str, catalogue: gettext.NullTranslations) -> None:
    """Make ``lang`` speakable for this process from ``catalogue`` (tests: the pseudo-language).

    >>> install("en", gettext.NullTranslations())
    Traceback (most recent call last):
    ...
    ValueError: 'en' is the source language; it has no catalogue to install
    """
    if lang == SOURCE_LANG:
        raise ValueError(f"{lang!r} is the source language; it has no catalogue to install")
    _INSTALLED[lang] = catalogue
    _SPOKEN.clear()
    _RENDERED.clear()
    _GENERATION[0] += 1


def uninstall(lang: str) -> None:
    """Forget a catalogue given to :func:`install` (nothing happens if there is none)."""
    _INSTALLED.pop(lang, None)
    _SPOKEN.clear()
    _RENDERED.clear()
    _GENERATION[0] += 1


def generation() -> int:
    """A number that changes whenever a catalogue is installed or removed: words rendered earlier are good while it stays.

    A board keeping what it rendered (its label table, its move log) checks it before reusing them.

    >>> before = generation()
    >>> uninstall("xx"); generation() == before
    False
    """
    return _GENERATION[0]


_FORMATTER = string.Formatter()


@functools.lru_cache(maxsize=8192)
def _pieces(pattern: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    return tuple(_FORMATTER.parse(pattern))


def _field_names(pattern: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in _pieces(pattern) if name)


def translate(
    lang: str,
    source: str,
    fields: Mapping[str, Any] | None = None,
    *,
    context: str | None = None,
    plural: str | None = None,
    count: int | None = None,
) -> str:
    """The one function: ``source`` (an English message id) in ``lang``, its ``{fields}`` filled in.

    A field that is a :class:`~pokelab.words.text.Text` is translated too, in the same
    language; anything else (a name, a number) is shown as it is. A message the
    catalogue lacks falls back to English (the check in ``tests/words`` keeps that from
    shipping).

    >>> translate("zh", "red", context="colour")
    '红色'
    >>> translate("en", "{name} wins!")
    Traceback (most recent call last):
    ...
    ValueError: the text '{name} wins!' needs the field 'name'
    """
    catalogue = translations(lang)
    if plural is not None:
        if count is None:
            raise ValueError(f"the text {source!r} has a plural form and needs a count")
        pattern = (
            catalogue.npgettext(context, source, plural, count)
            if context
            else catalogue.ngettext(source, plural, count)
        )
    else:
        pattern = catalogue.pgettext(context, source) if context else catalogue.gettext(source)
    fields = dict(fields or {})
    if count is not None:
        fields.setdefault("count", count)
    missing = _field_names(pattern) - fields.keys()
    if missing:
        raise ValueError(f"the text {source!r} needs the field {sorted(missing)[0]!r}")
    return _filled(pattern, {key: _shown(value, lang) for key, value in fields.items()})


def _ideograph(char: str) -> bool:
    """A Chinese character (CJK ideographs, extension A and the compatibility block), not punctuation."""
    code = ord(char)
    return 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF


def _latin(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _ascii_edge(char: str) -> bool:
    """A field's value ending in Latin text: a letter, a digit or ASCII punctuation (a quoted ``'pink'``).

    A brace is not: a value ``{name}`` is a placeholder kept for the boards to fill (``widgets._words.template``),
    and their ``fmt`` spaces the value it puts there.
    """
    return char.isascii() and not char.isspace() and char not in "{}"


def _space_before_value(text_end: str, value_start: str) -> bool:
    """Whether the pattern's text ending in ``text_end`` needs a space before a field's value starting ``value_start``.

    Chinese meets Latin: on the value's side any visible ASCII counts as Latin
    (``未知的颜色 'pink'``); on the pattern's side only a letter or digit does.
    """
    return (_ideograph(text_end) and _ascii_edge(value_start)) or (_latin(text_end) and _ideograph(value_start))


def _space_after_value(value_end: str, text_start: str) -> bool:
    """Whether a field's value ending in ``value_end`` needs a space before the pattern's text starting ``text_start``.

    As ``_space_before_value``, sides swapped: a pattern's ASCII punctuation
    (``小明's turn``) stays put.
    """
    return (_ideograph(value_end) and _latin(text_start)) or (_ascii_edge(value_end) and _ideograph(text_start))


@functools.lru_cache(maxsize=8192)
def _touches_letters(pattern: str) -> bool:
    """Whether a field of ``pattern`` sits right beside a Chinese character, a Latin letter or a digit."""
    pieces = _pieces(pattern)
    for index, (literal, name, _spec, _conversion) in enumerate(pieces):
        if name is None:
            continue
        before = literal[-1:] if literal else ""
        after = pieces[index + 1][0][:1] if index + 1 < len(pieces) else ""
        if any(_ideograph(c) or _latin(c) for c in before + after):
            return True
    return False


def _filled(pattern: str, shown: Mapping[str, str]) -> str:
    """``pattern`` with its fields filled in; where a field meets the text around it, Chinese and Latin are spaced.

    A translation writes a field with no space beside it (``"{who}同意重抽"``): a Chinese name
    reads ``你同意重抽``, a Latin one or a number gets the space a Chinese text puts between
    the two scripts (``Ann 同意重抽``, ``学生 2 的作答``). A space the pattern writes is kept.

    >>> _filled("{who}同意重抽", {"who": "你"}), _filled("{who}同意重抽", {"who": "Ann"})
    ('你同意重抽', 'Ann 同意重抽')
    >>> _filled("未知的颜色{value}", {"value": "'pink'"})
    "未知的颜色 'pink'"
    >>> _filled("{name}'s turn", {"name": "小明"})
    "小明's turn"
    >>> _filled("{who} wins", {})
    Traceback (most recent call last):
    ...
    KeyError: 'who'
    """
    if not _touches_letters(pattern):
        return pattern.format(**shown)
    out: list[str] = []
    after_field = False  # whether the last piece written is a field's value
    for literal, name, spec, conversion in _pieces(pattern):
        if literal:
            if after_field and out[-1] and _space_after_value(out[-1][-1], literal[0]):
                out.append(" ")
            out.append(literal)
            after_field = False
        if name is None:
            continue
        value = _FORMATTER.format_field(_FORMATTER.convert_field(shown[name], conversion), spec or "")
        if value and out and not after_field and _space_before_value(out[-1][-1], value[0]):
            out.append(" ")
        out.append(value)
        after_field = True
    return "".join(out)


def _shown(value: Any, lang: str) -> str:
    """A field in ``lang``: a catalogue text (anything with ``render(lang)``) translated, a name or number as it is."""
    render = getattr(value, "render", None)
    return render(lang) if callable(render) else str(value)
