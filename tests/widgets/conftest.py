"""Shared helpers for the board tests: deliver a front-end message the way ipywidgets does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def deliver(board: Any, content: Any) -> dict[str, Any]:
    """Hand ``content`` to ``board`` exactly as a front end's ``model.send(content)`` arrives
    (a ``custom`` comm message through ``Widget._handle_msg``) and return the board's reply."""
    replies: list[dict[str, Any]] = []
    original = board.send
    board.send = lambda msg, buffers=None: replies.append(msg)  # a board may send buffers too
    try:
        board._handle_msg(
            {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
        )
    finally:
        board.send = original
    assert len(replies) == 1, f"expected one reply, got {replies}"
    return replies[0]


@pytest.fixture
def send() -> Callable[[Any, Any], dict[str, Any]]:
    """The ``deliver`` function, as a fixture."""
    return deliver


def in_lang(widget: Any, lang: str) -> dict[str, Any]:
    """What ``widget`` shows in ``lang``: its error text and its log lines (the language is put back after).

    A board renders its error and log in its own language only; a test that checks both
    languages switches the board, as a reader would.
    """
    old = widget.lang
    widget.lang = lang
    try:
        log = widget.log if isinstance(getattr(widget, "log", None), list) else []
        return {"error": dict(widget.error).get("text"), "log": [e["text"] for e in log]}
    finally:
        widget.lang = old


def said(widget: Any, lang: str) -> str | None:
    """The error ``widget`` shows, as it reads in ``lang``."""
    return in_lang(widget, lang)["error"]
