"""How a board plays its game: whose move it waits for, chance, simultaneous bots, bot turns.

``Board`` (``widgets._board``) inherits these from ``_Turns``; everything here goes
through the board's ``pokelab.sim.GameAdapter``. Chance nodes are sampled from the
adapter's explicit outcomes with the board's seeded RNG (one act draws a whole
``chance_group``); the bots of a simultaneous step choose at once; a bot of a
sequential game plays its whole turn per ``step``. Anything wrong with a bot's
decision raises ``BotFailure`` and leaves the state as it was before that decision.

>>> str(DrawChance())
'DrawChance'
"""

from __future__ import annotations

import random
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from typing import Any

from pokelab.errors import IllegalAction
from pokelab.sim.adapters import GameAdapter
from widgets._board_errors import BadIntent, BotFailure, _short
from widgets._bots import bot_label

#: Most actions one bot may take in a single turn before the board stops it.
MAX_BOT_ACTIONS_PER_TURN = 40


@dataclass(frozen=True, slots=True)
class DrawChance:
    """The chance actor's act at a chance node: the board samples the outcomes with its seeded RNG."""

    def __str__(self) -> str:
        return "DrawChance"


@dataclass(frozen=True)
class _Snapshot:
    """What undo restores: the engine state, how long the log was, the move count."""

    state: Any
    log_len: int
    ply: int


class _Turns:
    """The game-playing half of ``Board``: it reads the board's adapter, bots, names, state and log."""

    _adapter: GameAdapter
    _bots: dict[int, Any]
    _names: list[str]
    _human: int
    _state: Any
    _ply: int
    _history: list[_Snapshot]
    _entries: list[dict[str, Any]]
    _decisions: dict[int, tuple[Any, Any]]
    seed: int

    def _log_lines(self, seat: int, action: Any, before: Any, after: Any) -> list[dict[str, Any]]:
        raise NotImplementedError  # pragma: no cover - the board's hook

    def _seat_text(self, text: str) -> str:
        return text  # pragma: no cover - the board's hook

    def _to_move(self, state: Any) -> int | None:
        """The seat the board waits for (a bot of a simultaneous step first), ``None`` when over."""
        game = self._adapter
        if game.is_over(state):
            return None
        if game.is_chance(state):
            return game.chance_actor(state)
        actors = game.actors(state)
        if game.is_simultaneous(state):
            waiting_bots = [seat for seat in actors if seat in self._bots]
            if waiting_bots:  # the bots put their choices face down first
                return waiting_bots[0]
        return actors[0] if actors else None

    def _human_seat(self, action: Any) -> int:
        """The seat that plays ``action`` now (the chance actor draws; a named seat plays its own)."""
        game, state = self._adapter, self._state
        if game.is_over(state):
            raise BadIntent("the game is over", "对局已经结束")
        if game.is_chance(state):
            actor = game.chance_actor(state)
            return self._human if actor is None else actor
        named = game.actor_of(action)
        actors = game.actors(state)
        if named is not None and 0 <= named < len(self._names):
            return named
        return actors[0] if actors else self._human

    def _act(self, seat: int, action: Any) -> None:
        """Apply one action of ``seat`` (raises IllegalAction and changes nothing), log it, keep undo."""
        before = self._state
        if isinstance(action, DrawChance):
            after = self._draw_chance(before)
        else:
            after = self._adapter.apply(before, action)
        lines = self._log_lines(seat, action, before, after)
        if seat not in self._bots:
            self._history.append(_Snapshot(before, len(self._entries), self._ply))
        self._state = after
        self._ply += 1
        for line in lines:
            self._entries.append(
                {"seat": seat, "who": self._names[seat], "bot": seat in self._bots, **line}
            )

    def _draw_chance(self, state: Any) -> Any:
        """Sample the outcomes of one chance act (a whole wave) with the board's seeded RNG."""
        game = self._adapter
        if not game.is_chance(state):
            raise BadIntent("nothing is drawn now", "现在不需要抽取")
        key = game.chance_key(state)
        rng = random.Random(f"pokelab.board/{self.seed}/{self._ply if key is None else key}")
        group = game.chance_group(state)
        state = game.apply(state, game.sample_chance(state, rng))
        while group is not None and game.is_chance(state) and game.chance_group(state) == group:
            state = game.apply(state, game.sample_chance(state, rng))
        return state

    def _bot_turn(self) -> bool:
        """Let the bot the board waits for play its turn (then settle); ``False`` if none is to move."""
        game, state = self._adapter, self._state
        seat = self._to_move(state)
        if seat is None or seat not in self._bots:
            return False
        if game.is_chance(state):
            self._act(seat, DrawChance())
        elif game.is_simultaneous(state):
            self._bot_move(seat)
        else:
            for _ in range(MAX_BOT_ACTIONS_PER_TURN):
                self._bot_move(seat)
                if self._to_move(self._state) != seat:
                    break
        self._settle()
        return True

    def _settle(self) -> None:
        """Resolve what needs nobody's click: chance without an actor, bots of a simultaneous step.

        A failing bot does not stop the others of its step; the first failure is raised at the end.
        """
        game = self._adapter
        failures: dict[int, BotFailure] = {}
        for _ in range(10_000):
            state = self._state
            if game.is_over(state):
                break
            if game.is_chance(state):
                if game.chance_actor(state) is not None:
                    break
                self._state = self._draw_chance(state)
                self._ply += 1
                continue
            if not game.is_simultaneous(state):
                break
            waiting = [s for s in game.actors(state) if s in self._bots and s not in failures]
            if not waiting:
                break
            try:
                self._bot_move(waiting[0])
            except BotFailure as failure:
                failures[waiting[0]] = failure
        if failures:
            raise next(iter(failures.values()))

    def _bot_move(self, seat: int) -> None:
        """One decision of the bot of ``seat``; anything wrong with it raises ``BotFailure``."""
        game, state, bot = self._adapter, self._state, self._bots[seat]
        label = bot_label(bot)

        def failed(en: str, zh: str) -> BotFailure:
            return BotFailure(
                seat, self._names[seat], label, self._seat_text(en), self._seat_text(zh)
            )

        legal = game.legal_actions(state, seat)
        rng = random.Random(f"{self.seed}:{self._ply}:{seat}")
        try:
            action = bot.choose(game.observe(state, seat), legal, rng)
        except Exception as err:
            raise failed(
                f"it raised {type(err).__name__}: {_short(err, 160, quote=False)}",
                f"它抛出了 {type(err).__name__}：{_short(err, 160, quote=False)}",
            ) from err
        named = game.actor_of(action)
        if named is not None and named != seat:
            raise failed(
                f"it chose a move for seat {named}, but it plays seat {seat}",
                f"它替座位 {named} 选了动作，但它坐在座位 {seat}",
            )
        if isinstance(action, DrawChance):
            action = None  # only the board draws
        try:
            self._act(seat, action)
        except IllegalAction as err:
            raise failed(
                f"it chose a move the rules forbid ({err.rule}): {err.en}",
                f"它选了不合规则的动作（{err.rule}）：{err.zh}",
            ) from err
        except Exception as err:
            raise failed(
                f"it returned {_short(action)}, which is not a move of this game",
                f"它返回了 {_short(action)}，这不是这个游戏的动作",
            ) from err
        self._decisions[seat] = (state, action)

    def _step(self) -> bool:
        """One bot turn for a ``step``/``retry`` message; a failure is shown and raised."""
        self._failure = None
        try:
            stepped = self._bot_turn()
        except BotFailure as failure:
            self._fail(failure)
            raise
        if stepped:
            self._set_error(None)
            self._publish()
        return stepped


class _BotSeats(MutableMapping[int, Any]):
    """``board.bots``: seat -> bot; assigning a seat replaces its bot (a name or an object)."""

    def __init__(self, board: Any) -> None:
        self._board = board

    def __getitem__(self, seat: int) -> Any:
        return self._board._bots[seat]

    def __setitem__(self, seat: int, spec: Any) -> None:
        self._board.set_bot(seat, spec)

    def __delitem__(self, seat: int) -> None:
        raise ValueError("a bot seat cannot be emptied: replace its bot instead")

    def __iter__(self) -> Iterator[int]:
        return iter(dict(self._board._bots))

    def __len__(self) -> int:
        return len(self._board._bots)

    def __repr__(self) -> str:
        return repr(dict(self._board._bots))
