"""One small adapter per game maps its engine onto the runner's single loop.

The loop asks an adapter five questions: is the game over, is this a chance node
(and which outcome comes, drawn with a seeded RNG), who acts now (one player in
a sequential game, several at a simultaneous step), what may that player do, and
what does that player see. Splendor: Pokémon is sequential; Here Comes Pokémon!
has explicit chance (token draws) and simultaneous discards.

The interactive boards (``widgets._board.Board``) play through the same protocol
and ask four more questions, all with defaults for a sequential game without a
table: who draws at a chance node (``chance_actor``), which draws belong to one
act (``chance_group``), what names a chance node so a board replays the same
draws after undo (``chance_key``), whether the players to act choose face down
at once (``is_simultaneous``), and which seat an action belongs to (``actor_of``).

A new game only needs a subclass of :class:`GameAdapter` and
:func:`register_game`:

>>> {"herecomes", "splendor"} <= set(available_games())
True
>>> get_game("splendor").name
'splendor'
>>> get_game("chess")
Traceback (most recent call last):
...
pokelab.errors.SimError: unknown game 'chess': choose ...
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pokelab.sim.errors import SimError

__all__ = [
    "GameAdapter",
    "HereComesAdapter",
    "SplendorAdapter",
    "available_games",
    "get_game",
    "register_game",
]


class GameAdapter:
    """The runner's view of one game engine. Subclass it to add a game.

    The defaults describe a sequential game without chance nodes: override
    ``actors`` for simultaneous moves and ``is_chance`` / ``chance_outcomes`` for
    explicit chance.
    """

    name: str = "game"
    min_players: int = 2
    max_players: int = 4

    def new_game(self, players: int | Sequence[str], seed: int, options: Mapping[str, Any]) -> Any:
        """The initial state for ``players`` seats (a count, or the players' names), seeded."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""
        return bool(state.is_over)

    def is_chance(self, state: Any) -> bool:
        """True when chance (not a player) moves next."""
        return False

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, Any]]:
        """``(action, probability)`` pairs at a chance node."""
        raise NotImplementedError(f"{self.name} has no chance nodes")

    def sample_chance(self, state: Any, rng: random.Random) -> Any:
        """Draw one chance outcome with ``rng``, weighted by its probability."""
        outcomes = list(self.chance_outcomes(state))
        x = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += float(probability)
            if x < total:
                return action
        return outcomes[-1][0]

    def chance_actor(self, state: Any) -> int | None:
        """The seat who performs the draw at a chance node on a table (a leader), or ``None``.

        ``None`` means chance resolves by itself: a board samples it at once.
        """
        return None

    def chance_group(self, state: Any) -> Any:
        """A key shared by the chance outcomes one act draws together (a whole wave), or ``None``.

        A board keeps sampling while the state is a chance node with the same key;
        ``None``: one outcome per act.
        """
        return None

    def chance_key(self, state: Any) -> str | None:
        """A short text naming this chance node, so a board's seeded draws replay the same after undo.

        ``None``: the board counts moves instead.
        """
        return None

    def actors(self, state: Any) -> tuple[int, ...]:
        """The seats that must act now (empty at a chance node or when over)."""
        return (state.current_player,)

    def is_simultaneous(self, state: Any) -> bool:
        """True when the seats to act choose at once, face down (a board lets its bots choose at once).

        The default: several seats are to act. A game whose step may narrow to one seat says so itself.
        """
        return len(self.actors(state)) > 1

    def actor_of(self, action: Any) -> int | None:
        """The seat an action names, or ``None`` when it names none (it is played by whoever acts).

        >>> GameAdapter().actor_of("Pass")
        >>> from pokelab.herecomes import Discard
        >>> HereComesAdapter().actor_of(Discard(2, "G13"))
        2
        """
        player = getattr(action, "player", None)
        return player if isinstance(player, int) and not isinstance(player, bool) else None

    def legal_actions(self, state: Any, player: int) -> list[Any]:
        """The actions ``player`` may take now, in a deterministic order."""
        raise NotImplementedError

    def apply(self, state: Any, action: Any) -> Any:
        """The next state (pure)."""
        raise NotImplementedError

    def observe(self, state: Any, player: int) -> Any:
        """What ``player`` may see: the only input a bot gets besides the legal actions."""
        raise NotImplementedError

    def scores(self, state: Any) -> tuple[int, ...]:
        """Final scores by seat."""
        raise NotImplementedError

    def winners(self, state: Any) -> tuple[int, ...]:
        """Winning seats (several for a shared win, none for a stalled game)."""
        raise NotImplementedError

    def rounds(self, state: Any) -> int:
        """How many rounds were played."""
        return int(state.round)

    def features(
        self, state: Any, actions: Sequence[tuple[int | None, Any]], initial: Any = None
    ) -> dict[str, Any]:
        """Extra per-game columns for the simulation table (final state, action log, first state)."""
        return {}


class _EngineAdapter(GameAdapter):
    """An adapter over one of pokelab's engine modules, which share ``new_game`` / ``apply`` / ``observe`` / ``result``.

    ``module`` names the engine; it is imported when the adapter is made.
    """

    module: str

    def __init__(self) -> None:
        self._mod = importlib.import_module(self.module)

    def _engine(self) -> Any:
        return self._mod

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())

    def new_game(self, players: int | Sequence[str], seed: int, options: Mapping[str, Any]) -> Any:
        return self._engine().new_game(players, seed=seed, **dict(options))

    def apply(self, state: Any, action: Any) -> Any:
        return self._engine().apply(state, action)

    def observe(self, state: Any, player: int) -> Any:
        return self._engine().observe(state, player)

    def scores(self, state: Any) -> tuple[int, ...]:
        return tuple(self._engine().result(state).scores)

    def winners(self, state: Any) -> tuple[int, ...]:
        return tuple(self._engine().result(state).winners)


class SplendorAdapter(_EngineAdapter):
    """Splendor: Pokémon — sequential turns, hidden deck order held in the seeded state."""

    name = "splendor"
    module = "pokelab.splendor"
    min_players = 2
    max_players = 4

    def actors(self, state: Any) -> tuple[int, ...]:
        return () if state.is_over else (state.current_player,)

    def legal_actions(self, state: Any, player: int) -> list[Any]:
        return self._engine().legal_actions(state)

    def features(
        self, state: Any, actions: Sequence[tuple[int | None, Any]], initial: Any = None
    ) -> dict[str, Any]:
        result = self._engine().result(state)
        out: dict[str, Any] = {
            "stalled": bool(result.stalled),
            "first_player": _first_player(state),
            "actions": len(actions),
        }
        for seat, player in enumerate(state.players):
            out[f"cards_{seat}"] = " ".join(str(c) for c in player.captured)
            out[f"evolved_{seat}"] = sum(
                1 for _, a in actions if type(a).__name__ == "Evolve" and _ == seat
            )
        return out


def _first_player(state: Any) -> int | None:
    for attr in ("first_player", "starting_player", "start_player"):
        value = getattr(state, attr, None)
        if value is not None:
            return int(value)
    return None


class HereComesAdapter(_EngineAdapter):
    """Here Comes Pokémon! — token draws are chance nodes, discards and votes are simultaneous."""

    name = "herecomes"
    module = "pokelab.herecomes"
    min_players = 1
    max_players = 4

    def is_chance(self, state: Any) -> bool:
        return bool(state.is_chance) and not state.is_over

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, Any]]:
        engine = self._engine()
        return [(engine.Draw(colour), p) for colour, p in engine.chance_outcomes(state)]

    def chance_actor(self, state: Any) -> int | None:
        return int(state.leader)  # the leader draws every token (HC-R2)

    def chance_group(self, state: Any) -> Any:
        # one click draws the rest of a wave; a redraw's token is drawn alone (HC-R4)
        return (state.round, state.wave) if state.phase == "draw" else None

    def chance_key(self, state: Any) -> str | None:
        return f"{state.round}/{len(state.tokens)}/{len(state.returned)}"

    def actors(self, state: Any) -> tuple[int, ...]:
        if state.is_over or state.is_chance:
            return ()
        return tuple(state.to_move)

    def is_simultaneous(self, state: Any) -> bool:
        return not state.is_over and not state.is_chance  # HC-R2..R6: choices are face down

    def legal_actions(self, state: Any, player: int) -> list[Any]:
        return self._engine().legal_actions(state, player)

    def features(
        self, state: Any, actions: Sequence[tuple[int | None, Any]], initial: Any = None
    ) -> dict[str, Any]:
        result = self._engine().result(state)
        return {
            "first_player": None if initial is None else int(initial.leader),
            "by_legend": bool(result.by_legend),
            "draws": sum(1 for actor, _ in actions if actor is None),
            "actions": len(actions),
        }


_GAMES: dict[str, Callable[[], GameAdapter]] = {
    "splendor": SplendorAdapter,
    "herecomes": HereComesAdapter,
}


def register_game(name: str, factory: Callable[[], GameAdapter]) -> None:
    """Make a game playable by name (``factory()`` returns its adapter).

    >>> class Nim(GameAdapter):
    ...     name = "nim-doc"
    >>> register_game("nim-doc", Nim)
    >>> get_game("nim-doc").name
    'nim-doc'
    >>> register_game("", Nim)
    Traceback (most recent call last):
    ...
    ValueError: a game name is a non-empty string, got ''
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"a game name is a non-empty string, got {name!r}")
    _GAMES[name] = factory


def available_games() -> list[str]:
    """The names of the games the runner can play."""
    return sorted(_GAMES)


def get_game(game: str | GameAdapter) -> GameAdapter:
    """The adapter of ``game`` (a registered name, or an adapter passed through)."""
    if isinstance(game, GameAdapter):
        return game
    factory = _GAMES.get(game) if isinstance(game, str) else None
    if factory is None:
        names = ", ".join(available_games())
        raise SimError(
            f"unknown game {game!r}: choose {names}",
            f"未知的游戏 {game!r}：请选择 {names}",
        )
    return factory()
