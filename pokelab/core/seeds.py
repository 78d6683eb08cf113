"""Per-game seeds derived from one master seed, so results never depend on how games are spread."""

from __future__ import annotations

import hashlib
import random


def game_seed(seed: int, index: int, *, salt: str = "") -> int:
    """The seed of game ``index`` of a run started with ``seed`` (a 63-bit integer).

    The same ``(seed, index, salt)`` gives the same value on every machine and in
    every process, so a game played in a worker is the game played at home.

    >>> game_seed(0, 0) == game_seed(0, 0)
    True
    >>> game_seed(0, 0) != game_seed(0, 1) != game_seed(1, 0)
    True
    >>> game_seed(0, -1)
    Traceback (most recent call last):
    ...
    ValueError: a game index is a whole number >= 0, got -1
    """
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise ValueError(f"a game index is a whole number >= 0, got {index!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number, got {seed!r}")
    digest = hashlib.blake2b(f"pokelab:{salt}:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def stream(seed: int, purpose: str) -> random.Random:
    """A ``random.Random`` for one purpose inside one game (chance, a seat's bot, ...).

    Each seat gets its own stream, so one bot's use of randomness never shifts another's.

    >>> stream(7, "bot0").random() == stream(7, "bot0").random()
    True
    >>> stream(7, "bot0").random() == stream(7, "bot1").random()
    False
    """
    return random.Random(f"{purpose}:{seed}")
