"""The error the runner, the bot registry and the command line raise for bad input."""

from __future__ import annotations

from pokelab.errors import BilingualError


class SimError(BilingualError):
    """Bad input to the runner (unknown game or bot, bad count, bad bag), in English and Chinese.

    >>> err = SimError("unknown game 'chess'", "未知的游戏 'chess'")
    >>> print(err)
    unknown game 'chess'
    >>> err.message("zh")
    "未知的游戏 'chess'"
    >>> err.message("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
