"""The game protocol every caller plays through: ``Game`` (the rules' questions) and ``GameInfo`` (its metadata).

Modelled on OpenSpiel's ``Game`` / ``GameType`` / ``GameInfo`` and pgx's ``Env``:
a game answers the questions a loop asks (is it over, is it chance and with
which outcomes, who acts, what may they do, what do they see) and says what
kind of game it is once, in ``info`` — its name, seat range, chance mode,
whether moves are simultaneous, whether information is hidden, the prefix of
its rule IDs and the rule a move out of turn breaks. It also carries the hooks
the callers used to keep in their own per-game tables: ``points``,
``describe`` / ``log_line`` (a move in words), ``to_json`` / ``from_json`` (a save), ``parse_action`` (an
action's text form), ``observe_action`` (a move as one seat sees it) and ``is_face_down``. Each game's own package implements
it (``pokelab.splendor.game``, ``pokelab.herecomes.game``, ``pokelab.toy``).

The defaults describe a sequential game without chance nodes that cannot save.

>>> class Coin(Game):
...     name, min_players, max_players = "coin", 1, 1
>>> Coin().info.name, Coin().info.chance, Coin().info.seats
('coin', 'none', (1, 1))
>>> Coin().to_json(None)
Traceback (most recent call last):
...
pokelab.errors.SimError: coin has no save format
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pokelab.errors import InputError, SimError
from pokelab.words import _, _p, check_lang

__all__ = ["CHANCE_MODES", "Game", "GameInfo"]

#: How chance enters a game (OpenSpiel's ``ChanceMode``): ``"none"`` (deterministic),
#: ``"explicit"`` (chance nodes with listed outcomes) or ``"seeded"`` (shuffled into the
#: seeded first state, like a face-down deck).
CHANCE_MODES: tuple[str, ...] = ("none", "explicit", "seeded")


@dataclass(frozen=True)
class GameInfo:
    """What kind of game a ``Game`` is: fixed for the game, read by every caller instead of its name.

    >>> GameInfo("nim", 2, 2).seats
    (2, 2)
    >>> GameInfo("nim", 3, 2)
    Traceback (most recent call last):
    ...
    ValueError: nim: min_players 3 > max_players 2
    """

    name: str
    min_players: int
    max_players: int
    chance: Literal["none", "explicit", "seeded"] = "none"
    simultaneous: bool = False
    hidden_information: bool = False
    rule_prefix: str = ""
    turn_rule: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"a game name is a non-empty string, got {self.name!r}")
        if self.min_players > self.max_players:
            raise ValueError(f"{self.name}: min_players {self.min_players} > max_players {self.max_players}")
        if self.chance not in CHANCE_MODES:
            raise ValueError(f"{self.name}: chance is one of {', '.join(CHANCE_MODES)}, got {self.chance!r}")

    @property
    def seats(self) -> tuple[int, int]:
        """``(min_players, max_players)``."""
        return (self.min_players, self.max_players)


class Game:
    """One game's rules as every loop sees them. Subclass it (and ``register_game``) to add a game.

    Override ``actors`` for simultaneous moves, ``is_chance`` / ``chance_outcomes``
    for explicit chance; set the class attributes below for ``info``.
    """

    name: str = "game"
    min_players: int = 2
    max_players: int = 4
    #: One of ``CHANCE_MODES``.
    chance_mode: str = "none"
    #: True when seats may have to choose at once, face down.
    simultaneous: bool = False
    #: True when ``observe`` hides something from a seat.
    hidden_information: bool = False
    #: The prefix of the game's rule IDs (``"SP"`` for ``SP-T1``); empty: any ID.
    rule_prefix: str = ""
    #: The rule a move out of turn breaks.
    turn_rule: str = ""
    #: The game's options object (a dataclass such as ``Variant``), or ``None`` for none.
    variant_type: type | None = None
    #: The registered bot that takes over an idle seat or fills a table's bot seats.
    default_bot: str = "random"
    #: The classes of the game's actions (``parse_action`` passes these through).
    action_types: tuple[type, ...] = ()

    @property
    def info(self) -> GameInfo:
        """The game's metadata (``GameInfo``), gathered from the class attributes."""
        return GameInfo(
            self.name, self.min_players, self.max_players, self.chance_mode,  # type: ignore[arg-type]
            self.simultaneous, self.hidden_information, self.rule_prefix, self.turn_rule,
        )

    # ------------------------------------------------------------------ the rules
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
        """Draw one chance outcome with ``rng`` (one ``rng.random()``), weighted by its probability."""
        outcomes = list(self.chance_outcomes(state))
        x = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += float(probability)
            if x < total:
                return action
        return outcomes[-1][0]

    def chance_actor(self, state: Any) -> int | None:
        """The seat who performs the draw at a chance node on a table (a leader), or ``None`` (it resolves by itself)."""
        return None

    def chance_group(self, state: Any) -> Any:
        """A key shared by the chance outcomes one act draws together (a whole wave), or ``None`` (one per act)."""
        return None

    def chance_key(self, state: Any) -> str | None:
        """A short text naming this chance node, so seeded draws replay the same after undo (``None``: count moves)."""
        return None

    def actors(self, state: Any) -> tuple[int, ...]:
        """The seats that must act now (empty at a chance node or when over)."""
        return (state.current_player,)

    def is_simultaneous(self, state: Any) -> bool:
        """True when the seats to act choose at once, face down (default: several seats are to act)."""
        return len(self.actors(state)) > 1

    def actor_of(self, action: Any) -> int | None:
        """The seat an action names (its ``player``), or ``None`` when it names none.

        >>> Game().actor_of("Pass") is None, Game().actor_of(type("A", (), {"player": 2})())
        (True, 2)
        """
        player = getattr(action, "player", None)
        return player if isinstance(player, int) and not isinstance(player, bool) else None

    def legal_actions(self, state: Any, player: int) -> list[Any]:
        """The actions ``player`` may take now, in a deterministic order."""
        raise NotImplementedError

    def apply(self, state: Any, action: Any) -> Any:
        """The next state (pure); ``IllegalAction`` for a move the rules forbid, ``ValueError`` for a non-action."""
        raise NotImplementedError

    def observe(self, state: Any, player: int) -> Any:
        """What ``player`` may see (JSON-safe once its catalogue texts are rendered): the only input a bot gets besides the legal actions."""
        raise NotImplementedError

    def scores(self, state: Any) -> tuple[int, ...]:
        """Final scores by seat."""
        raise NotImplementedError

    def winners(self, state: Any) -> tuple[int, ...]:
        """Winning seats (several for a shared win, none for a stalled game)."""
        raise NotImplementedError

    def score_bounds(self, state: Any) -> tuple[int, int]:
        """The lowest and the highest score a seat can have, during or at the end of the game ``state`` belongs to.

        OpenSpiel's ``min_utility`` / ``max_utility``, worked out from the rules and
        the game's options; ``check_game`` holds every seat's ``points`` and the
        final ``scores`` to it.
        """
        raise NotImplementedError

    def rounds(self, state: Any) -> int:
        """How many rounds were played."""
        return int(state.round)

    def features(
        self, state: Any, actions: Sequence[tuple[int | None, Any]], initial: Any = None
    ) -> dict[str, Any]:
        """Extra per-game columns for the simulation table (final state, action log, first state)."""
        return {}

    # ------------------------------------------------------------------ the callers' hooks
    def players(self, state: Any) -> int:
        """How many seats ``state`` has."""
        return len(state.players)

    def points(self, state: Any) -> list[int]:
        """Each seat's points now (the final scores once the game is over)."""
        return [int(x) for x in self.scores(state)]

    def describe(self, action: Any, lang: str = "en") -> str:
        """``action`` as a sentence in ``lang``: its ``log_text()`` (a catalogue text) or ``describe(lang)``, else its text."""
        log_text = getattr(action, "log_text", None)
        if callable(log_text):
            return log_text().render(check_lang(lang))
        describe = getattr(action, "describe", None)
        return str(describe(lang)) if callable(describe) else self.action_text(action)

    def log_line(self, actor: int | None, action: Any, names: Sequence[str], lang: str = "en") -> str:
        """One line of a move log in ``lang``: who played ``action`` and the move in words (``describe``).

        ``actor`` is the seat that chose it (``None``: a chance outcome), ``names`` how the log names
        each seat. The default reads "name: move"; a game whose sentences already name their seat
        ("Ann discards …") overrides this to word them with ``names``, as its board's log does.

        >>> Game().log_line(1, "Pass", ["Ann", "Bo"], "zh"), Game().log_line(None, "Roll(2)", ["Ann"])
        ('Bo：Pass', 'chance: Roll(2)')
        """
        who = _p("a record's actor", "chance") if actor is None else names[actor]
        return _("{who}: {text}", who=who, text=self.describe(action, lang)).render(check_lang(lang))

    def action_text(self, action: Any) -> str:
        """The text form of ``action`` that ``parse_action`` reads back."""
        return str(action)

    def parse_action(self, text: Any) -> Any:
        """An action from its text form; an action object of the game passes through; else ``ValueError``.

        >>> Game().parse_action("Pass")
        Traceback (most recent call last):
        ...
        pokelab.errors.InputError: game cannot read actions from text
        """
        if self.action_types and isinstance(text, self.action_types):
            return text
        raise InputError(_("{game} cannot read actions from text", game=self.name))

    def observe_action(self, action: Any, player: int | None) -> str:
        """The text of ``action`` as ``player`` may see it in a move log (``None``: the teacher, who sees all).

        The default shows every move in full; a game with face-down moves hides their secret part here.

        >>> Game().observe_action("Pass", 0)
        'Pass'
        """
        return self.action_text(action)

    def is_chance_action(self, action: Any) -> bool:
        """True when ``action`` is one of chance's outcomes (nobody plays it on a table)."""
        return False

    def is_face_down(self, action: Any) -> bool:
        """True when ``action`` is a face-down choice of a simultaneous step (it tells the others nothing)."""
        return False

    def to_json(self, state: Any) -> str:
        """``state`` as a save (text); ``SimError`` for a game without a save format."""
        raise SimError(_("{game} has no save format", game=self.name))

    def from_json(self, text: str) -> Any:
        """The state a save holds (``ValueError`` for a damaged one); ``SimError`` for a game without saves."""
        raise SimError(_("{game} has no save format", game=self.name))

    def can_save(self) -> bool:
        """True when the game overrides ``to_json`` (a shared table needs it)."""
        return type(self).to_json is not Game.to_json

    def hidden_twin(self, state: Any, player: int) -> Any:
        """The same position changed only in what ``player`` may not see, or ``None`` (for ``check_game``)."""
        return None
