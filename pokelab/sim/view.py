"""A player's view, built only when a bot first looks at it (``pokelab.core.view``; this path stays for old imports).

>>> from pokelab.core.view import LazyView as Same
>>> LazyView is Same
True
"""

from __future__ import annotations

from pokelab.core.view import LazyView

__all__ = ["LazyView"]
