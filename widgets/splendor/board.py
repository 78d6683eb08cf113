"""The Splendor: Pokémon board: play against bots in a notebook, in English or Chinese.

The board draws ``pokelab.splendor.observe(state, you)`` and sends what you click
back to Python, where the engine decides; an illegal attempt shows the rule's
reason. Bots take their turns by themselves, one visible step at a time.

>>> board = SplendorBoard(players=["You", "Greedy"], bots={1: "greedy"}, lang="zh", seed=3)
>>> board.view["supply"]["master"], len(board.view["display"]), board.lang
(5, 4, 'zh')
>>> from pokelab import splendor as sp
>>> lesson = sp.scenario(["Ash", "Misty"], tokens={0: {"red": 3, "blue": 2}, 1: {"red": 2}})
>>> board = SplendorBoard.from_state(lesson, bots={1: "random"})
>>> board.play(sp.TakeSame("red"))
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [SP-A2] ...
>>> board.play("TakeDifferent(green, yellow, black)")
>>> board.state.players[0].token_count, board.view["to_move"]
(8, 1)
>>> board.run_bots(), board.state.current_player
(1, 0)
>>> SplendorBoard(players=["Solo"])
Traceback (most recent call last):
...
pokelab.errors.InputError: ...2 to 4 players...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

import traitlets

from pokelab import splendor as sp
from pokelab.splendor.game import SplendorGame
from pokelab.words import _, check_lang, rendered
from widgets._bundle import bundle, esm
from widgets._words import Said
from widgets.board.base import Board
from widgets.board.humans import split_seats
from widgets.board.seated import named_players
from widgets.splendor.coach import CoachSettings, Position, SplendorCoach
from widgets.splendor.coach_jobs import seated_policies
from widgets.splendor.intent import parse_intent
from widgets.splendor.view import board_view

__all__ = ["SplendorBoard", "seat_names"]

_DEFAULT = object()


def seat_names(players: int | Sequence[str] | None, lang: str) -> list[str] | int:
    """The players' names: those given, else "You" and "Greedy" (a count: "Player 1", ...) in ``lang``.

    >>> seat_names(None, "zh"), seat_names(3, "en"), seat_names(["Ann", "Bo"], "zh")
    (['你', '贪心'], ['Player 1', 'Player 2', 'Player 3'], ['Ann', 'Bo'])
    >>> seat_names(True, "en")
    Traceback (most recent call last):
    ...
    ValueError: players is a list of names or a count (2 to 4 players), not True
    """
    check_lang(lang)
    if players is None:
        return [_("You").render(lang), _("Greedy").render(lang)]
    if isinstance(players, bool):
        raise ValueError(f"players is a list of names or a count (2 to 4 players), not {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 4:
            return players  # the engine explains the count
        return [_("Player {n}", n=seat + 1).render(lang) for seat in range(players)]
    return list(players)


class SplendorBoard(Board):
    """An interactive Splendor: Pokémon table (anywidget).

    ``players`` is a list of names (2–4) or a count; ``bots`` maps seat → bot name
    (``"random"``, ``"greedy"``, ``"mcts-easy"`` …) or bot object — by default every
    seat but the first is played by ``"greedy"``; ``bots={}`` makes a hot-seat game, and
    ``humans=[0, 1]`` seats people at those seats (pass-and-play) with bots on the rest.
    ``human`` is the seat whose view is shown when a bot is to move (default: the
    first seat without a bot). ``lang`` is ``"en"`` or ``"zh"``; ``seed`` makes the
    game repeatable; ``variant`` is a ``pokelab.splendor.Variant``; ``bot_delay``
    is the pause, in milliseconds, before each bot turn is shown. ``odds=True`` adds
    the live win chances, the win-probability line and card odds; ``coach=True`` the
    Suggest and Review buttons (both off by default, and ``board.odds_on`` /
    ``board.coach_on`` switch them for an assessment). The coach is a component the
    board owns (``widgets.splendor.coach.SplendorCoach``): the board tells it each
    move and each view it publishes, and shows what it sends in the ``coach`` trait;
    ``odds_playouts``, ``line_playouts``, ``coach_level``, ``review_playouts`` and
    ``coach_processes`` are its settings (``CoachSettings``).

    On screen the page asks for each bot turn in turn; without a page (a script, or
    a notebook run by nbval) call ``board.run_bots()`` to let the bots move.
    ``board.state`` is the engine state; ``board.play(action)`` makes a move from code.
    """

    #: The rules this board plays (its ``name`` is what a record of its games says).
    game_class = SplendorGame


    _esm = esm("splendor")  # built from widgets/js/splendor/ (the board and its coach panel)
    _css = bundle("splendor.css", "splendor_coach.css")

    #: The coach panel's data (``SplendorCoach.publish``), and its two switches (the page may flip them).
    coach = traitlets.Dict().tag(sync=True)
    odds_on = traitlets.Bool(False).tag(sync=True)
    coach_on = traitlets.Bool(False).tag(sync=True)
    #: The coach's settings (the kernel's choice only: not synced); see ``CoachSettings``.
    odds_playouts = traitlets.Int(CoachSettings.odds_playouts)
    line_playouts = traitlets.Int(CoachSettings.line_playouts)
    coach_level = traitlets.Unicode(CoachSettings.coach_level)
    review_playouts = traitlets.Int(CoachSettings.review_playouts)
    coach_processes = traitlets.Bool(CoachSettings.coach_processes)

    def __init__(
        self,
        players: int | Sequence[str] | None = None,
        *,
        bots: Mapping[int, Any] | object | None = _DEFAULT,
        human: int | None = None,
        lang: str = "en",
        seed: int = 0,
        variant: sp.Variant | None = None,
        bot_delay: int = 450,
        odds: bool = False,
        coach: bool = False,
        humans: Sequence[int] | None = None,
        _state: sp.State | None = None,
    ) -> None:
        if isinstance(players, str):
            raise ValueError("players is a list of names or a count (2 to 4 players), not a string")
        self._coach = SplendorCoach(self._show_coach, odds=odds, coach=coach)
        state = _state if _state is not None else sp.new_game(seat_names(players, lang), seed=seed, variant=variant)
        names = [p.name for p in state.players]
        if humans is not None:  # pass-and-play: these seats are people, "greedy" plays the rest
            _, bots = split_seats(humans, None if bots is _DEFAULT else bots, len(names), lambda _: "greedy")  # type: ignore[arg-type]
        elif bots is _DEFAULT:
            bots = {seat: "greedy" for seat in range(1, len(names))}
        super().__init__(
            self.game_class(),
            state,
            names=names,
            bots=bots,  # type: ignore[arg-type]
            human=human,
            lang=lang,
            seed=seed,
            bot_delay=bot_delay,
            options={"variant": variant or state.variant},
        )
        self.odds_on, self.coach_on = odds, coach
        self.observe(self._coach_switched, names=["odds_on", "coach_on"])
        self.observe(self._coach_setting, names=[f.name for f in fields(CoachSettings)])
        self._start()

    @classmethod
    def from_state(cls, state: sp.State, **options: Any) -> SplendorBoard:
        """A board showing a prepared position (for example ``sp.scenario(...)``).

        ``options`` are those of the constructor except ``players`` (the state names
        them); "new game" afterwards deals a fresh game for the same players.

        >>> SplendorBoard.from_state("not a state")
        Traceback (most recent call last):
        ...
        TypeError: from_state expects a pokelab.splendor State, got str
        """
        if not isinstance(state, sp.State):
            raise TypeError(
                f"from_state expects a pokelab.splendor State, got {type(state).__name__}"
            )
        if "players" in options:
            raise TypeError("from_state takes the players from the state; do not pass players")
        options.setdefault("seed", state.seed)
        options.setdefault("variant", state.variant)
        return cls([p.name for p in state.players], _state=state, **options)

    def play(self, action: Any) -> None:
        """Apply ``action`` (an action object or its text, e.g. ``"TakeSame(red)"``) and show it.

        Raises ``IllegalAction`` with the rule when the engine refuses it.
        """
        if isinstance(action, str):
            action = sp.parse_action(action)
        if not isinstance(action, sp.ACTION_TYPES):
            raise TypeError(
                f"play expects a pokelab.splendor action (or parse_action text), got {action!r}"
            )
        super().play(action)

    # ----------------------------------------------------------------- the coach
    @property
    def coach_stats(self) -> dict[str, int]:
        """The coach's counts: playout ``chunks`` computed, results ``dropped`` (their position had gone)."""
        return self._coach.stats

    def wait_coach(self, timeout: float = 60.0) -> bool:
        """Wait until the coach's background playouts are done (True) or ``timeout`` seconds pass (False).

        For scripts and tests; the page never waits.
        """
        return self._coach.wait(timeout)

    def close(self) -> None:
        """Stop the coach's background thread and close the widget."""
        coach = self.__dict__.get("_coach")  # absent: the constructor failed before the coach
        if coach is not None:
            coach.close()
        super().close()

    def handle_message(self, content: Any) -> dict[str, Any]:
        """Answer one front-end message (the coach's own, or the board's) under the coach's lock."""
        with self._coach.lock:
            return super().handle_message(content)

    def _show_coach(self, data: dict[str, Any]) -> None:
        self.coach = data

    def _coach_switched(self, _change: Mapping[str, Any]) -> None:
        self._coach.switch(odds=self.odds_on, coach=self.coach_on)

    def _coach_setting(self, change: Mapping[str, Any]) -> None:
        setattr(self._coach.settings, change["name"], change["new"])

    # ----------------------------------------------------------------- hooks
    def _more_handlers(self) -> dict[str, Any]:
        return self._coach.handlers()

    def _act(self, seat: int, action: Any, *, after: Any = None) -> None:
        before = self._state
        super()._act(seat, action, after=after)
        self._coach.moved(self._ply - 1, seat, action, before, self._state)

    def _seated(self) -> None:
        self._coach = SplendorCoach(self._show_coach, odds=False, coach=False)  # a table seat has no coach

    def _publish(self) -> None:
        if not self._ready:
            return
        with self._coach.lock:
            super()._publish()
            if self.at_table:
                return
            people = tuple(seat for seat in range(len(self._names)) if seat not in self._bots)
            seated = seated_policies(len(self._names), self._bots)
            self._coach.update(
                Position(self._state, self._ply, self._human, people, self.seed, self.revision, self.lang, seated)
            )

    def _log_lines(self, seat: int, action: Any, before: Any, after: Any) -> list[dict[str, Any]]:
        return [{"text": Said(action.describe)}]

    def _viewer(self, state: sp.State) -> int:
        """Whose eyes the board shows: the human to move (hot seat), else the main human."""
        seat = self._turns.to_move(state)
        return seat if seat is not None and seat not in self._bots else self._human

    def _make_view(self, state: sp.State) -> dict[str, Any]:
        viewer = self._viewer(state)
        mover = not state.is_over and viewer == state.current_player
        legal = self._turns.legal(state, viewer) if mover else []
        return board_view(sp.observe(state, viewer, legal=legal if mover else None), legal, self.lang)

    def _parse_intent(self, action: Any) -> Any:
        return parse_intent(action)

    def _table_view(self, seen: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
        observation = named_players(rendered(seen["observation"], self.lang), names)
        legal = [sp.parse_action(text) for text in observation["legal"]]
        return board_view(observation, legal, self.lang)


