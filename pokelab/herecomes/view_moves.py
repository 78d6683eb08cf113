"""A move as one seat may see it (HC-G3): the move-log half of the per-player views (``view.observe``).

A player's own moves are theirs in full. Of another seat's move a player sees
only what the table saw: a discard, a kept card, a redraw vote and Misty's
extra discard (HC-R2, HC-R6, HC-R4, HC-T1) are face down, so the hidden part
becomes ``?`` — ``Discard(1, ?)``. Token draws and the other trainer uses are
public. ``None`` as the viewer is the teacher's full view.

``read_observed`` reads such a text back as an action that only words itself
(``describe(..., hidden=True)``); it is never a move anyone can play.

>>> from pokelab.herecomes.actions import Discard, UseTrainer
>>> observe_action(Discard(1, "G13"), 0), observe_action(Discard(1, "G13"), 1)
('Discard(1, ?)', 'Discard(1, G13)')
>>> observe_action(UseTrainer(1, "extra_discard", "G07"), 0)
'UseTrainer(1, extra_discard, ?)'
>>> read_observed("VoteRedraw(2, ?)").describe("en", ["Ash", "Bo", "Cy"], hidden=True)
'Cy has voted'
>>> read_observed("Discard(x, ?)")
Traceback (most recent call last):
...
pokelab.errors.InputError: bad action 'Discard(x, ?)': ...
"""

from __future__ import annotations

import re
from typing import Any

from pokelab.herecomes.actions import Discard, Keep, UseTrainer, VoteRedraw, parse_action

__all__ = ["HIDDEN", "observe_action", "read_observed"]

#: What stands for the hidden part of another seat's face-down move.
HIDDEN = "?"

_HIDDEN_FORM = re.compile(r"^(Discard|Keep|VoteRedraw|UseTrainer)\((\d+), (?:extra_discard, )?\?\)$")


def observe_action(action: Any, player: int | None) -> str:
    """The text of ``action`` as ``player`` may see it (``None``: the teacher sees every move in full).

    >>> from pokelab.herecomes.actions import Draw, VoteRedraw
    >>> observe_action(Draw("red"), 0), observe_action(VoteRedraw(0, True), 1), observe_action(VoteRedraw(0, True), None)
    ('Draw(red)', 'VoteRedraw(0, ?)', 'VoteRedraw(0, yes)')
    """
    owner = getattr(action, "player", None)
    if player is None or owner is None or owner == player:
        return str(action)
    if isinstance(action, Discard | Keep | VoteRedraw):
        return f"{type(action).__name__}({owner}, {HIDDEN})"
    if isinstance(action, UseTrainer) and action.power == "extra_discard":
        return f"UseTrainer({owner}, extra_discard, {HIDDEN})"
    return str(action)


def read_observed(text: str) -> Any:
    """An action read from ``observe_action``'s text: in full, or a face-down stand-in that words itself hidden.

    >>> read_observed("Discard(0, G13)")
    Discard(player=0, card='G13')
    >>> read_observed("Keep(1, ?)").describe("en", ["Ash", "Bo"], hidden=True)
    'Bo has chosen a card to score'
    """
    found = _HIDDEN_FORM.match(text) if isinstance(text, str) else None
    if found is None:
        return parse_action(text)
    kind, owner = found.group(1), int(found.group(2))
    if kind == "VoteRedraw":
        return VoteRedraw(owner, False)  # only ever worded hidden ("… has voted")
    if kind == "UseTrainer":
        return UseTrainer(owner, "extra_discard", HIDDEN)
    return (Discard if kind == "Discard" else Keep)(owner, HIDDEN)
