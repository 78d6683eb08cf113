"""Fixtures of the course tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokelab.teaching import reset, set_language


@pytest.fixture
def fresh_session() -> Iterator[None]:
    """A test that checks answers starts with no answers recorded and leaves the default: both languages, nothing recorded."""
    reset()
    yield
    set_language("both")
    reset()
