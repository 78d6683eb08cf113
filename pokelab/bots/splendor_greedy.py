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

__all__ = ["GreedyBot", "greedy_action", "score_actions"]

TOKEN_LIMIT = 10


def _target(state: State, player: int) -> tuple[int | None, list[int], list[int]]:
    """The best visible target, its missing tokens per colour, and what any visible card needs."""
    p = state.players[player]
    tok, dsc = p.tok, p.dsc
    best, best_score = None, -1.0
    best_missing = [0, 0, 0, 0, 0]
    need_any = [0, 0, 0, 0, 0]
    for c in state.display + p.reserved:
        cost = COST[c]
        missing = [0, 0, 0, 0, 0]
        short = 0
        for i in range(5):
            e = cost[i] - dsc[i]
            if e > 0:
                if e > need_any[i]:
                    need_any[i] = e
                if e > tok[i]:
                    missing[i] = e - tok[i]
                    short += e - tok[i]
        short = max(0, short - tok[5]) + (1 if SPECIAL[c] and tok[5] == 0 else 0)
        score = (PTS[c] + 0.5) / (1.0 + short)
        if score > best_score:
            best, best_score, best_missing = c, score, missing
    return best, best_missing, need_any


def _spent(state: State, player: int, card: int) -> int:
    p = state.players[player]
    short = 0
    paid = 0
    for i in range(5):
        e = COST[card][i] - p.dsc[i]
        if e > 0:
            have = p.tok[i]
            paid += min(e, have)
            short += max(0, e - have)
    if SPECIAL[card] and short == 0:
        short = 1
    return paid + 2 * short


def score_actions(state: State, legal: Sequence[Any], player: int | None = None) -> list[float]:
    """The greedy score of each action in ``legal`` (same order), from the rules above."""
    me = state.current_player if player is None else player
    p = state.players[me]
    tok = p.tok
    held = sum(tok)
    target, missing, need_any = _target(state, me)
    rare_in_sight = sum(1 for c in state.display if SPECIAL[c]) if tok[5] == 0 else 0
    special_shown = any(SPECIAL[d] for d in state.display)
    # The score of a first and of a second token of each colour (rule 3).
    one = [2.0 if missing[i] >= 1 else 0.5 if tok[i] + 1 <= need_any[i] else 0.1 for i in range(5)]
    two = [2.0 if missing[i] >= 2 else 0.5 if tok[i] + 2 <= need_any[i] else 0.1 for i in range(5)]
    over3 = 0.3 * max(0, held + 3 - TOKEN_LIMIT)
    over2 = 0.3 * max(0, held + 2 - TOKEN_LIMIT)
    scores = []
    for a in legal:
        kind = type(a)
        if kind is TakeDifferent:
            idx = a.idx
            s = sum(one[i] for i in idx) - (over3 if len(idx) == 3 else
                                           0.3 * max(0, held + len(idx) - TOKEN_LIMIT))
        elif kind is TakeSame:
            s = one[a.idx] + two[a.idx] - over2
        elif kind is Catch:
            c = a.card
            spent = _spent(state, me, c)
            s = 10.0 + 10.0 * (PTS[c] + 0.5) / (1.0 + spent)
            if tok[5] and special_shown and not SPECIAL[c]:
                s -= 5.0 * (spent - sum(max(0, COST[c][i] - p.dsc[i]) for i in range(5)) > 0)
        elif kind is Evolve:
            gain = PTS[a.into] - PTS[a.base]
            s = 50.0 + gain if gain > 0 else -10.0
        elif kind is Reserve:
            s = 1.5 + 3.0 * rare_in_sight if rare_in_sight and state.sup[5] else 0.6
            if rare_in_sight >= 2 and state.sup[5]:
                s += 10.0  # before any catch: a display of rare cards only would freeze
            if a.card == target:
                s += 0.5
            if held + (1 if state.sup[5] else 0) > TOKEN_LIMIT:
                s -= 0.3
        elif kind is ReturnTokens:
            s = 0.0
            n = a.counts
            for i in range(5):
                if n[i]:
                    surplus = max(0, tok[i] - missing[i] - need_any[i])
                    s -= 2.0 * max(0, n[i] - surplus) + 0.1 * n[i]
            s -= 3.0 * n[5]
        elif kind is EndTurn or kind is Pass:
            s = 0.0
        else:  # an action type this bot does not know: neutral
            s = 0.0
        scores.append(s)
    return scores


def greedy_action(state: State, legal: Sequence[Any], rng: random.Random) -> Any:
    """The best-scoring action in ``legal`` for the current player; ties broken by ``rng``."""
    if not legal:
        raise ValueError("GreedyBot was given no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    scores = score_actions(state, legal)
    top = max(scores)
    best = [a for a, s in zip(legal, scores, strict=True) if s >= top - 1e-9]
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


