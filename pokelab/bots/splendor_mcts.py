"""MCTSBot for Splendor: Pokémon: Monte Carlo tree search over sampled deck orders.

The bot sees everything but the order of the face-down deck, so each search
iteration first *determinizes*: it shuffles the unseen cards into a deck
(``sample_state``) and plays on that guess with the engine's own ``apply``.
One tree is shared by all guesses (information-set MCTS): a branch is followed
only when its action is legal in the current guess.

One iteration: select down the tree by UCB1 among the ``width`` most promising
actions of each node (ranked by the greedy rules), add one new node, play a short
rollout with the greedy policy to the end of a round (so every leaf has given
each player the same number of turns), score it with ``win_chance`` (a squashed
position value), and credit every node with the value for the player who moved
into it. After the budget the most visited action is played. Token returns and
the optional evolution after the main action are left to the greedy rules.

Levels are budgets (see ``LEVELS``); ``time_limit`` caps the thinking time.

>>> import random
>>> from pokelab.splendor import new_game, observe, legal_actions
>>> state = new_game(2, seed=2)
>>> bot = MCTSBot("easy")
>>> bot.name, bot.iterations
('mcts-easy', 16)
>>> bot.choose(observe(state, state.current_player), legal_actions(state), random.Random(0)) in legal_actions(state)
True
>>> MCTSBot("impossible")
Traceback (most recent call last):
...
ValueError: unknown MCTS level 'impossible': choose easy, medium or hard
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pokelab.bots.splendor_eval import state_from_view, unseen_cards, win_chance
from pokelab.bots.splendor_greedy import greedy_action, score_actions
from pokelab.splendor import apply, legal_actions

__all__ = ["LEVELS", "MCTSBot"]

# iterations per decision, greedy rollout length (rounds after the current one),
# actions considered per node.
LEVELS: dict[str, dict[str, int]] = {
    "easy": {"iterations": 16, "rollout": 0, "width": 5},
    "medium": {"iterations": 64, "rollout": 1, "width": 7},
    "hard": {"iterations": 256, "rollout": 1, "width": 9},
}
_MAX_ROLLOUT_STEPS = 60


class _Node:
    __slots__ = ("children", "mover", "order", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.order: list[Any] | None = None
        self.visits = 0
        self.total = 0.0


class MCTSBot:
    """Splendor: Pokémon search bot; ``level`` is ``"easy"``, ``"medium"`` or ``"hard"``.

    ``iterations``, ``rollout``, ``width`` override the level's budget;
    ``exploration`` is the UCB1 constant; ``scale`` (points) turns a position
    value into a win chance; ``time_limit`` (seconds) stops a search early.
    """

    def __init__(
        self,
        level: str = "medium",
        *,
        iterations: int | None = None,
        rollout: int | None = None,
        width: int | None = None,
        exploration: float = 0.25,
        scale: float = 1.5,
        time_limit: float | None = 1.0,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown MCTS level {level!r}: choose easy, medium or hard")
        budget = LEVELS[level]
        self.level = level
        self.name = f"mcts-{level}"
        self.iterations = iterations if iterations is not None else budget["iterations"]
        self.rollout = rollout if rollout is not None else budget["rollout"]
        self.width = width if width is not None else budget["width"]
        self.exploration = exploration
        self.scale = scale
        self.time_limit = time_limit
        if self.iterations < 1 or self.rollout < 0 or self.width < 1:
            raise ValueError("iterations and width must be >= 1 and rollout >= 0")

    def __repr__(self) -> str:
        return f"MCTSBot({self.level!r})"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """Search from the viewed position and return the most visited legal action."""
        if not legal:
            raise ValueError("MCTSBot was given no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        unseen = unseen_cards(view)
        base = state_from_view(view, tuple(unseen))
        if view["phase"] != "main":
            return greedy_action(base, legal, rng)
        root = _Node(mover=-1)
        root.order = self._ranked(base, list(legal))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for i in range(self.iterations):
            rng.shuffle(unseen)
            self._iterate(root, replace(base, deck=tuple(unseen)), rng)
            if deadline is not None and i % 16 == 15 and time.perf_counter() > deadline:
                break
        best = max(root.order, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def _ranked(self, state: Any, legal: list[Any]) -> list[Any]:
        scores = score_actions(state, legal)
        ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in ranked[: self.width]]

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        node = root
        path: list[_Node] = []
        while not state.over:
            legal = legal_actions(state)
            if node.order is None:
                node.order = self._ranked(state, legal)
            available = [a for a in node.order if a in legal] if node is not root else node.order
            if not available:
                break
            fresh = [a for a in available if a not in node.children]
            mover = state.current_player
            if fresh:
                action = fresh[0]
                child = _Node(mover)
                node.children[action] = child
                state = apply(state, action)
                path.append(child)
                break
            log_n = math.log(max(1, node.visits))
            c = self.exploration
            action = max(
                available,
                key=lambda a: (
                    node.children[a].total / node.children[a].visits
                    + c * math.sqrt(log_n / node.children[a].visits)
                ),
            )
            node = node.children[action]
            state = apply(state, action)
            path.append(node)
        # Roll out with the greedy rules to a round boundary (every player has had the
        # same number of turns), ``rollout`` rounds on, so all leaves compare fairly.
        target = state.round + self.rollout
        for _ in range(_MAX_ROLLOUT_STEPS):
            if state.over or (
                state.round >= target
                and state.current_player == state.first_player
                and state.phase_id == 0
            ):
                break
            state = apply(state, greedy_action(state, legal_actions(state), rng))
        values = [win_chance(state, p, self.scale) for p in range(len(state.players))]
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += values[n.mover]
