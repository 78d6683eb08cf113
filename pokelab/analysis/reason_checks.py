"""The engine's own answers to the claims a coach reason makes (``Claim`` and ``holds``).

A coach reason (``coach_reasons.explain``) is built clause by clause, and each
factual clause comes with a ``Claim``: what it says, in data. ``holds(state,
action, claim)`` answers that claim by asking the engine itself — it plays the
move with ``apply``, plays the forced token return when there is one, and asks
``legal_actions`` whether a catch is legal — so a reason is checked by a
different road than the one that wrote it. The claims:

- ``catch_next`` (card): after the move *and* some legal forced return, the turn
  over, the card is still in view and ``Catch(card)`` is legal for the mover;
- ``must_return`` (count): the move leaves the mover returning exactly ``count`` tokens;
- ``still_catch`` (card): after this return, ``Catch(card)`` is legal for the mover;
- ``not_needed`` (colours): no card in view (display, own reserve) costs one of
  these colours after discounts; for a Master Ball: no rare or legendary card in view;
- ``last_round`` (points): the last round had not begun and this move begins it,
  the mover reaching ``points``; ``game_ends`` (points): this move ends the game at once;
- ``rivals_catch`` (seats, card): each of those opponents could catch the card now;
- ``gains_master``: the move gives the mover a Master Ball.

>>> from pokelab.splendor import TakeDifferent, scenario
>>> s = scenario(display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"])
>>> holds(s, TakeDifferent(("red", "blue", "green")), Claim("must_return", 1))
False
>>> holds(s, TakeDifferent(("red", "blue", "green")), Claim("telepathy", 1))
Traceback (most recent call last):
...
ValueError: unknown claim kind 'telepathy'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pokelab.splendor import CARDS, Catch, EndTurn, ReturnTokens, apply, legal_actions
from pokelab.splendor.state import END_POINTS, TOKEN_LIMIT

__all__ = ["Claim", "after_turn", "can_catch", "holds", "turn_ends"]


@dataclass(frozen=True)
class Claim:
    """One fact a reason states: its ``kind`` (see the module) and what it is about.

    >>> Claim("must_return", 2).kind
    'must_return'
    """

    kind: str
    subject: Any = None
    extra: Any = None


def can_catch(state: Any, seat: int, card: int) -> bool:
    """Whether the engine lets ``seat`` catch ``card`` if it were their main action in ``state``'s position.

    >>> from pokelab.splendor import scenario
    >>> s = scenario(display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"],
    ...              tokens={1: {"blue": 1, "green": 1, "yellow": 1}})
    >>> can_catch(s, 1, s.display[0]), can_catch(s, 0, s.display[0])
    (True, False)
    >>> can_catch(s, 4, 0)
    Traceback (most recent call last):
    ...
    IndexError: tuple index out of range
    """
    if state.over:
        state = replace(state, over=0)
    turn = replace(state, current_player=seat, phase_id=0, evolved=False)
    turn.players[seat]  # a bad seat is an IndexError, not a silent False
    return Catch(card) in legal_actions(turn)


def turn_ends(state: Any, action: Any) -> list[Any]:
    """Every position the mover's turn can end in after ``action``: one per legal forced return, else one.

    An evolution left open is declined (``EndTurn``): a reason about tokens
    does not count on it.

    >>> from pokelab.splendor import TakeSame, new_game
    >>> s = new_game(2, seed=1)
    >>> [e.current_player for e in turn_ends(s, TakeSame("red"))]
    [0]
    >>> turn_ends(s, "TakeSame(red)")
    Traceback (most recent call last):
    ...
    ValueError: apply expects an action object (see parse_action for strings), got str
    """
    me = state.current_player
    after = apply(state, action)
    if not after.over and after.current_player == me and after.phase_id == 1:
        after = apply(after, EndTurn())
    if after.over or after.current_player != me or after.phase_id != 2:
        return [after]
    return [apply(after, r) for r in legal_actions(after) if isinstance(r, ReturnTokens)]


def after_turn(state: Any, action: Any) -> Any:
    """The position at the end of the mover's turn (the first legal return, if one is forced).

    >>> from pokelab.splendor import TakeSame, new_game
    >>> after_turn(new_game(2, seed=1), TakeSame("red")).players[1].tokens["red"]
    2
    """
    return turn_ends(state, action)[0]


def _in_view(state: Any, seat: int) -> tuple[int, ...]:
    return (*state.display, *state.players[seat].reserved)


def _needs(card: int, colour: int, dsc: tuple[int, ...]) -> bool:
    if colour == 5:
        return CARDS[card].tier != "normal"
    return CARDS[card].cost[colour] - dsc[colour] > 0


def holds(state: Any, action: Any, claim: Claim) -> bool:
    """The engine's answer: is ``claim``, made about ``action`` in ``state``, true?

    >>> from pokelab.splendor import Reserve, new_game, legal_actions
    >>> s = new_game(2, seed=1)
    >>> first = next(a for a in legal_actions(s) if isinstance(a, Reserve))
    >>> holds(s, first, Claim("gains_master")), holds(s, first, Claim("must_return", 1))
    (True, False)
    """
    me = state.current_player
    kind = claim.kind
    if kind == "catch_next":
        return any(claim.subject in _in_view(end, me) and can_catch(end, me, claim.subject)
                   for end in turn_ends(state, action))
    if kind == "must_return":
        after = apply(state, action)
        if after.phase_id == 1:
            after = apply(after, EndTurn())
        return after.phase_id == 2 and sum(after.players[me].tok) - TOKEN_LIMIT == claim.subject
    if kind == "still_catch":
        end = apply(state, action)
        return claim.subject in _in_view(end, me) and can_catch(end, me, claim.subject)
    if kind == "not_needed":
        dsc = state.players[me].dsc
        return not any(_needs(c, i, dsc) for c in _in_view(state, me) for i in claim.subject)
    if kind in ("last_round", "game_ends"):
        ends = turn_ends(state, action)
        if state.ending or ends[0].players[me].points != claim.subject:
            return False
        if not ends[0].over and ends[0].current_player == me:  # evolved before the main action
            return claim.subject >= END_POINTS and kind == "last_round"
        return all(e.ending and bool(e.over) == (kind == "game_ends") for e in ends)
    if kind == "rivals_catch":
        return all(j != me and can_catch(state, j, claim.extra) for j in claim.subject)
    if kind == "gains_master":
        return apply(state, action).players[me].tok[5] > state.players[me].tok[5]
    raise ValueError(f"unknown claim kind {kind!r}")
