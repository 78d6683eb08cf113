"""Which seats of a board are people: the seats named ``humans``, and the bots for the rest.

A board is normally one person against bots. ``humans=[0, 1]`` seats several people at one
screen (pass-and-play); the bots play the other seats. Splendor simply shows the view of the
person to move; Here Comes Pokémon!, whose hands are hidden, draws a curtain between two people
(``widgets.herecomes.curtain``).

>>> seat_list([1, 0], 3)
[0, 1]
>>> seat_list([0, 0], 2)
Traceback (most recent call last):
...
ValueError: humans: seat 0 is named twice
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["seat_list", "split_seats"]


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
