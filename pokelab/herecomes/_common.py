"""What the engine's steps and the trainer rules share: refusals, the actor check and the HC-R4 token return.

>>> from pokelab.herecomes import new_game
>>> from pokelab.words import _p
>>> _check_actor(new_game(2), 0, _p("doing", "discard"))
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [HC-R2] Wait: the leader is drawing tokens, no one can discard now.
"""

from __future__ import annotations

from typing import Any

from pokelab.errors import IllegalAction
from pokelab.herecomes.pieces import COLOURS
from pokelab.herecomes.setup import _rep
from pokelab.herecomes.state import State
from pokelab.words import Text, _

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_PHASE_RULE = {"discard": "HC-R2", "vote": "HC-R4", "keep": "HC-R6"}
_PHASE_WORDS: dict[str, Text] = {
    "draw": _("the leader is drawing tokens"),
    "redraw": _("the leader is drawing tokens"),
    "discard": _("the players are discarding"),
    "vote": _("the players are voting on the redraw"),
    "keep": _("the players are choosing which card to score"),
    "over": _("the game is over"),
}
#: What a player has already done in a step (the refusal of a second try).
_DONE = {
    "discard": _("Player {number} has already discarded in this wave."),
    "vote": _("Player {number} has already voted."),
    "keep": _("Player {number} has already chosen their card."),
}


def _illegal(rule: str, reason: Text) -> IllegalAction:
    return IllegalAction(rule, reason)


def _check_actor(s: State, player: Any, acting: Text) -> int:
    """Common checks for a player's action; returns the seat."""
    if s.phase == "over":
        raise _illegal("HC-G2", _("The game is over: no more moves."))
    n = len(s.hands)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise _illegal(
            "HC-C5", _("There is no player {player}: seats are 0 to {last}.", player=repr(player), last=n - 1)
        )
    if s.phase == "draw" or s.phase == "redraw":
        raise _illegal("HC-R2", _("Wait: the leader is drawing tokens, no one can {acting} now.", acting=acting))
    return player


def _not_to_move(s: State, p: int) -> IllegalAction:
    rule = _PHASE_RULE.get(s.phase, "HC-R2")
    if s.pending[p] is not None:
        return _illegal(rule, _DONE[s.phase].with_fields(number=p + 1))
    return _illegal(rule, _("Player {number} does not act now: {doing}.", number=p + 1, doing=_PHASE_WORDS[s.phase]))


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
