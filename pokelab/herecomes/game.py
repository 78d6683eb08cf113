"""Here Comes Pokémon! as a ``pokelab.core.Game``: token draws are chance nodes, discards and votes are simultaneous.

>>> g = HereComesGame()
>>> g.info.chance, g.info.simultaneous, g.info.turn_rule, g.info.seats
('explicit', True, 'HC-R2', (1, 4))
>>> g.actor_of(Discard(2, "G13"))
2
>>> g.is_face_down(Discard(2, "G13")), g.is_face_down(Draw("red"))
(True, False)
>>> g.parse_action("Fly(away)")
Traceback (most recent call last):
...
pokelab.errors.InputError: ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.core.game import Game
from pokelab.core.texts import seat_number
from pokelab.herecomes.actions import Discard, Draw, Keep, UseTrainer, VoteRedraw, parse_action
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.engine import apply, result
from pokelab.herecomes.legal import chance_outcomes, legal_actions
from pokelab.herecomes.serialize import from_json, to_json
from pokelab.herecomes.setup import new_game
from pokelab.herecomes.state import State, Variant
from pokelab.herecomes.view import observe
from pokelab.herecomes.view_moves import observe_action

__all__ = ["HereComesGame"]

#: The most points one target card is worth.
_MOST_CARD_POINTS = max(card.points for card in TARGETS.values())


class HereComesGame(Game):
    """Here Comes Pokémon! — the leader draws tokens (chance, HC-R2); discards and votes are face down (HC-R3, HC-R4)."""

    name = "herecomes"
    min_players = 1
    max_players = 4
    chance_mode = "explicit"
    simultaneous = True
    hidden_information = True  # the hands and the deck
    rule_prefix = "HC"
    turn_rule = "HC-R2"
    variant_type = Variant
    default_bot = "heuristic"
    action_types = (Draw, Discard, VoteRedraw, Keep, UseTrainer)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), ())

    def new_game(self, players: int | Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        return new_game(players, seed=seed, **dict(options))

    def is_chance(self, state: State) -> bool:
        return bool(state.is_chance) and not state.is_over

    def chance_outcomes(self, state: State) -> Sequence[tuple[Any, Any]]:
        return [(Draw(colour), p) for colour, p in chance_outcomes(state)]

    def chance_actor(self, state: State) -> int | None:
        return int(state.leader)  # the leader draws every token (HC-R2)

    def chance_group(self, state: State) -> Any:
        # one click draws the rest of a wave; a redraw's token is drawn alone (HC-R4)
        return (state.round, state.wave) if state.phase == "draw" else None

    def chance_key(self, state: State) -> str | None:
        return f"{state.round}/{len(state.tokens)}/{len(state.returned)}"

    def actors(self, state: State) -> tuple[int, ...]:
        if state.is_over or state.is_chance:
            return ()
        return tuple(state.to_move)

    def is_simultaneous(self, state: State) -> bool:
        return not state.is_over and not state.is_chance  # HC-R2..R6: choices are face down

    def legal_actions(self, state: State, player: int) -> list[Any]:
        return legal_actions(state, player)

    def apply(self, state: State, action: Any) -> State:
        return apply(state, action)

    def observe(self, state: State, player: int) -> dict[str, Any]:
        return observe(state, player)

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(result(state).scores)

    def winners(self, state: State) -> tuple[int, ...]:
        return tuple(result(state).winners)

    def score_bounds(self, state: State) -> tuple[int, int]:
        """Every seat is below the winning score before the last round (HC-G2), which adds one kept card at most (HC-R6).

        >>> HereComesGame().score_bounds(new_game(2, variant={"win_points": 5}))
        (0, 13)
        """
        return (0, state.setup.variant.win_points - 1 + _MOST_CARD_POINTS)

    def points(self, state: State) -> list[int]:
        if state.is_over:
            return [int(x) for x in result(state).scores]
        return [int(x) for x in state.points]

    def parse_action(self, text: Any) -> Any:
        if isinstance(text, self.action_types):
            return text
        return parse_action(text)

    def is_chance_action(self, action: Any) -> bool:
        return isinstance(action, Draw)

    def log_line(self, actor: int | None, action: Any, names: Sequence[str], lang: str = "en") -> str:
        """The move as the board's log says it: its sentence names the seat ("Player 1 discards …"); a draw is the bag's."""
        return action.describe(lang, names)

    def observe_action(self, action: Any, player: int | None) -> str:
        return observe_action(action, player)  # HC-G3: others' face-down choices show as "?"

    def is_face_down(self, action: Any) -> bool:
        return isinstance(action, Discard | VoteRedraw)

    def to_json(self, state: State) -> str:
        return to_json(state)

    def from_json(self, text: str) -> State:
        return from_json(text)

    def hidden_twin(self, state: State, player: int) -> State | None:
        """The same position with the deck reordered and every other seat's first card swapped with a deck card."""
        if len(state.deck) < 2:
            return None
        deck = list(state.deck[::-1])
        hands = list(state.hands)
        for seat, hand in enumerate(hands):
            if seat != player and hand and deck:
                deck[0], hands[seat] = hand[0], (deck[0], *hand[1:])
        return state._replace(deck=tuple(deck), hands=tuple(hands))

    def features(
        self, state: State, actions: Sequence[tuple[int | None, Any]], initial: Any = None
    ) -> dict[str, Any]:
        return {
            "first_player": None if initial is None else seat_number(int(initial.leader)),
            "by_legend": bool(result(state).by_legend),
            "draws": sum(1 for actor, _ in actions if actor is None),
            "actions": len(actions),
        }
