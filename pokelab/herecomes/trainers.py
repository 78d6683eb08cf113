"""Trainer cards (训练师卡, HC-C4): four abilities, each a rule HC-T1…HC-T4 with timing and limits.

The full rule texts are in ``docs/rules-here-comes-trainers.md``; the short
texts here are what a view shows on the card.

>>> TRAINERS["misty"].rule, TRAINERS["misty"].power
('HC-T1', 'extra_discard')
>>> [t.name("zh") for t in TRAINERS.values()]
['小霞', '小刚', '娜姿', '莉佳']
>>> trainer_for_power("teleport")
Traceback (most recent call last):
...
pokelab.errors.InputError: unknown trainer power 'teleport': choose extra_discard, redraw, peek, swap
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pokelab.errors import InputError
from pokelab.words import Text, _, _p, check_lang

__all__ = ["POWERS", "TRAINERS", "Trainer", "trainer_for_power"]


@dataclass(frozen=True, slots=True)
class Trainer:
    """One trainer card: id, rule ID, power name, limits, and its name and ability as catalogue texts."""

    id: str
    rule: str
    power: str
    label: Text  # the trainer's name
    per_round: int  # uses allowed in one round (0: no per-round limit)
    per_game: int  # uses allowed in one game (0: no per-game limit)
    solo: bool  # dealt in solo practice (it needs no opponent)
    ability: Text  # the short text a view shows on the card

    def name(self, lang: str = "en") -> str:
        """The trainer's name in ``lang``: ``TRAINERS["misty"].name("zh")`` -> ``'小霞'``."""
        return self.label.render(check_lang(lang))

    def text(self, lang: str = "en") -> str:
        """The ability in ``lang``."""
        return self.ability.render(check_lang(lang))

    @property
    def name_en(self) -> str:
        """The English name (the message id of ``label``)."""
        return self.label.render("en")

    @property
    def text_en(self) -> str:
        """The ability in English."""
        return self.ability.render("en")

    def to_dict(self) -> dict[str, Any]:
        """The trainer as views show it: its name and ability as catalogue texts.

        >>> d = TRAINERS["brock"].to_dict()
        >>> d["rule"], d["name"].render("zh")
        ('HC-T2', '小刚')
        """
        return {
            "id": self.id,
            "rule": self.rule,
            "power": self.power,
            "name": self.label,
            "per_round": self.per_round,
            "per_game": self.per_game,
            "text": self.ability,
        }


TRAINERS: Mapping[str, Trainer] = MappingProxyType(
    {
        "misty": Trainer(
            "misty",
            "HC-T1",
            "extra_discard",
            _p("trainer", "Misty"),
            1,
            0,
            True,
            _(
                "Once per round, in the discard step of wave 1, 2 or 3 (before your regular "
                "discard): set aside one more card face down. When the discards are revealed it "
                "goes to the discard pile and you draw a fresh card from the target deck."
            ),
        ),
        "brock": Trainer(
            "brock",
            "HC-T2",
            "redraw",
            _p("trainer", "Brock"),
            1,
            0,
            True,
            _(
                "Once per round, in the redraw step after wave 4 and before you vote: put the "
                "token on order card 4 back into the bag and draw one in its place — no one "
                "needs to agree. Votes already cast are cancelled; everyone votes again."
            ),
        ),
        "sabrina": Trainer(
            "sabrina",
            "HC-T3",
            "peek",
            _p("trainer", "Sabrina"),
            1,
            0,
            False,
            _(
                "Once per round, while you still have to act in a discard step (wave 2 or 3) or "
                "in the redraw step: look at the card an opponent discarded most recently this "
                "round. Only you see it; everyone sees whose discard you looked at."
            ),
        ),
        "erika": Trainer(
            "erika",
            "HC-T4",
            "swap",
            _p("trainer", "Erika"),
            0,
            1,
            True,
            _(
                "Once per game, in the redraw step after wave 4 and before you vote: swap the "
                "token on order card 4 with one token of a different colour on order card 3. "
                "Votes already cast are cancelled; everyone votes again."
            ),
        ),
    }
)

POWERS: tuple[str, ...] = tuple(t.power for t in TRAINERS.values())
_BY_POWER = {t.power: t for t in TRAINERS.values()}


def trainer_for_power(power: str) -> Trainer:
    """The trainer whose ability is ``power``.

    >>> trainer_for_power("peek").id
    'sabrina'
    """
    try:
        return _BY_POWER[power]
    except (KeyError, TypeError):
        raise InputError(
            _("unknown trainer power {power}: choose {choices}", power=repr(power), choices=", ".join(POWERS))
        ) from None
