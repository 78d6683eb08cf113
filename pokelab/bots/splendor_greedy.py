"""GreedyBot for Splendor: Pokémon: a clear, one-look heuristic that never searches ahead.

Each legal action gets a score from simple rules, and the best one is played:

1. **Evolve when it gains points** (evolution is free): score 50 + the gain.
2. **Catch by points per token**: 10 + 10 × (points + ½) / (1 + tokens spent),
   a master ball counting as two tokens — cheap points first; −5 for spending a
   master ball on a normal card while a rare one is in sight.
3. **Take tokens toward a target**: the target is the visible card (display or
   own reserve) with the best (points + ½) / (1 + tokens still missing); a
   token it still needs scores 2, a token another visible card needs 0.5, any
   other 0.1; tokens above the limit of 10 cost 0.3 each.
4. **Reserve for master balls when rare cards are in sight**: rare and legendary
   cards need one, so without a master ball reserving (which brings one) scores
   1.5 + 3 per rare or legendary card in the display (+10, ahead of any catch,
   from two such cards on), 0.6 otherwise; +0.5 if the card is the target. (A
   display of rare cards only, with nobody holding a master ball, freezes the
   game: nobody can catch, and no normal card is left to reserve.)
5. **Return the tokens the target needs least** (master balls last).

>>> import random
>>> from pokelab.splendor import new_game, observe, legal_actions
>>> state = new_game(2, seed=2)
>>> legal = legal_actions(state)
>>> action = GreedyBot().choose(observe(state, state.current_player), legal, random.Random(0))
>>> action in legal, type(action).__name__   # nothing is affordable yet: take tokens
(True, 'TakeDifferent')
>>> GreedyBot().choose(observe(state, 0), [], random.Random(0))
Traceback (most recent call last):
...
ValueError: GreedyBot was given no legal action to choose from
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.bots.splendor_eval import COST, PTS, SPECIAL, state_from_view
from pokelab.splendor import (
    Catch,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    ReturnTokens,
    State,
    TakeDifferent,
    TakeSame,
)

__all__ = ["GreedyBot", "best_actions", "greedy_action", "score_actions"]

TOKEN_LIMIT = 10


def _target(state: State, player: int) -> tuple[int | None, list[int], list[int]]:
    """The best visible target, its missing tokens per colour, and what any visible card needs.

    The playouts' hot path (every greedy decision starts here): the five colours
    are written out, and the missing tokens are worked out for the winning card only.
    """
    p = state.players[player]
    tok, dsc = p.tok, p.dsc
    t0, t1, t2, t3, t4, masters = tok
    d0, d1, d2, d3, d4 = dsc
    best, best_score = None, -1.0
    n0 = n1 = n2 = n3 = n4 = 0  # what any visible card needs, per colour
    for c in state.display + p.reserved:
        c0, c1, c2, c3, c4 = COST[c]
        short = 0
        e = c0 - d0
        if e > 0:
            if e > n0:
                n0 = e
            if e > t0:
                short += e - t0
        e = c1 - d1
        if e > 0:
            if e > n1:
                n1 = e
            if e > t1:
                short += e - t1
        e = c2 - d2
        if e > 0:
            if e > n2:
                n2 = e
            if e > t2:
                short += e - t2
        e = c3 - d3
        if e > 0:
            if e > n3:
                n3 = e
            if e > t3:
                short += e - t3
        e = c4 - d4
        if e > 0:
            if e > n4:
                n4 = e
            if e > t4:
                short += e - t4
        short = (short - masters if short > masters else 0) + (1 if SPECIAL[c] and masters == 0 else 0)
        score = (PTS[c] + 0.5) / (1.0 + short)
        if score > best_score:
            best, best_score = c, score
    missing = [0, 0, 0, 0, 0]
    if best is not None:
        cost = COST[best]
        for i in range(5):
            e = cost[i] - dsc[i]
            if e > tok[i]:
                missing[i] = e - tok[i]
    return best, missing, [n0, n1, n2, n3, n4]


def _spent(tok: tuple[int, ...], dsc: tuple[int, ...], card: int) -> int:
    """Tokens a catch of ``card`` spends, a master ball counting as two."""
    short = 0
    paid = 0
    cost = COST[card]
    for i in range(5):
        e = cost[i] - dsc[i]
        if e > 0:
            have = tok[i]
            if e > have:
                paid += have
                short += e - have
            else:
                paid += e
    if short == 0 and SPECIAL[card]:
        short = 1
    return paid + 2 * short


def score_actions(state: State, legal: Sequence[Any], player: int | None = None) -> list[float]:
    """The greedy score of each action in ``legal`` (same order), from the rules above.

    >>> from pokelab.splendor import new_game, legal_actions
    >>> state = new_game(2, seed=2)
    >>> legal = legal_actions(state)
    >>> scores = score_actions(state, legal)
    >>> len(scores) == len(legal), type(legal[scores.index(max(scores))]).__name__
    (True, 'TakeDifferent')
    """
    me = state.current_player if player is None else player
    p = state.players[me]
    tok, dsc = p.tok, p.dsc
    held = sum(tok)
    target, missing, need_any = _target(state, me)
    specials = sum(map(SPECIAL.__getitem__, state.display))  # rare and legendary cards in the display
    rare_in_sight = specials if tok[5] == 0 else 0
    special_shown = specials > 0
    # The score of a first and of a second token of each colour (rule 3).
    m0, m1, m2, m3, m4 = missing
    a0, a1, a2, a3, a4 = need_any
    t0, t1, t2, t3, t4, _masters = tok
    one = [2.0 if m0 >= 1 else 0.5 if t0 + 1 <= a0 else 0.1, 2.0 if m1 >= 1 else 0.5 if t1 + 1 <= a1 else 0.1,
           2.0 if m2 >= 1 else 0.5 if t2 + 1 <= a2 else 0.1, 2.0 if m3 >= 1 else 0.5 if t3 + 1 <= a3 else 0.1,
           2.0 if m4 >= 1 else 0.5 if t4 + 1 <= a4 else 0.1]
    two = [2.0 if m0 >= 2 else 0.5 if t0 + 2 <= a0 else 0.1, 2.0 if m1 >= 2 else 0.5 if t1 + 2 <= a1 else 0.1,
           2.0 if m2 >= 2 else 0.5 if t2 + 2 <= a2 else 0.1, 2.0 if m3 >= 2 else 0.5 if t3 + 2 <= a3 else 0.1,
           2.0 if m4 >= 2 else 0.5 if t4 + 2 <= a4 else 0.1]
    surplus: list[int] | None = None  # per colour, tokens beyond what the cards in sight need (rule 5)
    over3 = 0.3 * max(0, held + 3 - TOKEN_LIMIT)
    over2 = 0.3 * max(0, held + 2 - TOKEN_LIMIT)
    masters_left = state.sup[5]
    scores = []
    append = scores.append
    for a in legal:
        kind = type(a)
        if kind is TakeDifferent:
            idx = a.idx
            if len(idx) == 3:  # the same sum, left to right, as ``sum`` gives
                s = one[idx[0]] + one[idx[1]] + one[idx[2]] - over3
            else:
                s = sum(one[i] for i in idx) - 0.3 * max(0, held + len(idx) - TOKEN_LIMIT)
        elif kind is TakeSame:
            s = one[a.idx] + two[a.idx] - over2
        elif kind is Catch:
            c = a.card
            spent = _spent(tok, dsc, c)
            s = 10.0 + 10.0 * (PTS[c] + 0.5) / (1.0 + spent)
            if tok[5] and special_shown and not SPECIAL[c]:
                s -= 5.0 * (spent - sum(max(0, COST[c][i] - dsc[i]) for i in range(5)) > 0)
        elif kind is Evolve:
            gain = PTS[a.into] - PTS[a.base]
            s = 50.0 + gain if gain > 0 else -10.0
        elif kind is Reserve:
            s = 1.5 + 3.0 * rare_in_sight if rare_in_sight and masters_left else 0.6
            if rare_in_sight >= 2 and masters_left:
                s += 10.0  # before any catch: a display of rare cards only would freeze
            if a.card == target:
                s += 0.5
            if held + (1 if masters_left else 0) > TOKEN_LIMIT:
                s -= 0.3
        elif kind is ReturnTokens:
            if surplus is None:
                surplus = [max(0, tok[i] - missing[i] - need_any[i]) for i in range(5)]
            s = 0.0
            n = a.counts
            for i in range(5):
                if n[i]:
                    s -= 2.0 * max(0, n[i] - surplus[i]) + 0.1 * n[i]
            s -= 3.0 * n[5]
        elif kind is EndTurn or kind is Pass:
            s = 0.0
        else:  # an action type this bot does not know: neutral
            s = 0.0
        append(s)
    return scores


def best_actions(state: State, legal: Sequence[Any], top: int | None = None) -> list[Any]:
    """The actions of ``legal`` best first by their greedy score (equal scores in ``legal``'s order), the ``top`` best if given.

    >>> from pokelab.splendor import new_game, legal_actions
    >>> state = new_game(2, seed=2)
    >>> legal = legal_actions(state)
    >>> best = best_actions(state, legal, 3)
    >>> len(best), sorted(map(str, best_actions(state, legal))) == sorted(map(str, legal))
    (3, True)
    >>> best_actions(state, legal, -1)
    Traceback (most recent call last):
    ...
    ValueError: top must be None or a count from 0, got -1
    """
    if top is not None and top < 0:
        raise ValueError(f"top must be None or a count from 0, got {top}")
    scores = score_actions(state, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    return [legal[i] for i in order[:top]]


def greedy_action(state: State, legal: Sequence[Any], rng: random.Random) -> Any:
    """The best-scoring action in ``legal`` for the current player; ties broken by ``rng``."""
    if not legal:
        raise ValueError("GreedyBot was given no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    scores = score_actions(state, legal)
    cut = max(scores) - 1e-9
    best = [a for a, s in zip(legal, scores, strict=True) if s >= cut]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class GreedyBot:
    """Splendor: Pokémon greedy bot: the rules of the module docstring, one look, no search."""

    name = "greedy"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """The best-scoring legal action for the viewing player."""
        if not legal:
            raise ValueError("GreedyBot was given no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return greedy_action(state_from_view(view, ()), legal, rng)

    def __repr__(self) -> str:
        return "GreedyBot()"


