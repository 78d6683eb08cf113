"""Fixtures every test folder may use: Debian's Chromium under Playwright, and the pseudo-language.

The browser tests (``tests/browser``) and the course-site tests (``tests/site``)
share one Chromium per session. Its path and flags come from
``scripts/ensure_chromium.py``, which ``make test`` runs first to install it, so
the handouts builder and the tests start it the same way.
"""

from __future__ import annotations

import gettext
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_spec = importlib.util.spec_from_file_location(
    "ensure_chromium", Path(__file__).resolve().parents[1] / "scripts" / "ensure_chromium.py"
)
_ensure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_ensure)
CHROMIUM: str = _ensure.CHROMIUM
CHROMIUM_FLAGS: list[str] = _ensure.CHROMIUM_FLAGS


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of Debian's Chromium, or a skip (a failure under CI=true) when it is missing."""
    if not os.path.exists(CHROMIUM):
        message = (
            f"NOTICE: no Chromium at {CHROMIUM}; the browser and site tests need Debian's Chromium "
            "(sudo apt-get install chromium, or `make test` as root)"
        )
        if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
            pytest.fail(message + " — and CI=true, so this is a failure, not a skip")
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium: str) -> Iterator[Any]:
    """Debian's Chromium under Playwright (never ``playwright install``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture(scope="session")
def template():
    """Every text of the kit, extracted from the code and the card files (about 1 s: once per session)."""
    from pokelab.words.extract import extract_catalog

    return extract_catalog()


@pytest.fixture(scope="session")
def pseudo_translations(template) -> gettext.GNUTranslations:
    """The pseudo-language's catalogue, built once (about 70 ms, which each of some 600 tests paid when built per test).

    It is only read (``gettext``), so one instance serves every test; what each test gets
    afresh is its installation (``pseudo``), which clears the catalogue's render caches.
    """
    from pokelab.words.pseudo import pseudo_catalogue

    return pseudo_catalogue(template)


@pytest.fixture
def pseudo(pseudo_translations) -> Iterator[str]:
    """Install the pseudo-language ``qps`` for one test (``install_pseudo``'s install); yields its code.

    ``pokelab.core.check_game`` installs it itself when it is missing, extracting every text of
    the kit again (about 1 s per player count): a test that runs the contract can ask for this.
    """
    from pokelab.words.catalogue import install
    from pokelab.words.pseudo import PSEUDO, uninstall_pseudo

    install(PSEUDO, pseudo_translations)
    try:
        yield PSEUDO
    finally:
        uninstall_pseudo()
