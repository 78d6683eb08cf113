"""Playouts of Splendor: Pokémon from one seat's view, each seat played by a stated policy.

The machinery under ``win_probabilities``, the coach and the review:
``known_position`` rebuilds the position from ``observe(state, viewer)`` (the
deck known only as a set), ``playout_wins`` plays it to the end on freshly
shuffled decks, ``run_playouts`` spreads that over processes.

Who plays each seat in a playout (``POLICIES``, by name):

- ``"greedy"`` — the greedy rules (``pokelab.bots.splendor_greedy``);
- ``"random"`` — a uniformly random legal move;
- ``"mcts-easy"`` / ``"mcts-medium"`` / ``"mcts-hard"`` — a stated stand-in for
  the flat Monte Carlo bots, whose own search (0.1 s a move) is far too slow to
  run inside thousands of playouts: their *rollout* policy, the best of the
  greedy rules' top ``JUDGED_WIDTH`` moves by the position value
  (``splendor_eval.evaluate``), which is what the search itself plays ahead with
  (easy: the greedy rules, as its rollouts);
- ``"human"`` — the stated model of a person at the board (``HUMAN_MODEL``): the
  greedy rules' move most of the time, else one of their next-best moves;
- any other registered Splendor bot — that bot itself, given its seat's view.

>>> from pokelab.splendor import new_game
>>> base, unseen = known_position(new_game(2, seed=1), 0)
>>> sorted(POLICIES)
['greedy', 'human', 'mcts-easy', 'mcts-hard', 'mcts-medium', 'random']
>>> sum(map(sum, playout_wins(base, unseen, [None], range(3), 0, ("human", "mcts-hard")))) <= 3
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any

from pokelab.bots import make_bot
from pokelab.bots.splendor_eval import evaluate_each, state_from_view, unseen_cards
from pokelab.bots.splendor_greedy import best_actions, greedy_action
from pokelab.core.seeds import game_seed
from pokelab.core.stepper import Seeding, Stepper
from pokelab.splendor.engine import apply
from pokelab.splendor.game import SplendorGame
from pokelab.splendor.scoring import result
from pokelab.splendor.state import make_state
from pokelab.splendor.view import observe

__all__ = [
    "HUMAN_MODEL",
    "JUDGED_WIDTH",
    "MAX_PLAYOUT_STEPS",
    "POLICIES",
    "known_position",
    "playout_wins",
    "run_playouts",
]

#: A playout that has not ended after this many moves counts as stalled (the round cap ends
#: every real game far sooner; this guards a hand-built state with a huge cap).
MAX_PLAYOUT_STEPS = 20_000
#: The mcts-* stand-in plays the best of this many greedy candidates by the position value
#: (the rollout width of mcts-medium and mcts-hard, ``splendor_mcts.LEVELS``).
JUDGED_WIDTH = 3
#: The stated model of a person: the greedy rules' move with probability ``greedy``, else a
#: uniformly drawn one of the greedy rules' next ``others`` moves (a plausible, weaker move).
HUMAN_MODEL: dict[str, float] = {"greedy": 0.75, "others": 3}
_SALT = "splendor-win"

def known_position(state: Any, viewer: int) -> tuple[Any, tuple[int, ...]]:
    """(the position as ``viewer`` sees it with an empty deck, the unseen cards in id order).

    Built from ``observe(state, viewer)`` alone, so nothing hidden from ``viewer``
    (the deck's order) can reach the playouts.

    >>> from pokelab.splendor import new_game
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> base.deck, len(unseen), list(unseen) == sorted(unseen)
    ((), 86, True)
    >>> known_position(new_game(2, seed=1), 5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: player must be 0..1, got 5
    """
    view = observe(state, viewer)
    return state_from_view(view, ()), tuple(unseen_cards(view))


class _Greedy:
    """The greedy bot reading the playout's position itself (it is rebuilt from one seat's view: nothing hidden)."""

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0] if len(legal) == 1 else greedy_action(state, legal, rng)


class _Random:
    """Uniformly random (a single legal move is played without drawing)."""

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]


class _Judged:
    """The mcts-* stand-in: the best of the greedy rules' top ``JUDGED_WIDTH`` main moves by the position value."""

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        if state.phase_id:
            return greedy_action(state, legal, rng)
        top = best_actions(state, legal, JUDGED_WIDTH)
        values = evaluate_each([apply(state, action) for action in top], state.current_player)
        best, best_value = top[0], -math.inf
        for action, v in zip(top, values, strict=True):
            if v > best_value:
                best, best_value = action, v
        return best


class _Human:
    """The stated model of a person (``HUMAN_MODEL``): mostly the greedy move, sometimes a next-best one."""

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < HUMAN_MODEL["greedy"]:
            return greedy_action(state, legal, rng)
        others = best_actions(state, legal, 1 + int(HUMAN_MODEL["others"]))[1:]
        return others[rng.randrange(len(others))]


def _policy(name: str) -> Any:
    """The playout policy called ``name`` (``POLICIES``), else the registered bot itself."""
    factory = POLICIES.get(name)
    return factory() if factory is not None else _Viewing(make_bot("splendor", name))


class _Viewing:
    """Any registered bot, given its seat's ``observe`` view of the playout's position."""

    def __init__(self, bot: Any) -> None:
        self._bot = bot

    def choose(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        return self._bot.choose(observe(state, state.current_player), legal, rng)


def _position(state: Any, _seat: int) -> Any:
    return state


def _play_out(stepper: Stepper, state: Any) -> Any:
    """Play ``state`` to its end with the stepper's bots and return the final state (not over: stalled)."""
    try:
        for step in stepper.run(state, max_steps=MAX_PLAYOUT_STEPS):
            state = step.after
    except RuntimeError:  # no end after MAX_PLAYOUT_STEPS: counted as a win for nobody
        pass
    return state


def playout_wins(
    base: Any,
    unseen: tuple[int, ...],
    first_actions: Sequence[Any],
    indices: Sequence[int],
    seed: int,
    bots: tuple[str, ...],
) -> list[list[Fraction]]:
    """Per first action, each seat's wins over the playouts ``indices`` (run in a worker, so top-level).

    ``first_actions[j]`` is played first on every sampled deck (``None``: no
    forced move). Playout ``i`` uses the same deck and bot seed for every first
    action (common random numbers), so the actions are compared on the same luck.

    >>> from pokelab.splendor import new_game
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> sum(map(sum, playout_wins(base, unseen, [None], range(4), 0, ("greedy", "greedy")))) <= 4
    True
    >>> playout_wins(base, unseen, [None], [-1], 0, ("greedy", "greedy"))
    Traceback (most recent call last):
    ...
    ValueError: a game index is a whole number >= 0, got -1
    """
    n = len(base.players)
    game = SplendorGame()
    policies = {seat: _policy(b) for seat, b in enumerate(bots)}
    wins = [[Fraction(0)] * n for _ in first_actions]
    for i in indices:
        playout_seed = game_seed(seed, i, salt=_SALT)
        for j, first in enumerate(first_actions):
            stepper = Stepper(game, policies, Seeding.playout(playout_seed), view=_position)
            rng = stepper.seat_rng(0, 0)  # one stream: the deck's shuffle, then every bot's choices
            deck = list(unseen)
            rng.shuffle(deck)
            state = make_state(
                base.players, base.sup, base.display, tuple(deck), base.discard, base.current_player,
                base.first_player, base.round, base.phase_id, base.evolved, base.ending, base.over,
                base.variant, base.seed,
            )
            if first is not None:
                state = apply(state, first)
            end = _play_out(stepper, state)
            if end.over == 1:
                winners = result(end).winners
                share = Fraction(1, len(winners))
                for w in winners:
                    wins[j][w] += share
    return wins


def _chunks(playouts: int, workers: int) -> list[range]:
    size = -(-playouts // workers)
    return [range(a, min(a + size, playouts)) for a in range(0, playouts, size)]


def run_playouts(
    base: Any,
    unseen: tuple[int, ...],
    first_actions: Sequence[Any],
    playouts: int,
    seed: int,
    bots: tuple[str, ...],
    workers: int = 1,
    start: int = 0,
) -> list[list[Fraction]]:
    """``playout_wins`` over playouts ``start .. start + playouts - 1``, split over ``workers`` processes.

    The total is the same for any ``workers`` (each playout has its own seed).

    >>> from pokelab.splendor import new_game
    >>> base, unseen = known_position(new_game(2, seed=1), 0)
    >>> bots = ("greedy", "greedy")
    >>> run_playouts(base, unseen, [None], 6, 0, bots) == run_playouts(base, unseen, [None], 6, 0, bots, workers=2)
    True
    >>> run_playouts(base, unseen, [None], 6, 0, bots, start=-1)
    Traceback (most recent call last):
    ...
    ValueError: a game index is a whole number >= 0, got -1
    """
    indices = range(start, start + playouts)
    if workers == 1 or playouts < 2:
        return playout_wins(base, unseen, first_actions, indices, seed, bots)
    n = len(base.players)
    total = [[Fraction(0)] * n for _ in first_actions]
    parts = [range(start + r.start, start + r.stop) for r in _chunks(playouts, workers)]
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        futures = [pool.submit(playout_wins, base, unseen, list(first_actions), part, seed, bots)
                   for part in parts]
        for future in futures:
            for j, row in enumerate(future.result()):
                for seat in range(n):
                    total[j][seat] += row[seat]
    return total


#: The playout policies by name (see the module); any other registered bot plays itself.
POLICIES: dict[str, Any] = {
    "greedy": _Greedy,
    "random": _Random,
    "human": _Human,
    "mcts-easy": _Greedy,
    "mcts-medium": _Judged,
    "mcts-hard": _Judged,
}
