"""Per-player views (HC-G3): a dict with only what one player may know, its words catalogue texts.

``observe(state, player)`` is the only thing a bot or a widget of that player
sees; ``observe(state, None)`` is the teacher's full view. Every word in it is a
catalogue ``Text`` (``pokelab.words``), rendered in the reader's language where the
view is shown (``rendered(view, lang)``, JSON-safe then). The schema (every
key is always present; teacher-only keys are marked):

- ``game`` ("herecomes"), ``viewer`` (seat or ``None``), ``round``, ``wave`` (1–4),
  ``phase`` ("draw", "discard", "vote", "redraw",
  "keep", "over"), ``is_chance``, ``is_over``, ``leader``, ``variant``
  ``{"redraw", "win_points"}``;
- ``order_cards``: four lists of colours (cards 1–4, draw order); ``tokens``: all
  of them in draw order; ``returned``: tokens put back this round (they no
  longer count for gray and orange cards, HC-R4); ``appeared``: every token
  that appeared this round, ``tokens`` followed by ``returned`` (public:
  everybody saw them; purple cards are checked against them, HC-C2);
  ``bag`` colour -> count left; ``bag_total``; ``composition`` the configured bag;
- a card is ``{"id", "kind", "kind_text", "condition", "condition_text", "points",
  "name"}`` (``kind``/``condition`` codes, the ``*_text`` and ``name`` texts); a trainer
  ``{"id", "rule", "power", "name", "per_round", "per_game", "text"}``;
- ``deck_size``, ``discard_size``;
- ``waiting_for``: seats that still have to act in this step (public: you see
  who has put a card face down — never *what* they chose); ``must_act``: whether
  the viewer is among them;
- ``players``: per seat ``seat, name, is_leader, is_you, trainer`` (card data and
  ``uses_this_round``, ``uses_this_game``), ``scored`` (card data), ``points``,
  ``hand_size``;
- ``hand``: the viewer's own cards, full card data (teacher: ``[]``);
- ``my_choice``: the viewer's own secret choice in this step —
  ``{"discard", "extra_discard", "vote", "keep"}`` (teacher: ``None``);
- ``keep_options``: the cards the viewer may keep in the keep step;
- ``seen_discards``: cards the viewer looked at with Sabrina (HC-T3);
- ``events``: this round's public events (trainer uses, vote results, redraws),
  each with its ``text``;
- ``legal``: the viewer's legal actions as strings (teacher: every seat's);
- ``last_round``: the last checked round — tokens, returned tokens, appeared
  tokens (``tokens`` + ``returned``), leader,
  each seat's kept card and points gained, the legend winners, and for the
  viewer's own seat (teacher: every seat) the two cards checked with
  ``achieved`` and the reason (``why``);
- ``result``: ``{"winners", "scores", "by_legend"}`` once over, else ``None``;
- teacher only: ``hands`` (every seat's cards), ``pending`` (every secret
  choice), ``deck`` (card ids, next first), ``peeks``.

>>> from pokelab.herecomes import new_game, apply, Draw, Discard
>>> s = new_game(2, seed=5)
>>> for c in ("red", "blue", "green", "red"):
...     s = apply(s, Draw(c))
>>> s = apply(s, Discard(0, s.players[0].hand[0]))
>>> v = observe(s, 1)
>>> v["waiting_for"], v["must_act"], v["my_choice"]["discard"], len(v["hand"])
([1], True, None, 5)
>>> "hands" in v, "pending" in observe(s, None)
(False, True)
>>> v["hand"][0]["condition_text"].render("zh") == TARGETS[v["hand"][0]["id"]].condition.text().render("zh")
True
>>> observe(s, 0)["my_choice"]["discard"] == s.players[0].hand[0]
True
>>> observe(s, 2)
Traceback (most recent call last):
...
pokelab.errors.InputError: there is no seat 2: seats are 0 to 1 (or None for the teacher's view)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pokelab.core.texts import listing, seat_name
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.conditions import AllDrawn, Condition, LastIs, NeverDrawn
from pokelab.herecomes.legal import keep_options, legal_actions
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.state import State, check_seat
from pokelab.herecomes.trainers import TRAINERS
from pokelab.words import Text, _, _n

__all__ = ["event_text", "explain", "observe", "why_text"]


# Card and trainer data never change: build their dicts once, hand out shallow copies.
_CARD_DICTS = {cid: card.to_dict() for cid, card in TARGETS.items()}
_TRAINER_DICTS = {tid: t.to_dict() for tid, t in TRAINERS.items()}


def _card(card_id: str) -> dict[str, Any]:
    return dict(_CARD_DICTS[card_id])


def _part_why(
    cond: Condition, tokens: tuple[str, ...], bag: dict[str, int], returned: tuple[str, ...]
) -> Text:
    colour = cond.colour  # type: ignore[union-attr]
    name = colour_name(colour)
    if isinstance(cond, LastIs):
        last = tokens[-1] if tokens else None
        if last is None:
            return _("no last token")
        return _("the last token is {last} (wanted {colour})", last=colour_name(last), colour=name)
    drawn = sum(1 for t in tokens if t == colour)
    if isinstance(cond, NeverDrawn):  # HC-C2: a token put back by a redraw has appeared
        back = sum(1 for t in returned if t == colour)
        if drawn == 0 and back == 0:
            return _("no {colour} token was drawn", colour=name)
        if drawn == 0:
            return _("a {colour} token appeared and was put back by the redraw: it still counts", colour=name)
        if back == 0:
            return _n("{count} {colour} token was drawn", "{count} {colour} tokens were drawn", drawn, colour=name)
        return _n(
            "{count} {colour} token was drawn, and {back} more appeared and was put back",
            "{count} {colour} tokens were drawn, and {back} more appeared and was put back",
            drawn,
            colour=name,
            back=back,
        )
    assert isinstance(cond, AllDrawn)
    return _(
        "{drawn} of {total} {colour} tokens were drawn", drawn=drawn, total=bag.get(colour, 0), colour=name
    )


@lru_cache(maxsize=4096)
def _why(
    card_id: str,
    tokens: tuple[str, ...],
    composition: tuple[tuple[str, int], ...],
    returned: tuple[str, ...],
) -> tuple[bool, Text]:
    bag = dict(composition)
    card = TARGETS[card_id]
    parts = [_part_why(c, tokens, bag, returned) for c in card.condition.parts()]
    why = parts[0]
    for part in parts[1:]:
        why = _("{why}; {more}", why=why, more=part)
    return card.condition.holds(tokens, bag, tokens + returned), why


def why_text(
    card_id: str,
    tokens: tuple[str, ...] | list[str],
    bag: dict[str, int],
    returned: tuple[str, ...] | list[str] = (),
) -> Text:
    """Why a card is (or is not) achieved by the final ``tokens``, as a catalogue text.

    >>> from pokelab.herecomes.bag import DEFAULT_BAG
    >>> why_text("G01", ("red",) * 9 + ("blue",), dict(DEFAULT_BAG)).render("zh")
    '最后一枚是蓝色（需要红色）'
    """
    return _why(card_id, tuple(tokens), tuple(sorted(bag.items())), tuple(returned))[1]


def explain(
    card_id: str,
    tokens: tuple[str, ...] | list[str],
    bag: dict[str, int],
    returned: tuple[str, ...] | list[str] = (),
) -> dict[str, Any]:
    """Whether a card is achieved by the final ``tokens``, and why (``why``, a catalogue text).

    ``returned`` are the tokens put back into the bag by a redraw this round
    (HC-R4, HC-T2): they no longer count for gray and orange cards but have
    appeared, so they still break a purple card (HC-C2, HC-R5).

    >>> from pokelab.herecomes.bag import DEFAULT_BAG
    >>> e = explain("G01", ("red",) * 9 + ("blue",), dict(DEFAULT_BAG))
    >>> e["achieved"], e["why"].render("en")
    (False, 'the last token is blue (wanted red)')
    >>> e = explain("P01", ("red",) * 9 + ("blue",), dict(DEFAULT_BAG), returned=("purple",))
    >>> e["achieved"], e["why"].render("en")
    (False, 'a purple token appeared and was put back by the redraw: it still counts')
    >>> explain("Z9", (), {})
    Traceback (most recent call last):
    ...
    KeyError: 'Z9'
    """
    achieved, why = _why(card_id, tuple(tokens), tuple(sorted(bag.items())), tuple(returned))
    return {"card": _card(card_id), "achieved": achieved, "why": why}


def _still_appeared(token: str) -> Text:
    """HC-C2: a returned token has appeared; the redraw event says so."""
    return _("(it has appeared: purple cards of {colour} stay broken)", colour=colour_name(token))


def event_text(state: State, event: tuple[Any, ...]) -> Text:
    """A public event of the round (a trainer use, a vote, a redraw) in words, as a catalogue text.

    >>> from pokelab.herecomes import new_game
    >>> event_text(new_game(["Ann", "Bo"]), ("votes", (True, False))).render("en")
    'Redraw vote: Ann agreed'
    """
    kind = event[0]
    names = [seat_name(name, seat) for seat, name in enumerate(state.setup.names)]
    if kind == "extra_discard":
        _kind, p, _wave = event
        return _("{who} (Misty) discarded an extra card and drew a new one", who=names[p])
    if kind == "peek":
        _kind, p, target = event
        return _("{who} (Sabrina) looked at a card {other} discarded", who=names[p], other=names[target])
    if kind == "redraw":
        _kind, by, token = event
        if by < 0:
            return _(
                "Redraw agreed: the {colour} token on order card 4 went back into the bag {still}",
                colour=colour_name(token),
                still=_still_appeared(token),
            )
        return _(
            "{who} (Brock) put the {colour} token on order card 4 back into the bag {still}",
            who=names[by],
            colour=colour_name(token),
            still=_still_appeared(token),
        )
    if kind == "votes":
        yes = [names[i] for i, v in enumerate(event[1]) if v]
        nobody = _("nobody")
        return _("Redraw vote: {who} agreed", who=listing(yes, empty=nobody))
    if kind == "swap":
        _kind, p, idx = event
        return _(
            "{who} (Erika) swapped the token on order card 4 with token {index} on order card 3",
            who=names[p],
            index=idx,
        )
    return _("{event}", event=str(event))


def _event(state: State, event: tuple[Any, ...]) -> dict[str, Any]:
    kind = event[0]
    out: dict[str, Any] = {"kind": str(kind)}
    if kind in ("extra_discard", "peek", "swap"):
        out["player"] = event[1]
    if kind == "extra_discard":
        out["wave"] = event[2]
    elif kind == "peek":
        out["target"] = event[2]
    elif kind == "redraw":
        out["player"] = event[1] if event[1] >= 0 else None
        out["token"] = event[2]
    elif kind == "votes":
        out["votes"] = list(event[1])
    elif kind == "swap":
        out["index"] = event[2]
    out["text"] = event_text(state, event)
    return out


def _summary(state: State, viewer: int | None) -> dict[str, Any] | None:
    s = state.summary
    if s is None:
        return None
    bag = state.setup.bag
    n = len(state.hands)
    seats = []
    for p in range(n):
        entry: dict[str, Any] = {
            "seat": p,
            "kept": s["kept"][p],
            "kept_card": _card(s["kept"][p]) if s["kept"][p] else None,
            "gained": s["gained"][p],
        }
        if viewer is None or viewer == p:
            entry["checked"] = [
                explain(c, s["tokens"], bag, s["returned"]) for c in s["hands"][p]
            ]
        seats.append(entry)
    return {
        "round": s["round"],
        "leader": s["leader"],
        "tokens": list(s["tokens"]),
        "returned": list(s["returned"]),
        "appeared": [*s["tokens"], *s["returned"]],
        "seats": seats,
        "legend_winners": list(s["legend_winners"]),
        "events": [_event(state, e) for e in s["events"]],
    }


def observe(state: State, player: int | None = None) -> dict[str, Any]:
    """The view of ``player`` (``None``: the teacher's full view), its words catalogue texts. See the module docstring."""
    n = len(state.hands)
    if player is not None:
        check_seat(state, player, teacher=True)
    s = state
    teacher = player is None
    players = []
    for p in range(n):
        tid = s.trainers[p]
        trainer = None
        if tid is not None:
            trainer = dict(_TRAINER_DICTS[tid])
            # A pending extra discard (HC-T1) is secret until the reveal: hide its use from others.
            hidden = 1 if s.extra[p] is not None and not teacher and p != player else 0
            trainer["uses_this_round"] = s.round_uses[p] - hidden
            trainer["uses_this_game"] = s.game_uses[p] - hidden
        players.append(
            {
                "seat": p,
                "name": seat_name(s.setup.names[p], p),  # a default "Player N" in the reader's language
                "is_leader": p == s.leader,
                "is_you": p == player,
                "trainer": trainer,
                "scored": [_card(c) for c in s.scored[p]],
                "points": s.points[p],
                "hand_size": len(s.hands[p]),
            }
        )
    phase = s.phase

    def choice(p: int) -> dict[str, Any]:
        pend = s.pending[p]
        return {
            "discard": pend if phase == "discard" else None,
            "extra_discard": s.extra[p],
            "vote": pend if phase == "vote" else None,
            "keep": pend if phase == "keep" else None,
        }

    view: dict[str, Any] = {
        "game": "herecomes",
        "viewer": player,
        "round": s.round,
        "wave": s.wave,
        "phase": phase,
        "is_chance": s.is_chance,
        "is_over": s.is_over,
        "leader": s.leader,
        "variant": {"redraw": s.setup.variant.redraw, "win_points": s.setup.variant.win_points},
        "order_cards": [list(card) for card in s.order_cards],
        "tokens": list(s.tokens),
        "returned": list(s.returned),
        "appeared": [*s.tokens, *s.returned],
        "bag": s.bag,
        "bag_total": sum(s.bag_left),
        "composition": s.setup.bag,
        "deck_size": len(s.deck),
        "discard_size": len(s.discards),
        "waiting_for": list(s.to_move),
        "must_act": (player in s.to_move) if not teacher else None,
        "players": players,
        "hand": [] if teacher else [_card(c) for c in s.hands[player]],
        "my_choice": None if teacher else choice(player),
        "keep_options": [] if teacher or phase != "keep" else list(keep_options(s, player)),
        "seen_discards": []
        if teacher
        else [
            {"round": r, "player": o, "card": _card(c)} for r, o, c in s.peeks[player]
        ],
        "events": [_event(s, e) for e in s.events],
        "legal": [str(a) for a in legal_actions(s, player)],
        "last_round": _summary(s, player),
        "result": (
            {"winners": list(s.winners), "scores": list(s.points), "by_legend": s.by_legend}
            if s.is_over
            else None
        ),
    }
    if teacher:
        view["hands"] = [[_card(c) for c in hand] for hand in s.hands]
        view["pending"] = [choice(p) for p in range(n)]
        view["deck"] = list(s.deck)
        view["peeks"] = [
            [{"round": r, "player": o, "card": c} for r, o, c in seen] for seen in s.peeks
        ]
    return view
