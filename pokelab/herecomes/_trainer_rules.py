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
from pokelab.words import _, _p


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
    p = _check_actor(s, action.player, _p("doing", "use a trainer"))
    if action.power not in POWERS:
        raise _illegal(
            "HC-C4",
            _("Unknown trainer power {power}: powers are {choices}.", power=repr(action.power), choices=", ".join(POWERS)),
        )
    t = trainer_for_power(action.power)
    rule = t.rule
    if not s.setup.trainers or s.trainers[p] != t.id:
        raise _illegal(
            rule,
            _("Player {number} does not hold {trainer}, whose power is {power}.", number=p + 1, trainer=t.label, power=t.power),
        )
    if p not in s.to_move:
        doing = _PHASE_WORDS[s.phase]
        if s.pending[p] is not None:
            doing = _("you have already made your choice in this step")
        raise _illegal(
            rule,
            _("{trainer} can be used only while you still have to act: {doing}.", trainer=t.label, doing=doing),
        )
    if t.per_round and s.round_uses[p] >= t.per_round:
        raise _illegal(
            rule, _("{trainer} has already been used this round.", trainer=t.label)
        )
    if t.per_game and s.game_uses[p] >= t.per_game:
        raise _illegal(
            rule, _("{trainer} has already been used in this game.", trainer=t.label)
        )
    n = len(s.hands)
    round_uses = (*s.round_uses[:p], s.round_uses[p] + 1, *s.round_uses[p + 1 :])
    game_uses = (*s.game_uses[:p], s.game_uses[p] + 1, *s.game_uses[p + 1 :])
    target = action.target
    if t.power == "extra_discard":
        if s.phase != "discard":
            raise _illegal(
                rule,
                _("Misty's extra discard is used in the discard step of waves 1 to 3."),
            )
        if target not in s.hands[p]:
            raise _illegal(
                rule,
                _("Player {number} does not hold card {card}.", number=p + 1, card=repr(target)),
            )
        extra = (*s.extra[:p], target, *s.extra[p + 1 :])
        return _rep(s, extra=extra, round_uses=round_uses, game_uses=game_uses)
    if t.power == "peek":
        if s.phase not in ("discard", "vote"):
            raise _illegal(
                rule,
                _("Sabrina looks at a discard during a discard step or the redraw vote."),
            )
        if (
            isinstance(target, bool)
            or not isinstance(target, int)
            or not 0 <= target < n
            or target == p
        ):
            raise _illegal(
                rule,
                _("Choose an opponent's seat to look at, got {value}.", value=repr(target)),
            )
        if not s.round_discards[target]:
            raise _illegal(
                rule,
                _("Player {number} has not discarded anything this round yet.", number=target + 1),
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
            _("{trainer} is used in the redraw step after wave 4, before you vote.", trainer=t.label),
        )
    s = _rep(s, round_uses=round_uses, game_uses=game_uses)
    if t.power == "redraw":
        return _return_last(s, p)
    # swap (HC-T4)
    if target not in (0, 1) or isinstance(target, bool):
        raise _illegal(
            rule,
            _("Choose token 0 or 1 of order card 3, got {value}.", value=repr(target)),
        )
    tokens = list(s.tokens)
    k = 7 + target
    if tokens[k] == tokens[9]:
        raise _illegal(
            rule, _("Erika swaps two tokens of different colours.")
        )
    tokens[k], tokens[9] = tokens[9], tokens[k]
    return _rep(
        s,
        tokens=tuple(tokens),
        to_move=tuple(range(n)),
        pending=(None,) * n,
        events=(*s.events, ("swap", p, target)),
    )
