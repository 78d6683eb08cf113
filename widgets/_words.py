"""How the boards and apps show catalogue texts: label tables, templates the front end fills, languages.

Every word a board shows is a :class:`~pokelab.words.Text` made with ``_`` in a table
of keys; :func:`labels_in` renders such a table in the board's language for the
front end. A label with ``{placeholders}`` that the front end fills itself (``"Round
{n}"``) is rendered by :func:`template`, which keeps the braces. :func:`shown`
turns anything a board keeps for later (a Text, an engine ``describe`` bound to its
move, a plain name) into the reader's language when it is published.

>>> from pokelab.words import _
>>> labels_in({"round": _("Round {n}"), "stage": {"1": _("Stage 1")}}, "zh")
{'round': '第 {n} 轮', 'stage': {'1': '1 阶'}}
>>> own_name("zh"), switch_to("zh"), own_name("en")
('中文', 'en', 'English')
>>> template(_("Round {n}"), "fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokelab.words import Text, _, _p, check_lang, generation, languages, render

__all__ = [
    "Said", "fresh", "joined", "kept", "labels_in", "lang_choices", "own_name", "reason_of", "shown", "switch_to",
    "template",
]

_FORMATTER = string.Formatter()


def _placeholders(source: str) -> list[str]:
    return [name for _, name, _, _ in _FORMATTER.parse(source) if name]


def template(text: Text, lang: str) -> str:
    """``text`` in ``lang`` with its unfilled ``{placeholders}`` kept, for the front end to fill.

    The front end's ``fmt`` (widgets/js/lib/text.js) spaces a Latin value from Chinese as the
    catalogue does: this one shows 轮到 Ann（座位 1）and 轮到小明（座位 1）.

    >>> from pokelab.words import _
    >>> template(_("{name}'s turn (seat {seat})"), "zh")
    '轮到{name}（座位 {seat}）'
    """
    check_lang(lang)
    given = dict(text.fields)
    sources = [text.source] + ([text.plural] if text.plural else [])
    keep = {name: "{" + name + "}" for source in sources for name in _placeholders(source) if name not in given}
    return text.with_fields(**keep).render(lang) if keep else text.render(lang)


def labels_in(table: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A table of Texts (nested tables allowed) as a fresh JSON-safe dict of strings in ``lang``.

    >>> labels_in({"n": 3}, "en")
    Traceback (most recent call last):
    ...
    TypeError: the label 'n' is not a catalogue text: 3
    """
    check_lang(lang)
    out: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, Mapping):
            out[key] = labels_in(value, lang)
        elif isinstance(value, Text):
            out[key] = template(value, lang)
        else:
            raise TypeError(f"the label {key!r} is not a catalogue text: {value!r}")
    return out


#: What ``kept`` holds, and the catalogue generation it was worked out under.
_KEPT: dict[Any, Any] = {}
_KEPT_UNDER = [generation()]
#: How many values ``kept`` holds before it starts afresh (a few per board and language, one per move described).
_KEPT_SIZE = 8192


def kept(key: Any, make: Callable[[], Any]) -> Any:
    """``make()``, worked out once and kept under ``key`` while the catalogues stay as they are.

    For words a board shows again and again (its label table, a move's line): the
    value is shared, so a caller that changes it takes a :func:`fresh` copy first.
    Installing or removing a catalogue (``pokelab.words.generation``) drops them all.

    >>> kept(("doc", "zh"), lambda: _("Pass").render("zh"))
    '跳过'
    >>> kept(("doc", "zh"), lambda: "not asked again")
    '跳过'
    >>> kept(("doc", "fr"), lambda: _("Pass").render("fr"))
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    if _KEPT_UNDER[0] != generation() or len(_KEPT) >= _KEPT_SIZE:
        _KEPT.clear()
        _KEPT_UNDER[0] = generation()
    try:
        return _KEPT[key]
    except KeyError:
        value = _KEPT[key] = make()
        return value


def fresh(table: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a (nested) table of strings that the caller may change without touching ``table``.

    >>> words = {"stage": {"1": "Stage 1"}}
    >>> mine = fresh(words); mine["stage"]["1"] = "x"; words["stage"]["1"]
    'Stage 1'
    >>> fresh(["Stage 1"])
    Traceback (most recent call last):
    ...
    AttributeError: 'list' object has no attribute 'items'
    """
    return {key: fresh(value) if isinstance(value, Mapping) else value for key, value in table.items()}


# Translators: the name of THIS catalogue's language, written in that language ("中文" for zh).
_OWN_NAME = _p("language's own name", "English")
# Translators: the short name of THIS catalogue's language on a button ("EN", "中文").
_OWN_SHORT = _p("language's own short name", "EN")


def own_name(lang: str, *, short: bool = False) -> str:
    """The name of ``lang`` as its own speakers write it (``"中文"``, ``"English"``), for a language switch.

    >>> own_name("zh", short=True), own_name("en", short=True)
    ('中文', 'EN')
    """
    return (_OWN_SHORT if short else _OWN_NAME).render(check_lang(lang))


def switch_to(lang: str) -> str:
    """The language a one-button switch offers from ``lang``: the next one of ``languages()``, cycling.

    >>> switch_to("en")
    'zh'
    """
    langs = languages()
    return langs[(langs.index(check_lang(lang)) + 1) % len(langs)]


def lang_choices(*, short: bool = False) -> list[dict[str, str]]:
    """Every language the kit speaks as ``{"lang", "name"}``, each named in its own language.

    >>> lang_choices(short=True)[:2]
    [{'lang': 'en', 'name': 'EN'}, {'lang': 'zh', 'name': '中文'}]
    """
    return [{"lang": lang, "name": own_name(lang, short=short)} for lang in languages()]


def joined(items: Sequence[Text | str]) -> Text:
    """A list of texts as one text, with the separator of the reader's language ("red, blue" / "红色、蓝色").

    >>> from pokelab.words import _p
    >>> joined([_p("colour", "red"), _p("colour", "blue"), "Ann"]).render("zh")
    '红色、蓝色、Ann'
    >>> joined([])
    Traceback (most recent call last):
    ...
    ValueError: nothing to join
    """
    if not items:
        raise ValueError("nothing to join")
    if len(items) == 1:
        return _("{item}", item=items[0])
    # Translators: two items of a list, the second possibly a list itself (Chinese: {first}、{rest})
    return _("{first}, {rest}", first=items[0], rest=joined(items[1:]))


def reason_of(err: BaseException) -> Text | str:
    """What an error says, as a text a board can show in any language.

    The kit's errors carry a catalogue text (``err.reason``); any other error's text
    is shown as it was written.

    >>> from pokelab.errors import ExplainedError
    >>> reason_of(ExplainedError(_("Pass"))).render("zh"), reason_of(KeyError("x"))
    ('跳过', "'x'")
    """
    reason = getattr(err, "reason", None)
    return reason if isinstance(reason, Text) else str(err)


@dataclass(frozen=True)
class Said:
    """A text some engine function words for a given language (``action.describe(lang)``).

    ``say`` gives the same words for the same language every time it is asked (a
    move's line does not change), so each language is asked once per ``say`` and kept
    (:func:`kept`): a board re-publishing its log or its coach line does not word it again.

    >>> Said(lambda lang: f"<{lang}>").render("zh")
    '<zh>'
    """

    say: Callable[[str], str]

    def render(self, lang: str) -> str:
        """The text in ``lang``."""
        return kept((self.say, lang), lambda: self.say(check_lang(lang)))  # type: ignore[no-any-return]


def shown(value: Text | Said | str | int | float | None, lang: str) -> str | None:
    """``value`` in ``lang``: a Text is translated, a ``Said`` asked, a plain value shown as it is.

    >>> from pokelab.words import _
    >>> shown(_("Pass"), "zh"), shown("Ann", "zh"), shown(None, "zh")
    ('跳过', 'Ann', None)
    """
    if value is None:
        return None
    if isinstance(value, Said):
        return value.render(lang)
    return render(value, check_lang(lang))
