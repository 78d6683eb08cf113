"""How a board plays its game: whose move it waits for, chance, simultaneous bots, bot turns.

``Board`` (``widgets.board.base``) owns a ``Turns``: built over the board's game, its
seat -> bot mapping and its seed, it steps the game with the one
``pokelab.core.Stepper`` (``Seeding.board(seed)``) and reads nothing of the board.
Each call takes a state and the act's number and gives the acts back as
``Step`` values (the bots' failures as ``BotError``) for the board to record; a
state it is given is never changed. Chance nodes are sampled from the game's
explicit outcomes with the board's seeded RNG (one act draws a whole
``chance_group``); the bots of a simultaneous step choose at once; a bot of a
sequential game plays its whole turn per ``bot_turn``.

>>> from pokelab.toy import ToyGame
>>> from pokelab.bots.random_bot import RandomBot
>>> game = ToyGame()
>>> turns = Turns(game, {1: RandomBot()}, seed=3)
>>> state = game.new_game(2, 3, {})
>>> turns.to_move(state) == game.chance_actor(state), str(DrawChance())
(True, 'DrawChance')
>>> list(turns.bot_turn(state, 0, seat=7))
Traceback (most recent call last):
...
ValueError: seat 7 is not played by a bot; bot seats are [1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokelab.core.game import Game
from pokelab.core.stepper import BotError, Seeding, Step, Stepper
from pokelab.core.texts import player_name
from pokelab.errors import IllegalAction
from pokelab.words import Text, _
from widgets._words import Said
from widgets.board.bots import bot_label
from widgets.board.errors import BadIntent, BotFailure, _short

__all__ = ["MAX_BOT_ACTIONS_PER_TURN", "BotSeats", "DrawChance", "Snapshot", "Turns", "bot_failure"]

#: Most actions one bot may take in a single turn before the board stops it.
MAX_BOT_ACTIONS_PER_TURN = 40


@dataclass(frozen=True, slots=True)
class DrawChance:
    """The chance actor's act at a chance node: the board samples the outcomes with its seeded RNG."""

    def __str__(self) -> str:
        return "DrawChance"


@dataclass(frozen=True)
class Snapshot:
    """What undo restores: the engine state, how long the log was, the move count."""

    state: Any
    log_len: int
    ply: int


class Turns:
    """The turn stepping of one board (a component the board owns): whose move, chance, the bots' acts.

    ``bots`` is the board's own seat -> bot mapping (a replaced bot plays the next
    act); ``seed`` the board's seed (``reseed`` when it changes); ``names`` the
    players' and ``blank`` what hides from a failure's text what the human's seat
    may not know. The legal actions of a state are computed once (a publish and
    the next bot act share them).
    """

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Any],
        seed: int,
        *,
        names: Sequence[str] = (),
        blank: Callable[[str], str] | None = None,
    ) -> None:
        self.game, self.bots, self.names, self.blank = game, bots, names, blank
        self._legal_memo: tuple[Any, dict[int, list[Any]]] = (None, {})
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        """Step with ``seed`` from now on (checked: a bot's mistake is a ``BotError``)."""
        game = self.game
        self._stepper = Stepper(game, self.bots, Seeding.board(seed), view=game.observe, checked=True)

    def to_move(self, state: Any) -> int | None:
        """The seat the board waits for (a bot of a simultaneous step first), ``None`` when over."""
        game = self.game
        if game.is_over(state):
            return None
        if game.is_chance(state):
            return game.chance_actor(state)
        actors = game.actors(state)
        if game.is_simultaneous(state):
            waiting_bots = [seat for seat in actors if seat in self.bots]
            if waiting_bots:  # the bots put their choices face down first
                return waiting_bots[0]
        return actors[0] if actors else None

    def seat_of(self, state: Any, action: Any, human: int, players: int) -> int:
        """The seat that plays ``action`` at ``state`` (the chance actor draws; a named seat plays its own).

        ``human`` when nobody else is named; ``BadIntent`` when the game is over.
        """
        game = self.game
        if game.is_over(state):
            raise BadIntent(_("the game is over"))
        if game.is_chance(state):
            actor = game.chance_actor(state)
            return human if actor is None else actor
        named = game.actor_of(action)
        actors = game.actors(state)
        if named is not None and 0 <= named < players:
            return named
        return actors[0] if actors else human

    def legal(self, state: Any, seat: int) -> list[Any]:
        """The legal actions of ``seat`` at ``state``, computed once per state."""
        memo_state, memo = self._legal_memo
        if memo_state is not state:
            memo = {}
            self._legal_memo = (state, memo)
        found = memo.get(seat)
        if found is None:
            found = memo[seat] = self.game.legal_actions(state, seat)
        return found

    def after(self, state: Any, action: Any, ply: int) -> Any:
        """The state after ``action`` (a ``DrawChance`` draws act ``ply``'s outcomes); raises ``IllegalAction``."""
        if not isinstance(action, DrawChance):
            return self.game.apply(state, action)
        if not self.game.is_chance(state):
            raise BadIntent(_("nothing is drawn now"))
        return self._stepper.draw(state, ply, group=True).after

    def bot_turn(self, state: Any, ply: int, seat: int) -> Iterator[Step | BotError]:
        """The acts of the bot of ``seat`` whose turn it is (a draw, one face-down choice, or its whole turn), then ``settle``'s.

        Each ``Step`` follows the one before (a draw's ``action`` is ``DrawChance()``);
        a bad decision is the last item, its ``BotError``.
        """
        if seat not in self.bots:
            raise ValueError(f"seat {seat} is not played by a bot; bot seats are {sorted(self.bots)}")
        game = self.game
        if game.is_chance(state):
            step = Step(seat, DrawChance(), state, self.after(state, DrawChance(), ply), ply)
            yield step
            state, ply = step.after, ply + 1
        else:
            for _ in range(1 if game.is_simultaneous(state) else MAX_BOT_ACTIONS_PER_TURN):
                try:
                    step = self._stepper.bot_step(state, seat, ply, list(self.legal(state, seat)))
                except BotError as err:
                    yield err
                    return
                yield step
                state, ply = step.after, ply + 1
                if self.to_move(state) != seat:
                    break
        yield from self.settle(state, ply)

    def settle(self, state: Any, ply: int) -> Iterator[Step | BotError]:
        """What needs nobody's click: chance without an actor (``seat`` ``None``), bots of a simultaneous step.

        A failing bot (its ``BotError``) does not stop the others of its step.
        """
        game = self.game
        failed: set[int] = set()
        while True:
            try:
                for step in self._stepper.run(
                    state,
                    ply,
                    draws=lambda s: game.chance_actor(s) is None,
                    group=True,
                    only_simultaneous=True,
                    skip=failed,
                    max_steps=10_000,
                ):
                    yield step
                    state, ply = step.after, step.ply + 1
                return
            except BotError as err:
                failed.add(err.seat)
                yield err


    def failure(self, err: BotError) -> BotFailure:
        """The ``BotFailure`` a board shows for a stepper's ``BotError``."""
        return bot_failure(err, self.game, self.bots[err.seat], self.names[err.seat], self.blank)


def bot_failure(
    err: BotError, game: Game, bot: Any, name: str, blank: Callable[[str], str] | None = None
) -> BotFailure:
    """The ``BotFailure`` a board shows for a stepper's ``BotError`` (``bot`` and ``name`` are its seat's).

    ``blank`` hides from the shown text what the human's seat may not know.
    """
    seat, action, cause = err.seat, err.action, err.cause
    why: Text | Said
    if err.stage == "choose":
        why = _("it raised {error}: {detail}", error=type(cause).__name__, detail=_short(cause, 160, quote=False))
    elif err.stage == "seat":
        named = game.actor_of(action)
        why = _("it chose a move for {named}, but it plays {seat}",
                named=player_name(named) if named is not None and named >= 0 else repr(named), seat=player_name(seat))
    elif isinstance(cause, IllegalAction):
        forbidden = cause

        def why_forbidden(lang: str) -> str:
            return _("it chose a move the rules forbid ({rule}): {reason}", rule=forbidden.rule, reason=forbidden.message(lang)).render(lang)

        why = Said(why_forbidden)
    else:
        why = _("it returned {action}, which is not a move of this game", action=_short(action))
    return BotFailure(seat, name, bot_label(bot), why, blank=blank)


class BotSeats(MutableMapping[int, Any]):
    """``board.bots``: seat -> bot; assigning a seat replaces its bot (through ``set_bot``)."""

    def __init__(self, bots: Mapping[int, Any], set_bot: Callable[[int, Any], None]) -> None:
        self._bots, self._set_bot = bots, set_bot

    def __getitem__(self, seat: int) -> Any:
        return self._bots[seat]

    def __setitem__(self, seat: int, spec: Any) -> None:
        self._set_bot(seat, spec)

    def __delitem__(self, seat: int) -> None:
        raise ValueError("a bot seat cannot be emptied: replace its bot instead")

    def __iter__(self) -> Iterator[int]:
        return iter(dict(self._bots))

    def __len__(self) -> int:
        return len(self._bots)

    def __repr__(self) -> str:
        return repr(dict(self._bots))
