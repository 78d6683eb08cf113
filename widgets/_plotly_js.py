"""plotly.js for the boards' front ends, served by the kernel (no CDN is needed, nor reachable).

A board's page asks once with ``{"type": "plotly_js", "id": ...}``; the board answers
with ``plotly_js_reply(content)`` and the bytes of the ``plotly.min.js`` that ships with
the ``plotly`` Python package as one binary buffer.

>>> reply, buffers = plotly_js_reply({"type": "plotly_js", "id": 3})
>>> reply["type"], reply["id"], len(buffers[0]) > 1_000_000
('plotly_js', 3, True)
>>> is_plotly_request({"type": "plotly_js"}), is_plotly_request({"type": "step"})
(True, False)
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

__all__ = ["is_plotly_request", "plotly_js", "plotly_js_reply"]


@lru_cache(maxsize=1)
def plotly_js() -> bytes:
    """The bytes of plotly.js bundled with the ``plotly`` Python package.

    >>> plotly_js()[:2] in (b"/*", b"!f", b"(f") or len(plotly_js()) > 0
    True
    """
    import plotly  # lazy: optional and slow; only a figure needs it

    path = pathlib.Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return path.read_bytes()


def is_plotly_request(content: Any) -> bool:
    """Whether a front-end message asks for plotly.js.

    >>> is_plotly_request(None)
    False
    """
    return isinstance(content, Mapping) and content.get("type") == "plotly_js"


def plotly_js_reply(content: Mapping[str, Any]) -> tuple[dict[str, Any], list[bytes]]:
    """The reply to a plotly.js request and its one buffer (the request's ``id`` echoed).

    >>> plotly_js_reply({"type": "plotly_js"})[0]["id"] is None
    True
    """
    reply = {"type": "plotly_js", "id": content.get("id"), "ok": True, "error": None}
    return reply, [plotly_js()]
