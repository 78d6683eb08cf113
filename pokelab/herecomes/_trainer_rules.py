"""The trainer rules HC-T1..HC-T4 in play: which ``UseTrainer`` actions are legal now, and what each does.

Misty (HC-T1) sets a card aside as an extra discard, Brock (HC-T2) asks for a
redraw on his own, Sabrina (HC-T3) looks at an opponent's latest discard, Erika
(HC-T4) swaps a token of order card 3 with the last one. The cards themselves
(names, limits, texts) are in ``pokelab.herecomes.trainers``.

>>> from pokelab.herecomes import scenario, apply, Draw
>>> s = scenario(2, hands={0: ["G01", "G05", "P01", "O01", "L01"]}, trainers={0: "misty"})
>>> for colour in ("red", "blue", "red", "green"):
...     s = apply(s, Draw(colour))
>>> [str(a) for a in _trainer_actions(s, 0)][:2]
['UseTrainer(0, extra_discard, G01)', 'UseTrainer(0, extra_discard, G05)']
"""

from __future__ import annotations

from pokelab.herecomes._common import _PHASE_WORDS, _check_actor, _illegal, _return_last
from pokelab.herecomes.actions import UseTrainer
from pokelab.herecomes.setup import _rep
from pokelab.herecomes.state import State
from pokelab.herecomes.trainers import POWERS, TRAINERS, trainer_for_power


def _trainer_actions(s: State, p: int) -> list[UseTrainer]:
    tid = s.trainers[p]
    if tid is None or not s.setup.trainers:
        return []
    t = TRAINERS[tid]
    if (t.per_round and s.round_uses[p] >= t.per_round) or (
        t.per_game and s.game_uses[p] >= t.per_game
    ):
        return []
    phase = s.phase
    if t.power == "extra_discard":
        if phase == "discard" and s.extra[p] is None:
            return [UseTrainer(p, "extra_discard", c) for c in s.hands[p]]
    elif t.power == "peek":
        if phase in ("discard", "vote"):
            return [
                UseTrainer(p, "peek", o)
                for o in range(len(s.hands))
                if o != p and s.round_discards[o]
            ]
    elif t.power == "redraw":
        if phase == "vote":
            return [UseTrainer(p, "redraw")]
    elif t.power == "swap" and phase == "vote":
        last = s.tokens[-1]
        seen: set[str] = set()
        out = []
        for i in (0, 1):
            colour = s.tokens[7 + i]
            if colour != last and colour not in seen:
                seen.add(colour)
                out.append(UseTrainer(p, "swap", i))
        return out
    return []


def _apply_trainer(s: State, action: UseTrainer) -> State:
    p = _check_actor(s, action.player, "use a trainer", "使用训练师")
    if action.power not in POWERS:
        raise _illegal(
            "HC-C4",
            f"Unknown trainer power {action.power!r}: powers are {', '.join(POWERS)}.",
            f"未知的训练师能力 {action.power!r}：可用能力为 {', '.join(POWERS)}。",
        )
    t = trainer_for_power(action.power)
    rule = t.rule
    if not s.setup.trainers or s.trainers[p] != t.id:
        raise _illegal(
            rule,
            f"Player {p + 1} does not hold {t.name_en}, whose power is {t.power}.",
            f"玩家{p + 1}没有训练师{t.name_zh}，不能使用这项能力。",
        )
    if p not in s.to_move:
        en, zh = _PHASE_WORDS[s.phase]
        if s.pending[p] is not None:
            en, zh = "you have already made your choice in this step", "你在这一步已经做出选择"
        raise _illegal(
            rule,
            f"{t.name_en} can be used only while you still have to act: {en}.",
            f"只有在你仍需行动时才能使用{t.name_zh}：{zh}。",
        )
    if t.per_round and s.round_uses[p] >= t.per_round:
        raise _illegal(
            rule, f"{t.name_en} has already been used this round.", f"{t.name_zh}本轮已经用过了。"
        )
    if t.per_game and s.game_uses[p] >= t.per_game:
        raise _illegal(
            rule, f"{t.name_en} has already been used in this game.", f"{t.name_zh}本局已经用过了。"
        )
    n = len(s.hands)
    round_uses = (*s.round_uses[:p], s.round_uses[p] + 1, *s.round_uses[p + 1 :])
    game_uses = (*s.game_uses[:p], s.game_uses[p] + 1, *s.game_uses[p + 1 :])
    target = action.target
    if t.power == "extra_discard":
        if s.phase != "discard":
            raise _illegal(
                rule,
                "Misty's extra discard is used in the discard step of waves 1 to 3.",
                "小霞的额外弃牌只能在第 1 至 3 波的弃牌步骤中使用。",
            )
        if target not in s.hands[p]:
            raise _illegal(
                rule,
                f"Player {p + 1} does not hold card {target!r}.",
                f"玩家{p + 1}手中没有卡 {target!r}。",
            )
        extra = (*s.extra[:p], target, *s.extra[p + 1 :])
        return _rep(s, extra=extra, round_uses=round_uses, game_uses=game_uses)
    if t.power == "peek":
        if s.phase not in ("discard", "vote"):
            raise _illegal(
                rule,
                "Sabrina looks at a discard during a discard step or the redraw vote.",
                "娜姿只能在弃牌步骤或重抽投票时查看弃牌。",
            )
        if (
            isinstance(target, bool)
            or not isinstance(target, int)
            or not 0 <= target < n
            or target == p
        ):
            raise _illegal(
                rule,
                f"Choose an opponent's seat to look at, got {target!r}.",
                f"请选择一名对手的座位，收到 {target!r}。",
            )
        if not s.round_discards[target]:
            raise _illegal(
                rule,
                f"Player {target + 1} has not discarded anything this round yet.",
                f"玩家{target + 1}本轮还没有弃过牌。",
            )
        seen = (s.round, target, s.round_discards[target][-1])
        peeks = (*s.peeks[:p], s.peeks[p] + (seen,), *s.peeks[p + 1 :])
        return _rep(
            s,
            peeks=peeks,
            round_uses=round_uses,
            game_uses=game_uses,
            events=(*s.events, ("peek", p, target)),
        )
    if s.phase != "vote":
        raise _illegal(
            rule,
            f"{t.name_en} is used in the redraw step after wave 4, before you vote.",
            f"{t.name_zh}只能在第 4 波后的重抽步骤中、投票之前使用。",
        )
    s = _rep(s, round_uses=round_uses, game_uses=game_uses)
    if t.power == "redraw":
        return _return_last(s, p)
    # swap (HC-T4)
    if target not in (0, 1) or isinstance(target, bool):
        raise _illegal(
            rule,
            f"Choose token 0 or 1 of order card 3, got {target!r}.",
            f"请选择 3 号顺序卡上的第 0 或第 1 枚代币，收到 {target!r}。",
        )
    tokens = list(s.tokens)
    k = 7 + target
    if tokens[k] == tokens[9]:
        raise _illegal(
            rule, "Erika swaps two tokens of different colours.", "莉佳只能交换两枚颜色不同的代币。"
        )
    tokens[k], tokens[9] = tokens[9], tokens[k]
    return _rep(
        s,
        tokens=tuple(tokens),
        to_move=tuple(range(n)),
        pending=(None,) * n,
        events=(*s.events, ("swap", p, target)),
    )
