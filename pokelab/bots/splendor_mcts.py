"""FlatMonteCarloBot for Splendor: Pokémon: flat Monte Carlo search over sampled deck orders.

What it is, named plainly: *flat* Monte Carlo search with UCB1 at the root
only — no tree grows below the root's moves. It is registered as
``mcts-easy`` / ``mcts-medium`` / ``mcts-hard`` and keeps those names because
the shipped ladder (``pokelab/data/balance/ladder.csv``), the lessons and the
teacher's guide use them; "MCTS" there is the family name, this class is the
flat member of it. (This module keeps its name for the same reason.)

The bot sees everything but the order of the face-down deck, so every sample
first *determinizes*: it shuffles the unseen cards into a deck
(``sample_state``) and plays on that guess with the engine's own ``apply``.

The search is one level deep: the root's children are the
``width`` most promising legal actions (ranked by the greedy rules); UCB1 picks
which child to sample next; a sample applies the child's action to a sampled
deck, plays every player's moves on to a round boundary ``rollout`` rounds on
(so each player has had the same number of turns), and scores the end with ``win_chance`` (a squashed position value). The k-th sample
of every child uses the same k-th deck and rollout seed (common random
numbers), so actions are compared on the same luck. After the budget the most
visited action is played. Token returns and the optional evolution after the
main action are left to the greedy rules.

Levels are budgets (``LEVELS``): how many samples, how many candidate actions
(``width``), how many rounds each rollout plays on, and among how many greedy
candidates a rollout move is picked by the position value (``rollout_width``;
1 plays the greedy rules). Measured over 400 two-player games with seats
swapped (``scripts/bot_ladder.py``, ``pokelab/data/balance/ladder.csv``), each
level beats the one below in more than 65 % of the games. What buys strength
is comparing more candidates, with a few samples each, and rollouts whose
moves are judged by the position value, two rounds ahead; playing rollouts to
the end of the game was worse (39 % of 300 games against the same search
judging the position after its rollout: one finished game per sample is too
noisy a verdict). ``time_limit`` caps the thinking time (1 s by default; the
hard level needs about 0.12 s a move, 0.2 s at most, on an unloaded core). The
cap only bites on a slow or busy machine, and then the move depends on the
machine's speed: pass ``time_limit=None`` for games that replay exactly
anywhere.

>>> import random
>>> from pokelab.splendor import new_game, observe, legal_actions
>>> state = new_game(2, seed=2)
>>> bot = FlatMonteCarloBot("easy")
>>> bot.name, bot.iterations, bot.width
('mcts-easy', 2, 2)
>>> bot.choose(observe(state, state.current_player), legal_actions(state), random.Random(0)) in legal_actions(state)
True
>>> FlatMonteCarloBot("impossible")
Traceback (most recent call last):
...
ValueError: unknown search level 'impossible' (bots mcts-*): choose easy, medium or hard
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from pokelab.bots.splendor_eval import evaluate, state_from_view, unseen_cards, win_chance
from pokelab.bots.splendor_greedy import best_actions, greedy_action
from pokelab.splendor import apply, legal_actions

__all__ = ["LEVELS", "FlatMonteCarloBot"]

# iterations: samples per decision; width: candidate actions compared at the root
# (the greedy rules' best); rollout: rounds played on after the current one;
# rollout_width: a rollout move is the best of this many greedy candidates by the
# position value (1: the greedy move itself).
LEVELS: dict[str, dict[str, int]] = {
    "easy": {"iterations": 2, "width": 2, "rollout": 0, "rollout_width": 1},
    "medium": {"iterations": 12, "width": 5, "rollout": 1, "rollout_width": 3},
    "hard": {"iterations": 192, "width": 12, "rollout": 2, "rollout_width": 3},
}
_MAX_ROLLOUT_STEPS = 400


class _Arm:
    """One root action's statistics: samples taken and the sum of their win chances."""

    __slots__ = ("total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0


class FlatMonteCarloBot:
    """Splendor: Pokémon flat Monte Carlo search bot (registered as ``mcts-<level>``); ``level`` is ``"easy"``, ``"medium"`` or ``"hard"``.

    ``iterations``, ``width``, ``rollout`` and ``rollout_width`` override the level's budget;
    ``exploration`` is the UCB1 constant; ``scale`` (points) turns a position
    value into a win chance; ``time_limit`` (seconds) stops a search early.
    """

    def __init__(
        self,
        level: str = "medium",
        *,
        iterations: int | None = None,
        width: int | None = None,
        rollout: int | None = None,
        rollout_width: int | None = None,
        exploration: float = 0.25,
        scale: float = 1.5,
        time_limit: float | None = 1.0,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown search level {level!r} (bots mcts-*): choose easy, medium or hard")
        budget = LEVELS[level]
        self.level = level
        self.name = f"mcts-{level}"
        self.iterations = iterations if iterations is not None else budget["iterations"]
        self.rollout = rollout if rollout is not None else budget["rollout"]
        self.width = width if width is not None else budget["width"]
        self.rollout_width = (
            rollout_width if rollout_width is not None else budget["rollout_width"]
        )
        self.exploration = exploration
        self.scale = scale
        self.time_limit = time_limit
        if min(self.iterations, self.width, self.rollout_width) < 1 or self.rollout < 0:
            raise ValueError(
                "iterations, width and rollout_width must be >= 1 and rollout >= 0, got "
                f"{self.iterations}, {self.width}, {self.rollout_width} and {self.rollout}"
            )

    def __repr__(self) -> str:
        return f"FlatMonteCarloBot({self.level!r})"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """Search from the viewed position and return the most visited legal action."""
        if not legal:
            raise ValueError("FlatMonteCarloBot was given no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        unseen = unseen_cards(view)
        base = state_from_view(view, tuple(unseen))
        if view["phase"] != "main":
            return greedy_action(base, legal, rng)
        return self.search(base, unseen, legal, rng)[0][0]

    def search(
        self, base: Any, unseen: Sequence[int], legal: Sequence[Any], rng: random.Random
    ) -> list[tuple[Any, int, float]]:
        """The root's actions searched from ``base``, best first: (action, samples, mean win chance).

        ``base`` is the position with any deck (each sample replaces it by a
        shuffle of ``unseen``, the cards its mover has not seen); ``legal``
        the mover's legal main moves, of which the greedy rules' ``width`` best
        are searched. Best is most sampled (UCB1 samples the promising ones
        most), then the higher mean.

        >>> from pokelab.splendor import new_game, legal_actions, observe
        >>> state = new_game(2, seed=2)
        >>> unseen = unseen_cards(observe(state, 0))
        >>> base = state_from_view(observe(state, 0), ())
        >>> ranked = FlatMonteCarloBot("medium").search(base, unseen, legal_actions(state), random.Random(0))
        >>> len(ranked), sum(samples for _, samples, _ in ranked), all(0 <= m <= 1 for *_, m in ranked)
        (5, 12, True)
        >>> FlatMonteCarloBot("medium").search(base, unseen, [], random.Random(0))
        Traceback (most recent call last):
        ...
        ValueError: FlatMonteCarloBot was given no legal action to search
        """
        if not legal:
            raise ValueError("FlatMonteCarloBot was given no legal action to search")
        pool = list(unseen)
        me = base.current_player
        children = [_Arm() for _ in range(min(self.width, len(legal)))]
        actions = best_actions(base, legal, self.width)
        # Common random numbers: the k-th visit of every child plays on the k-th
        # sampled deck with the k-th rollout seed, so actions are compared on the
        # same guesses and their differences are not drowned by the deck's luck.
        decks: list[tuple[int, ...]] = []
        seeds: list[int] = []
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for i in range(self.iterations):
            fresh = next((j for j, c in enumerate(children) if c.visits == 0), None)
            if fresh is None:
                log_n = math.log(i)
                c = self.exploration
                fresh = max(
                    range(len(children)),
                    key=lambda j: children[j].total / children[j].visits
                    + c * math.sqrt(log_n / children[j].visits),
                )
            child = children[fresh]
            k = child.visits
            while len(decks) <= k:
                rng.shuffle(pool)
                decks.append(tuple(pool))
                seeds.append(rng.getrandbits(32))
            state = apply(replace(base, deck=decks[k]), actions[fresh])
            child.total += self._rollout(state, me, random.Random(seeds[k]))
            child.visits += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        order = sorted(range(len(children)), key=lambda j: (-children[j].visits,
                                                            -children[j].total / max(1, children[j].visits)))
        return [(actions[j], children[j].visits, children[j].total / max(1, children[j].visits))
                for j in order]

    def _rollout(self, state: Any, me: int, rng: random.Random) -> float:
        """Play to a round boundary ``rollout`` rounds on, then ``win_chance`` for ``me``.

        Each main move is the greedy rules' (``rollout_width`` 1) or the best of
        their top ``rollout_width`` by the position value.
        """
        # Ending on a round boundary gives every player the same number of turns,
        # so every leaf is judged fairly.
        target = state.round + self.rollout
        for _ in range(_MAX_ROLLOUT_STEPS):
            if state.over or (
                state.round >= target
                and state.current_player == state.first_player
                and state.phase_id == 0
            ):
                break
            legal = legal_actions(state)
            if self.rollout_width > 1 and state.phase_id == 0 and len(legal) > 1:
                state = self._judged_step(state, legal)
            else:
                state = apply(state, greedy_action(state, legal, rng))
        return win_chance(state, me, self.scale)

    def _judged_step(self, state: Any, legal: list[Any]) -> Any:
        """A rollout move judged by the position value: the best of the greedy top ``rollout_width``."""
        mover = state.current_player
        best, best_value = None, -math.inf
        for action in best_actions(state, legal, self.rollout_width):
            after = apply(state, action)
            v = evaluate(after, mover)
            if v > best_value:
                best, best_value = after, v
        return best
