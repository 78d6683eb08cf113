"""GameRecord: the full action log of one game, replayable to the same final state."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pokelab.bots import BOT_TITLES
from pokelab.core.registry import get_game
from pokelab.core.texts import player_name
from pokelab.words import Text, _

CHANCE = None  # the actor of a chance outcome in the log


@dataclass(frozen=True)
class GameRecord:
    """One played game: who sat where, the seed, and every action in order.

    ``actions`` holds ``(actor, action)`` pairs; ``actor`` is the seat that chose
    the action, or ``None`` for a chance outcome (a token drawn from the bag).
    ``replay()`` rebuilds the final state from the seed and the log alone, so a
    record is all a lesson needs to step through a game again.

    >>> from pokelab.sim import play
    >>> record = play("splendor", ["random", "random"], seed=3)   # doctest: +SKIP
    >>> record.replay() == record.final_state                       # doctest: +SKIP
    True
    """

    game: str
    seed: int
    bots: tuple[str, ...]
    actions: tuple[tuple[int | None, Any], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    options: Mapping[str, Any] = field(default_factory=dict)
    final_state: Any = field(default=None, compare=False, repr=False)
    initial_state: Any = field(default=None, compare=False, repr=False)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.bots)

    @property
    def winner_names(self) -> tuple[str, ...]:
        """The winners' bot names, in seat order."""
        return tuple(self.bots[s] for s in self.winners)

    def states(self) -> Iterator[Any]:
        """Every state from the first to the last, rebuilt from the seed and the log.

        Each logged action is re-applied with the engine's own ``apply``, so an
        action the rules would refuse raises ``IllegalAction`` here too.
        """
        rules = get_game(self.game)
        state = rules.new_game(self.players, self.seed, self.options)
        yield state
        for _actor, action in self.actions:
            state = rules.apply(state, action)
            yield state

    def replay(self) -> Any:
        """The final state, rebuilt from the seed and the action log."""
        return deque(self.states(), maxlen=1)[0]

    def seat_label(self, seat: int) -> Text:
        """``seat`` (from 0, as in ``actions`` and ``winners``) as a person reads it: "Player N (its bot)".

        The boards, the lessons' charts and :meth:`log` name a seat this way, numbered from 1.

        >>> from pokelab.sim import play
        >>> record = play("splendor", ["random", "greedy"], seed=1)
        >>> record.seat_label(1).render("en"), record.seat_label(0).render("zh"), record.log()[0][:17]
        ('Player 2 (greedy)', '玩家 1（随机）', 'Player 2 (greedy)')
        """
        name = self.bots[seat]
        return _("{player} ({bot})", player=player_name(seat), bot=BOT_TITLES.get(name, name))

    def log(self, lang: str = "en") -> list[str]:
        """The log in ``lang``, one line per action, worded as the game's board words it (``Game.log_line``).

        Each seat is named by :meth:`seat_label`; a Here Comes line is its own sentence
        ("Player 1 (random) discards Pidgey (P07)", "a red token is drawn").

        >>> from pokelab.sim import play
        >>> record = play("splendor", ["random", "greedy"], seed=1)
        >>> record.log("en")[0]
        'Player 2 (greedy): take blue, yellow, black'
        >>> record.log("zh")[0]
        '玩家 2（贪心）：拿取蓝色、黄色、黑色各 1 颗'
        """
        rules = get_game(self.game)
        names = [self.seat_label(seat).render(lang) for seat in range(self.players)]
        return [rules.log_line(actor, action, names, lang) for actor, action in self.actions]
