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
    board.send = replies.append
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
