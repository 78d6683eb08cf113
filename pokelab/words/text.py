"""``Text``: a word or sentence of the kit, kept as its English source until a reader's language is known.

A ``Text`` is what the rest of the kit passes around instead of a pair of strings:
an engine error, a board label or a coach reason is made once, in English, with
``_`` (or ``_n`` for a count, ``_p`` for a word whose meaning needs a context),
and turned into the reader's language only where it is shown, by ``render(lang)``,
through the one function :func:`pokelab.words.catalogue.translate`.

>>> from pokelab.words import _
>>> turn = _("{name}'s turn", name="Ann")
>>> str(turn)
"Ann's turn"
>>> turn.render("zh")
'轮到 Ann'
>>> Text("")
Traceback (most recent call last):
...
ValueError: a Text needs a non-empty English source, got ''
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokelab.words.catalogue import _RENDERED, translate

__all__ = ["Text", "render", "rendered"]

#: How many rendered texts are kept before the memo starts afresh (a board's labels, log and cards: a few thousand).
_MEMO_SIZE = 20_000


def _typed(value: Any) -> Any:
    """A key of a field that tells apart values Python holds equal but shows differently (``1``, ``1.0``, ``True``)."""
    return value._key() if isinstance(value, Text) else (value.__class__, value)


@dataclass(frozen=True, eq=True)
class Text:
    """A message id (its English source) with the values its placeholders take; immutable and hashable.

    ``fields`` values may themselves be ``Text`` (a colour, a card's name): they are
    rendered in the same language. ``plural`` and ``count`` pick the form for a number
    (English "1 token" / "2 tokens"; Chinese has one form); ``context`` tells apart two
    meanings of one English word ("red" the colour, "Red" the trainer).

    >>> Text("{count} pt", plural="{count} pts", count=1).render("en")
    '1 pt'
    >>> Text("Pass", fields=(("x", [1]),))
    Traceback (most recent call last):
    ...
    TypeError: the field 'x' of Text 'Pass' must be text, a number or a Text, got list
    """

    source: str
    fields: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.source, str) or not self.source:
            raise ValueError(f"a Text needs a non-empty English source, got {self.source!r}")
        for name, value in self.fields:
            if not isinstance(value, str | int | float | Text):
                raise TypeError(
                    f"the field {name!r} of Text {self.source!r} must be text, a number or a Text, "
                    f"got {type(value).__name__}"
                )
        if (self.plural is None) != (self.count is None):
            raise ValueError(f"Text {self.source!r}: a plural form needs a count and a count a plural form")

    def render(self, lang: str = "en") -> str:
        """This text in ``lang`` (``"en"``, ``"zh"``, or any language with a catalogue).

        >>> from pokelab.words import _
        >>> _("Pass").render("zh")
        '跳过'
        >>> _("Pass").render("klingon")
        Traceback (most recent call last):
        ...
        ValueError: unknown language 'klingon': choose 'en' or 'zh'
        """
        key = (lang, self._key())
        shown = _RENDERED.get(key)
        if shown is None:  # the catalogues do not change while they are installed: render each text once
            shown = translate(
                lang, self.source, dict(self.fields), context=self.context, plural=self.plural, count=self.count
            )
            if len(_RENDERED) >= _MEMO_SIZE:
                _RENDERED.clear()
            _RENDERED[key] = shown
        return shown

    def _key(self) -> tuple[Any, ...]:
        """What tells this text apart from every other (worked out once: a ``Text`` never changes)."""
        key = self.__dict__.get("_memo_key")
        if key is None:
            key = (self.source, self.plural, self.count, self.context,
                   tuple([(name, _typed(value)) for name, value in self.fields]))
            object.__setattr__(self, "_memo_key", key)
        return key

    def __str__(self) -> str:
        return self.render("en")

    def with_fields(self, **fields: Any) -> Text:
        """This text with more (or other) placeholder values.

        >>> from pokelab.words import _
        >>> _("{name}'s turn").with_fields(name="Ann").render("en")
        "Ann's turn"
        """
        merged = {**dict(self.fields), **fields}
        return Text(self.source, tuple(merged.items()), self.plural, self.count, self.context)


#: The values a view holds that ``rendered`` passes on as they are (by exact type).
_PLAIN = frozenset({str, int, float, bool, type(None)})
#: What ``rendered`` found each other type to be: "plain", "map", "seq" or "other" (a text words itself).
_SHAPES: dict[type, str] = {}


def render(value: Text | str | int | float, lang: str) -> str:
    """``value`` in ``lang``: a ``Text`` is translated, a plain value (a name, a number) is shown as it is.

    >>> from pokelab.words import _
    >>> render(_("Pass"), "zh"), render("Ann", "zh"), render(3, "zh")
    ('跳过', 'Ann', '3')
    """
    return value.render(lang) if isinstance(value, Text) else str(value)


def render_all(values: Mapping[str, Any], lang: str) -> dict[str, str]:
    """Every value of ``values`` rendered in ``lang`` (the fields of a message)."""
    return {key: render(value, lang) for key, value in values.items()}


def rendered(value: Any, lang: str) -> Any:
    """A view (dicts, lists, numbers, names, texts) with every text in it rendered in ``lang``: what a page is sent.

    A text is a ``Text`` or anything else that words itself with ``render(lang)``; tuples
    become lists, so a view whose other values are JSON's is JSON-safe once rendered.

    >>> from pokelab.words import _, _p
    >>> rendered({"name": _p("colour", "red"), "seen": ("Ann", 3, [_("Pass")]), "id": None}, "zh")
    {'name': '红色', 'seen': ['Ann', 3, ['跳过']], 'id': None}
    >>> rendered({"name": _("Pass")}, "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    kind = type(value)  # a view is thousands of plain values: the exact types first, the general checks after
    if kind in _PLAIN:
        return value
    if kind is dict:
        return {key: item if type(item) in _PLAIN else rendered(item, lang) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [item if type(item) in _PLAIN else rendered(item, lang) for item in value]
    if kind is Text:
        return value.render(lang)
    shape = _SHAPES.get(kind)
    if shape is None:  # a type met for the first time: what it is does not change
        shape = _SHAPES[kind] = (
            "plain" if issubclass(kind, str | int | float)
            else "map" if issubclass(kind, Mapping)
            else "seq" if issubclass(kind, list | tuple)
            else "other"
        )
    if shape == "plain":
        return value
    if shape == "map":
        return {key: rendered(item, lang) for key, item in value.items()}
    if shape == "seq":
        return [rendered(item, lang) for item in value]
    say = getattr(value, "render", None)
    if callable(say):
        return say(lang)
    return value
