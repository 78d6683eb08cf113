"""A board's own game: how it records the acts its ``Turns`` give back, shows bot failures, and replays a record.

The other half of ``Board`` beside ``widgets.board.seated.AtTable`` (a seat at a shared table): here the
board holds the state and steps it — a person's move applied by the engine through the ``Turns``
(``widgets.board.turns``), what follows (chance, bots) stepped by the ``Stepper`` — and keeps undo
and the move log. ``from_record`` shows a finished bots' game the same way.

>>> from pokelab.sim import play
>>> from widgets.splendor.board import SplendorBoard
>>> record = play("splendor", ["random", "random"], seed=3)
>>> board = SplendorBoard.from_record(record, lang="en")
>>> board.view["humans"], board.view["over"], len(board.log) > 10
([], True, True)
>>> SplendorBoard.from_record("not a record")
Traceback (most recent call last):
...
TypeError: from_record expects a pokelab.sim GameRecord, got str
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pokelab.core.stepper import BotError, Step
from pokelab.sim.record import GameRecord
from widgets._words import shown
from widgets.board.bots import PlayedElsewhere, recorded_bot
from widgets.board.errors import BotFailure
from widgets.board.turns import DrawChance, Snapshot

__all__ = ["OwnGame"]


class OwnGame:
    """The own-game half of ``Board``: recording acts, failures, resets and replays (the state is the board's)."""

    @classmethod
    def from_record(cls, record: GameRecord, **options: Any) -> Any:
        """A board showing a finished bots' game (``pokelab.sim.play``): its last position, each seat
        played by the bot the record names (none of them "you"), and the game's moves in the move list.

        ``options`` are those of the board's ``from_state`` except ``bots`` (the record seats them).
        """
        if not isinstance(record, GameRecord):
            raise TypeError(f"from_record expects a pokelab.sim GameRecord, got {type(record).__name__}")
        rules = getattr(cls, "game_class", None)  # the boards of one game say which (SplendorBoard, HereComesBoard)
        if rules is None or record.game != rules.name:
            raise ValueError(f"a {cls.__name__} cannot show a record of {record.game!r}")
        if "bots" in options:
            raise TypeError("from_record seats the record's bots; do not pass bots")
        final = record.final_state if record.final_state is not None else record.replay()
        seats = {seat: recorded_bot(record.game, name) for seat, name in enumerate(record.bots)}
        if not rules().is_over(final) and any(isinstance(bot, PlayedElsewhere) for bot in seats.values()):
            raise ValueError("this record's game is not over and a seat's bot played from its author's notebook: "
                             "a board replays it once the game has ended")
        board = cls.from_state(final, bots=seats, **options)  # type: ignore[attr-defined]
        board._show_record(record)
        return board

    def _act(self, seat: int, action: Any, *, after: Any = None) -> None:
        """Apply one action of ``seat`` (``after``: the state the turns computed), log it, keep undo; IllegalAction changes nothing."""
        before = self._state
        if after is None:
            after = self._turns.after(before, action, self._ply)
        lines = self._worded(seat, action, before, after)
        if seat not in self._bots:
            self._history.append(Snapshot(before, len(self._entries), self._ply))
        self._state = after
        self._ply += 1
        self._entries.extend(lines)

    def _worded(self, seat: int, action: Any, before: Any, after: Any) -> list[dict[str, Any]]:
        """The log entries of ``seat`` playing ``action``; a line that cannot be worded fails here, not when it is shown."""
        lines = self._log_lines(seat, action, before, after)
        for line in lines:
            shown(line["text"], "en")
        return [{"seat": seat, "who": self._names[seat], "bot": seat in self._bots, **line} for line in lines]

    def _show_record(self, record: GameRecord) -> None:
        """Fill the move list with a finished record's moves, as the board logs a game it plays (issue 42).

        A chance outcome the board lets a seat draw (``chance_actor``) is logged as that seat's draw, one
        line for the outcomes drawn together (``chance_group``: a whole wave); one nobody draws is not logged.
        """
        rules, actions = self._game, record.actions
        states = list(record.states())  # states[i] is the position before actions[i]
        entries: list[dict[str, Any]] = []
        i = 0
        while i < len(actions):
            seat, action = actions[i]
            if seat is not None:
                entries += self._worded(seat, action, states[i], states[i + 1])
                i += 1
                continue
            group, end = rules.chance_group(states[i]), i + 1
            while group is not None and end < len(actions) and actions[end][0] is None and rules.chance_group(states[end]) == group:
                end += 1
            actor = rules.chance_actor(states[i])
            if actor is not None:
                entries += self._worded(actor, DrawChance(), states[i], states[end])
            i = end
        self._entries[:] = entries
        self._ply = len(actions)
        self._publish()

    def _take(self, events: Iterable[Step | BotError]) -> None:
        """Record the acts the turns give back (a bot's also for a teacher's view); raise the first bot failure last."""
        failures: list[BotFailure] = []
        for event in events:
            seat, action = event.seat, event.action
            if isinstance(event, BotError):
                failures.append(self._turns.failure(event))
            elif seat is None:  # chance nobody clicks
                self._state, self._ply = event.after, event.ply + 1
            elif isinstance(action, DrawChance):
                self._act(seat, action, after=event.after)
            else:
                try:
                    self._act(seat, action, after=event.after)
                except Exception as err:  # its log line could not be written: not a move of this game
                    raise self._turns.failure(BotError(seat, action, "move", err)) from err
                self._decisions[seat] = (event.before, action)
        if failures:
            raise failures[0]

    def _settle_and_publish(self, *, raise_failure: bool = True) -> None:
        """Play what needs nobody's click, then show the board once.

        With ``bot_delay`` 0 nobody watches each bot turn, so the bots of a sequential game reply
        here too, in the same round trip as the move before them, until a person must act.
        """
        self._failure = None
        try:
            self._take(self._turns.settle(self._state, self._ply))
            while self.bot_delay == 0 and self._ready:
                seat = self._turns.to_move(self._state)
                if seat is None or seat not in self._bots:
                    break
                self._take(self._turns.bot_turn(self._state, self._ply, seat))
        except BotFailure as failure:
            self._fail(failure)
            if raise_failure:
                raise
            return
        self._publish()

    def _fail(self, failure: BotFailure) -> None:
        """Show a bot failure: the state so far, its view and the reason, in one batch."""
        self._failure = failure
        with self.hold_sync():
            self._publish()
            self._reject(failure)

    def _reset(self, state: Any, seed: int) -> None:
        self._state, self._ply = state, 0
        self._history.clear()
        self._entries.clear()
        self._decisions.clear()
        with self.hold_sync():
            self.seed = seed
            self._set_error(None)
            self._settle_and_publish(raise_failure=False)
