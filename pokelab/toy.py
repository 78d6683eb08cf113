"""A tiny game with chance, simultaneous moves and a secret, to try the protocol on everything that plays games.

Each of 4 rounds: chance rolls 1-3; then every player at once, face down,
either banks the roll (``"bank"``) or doubles it at risk (``"risk"``: worth
double when the roll is 3, else nothing). Highest total wins; equal totals
share. It saves, reads its actions from text and says what it hides, so it
plays through the runner, a board, a shared table and the stepper.

>>> game = ToyGame()
>>> s = game.apply(game.new_game(2, 0, {}), Roll(3))
>>> s = game.apply(game.apply(s, Choose(0, "bank")), Choose(1, "risk"))
>>> s.totals, game.from_json(game.to_json(s)) == s, str(game.parse_action("Choose(1, risk)"))
((3, 6), True, 'Choose(1, risk)')
>>> game.apply(s, Choose(0, "fold"))
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [TOY-1] not your move
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokelab.bots import register_bot
from pokelab.bots.random_bot import RandomBot
from pokelab.core.game import Game
from pokelab.core.registry import register_game
from pokelab.errors import IllegalAction, InputError
from pokelab.words import _

__all__ = ["Choose", "Roll", "ToyGame", "ToyState", "register"]

ROUNDS = 4
MOVES = ("bank", "risk")


@dataclass(frozen=True)
class ToyState:
    """The totals, the round, this round's roll and each seat's face-down choice."""

    totals: tuple[int, ...]
    round: int = 0
    roll: int | None = None
    pending: tuple[str | None, ...] = ()
    seed: int = 0

    @property
    def is_over(self) -> bool:
        """True after the last round."""
        return self.round >= ROUNDS


@dataclass(frozen=True)
class Roll:
    """Chance's move: the roll."""

    value: int

    def __str__(self) -> str:
        return f"Roll({self.value})"


@dataclass(frozen=True)
class Choose:
    """A seat's face-down choice."""

    player: int
    move: str

    def __str__(self) -> str:
        return f"Choose({self.player}, {self.move})"


_TEXT = re.compile(r"^(?:Roll\(([1-3])\)|Choose\(([0-9]), (bank|risk|fold)\))$")


class ToyGame(Game):
    """The toy game's rules (``TOY-1``: only your own choice, once a round; ``TOY-2``: chance rolls 1-3)."""

    name = "toy"
    min_players = 1
    max_players = 3
    chance_mode = "explicit"
    simultaneous = True
    hidden_information = True  # the others' face-down choices
    rule_prefix = "TOY"
    turn_rule = "TOY-1"
    action_types = (Roll, Choose)

    def new_game(self, players: int | Sequence[str], seed: int, options: Mapping[str, Any]) -> ToyState:
        n = players if isinstance(players, int) else len(players)
        return ToyState(totals=(0,) * n, pending=(None,) * n, seed=seed)

    def is_chance(self, state: ToyState) -> bool:
        return not state.is_over and state.roll is None

    def chance_outcomes(self, state: ToyState) -> Sequence[tuple[Any, Any]]:
        return [(Roll(v), Fraction(1, 3)) for v in (1, 2, 3)]

    def actors(self, state: ToyState) -> tuple[int, ...]:
        if state.is_over or state.roll is None:
            return ()
        return tuple(p for p, m in enumerate(state.pending) if m is None)

    def is_simultaneous(self, state: ToyState) -> bool:
        return not state.is_over and state.roll is not None

    def legal_actions(self, state: ToyState, player: int) -> list[Any]:
        if player not in self.actors(state):  # chance rolls, the seat has chosen, or the game is over
            return []
        return [Choose(player, "bank"), Choose(player, "risk")]

    def apply(self, state: ToyState, action: Any) -> ToyState:
        if not isinstance(action, Roll | Choose):
            raise ValueError(f"{action!r} is not a toy action (Roll, Choose)")
        if isinstance(action, Roll):
            if not self.is_chance(state) or action.value not in (1, 2, 3):
                raise IllegalAction("TOY-2", _("no roll now"))
            return ToyState(state.totals, state.round, action.value, state.pending, state.seed)
        if (
            state.roll is None
            or not 0 <= action.player < len(state.pending)
            or state.pending[action.player] is not None
            or action.move not in MOVES
        ):
            raise IllegalAction("TOY-1", _("not your move"))
        pending = list(state.pending)
        pending[action.player] = action.move
        if None in pending:
            return ToyState(state.totals, state.round, state.roll, tuple(pending), state.seed)
        gains = [state.roll if m == "bank" else (6 if state.roll == 3 else 0) for m in pending]
        totals = tuple(t + g for t, g in zip(state.totals, gains, strict=True))
        return ToyState(totals, state.round + 1, None, (None,) * len(totals), state.seed)

    def observe(self, state: ToyState, player: int) -> dict[str, Any]:
        return {"roll": state.roll, "totals": list(state.totals), "me": player,
                "chosen": state.pending[player] if 0 <= player < len(state.pending) else None}

    def scores(self, state: ToyState) -> tuple[int, ...]:
        return state.totals

    def score_bounds(self, state: ToyState) -> tuple[int, int]:
        """A round adds 0 (a lost risk) to 6 (a risked 3)."""
        return (0, 6 * ROUNDS)

    def winners(self, state: ToyState) -> tuple[int, ...]:
        best = max(state.totals)
        return tuple(p for p, t in enumerate(state.totals) if t == best)

    def players(self, state: ToyState) -> int:
        return len(state.totals)

    def points(self, state: ToyState) -> list[int]:
        return list(state.totals)

    def features(self, state: Any, actions: Sequence[tuple[int | None, Any]], initial: Any = None) -> dict[str, Any]:
        return {"actions": len(actions)}

    def parse_action(self, text: Any) -> Any:
        if isinstance(text, self.action_types):
            return text
        found = _TEXT.match(text) if isinstance(text, str) else None
        if found is None:
            raise InputError(
                _("cannot read {value} as a toy action: Roll(1..3) or Choose(seat, bank|risk)", value=repr(text))
            )
        roll, seat, move = found.groups()
        return Roll(int(roll)) if roll else Choose(int(seat), move)

    def is_chance_action(self, action: Any) -> bool:
        return isinstance(action, Roll)

    def is_face_down(self, action: Any) -> bool:
        return isinstance(action, Choose)

    def to_json(self, state: ToyState) -> str:
        return json.dumps({"totals": list(state.totals), "round": state.round, "roll": state.roll,
                           "pending": list(state.pending), "seed": state.seed})

    def from_json(self, text: str) -> ToyState:
        try:
            data = json.loads(text)
            state = ToyState(tuple(int(x) for x in data["totals"]), int(data["round"]), data["roll"],
                             tuple(data["pending"]), int(data["seed"]))
        except (TypeError, ValueError, KeyError) as err:
            raise InputError(_("not a toy save: {detail}", detail=str(err))) from None
        if len(state.pending) != len(state.totals) or not all(m in (None, *MOVES) for m in state.pending):
            raise InputError(_("not a toy save: one pending choice per seat"))
        return state

    def hidden_twin(self, state: ToyState, player: int) -> ToyState | None:
        """The same position with every other seat's face-down choice flipped."""
        flipped = {None: None, "bank": "risk", "risk": "bank"}
        pending = tuple(m if p == player else flipped[m] for p, m in enumerate(state.pending))
        return None if pending == state.pending else ToyState(state.totals, state.round, state.roll,
                                                             pending, state.seed)


def register() -> str:
    """Make the toy game playable by name everywhere (``"toy"``, with its ``"random"`` bot); returns the name.

    >>> from pokelab.core import get_game
    >>> get_game(register()).info.rule_prefix
    'TOY'
    """
    register_game(ToyGame.name, ToyGame)
    register_bot(ToyGame.name, "random", RandomBot)
    return ToyGame.name
