"""The pseudo-language for the tests that check every text passes through the word catalogue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokelab.words.extract import extract_catalog
from pokelab.words.pseudo import PSEUDO, install_pseudo, uninstall_pseudo


@pytest.fixture(scope="session")
def template():
    """Every text of the kit, extracted from the code and the card files."""
    return extract_catalog()


@pytest.fixture
def pseudo(template) -> Iterator[str]:
    """Install the pseudo-language ``qps`` for one test; yields its code."""
    install_pseudo(template)
    try:
        yield PSEUDO
    finally:
        uninstall_pseudo()
