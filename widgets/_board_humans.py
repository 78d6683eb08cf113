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
from collections.abc import Iterable, Mapping
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.herecomes import COLOURS, WAVES, State, observe
from pokelab.words import _, render, rendered
from widgets._board_errors import BadIntent
from widgets._herecomes_text import counted, labels
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
        "hc": counted(rendered(public_observation(state, seat), lang), lang),
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
    """The Here Comes board's pass-and-play half: it moves the board's eyes and draws the curtain.

    The board keeps ``_humans`` (the people's seats) and ``_shown`` (whose hand this
    screen showed last); ``_human`` becomes the person the board waits for now.
    """

    _humans: list[int]
    _shown: int | None
    _human: int
    _names: list[str]
    _state: Any

    @property
    def humans(self) -> list[int]:
        """The seats people play at this screen (more than one: pass-and-play)."""
        return list(self._humans)

    @property
    def curtain(self) -> int | None:
        """The seat the device must be passed to before its hand shows, or ``None``."""
        viewer = self._viewer_now()
        return None if viewer == self._shown or self._state.is_over else viewer

    def show_hand(self) -> None:
        """The seat behind the curtain tapped "show my hand": show its hand (else ``ValueError``)."""
        seat = self.curtain
        if seat is None:
            raise BadIntent(_('no hand is hidden now'))
        self._shown = seat
        self._publish()  # type: ignore[attr-defined]

    def _viewer_now(self) -> int:
        """The person the board waits for: the human leader at a draw, the first human still to choose."""
        state, humans = self._state, self._humans
        if len(humans) == 1 or state.is_over:
            return self._human
        if state.is_chance:
            return state.leader if state.leader in humans else self._human
        acting = [seat for seat in state.to_move if seat in humans]
        return acting[0] if acting else self._human

    def _more_handlers(self) -> dict[str, Any]:
        return {"show_hand": lambda _content: self.show_hand()}

    def undo(self) -> bool:
        """Go back a decision without lifting the curtain (HC-G3).

        Pressed behind the curtain, nobody knows who holds the device: the curtain comes
        down for whoever acts after the undo, even the person whose hand was last shown.
        """
        if len(self._humans) > 1 and self.curtain is not None:
            self._shown = None
        return super().undo()  # type: ignore[misc, no-any-return]

    def _check_not_curtained(self) -> None:
        """Refuse a move while the hand of the seat to act is hidden (it has not tapped "show")."""
        seat = self.curtain
        if seat is not None:
            raise BadIntent(
                _('pass the device to {name} first: tap to show the hand', name=seat_name(self._names[seat], seat)),
            )

    def _reset(self, state: Any, seed: int) -> None:
        if len(self._humans) > 1:
            self._shown = None  # a new game starts behind the curtain
        super()._reset(state, seed)  # type: ignore[misc]
