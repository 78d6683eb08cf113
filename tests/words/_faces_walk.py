"""What the faces' pseudo-language test walks: the strings a widget shows, the codes it only reads, the checks.

Used by ``tests/words/test_pseudo_faces.py``; see its docstring for the rules.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

from pokelab.words import languages
from pokelab.words.pseudo import PSEUDO, leaks

#: Keys whose values the page reads as codes, never shows as words.
DATA_KEYS = frozenset({
    "id", "ids", "colour", "colours", "token_colours", "condition", "kind", "phase", "power", "rule",
    "symbol", "path", "ink", "light", "dark", "fills", "game", "legal", "tier", "discount", "discounts_of",
    "take_same", "tokens", "shown", "bag", "supply", "cost", "payment", "order", "target", "code", "lang",
    "lang_next", "bot", "hand", "pending", "trainer_id", "variant", "redraw", "frozen_display", "marks",
    "evolves_from", "stage", "type", "mode", "hoverinfo", "textposition", "font", "color", "line",
    "marker", "pattern", "xaxis", "yaxis", "xaxis2", "yaxis2", "anchor", "orientation", "barmode",
    "template", "hovermode", "margin", "legend", "bgcolor", "paper_bgcolor", "plot_bgcolor", "fill",
    "groups", "group", "label_code", "drawn", "last_round_tokens", "y", "x", "customdata", "zeroline",
    "fixedrange", "range", "domain", "tickformat", "side", "overlaying", "matching", "cliponaxis",
    "error_x", "arrayminus", "array", "visible", "width", "showlegend", "xanchor", "yanchor",
    "automargin", "ticksuffix", "tickvals", "dtick", "rangemode", "uirevision", "autorange", "ticks",
    "categoryorder", "valign", "level", "where", "order_cards", "appeared", "final_tokens", "returned",
    "kept_tokens", "last", "align", "hoverlabel", "textfont", "opacity", "size", "shape",
    "fgcolor", "fgopacity", "solidity", "base", "insidetextanchor", "textangle", "constraintext", "token",
})
#: Keys whose strings are codes only in some places: an action's own text (to play it), a node's path.
CODE_TEXT_PARENTS = frozenset({"suggest", "items", "trainer_actions"})
_CODE = re.compile(r"^(?:[A-Z][a-zA-Z]*\(.*\)|#[0-9a-fA-F]{3,8}|[a-z_]+:[a-z_]+(?:[,;|][a-z_]+:[a-z_]+)*|[A-Z]\d\d)$")

NAMES = ("Ann", "Bo", "Cy")
#: Words of the message protocol a refusal quotes to a programmer (a field's name, an example message).
PROTOCOL = ("tokens", "None", "True", "False", "'revision'", "float", "int", "str", "bool", "list", "'kind'", "'draw'", "'discard'", "'card'", "'G13'", "'action'", "'xx'")


def strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every shown string of a JSON-like value with its path, codes (by key) left out."""
    if isinstance(value, str):
        if not _CODE.match(value):
            yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in DATA_KEYS:
                continue
            if key == "text" and path.rsplit(".", 1)[-1].rstrip("[]") in CODE_TEXT_PARENTS:
                continue
            yield from strings(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item, f"{path}[]")


#: What the page fills in (``{name}``), plotly's own fields (``%{x:.1%}``) and markup (``<extra>``).
_PLACEHOLDER = re.compile(r"%\{[^}]*\}|\{\w+\}|<[^>]+>")


def found_leaks(value: Any, allowed: Iterable[str] = NAMES) -> list[tuple[str, str, list[str]]]:
    from widgets._words import own_name

    # a language switch names each language in its own words; a refused code lists the codes
    allowed = [*allowed, *languages(), *(own_name(lang, short=short) for lang in languages() if lang != PSEUDO for short in (0, 1))]
    out = []
    for path, text in strings(value):
        bad = leaks(_PLACEHOLDER.sub(" ", text), allowed=allowed)
        if bad:
            out.append((path, text, bad))
    return out


class Check:
    """Walks what a widget shows: every text it sends must have passed through the catalogue."""

    def __init__(self, pseudo: str) -> None:
        self.pseudo = pseudo
        self.texts = 0

    def __call__(self, value: Any, allowed: Iterable[str] = NAMES, *, engine_error: bool = False) -> None:
        """Check ``value``; ``engine_error``: its error quotes the engine's own words (a parse error)."""
        if engine_error and isinstance(value, dict) and value.get("error"):
            value = {**value, "error": {"rule_reason": value["error"].get("text")}}
        bad = found_leaks(value, allowed)
        assert bad == [], bad[:10]
        self.texts += len(list(strings(value)))

    def done(self, at_least: int = 1) -> None:
        """Enough texts were checked for the walk to mean something."""
        assert self.texts >= at_least, self.texts


def assert_no_leaks(value: Any, pseudo: str, allowed: Iterable[str] = NAMES) -> int:
    """Assert ``value`` shows no word around the catalogue; returns how many texts were checked."""
    check = Check(pseudo)
    check(value, allowed)
    check.done()
    return check.texts


def published(widget: Any) -> dict[str, Any]:
    """What a board sends its page: view, log, error, and (if any) the coach and the figure.

    An error with a rule ID is a rule's reason, worded by the engine (``rule_reason``); one without
    is the board's own refusal, checked strictly.
    """
    error = dict(getattr(widget, "error", {}))
    if error.get("rule"):
        error["rule_reason"] = error.pop("text")
    out = {"view": widget.view, "log": getattr(widget, "log", []), "error": error}
    for trait in ("coach", "figure"):
        if hasattr(widget, trait):
            out[trait] = getattr(widget, trait)
    return out


def sent(payload: Any) -> list[str]:
    """The words a test itself sent (keys and values of a payload): a refusal may quote them back."""
    if isinstance(payload, str):
        return [payload, *re.findall(r"[A-Za-z]+", payload)]
    if isinstance(payload, dict):
        return [w for k, v in payload.items() for w in (*sent(k), *sent(v))]
    if isinstance(payload, list | tuple):
        return [w for item in payload for w in sent(item)]
    return []


def ask(widget: Any, **message: Any) -> dict[str, Any]:
    return widget.handle_message(message)



def widget_words(widget: Any) -> Iterator[str]:
    """Every text an ipywidgets tree shows: descriptions, tooltips, placeholders, labels, HTML."""
    import ipywidgets as w

    stack = [widget]
    seen = set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        for attr in ("description", "tooltip", "placeholder"):
            value = getattr(item, attr, None)
            if isinstance(value, str) and value:
                yield value
        if isinstance(item, w.HTML | w.Label | w.HTMLMath | w.Button):
            markup = re.sub(r"(?s)<style>.*?</style>", " ", str(getattr(item, "value", "") or ""))
            yield html.unescape(re.sub(r"<[^>]+>", " ", markup))
        labels = getattr(item, "_options_labels", None)
        if labels:
            yield from labels
        titles = getattr(item, "titles", None)
        if titles:
            yield from (t for t in titles if t)
        stack.extend(getattr(item, "children", ()) or ())


