"""The frozen game state of Splendor: Pokémon, its variant options and the game result.

The state is compact on purpose (the simulator builds millions of them):
token counts are 6-tuples of ints in the order ``red blue green yellow black
master``, discounts 5-tuples, cards small int ids. The readable properties
(``supply``, ``players[i].tokens``, ``discounts`` ...) turn them into
``{colour: count}`` dicts.

>>> from pokelab.splendor import new_game
>>> s = new_game(["Ash", "Misty"], seed=1)
>>> s.players[0].name, s.players[0].tokens["red"], s.supply["master"], s.deck_size
('Ash', 0, 5, 86)
>>> s.players[0].tokens = {}
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'tokens'
"""

from __future__ import annotations

from dataclasses import dataclass

from pokelab.errors import InputError
from pokelab.splendor.cards import CARDS, COLOURS, TOKEN_COLOURS
from pokelab.words import _

PHASES = ("main", "after_main", "return")
"""Turn phases: before the main action; after it with an evolution still open; returning tokens."""
TOKEN_LIMIT = 10
"""SP-T3: a player ends the turn with at most this many tokens."""
END_POINTS = 18
"""SP-G1: reaching this many points triggers the last round."""
TAKE_DIFFERENT_COLOURS = 3
"""SP-A1: TakeDifferent takes one token of this many different colours (fewer only if fewer are left)."""
TAKE_SAME_MIN_SUPPLY = 4
"""SP-A2: TakeSame (2 of one colour) needs at least this many of it in the supply."""
RESERVE_LIMIT = 3
"""SP-A3: a player holds at most this many reserved cards."""
FROZEN_DISPLAY = ("wait", "sweep")
"""``Variant.frozen_display`` options: the rules as written, or the sweep (the default, SP-T5)."""


@dataclass(frozen=True)
class Variant:
    """The switchable rule decisions of a game (defaults: the rules spec's decisions).

    - ``supply``: ``"full"`` (7 of each regular colour, SP-C1 default) or
      ``"scaled"`` (4/5/7 of each regular colour for 2/3/4 players); always 5 master balls.
    - ``evolution_cost``: tokens an evolution costs (SP-E1); 0 by default. When
      positive, evolving into Y costs that many tokens of Y's discount colour,
      master balls covering any shortfall.
    - ``round_cap``: rounds after which an unfinished game ends as stalled (SP-G4).
    - ``frozen_display``: what happens to a *frozen* display — every card in it
      rare or legendary and no player holding a master ball, so nobody can catch
      (SP-A5) or reserve (SP-A3) from it. ``"sweep"`` (the default, SP-T5; see
      ``docs/house-rules.md``): at the start of every turn (and at set-up), while
      the display is frozen and the deck still holds a ``normal`` card, the 4
      display cards go to the bottom of the deck in display order and the top 4
      are revealed. ``"wait"`` (the literal text of the rules): nothing; such a
      game usually runs to the round cap.

    >>> Variant().supply_counts(3)
    (7, 7, 7, 7, 7, 5)
    >>> Variant(supply="scaled").supply_counts(2)
    (4, 4, 4, 4, 4, 5)
    >>> Variant(supply="half")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: Variant supply must be 'full' or 'scaled', got 'half'
    >>> Variant().frozen_display, Variant(frozen_display="wait").to_dict()["frozen_display"]
    ('sweep', 'wait')
    >>> Variant(frozen_display="shuffle")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: Variant frozen_display must be 'wait' or 'sweep', got 'shuffle'
    """

    supply: str = "full"
    evolution_cost: int = 0
    round_cap: int = 100
    frozen_display: str = "sweep"

    def __post_init__(self) -> None:
        if self.supply not in ("full", "scaled"):
            raise InputError(_("Variant supply must be 'full' or 'scaled', got {supply}", supply=repr(self.supply)))
        if isinstance(self.evolution_cost, bool) or not isinstance(self.evolution_cost, int) or not (
            0 <= self.evolution_cost <= 10
        ):
            raise InputError(_('Variant evolution_cost must be an int in 0..10, got {evolution_cost}', evolution_cost=repr(self.evolution_cost)))
        if isinstance(self.round_cap, bool) or not isinstance(self.round_cap, int) or self.round_cap < 1:
            raise InputError(_('Variant round_cap must be an int ≥ 1, got {round_cap}', round_cap=repr(self.round_cap)))
        if self.frozen_display not in FROZEN_DISPLAY:
            raise InputError(_("Variant frozen_display must be 'wait' or 'sweep', got {frozen_display}", frozen_display=repr(self.frozen_display)))

    def supply_counts(self, players: int) -> tuple[int, ...]:
        """The starting supply for ``players`` players, as a 6-tuple (regular colours, then master)."""
        regular = 7 if self.supply == "full" else {2: 4, 3: 5, 4: 7}[players]
        return (regular,) * 5 + (5,)

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dict of the options."""
        return {
            "supply": self.supply,
            "evolution_cost": self.evolution_cost,
            "round_cap": self.round_cap,
            "frozen_display": self.frozen_display,
        }


DEFAULT_VARIANT = Variant()


@dataclass(frozen=True)
class PlayerState:
    """One player's holdings: tokens, captured and reserved cards, with points and discounts kept up to date.

    ``tok`` is a 6-tuple of token counts, ``dsc`` a 5-tuple of discounts;
    ``tokens`` and ``discounts`` give them as ``{colour: count}``. ``targets`` is
    the set of card ids the captured cards could evolve into (kept for speed).
    """

    __slots__ = ("captured", "dsc", "name", "points", "reserved", "targets", "tok")
    name: str
    tok: tuple[int, ...]
    captured: tuple[int, ...]
    reserved: tuple[int, ...]
    points: int
    dsc: tuple[int, ...]
    targets: frozenset[int]

    def __reduce__(self):
        return (make_player, (self.name, self.tok, self.captured, self.reserved, self.points, self.dsc, self.targets))

    @property
    def tokens(self) -> dict[str, int]:
        """Tokens held, ``{colour: count}`` over the six token kinds."""
        return dict(zip(TOKEN_COLOURS, self.tok, strict=True))

    @property
    def token_count(self) -> int:
        """Total tokens held (regular + master)."""
        return sum(self.tok)

    @property
    def discounts(self) -> dict[str, int]:
        """Permanent discounts from captured cards, ``{colour: count}`` over the five regular colours."""
        return dict(zip(COLOURS, self.dsc, strict=True))

    @property
    def evolved_count(self) -> int:
        """Captured cards that are evolved forms (stage ≥ 1), the SP-G3 tie-break."""
        return sum(1 for c in self.captured if CARDS[c].stage)


@dataclass(frozen=True)
class State:
    """A whole game position; immutable. Build one with ``new_game`` or ``scenario``.

    Readable view: ``current_player``, ``round``, ``is_over``, ``stalled``,
    ``display`` (card ids), ``deck_size``, ``discard``, ``supply``, ``players``,
    ``phase`` (one of ``PHASES``), ``main_done``, ``evolved``, ``must_return``.
    """

    __slots__ = (
        "current_player", "deck", "discard", "display", "ending", "evolved", "first_player",
        "over", "phase_id", "players", "round", "seed", "sup", "variant",
    )
    players: tuple[PlayerState, ...]
    sup: tuple[int, ...]
    display: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    current_player: int
    first_player: int
    round: int
    phase_id: int
    evolved: bool
    ending: bool
    over: int
    variant: Variant
    seed: int

    def __reduce__(self):
        """Pickle and copy support (frozen slots cannot be restored attribute by attribute).

        >>> import pickle
        >>> from pokelab.splendor import new_game
        >>> s = new_game(3, seed=2)
        >>> pickle.loads(pickle.dumps(s)) == s
        True
        """
        return (
            make_state,
            (self.players, self.sup, self.display, self.deck, self.discard, self.current_player,
             self.first_player, self.round, self.phase_id, self.evolved, self.ending, self.over,
             self.variant, self.seed),
        )

    def __repr__(self) -> str:
        """A compact summary (the deck order is left out: ``repr`` often ends up on screen).

        >>> from pokelab.splendor import new_game
        >>> new_game(2, seed=1)
        State(round=1, current_player=1, phase='main', display=(89, 45, 5, 10), deck_size=86, supply=r7 b7 g7 y7 k7 m5, points=(0, 0))
        """
        sup = " ".join(f"{k}{n}" for k, n in zip("rbgykm", self.sup, strict=True))
        end = ", over" if self.over == 1 else ", stalled" if self.over == 2 else ""
        return (
            f"State(round={self.round}, current_player={self.current_player}, phase={self.phase!r}, "
            f"display={self.display}, deck_size={len(self.deck)}, supply={sup}, "
            f"points={tuple(p.points for p in self.players)}{end})"
        )

    @property
    def supply(self) -> dict[str, int]:
        """Tokens in the supply, ``{colour: count}`` including ``master``."""
        return dict(zip(TOKEN_COLOURS, self.sup, strict=True))

    @property
    def deck_size(self) -> int:
        """Cards left in the face-down deck."""
        return len(self.deck)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (normally or stalled at the round cap)."""
        return self.over != 0

    @property
    def stalled(self) -> bool:
        """True when the game ended at the round cap without a winner (SP-G4)."""
        return self.over == 2

    @property
    def phase(self) -> str:
        """``"main"``, ``"after_main"`` (may still evolve, or EndTurn) or ``"return"`` (must return tokens)."""
        return PHASES[self.phase_id]

    @property
    def main_done(self) -> bool:
        """Whether the current player has taken their main action this turn."""
        return self.phase_id != 0

    @property
    def must_return(self) -> int:
        """How many tokens the current player must return now (0 outside the return phase)."""
        if self.phase_id != 2:
            return 0
        return sum(self.players[self.current_player].tok) - TOKEN_LIMIT

    @property
    def n_players(self) -> int:
        """The number of players (the same name as Here Comes' ``State.n_players``).

        >>> from pokelab.splendor import new_game
        >>> new_game(3).n_players
        3
        """
        return len(self.players)


class _MutablePlayer:
    """Same slot layout as ``PlayerState``, without the frozen guard: the engine's fast constructor."""

    __slots__ = PlayerState.__slots__

    def __init__(self, name, tok, captured, reserved, points, dsc, targets):
        self.name = name
        self.tok = tok
        self.captured = captured
        self.reserved = reserved
        self.points = points
        self.dsc = dsc
        self.targets = targets


class _MutableState:
    """Same slot layout as ``State``, without the frozen guard: the engine's fast constructor."""

    __slots__ = State.__slots__

    def __init__(
        self, players, sup, display, deck, discard, current_player, first_player, round,
        phase_id, evolved, ending, over, variant, seed,
    ):
        self.players = players
        self.sup = sup
        self.display = display
        self.deck = deck
        self.discard = discard
        self.current_player = current_player
        self.first_player = first_player
        self.round = round
        self.phase_id = phase_id
        self.evolved = evolved
        self.ending = ending
        self.over = over
        self.variant = variant
        self.seed = seed


def make_player(name, tok, captured, reserved, points, dsc, targets) -> PlayerState:
    """Build a ``PlayerState`` fast (the frozen dataclass ``__init__`` costs about 5x more).

    The object is filled through a class with the identical slot layout and then
    re-labelled as ``PlayerState``; it is indistinguishable from one built normally.

    >>> e = frozenset()
    >>> make_player("Ash", (0,) * 6, (), (), 0, (0,) * 5, e) == PlayerState("Ash", (0,) * 6, (), (), 0, (0,) * 5, e)
    True
    """
    o = _MutablePlayer(name, tok, captured, reserved, points, dsc, targets)
    o.__class__ = PlayerState
    return o  # type: ignore[return-value]


def make_state(
    players, sup, display, deck, discard, current_player, first_player, round,
    phase_id, evolved, ending, over, variant, seed,
) -> State:
    """Build a ``State`` fast, the same way as ``make_player`` (same arguments as ``State``).

    >>> from pokelab.splendor import new_game
    >>> s = new_game(2, seed=1)
    >>> make_state(*(getattr(s, f) for f in State.__dataclass_fields__)) == s
    True
    """
    o = _MutableState(
        players, sup, display, deck, discard, current_player, first_player, round,
        phase_id, evolved, ending, over, variant, seed,
    )
    o.__class__ = State
    return o  # type: ignore[return-value]


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: winner indices, each player's score, and whether it stalled.

    >>> Result(winners=(1,), scores=(12, 19), stalled=False).winners
    (1,)
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    stalled: bool

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dict."""
        return {"winners": list(self.winners), "scores": list(self.scores), "stalled": self.stalled}
