"""The pseudo-language for the tests that check every text passes through the word catalogue."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest

from pokelab.words.catalogue import install
from pokelab.words.extract import extract_catalog
from pokelab.words.pseudo import PSEUDO, pseudo_catalogue, uninstall_pseudo


@pytest.fixture(scope="session")
def template():
    """Every text of the kit, extracted from the code and the card files."""
    return extract_catalog()


@pytest.fixture(scope="session")
def pseudo_translations(template) -> gettext.GNUTranslations:
    """The pseudo-language's catalogue, built once (about 70 ms, which each of some 600 tests paid when built per test).

    It is only read (``gettext``), so one instance serves every test; what each test gets
    afresh is its installation below, which clears the catalogue's render caches.
    """
    return pseudo_catalogue(template)


@pytest.fixture
def pseudo(pseudo_translations) -> Iterator[str]:
    """Install the pseudo-language ``qps`` for one test (``install_pseudo``'s install); yields its code."""
    install(PSEUDO, pseudo_translations)
    try:
        yield PSEUDO
    finally:
        uninstall_pseudo()
