"""A pseudo-language that shows which texts did not pass through the catalogue.

Every message of the catalogue is rewritten with accented look-alike letters and
wrapped in ``⟦ ⟧``: ``"Your turn"`` becomes ``"⟦Ýöüŕ ţüŕñ⟧"``. Render a board, an app,
a command or an error in :data:`PSEUDO` and whatever still has two plain ASCII
letters in a row (or any Chinese) was written around the catalogue — unless it is
data the test itself put there (a player's name, a table code). That is the test
``tests/words`` and the area tests run.

>>> pseudo_text("{name}'s turn")
"⟦{name}'š ţüŕñ⟧"
>>> leaks("⟦Ýöüŕ ţüŕñ⟧ Ann, Round 3 [SP-A2] 红", allowed={"Ann"})
['Round', '红']
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Iterable

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from pokelab.words.catalogue import DOMAIN, install, uninstall
from pokelab.words.extract import extract_catalog

__all__ = ["PSEUDO", "install_pseudo", "leaks", "pseudo_catalogue", "pseudo_text", "uninstall_pseudo"]

#: The pseudo-language's code (Microsoft's name for the same idea).
PSEUDO = "qps"
_PLAIN = string.ascii_lowercase + string.ascii_uppercase
_ACCENTED = "áƀçðéƒĝĥíĵķĺɱñöþǫŕšţüṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÜṼŴẊÝŽ"
_TABLE = str.maketrans(_PLAIN, _ACCENTED)
_FIELD = re.compile(r"(\{[^{}]*\})")
#: Rule IDs (``SP-A2``, ``HC-R2``) are names, not words: they stay as the rulebooks write them.
_RULE_ID = re.compile(r"\b(?:SP|HC|TY)-[A-Z]+\d*\b")
_ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


def pseudo_text(source: str) -> str:
    """``source`` with look-alike letters, its ``{placeholders}`` untouched, wrapped in ``⟦ ⟧``."""
    parts = _FIELD.split(source)
    return "⟦" + "".join(p if _FIELD.fullmatch(p) else p.translate(_TABLE) for p in parts) + "⟧"


def pseudo_catalogue(template: Catalog) -> gettext.GNUTranslations:
    """A gettext catalogue that answers every message of ``template`` in the pseudo-language."""
    catalog = Catalog(locale="en", domain=DOMAIN, charset="utf-8", fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalog.add(message.id, tuple(pseudo_text(i) for i in message.id), context=message.context)
        else:
            catalog.add(message.id, pseudo_text(message.id), context=message.context)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


def install_pseudo(template: Catalog | None = None) -> str:
    """Make :data:`PSEUDO` a language of this process (from the kit's extracted texts); returns its code."""
    if template is None:
        template = extract_catalog()
    install(PSEUDO, pseudo_catalogue(template))
    return PSEUDO


def uninstall_pseudo() -> None:
    """Forget the pseudo-language."""
    uninstall(PSEUDO)


def leaks(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` (rendered in the pseudo-language) that did not come from the catalogue.

    Plain ASCII words of two letters or more and any Chinese are leaks, except the
    ``allowed`` data (names, codes the test chose) and rule IDs.

    >>> leaks("⟦Ţáķé⟧ SP-A1 Misty", allowed=["Misty"])
    []
    """
    cleaned = _RULE_ID.sub(" ", text)
    for word in sorted(set(allowed), key=len, reverse=True):
        if word:
            cleaned = cleaned.replace(word, " ")
    return _ASCII_WORD.findall(cleaned) + _CJK.findall(cleaned)
