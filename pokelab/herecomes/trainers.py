"""Trainer cards (训练师卡, HC-C4): four abilities, each a rule HC-T1…HC-T4 with timing and limits.

The full rule texts are in ``docs/rules-here-comes-trainers.md``; the short
texts here are what a view shows on the card.

>>> TRAINERS["misty"].rule, TRAINERS["misty"].power
('HC-T1', 'extra_discard')
>>> [t.name_zh for t in TRAINERS.values()]
['小霞', '小刚', '娜姿', '莉佳']
>>> trainer_for_power("teleport")
Traceback (most recent call last):
...
ValueError: unknown trainer power 'teleport': choose extra_discard, redraw, peek, swap
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pokelab.errors import check_lang

__all__ = ["POWERS", "TRAINERS", "Trainer", "trainer_for_power"]


@dataclass(frozen=True, slots=True)
class Trainer:
    """One trainer card: id, rule ID, power name, limits and texts in English and Chinese."""

    id: str
    rule: str
    power: str
    name_en: str
    name_zh: str
    per_round: int  # uses allowed in one round (0: no per-round limit)
    per_game: int  # uses allowed in one game (0: no per-game limit)
    solo: bool  # dealt in solo practice (it needs no opponent)
    text_en: str
    text_zh: str

    def name(self, lang: str = "en") -> str:
        """The trainer's name in ``lang``."""
        return self.name_zh if check_lang(lang) == "zh" else self.name_en

    def text(self, lang: str = "en") -> str:
        """The ability in ``lang``."""
        return self.text_zh if check_lang(lang) == "zh" else self.text_en

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe trainer data for views."""
        return {
            "id": self.id,
            "rule": self.rule,
            "power": self.power,
            "name_en": self.name_en,
            "name_zh": self.name_zh,
            "per_round": self.per_round,
            "per_game": self.per_game,
            "text_en": self.text_en,
            "text_zh": self.text_zh,
        }


TRAINERS: Mapping[str, Trainer] = MappingProxyType(
    {
        "misty": Trainer(
            "misty",
            "HC-T1",
            "extra_discard",
            "Misty",
            "小霞",
            1,
            0,
            True,
            "Once per round, in the discard step of wave 1, 2 or 3 (before your regular "
            "discard): set aside one more card face down. When the discards are revealed it "
            "goes to the discard pile and you draw a fresh card from the target deck.",
            "每轮一次，在第 1、2 或 3 波的弃牌步骤中（在常规弃牌之前）：再面朝下弃 1 张手牌。"
            "弃牌揭示时它进入弃牌堆，你从目标牌堆补摸 1 张新卡。",
        ),
        "brock": Trainer(
            "brock",
            "HC-T2",
            "redraw",
            "Brock",
            "小刚",
            1,
            0,
            True,
            "Once per round, in the redraw step after wave 4 and before you vote: put the "
            "token on order card 4 back into the bag and draw one in its place — no one "
            "needs to agree. Votes already cast are cancelled; everyone votes again.",
            "每轮一次，在第 4 波后的重抽步骤中、你投票之前：把 4 号顺序卡上的代币放回布袋，"
            "重新抽 1 枚——无需他人同意。已投的票作废，所有人重新投票。",
        ),
        "sabrina": Trainer(
            "sabrina",
            "HC-T3",
            "peek",
            "Sabrina",
            "娜姿",
            1,
            0,
            False,
            "Once per round, while you still have to act in a discard step (wave 2 or 3) or "
            "in the redraw step: look at the card an opponent discarded most recently this "
            "round. Only you see it; everyone sees whose discard you looked at.",
            "每轮一次，在你仍需行动的弃牌步骤（第 2 或 3 波）或重抽步骤中：查看一名对手本轮"
            "最近弃掉的那张牌。只有你能看到这张牌；所有人都知道你看了谁的弃牌。",
        ),
        "erika": Trainer(
            "erika",
            "HC-T4",
            "swap",
            "Erika",
            "莉佳",
            0,
            1,
            True,
            "Once per game, in the redraw step after wave 4 and before you vote: swap the "
            "token on order card 4 with one token of a different colour on order card 3. "
            "Votes already cast are cancelled; everyone votes again.",
            "每局一次，在第 4 波后的重抽步骤中、你投票之前：把 4 号顺序卡上的代币与 3 号"
            "顺序卡上一枚颜色不同的代币交换位置。已投的票作废，所有人重新投票。",
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
        raise ValueError(f"unknown trainer power {power!r}: choose {', '.join(POWERS)}") from None
