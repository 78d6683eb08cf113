"""Shared by the talk area's pseudo-language tests: which texts a test rendered, the doors it drives."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pokelab.words import catalogue
from pokelab.words import text as words_text
from pokelab.words.pseudo import leaks

AREA_FILES = (
    "pokelab/cli.py",
    "pokelab/analysis/coach.py",
    "pokelab/analysis/coach_reasons.py",
    "pokelab/analysis/game_review.py",
    "pokelab/analysis/splendor_win.py",
    *(f"pokelab/classroom/{m}.py" for m in ("access", "cli", "rounds", "store", "tally")),
    *(f"pokelab/tables/{m}.py" for m in ("games", "listing", "rows", "seats", "undo", "table")),
)


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str | None]]:
    """Every (message, context) rendered during the test, in any language."""
    found: set[tuple[str, str | None]] = set()
    original = catalogue.translate

    def recording(lang: str, source: str, fields: Any = None, **kw: Any) -> str:
        found.add((source, kw.get("context")))
        return original(lang, source, fields, **kw)

    monkeypatch.setattr(catalogue, "translate", recording)
    monkeypatch.setattr(words_text, "translate", recording)  # what Text.render calls
    return found


def messages_of(template: Any, *files: str) -> set[tuple[str, str | None]]:
    """The (message, context) pairs the catalogue template locates in ``files``."""
    out = set()
    for m in template:
        if m.id and any(path in files for path, _ in m.locations):
            out.add((m.id if isinstance(m.id, str) else m.id[0], m.context))
    return out


def check(text: str, *allowed: str) -> None:
    assert leaks(text, allowed=allowed) == [], text


def refusals(*calls: Callable[[], Any]) -> Iterator[Exception]:
    """The error each call raises (a call that raises none fails the test, naming its line)."""
    for call in calls:
        try:
            call()
        except (ValueError, PermissionError, TimeoutError) as err:
            yield err
        else:
            pytest.fail(f"no refusal from the door {inspect.getsource(call).strip()}")
