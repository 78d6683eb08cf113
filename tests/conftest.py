"""Fixtures every test folder may use: Debian's Chromium under Playwright.

The browser tests (``tests/browser``) and the course-site tests (``tests/site``)
share one Chromium per session. Its path and flags come from
``scripts/ensure_chromium.py``, which ``make test`` runs first to install it, so
the handouts builder and the tests start it the same way.
"""

from __future__ import annotations

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
