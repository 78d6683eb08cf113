"""A tiny game with chance and simultaneous moves, to test the runner apart from the real engines.

Each of 4 rounds: chance rolls 1-3; then every player at once either banks the
roll (``"bank"``) or doubles it at risk (``"risk"``: worth double when the roll
is 3, else nothing). Highest total wins; equal totals share.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pokelab.errors import IllegalAction
from pokelab.sim import GameAdapter


@dataclass(frozen=True)
class ToyState:
    totals: tuple[int, ...]
    round: int = 0
    roll: int | None = None
    pending: tuple[str | None, ...] = ()
    seed: int = 0

    @property
    def is_over(self) -> bool:
        return self.round >= 4


@dataclass(frozen=True)
class Roll:
    value: int


@dataclass(frozen=True)
class Choose:
    player: int
    move: str


class ToyAdapter(GameAdapter):
    name = "toy"
    min_players = 1
    max_players = 3

    def new_game(self, players, seed, options):
        return ToyState(totals=(0,) * players, pending=(None,) * players, seed=seed)

    def is_chance(self, state):
        return not state.is_over and state.roll is None

    def chance_outcomes(self, state):
        return [(Roll(v), Fraction(1, 3)) for v in (1, 2, 3)]

    def actors(self, state):
        if state.is_over or state.roll is None:
            return ()
        return tuple(p for p, m in enumerate(state.pending) if m is None)

    def legal_actions(self, state, player):
        return [Choose(player, "bank"), Choose(player, "risk")]

    def apply(self, state, action):
        if not isinstance(action, (Roll, Choose)):
            raise ValueError(f"{action!r} is not a toy action (Roll, Choose)")
        if isinstance(action, Roll):
            if not self.is_chance(state) or action.value not in (1, 2, 3):
                raise IllegalAction("TOY-2", "no roll now", "现在不能掷骰")
            return ToyState(state.totals, state.round, action.value, state.pending, state.seed)
        if (
            state.roll is None
            or state.pending[action.player] is not None
            or action.move not in ("bank", "risk")
        ):
            raise IllegalAction("TOY-1", "not your move", "不是你的回合")
        pending = list(state.pending)
        pending[action.player] = action.move
        if None in pending:
            return ToyState(state.totals, state.round, state.roll, tuple(pending), state.seed)
        gains = [state.roll if m == "bank" else (6 if state.roll == 3 else 0) for m in pending]
        totals = tuple(t + g for t, g in zip(state.totals, gains, strict=True))
        return ToyState(totals, state.round + 1, None, (None,) * len(totals), state.seed)

    def observe(self, state, player):
        return {"roll": state.roll, "totals": list(state.totals), "me": player}

    def scores(self, state):
        return state.totals

    def winners(self, state):
        best = max(state.totals)
        return tuple(p for p, t in enumerate(state.totals) if t == best)

    def features(self, state, actions, initial=None):
        return {"actions": len(actions)}


class AlwaysRisk:
    name = "risk"

    def choose(self, view, legal, rng):
        return next(a for a in legal if a.move == "risk")


class Cheater:
    name = "cheater"

    def choose(self, view, legal, rng):
        return Choose(view["me"], "fold")
