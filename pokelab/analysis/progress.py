"""The coach's no-progress rule: after turns that changed nothing lasting, only a move that makes headway.

A turn makes *headway* for its player when it catches, reserves or evolves a
card or scores (``holding`` rises), or leaves the player holding more tokens.
Between two such events the token count can only stay level (at the limit of
10 a take forces a return), so a run of own turns with no headway is the token
take/return cycle of issue 30 (a coach that took three tokens and gave three
back for 70 rounds, the game stalled at the round cap).

``headway_moves(state, moves, seen)``: once the player to move has had
``STUCK_TURNS`` own turns in a row without headway (counted from ``seen``, the
earlier positions of the game), only moves that *progress* are kept — a turn
end that raises ``holding``, or one that brings the player strictly closer to a
card in view (``shortfall``: the fewest tokens still missing for a card in the
display or the own reserve, as the greedy rules count them). A run of such
moves ends in a catch, unless an opponent moves on first (and then the game
moves on). If no move progresses, the moves that *hold ground* are kept (a
turn end no farther from a card in view than the turn started), so a player
who can do nothing lasting waits where it is instead of giving back what it
had gathered; if none does, ``moves`` stays as it is.

>>> from pokelab.splendor import new_game, legal_actions
>>> s = new_game(2, seed=4)
>>> stuck_turns(s, [])
0
>>> headway_moves(s, legal_actions(s), []) == legal_actions(s)
True
>>> stuck_turns(s, [3])
Traceback (most recent call last):
...
pokelab.errors.ExplainedError: seen must hold earlier positions (Splendor States), got int
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pokelab.analysis.reason_checks import turn_ends
from pokelab.bots.splendor_eval import COST, SPECIAL
from pokelab.errors import ExplainedError
from pokelab.splendor.state import State
from pokelab.words import _

__all__ = ["STUCK_TURNS", "headway_moves", "holding", "shortfall", "stuck_turns"]

#: Own turns in a row without headway after which only progressing moves are suggested.
STUCK_TURNS = 2


def holding(state: Any, seat: int) -> tuple[int, int, int]:
    """(points, cards caught, cards reserved) of ``seat``: a turn raising any of them made headway.

    >>> from pokelab.splendor import new_game
    >>> holding(new_game(2, seed=1), 0)
    (0, 0, 0)
    """
    p = state.players[seat]
    return p.points, len(p.captured), len(p.reserved)


def shortfall(state: Any, seat: int) -> int:
    """The fewest tokens ``seat`` still misses for any card in view (display, own reserve); 0: one is affordable.

    Counted as the greedy rules count it: regular tokens missing after
    discounts, less the Master Balls held, plus one for a rare or legendary
    card while no Master Ball is held.

    >>> from pokelab.splendor import scenario
    >>> s = scenario(display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"],
    ...              tokens={1: {"blue": 1, "green": 1, "yellow": 1}})
    >>> shortfall(s, 1), shortfall(s, 0) > 0
    (0, True)
    """
    p = state.players[seat]
    tok, dsc = p.tok, p.dsc
    best = None
    for c in (*state.display, *p.reserved):
        short = sum(max(0, COST[c][i] - dsc[i] - tok[i]) for i in range(5))
        short = max(0, short - tok[5]) + (1 if SPECIAL[c] and tok[5] == 0 else 0)
        best = short if best is None else min(best, short)
    return 0 if best is None else best


def _own_turn_starts(state: Any, seen: Iterable[Any]) -> list[Any]:
    """The mover's turn-start positions (main phase) among ``seen`` and ``state``, in order."""
    me = state.current_player
    starts = []
    for old in (*seen, state):
        if type(old) is not State:
            raise ExplainedError(_("seen must hold earlier positions (Splendor States), got {type}",
                                   type=type(old).__name__))
        if (not old.over and old.current_player == me and old.phase_id == 0
                and (not starts or starts[-1] != old)):
            starts.append(old)
    return starts


def stuck_turns(state: Any, seen: Iterable[Any]) -> int:
    """How many of the mover's own turns in a row, up to ``state``'s turn, made no headway (see the module).

    >>> from pokelab.splendor import TakeDifferent, new_game, apply
    >>> s = new_game(2, seed=4)
    >>> t = apply(apply(s, TakeDifferent(("red", "blue", "green"))), TakeDifferent(("red", "blue", "green")))
    >>> stuck_turns(t, [s])   # took three tokens: headway
    0
    >>> stuck_turns(s, [s, s, s])   # no turn of seat 0 in between: nothing to count
    0
    >>> stuck_turns(s, ["a position"])
    Traceback (most recent call last):
    ...
    pokelab.errors.ExplainedError: seen must hold earlier positions (Splendor States), got str
    """
    me = state.current_player
    starts = _own_turn_starts(state, seen)
    count = 0
    for before, after in zip(starts[-2::-1], starts[:0:-1], strict=True):
        if _raised(before, after, me):
            break
        count += 1
    return count


def _raised(before: Any, after: Any, seat: int) -> bool:
    """Whether anything of ``holding`` rose, or the token count did."""
    h0, h1 = holding(before, seat), holding(after, seat)
    return any(b > a for a, b in zip(h0, h1, strict=True)) or (
        sum(after.players[seat].tok) > sum(before.players[seat].tok))


def headway_moves(state: Any, moves: list[Any], seen: Iterable[Any]) -> list[Any]:
    """``moves`` that progress, once the mover is stuck (``stuck_turns`` ≥ ``STUCK_TURNS``); else ``moves``.

    In a forced return (a later phase of the turn) progress is judged against
    the position the turn started in.

    >>> from pokelab.splendor import new_game, legal_actions
    >>> s = new_game(2, seed=4)
    >>> headway_moves(s, legal_actions(s)[:2], [s, s]) == legal_actions(s)[:2]
    True
    """
    seen = list(seen)
    if not moves or stuck_turns(state, seen) < STUCK_TURNS:
        return moves
    me = state.current_player
    start = _own_turn_starts(state, seen)[-1]
    level, short = holding(start, me), shortfall(start, me)

    def judged(end: Any) -> tuple[bool, bool]:
        """(whether the turn end progresses, whether it holds ground: no farther from a card)."""
        gap = shortfall(end, me)
        rose = any(b > a for a, b in zip(level, holding(end, me), strict=True))
        return rose or gap < short, gap <= short

    verdicts = [[judged(e) for e in turn_ends(state, a)] for a in moves]
    kept = [a for a, v in zip(moves, verdicts, strict=True) if any(p for p, _ in v)]
    holding_ground = [a for a, v in zip(moves, verdicts, strict=True) if any(h for _, h in v)]
    return kept or holding_ground or moves
