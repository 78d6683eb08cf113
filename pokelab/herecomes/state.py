"""The game state: one immutable value (a compact named tuple) and its small companions.

``State`` is a ``typing.NamedTuple`` rather than a frozen dataclass: it is just
as read-only, compares by value, and builds a successor in about a microsecond,
which keeps random play above 50,000 actions per second (see
``benchmarks/bench_herecomes.py``). The documented read-only fields are
``round, wave, phase, leader, to_move, deck_size, discard_size, order_cards,
bag, players, is_chance, is_over``; the other fields are the engine's
bookkeeping (pending secret choices among them) — read them through
``observe``, never show them to a player.

>>> from pokelab.herecomes import new_game
>>> s = new_game(2, seed=1)
>>> s.round, s.wave, s.phase, s.is_chance, s.to_move
(1, 1, 'draw', True, ())
>>> [len(p.hand) for p in s.players], s.deck_size
([5, 5], 50)
>>> s.round = 3
Traceback (most recent call last):
...
AttributeError: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from pokelab.errors import InputError
from pokelab.herecomes.bag import WAVES
from pokelab.herecomes.pieces import COLOURS
from pokelab.words import _

__all__ = ["PHASES", "Player", "Result", "Setup", "State", "Variant", "check_seat"]

PHASES: tuple[str, ...] = ("draw", "discard", "vote", "redraw", "keep", "over")
_WAVE_ENDS = tuple(sum(WAVES[: i + 1]) for i in range(len(WAVES)))  # (4, 7, 9, 10)


@dataclass(frozen=True, slots=True)
class Variant:
    """House-rule options.

    ``redraw="all"`` (default): the redraw happens only if every player agrees;
    ``redraw="leader"``: the leader's vote alone decides (HC-R4).
    ``win_points``: the score that ends the game (HC-G2), 1 to 10.

    >>> Variant(redraw="leader").redraw
    'leader'
    >>> Variant(redraw="nobody")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: Variant.redraw must be 'all' or 'leader', got 'nobody'
    """

    redraw: str = "all"
    win_points: int = 10

    def __post_init__(self) -> None:
        if self.redraw not in ("all", "leader"):
            raise InputError(_("Variant.redraw must be 'all' or 'leader', got {redraw}", redraw=repr(self.redraw)))
        if (
            isinstance(self.win_points, bool)
            or not isinstance(self.win_points, int)
            or not 1 <= self.win_points <= 10
        ):
            raise InputError(_('Variant.win_points must be a whole number from 1 to 10, got {win_points}', win_points=repr(self.win_points)))


@dataclass(frozen=True, slots=True)
class Setup:
    """What stays fixed for a whole game: names, bag composition, variant, seed, trainers on/off."""

    names: tuple[str, ...]
    composition: tuple[int, ...]  # tokens per colour, in COLOURS order
    variant: Variant
    seed: int
    trainers: bool

    @property
    def bag(self) -> dict[str, int]:
        """The configured composition as colour -> count."""
        return dict(zip(COLOURS, self.composition, strict=True))


class Player(NamedTuple):
    """One seat as the full state knows it: ``name, trainer, hand, scored, points``."""

    name: str
    trainer: str | None
    hand: tuple[str, ...]
    scored: tuple[str, ...]
    points: int


class Result(NamedTuple):
    """The end of a game: winning seats, final scores by seat, and whether a legend card won (HC-G1)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    by_legend: bool


class State(NamedTuple):
    """A Here Comes Pokémon! position. Immutable; ``apply`` returns the next one."""

    setup: Setup
    round: int
    wave: int
    phase: str
    leader: int
    to_move: tuple[int, ...]
    tokens: tuple[str, ...]  # on the order cards, in draw order
    bag_left: tuple[int, ...]  # tokens left in the bag per colour (COLOURS order)
    deck: tuple[str, ...]  # target deck, next card first
    discards: tuple[str, ...]  # the discard pile
    hands: tuple[tuple[str, ...], ...]
    scored: tuple[tuple[str, ...], ...]
    points: tuple[int, ...]
    trainers: tuple[str | None, ...]
    pending: tuple[Any, ...]  # secret choice of each seat in the current simultaneous step
    extra: tuple[str | None, ...]  # secret HC-T1 extra discard of each seat in this wave
    round_uses: tuple[int, ...]  # trainer uses this round, by seat
    game_uses: tuple[int, ...]  # trainer uses this game, by seat
    round_discards: tuple[tuple[str, ...], ...]  # revealed discards of this round, by seat
    peeks: tuple[
        tuple[tuple[int, int, str], ...], ...
    ]  # (round, opponent, card) each seat has seen
    events: tuple[tuple[Any, ...], ...]  # public events of this round
    returned: tuple[str, ...]  # tokens put back into the bag this round (they no longer count)
    redraw_by: int  # -1: the shared redraw (HC-R4); a seat: that seat's HC-T2 redraw
    achieved: tuple[tuple[str, ...], ...]  # cards achieved at this round's check, by seat
    shuffles: int  # how many times the target deck has been shuffled
    summary: Any  # the last checked round (see observe), or None
    winners: tuple[int, ...]
    by_legend: bool

    # --- the documented read-only view -------------------------------------------------
    @property
    def is_chance(self) -> bool:
        """True when a token is about to be drawn (apply a ``Draw``)."""
        return self.phase == "draw" or self.phase == "redraw"

    @property
    def is_over(self) -> bool:
        """True once the game has ended (HC-G1, HC-G2)."""
        return self.phase == "over"

    @property
    def n_players(self) -> int:
        """How many seats."""
        return len(self.hands)

    @property
    def order_cards(self) -> tuple[tuple[str, ...], ...]:
        """The tokens on order cards 1–4 (HC-C3), each in draw order."""
        t = self.tokens
        return (t[0:4], t[4:7], t[7:9], t[9:10])

    @property
    def bag(self) -> dict[str, int]:
        """What is left in the bag, colour -> count."""
        return dict(zip(COLOURS, self.bag_left, strict=True))

    @property
    def deck_size(self) -> int:
        """Cards left in the target deck."""
        return len(self.deck)

    @property
    def discard_size(self) -> int:
        """Cards in the discard pile."""
        return len(self.discards)

    @property
    def players(self) -> tuple[Player, ...]:
        """Every seat's ``name, trainer, hand, scored, points`` (the full truth: not a player's view)."""
        return tuple(
            Player(
                self.setup.names[i], self.trainers[i], self.hands[i], self.scored[i], self.points[i]
            )
            for i in range(len(self.hands))
        )

    @property
    def composition(self) -> Mapping[str, int]:
        """The configured bag (HC-C1)."""
        return self.setup.bag

    def __repr__(self) -> str:
        return (
            f"State(round={self.round}, wave={self.wave}, phase={self.phase!r}, leader={self.leader}, "
            f"to_move={self.to_move}, tokens={self.tokens}, points={self.points})"
        )


def check_seat(state: State, seat: Any, *, teacher: bool = False) -> None:
    """Refuse anything but a seat number of ``state`` (``teacher=True`` also names ``None``).

    >>> from pokelab.herecomes import new_game
    >>> check_seat(new_game(2, seed=1), 1)
    >>> check_seat(new_game(2, seed=1), 2)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: there is no seat 2: seats are 0 to 1
    """
    n = len(state.hands)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        if teacher:
            raise InputError(
                _("there is no seat {seat}: seats are 0 to {last} (or None for the teacher's view)", seat=repr(seat), last=n - 1)
            )
        raise InputError(_("there is no seat {seat}: seats are 0 to {last}", seat=repr(seat), last=n - 1))
