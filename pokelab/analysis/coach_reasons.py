"""Why a Splendor: Pokémon move is good, in English and Chinese, read off what the move changes.

``reason(state, action)`` compares the mover's holdings before and after the
move and names what changed: the colours taken that a card in view (display or
own reserve) still needs, naming that card; a card that becomes catchable; the
trophy points, the permanent discount and the evolution a catch brings; the
Master Ball a reserve brings and the opponent who could otherwise catch that
card; the points an evolution gains; the tokens a return keeps. Only public
information is used (nothing about the deck's order).

Rulebook words: 捕捉 (catch), 锁定 (reserve), 进化 (evolve), 万能大师球 (Master
Ball), 展示区 (display), 预留区 (reserve area), 折扣 (discount), 奖杯分数 (points).

>>> from pokelab.splendor import TakeDifferent, scenario
>>> s = scenario(display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"])
>>> en, zh = reason(s, TakeDifferent(("blue", "green", "yellow")))
>>> "Charmander" in en and "小火龙" in zh
True
>>> reason(s, "TakeSame(red)")
Traceback (most recent call last):
...
ValueError: reason expects a Splendor action object, got str
"""

from __future__ import annotations

from typing import Any

from pokelab.errors import IllegalAction
from pokelab.splendor import (
    ACTION_TYPES,
    CARDS,
    COLOURS,
    Catch,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
    legal_actions,
)
from pokelab.splendor.cards import COLOUR_ZH
from pokelab.splendor.payment import _auto_payment
from pokelab.splendor.state import END_POINTS, TOKEN_LIMIT, PlayerState, make_player

__all__ = ["reason"]

_COLOUR_EN = {c: c for c in COLOURS} | {"master": "Master Ball"}
_COLOUR_ZH = {c: f"{z}色" for c, z in COLOUR_ZH.items() if c != "master"} | {"master": "万能大师球"}


def _en(c: int) -> str:
    return CARDS[c].name_en


def _zh(c: int) -> str:
    return CARDS[c].name_zh


def _pts_en(c: int) -> str:
    n = CARDS[c].points
    return f" ({n} {'pt' if n == 1 else 'pts'})" if n else ""


def _pts_zh(c: int) -> str:
    n = CARDS[c].points
    return f"（{n} 分）" if n else ""


def _join_en(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _join_zh(words: list[str]) -> str:
    return "、".join(words)


def _missing(p: PlayerState, c: int) -> list[int]:
    """Per regular colour, the tokens ``p`` still lacks for card ``c`` after discounts."""
    cost = CARDS[c].cost
    return [max(0, cost[i] - p.dsc[i] - p.tok[i]) for i in range(5)]


def _catchable(p: PlayerState, c: int) -> bool:
    try:
        _auto_payment(p, c)
    except IllegalAction:
        return False
    return True


def _with_tokens(p: PlayerState, delta: tuple[int, ...], sign: int = 1) -> PlayerState:
    tok = tuple(t + sign * d for t, d in zip(p.tok, delta, strict=True))
    return make_player(p.name, tok, p.captured, p.reserved, p.points, p.dsc, p.targets)


def _opponents_who_can_catch(state: Any, c: int) -> list[int]:
    me = state.current_player
    return [j for j, q in enumerate(state.players) if j != me and _catchable(q, c)]


def _name(state: Any, seat: int, lang: str) -> str:
    name = state.players[seat].name
    if name:
        return name
    return f"玩家 {seat}" if lang == "zh" else f"player {seat}"


def _take(state: Any, delta: tuple[int, ...]) -> tuple[str, str]:
    p = state.players[state.current_player]
    taken = [i for i in range(5) for _ in range(delta[i])]
    colours = sorted(set(taken))
    en = "takes " + (f"2 {COLOURS[taken[0]]}" if len(colours) == 1 and len(taken) == 2
                     else _join_en([COLOURS[i] for i in colours]))
    zh = "拿取" + (f" 2 颗{_COLOUR_ZH[COLOURS[taken[0]]]}精灵球" if len(colours) == 1 and len(taken) == 2
                  else _join_zh([_COLOUR_ZH[COLOURS[i]] for i in colours]) + "精灵球")
    # The card in view these tokens help most: most needed tokens taken, then most points.
    after = _with_tokens(p, delta)
    best, best_key, best_cols = None, (0, -1), []
    for c in (*state.display, *p.reserved):
        miss = _missing(p, c)
        cols = [i for i in colours if miss[i] > 0]
        used = sum(min(delta[i], miss[i]) for i in cols)
        if used and (used, CARDS[c].points) > best_key:
            best, best_key, best_cols = c, (used, CARDS[c].points), cols
    if best is None:
        en += "; no card in view needs these colours yet"
        zh += "；展示区和预留区里还没有卡需要这些颜色"
    else:
        names_en = _join_en([COLOURS[i] for i in best_cols])
        names_zh = _join_zh([_COLOUR_ZH[COLOURS[i]] for i in best_cols])
        ready = [c for c in (*state.display, *p.reserved) if _catchable(after, c) and not _catchable(p, c)]
        if ready:
            top = max(ready, key=lambda c: (CARDS[c].points, -c))
            en += f" — then you can catch {_en(top)}{_pts_en(top)} next turn"
            zh += f"——下回合就能捕捉{_zh(top)}{_pts_zh(top)}"
        elif best_cols == colours and len(colours) > 1:
            en += f" — all colours {_en(best)}{_pts_en(best)} still needs"
            zh += f"——都是{_zh(best)}{_pts_zh(best)}还缺的颜色"
        else:
            en += f" — {_en(best)}{_pts_en(best)} still needs {names_en}"
            zh += f"——{_zh(best)}{_pts_zh(best)}还缺{names_zh}"
    over = sum(after.tok) - TOKEN_LIMIT
    if over > 0:
        en += f"; you must then return {over} token{'s' if over > 1 else ''}"
        zh += f"；之后须归还 {over} 颗精灵球"
    return en, zh


def _reserve(state: Any, c: int) -> tuple[str, str]:
    p = state.players[state.current_player]
    en, zh = f"reserves {_en(c)}{_pts_en(c)}", f"锁定{_zh(c)}{_pts_zh(c)}"
    rivals = _opponents_who_can_catch(state, c)
    if rivals:
        who_en = _join_en([_name(state, j, "en") for j in rivals])
        who_zh = _join_zh([_name(state, j, "zh") for j in rivals])
        en += f" before {who_en} can catch it"
        zh += f"，抢在{who_zh}捕捉之前"
    if state.sup[5]:
        en += " and gains a Master Ball"
        zh += "，并获得 1 颗万能大师球"
        rare = [d for d in state.display if CARDS[d].tier != "normal"]
        if rare and p.tok[5] == 0:
            top = max(rare, key=lambda d: (CARDS[d].points, -d))
            en += f", which the {CARDS[top].tier} {_en(top)} in view needs"
            zh += f"；展示区里{'稀有' if CARDS[top].tier == 'rare' else '传说'}的{_zh(top)}需要它"
    base = CARDS[c].evolves_from
    if base and base in p.captured:
        en += f"; your {_en(base)} can evolve into it"
        zh += f"；你的{_zh(base)}可以进化成它"
    return en, zh


def _catch(state: Any, c: int) -> tuple[str, str]:
    p = state.players[state.current_player]
    card = CARDS[c]
    pay = _auto_payment(p, c)
    where_en = " from your reserve" if c in p.reserved else ""
    where_zh = "从预留区" if c in p.reserved else ""
    en, zh = f"catches {_en(c)}{where_en}", f"{where_zh}捕捉{_zh(c)}"
    gains_en, gains_zh = [], []
    if card.points:
        gains_en.append(f"+{card.points} {'pt' if card.points == 1 else 'pts'}")
        zh_pts = f"+{card.points} 奖杯分数"
        gains_zh.append(zh_pts)
    if card.discount:
        gains_en.append(f"a permanent {card.discount} discount")
        gains_zh.append(f"永久{_COLOUR_ZH[card.discount]}折扣")
    if gains_en:
        en += ": " + _join_en(gains_en)
        zh += "：" + _join_zh(gains_zh)
    if pay[5]:
        en += f", spending {pay[5]} Master Ball{'s' if pay[5] > 1 else ''}"
        zh += f"，消耗 {pay[5]} 颗万能大师球"
    if c in state.display:
        rivals = _opponents_who_can_catch(state, c)
        if rivals:
            en += f", before {_join_en([_name(state, j, 'en') for j in rivals])} can"
            zh += f"，抢在{_join_zh([_name(state, j, 'zh') for j in rivals])}之前"
    evolutions = [d for d in (*state.display, *p.reserved) if CARDS[d].evolves_from == c]
    if evolutions:
        d = max(evolutions, key=lambda x: (CARDS[x].points, -x))
        en += f"; {_en(d)} in view can evolve from it"
        zh += f"；展示区的{_zh(d)}之后可由它进化" if d in state.display else f"；预留区的{_zh(d)}之后可由它进化"
    if p.points < END_POINTS <= p.points + card.points:
        en += f"; reaching {p.points + card.points} points starts the last round"
        zh += f"；达到 {p.points + card.points} 分，进入最后一轮"
    return en, zh


def _evolve(state: Any, a: Evolve) -> tuple[str, str]:
    p = state.players[state.current_player]
    gain = CARDS[a.into].points - CARDS[a.base].points
    en = f"evolves {_en(a.base)} into {_en(a.into)}: {gain:+d} {'pt' if abs(gain) == 1 else 'pts'}"
    zh = f"将{_zh(a.base)}进化为{_zh(a.into)}：{gain:+d} 奖杯分数"
    old, new = CARDS[a.base].discount, CARDS[a.into].discount
    if old != new and new:
        en += f", its discount becomes {new}"
        zh += f"，折扣变为{_COLOUR_ZH[new]}"
    if p.points < END_POINTS <= p.points + gain:
        en += f"; reaching {p.points + gain} points starts the last round"
        zh += f"；达到 {p.points + gain} 分，进入最后一轮"
    return en, zh


def _end_turn(state: Any, legal_evolutions: list[Evolve]) -> tuple[str, str]:
    gains = [CARDS[e.into].points - CARDS[e.base].points for e in legal_evolutions]
    if not gains:
        return "ends the turn", "结束回合"
    best = max(gains)
    if best <= 0:
        return ("ends the turn: no evolution open now gains points",
                "结束回合：现在能做的进化都不加分")
    e = legal_evolutions[gains.index(best)]
    return (f"ends the turn, leaving the evolution into {_en(e.into)} (+{best} pts) for later",
            f"结束回合，把进化为{_zh(e.into)}（+{best} 分）留到以后")


def _return(state: Any, counts: tuple[int, ...]) -> tuple[str, str]:
    p = state.players[state.current_player]
    given = [i for i in range(6) for _ in range(counts[i])]
    words_en = [_COLOUR_EN[(*COLOURS, "master")[i]] for i in given]
    words_zh = [_COLOUR_ZH[(*COLOURS, "master")[i]] for i in given]
    en, zh = f"returns {_join_en(words_en)}", f"归还{_join_zh(words_zh)}"
    after = _with_tokens(p, counts, -1)
    kept = [c for c in (*state.display, *p.reserved) if _catchable(after, c)]
    needed = {i for c in (*state.display, *p.reserved) for i in range(5) if _missing(after, c)[i]}
    if kept:
        top = max(kept, key=lambda c: (CARDS[c].points, -c))
        en += f", still able to catch {_en(top)}"
        zh += f"，仍能捕捉{_zh(top)}"
    elif not needed & {i for i in given if i < 5}:
        en += ": no card in view needs them"
        zh += "：展示区和预留区没有卡需要它们"
    return en, zh


def reason(state: Any, action: Any) -> tuple[str, str]:
    """(English, Chinese) explanation of ``action`` for the player to move in ``state``, from what it changes.

    >>> from pokelab.splendor import Reserve, scenario
    >>> s = scenario(display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"],
    ...              tokens={1: {"red": 2, "blue": 3, "green": 3}})
    >>> reason(s, Reserve(3))
    ('reserves Charizard (3 pts) before Player 2 can catch it and gains a Master Ball', '锁定喷火龙（3 分），抢在Player 2捕捉之前，并获得 1 颗万能大师球')
    >>> reason(s, 3)
    Traceback (most recent call last):
    ...
    ValueError: reason expects a Splendor action object, got int
    """
    if not isinstance(action, ACTION_TYPES):
        raise ValueError(f"reason expects a Splendor action object, got {type(action).__name__}")
    kind = type(action)
    if kind is TakeDifferent or kind is TakeSame:
        return _take(state, action.delta)
    if kind is Reserve:
        return _reserve(state, action.card)
    if kind is Catch:
        return _catch(state, action.card)
    if kind is Evolve:
        return _evolve(state, action)
    if kind is ReturnTokens:
        return _return(state, action.counts)
    if kind is Pass:
        return "passes: no main action is possible", "跳过：没有可执行的主要行动"
    assert kind is EndTurn

    return _end_turn(state, [a for a in legal_actions(state) if type(a) is Evolve])
