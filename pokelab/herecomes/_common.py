"""What the engine's steps and the trainer rules share: refusals, the actor check and the HC-R4 token return.

>>> from pokelab.herecomes import new_game
>>> _check_actor(new_game(2), 0, "discard", "弃牌")
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [HC-R2] Wait: the leader is drawing tokens, no one can discard now.
"""

from __future__ import annotations

from typing import Any

from pokelab.errors import IllegalAction
from pokelab.herecomes.bag import COLOURS
from pokelab.herecomes.setup import _rep
from pokelab.herecomes.state import State

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_PHASE_RULE = {"discard": "HC-R2", "vote": "HC-R4", "keep": "HC-R6"}
_PHASE_WORDS = {
    "draw": ("the leader is drawing tokens", "领队正在抽代币"),
    "redraw": ("the leader is drawing tokens", "领队正在抽代币"),
    "discard": ("the players are discarding", "玩家正在弃牌"),
    "vote": ("the players are voting on the redraw", "玩家正在就重抽投票"),
    "keep": ("the players are choosing which card to score", "玩家正在选择计分卡"),
    "over": ("the game is over", "游戏已经结束"),
}


def _illegal(rule: str, en: str, zh: str) -> IllegalAction:
    return IllegalAction(rule, en, zh)


def _check_actor(s: State, player: Any, acting_en: str, acting_zh: str) -> int:
    """Common checks for a player's action; returns the seat."""
    if s.phase == "over":
        raise _illegal("HC-G2", "The game is over: no more moves.", "游戏已经结束，不能再行动。")
    n = len(s.hands)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise _illegal(
            "HC-C5",
            f"There is no player {player!r}: seats are 0 to {n - 1}.",
            f"没有玩家 {player!r}：座位编号为 0 到 {n - 1}。",
        )
    if s.phase == "draw" or s.phase == "redraw":
        raise _illegal(
            "HC-R2",
            f"Wait: the leader is drawing tokens, no one can {acting_en} now.",
            f"请等待：领队正在抽代币，现在不能{acting_zh}。",
        )
    return player


def _not_to_move(s: State, p: int) -> IllegalAction:
    rule = _PHASE_RULE.get(s.phase, "HC-R2")
    if s.pending[p] is not None:
        done_en = {
            "discard": "discarded in this wave",
            "vote": "voted",
            "keep": "chosen your card",
        }[s.phase]
        done_zh = {"discard": "本波已经弃过牌", "vote": "已经投过票", "keep": "已经选过计分卡"}[
            s.phase
        ]
        return _illegal(rule, f"Player {p + 1} has already {done_en}.", f"玩家{p + 1}{done_zh}。")
    en, zh = _PHASE_WORDS[s.phase]
    return _illegal(
        rule, f"Player {p + 1} does not act now: {en}.", f"玩家{p + 1}现在不能行动：{zh}。"
    )


def _return_last(s: State, by: int) -> State:
    """Put the token on order card 4 back into the bag; a redraw chance node follows (HC-R4, HC-T2)."""
    token = s.tokens[-1]
    i = _COLOUR_INDEX[token]
    left = s.bag_left
    return _rep(
        s,
        tokens=s.tokens[:-1],
        bag_left=(*left[:i], left[i] + 1, *left[i + 1 :]),
        phase="redraw",
        to_move=(),
        pending=(None,) * len(s.hands),
        returned=(*s.returned, token),
        redraw_by=by,
        events=(*s.events, ("redraw", by, token)),
    )
