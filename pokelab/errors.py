"""The one error every game raises for a move the rules forbid, and the base of the kit's input errors.

The conventions both engines keep (checked for every game by ``pokelab.core.contract``):

- a move the rules forbid: ``IllegalAction`` with the rule's ID and the reason as a
  catalogue text (:mod:`pokelab.words`), shown in the reader's language;
- something that is not an action of the game at all (a string, ``None``, another game's
  action) given to ``apply``: a plain ``ValueError`` naming what was wrong — bad input, not a rule;
- bad input to the runner, the bot registry or the command line: ``SimError`` (an ``ExplainedError``).
"""

from __future__ import annotations

from typing import Any

from pokelab.words import Text, check_lang, languages

__all__ = ["LANGS", "Explained", "ExplainedError", "IllegalAction", "InputError", "SimError"]

#: The languages the kit ships catalogues for ("en" is the code's own).
LANGS = languages()


def _reason(args: tuple[Any, ...], kind: str) -> Text:
    if len(args) == 1 and isinstance(args[0], Text):
        return args[0]
    raise TypeError(f"{kind} takes its reason as one catalogue text, e.g. _('...'), got {args!r}")


class Explained:
    """The shared half of the kit's errors: one catalogue text that renders in any language; ``str(err)`` is the English.

    Put it first among an error's bases (``class ClassStoreBusy(Explained, TimeoutError)``).

    >>> from pokelab.words import _
    >>> class Busy(Explained, TimeoutError): pass
    >>> err = Busy(_("Pass"))
    >>> str(err), err.message("zh")
    ('Pass', '跳过')
    >>> Busy("busy")
    Traceback (most recent call last):
    ...
    TypeError: Busy takes its reason as one catalogue text, e.g. _('...'), got ('busy',)
    """

    reason: Text

    def __init__(self, *reason: Any) -> None:
        self.reason = _reason(reason, type(self).__name__)
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return self.reason.render(check_lang(lang))

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form a page shows: the rule ID broken (``None`` when no rule was) and the reason in ``lang``.

        >>> from pokelab.words import _
        >>> IllegalAction("HC-R2", _("Pass")).to_dict("zh"), InputError(_("Pass")).to_dict()
        ({'rule': 'HC-R2', 'text': '跳过'}, {'rule': None, 'text': 'Pass'})
        """
        return {"rule": getattr(self, "rule", None), "text": self.message(lang)}


class ExplainedError(Explained, ValueError):
    """Bad input (not a rule of the game), explained in every language the kit speaks; ``str(err)`` is the English.

    The base of ``ClassroomError`` and ``SimError``.

    >>> from pokelab.words import _
    >>> err = ExplainedError(_("{name}'s turn", name="Ann"))
    >>> str(err), err.message("zh")
    ("Ann's turn", '轮到 Ann')
    >>> err.message("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """


class SimError(ExplainedError):
    """Bad input to the runner, the bot registry or the command line (unknown game or bot, bad count, bad bag).

    Defined here, at the bottom of the house, so ``pokelab.bots`` can raise it
    without importing ``pokelab.sim``.

    >>> from pokelab.words import _
    >>> err = SimError(_("unknown game {name!r}", name="chess"))
    >>> print(err)
    unknown game 'chess'
    """


class InputError(ExplainedError):
    """Bad input a person typed or loaded — an action text, a bag, a save, a seat — explained in every language.

    A ``ValueError`` (``except ValueError`` still catches it); a face shows
    ``err.message(lang)``, a traceback its English.

    >>> from pokelab.words import _
    >>> err = InputError(_("no card has id {id}", id=0))
    >>> isinstance(err, ValueError), err.message("zh")
    (True, '没有编号为 0 的卡牌')
    >>> raise err
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: no card has id 0
    >>> InputError("no card")
    Traceback (most recent call last):
    ...
    TypeError: InputError takes its reason as one catalogue text, e.g. _('...'), got ('no card',)
    """

    def __reduce__(self) -> tuple[object, ...]:
        # across processes (the runner's workers) it travels with its catalogue text
        return (type(self), (self.reason,))


class IllegalAction(Explained, ValueError):
    """A move the rules forbid, with the rule's ID and the reason in every language the kit speaks.

    ``rule`` is an ID from the rulebooks in ``docs/rules/`` (``"SP-A2"``, ``"HC-R2"``, ...);
    ``message(lang)`` gives the reason in ``lang``.

    >>> from pokelab.words import _
    >>> err = IllegalAction("SP-A2", _("Only {left} {colour} left; taking 2 needs 4.", left=3, colour="red"))
    >>> err.rule
    'SP-A2'
    >>> print(err)
    [SP-A2] Only 3 red left; taking 2 needs 4.
    >>> err.message("de")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'de': choose 'en' or 'zh'
    >>> IllegalAction("SP-A2", 42)
    Traceback (most recent call last):
    ...
    TypeError: IllegalAction takes its reason as one catalogue text, e.g. _('...'), got (42,)
    """

    def __init__(self, rule: str, *reason: Any) -> None:
        self.rule = rule
        self.reason = _reason(reason, type(self).__name__)
        ValueError.__init__(self, f"[{rule}] {self.message('en')}")
