"""Several people at one Here Comes screen (pass-and-play): whose eyes the board shows, and the curtain between them.

Here Comes Pokémon! has hidden hands, so between two people the board draws a *curtain*: the
public table only (``public_observation``), no hand, and a "Pass the device to Misty — tap to
show your hand" button; the hand appears only after that seat's own tap (a ``show_hand`` message).

>>> from pokelab.herecomes import new_game
>>> PassAndPlay([0, 1], ["Ann", "Bo"]).curtain(new_game(["Ann", "Bo"], seed=2))
0
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.herecomes import COLOURS, WAVES, State, observe
from pokelab.words import _, render, rendered
from widgets.board.errors import BadIntent
from widgets.herecomes.text import labels, page_hc
from widgets.tokens import view_marks

__all__ = ["PRIVATE_KEYS", "PassAndPlay", "curtain_view", "public_observation"]

#: The keys of a Here Comes observation that only their own seat may see.
PRIVATE_KEYS = {
    "hand": [],
    "my_choice": None,
    "keep_options": [],
    "seen_discards": [],
    "legal": [],
    "must_act": False,
}


def public_observation(state: State, viewer: int) -> dict[str, Any]:
    """What everyone at the screen may see of a Here Comes table while ``viewer``'s hand is hidden.

    The shape of ``observe(state, viewer)`` (so the board draws it the same way) with
    the private parts emptied (``PRIVATE_KEYS``), every seat's trainer as the others
    see it, and the round summary without anyone's card check.

    >>> from pokelab.herecomes import new_game
    >>> seen = public_observation(new_game(["Ann", "Bo"], seed=2), 0)
    >>> seen["hand"], seen["legal"], seen["players"][1]["hand_size"]
    ([], [], 5)
    >>> public_observation(new_game(2, seed=2), 4)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: there is no seat 4: seats are 0 to 1 ...
    """
    mine = observe(state, viewer)
    others = observe(state, (viewer + 1) % len(state.hands))
    view = {**mine, **{key: value if not isinstance(value, list) else [] for key, value in PRIVATE_KEYS.items()}}
    view["players"] = [{**p, "is_you": p["seat"] == viewer} for p in others["players"]]
    if view.get("last_round"):
        summary = dict(view["last_round"])
        summary["seats"] = [{k: v for k, v in s.items() if k != "checked"} for s in summary["seats"]]
        view["last_round"] = summary
    return view


def curtain_view(state: State, seat: int, lang: str) -> dict[str, Any]:
    """The Here Comes board's view while ``seat``'s hand is hidden: the public table and the curtain.

    The shape of the board's usual view (so the page draws it the same way), with no
    hand, odds, advice or trainer buttons, and ``curtain``: whom to pass the device to.

    >>> from pokelab.herecomes import new_game
    >>> seen = curtain_view(new_game(["Ann", "Misty"], seed=2), 1, "en")
    >>> seen["curtain"], seen["hc"]["hand"], seen["odds"]
    ({'seat': 1, 'name': 'Misty'}, [], [])
    >>> curtain_view(new_game(2, seed=2), 0, "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    words = labels(lang)
    view: dict[str, Any] = {
        "hc": page_hc(rendered(public_observation(state, seat), lang), lang),
        "odds": [],
        "hand_ev": None,
        "advice": None,
        "trainer_actions": [],
        "teacher": None,
        "rules": {"redraw": state.setup.variant.redraw},
        "labels": words,
        "colours": list(COLOURS),
        "marks": view_marks(COLOURS),
        "waves": list(WAVES),
        "curtain": {"seat": seat, "name": render(seat_name(state.setup.names[seat], seat), lang)},
    }
    return json.loads(json.dumps(view, default=str))


class PassAndPlay:
    """Who sits at one Here Comes screen: the people's seats, whose eyes the board shows, whose hand was shown.

    A component the board owns: the board asks it whose view to draw
    (:meth:`follow`), whether a curtain hides that hand (:meth:`curtain`) and tells it
    when a hand is shown, a decision undone or a new game dealt. It reads nothing
    of the board: the state comes with each question.

    >>> from pokelab.herecomes import new_game
    >>> seats = PassAndPlay([0, 1], ["Ann", "Misty"])
    >>> state = new_game(["Ann", "Misty"], seed=2)
    >>> seats.follow(state), seats.curtain(state)
    (0, 0)
    >>> seats.show_hand(state); seats.curtain(state) is None
    True
    >>> seats.show_hand(state)
    Traceback (most recent call last):
    ...
    widgets.board.errors.BadIntent: no hand is hidden now
    """

    def __init__(self, humans: Sequence[int], names: Sequence[str]) -> None:
        self._humans = list(humans)
        self._names = list(names)
        #: The seat whose hand was last shown on this screen (``None``: nobody's yet).
        self._shown: int | None = None if self.shared else self._humans[0]
        #: The person the board waits for (its eyes), as last followed.
        self._viewer = self._humans[0]

    @property
    def humans(self) -> list[int]:
        """The seats people play at this screen (more than one: pass-and-play)."""
        return list(self._humans)

    @property
    def shared(self) -> bool:
        """Whether several people share this screen (pass-and-play)."""
        return len(self._humans) > 1

    def follow(self, state: State) -> int:
        """Turn the board's eyes to the person it waits for at ``state`` and return that seat.

        The human leader at a draw, the first human still to choose; otherwise the eyes stay.
        """
        self._viewer = self._viewer_at(state)
        return self._viewer

    def curtain(self, state: State) -> int | None:
        """The seat the device must be passed to before its hand shows at ``state``, or ``None``."""
        viewer = self._viewer_at(state)
        return None if viewer == self._shown or state.is_over else viewer

    def show_hand(self, state: State) -> None:
        """The seat behind the curtain tapped "show my hand": its hand shows (else ``BadIntent``)."""
        seat = self.curtain(state)
        if seat is None:
            raise BadIntent(_('no hand is hidden now'))
        self._shown = seat

    def check_not_curtained(self, state: State) -> None:
        """Refuse a move while the hand of the seat to act is hidden (it has not tapped "show")."""
        seat = self.curtain(state)
        if seat is not None:
            raise BadIntent(
                _('pass the device to {name} first: tap to show the hand', name=seat_name(self._names[seat], seat)),
            )

    def undone(self, state: State) -> None:
        """A decision is about to be undone at ``state``: behind the curtain, the curtain stays down (HC-G3).

        Pressed behind the curtain, nobody knows who holds the device: the curtain comes
        down for whoever acts after the undo, even the person whose hand was last shown.
        """
        if self.shared and self.curtain(state) is not None:
            self._shown = None

    def dealt(self) -> None:
        """A new game was dealt: between several people it starts behind the curtain."""
        if self.shared:
            self._shown = None

    def _viewer_at(self, state: State) -> int:
        """The person the board waits for at ``state`` (the eyes stay where they were when it waits for nobody)."""
        humans = self._humans
        if len(humans) == 1 or state.is_over:
            return self._viewer
        if state.is_chance:
            return state.leader if state.leader in humans else self._viewer
        acting = [seat for seat in state.to_move if seat in humans]
        return acting[0] if acting else self._viewer
