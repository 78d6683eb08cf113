"""Several people at one board (pass-and-play): which seats are human, whose eyes the board shows.

A board is normally one person against bots. ``humans=[0, 1]`` seats several
people at one screen; the bots play the other seats. Splendor simply shows the
view of the person to move. Here Comes Pokémon! has hidden hands, so between two
people the board draws a *curtain*: the public table only (``public_observation``),
no hand, and a "Pass the device to Misty — tap to show your hand" button; the
hand appears only after that seat's own tap (a ``show_hand`` message).

>>> seat_list([1, 0], 3)
[0, 1]
>>> seat_list([0, 0], 2)
Traceback (most recent call last):
...
ValueError: humans: seat 0 is named twice
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.herecomes import COLOURS, WAVES, State, observe
from pokelab.words import _, render, rendered
from widgets._board_errors import BadIntent
from widgets._herecomes_text import labels, page_hc
from widgets.tokens import view_marks

__all__ = ["PRIVATE_KEYS", "PassAndPlay", "curtain_view", "public_observation", "seat_list", "split_seats"]

#: The keys of a Here Comes observation that only their own seat may see.
PRIVATE_KEYS = {
    "hand": [],
    "my_choice": None,
    "keep_options": [],
    "seen_discards": [],
    "legal": [],
    "must_act": False,
}


def seat_list(seats: Iterable[Any], players: int, what: str = "humans") -> list[int]:
    """The seat numbers in ``seats``, sorted and checked against ``players`` seats.

    >>> seat_list((2,), 3)
    [2]
    >>> seat_list([3], 3)
    Traceback (most recent call last):
    ...
    ValueError: humans: seat 3 does not exist; seats are 0 to 2
    """
    if isinstance(seats, str | bytes) or not isinstance(seats, Iterable):
        raise ValueError(f"{what} is a list of seat numbers, not {seats!r}")
    out: list[int] = []
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"{what}: seat {seat!r} does not exist; seats are 0 to {players - 1}")
        if seat in out:
            raise ValueError(f"{what}: seat {seat} is named twice")
        out.append(seat)
    return sorted(out)


def split_seats(
    humans: Iterable[Any] | None,
    bots: Mapping[int, Any] | None,
    players: int,
    default_bot: Any,
) -> tuple[list[int] | None, dict[int, Any] | None]:
    """``(humans, bots)`` made consistent: with ``humans`` given, every other seat gets a bot.

    ``default_bot(seat)`` names the bot of a seat the caller left open. Returns
    ``(None, bots)`` unchanged when ``humans`` is ``None`` (the board's old default).

    >>> split_seats([0, 1], None, 3, lambda seat: "greedy")
    ([0, 1], {2: 'greedy'})
    >>> split_seats([0, 1], {1: "random"}, 2, lambda seat: "greedy")
    Traceback (most recent call last):
    ...
    ValueError: seat 1 cannot be both a person (humans) and a bot (bots)
    """
    if humans is None:
        return None, None if bots is None else dict(bots)
    people = seat_list(humans, players)
    if not people:
        raise ValueError("humans: name at least one seat a person plays")
    bots = dict(bots) if bots is not None else {}
    for seat in people:
        if seat in bots:
            raise ValueError(f"seat {seat} cannot be both a person (humans) and a bot (bots)")
    for seat in range(players):
        if seat not in people and seat not in bots:
            bots[seat] = default_bot(seat)
    return people, bots


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
    widgets._board_errors.BadIntent: no hand is hidden now
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
