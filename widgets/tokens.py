"""Token colours and symbols: the one table the boards, their CSS, the plots and the apps draw from.

Both games are about token colours, and about one boy in twelve cannot tell red
from green. So every token carries a second cue, a small shape drawn with an SVG
path (no emoji, no font glyph): red ▲ flame, blue drop, green ◆ leaf, yellow
bolt, purple ✚ cross, black ■ stone, and the Master Ball its own "M". The
palette itself is chosen so that every pair stays clearly apart (CIE76
ΔE ≥ 20) under simulated deuteranopia, protanopia and tritanopia, in the light
and in the dark theme (``widgets.cvd``; checked by ``tests/widgets/test_tokens.py``
on the colours the CSS files actually hold).

>>> TOKENS["red"].light, TOKENS["red"].symbol, TOKENS["red"].name.render("zh")
('#c62828', 'flame', '红色')
>>> mark_svg("green")[:40]
'<svg class="tok-mark" viewBox="0 0 24 24'
>>> mark_svg("pink")
Traceback (most recent call last):
...
ValueError: unknown token colour 'pink': colours are red, blue, green, yellow, purple, black, master
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pokelab.herecomes.names import colour_name as hc_colour_name
from pokelab.splendor.names import colour_name as sp_colour_name
from pokelab.words import Text, check_lang
from widgets.cvd import contrast

__all__ = ["TOKENS", "Token", "css_variables", "mark_svg", "names", "token_html", "view_marks"]

_INKS = ("#ffffff", "#1b1b1b")


@dataclass(frozen=True)
class Token:
    """One token colour: its fills for the light and dark theme, its symbol; its name comes from the catalogue."""

    colour: str
    light: str
    dark: str
    symbol: str
    path: str

    @property
    def name(self) -> Text:
        """The colour's name (the games' own: ``pokelab.splendor.names`` / ``pokelab.herecomes.names``)."""
        return hc_colour_name(self.colour) if self.colour == "purple" else sp_colour_name(self.colour)

    @cached_property
    def ink(self) -> str:
        """The symbol's and the count's colour on this fill: white or near-black, whichever contrasts more (worked out once)."""
        return max(_INKS, key=lambda ink: min(contrast(ink, self.light), contrast(ink, self.dark)))


# Paths on a 24 × 24 box centred on (12, 12), drawn filled in the token's ink colour.
_PATHS = {
    "flame": "M12 3.5 21 19.5H3Z",
    "drop": "M12 2.8C12 2.8 5.2 10.6 5.2 14.6a6.8 6.8 0 0 0 13.6 0C18.8 10.6 12 2.8 12 2.8Z",
    "leaf": "M12 2.5 21.5 12 12 21.5 2.5 12Z",
    "bolt": "M14 1.8 4.6 13.4h6.1L9.4 22.2l10-12.4h-6.2Z",
    "cross": "M8.8 3h6.4v5.8H21v6.4h-5.8V21H8.8v-5.8H3V8.8h5.8Z",
    "stone": "M4.5 4.5h15v15h-15Z",
    "master": "M3.5 20V4h3.4L12 11.2 17.1 4h3.4v16h-3.6v-9.6L12 17.1l-4.9-6.7V20Z",
}

#: Every token colour of both games, in a fixed order (Here Comes: the first five; Splendor:
#: red, blue, green, yellow, black and the Master Ball).
TOKENS: Mapping[str, Token] = {
    t.colour: t
    for t in (
        Token("red", "#c62828", "#d32f2f", "flame", _PATHS["flame"]),
        Token("blue", "#0d47a1", "#1256b0", "drop", _PATHS["drop"]),
        Token("green", "#00a86b", "#00a86b", "leaf", _PATHS["leaf"]),
        Token("yellow", "#fbc02d", "#fbc02d", "bolt", _PATHS["bolt"]),
        Token("purple", "#a78bdb", "#a78bdb", "cross", _PATHS["cross"]),
        Token("black", "#212121", "#3a3a3a", "stone", _PATHS["stone"]),
        Token("master", "#a78bdb", "#a78bdb", "master", _PATHS["master"]),
    )
}


def _token(colour: str) -> Token:
    if colour not in TOKENS:
        raise ValueError(f"unknown token colour {colour!r}: colours are {', '.join(TOKENS)}")
    return TOKENS[colour]


def view_marks(colours: Iterable[str]) -> dict[str, dict[str, str]]:
    """What a board's view carries for its token colours: symbol name, SVG path and ink colour.

    >>> view_marks(["yellow"])["yellow"]["ink"], view_marks(["yellow"])["yellow"]["symbol"]
    ('#1b1b1b', 'bolt')
    >>> view_marks(["orange"])
    Traceback (most recent call last):
    ...
    ValueError: unknown token colour 'orange': colours are red, blue, green, yellow, purple, black, master
    """
    return {
        c: {"symbol": t.symbol, "path": t.path, "ink": t.ink}
        for c, t in ((c, _token(c)) for c in colours)
    }


def css_variables(prefix: str, theme: str = "light") -> dict[str, str]:
    """The CSS custom properties a board's stylesheet must define for ``theme`` (fill and ink per colour).

    >>> css_variables("hc")["--hc-red"], css_variables("hc", "dark")["--hc-black-ink"]
    ('#c62828', '#ffffff')
    >>> css_variables("hc", "sepia")
    Traceback (most recent call last):
    ...
    ValueError: theme is 'light' or 'dark', got 'sepia'
    """
    if theme not in ("light", "dark"):
        raise ValueError(f"theme is 'light' or 'dark', got {theme!r}")
    out: dict[str, str] = {}
    for colour, t in TOKENS.items():
        out[f"--{prefix}-{colour}"] = t.light if theme == "light" else t.dark
        out[f"--{prefix}-{colour}-ink"] = t.ink
    return out


def mark_svg(colour: str, ink: str | None = None) -> str:
    """The colour's symbol as an inline SVG (decorative: the token around it carries the name).

    >>> 'fill="#ffffff"' in mark_svg("red")
    True
    >>> mark_svg("gold")
    Traceback (most recent call last):
    ...
    ValueError: unknown token colour 'gold': colours are red, blue, green, yellow, purple, black, master
    """
    t = _token(colour)
    return (
        f'<svg class="tok-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
        f'<path d="{t.path}" fill="{ink or t.ink}"/></svg>'
    )


def token_html(colour: str, lang: str = "en", size: str = "1.1em") -> str:
    """A token for plain HTML (the apps): a disc in the colour with its symbol, named for screen readers.

    >>> 'aria-label="红色"' in token_html("red", "zh")
    True
    >>> token_html("red", "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    check_lang(lang)
    t = _token(colour)
    name = html.escape(t.name.render(lang))
    style = (
        f"display:inline-flex;align-items:center;justify-content:center;width:{size};height:{size};"
        f"border-radius:50%;background:{t.light};box-shadow:0 0 0 1px #767676;margin:0 2px;"
        "vertical-align:middle"
    )
    svg = mark_svg(colour).replace('class="tok-mark"', 'class="tok-mark" width="70%" height="70%"')
    return f'<span role="img" aria-label="{name}" title="{name}" style="{style}">{svg}</span>'


def names(lang: str) -> dict[str, Any]:
    """Every token colour's name in ``lang`` (for legends and announcements).

    >>> names("zh")["master"]
    '万能大师球'
    >>> names("de")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'de': choose 'en' or 'zh'
    """
    check_lang(lang)
    return {c: t.name.render(lang) for c, t in TOKENS.items()}
