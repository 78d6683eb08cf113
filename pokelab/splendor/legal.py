"""Which moves are legal (SP-A1..A4, SP-E1, SP-T2, SP-T3): ``legal_actions`` and its cached helpers.

The hot path of random play: the take and return choices are cached by the
supply or holding that decides them, the card tables are lists indexed by id.

>>> from pokelab.splendor import new_game
>>> [str(a) for a in legal_actions(new_game(2, seed=7))][:2]
['TakeDifferent(red, blue, green)', 'TakeDifferent(red, blue, yellow)']
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from pokelab.errors import IllegalAction
from pokelab.splendor._tables import (
    CATCH,
    COST,
    END_TURN,
    EVOLVE,
    NORMAL_IDS,
    PASS,
    RESERVE,
    TAKE_SAME,
    TAKE_THREE,
)
from pokelab.splendor.actions import Action, ReturnTokens, TakeDifferent
from pokelab.splendor.cards import COLOURS, TOKEN_COLOURS
from pokelab.splendor.names import colour_name
from pokelab.splendor.payment import _evolution_cost
from pokelab.splendor.state import (
    RESERVE_LIMIT,
    TAKE_DIFFERENT_COLOURS,
    TAKE_SAME_MIN_SUPPLY,
    TOKEN_LIMIT,
    PlayerState,
    State,
)
from pokelab.words import _, _n

__all__ = ["legal_actions"]

_TAKE_CACHE: dict[tuple[int, ...], list[Action]] = {}
_RETURN_CACHE: dict[tuple[int, ...], list[ReturnTokens]] = {}


# supply count -> 0 empty, 1 takeable (TakeDifferent), 2 takeable twice too (TakeSame, SP-A2)
_TAKE_CLASS = [0 if n == 0 else 2 if n >= TAKE_SAME_MIN_SUPPLY else 1 for n in range(64)]
_TAKE_BY_CLASS: dict[tuple[int, ...], list[Action]] = {}


def _take_actions(sup: tuple[int, ...]) -> list[Action]:
    """The legal TakeDifferent / TakeSame actions for a supply.

    Cached twice: by the exact supply (fast hit), and by each colour's class
    (empty / takeable / 4 or more) — only 243 classes exist, so misses are cheap.
    """
    acts = _TAKE_CACHE.get(sup)
    if acts is None:
        tc = _TAKE_CLASS
        key = (tc[sup[0]], tc[sup[1]], tc[sup[2]], tc[sup[3]], tc[sup[4]])
        acts = _TAKE_BY_CLASS.get(key)
        if acts is None:
            have = [i for i in range(5) if key[i]]
            if len(have) >= TAKE_DIFFERENT_COLOURS:
                acts = [a for a in TAKE_THREE if all(key[i] for i in a.idx)]
            elif have:
                acts = [TakeDifferent(tuple(COLOURS[i] for i in have))]
            else:
                acts = []
            acts += [TAKE_SAME[i] for i in range(5) if key[i] == 2]
            _TAKE_BY_CLASS[key] = acts
        _TAKE_CACHE[sup] = acts
    return acts


# a turn adds at most TAKE_DIFFERENT_COLOURS tokens, so the excess over the limit is 1..3
_EXCESSES = range(1, TAKE_DIFFERENT_COLOURS + 1)
_RETURN_ALL = {
    k: [ReturnTokens(tuple(TOKEN_COLOURS[i] for i in combo)) for combo in combinations_with_replacement(range(6), k)]
    for k in _EXCESSES
}
_CAP = {k: [min(x, k) for x in range(64)] for k in _EXCESSES}
_RETURN_BY_CAP: dict[tuple[int, ...], list[ReturnTokens]] = {}


def _return_actions(tok: tuple[int, ...]) -> list[ReturnTokens]:
    """Every way to return exactly the excess over 10 tokens, in colour order.

    Cached by the exact holding, and on a miss by the holding capped at the
    excess per colour (holding more of a colour than must be returned changes nothing).
    """
    acts = _RETURN_CACHE.get(tok)
    if acts is None:
        excess = sum(tok) - TOKEN_LIMIT
        if excess in _CAP:
            cap = _CAP[excess]
            key = (cap[tok[0]], cap[tok[1]], cap[tok[2]], cap[tok[3]], cap[tok[4]], cap[tok[5]], excess)
            acts = _RETURN_BY_CAP.get(key)
            if acts is None:
                acts = [a for a in _RETURN_ALL[excess] if all(n <= t for n, t in zip(a.counts, tok, strict=True))]
                _RETURN_BY_CAP[key] = acts
        else:  # only reachable from hand-built positions
            acts = [
                a
                for a in (
                    ReturnTokens(tuple(TOKEN_COLOURS[i] for i in combo))
                    for combo in combinations_with_replacement(range(6), excess)
                )
                if all(n <= t for n, t in zip(a.counts, tok, strict=True))
            ]
        _RETURN_CACHE[tok] = acts
    return acts


def _evolutions(s: State, p: PlayerState, disp: tuple[int, ...]) -> list[Action]:
    """The legal Evolve actions of ``p`` (display first, then reserve), ignoring the once-per-turn flag."""
    tg = p.targets
    if not tg:
        return []
    acts: list[Action] = []
    costly = s.variant.evolution_cost
    for c in disp:
        if c in tg and (not costly or _evolution_cost(s.variant, p, c) is not None):
            acts.append(EVOLVE[c])
    for c in p.reserved:
        if c in tg and (not costly or _evolution_cost(s.variant, p, c) is not None):
            acts.append(EVOLVE[c])
    return acts


def _main_actions(s: State, p: PlayerState) -> list[Action]:
    """The legal main actions (SP-A1..A4) of ``p``; the hot path of random play."""
    acts = _TAKE_CACHE.get(s.sup)
    acts = _take_actions(s.sup).copy() if acts is None else acts.copy()
    disp = s.display
    reserved = p.reserved
    append = acts.append
    if len(reserved) < RESERVE_LIMIT:
        for c in disp:
            if c in NORMAL_IDS:
                append(RESERVE[c])
    t = p.tok
    d = p.dsc
    h0 = t[0] + d[0]
    h1 = t[1] + d[1]
    h2 = t[2] + d[2]
    h3 = t[3] + d[3]
    h4 = t[4] + d[4]
    m = t[5]
    for c in disp + reserved if reserved else disp:
        r, b, g, y, k = COST[c]
        short = r - h0 if r > h0 else 0
        if b > h1:
            short += b - h1
        if g > h2:
            short += g - h2
        if y > h3:
            short += y - h3
        if k > h4:
            short += k - h4
        if short <= m and (m or c in NORMAL_IDS):
            append(CATCH[c])
    return acts


def legal_actions(state: State) -> list[Action]:
    """Every legal action for the current player, in a fixed order.

    Main phase: TakeDifferent, TakeSame, Reserve (display order), Catch
    (display, then reserve), then Evolve if still allowed; Pass only when no
    main action exists. After the main action: Evolve options, then EndTurn.
    Return phase: the ReturnTokens choices. A finished game has none.

    >>> from pokelab.splendor import new_game
    >>> s = new_game(2, seed=3)
    >>> [str(a) for a in legal_actions(s) if not isinstance(a, TakeDifferent)]
    ['TakeSame(red)', 'TakeSame(blue)', 'TakeSame(green)', 'TakeSame(yellow)', 'TakeSame(black)', 'Reserve(55)', 'Reserve(23)', 'Reserve(22)', 'Reserve(40)']
    >>> legal_actions("not a state")
    Traceback (most recent call last):
    ...
    TypeError: legal_actions expects a splendor State, got str
    """
    if state.__class__ is not State:
        raise TypeError(f"legal_actions expects a splendor State, got {type(state).__name__}")
    if state.over:
        return []
    ph = state.phase_id
    p = state.players[state.current_player]
    if ph == 0:
        acts = _main_actions(state, p)
        if not acts:
            acts.append(PASS)
        if not state.evolved and p.captured:
            acts += _evolutions(state, p, state.display)
        return acts
    if ph == 1:
        acts = _evolutions(state, p, state.display)
        acts.append(END_TURN)
        return acts
    acts = _RETURN_CACHE.get(p.tok)
    return _return_actions(p.tok).copy() if acts is None else acts.copy()


def _return_error(s: State, t: tuple[int, ...], n: tuple[int, ...]) -> None:
    """Raise the SP-T3 error that explains why these tokens cannot be returned."""
    excess = sum(t) - TOKEN_LIMIT
    if s.phase_id == 0:
        raise IllegalAction(
            "SP-T3",
            _("Tokens are returned at the end of the turn, after the main action."),
        )
    if s.phase_id == 1:
        raise IllegalAction(
            "SP-T3",
            _(
                "You hold {count} tokens; only a player above {limit} returns tokens.", count=sum(t), limit=TOKEN_LIMIT
            ),
        )
    if sum(n) != excess:
        raise IllegalAction(
            "SP-T3",
            _n(
                "Return exactly {count} token to come down to {limit} (you named {named}).",
                "Return exactly {count} tokens to come down to {limit} (you named {named}).",
                excess,
                limit=TOKEN_LIMIT,
                named=sum(n),
            ),
        )
    i = next(i for i in range(6) if n[i] > t[i])
    col = TOKEN_COLOURS[i]
    raise IllegalAction(
        "SP-T3",
        _("You cannot return {count} {colour}: you hold {held}.", count=n[i], colour=colour_name(col), held=t[i]),
    )
