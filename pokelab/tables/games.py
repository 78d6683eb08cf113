"""What a shared game table needs from a game: the ``pokelab.core.Game`` protocol, stepped by the one ``Stepper``.

A table stores a game as its seed plus the accepted moves. This module is the
database-free half: ``kit(game)`` finds a registered game that can save;
``advance`` plays the moves that need no human — chance (sampled with
``Seeding.table``: from the table's seed keyed by the move's number, so a
replay after an undo draws the same outcomes) and the bots' turns; ``replay``
recomputes a game from its seed and moves and checks every stored draw. Moves
travel as ``(seat, kind, action)`` with the action object; only the database
keeps its text (``Game.action_text``).

A game whose chance is part of its seeded first state (Splendor's shuffled
deck, SP-S1) has no chance moves: the same seed always deals the same cards.

>>> k = kit("herecomes")
>>> state, moves = advance(k, new_state(k, 2, seed=7), {1: "random"}, seed=7, number=1)
>>> [kind for _, kind, _ in moves][:4], state.phase
(['chance', 'chance', 'chance', 'chance'], 'discard')
>>> k.game.actors(state)   # the bot in seat 1 has chosen face down; seat 0 still chooses
(0,)
>>> replay(k, 2, 7, None, [(s, kind, str(a)) for s, kind, a in moves]) == state
True
>>> kit("chess")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: a table plays herecomes...splendor..., not 'chess'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokelab import bots as bot_registry
from pokelab.classroom import ClassroomError, why
from pokelab.core.game import Game
from pokelab.core.registry import available_games, get_game, is_game
from pokelab.core.stepper import Seeding, Stepper
from pokelab.core.texts import listing
from pokelab.errors import IllegalAction
from pokelab.words import _

__all__ = [
    "MAX_AUTOMATIC_MOVES",
    "GameKit",
    "advance",
    "chance_move",
    "check_bot",
    "game_options",
    "kit",
    "new_state",
    "parse_move",
    "play_move",
    "points",
    "replay",
    "replayed",
    "variant_dict",
]

#: Most moves one ``advance`` plays without a human (a whole bots-only game is far fewer).
MAX_AUTOMATIC_MOVES = 20_000

Move = tuple[int | None, str, Any]


@dataclass(frozen=True)
class GameKit:
    """A game a table can hold: its name and its ``Game``."""

    name: str
    game: Game

    @property
    def turn_rule(self) -> str:
        """The rule a move out of turn breaks (``GameInfo.turn_rule``)."""
        return self.game.turn_rule

    def to_json(self, state: Any) -> str:
        """The game's save of ``state``."""
        return self.game.to_json(state)

    def from_json(self, text: str) -> Any:
        """The state a save holds."""
        return self.game.from_json(text)

    def action_text(self, action: Any) -> str:
        """How the database stores ``action`` (``parse_move`` reads it back)."""
        return action if isinstance(action, str) else self.game.action_text(action)


def kit(game: Any) -> GameKit:
    """The registered game ``game`` names, if it can be played on a table (it saves).

    >>> kit("splendor").turn_rule
    'SP-T1'
    >>> kit(3)
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a table plays ..., not 3
    """
    name = game.strip().lower() if isinstance(game, str) else None
    if name is None or not is_game(name):
        names = available_games(sort=False)
        raise ClassroomError(
            _("a table plays {games} or {last}, not {game}",
               games=listing(names[:-1]), last=names[-1], game=repr(game)),
        )
    made = get_game(name)
    if not made.can_save():
        raise ClassroomError(
            _("{name} cannot be played on a table: it has no save format (to_json / from_json)", name=name),
        )
    return GameKit(name, made)


def _variant(k: GameKit, variant: Any) -> Any:
    """The game's options object (``Game.variant_type``) from ``None``, one such object or a mapping of its fields."""
    kind = k.game.variant_type
    if variant is None or (kind is not None and isinstance(variant, kind)):
        return variant
    if kind is None or not isinstance(variant, Mapping):
        what = (_("has no variants") if kind is None
                else _("variant is a mapping of its options"))
        raise ClassroomError(
            _("a {name} {what}, got {variant}", name=k.name, what=what, variant=repr(variant)),
        )
    fields = {f.name for f in dataclasses.fields(kind)}
    unknown = sorted(str(key) for key in variant if key not in fields)
    if unknown:
        raise ClassroomError(
            _("unknown {name} variant option(s) {unknown}: options are {options}",
               name=k.name, unknown=", ".join(unknown), options=", ".join(sorted(fields))),
        )
    try:
        return kind(**dict(variant))
    except (TypeError, ValueError) as err:
        raise ClassroomError(_("bad {name} variant: {err}", name=k.name, err=why(err))) from None


def variant_dict(k: GameKit, variant: Any) -> dict[str, Any] | None:
    """``variant`` checked and written as plain data (``None`` for the game's defaults).

    >>> variant_dict(kit("herecomes"), {"redraw": "leader"})
    {'redraw': 'leader', 'win_points': 10}
    >>> variant_dict(kit("herecomes"), {"redraw": "nobody"})
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: bad herecomes variant: Variant.redraw must be 'all' or 'leader', got 'nobody'
    """
    made = _variant(k, variant)
    return None if made is None else dataclasses.asdict(made)


def new_state(k: GameKit, players: int, *, seed: int, variant: Any = None) -> Any:
    """The first state of a table's game (``players`` seats, seeded).

    >>> new_state(kit("splendor"), 2, seed=1).phase
    'main'
    >>> new_state(kit("splendor"), 5, seed=1)
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: splendor is played by 2 to 4 players, not 5
    """
    low = max(2, k.game.min_players)  # a table is for playing together: two seats at least
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= k.game.max_players:
        raise ClassroomError(
            _("{name} is played by {low} to {max_players} players, not {players}",
                name=k.name, low=low, max_players=k.game.max_players, players=repr(players)),
        )
    return k.game.new_game(players, seed, game_options(k, variant))


def game_options(k: GameKit, variant: Any) -> dict[str, Any]:
    """The options ``Game.new_game`` deals a table's game with: its checked variant, if any.

    >>> game_options(kit("herecomes"), None), game_options(kit("herecomes"), {"redraw": "leader"})["variant"].redraw
    ({}, 'leader')
    """
    made = _variant(k, variant)
    return {} if made is None else {"variant": made}


def check_bot(k: GameKit, name: Any) -> str:
    """A registered bot name of the game (``pokelab.bots``), or a ``ClassroomError`` naming the choices.

    >>> check_bot(kit("herecomes"), " heuristic ")
    'heuristic'
    >>> check_bot(kit("herecomes"), "greedy")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: unknown bot 'greedy' for herecomes: choose expected-points, heuristic, random
    """
    names = bot_registry.available_bots(k.name)
    clean = name.strip() if isinstance(name, str) else name
    if clean not in names:
        raise ClassroomError(
            _("unknown bot {bot} for {game}: choose {bots}",
                bot=repr(name), game=k.name, bots=", ".join(names)),
        )
    return clean


def parse_move(k: GameKit, action: Any) -> Any:
    """An action given as its text form (``"TakeSame(red)"``, ``"Discard(0, G13)"``) or as an action object.

    >>> parse_move(kit("splendor"), "TakeSame(red)")
    TakeSame(red)
    >>> parse_move(kit("splendor"), "Fly(away)")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: cannot read that splendor action: unknown action 'Fly': choose one of TakeDifferent, TakeSame, Reserve, Catch, Evolve, ReturnTokens, Pass, EndTurn
    """
    try:
        return k.game.parse_action(action)
    except (TypeError, ValueError) as err:
        raise ClassroomError(
            _("cannot read that {name} action: {err}", name=k.name, err=why(err)),
        ) from None


def play_move(k: GameKit, state: Any, seat: int, action: Any) -> Any:
    """The state after ``seat`` plays ``action``: it must be that seat's turn and the engine must accept it.

    >>> s = new_state(kit("splendor"), 2, seed=1)
    >>> other = 1 - s.current_player
    >>> play_move(kit("splendor"), s, other, parse_move(kit("splendor"), "TakeSame(red)"))
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [SP-T1] It is seat ... turn, not seat ...
    """
    game = k.game
    if game.is_over(state):
        raise IllegalAction(k.turn_rule, _("The game is over: no more moves."))
    named = game.actor_of(action)
    if named is not None and named != seat:
        raise ClassroomError(
            _("that action is seat {named}'s, and you sit in seat {seat}", named=named + 1, seat=seat + 1),
        )
    if game.is_chance(state) or game.is_chance_action(action):
        raise ClassroomError(
            _("on a table chance's moves (the bag's draws) come from the table's seed: nobody plays {type}",
                type=type(action).__name__),
        )
    actors = game.actors(state)
    if seat not in actors:
        who = listing([_("seat {n}", n=a + 1) for a in actors])
        raise IllegalAction(
            k.turn_rule,
            _("It is {who}'s turn, not seat {seat}'s.", who=who, seat=seat + 1),
        )
    return game.apply(state, action)


def _stepper(k: GameKit, bots: Mapping[int, str], seed: int) -> Stepper:
    made = {seat: bot_registry.make_bot(k.name, name) for seat, name in bots.items()}
    return Stepper(k.game, made, Seeding.table(seed))


def chance_move(k: GameKit, state: Any, seed: int, number: int) -> Any:
    """The chance outcome of move ``number`` (sampled from the table's seed and that number alone).

    >>> k = kit("herecomes")
    >>> s = new_state(k, 2, seed=3)
    >>> chance_move(k, s, 3, 1) == chance_move(k, s, 3, 1)
    True
    >>> chance_move(kit("splendor"), new_state(kit("splendor"), 2, seed=3), 3, 1)
    Traceback (most recent call last):
    ...
    ValueError: splendor: chance does not move now (move 1)
    """
    if not k.game.is_chance(state):
        raise ValueError(f"{k.name}: chance does not move now (move {number})")
    return _stepper(k, {}, seed).draw(state, number).action


def advance(k: GameKit, state: Any, bots: Mapping[int, str], *, seed: int, number: int) -> tuple[Any, list[Move]]:
    """Play the chance draws and bot moves due now; return the new state and the moves ``(seat, kind, action)``.

    ``number`` is the number the first new move gets. It stops when the game is
    over or only human seats are to act; at a simultaneous step each bot seat
    chooses from its own view (``observe``), one after the other.

    >>> k = kit("splendor")
    >>> s = new_state(k, 2, seed=1)
    >>> after, moves = advance(k, s, {s.current_player: "greedy"}, seed=1, number=1)
    >>> moves[0][:2] == (s.current_player, "bot"), after.current_player != s.current_player
    (True, True)
    >>> advance(k, s, {}, seed=1, number=0)
    Traceback (most recent call last):
    ...
    ValueError: move numbers start at 1, got 0
    """
    if number < 1:
        raise ValueError(f"move numbers start at 1, got {number}")
    moves: list[Move] = []
    for step in _stepper(k, bots, seed).run(state, number, max_steps=MAX_AUTOMATIC_MOVES):
        moves.append((step.seat, "chance" if step.seat is None else "bot", step.action))
        state = step.after
    return state, moves


def replay(k: GameKit, players: int, seed: int, variant: Any, moves: Sequence[Move]) -> Any:
    """The game recomputed from its seed and moves ``(seat, kind, action)`` (text or objects); every stored draw is checked.

    >>> k = kit("herecomes")
    >>> replay(k, 2, 7, None, [(None, "chance", "Draw(purple)")])
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: move 1 of this table is Draw(purple), but the table's seed draws Draw(...)
    """
    state = new_state(k, players, seed=seed, variant=variant)
    for _actor, _action, after in replayed(k, state, seed, moves):
        state = after
    return state


def replayed(k: GameKit, first: Any, seed: int, moves: Sequence[Any]) -> Iterator[tuple[int | None, Any, Any]]:
    """Each move re-applied from ``first``: ``(actor, action object, state after)``, ``actor`` ``None`` for chance.

    >>> k = kit("herecomes")
    >>> [(actor, str(action)) for actor, action, _ in replayed(k, new_state(k, 2, seed=7), 7, [(None, "chance", "Draw(green)")])]
    [(None, 'Draw(green)')]
    >>> list(replayed(k, new_state(k, 2, seed=7), 7, [(None, "chance", "Draw(blue)")]))
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: move 1 of this table is Draw(blue), but the table's seed draws Draw(green)
    """
    state, stepper = first, _stepper(k, {}, seed)
    for number, (seat, kind, action) in enumerate(moves, start=1):
        if kind == "chance":
            expected = stepper.draw(state, number).action if k.game.is_chance(state) else None
            if expected is None or k.action_text(expected) != k.action_text(action):
                raise ClassroomError(
                    _("move {number} of this table is {action}, but the table's seed draws {expected}",
                        number=number, action=str(action), expected=str(expected)),
                )
            state = k.game.apply(state, expected)
            yield None, expected, state
        elif seat is None:
            raise ClassroomError(
                _("move {number} of this table ({action}) names no seat", number=number, action=str(action)),
            )
        else:
            played = parse_move(k, action)
            state = play_move(k, state, seat, played)
            yield seat, played, state


def points(k: GameKit, state: Any) -> list[int]:
    """Each seat's points now (the final scores once the game is over).

    >>> points(kit("herecomes"), new_state(kit("herecomes"), 3, seed=1))
    [0, 0, 0]
    """
    return [int(x) for x in k.game.points(state)]
