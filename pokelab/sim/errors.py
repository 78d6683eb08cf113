"""The error the runner, the bot registry and the command line raise for bad input.

``SimError`` lives in ``pokelab.errors`` (so the bots need not import the
runner); this module keeps the old import path.

>>> from pokelab.errors import SimError as Same
>>> SimError is Same
True
"""

from __future__ import annotations

from pokelab.errors import SimError

__all__ = ["SimError"]
