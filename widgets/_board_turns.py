"""How a board plays its game: whose move it waits for, chance, simultaneous bots, bot turns.

``Board`` (``widgets._board``) inherits these from ``_Turns``; the game is stepped
by the one ``pokelab.core.Stepper`` with ``Seeding.board(seed)``. Chance nodes are
sampled from the game's explicit outcomes with the board's seeded RNG (one act
draws a whole ``chance_group``); the bots of a simultaneous step choose at once;
a bot of a sequential game plays its whole turn per ``step``. Anything wrong with
a bot's decision raises ``BotFailure`` and leaves the state as it was before that decision.

>>> str(DrawChance())
'DrawChance'
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from typing import Any

from pokelab.core.game import Game
from pokelab.core.stepper import BotError, Seeding, Step, Stepper
from pokelab.errors import IllegalAction
from pokelab.words import Text, _
from widgets._board_errors import BadIntent, BotFailure, _short
from widgets._bots import bot_label
from widgets._words import Said, shown

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

    _adapter: Game
    _bots: dict[int, Any]
    _names: list[str]
    _human: int
    _state: Any
    _ply: int
    _history: list[_Snapshot]
    _entries: list[dict[str, Any]]
    _decisions: dict[int, tuple[Any, Any]]
    _legal_memo: tuple[Any, dict[int, list[Any]]] = (None, {})
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
            raise BadIntent(_("the game is over"))
        if game.is_chance(state):
            actor = game.chance_actor(state)
            return self._human if actor is None else actor
        named = game.actor_of(action)
        actors = game.actors(state)
        if named is not None and 0 <= named < len(self._names):
            return named
        return actors[0] if actors else self._human

    def _act(self, seat: int, action: Any, *, after: Any = None) -> None:
        """Apply one action of ``seat`` (raises IllegalAction and changes nothing), log it, keep undo.

        ``after``: the state the stepper already computed for it.
        """
        before = self._state
        if after is None:
            after = (
                self._draw_chance(before)
                if isinstance(action, DrawChance)
                else self._adapter.apply(before, action)
            )
        lines = self._log_lines(seat, action, before, after)
        for line in lines:  # a line that cannot be worded fails here, not when it is shown
            shown(line["text"], "en")
        if seat not in self._bots:
            self._history.append(_Snapshot(before, len(self._entries), self._ply))
        self._state = after
        self._ply += 1
        for line in lines:
            self._entries.append(
                {"seat": seat, "who": self._names[seat], "bot": seat in self._bots, **line}
            )

    def _legal(self, state: Any, seat: int) -> list[Any]:
        """The legal actions of ``seat`` at ``state``, computed once per state (a publish and the next bot step share them)."""
        memo_state, memo = self._legal_memo
        if memo_state is not state:
            memo = {}
            self._legal_memo = (state, memo)
        found = memo.get(seat)
        if found is None:
            found = memo[seat] = self._adapter.legal_actions(state, seat)
        return found

    def _stepper(self) -> Stepper:
        """The one stepper over this board's game, bots and seed (checked: a bot's mistake is a ``BotError``)."""
        game = self._adapter
        return Stepper(game, self._bots, Seeding.board(self.seed), view=game.observe, checked=True)

    def _draw_chance(self, state: Any) -> Any:
        """Sample the outcomes of one chance act (a whole wave) with the board's seeded RNG."""
        if not self._adapter.is_chance(state):
            raise BadIntent(_("nothing is drawn now"))
        return self._stepper().draw(state, self._ply, group=True).after

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
        stepper = self._stepper()
        failures: dict[int, BotFailure] = {}
        while True:
            steps = stepper.run(
                self._state,
                self._ply,
                draws=lambda state: game.chance_actor(state) is None,
                group=True,
                only_simultaneous=True,
                skip=set(failures),
                max_steps=10_000,
            )
            try:
                for step in steps:
                    if step.seat is None:
                        self._state, self._ply = step.after, step.ply + 1
                    else:
                        self._record(step)
                break
            except BotError as err:
                failures[err.seat] = self._failure_of(err)
        if failures:
            raise next(iter(failures.values()))

    def _bot_move(self, seat: int) -> None:
        """One decision of the bot of ``seat``; anything wrong with it raises ``BotFailure``."""
        try:
            state = self._state
            step = self._stepper().bot_step(state, seat, self._ply, list(self._legal(state, seat)))
        except BotError as err:
            raise self._failure_of(err) from err
        self._record(step)

    def _record(self, step: Step) -> None:
        """Keep a bot's played decision: its log lines, the state, and the decision for a teacher's view."""
        seat = step.seat
        assert seat is not None
        try:
            self._act(seat, step.action, after=step.after)
        except Exception as err:  # its log line could not be written: not a move of this game
            raise self._failure_of(BotError(seat, step.action, "move", err)) from err
        self._decisions[seat] = (step.before, step.action)

    def _failure_of(self, err: BotError) -> BotFailure:
        """The ``BotFailure`` a board shows for a stepper's ``BotError``."""
        seat, action, cause = err.seat, err.action, err.cause
        why: Text | Said
        if err.stage == "choose":
            why = _("it raised {error}: {detail}", error=type(cause).__name__, detail=_short(cause, 160, quote=False))
        elif err.stage == "seat":
            why = _("it chose a move for seat {named}, but it plays seat {seat}", named=self._adapter.actor_of(action), seat=seat)
        elif isinstance(cause, IllegalAction):
            forbidden = cause

            def why_forbidden(lang: str) -> str:
                return _("it chose a move the rules forbid ({rule}): {reason}", rule=forbidden.rule, reason=forbidden.message(lang)).render(lang)

            why = Said(why_forbidden)
        else:
            why = _("it returned {action}, which is not a move of this game", action=_short(action))
        label = bot_label(self._bots[seat])
        return BotFailure(seat, self._names[seat], label, why, blank=self._seat_text)

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
