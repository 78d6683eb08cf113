"""Sphinx extension of the course site: a language switch on every page, plotly.js served locally.

A page ``NAME.en`` has its Chinese twin at ``NAME.zh`` (``index`` at ``index.zh``); a lesson
``notebooks/PATH`` has it at ``notebooks/zh/PATH`` and a guide ``docs/NAME`` at ``docs/zh/NAME``
(the Chinese track mirrors the English folders). The switch links to the twin when it exists
and says "English only for now / 暂时只有英文" when it does not. Bilingual pages (the glossary) say so. plotly.js comes from ``_static/vendor`` (copied
there by ``scripts/build_site.py``) before require.js, so the plots and the Here Comes board
find a global ``Plotly`` and no page asks a CDN for it. A Chinese page's interface (Search,
Contents, previous/next) speaks Chinese: the themes' own zh_CN catalogues, per page, in the one build.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Any

import pydata_sphinx_theme
import sphinx
import sphinx_book_theme

BILINGUAL = {"docs/glossary"}


_MIRRORED = ("notebooks/", "docs/")  # folders whose Chinese pages live in a zh/ subfolder


def twins(pagename: str) -> tuple[str, str]:
    """The English and Chinese page names of ``pagename``.

    >>> twins("docs/rules/splendor-pokemon.zh")
    ('docs/rules/splendor-pokemon.en', 'docs/rules/splendor-pokemon.zh')
    >>> twins("index")
    ('index', 'index.zh')
    >>> twins("splendor.zh")
    ('splendor', 'splendor.zh')
    >>> twins("notebooks/splendor/10-components-and-setup")
    ('notebooks/splendor/10-components-and-setup', 'notebooks/zh/splendor/10-components-and-setup')
    >>> twins("notebooks/zh/00-start-here")
    ('notebooks/00-start-here', 'notebooks/zh/00-start-here')
    >>> twins("docs/zh/teacher-guide")
    ('docs/teacher-guide', 'docs/zh/teacher-guide')
    >>> twins("")
    Traceback (most recent call last):
    ...
    ValueError: a page name is needed, got ''
    """
    if not pagename:
        raise ValueError(f"a page name is needed, got {pagename!r}")
    if pagename.endswith(".en"):
        return pagename, pagename[:-3] + ".zh"
    if pagename.endswith(".zh"):
        base = pagename[:-3]
        return (base + ".en" if base.startswith("docs/rules/") else base), pagename
    for folder in _MIRRORED:
        if pagename.startswith(folder + "zh/"):
            return folder + pagename[len(folder) + 3 :], pagename
        if pagename.startswith(folder):
            return pagename, folder + "zh/" + pagename[len(folder) :]
    return pagename, pagename + ".zh"


def is_chinese(pagename: str) -> bool:
    """Whether ``pagename`` is a Chinese page (its twin is English).

    >>> is_chinese("notebooks/zh/probability/30-counting-and-the-last-token"), is_chinese("index")
    (True, False)
    """
    return twins(pagename)[1] == pagename


def language_switch(pagename: str, pages: set[str], pathto: Any) -> str:
    """The HTML of the language switch for ``pagename`` among the site's ``pages``."""
    if pagename in BILINGUAL:
        return (
            '<div class="pokelab-lang">English · 中文 — this page is bilingual / 本页中英对照</div>'
        )
    english, chinese = twins(pagename)
    if is_chinese(pagename):
        link = f'<a href="{pathto(english)}">English</a>' if english in pages else "English"
        return f'<div class="pokelab-lang">{link} · <strong>中文</strong></div>'
    if chinese in pages:
        return (
            f'<div class="pokelab-lang"><strong>English</strong> · '
            f'<a href="{pathto(chinese)}" lang="zh-Hans">中文</a></div>'
        )
    return (
        '<div class="pokelab-lang"><strong>English</strong> · '
        '<span lang="zh-Hans">English only for now / 暂时只有英文</span></div>'
    )


#: The Sphinx locale of a page language whose interface is not English (the themes' catalogues).
UI_LOCALES = {"zh": "zh_CN"}
_BOOK_THEME_LOCALES = Path(sphinx_book_theme.__file__).parent / "theme" / "sphinx_book_theme" / "static" / "locales"


@cache
def ui_catalogues(locale: str) -> tuple[gettext.GNUTranslations, gettext.GNUTranslations]:
    """The site interface's catalogues in ``locale``: (Sphinx's over the pydata theme's, the book theme's over both).

    The pages' own words (Search, Contents, previous/next) come from these: Sphinx's
    templates call ``gettext``, the book theme's ``translate``.

    >>> ui, book = ui_catalogues("zh_CN")
    >>> ui.gettext("Search"), ui.gettext("next"), book.gettext("Contents"), book.gettext("Search")
    ('搜索', '下一页', '目录', '搜索')
    >>> ui_catalogues("xx")
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No translation file found for domain: 'sphinx'
    """
    ui = gettext.translation("sphinx", Path(sphinx.__file__).parent / "locale", [locale])
    theme = Path(pydata_sphinx_theme.__file__).parent / "locale"
    ui.add_fallback(gettext.translation("sphinx", theme, [locale, locale.split("_")[0]], fallback=True))
    book = gettext.translation("booktheme", _BOOK_THEME_LOCALES, [locale])
    book.add_fallback(ui)
    return ui, book


def _interface_in(context: dict, locale: str) -> None:
    """Render this page's interface (the themes' words) in ``locale`` instead of the build's language."""
    ui, book = ui_catalogues(locale)
    context["gettext"], context["ngettext"] = ui.gettext, ui.ngettext  # Sphinx's and pydata's ``_()``
    context["translate"] = book.gettext  # the book theme's words
    context["theme_search_bar_text"] = book.gettext("Search") + "…"


def _page_context(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if doctree is None or "body" not in context:
        return
    pages = set(app.env.found_docs)
    # sphinx-thebe registers its inline config script twice ("THEBE_JS_URL has already been
    # declared" on every page): keep the first copy of each script.
    seen: set[tuple[str, str]] = set()
    scripts = []
    for script in context.get("script_files", []):
        attributes = getattr(script, "attributes", {})
        # The two copies differ only in filename (None and ''): an inline script is its body.
        key = ("", attributes["body"]) if attributes.get("body") else (str(script), "")
        if key not in seen:
            seen.add(key)
            scripts.append(script)
    context["script_files"] = scripts
    context["body"] = language_switch(pagename, pages, context["pathto"]) + context["body"]
    if is_chinese(pagename):  # the theme writes <html lang="{{ language }}">
        context["language"] = context["lang_attr"] = "zh-Hans"
        _interface_in(context, UI_LOCALES["zh"])


def setup(app: Any) -> dict[str, Any]:
    """Register the language switch and the local plotly.js with Sphinx."""
    app.add_js_file("vendor/plotly.min.js", priority=100)
    app.connect("html-page-context", _page_context, priority=900)  # after the book theme's own
    return {"parallel_read_safe": True, "parallel_write_safe": True}
