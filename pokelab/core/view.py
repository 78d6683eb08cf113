"""A player's view, built only when a bot first looks at it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any


class LazyView(Mapping[str, Any]):
    """A read-only mapping that calls ``build()`` on first access (``observe`` is not free).

    A bot that never reads its view (the random bot) never pays for it; ``dict(view)``
    gives the plain JSON-safe dict.

    >>> calls = []
    >>> view = LazyView(lambda: calls.append(1) or {"round": 3})
    >>> calls
    []
    >>> view["round"], dict(view), len(calls)
    (3, {'round': 3}, 1)
    >>> view["nope"]
    Traceback (most recent call last):
    ...
    KeyError: 'nope'
    """

    __slots__ = ("_build", "_data")

    def __init__(self, build: Callable[[], Mapping[str, Any]]) -> None:
        self._build = build
        self._data: Mapping[str, Any] | None = None

    def _load(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = self._build()
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"LazyView({self._load()!r})"
