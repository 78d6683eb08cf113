"""The Here Comes Pokémon! board: a playable round with the exact odds of your hand beside it.

A thin view of ``pokelab.herecomes`` (the rules) and ``pokelab.odds`` (the
mathematics), built on ``widgets._board.Board`` and its message protocol. The
front end (``herecomes_board.js``) draws the ``view`` trait and the plotly
figure in ``figure``; it sends intents (``{"kind": "draw"}``, ``{"kind":
"discard", "card": "G13"}``, ``{"kind": "vote", "agree": true}``, ``{"kind":
"keep", "card": ...}``, ``{"kind": "trainer", "power": ..., "target": ...}``)
that Python checks with the engine.

How the board plays the table's part:

- chance: the leader draws each wave. A human leader clicks "draw the next
  wave"; a bot leader's wave is drawn when the front end asks the bot to move.
  The tokens come from ``pokelab.herecomes.sample`` with a seeded generator
  (same board seed, same tokens; undo and replay give the same wave);
- simultaneous steps (discards, the redraw vote, keeping a card): you choose,
  then every bot chooses at once from its own view; the engine keeps all choices
  face down until the last one is in, so a bot's choice appears only then;
- the odds: ``hand_odds(state, seat)`` — each card's exact chance
  (``pokelab.odds.probability``) and expected points, one wave earlier, and
  after a redraw of the last token (``redraw_probability``).

>>> from pokelab.herecomes import scenario
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
import pathlib
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import traitlets

from pokelab.errors import check_lang
from pokelab.herecomes import (
    COLOURS,
    TARGETS,
    WAVES,
    Discard,
    Draw,
    Keep,
    State,
    UseTrainer,
    VoteRedraw,
    legal_actions,
    new_game,
    observe,
    parse_action,
    sample,
)
from pokelab.herecomes import apply as hc_apply
from pokelab.herecomes.bag import COLOUR_ZH
from pokelab.herecomes.state import check_seat
from pokelab.odds import (
    LEGEND_VALUE,
    advise_discard,
    estimate_many,
    expected_points,
    probability,
    redraw_gain,
    redraw_probability,
)
from widgets._board import BadIntent, Board, _require
from widgets._bots import bot_label
from widgets.plots import odds_figure_spec

__all__ = ["DrawWave", "HereComesBoard", "advice_for", "hand_odds"]

_HERE = pathlib.Path(__file__).parent
_BOUNDARIES = tuple(sum(WAVES[:i]) for i in range(len(WAVES) + 1))  # (0, 4, 7, 9, 10)
_DEFAULT_BOTS = ("optimal", "heuristic", "heuristic")


@dataclass(frozen=True, slots=True)
class DrawWave:
    """The leader draws the rest of the current wave (or the redraw's one token): HC-R2, HC-R3, HC-R4."""

    def __str__(self) -> str:
        return "DrawWave"


# ------------------------------------------------------------------------------ odds


def _value(card_id: str) -> int:
    """What achieving a card is worth: its points, or ``LEGEND_VALUE`` for a legend (HC-G1)."""
    card = TARGETS[card_id]
    return LEGEND_VALUE if card.is_legend else card.points


def previous_shown(state: State) -> tuple[str, ...] | None:
    """The tokens that were shown one step earlier: the last wave boundary, or before a redraw.

    >>> from pokelab.herecomes import new_game, apply, Draw
    >>> s = new_game(2, seed=1)
    >>> previous_shown(s) is None
    True
    >>> for c in ("red", "red", "blue"):
    ...     s = apply(s, Draw(c))
    >>> previous_shown(s)  # wave 1 is being drawn: the round's start
    ()
    """
    tokens = tuple(state.tokens)
    if state.returned:
        # HC-R4: before the redraw the returned token still lay on order card 4
        return (*tokens[:9], state.returned[-1])
    earlier = [b for b in _BOUNDARIES if b < len(tokens)]
    return tokens[: earlier[-1]] if earlier else None


def hand_odds(state: State, seat: int, *, cards: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Each card's exact chance and expected points for ``seat`` now, a wave ago and after a redraw.

    One dict per card (the seat's hand, or ``cards``): ``id``, ``kind``,
    ``points``, ``value`` (points, or ``LEGEND_VALUE`` for a legend), ``p``
    (exact ``Fraction``, from ``pokelab.odds.probability`` given the tokens
    shown), ``p_float``, ``p_text`` ("3/10"), ``ev`` (``p * value``), ``prev``
    (the chance at the previous wave boundary, or before the redraw, else
    ``None``), ``redraw`` (the chance if the last token were redrawn, once all
    10 tokens are out and before the check, else ``None``), ``set_aside``
    (an extra discard chosen with Misty, HC-T1).

    >>> from pokelab.herecomes import scenario
    >>> s = scenario(2, hands={0: ["G01", "P01", "O01", "G13", "L01"]}, trainers=False)
    >>> [(r["id"], r["p_text"]) for r in hand_odds(s, 0)][:2]
    [('G01', '3/10'), ('G13', '3/20')]
    >>> hand_odds(s, 5)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 5: seats are 0 to 1
    """
    check_seat(state, seat)
    ids = tuple(state.hands[seat] if cards is None else cards)
    return [dict(row) for row in _odds_rows(ids, tuple(state.tokens), _prev_key(state),
                                            _bag_key(state), _redraw_open(state),
                                            state.extra[seat])]


def _bag_key(state: State) -> tuple[tuple[str, int], ...]:
    return tuple(state.composition.items())


def _prev_key(state: State) -> tuple[str, ...] | None:
    return previous_shown(state)


def _redraw_open(state: State) -> bool:
    return len(state.tokens) == _BOUNDARIES[-1] and state.phase == "vote"


@lru_cache(maxsize=512)
def _odds_rows(
    ids: tuple[str, ...],
    tokens: tuple[str, ...],
    prev: tuple[str, ...] | None,
    bag_items: tuple[tuple[str, int], ...],
    redraw_open: bool,
    extra: str | None,
) -> tuple[Mapping[str, Any], ...]:
    bag = dict(bag_items)
    rows = []
    for cid in ids:
        card = TARGETS[cid]
        p = probability(card, bag=bag, shown=tokens)
        before = None if prev is None else probability(card, bag=bag, shown=prev)
        again = redraw_probability(card, bag=bag, shown=tokens) if redraw_open else None
        value = _value(cid)
        rows.append(
            {
                "id": cid,
                "kind": card.kind,
                "points": card.points,
                "value": value,
                "p": p,
                "p_float": float(p),
                "p_text": f"{p.numerator}/{p.denominator}",
                "ev": float(p * value),
                "prev": None if before is None else float(before),
                "redraw": None if again is None else float(again),
                "set_aside": cid == extra,
            }
        )
    return tuple(rows)


@lru_cache(maxsize=256)
def _discard_advice(
    ids: tuple[str, ...], tokens: tuple[str, ...], bag_items: tuple[tuple[str, int], ...]
) -> tuple[tuple[str, Fraction, Fraction], ...]:
    advice = advise_discard([TARGETS[c] for c in ids], tokens, bag=dict(bag_items))
    return tuple((o.card.id, o.value, o.cost) for o in advice.options)


def advice_for(state: State, seat: int) -> dict[str, Any] | None:
    """What the advisor says to ``seat`` now (exact, from ``pokelab.odds``), or ``None``.

    - discard step (HC-R2, HC-R3): ``{"kind": "discard", "best", "options": [{"card",
      "value", "cost"}]}`` — expected points this round after each discard and what
      it costs against the best (``advise_discard``);
    - redraw vote (HC-R4): ``{"kind": "vote", "gain", "agree"}`` — the expected
      points a redraw adds (``redraw_gain``);
    - keep step (HC-R6): ``{"kind": "keep", "best"}`` — the card worth more.

    >>> from pokelab.herecomes import scenario, apply, Draw
    >>> s = scenario(2, hands={0: ["G01", "P01", "O01", "G13", "L01"]}, trainers=False)
    >>> for c in ("red", "blue", "green", "red"):
    ...     s = apply(s, Draw(c))
    >>> a = advice_for(s, 0)
    >>> a["kind"], a["best"], min(o["cost"] for o in a["options"])
    ('discard', 'O01', 0.0)
    >>> advice_for(s, 3)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 3: seats are 0 to 1
    """
    check_seat(state, seat)
    if seat not in state.to_move:
        return None
    tokens = tuple(state.tokens)
    if state.phase == "discard":
        ids = tuple(c for c in state.hands[seat] if c != state.extra[seat])
        options = _discard_advice(ids, tokens, _bag_key(state))
        best = max(options, key=lambda o: o[1])
        return {
            "kind": "discard",
            "best": best[0],
            "value": float(best[1]),
            "options": [
                {"card": c, "value": float(v), "cost": float(cost), "exact": str(v)}
                for c, v, cost in options
            ],
        }
    if state.phase == "vote" and len(tokens) == _BOUNDARIES[-1]:
        hand = [TARGETS[c] for c in state.hands[seat]]
        gain = redraw_gain(hand, tokens, bag=state.composition)
        return {"kind": "vote", "gain": float(gain), "exact": str(gain), "agree": gain > 0}
    if state.phase == "keep":
        options = [a.card for a in legal_actions(state, seat) if isinstance(a, Keep)]
        if options:
            return {"kind": "keep", "best": max(options, key=_value)}
    return None


# ------------------------------------------------------------------------------ the board


class HereComesBoard(Board):
    """A playable Here Comes Pokémon! board with the live odds of your hand (see the module docstring).

    ``players``: 1–4 names (the first seat without a bot is you); ``bots``: seat ->
    registered bot name or bot object (default: every other seat, ``optimal`` then
    ``heuristic``); ``show_odds``: the odds figure beside the hand; ``advisor``: the
    best discard and the cost of every choice; ``monte_carlo``: a simulated estimate
    over each exact chance; ``teacher``: reveal every hand, the face-down choices and
    the bots' reasoning. ``bag``/``trainers``/``variant`` go to ``pokelab.herecomes.new_game``.
    """

    game = "herecomes"
    _esm = _HERE / "herecomes_board.js"
    _css = _HERE / "herecomes_board.css"

    #: The plotly figure of the odds (``{"data", "layout"}``), ``{}`` when odds are hidden.
    figure = traitlets.Dict().tag(sync=True)
    show_odds = traitlets.Bool(True).tag(sync=True)
    advisor = traitlets.Bool(False).tag(sync=True)
    monte_carlo = traitlets.Bool(False).tag(sync=True)
    #: Simulated rounds per Monte Carlo estimate.
    mc_samples = traitlets.Int(4000).tag(sync=True)
    teacher = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        players: Sequence[str] = ("You", "Bot", "Bot"),
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
    ) -> None:
        check_lang(lang)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a whole number ≥ 0, not {seed!r}")
        if state is None:
            names = _unique_names(players)
            state = new_game(names, seed=seed, bag=bag, trainers=trainers, variant=variant)
        elif not isinstance(state, State):
            raise ValueError(f"state must be a Here Comes Pokémon! State, got {type(state).__name__}")
        names = list(state.setup.names)
        if bots is None:
            bots = {seat: _DEFAULT_BOTS[(seat - 1) % 3] for seat in range(1, len(names))}
        for seat in bots:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
                raise ValueError(f"bots: seat {seat!r} does not exist; seats are 0 to {len(names) - 1}")
        humans = [seat for seat in range(len(names)) if seat not in bots]
        if len(humans) != 1:
            raise ValueError(
                "the board is played by one person: every seat but one needs a bot, "
                f"got humans at seats {humans}"
            )
        self._odds_rows: list[dict[str, Any]] = []
        self._reasons: dict[int, tuple[State, Any]] = {}
        self._last_message_ms: float | None = None
        self._ready = False
        super().__init__(state, names=names, bots=bots, lang=lang, seed=seed, bot_delay=bot_delay)
        with self.hold_sync():
            self.show_odds = show_odds
            self.advisor = advisor
            self.monte_carlo = monte_carlo
            self.teacher = teacher
            self._ready = True
            self._settle_bots()
            self._publish()
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

    # ------------------------------------------------------------------ public API
    @property
    def odds(self) -> list[dict[str, Any]]:
        """The odds rows the figure shows now (see ``hand_odds``); [] when odds are hidden."""
        return [dict(r) for r in self._odds_rows]

    def play(self, action: Any) -> None:
        """Apply ``action`` (an engine action, its string form, or an intent dict) and show it.

        Your own actions are checked by the engine (``IllegalAction`` with the rule);
        the bots then make their face-down choices of the same step at once.
        """
        if isinstance(action, Mapping):
            action = self._parse_intent(action)
        elif isinstance(action, str):
            action = DrawWave() if action == "DrawWave" else parse_action(action)
        self._act(action)
        self._settle_bots()
        self._set_error(None)
        self._publish()

    # ------------------------------------------------------------------ hooks
    def _new_state(self, seed: int) -> State:
        s = self._state
        return new_game(
            list(s.setup.names),
            seed=seed,
            bag=s.composition,
            trainers=s.setup.trainers,
            variant=s.setup.variant,
        )

    def _legal(self, state: State) -> list[Any]:
        seat = self._to_move(state)
        if seat is None:
            return []
        return legal_actions(state) if state.is_chance else legal_actions(state, seat)

    def _apply(self, state: State, action: Any) -> State:
        if isinstance(action, DrawWave):
            return self._draw_wave(state)
        return hc_apply(state, action)

    def _to_move(self, state: State) -> int | None:
        if state.is_over:
            return None
        if state.is_chance:
            return state.leader
        bots = [seat for seat in state.to_move if seat in self._bots]
        if bots:  # the bots put their cards face down first; you see that they have chosen
            return bots[0]
        return state.to_move[0] if state.to_move else None

    def _bot_view(self, state: State, seat: int) -> dict[str, Any]:
        return observe(state, seat)

    def _parse_intent(self, action: Any) -> Any:
        me = self._human
        if isinstance(action, str):
            if action == "DrawWave":
                return DrawWave()
            try:
                parsed = parse_action(action)
            except ValueError as err:
                raise BadIntent(str(err), f"看不懂这个动作：{action!r}") from None
            if isinstance(parsed, Draw):
                raise BadIntent(
                    "tokens are drawn from the bag, not chosen: send {'kind': 'draw'}",
                    "代币是从布袋里随机抽出的，不能指定：请发送 {'kind': 'draw'}",
                )
            if parsed.player != me:
                raise BadIntent(
                    f"you play seat {me}, not seat {parsed.player}",
                    f"你坐在座位 {me}，不是座位 {parsed.player}",
                )
            return parsed
        if not isinstance(action, Mapping):
            raise BadIntent(
                "an intent is an object such as {'kind': 'discard', 'card': 'G13'}",
                "动作应是一个对象，例如 {'kind': 'discard', 'card': 'G13'}",
            )
        kind = action.get("kind")
        if kind == "draw":
            return DrawWave()
        if kind in ("discard", "keep"):
            card = _require(action, "card", str)
            return Discard(me, card) if kind == "discard" else Keep(me, card)
        if kind == "vote":
            return VoteRedraw(me, _require(action, "agree", bool))
        if kind == "trainer":
            power = _require(action, "power", str)
            target = action.get("target")
            if target is not None and (
                isinstance(target, bool) or not isinstance(target, str | int)
            ):
                raise BadIntent(
                    f"a trainer's target is a card id or a seat number, not {target!r}",
                    f"训练师能力的目标应是卡牌编号或座位号，而不是 {target!r}",
                )
            return UseTrainer(me, power, target)
        raise BadIntent(
            f"unknown intent kind {kind!r}: use draw, discard, vote, keep or trainer",
            f"未知的动作类型 {kind!r}：可用 draw、discard、vote、keep、trainer",
        )

    def _describe(self, action: Any) -> tuple[str, str]:
        names = self._names
        return action.describe("en", names), action.describe("zh", names)

    # ------------------------------------------------------------------ internals
    def _draw_wave(self, state: State) -> State:
        """Draw until the wave is complete (HC-R2, HC-R3) or the redraw's token is out (HC-R4)."""
        if not state.is_chance:
            # let the engine say why no token is drawn now (its own rule and words)
            hc_apply(state, Draw(COLOURS[0]))
            raise AssertionError("unreachable: the engine refused the draw")  # pragma: no cover
        rng = random.Random(
            f"pokelab.board/{self.seed}/{state.round}/{len(state.tokens)}/{len(state.returned)}"
        )
        phase, round_no = state.phase, state.round
        s = hc_apply(state, sample(state, rng))
        while s.is_chance and s.phase == phase == "draw" and s.round == round_no:
            s = hc_apply(s, sample(s, rng))
        return s

    def _actor(self, state: State, action: Any) -> int:
        player = getattr(action, "player", None)
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(self._names):
            return player
        return state.leader

    def _act(self, action: Any) -> None:
        before = self._state
        if before.is_over:
            raise BadIntent("the game is over", "对局已经结束")
        seat = self._actor(before, action)
        after = self._apply(before, action)
        if seat not in self._bots:
            from widgets._board import _Snapshot

            self._history.append(_Snapshot(before, len(self._entries), self._ply))
        self._state = after
        self._ply += 1
        self._entries.append(self._entry(seat, action, before, after))

    def _entry(self, seat: int, action: Any, before: State, after: State) -> dict[str, Any]:
        names = self._names
        who = names[seat]
        if isinstance(action, DrawWave | Draw):
            if after.round == before.round and len(after.tokens) > len(before.tokens):
                drawn = after.tokens[len(before.tokens) :]
            else:  # the redraw's token ended the round: it is in the round's summary
                drawn = tuple(after.summary["tokens"][len(before.tokens) :]) if after.summary else ()
            verb = "draw" if who == "You" else "draws"
            if before.phase == "redraw":
                en = f"{who} {verb} a new token for order card 4: {', '.join(drawn)}"
                zh = f"{who} 为 4 号顺序卡重新抽出：{'、'.join(COLOUR_ZH[c] for c in drawn)}"
            else:
                en = f"{who} {verb} wave {before.wave}: {', '.join(drawn)}"
                zh = f"{who} 抽出第 {before.wave} 波：{'、'.join(COLOUR_ZH[c] for c in drawn)}"
            full = hidden = (en, zh)
        else:
            full = (action.describe("en", names), action.describe("zh", names))
            hidden = (
                action.describe("en", names, hidden=True),
                action.describe("zh", names, hidden=True),
            )
        return {
            "seat": seat,
            "who": who,
            "bot": seat in self._bots,
            "en": full[0],
            "zh": full[1],
            "_hidden": hidden,
        }

    def _bot_turn(self) -> bool:
        seat = self._to_move(self._state)
        if seat is None or seat not in self._bots:
            return False
        if self._state.is_chance:
            self._act(DrawWave())
        self._settle_bots()
        self._set_error(None)
        return True

    def _settle_bots(self) -> None:
        """Every bot that must decide in the current step chooses now, from its own view."""
        for _ in range(4 * len(self._names) + 8):
            s = self._state
            seat = self._to_move(s)
            if seat is None or seat not in self._bots or s.is_chance:
                return
            bot = self._bots[seat]
            legal = legal_actions(s, seat)
            action = bot.choose(observe(s, seat), legal, self._bot_rng(seat))
            self._reasons[seat] = (s, action)
            self._act_for_bot(bot, action)

    def _reset(self, state: Any, seed: int) -> None:
        self._reasons.clear()
        super()._reset(state, seed)

    def _bot_rng(self, seat: int) -> random.Random:
        return random.Random(f"{self.seed}:{self._ply}:{seat}")

    def _on_option(self, _change: Mapping[str, Any]) -> None:
        if self._ready:
            self._publish()

    def _publish(self) -> None:
        if not getattr(self, "_ready", False):
            return
        with self.hold_sync():
            super()._publish()
            teacher = self.teacher
            self.log = [
                {
                    k: v
                    for k, v in {
                        **e,
                        **(
                            {}
                            if teacher or not e["bot"]
                            else {"en": e["_hidden"][0], "zh": e["_hidden"][1]}
                        ),
                    }.items()
                    if k != "_hidden"
                }
                for e in self._entries
            ]
            self.figure = self._figure() if self.show_odds else {}

    def _make_view(self, state: State) -> dict[str, Any]:
        me = self._human
        hc = observe(state, me)
        self._odds_rows = hand_odds(state, me) if self.show_odds else []
        odds = []
        for r in self._odds_rows:
            odds.append({k: v for k, v in r.items() if k != "p"})
        view: dict[str, Any] = {
            "hc": hc,
            "odds": odds,
            "hand_ev": self._hand_ev(state),
            "advice": advice_for(state, me) if self.advisor else None,
            "trainer_actions": self._trainer_actions(state),
            "teacher": self._teacher_view(state) if self.teacher else None,
            "rules": {"redraw": state.setup.variant.redraw},
        }
        return json.loads(json.dumps(view, default=str))

    def _hand_ev(self, state: State) -> dict[str, Any] | None:
        """Expected points this round of the two cards kept (after wave 3, before the check)."""
        hand = state.hands[self._human]
        if len(hand) != 2 or state.phase in ("keep", "over") or not self.show_odds:
            return None
        ev = expected_points([TARGETS[c] for c in hand], bag=state.composition, shown=state.tokens)
        return {"value": float(ev), "exact": str(ev)}

    def _trainer_actions(self, state: State) -> list[dict[str, Any]]:
        me = self._human
        if self._to_move(state) != me or state.is_chance:
            return []
        out = []
        for a in legal_actions(state, me):
            if isinstance(a, UseTrainer):
                out.append(
                    {
                        "power": a.power,
                        "target": a.target,
                        "en": a.describe("en", self._names),
                        "zh": a.describe("zh", self._names),
                    }
                )
        return out

    def _teacher_view(self, state: State) -> dict[str, Any]:
        """Every hand with its odds, the face-down choices, and each bot's reasoning."""
        full = observe(state, None)
        seats = []
        for seat in range(len(self._names)):
            entry: dict[str, Any] = {
                "seat": seat,
                "hand": [
                    {k: v for k, v in r.items() if k != "p"} for r in hand_odds(state, seat)
                ],
                "pending": full["pending"][seat],
                "bot": bot_label(self._bots[seat]) if seat in self._bots else None,
                "reason": self._reason(seat, state),
            }
            seats.append(entry)
        return {"seats": seats, "last_round": full["last_round"]}

    def _reason(self, seat: int, state: State) -> dict[str, Any] | None:
        """A bot's last decision this round and what the exact odds said at that moment."""
        if seat not in self._reasons:
            return None
        before, action = self._reasons[seat]
        if before.round != state.round:
            return None
        names = self._names
        out: dict[str, Any] = {
            "en": action.describe("en", names),
            "zh": action.describe("zh", names),
            "wave": before.wave,
            "phase": before.phase,
            "advice": advice_for(before, seat),
            "odds": [
                {"id": r["id"], "p_float": r["p_float"], "ev": r["ev"]}
                for r in hand_odds(before, seat)
            ],
        }
        return out

    def _figure(self) -> dict[str, Any]:
        rows = self._odds_rows
        if not rows:
            return {}
        lang = self.lang
        state = self._state
        labels = []
        for r in rows:
            card = TARGETS[r["id"]]
            mark = " ✂" if r["set_aside"] else ""
            labels.append(f"{card.name(lang)}{mark}")
        mc = None
        if self.monte_carlo:
            est = estimate_many(
                [TARGETS[r["id"]] for r in rows],
                bag=state.composition,
                shown=state.tokens,
                n=max(100, int(self.mc_samples)),
                seed=self.seed * 1000 + len(state.tokens) + 17 * state.round,
            )
            mc = [(e.p, e.low, e.high) for e in est]
        data = odds_figure_spec(
            [
                {"label": lab, "p": r["p"], "value": r["value"], "kind": r["kind"]}
                for lab, r in zip(labels, rows, strict=True)
            ],
            previous=[r["prev"] for r in rows] if any(r["prev"] is not None for r in rows) else None,
            mc=mc,
            redraw=[r["redraw"] for r in rows] if any(r["redraw"] is not None for r in rows) else None,
            lang=lang,
            legend=False,
        )
        data["meta"] = {"revision": self.revision, "tokens": len(state.tokens), "round": state.round}
        return data

    # ------------------------------------------------------------------ plotly.js for the front end
    def handle_message(self, content: Any) -> dict[str, Any]:
        """Answer one front-end message (see ``widgets._board``); also serves plotly.js on request.

        ``{"type": "plotly_js"}`` is answered with the ``plotly.min.js`` that ships with
        the ``plotly`` package, as a binary buffer (no CDN is needed, nor reachable).
        """
        start = time.perf_counter()
        if isinstance(content, Mapping) and content.get("type") == "plotly_js":
            reply = {"type": "plotly_js", "id": content.get("id"), "ok": True, "error": None}
            self.send(reply, buffers=[_plotly_js()])
            return reply
        try:
            return super().handle_message(content)
        finally:
            self._last_message_ms = 1000 * (time.perf_counter() - start)

    @property
    def last_message_ms(self) -> float | None:
        """Milliseconds the kernel took to answer the last front-end message (for benchmarks)."""
        return self._last_message_ms


@lru_cache(maxsize=1)
def _plotly_js() -> bytes:
    """The bytes of plotly.js bundled with the ``plotly`` Python package."""
    import plotly

    path = pathlib.Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return path.read_bytes()


def _unique_names(players: Any) -> list[str]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players is a list of 1 to 4 names, got {players!r}")
    names = [str(p) for p in players]
    if not 1 <= len(names) <= 4:
        raise ValueError(f"Here Comes Pokémon! is for 1 to 4 players, got {len(names)} names")
    # The engine needs different names; "Bot", "Bot" becomes "Bot 1", "Bot 2".
    out = []
    for i, name in enumerate(names):
        if names.count(name) > 1:
            name = f"{name} {names[: i + 1].count(name)}"
        out.append(name)
    return out
