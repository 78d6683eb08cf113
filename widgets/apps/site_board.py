"""How a board saved on the course website reads: a picture of a position, with the way to play it.

The website (``scripts/build_site.py``) keeps each lesson's boards as saved widget
views: drawn, but with no kernel behind them. Under each one it puts
:func:`saved_board_note` — that this is a saved picture, and a link that opens the
lesson in Binder to play — in the lesson's language; the site's own script
(``site/_static/pokelab-saved-boards.js``) makes the drawn board inert, so nothing on
it looks or acts like a control.

>>> print(binder_url("notebooks/zh/herecomes/20-a-round-step-by-step.ipynb"))
https://mybinder.org/v2/gh/pokelab/pokelab/main?urlpath=lab/tree/notebooks/zh/herecomes/20-a-round-step-by-step.ipynb
>>> "Open it in Binder to play" in saved_board_note("notebooks/splendor/11-taking-tokens.ipynb", "en")
True
>>> saved_board_note("notebooks/splendor/11-taking-tokens.ipynb", "fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import html
from urllib.parse import quote

from pokelab.words import _, check_lang, render

__all__ = ["BINDER_REPO", "binder_url", "saved_board_note"]

#: Binder's address of the repository at the branch the site is built from (as _config.yml's launch buttons).
BINDER_REPO = "https://mybinder.org/v2/gh/pokelab/pokelab/main"

_NOTE = _("A saved picture of this position: the board does not play on the website.")
_LINK = _("Open it in Binder to play")


def binder_url(notebook: str) -> str:
    """The Binder link that opens ``notebook`` (a path in the repository) in JupyterLab."""
    return f"{BINDER_REPO}?urlpath={quote('lab/tree/' + notebook)}"


def saved_board_note(notebook: str, lang: str) -> str:
    """The HTML note under a saved board of ``notebook``, in ``lang`` (``ValueError`` for an unknown language)."""
    lang = check_lang(lang)
    return (
        f'<p class="pokelab-play-note">{html.escape(render(_NOTE, lang))} '
        f'<a class="pokelab-binder" href="{html.escape(binder_url(notebook))}">'
        f"{html.escape(render(_LINK, lang))}</a></p>"
    )
