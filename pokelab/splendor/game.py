"""Splendor: Pokémon as a ``pokelab.core.Game``: sequential turns, the hidden deck order held in the seeded state.

>>> g = SplendorGame()
>>> g.info.chance, g.info.simultaneous, g.info.turn_rule
('seeded', False, 'SP-T1')
>>> g.parse_action("TakeSame(red)")
TakeSame(red)
>>> g.parse_action("Fly(away)")
Traceback (most recent call last):
...
pokelab.errors.InputError: unknown action 'Fly': choose one of TakeDifferent, TakeSame, Reserve, Catch, Evolve, ReturnTokens, Pass, EndTurn
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.core.game import Game
from pokelab.core.texts import seat_column, seat_number
from pokelab.splendor.actions import ACTION_TYPES, Evolve, parse_action
from pokelab.splendor.cards import CARDS
from pokelab.splendor.engine import apply
from pokelab.splendor.legal import legal_actions
from pokelab.splendor.scoring import result
from pokelab.splendor.serialize import from_json, to_json
from pokelab.splendor.setup import new_game
from pokelab.splendor.state import END_POINTS, State, Variant
from pokelab.splendor.view import observe

__all__ = ["SplendorGame"]

#: The most points one card is worth, and the most one evolution adds (its card's points less its base's).
_MOST_CARD_POINTS = max(card.points for card in CARDS.values())
_MOST_EVOLUTION_GAIN = max(
    card.points - CARDS[card.evolves_from].points for card in CARDS.values() if card.evolves_from is not None
)


class SplendorGame(Game):
    """Splendor: Pokémon — sequential turns; the shuffled deck is part of the seeded state (SP-S1)."""

    name = "splendor"
    min_players = 2
    max_players = 4
    chance_mode = "seeded"
    simultaneous = False
    hidden_information = True  # the deck's order (SP-A3: everything else is public)
    rule_prefix = "SP"
    turn_rule = "SP-T1"
    variant_type = Variant
    default_bot = "greedy"
    action_types = tuple(ACTION_TYPES)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())

    def new_game(self, players: int | Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        return new_game(players, seed=seed, **dict(options))

    def is_over(self, state: State) -> bool:
        return bool(state.over)

    def actors(self, state: State) -> tuple[int, ...]:
        return () if state.over else (state.current_player,)

    def is_simultaneous(self, state: State) -> bool:
        return False

    def legal_actions(self, state: State, player: int) -> list[Any]:
        return legal_actions(state)

    def apply(self, state: State, action: Any) -> State:
        return apply(state, action)

    def observe(self, state: State, player: int) -> dict[str, Any]:
        return observe(state, player)

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(result(state).scores)

    def winners(self, state: State) -> tuple[int, ...]:
        return tuple(result(state).winners)

    def score_bounds(self, state: State) -> tuple[int, int]:
        """Each seat starts its last turn below ``END_POINTS`` (SP-G1), and a turn adds one card at most (SP-T1) and one evolution (SP-E1).

        >>> SplendorGame().score_bounds(new_game(2))
        (0, 25)
        """
        return (0, END_POINTS - 1 + _MOST_CARD_POINTS + _MOST_EVOLUTION_GAIN)

    def points(self, state: State) -> list[int]:
        if state.over:
            return [int(x) for x in result(state).scores]
        return [int(p.points) for p in state.players]

    def parse_action(self, text: Any) -> Any:
        if isinstance(text, self.action_types):
            return text
        return parse_action(text)

    def to_json(self, state: State) -> str:
        return to_json(state)

    def from_json(self, text: str) -> State:
        return from_json(text)

    def hidden_twin(self, state: State, player: int) -> State | None:
        """The same position with the face-down deck in another order (nobody may see it)."""
        if len(set(state.deck)) < 2:
            return None
        return dataclasses.replace(state, deck=state.deck[::-1])

    def features(
        self, state: State, actions: Sequence[tuple[int | None, Any]], initial: Any = None
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "stalled": bool(result(state).stalled),
            "first_player": seat_number(int(state.first_player)),
            "actions": len(actions),
        }
        for seat, player in enumerate(state.players):
            out[seat_column(seat, "cards")] = " ".join(str(c) for c in player.captured)
            out[seat_column(seat, "evolved")] = sum(1 for s, a in actions if s == seat and isinstance(a, Evolve))
        return out
