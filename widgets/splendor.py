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
from pathlib import Path
from typing import Any

from pokelab import splendor as sp
from pokelab.core.texts import seat_name
from pokelab.errors import check_lang
from pokelab.splendor.cards import COLOURS, TOKEN_COLOURS
from pokelab.splendor.game import SplendorGame
from pokelab.words import _, _n, render, rendered
from widgets._board import BadIntent, Board
from widgets._board_errors import _short
from widgets._board_humans import split_seats
from widgets._board_table import join_table
from widgets._bundle import bundle, esm
from widgets._splendor_coach import CoachMixin
from widgets._splendor_text import labels
from widgets._words import Said, reason_of
from widgets.tokens import view_marks

_HERE = Path(__file__).parent
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


def shown_name(name: str, seat: int, lang: str) -> str:
    """A seat's name as the board shows it: the engine's own "Player N" (a game dealt for a count of
    players, as ``pokelab.sim.play`` does) in ``lang``, any other name as it was given.

    >>> shown_name("Player 2", 1, "zh"), shown_name("Player 2", 0, "zh"), shown_name("Ann", 0, "zh")
    ('玩家 2', 'Player 2', 'Ann')
    >>> shown_name("Player 1", 0, "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    check_lang(lang)
    return render(seat_name(name, seat), lang)


class SplendorBoard(CoachMixin, Board):
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
    Suggest and Review buttons (``widgets._splendor_coach``; both off by default, and
    ``board.odds_on`` / ``board.coach_on`` switch them for an assessment).

    On screen the page asks for each bot turn in turn; without a page (a script, or
    a notebook run by nbval) call ``board.run_bots()`` to let the bots move.
    ``board.state`` is the engine state; ``board.play(action)`` makes a move from code.
    """

    game = "splendor"
    _esm = esm("splendor")  # built from widgets/js/splendor/ (the board and its coach panel)
    _css = bundle("splendor.css", "splendor_coach.css")

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
        state = _state if _state is not None else sp.new_game(seat_names(players, lang), seed=seed, variant=variant)
        names = [p.name for p in state.players]
        if humans is not None:  # pass-and-play: these seats are people, "greedy" plays the rest
            _, bots = split_seats(humans, None if bots is _DEFAULT else bots, len(names), lambda _: "greedy")  # type: ignore[arg-type]
        elif bots is _DEFAULT:
            bots = {seat: "greedy" for seat in range(1, len(names))}
        super().__init__(
            SplendorGame(),
            state,
            names=names,
            bots=bots,  # type: ignore[arg-type]
            human=human,
            lang=lang,
            seed=seed,
            bot_delay=bot_delay,
            options={"variant": variant or state.variant},
        )
        self._coach_init(odds=odds, coach=coach)
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

    # ----------------------------------------------------------------- hooks
    def _log_lines(self, seat: int, action: Any, before: Any, after: Any) -> list[dict[str, Any]]:
        return [{"text": Said(action.describe)}]

    def _viewer(self, state: sp.State) -> int:
        """Whose eyes the board shows: the human to move (hot seat), else the main human."""
        seat = self._to_move(state)
        return seat if seat is not None and seat not in self._bots else self._human

    def _make_view(self, state: sp.State) -> dict[str, Any]:
        viewer = self._viewer(state)
        mover = not state.is_over and viewer == state.current_player
        legal = self._legal(state, viewer) if mover else []
        return board_view(sp.observe(state, viewer, legal=legal if mover else None), legal, self.lang)

    def _parse_intent(self, action: Any) -> Any:
        return parse_intent(action)

    @classmethod
    def join(cls, table_code: str, seat: int | None = None, **options: Any) -> Any:
        """Sit at (or rejoin) a shared table of the class database: a board of that seat only.

        See ``widgets._board_table.join_table`` (``name=``, ``token=``, ``store=``, ``lang=``).
        """
        return join_table("splendor", table_code, seat, **options)


def board_view(view: dict[str, Any], legal: list[Any], lang: str) -> dict[str, Any]:
    """The board's view from one seat's ``observe`` view and its legal actions (what the page draws).

    >>> state = sp.new_game(["Ann", "Ben"], seed=1)
    >>> seen = board_view(sp.observe(state, 1), sp.legal_actions(state), "en")
    >>> seen["moves"]["take_different"], seen["labels"]["title"]
    (True, 'Splendor: Pokémon')
    >>> board_view(sp.observe(state, 0), [], "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    viewer = view["viewer"]
    catch = {a.card for a in legal if isinstance(a, sp.Catch)}
    reserve = {a.card for a in legal if isinstance(a, sp.Reserve)}
    evolve: dict[int, list[int]] = {}
    for a in legal:
        if isinstance(a, sp.Evolve):
            evolve.setdefault(a.into, []).append(a.base)
    check_lang(lang)
    for card in _all_cards(view):
        base = card.get("evolves_from")
        if base is not None:
            card["from_name"] = sp.CARDS[base].pokemon
    view = rendered(view, lang)
    you = _("You").render(lang)
    for player in view["players"]:  # "You (you)" once: no tag beside a seat already named "You"
        player["name"] = shown_name(player["name"], player["index"], lang)
        player["named_you"] = player["name"] == you
    me = view["players"][viewer]
    for card in [*view["display"], *me["reserved"]]:
        card["can_catch"] = card["id"] in catch
        card["can_reserve"] = card["id"] in reserve
        card["evolve_from"] = evolve.get(card["id"], [])
    view["moves"] = {
        "take_different": any(isinstance(a, sp.TakeDifferent) for a in legal),
        "take_same": [a.color for a in legal if isinstance(a, sp.TakeSame)],
        "pass": any(isinstance(a, sp.Pass) for a in legal),
        "end_turn": any(isinstance(a, sp.EndTurn) for a in legal),
        "evolve": [[a.base, a.into] for a in legal if isinstance(a, sp.Evolve)],
    }
    view["deck_text"] = _n("{count} card", "{count} cards", view["deck_size"]).render(lang)
    view["labels"] = labels(lang)
    view["colours"] = list(COLOURS)
    view["token_colours"] = list(TOKEN_COLOURS)
    view["marks"] = view_marks(TOKEN_COLOURS)  # a symbol per colour, so colour is never the only cue
    return view


def _all_cards(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card dict in an observed view (display, discard, each player's cards)."""
    cards = [*view["display"], *view["discard"]]
    for player in view["players"]:
        cards += player["captured"] + player["reserved"]
    return cards


def _card(payload: Mapping[str, Any], key: str) -> int:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadIntent(
            _('{key} must be a card id (a whole number), not {value}', key=repr(key), value=repr(value)),
        )
    if value not in sp.CARDS:
        raise BadIntent(_('no card has id {value}', value=value))
    return value


def _colour_counts(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise BadIntent(
            _('{what} must map colours to counts, not {value}', what=what, value=repr(value)),
        )
    out: dict[str, int] = {}
    for colour, count in value.items():
        if colour not in TOKEN_COLOURS:
            raise BadIntent(_('unknown colour {colour}', colour=repr(colour)))
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 40:
            raise BadIntent(
                _('the count of {colour} must be a whole number 0–40, not {count}', colour=colour, count=repr(count)),
            )
        if count:
            out[colour] = count
    return out


def parse_intent(payload: Any) -> Any:
    """Turn the front end's intent payload into an engine action, or raise ``BadIntent``.

    Kinds: ``take`` (``colors``: 1–3 picked tokens; the same colour twice means
    take two), ``catch`` (``card``, optional ``payment``), ``reserve`` (``card``),
    ``evolve`` (``base``, ``into``), ``return`` (``tokens``: colour → count),
    ``pass``, ``end_turn``, and ``text`` (an action in ``parse_action`` form).

    >>> parse_intent({"kind": "take", "colors": ["red", "red"]})
    TakeSame(red)
    >>> parse_intent({"kind": "take", "colors": ["blue", "red", "black"]})
    TakeDifferent(red, blue, black)
    >>> parse_intent({"kind": "catch", "card": 1, "payment": {"blue": 1, "master": 2}})
    Catch(1, blue=1, master=2)
    >>> parse_intent({"kind": "return", "tokens": {"red": 1, "blue": 0}})
    ReturnTokens(red)
    >>> parse_intent({"kind": "take", "colors": ["pink"]})
    Traceback (most recent call last):
    ...
    widgets._board_errors.BadIntent: unknown colour 'pink'
    """
    if not isinstance(payload, Mapping):
        raise BadIntent(
            _("an intent needs an 'action' object, not {payload}", payload=repr(payload)),
        )
    kind = payload.get("kind")
    if kind == "take":
        colors = payload.get("colors")
        if not isinstance(colors, list) or not colors:
            raise BadIntent(
                _('pick 1 to 3 tokens from the supply first'),
            )
        if len(colors) > 3:
            raise BadIntent(_('pick at most 3 tokens'))
        for colour in colors:
            if colour not in TOKEN_COLOURS:
                raise BadIntent(_('unknown colour {colour}', colour=repr(colour)))
        if len(colors) == 2 and colors[0] == colors[1]:
            return sp.TakeSame(colors[0])
        return sp.TakeDifferent(tuple(colors))
    if kind == "catch":
        payment = payload.get("payment")
        if payment is not None:
            payment = _colour_counts(payment, "payment")
        return sp.Catch(_card(payload, "card"), payment)
    if kind == "reserve":
        return sp.Reserve(_card(payload, "card"))
    if kind == "evolve":
        return sp.Evolve(_card(payload, "base"), _card(payload, "into"))
    if kind == "return":
        tokens = _colour_counts(payload.get("tokens"), "tokens")
        if not tokens:
            raise BadIntent(_('choose the tokens to return first'))
        return sp.ReturnTokens(tokens)
    if kind == "pass":
        return sp.Pass()
    if kind == "end_turn":
        return sp.EndTurn()
    if kind == "text":
        text = payload.get("text")
        try:
            return sp.parse_action(text)  # type: ignore[arg-type]
        except ValueError as err:
            raise BadIntent(_("cannot read the move {action}: {reason}", action=_short(text), reason=reason_of(err))) from None
    raise BadIntent(_('unknown intent kind {kind}', kind=repr(kind)))
