"""The one game loop: chance from explicit outcomes, sequential and simultaneous steps, each seat's view.

The runner (``pokelab.sim.play``), the boards (``widgets.Board``), the shared
tables (``pokelab.classroom``) and the Splendor playouts
(``pokelab.analysis.splendor_win``) all step a game with ``Stepper``. Every random
draw comes from one scheme, ``Seeding``: ``random.Random(key)``, the key a text
naming the seed, the purpose (chance or a seat) and, where a caller replays
moves (a board's undo, a table's replay), the moment. A key that names no
moment is one stream for the whole game; a key that names one starts afresh
each time. The callers' presets keep the draws their pinned games were made with.

>>> from pokelab.toy import ToyGame
>>> from pokelab.bots.random_bot import RandomBot
>>> game = ToyGame()
>>> stepper = Stepper(game, {0: RandomBot(), 1: RandomBot()}, Seeding.runner(3))
>>> steps = list(stepper.run(game.new_game(2, 3, {})))
>>> game.is_over(steps[-1].after), steps[0].seat is None  # chance rolls first
(True, True)
>>> Seeding.runner(3).rng("{nope}")
Traceback (most recent call last):
...
ValueError: a seeding key uses {seed}, {seat}, {ply} and {key}, got '{nope}'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from pokelab.core.game import Game
from pokelab.core.texts import reason_text
from pokelab.core.view import LazyView
from pokelab.errors import IllegalAction, SimError
from pokelab.words import _

__all__ = ["MAX_STEPS", "BotError", "Seeding", "Step", "Stepper"]

#: Most steps ``Stepper.run`` takes before it gives up on a game that does not end.
MAX_STEPS = 200_000


@dataclass(frozen=True)
class Seeding:
    """Where a game's randomness comes from: ``random.Random(key)`` for a key template per purpose.

    Templates may use ``{seed}``, ``{seat}``, ``{ply}`` (the act's number) and
    ``{key}`` (the chance node's ``chance_key``, else the ply); ``None`` means
    ``random.Random(seed)`` itself. A template without ``{ply}`` or ``{key}`` is
    one stream for the whole game (a ``Stepper`` keeps it going).

    >>> Seeding.runner(7).rng("bot{seat}:{seed}", seat=0).random() == random.Random("bot0:7").random()
    True
    >>> Seeding.table(7).chance
    'table-chance:{ply}:{seed}'
    """

    seed: int
    chance: str | None = "chance:{seed}"
    seat: str | None = "bot{seat}:{seed}"

    @classmethod
    def runner(cls, seed: int) -> Seeding:
        """``pokelab.sim.play``: one chance stream and one stream per seat for the whole game."""
        return cls(seed)

    @classmethod
    def table(cls, seed: int) -> Seeding:
        """A shared table: each move's draw is keyed by the move's number, so a replay draws the same."""
        return cls(seed, "table-chance:{ply}:{seed}", "table-bot{seat}:{ply}:{seed}")

    @classmethod
    def board(cls, seed: int) -> Seeding:
        """A board: each act keyed by its chance node (or number), so an undone act draws the same again."""
        return cls(seed, "pokelab.board/{seed}/{key}", "{seed}:{ply}:{seat}")

    @classmethod
    def playout(cls, seed: int) -> Seeding:
        """A playout: one ``random.Random(seed)`` for everything (the deck's shuffle and every bot)."""
        return cls(seed, None, None)

    def rng(self, template: str | None, **fields: Any) -> random.Random:
        """The ``random.Random`` of ``template`` filled with the seed and ``fields``."""
        if template is None:
            return random.Random(self.seed)
        try:
            return random.Random(template.format(seed=self.seed, **fields))
        except (KeyError, IndexError, ValueError):
            raise ValueError(
                f"a seeding key uses {{seed}}, {{seat}}, {{ply}} and {{key}}, got {template!r}"
            ) from None

    def per_game(self, template: str | None) -> bool:
        """True when ``template`` names no moment (one stream for the whole game)."""
        return template is None or ("{ply}" not in template and "{key}" not in template)


class Step(NamedTuple):
    """One act: ``seat`` (``None`` for chance), ``action`` (a grouped draw: the tuple of outcomes), the states around it, its number."""

    seat: int | None
    action: Any
    before: Any
    after: Any
    ply: int


_step = tuple.__new__  # a Step without NamedTuple's Python-level __new__ (the runner's hot path)


class BotError(SimError):
    """A bot's decision the stepper could not play: ``seat``, ``action``, ``stage`` and the ``cause``.

    ``stage`` is ``"apply"`` (the engine refused it: ``cause`` is the ``IllegalAction``),
    or, when the stepper checks its bots, ``"choose"`` (the bot raised), ``"seat"`` (a move
    of another seat) or ``"move"`` (not a move of this game).
    """

    def __init__(self, seat: int, action: Any, stage: str, cause: BaseException | None) -> None:
        why = reason_text(cause) if cause is not None else "None"  # a rule's refusal, in the reader's language
        super().__init__(
            _("the bot in seat {seat} chose {action} ({stage}): {why}", seat=seat, action=str(action), stage=stage, why=why)
        )
        self.seat, self.action, self.stage, self.cause = seat, action, stage, cause


class Stepper:
    """Steps one game: draws chance, asks the bots (``choose(view, legal, rng)``), applies, yields ``Step``.

    ``view(state, seat)`` is what a bot sees (default: ``observe``, built on first
    access). With ``checked``, anything wrong with a bot's decision is a ``BotError``
    and the state is left as it was; without, only an ``IllegalAction`` is.
    """

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Any],
        seeding: Seeding,
        *,
        view: Callable[[Any, int], Any] | None = None,
        checked: bool = False,
    ) -> None:
        self.game, self.bots, self.seeding, self.checked = game, bots, seeding, checked
        self._view = view
        self._keyed = "{key}" in (seeding.chance or "")
        self._chance_per_game = seeding.per_game(seeding.chance)
        self._seat_per_game = seeding.per_game(seeding.seat)
        self._chance_stream: random.Random | None = None
        self._seat_streams: dict[int, random.Random] = {}
        self._shared: random.Random | None = None

    # ------------------------------------------------------------------ randomness
    def _new_rng(self, template: str | None, **fields: Any) -> random.Random:
        if template is not None:
            return self.seeding.rng(template, **fields)
        if self._shared is None:  # ``random.Random(seed)`` itself: one for chance and every seat
            self._shared = random.Random(self.seeding.seed)
        return self._shared

    def chance_rng(self, state: Any, ply: int) -> random.Random:
        """The RNG of the chance act ``ply`` at ``state``."""
        rng = self._chance_stream
        if rng is None:
            key = self.game.chance_key(state) if self._keyed else None
            rng = self._new_rng(self.seeding.chance, seat=None, ply=ply, key=ply if key is None else key)
            if self._chance_per_game:
                self._chance_stream = rng
        return rng

    def seat_rng(self, seat: int, ply: int) -> random.Random:
        """The RNG the bot of ``seat`` decides act ``ply`` with."""
        rng = self._seat_streams.get(seat)
        if rng is None:
            rng = self._new_rng(self.seeding.seat, seat=seat, ply=ply)
            if self._seat_per_game:
                self._seat_streams[seat] = rng
        return rng

    # ------------------------------------------------------------------ one act
    def draw(self, state: Any, ply: int, *, group: bool = False) -> Step:
        """One chance act: an outcome sampled from the explicit outcomes (with ``group``, the whole ``chance_group``).

        >>> from pokelab.toy import ToyGame
        >>> s = Stepper(ToyGame(), {}, Seeding.board(1))
        >>> s.draw(ToyGame().new_game(1, 1, {}), 0).action == s.draw(ToyGame().new_game(1, 1, {}), 0).action
        True
        """
        game = self.game
        rng = self.chance_rng(state, ply)
        before = state
        action = game.sample_chance(state, rng)
        state = game.apply(state, action)
        if not group:
            return _step(Step, (None, action, before, state, ply))
        drawn = [action]
        key = game.chance_group(before)
        while key is not None and game.is_chance(state) and game.chance_group(state) == key:
            drawn.append(game.sample_chance(state, rng))
            state = game.apply(state, drawn[-1])
        return _step(Step, (None, tuple(drawn), before, state, ply))

    def choose(self, state: Any, seat: int, ply: int, legal: list[Any] | None = None) -> Any:
        """What the bot of ``seat`` chooses at ``state`` (its view, the legal actions, its RNG)."""
        if legal is None:
            legal = self.game.legal_actions(state, seat)
        bot = self.bots[seat]
        view = LazyView(partial(self.game.observe, state, seat)) if self._view is None else self._view(state, seat)
        if not self.checked:
            return bot.choose(view, legal, self.seat_rng(seat, ply))
        try:
            action = bot.choose(view, legal, self.seat_rng(seat, ply))
        except Exception as err:
            raise BotError(seat, None, "choose", err) from err
        named = self.game.actor_of(action)
        if named is not None and named != seat:
            raise BotError(seat, action, "seat", None)
        return action

    def play(self, state: Any, seat: int, action: Any, ply: int) -> Step:
        """``seat`` plays ``action``: the ``Step`` (a refusal is a ``BotError`` naming the seat)."""
        try:
            return _step(Step, (seat, action, state, self.game.apply(state, action), ply))
        except IllegalAction as err:
            raise BotError(seat, action, "apply", err) from err
        except Exception as err:
            if not self.checked:
                raise
            raise BotError(seat, action, "move", err) from err

    def bot_step(self, state: Any, seat: int, ply: int, legal: list[Any] | None = None) -> Step:
        """One decision of the bot of ``seat`` (from ``legal`` when the caller has them), played."""
        return self.play(state, seat, self.choose(state, seat, ply, legal), ply)

    def _chooser(self) -> Callable[[Any, int, int], Any]:
        """``choose`` itself when checked; unchecked, the same choice with the lookups done once."""
        if self.checked:
            return self.choose
        bots, view_of, seat_rng, streams = self.bots, self._view, self.seat_rng, self._seat_streams
        observe, legal_of = self.game.observe, self.game.legal_actions

        def choose(state: Any, seat: int, ply: int) -> Any:
            rng = streams.get(seat) or seat_rng(seat, ply)
            view = LazyView(partial(observe, state, seat)) if view_of is None else view_of(state, seat)
            return bots[seat].choose(view, legal_of(state, seat), rng)

        return choose

    def _decider(self) -> Callable[[Any, int, int], Step]:
        """``bot_step`` itself when checked; unchecked, the same decision with the lookups done once (the runner's hot path)."""
        if self.checked:
            return self.bot_step
        bots, view_of, seat_rng, streams = self.bots, self._view, self.seat_rng, self._seat_streams
        observe, legal_of, apply = self.game.observe, self.game.legal_actions, self.game.apply

        def decide(state: Any, seat: int, ply: int) -> Step:  # ``_chooser``'s choice, inlined
            rng = streams.get(seat) or seat_rng(seat, ply)
            view = LazyView(partial(observe, state, seat)) if view_of is None else view_of(state, seat)
            action = bots[seat].choose(view, legal_of(state, seat), rng)
            try:
                after = apply(state, action)
            except IllegalAction as err:
                raise BotError(seat, action, "apply", err) from err
            return _step(Step, (seat, action, state, after, ply))

        return decide

    # ------------------------------------------------------------------ the loop
    def run(
        self,
        state: Any,
        ply: int = 0,
        *,
        draws: bool | Callable[[Any], bool] = True,
        group: bool = False,
        together: bool = False,
        only_simultaneous: bool = False,
        skip: frozenset[int] | set[int] = frozenset(),
        max_steps: int = MAX_STEPS,
    ) -> Iterator[Step]:
        """Play the acts due now: chance (where ``draws`` says so) and the bots' moves; stop at a human's turn or the end.

        ``together``: the bots of a simultaneous step all choose from the same state,
        then their choices are applied in seat order (one an earlier choice made moot
        is asked again next step); otherwise they choose one after the other.
        ``only_simultaneous`` leaves a sequential bot's turn to the caller; the seats
        in ``skip`` are passed over. ``RuntimeError`` when the game has not stopped
        after ``max_steps`` acts.
        """
        game, bots = self.game, self.bots
        is_over, is_chance, actors_of = game.is_over, game.is_chance, game.actors
        sample, apply = game.sample_chance, game.apply
        decide, choose = self._decider(), self._chooser()
        for _step_number in range(max_steps):
            if is_over(state):
                return
            if is_chance(state):
                if draws is not True and (draws is False or not draws(state)):
                    return
                if group:
                    step = self.draw(state, ply, group=True)
                else:  # ``draw``, inlined (the runner's hot path)
                    action = sample(state, self._chance_stream or self.chance_rng(state, ply))
                    step = _step(Step, (None, action, state, apply(state, action), ply))
                state, ply = step[3], ply + 1
                yield step
                continue
            actors = actors_of(state)
            if not actors:
                raise RuntimeError(f"{game.name}: nobody may act in a state that is not over")
            if only_simultaneous and not game.is_simultaneous(state):
                return
            if len(actors) == 1:  # one seat to act: the same whether together or not
                seat = actors[0]
                if seat not in bots or seat in skip:
                    return
            elif together:
                for seat in actors:
                    if seat not in bots:
                        return
                chosen = [(seat, choose(state, seat, ply)) for seat in actors]
                for k, (seat, action) in enumerate(chosen):
                    if k and (seat not in actors_of(state) or action not in game.legal_actions(state, seat)):
                        continue  # an earlier choice changed the step (a trainer's redraw): ask again
                    step = self.play(state, seat, action, ply)
                    state, ply = step[3], ply + 1
                    yield step
                continue
            else:
                due = [seat for seat in actors if seat in bots and seat not in skip]
                if not due:
                    return
                seat = due[0]
            step = decide(state, seat, ply)
            state, ply = step[3], ply + 1
            yield step
        raise RuntimeError(f"{game.name}: no end after {max_steps} steps")
