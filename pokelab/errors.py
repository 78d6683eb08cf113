"""The one error every game raises for a move the rules forbid, and the base of the kit's bilingual input errors.

The conventions both engines keep (checked for every game by ``tests/test_engine_contract.py``):

- a move the rules forbid: ``IllegalAction`` with the rule's ID and the reason in English and Chinese;
- something that is not an action of the game at all (a string, ``None``, another game's
  action) given to ``apply``: a plain ``ValueError`` naming what was wrong — bad input, not a rule;
- bad input to the runner, the bot registry or the command line: ``SimError`` (a ``BilingualError``).
"""

from __future__ import annotations

LANGS = ("en", "zh")


def check_lang(lang: str) -> str:
    """Return ``lang`` if the kit speaks it, else raise ``ValueError``.

    >>> check_lang("zh")
    'zh'
    >>> check_lang("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose 'en' or 'zh'")
    return lang


class BilingualError(ValueError):
    """Bad input (not a rule of the game), explained in English and Chinese; ``str(err)`` is the English.

    The base of ``ClassroomError`` and ``SimError``.

    >>> err = BilingualError("no such bot", "没有这个电脑玩家")
    >>> str(err), err.message("zh")
    ('no such bot', '没有这个电脑玩家')
    >>> err.message("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.en = en
        self.zh = zh

    def message(self, lang: str = "en") -> str:
        """The explanation in ``lang`` (``"en"`` or ``"zh"``)."""
        return self.zh if check_lang(lang) == "zh" else self.en



class SimError(BilingualError):
    """Bad input to the runner, the bot registry or the command line (unknown game or bot, bad count, bad bag).

    Defined here, at the bottom of the house, so ``pokelab.bots`` can raise it
    without importing ``pokelab.sim``; ``pokelab.sim.SimError`` is this same class.

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

class IllegalAction(ValueError):
    """A move the rules forbid, with the rule's ID and a reason in English and Chinese.

    ``rule`` is an ID from the rulebooks in ``docs/rules/`` (``"SP-A2"``, ``"HC-R2"``, ...);
    ``message(lang)`` gives the reason in ``"en"`` or ``"zh"``.

    >>> err = IllegalAction("SP-A2", "Only 3 red left; taking 2 needs 4.", "红色只剩 3 颗，拿 2 颗需要至少 4 颗。")
    >>> err.rule
    'SP-A2'
    >>> print(err)
    [SP-A2] Only 3 red left; taking 2 needs 4.
    >>> err.message("zh")
    '红色只剩 3 颗，拿 2 颗需要至少 4 颗。'
    >>> err.message("de")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'de': choose 'en' or 'zh'
    """

    def __init__(self, rule: str, en: str, zh: str) -> None:
        super().__init__(f"[{rule}] {en}")
        self.rule = rule
        self.en = en
        self.zh = zh

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"en"`` or ``"zh"``)."""
        return self.zh if check_lang(lang) == "zh" else self.en

    def to_dict(self) -> dict[str, str]:
        """A JSON-safe form for widgets: rule ID and both messages.

        >>> IllegalAction("HC-R2", "no", "不").to_dict()
        {'rule': 'HC-R2', 'en': 'no', 'zh': '不'}
        """
        return {"rule": self.rule, "en": self.en, "zh": self.zh}
