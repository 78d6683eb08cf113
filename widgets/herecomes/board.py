"""The Here Comes Pokémon! board: a playable round with the exact odds of your hand beside it.

A thin view of ``pokelab.herecomes`` (the rules, played through
``pokelab.herecomes.game.HereComesGame``) and ``widgets.herecomes.hand`` (the odds of your
hand), built on ``widgets.board.base.Board`` and its message protocol. The front end
(``widgets/js/herecomes/``) draws the ``view`` trait, with every word it shows in
``view["labels"]`` (``widgets.herecomes.text``), and the plotly figure in
``figure``; it sends intents (``{"kind": "draw"}``, ``{"kind": "discard", "card":
"G13"}``, ``{"kind": "vote", "agree": true}``, ``{"kind": "keep", "card": ...}``,
``{"kind": "trainer", "power": ..., "target": ...}``) that Python checks with the engine.

How the board plays the table's part:

- chance: the leader draws each wave. A human leader clicks "draw the next
  wave"; a bot leader's wave is drawn when the front end asks the bot to move.
  The tokens come from the game's explicit outcomes with the board's seeded
  generator (same board seed, same tokens; undo and replay give the same wave);
- simultaneous steps (discards, the redraw vote, keeping a card): every bot
  chooses at once from its own view; the engine keeps all choices face down
  until the last one is in, so a bot's choice appears only then;
- what you see (HC-G3): the view is ``observe(state, you)``; the log says only
  what that view may know — your own moves in full, the others' choices face
  down, and their trainers' uses as the engine reveals them (a Misty extra
  discard at the reveal). Any other text shown to you (a bot's failure) has the
  cards you may not know blanked out;
- the odds: ``hand_odds(state, seat)`` — each card's exact chance and expected
  points, one wave earlier, and after a redraw of the last token.

>>> from pokelab.herecomes import TARGETS, scenario
>>> from pokelab.odds import probability
>>> s = scenario(["You", "Bot"], hands={0: ["G01", "G13", "P01", "O01", "L01"]}, trainers=False)
>>> board = HereComesBoard.from_state(s, bots={1: "random"}, lang="en")
>>> board.play({"kind": "draw"})                     # the leader (seat 0) draws wave 1
>>> len(board.state.tokens), board.state.phase
(4, 'discard')
>>> [round(r["p_float"], 3) for r in board.odds] == [
...     round(float(probability(TARGETS[c], shown=board.state.tokens)), 3) for c in board.state.hands[0]]
True
>>> board.play({"kind": "vote", "agree": True})
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [HC-R4] No redraw vote now: the players are discarding.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

import traitlets

from pokelab.analysis.herecomes_coach import RoundReview, review_discards
from pokelab.herecomes import (
    COLOURS,
    WAVES,
    Draw,
    State,
    new_game,
    observe,
    parse_action,
)
from pokelab.herecomes.game import HereComesGame
from pokelab.words import _, check_lang, languages, rendered
from widgets._bundle import bundle, esm
from widgets._plotly_js import is_plotly_request, plotly_js_reply
from widgets._words import shown
from widgets.board.base import Board
from widgets.board.bots import seat_bot
from widgets.board.humans import split_seats
from widgets.board.log import log_line
from widgets.board.table import refuse_draw_at_table
from widgets.board.turns import DrawChance
from widgets.herecomes.coach import coach_view
from widgets.herecomes.curtain import PassAndPlay, curtain_view
from widgets.herecomes.figure import odds_figure
from widgets.herecomes.hand import advice_for, hand_odds, kept_hand_value
from widgets.herecomes.intent import board_intent
from widgets.herecomes.log import log_lines
from widgets.herecomes.round import round_end, this_round_only
from widgets.herecomes.seat import _unique_names, blank_unknown_cards, card_ids_in
from widgets.herecomes.seat_view import seat_move_text, seat_view
from widgets.herecomes.teacher import teacher_view
from widgets.herecomes.text import labels, page_hc, trainer_actions
from widgets.tokens import view_marks

__all__ = ["HereComesBoard"]

_DEFAULT_BOTS = ("expected-points", "heuristic", "heuristic")


class HereComesBoard(Board):
    """A playable Here Comes Pokémon! board with the live odds of your hand (see the module docstring).

    ``players``: 1–4 names (the first seat without a bot is you); ``bots``: seat ->
    registered bot name or bot object (default: every other seat, ``expected-points`` then
    ``heuristic``); ``show_odds``: the odds figure beside the hand; ``advisor``: the
    best discard and the cost of every choice; ``monte_carlo``: a simulated estimate
    over each exact chance; ``teacher``: reveal every hand, the face-down choices and
    the bots' reasoning. ``bag``/``trainers``/``variant`` go to ``pokelab.herecomes.new_game``.
    """

    #: The rules this board plays (its ``name`` is what a record of its games says).
    game_class = HereComesGame


    _esm = esm("herecomes_board")  # built from widgets/js/herecomes/ (with the shared plotly.js loader)
    _css = bundle("herecomes_board.css")

    #: The plotly figure of the odds (``{"data", "layout"}``), ``{}`` when odds are hidden.
    figure = traitlets.Dict().tag(sync=True)
    show_odds = traitlets.Bool(True).tag(sync=True)
    advisor = traitlets.Bool(False).tag(sync=True)
    monte_carlo = traitlets.Bool(False).tag(sync=True)
    #: Simulated rounds per Monte Carlo estimate.
    mc_samples = traitlets.Int(4000).tag(sync=True)
    #: Every hand on screen: the kernel's choice only (not synced, so nothing the page sends can set it).
    teacher = traitlets.Bool(False)

    def __init__(
        self,
        players: Sequence[str] | None = None,
        bots: Mapping[int, Any] | None = None,
        lang: str = "zh",
        seed: int = 1,
        show_odds: bool = True,
        teacher: bool = False,
        *,
        advisor: bool = False,
        monte_carlo: bool = False,
        bag: Mapping[str, int] | None = None,
        trainers: bool = True,
        variant: Any = None,
        bot_delay: int = 450,
        state: State | None = None,
        humans: Sequence[int] | None = None,
    ) -> None:
        check_lang(lang)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a whole number ≥ 0, not {seed!r}")
        if state is None:
            if players is None:  # "You" and two bots, in the board's language
                players = [_("You").render(lang), _("Bot").render(lang), _("Bot").render(lang)]
            names = _unique_names(players)
            state = new_game(names, seed=seed, bag=bag, trainers=trainers, variant=variant)
        elif not isinstance(state, State):
            raise ValueError(f"state must be a Here Comes Pokémon! State, got {type(state).__name__}")
        names = list(state.setup.names)
        people, bots = split_seats(humans, bots, len(names), lambda s: _DEFAULT_BOTS[(s - 1) % 3])
        if bots is None:
            bots = {seat: _DEFAULT_BOTS[(seat - 1) % 3] for seat in range(1, len(names))}
        for seat in bots:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
                raise ValueError(f"bots: seat {seat!r} does not exist; seats are 0 to {len(names) - 1}")
        seated = [seat for seat in range(len(names)) if seat not in bots]
        if not seated and state.is_over:  # a finished bots' game (from_record): nobody plays, the board looks from seat 0
            seated = [0]
        elif people is None and len(seated) != 1:
            raise ValueError(
                "the board is played by one person: every seat but one needs a bot, "
                f"got humans at seats {seated}; for pass-and-play name them: humans={seated}"
            )
        #: The people's seats, whose eyes the board shows, whose hand showed (see widgets.herecomes.curtain).
        self._seats = PassAndPlay(seated, names)
        self._odds_rows: list[dict[str, Any]] = []
        #: The round the pupil has seen begin: a later round waits under its predecessor's end (``_round_end``).
        self._round_seen = state.round
        self._last_message_ms: float | None = None
        options = {
            "bag": state.composition,
            "trainers": state.setup.trainers,
            "variant": state.setup.variant,
        }
        super().__init__(
            self.game_class(),
            state,
            names=names,
            bots=bots,
            human=seated[0],
            lang=lang,
            seed=seed,
            bot_delay=bot_delay,
            options=options,
        )
        with self.hold_sync():
            self.show_odds = show_odds
            self.advisor = advisor
            self.monte_carlo = monte_carlo
            self.teacher = teacher
            self._start()
        self.observe(self._on_option, names=["show_odds", "advisor", "monte_carlo", "teacher", "mc_samples"])

    @classmethod
    def from_state(cls, state: State, **options: Any) -> HereComesBoard:
        """A board showing ``state`` — a lesson's prepared round or any position reached in code.

        Takes the same options as the constructor; ``players``, if given, must match the state.

        >>> from pokelab.herecomes import new_game
        >>> HereComesBoard.from_state(new_game(2, seed=4), lang="en").players
        ['Player 1', 'Player 2']
        >>> HereComesBoard.from_state(new_game(2), players=["A", "B", "C"])
        Traceback (most recent call last):
        ...
        ValueError: players ['A', 'B', 'C'] do not match the state's players ['Player 1', 'Player 2']
        """
        players = options.pop("players", None)
        if not isinstance(state, State):
            raise ValueError(f"from_state needs a Here Comes Pokémon! State, got {type(state).__name__}")
        if players is not None and list(players) != list(state.setup.names):
            raise ValueError(
                f"players {list(players)} do not match the state's players {list(state.setup.names)}"
            )
        for key in ("bag", "trainers", "variant"):
            if key in options:
                raise ValueError(f"{key!r} is part of the state; from_state does not take it")
        return cls(state=state, **options)

    def _seated(self) -> None:
        """A seat at a shared table: only its own hand is here, its odds beside it (``Board.join``)."""
        self._seats = PassAndPlay([self._human], self._names)
        self._odds_rows = []
        self._odds_basis = None
        self._round_seen = 0
        self._last_message_ms = None
        self.observe(self._on_option, names=["show_odds", "advisor", "monte_carlo", "teacher", "mc_samples"])

    # ------------------------------------------------------------------ public API
    @property
    def humans(self) -> list[int]:
        """The seats people play at this screen (more than one: pass-and-play; none on a finished bots' game)."""
        return [seat for seat in self._seats.humans if seat not in self._bots]

    @property
    def curtain(self) -> int | None:
        """The seat the device must be passed to before its hand shows, or ``None``."""
        return self._seats.curtain(self._state)

    def show_hand(self) -> None:
        """The seat behind the curtain tapped "show my hand": show its hand (else ``BadIntent``)."""
        self._seats.show_hand(self._state)
        self._publish()

    def undo(self) -> bool:
        """Go back a decision without lifting the curtain (HC-G3; see ``PassAndPlay.undone``)."""
        if not self.at_table:
            self._seats.undone(self._state)
        return super().undo()

    @property
    def odds(self) -> list[dict[str, Any]]:
        """The odds rows the figure shows now (see ``hand_odds``); [] when odds are hidden."""
        return [dict(r) for r in self._odds_rows]

    @property
    def last_message_ms(self) -> float | None:
        """Milliseconds the kernel took to answer the last front-end message (for benchmarks)."""
        return self._last_message_ms

    def round_review(self, round: int | None = None) -> RoundReview:
        """Your discards (every round, or ``round``) against the advisor's best, exact: a ``RoundReview``.

        ``.describe(lang)`` says it in words, ``.to_frame(lang)`` gives a table, ``.cost`` the
        expected points lost in all (see ``pokelab.analysis.herecomes_coach``).
        """
        return review_discards(self._moves(), self._human, round)

    def _moves(self) -> list[tuple[State, Any]]:
        """``(state before, action)`` of every move in the log (undo takes its moves back with its lines)."""
        return [e["_move"] for e in self._entries if "_move" in e]

    def play(self, action: Any) -> None:
        """Apply ``action`` (an engine action, its string form, or an intent dict) and show it.

        Your own actions are checked by the engine (``IllegalAction`` with the rule);
        the bots then make their face-down choices of the same step at once.
        """
        if isinstance(action, Mapping):
            action = self._parse_intent(action)
        elif isinstance(action, str):
            action = DrawChance() if action == "DrawWave" else parse_action(action)
        super().play(action)

    def handle_message(self, content: Any) -> dict[str, Any]:
        """Answer one front-end message (see ``widgets.board.base``); also serves plotly.js on request.

        ``{"type": "plotly_js"}`` is answered with the ``plotly.min.js`` that ships with
        the ``plotly`` package, as a binary buffer (see ``widgets._plotly_js``).
        """
        start = time.perf_counter()
        if is_plotly_request(content):
            reply, buffers = plotly_js_reply(content)
            self.send(reply, buffers=buffers)
            return reply
        try:
            return super().handle_message(content)
        finally:
            self._last_message_ms = 1000 * (time.perf_counter() - start)

    # ------------------------------------------------------------------ hooks
    def _more_handlers(self) -> dict[str, Any]:
        return {"show_hand": lambda _content: self.show_hand(), "next_round": lambda _content: self.next_round()}

    def next_round(self) -> None:
        """The pupil has read the end of the last round ("Start round N"): a bot leader may draw now."""
        self._round_seen = self._state.round
        self._publish()

    def _reset(self, state: Any, seed: int) -> None:
        self._seats.dealt()
        self._round_seen = state.round
        super()._reset(state, seed)

    def _parse_intent(self, action: Any) -> Any:
        if self.at_table:
            return board_intent(action, self.seat, draw=refuse_draw_at_table)
        self._seats.check_not_curtained(self._state)
        return board_intent(action, self._human, draw=self._draw)

    def _draw(self) -> Any:
        """The leader's draw; when no token is due, a draw the engine refuses with its own rule and words."""
        return DrawChance() if self._state.is_chance else Draw(COLOURS[0])

    def _log_lines(self, seat: int, action: Any, before: State, after: State) -> list[dict[str, Any]]:
        """The move as the human's seat may know it and in full (``widgets.herecomes.log``)."""
        return log_lines(seat, action, before, after, names=self._names, viewer=self._human, shared=self._seats.shared)

    def _seat_text(self, text: str) -> str:
        return blank_unknown_cards(text, self._known_cards())

    def _known_cards(self) -> set[str]:
        """The card ids your seat may know now: those in your view and in your log (in every language)."""
        known = card_ids_in(observe(self._state, self._human))
        known |= card_ids_in(
            [shown(e["text"], lang) for e in self._entries if e["text"] is not None for lang in languages()]
        )
        return known

    def _published_log(self) -> list[dict[str, Any]]:
        teacher, lang = self.teacher, self.lang

        def line(e: dict[str, Any]) -> dict[str, Any] | None:
            said = e["_teacher"] if teacher else e["text"]
            if said is None:
                return None
            return log_line({"seat": e["seat"], "bot": e["bot"]}, self._shown_name(e["seat"]), said, lang)

        return self._shown_log.lines(self._entries, (lang, teacher), line)

    # ------------------------------------------------------------------ drawing
    def _on_option(self, _change: Mapping[str, Any]) -> None:
        self._publish()

    def _publish(self) -> None:
        if not self._ready:
            return
        if not self.at_table:
            self._human = self._seats.follow(self._state)
        with self.hold_sync():
            super()._publish()
            self.figure = self._figure() if self.show_odds else {}

    def _make_view(self, state: State) -> dict[str, Any]:
        me = self._human
        hidden = self.curtain is not None
        self._odds_rows = hand_odds(state, me) if self.show_odds and not hidden else []
        self._odds_basis = (state.composition, state.tokens, state.round)
        if hidden:  # pass-and-play between two people: the public table only
            return curtain_view(state, me, self.lang)
        hc = this_round_only(observe(state, me))  # HC-T3: what Sabrina showed you belongs to its round
        view: dict[str, Any] = {
            "hc": hc,
            "round_end": self._round_end(state, hc),
            "odds": [{k: v for k, v in r.items() if k != "p"} for r in self._odds_rows],
            "hand_ev": kept_hand_value(state, me) if self.show_odds else None,
            "advice": advice_for(state, me) if self.advisor else None,
            "coach": coach_view(state, me, self._moves()) if self.advisor else None,
            "trainer_actions": self._trainer_actions(state),
            "teacher": teacher_view(state, self._decisions, [seat_bot(self._bots.get(i), self.lang) for i in range(len(self._names))], self.lang)
            if self.teacher
            else None,
            "rules": {"redraw": state.setup.variant.redraw},
            "colours": list(COLOURS),
            "marks": view_marks(COLOURS),  # a symbol per colour, so colour is never the only cue
            "waves": list(WAVES),
            "curtain": None,
        }
        view = rendered(view, self.lang)  # every text in the board's language, in one walk
        view["hc"] = page_hc(view["hc"], self.lang)
        view = json.loads(json.dumps(view, default=str))  # fractions and tuples as the page reads them
        view["labels"] = labels(self.lang)  # already a fresh table of strings
        return view

    def _round_end(self, state: State, hc: Mapping[str, Any]) -> dict[str, Any] | None:
        """The last round's end under the prompt until the next round begins (``widgets.herecomes.round``)."""
        pending = state.round > self._round_seen and not state.tokens and state.phase == "draw"
        return round_end(hc, pending=pending, bot_leads=state.leader in self._bots)

    def _trainer_actions(self, state: State) -> list[dict[str, Any]]:
        me = self._human
        if state.is_chance or state.is_over or me not in state.to_move:
            return []
        return trainer_actions(self._turns.legal(state, me), self._names, self.lang)

    def _table_view(self, seen: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
        view, self._odds_rows, self._odds_basis = seat_view(seen["observation"], self.seat, names, self.lang, odds=self.show_odds)
        return view

    def _table_move(self, move: Mapping[str, Any]) -> Any:
        return seat_move_text(move, self.seat, list(self._names))

    def _figure(self) -> dict[str, Any]:
        if self._odds_basis is None:
            return {}
        bag, tokens, round_ = self._odds_basis
        return odds_figure(
            self._odds_rows,
            bag=bag,
            tokens=tokens,
            round=round_,
            lang=self.lang,
            seed=self.seed,
            revision=self.revision,
            mc_samples=int(self.mc_samples) if self.monte_carlo else None,
        )
