"""The odds of one seat's hand at a Here Comes Pokémon! table: what a board shows beside the cards.

A view-model over ``pokelab.odds``: each card's exact chance now, one wave
earlier and after a redraw (``hand_odds``), the advisor's word for the current
step (``advice_for``), and the expected points of a two-card hand
(``kept_hand_value``). Everything here is exact (``Fraction``) with ``float``
copies for drawing; results are cached per position, so redrawing a board is cheap.

Each function takes a seat's ``observe`` view, or an engine ``State`` and the
seat, which is first turned into that seat's view: what it reads is only what
the player may know (their hand, the tokens shown, the bag's composition).

>>> from pokelab.herecomes import scenario
>>> s = scenario(2, hands={0: ["G01", "P01", "O01", "G13", "L01"]}, trainers=False)
>>> [r["p_text"] for r in hand_odds(s, 0)][:2]
['3/10', '3/20']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pokelab.core.texts import decimals
from pokelab.herecomes.bag import WAVES
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.state import State, check_seat
from pokelab.herecomes.view import observe
from pokelab.odds.advice import advise_discard, expected_points, redraw_gain
from pokelab.odds.exact import probability, redraw_probability
from pokelab.odds.inputs import LEGEND_VALUE

__all__ = ["advice_for", "card_value", "hand_odds", "kept_hand_value", "previous_shown"]

_BOUNDARIES = tuple(sum(WAVES[:i]) for i in range(len(WAVES) + 1))  # (0, 4, 7, 9, 10)


def _seat_view(state: State | Mapping[str, Any], seat: int | None) -> tuple[int, Mapping[str, Any]]:
    """``(seat, that seat's view)``: a view passes through, a ``State`` goes through ``observe(state, seat)``.

    >>> from pokelab.herecomes import new_game, observe
    >>> _seat_view(observe(new_game(2), 1), None)[0]
    1
    >>> _seat_view(observe(new_game(2), 1), 0)
    Traceback (most recent call last):
    ...
    ValueError: this is seat 1's view, not seat 0's
    """
    if isinstance(state, Mapping):
        viewer = state.get("viewer")
        if viewer is None:
            raise ValueError("the odds of a hand need a player's view, not the teacher's (viewer None)")
        if seat is not None and seat != viewer:
            raise ValueError(f"this is seat {viewer}'s view, not seat {seat}'s")
        return viewer, state
    check_seat(state, seat)
    return seat, observe(state, seat)


def _hand(view: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(c["id"] for c in view["hand"])


def card_value(card_id: str) -> int:
    """What achieving a card is worth: its points, or ``LEGEND_VALUE`` for a legend (HC-G1).

    >>> card_value("L01") == LEGEND_VALUE, card_value("G01")
    (True, 1)
    >>> card_value("Z99")
    Traceback (most recent call last):
    ...
    KeyError: 'Z99'
    """
    card = TARGETS[card_id]
    return LEGEND_VALUE if card.is_legend else card.points


def previous_shown(state: State | Mapping[str, Any]) -> tuple[str, ...] | None:
    """The tokens that were shown one step earlier: the last wave boundary, or before a redraw.

    >>> from pokelab.herecomes import new_game, apply, Draw
    >>> s = new_game(2, seed=1)
    >>> previous_shown(s) is None
    True
    >>> for c in ("red", "red", "blue"):
    ...     s = apply(s, Draw(c))
    >>> previous_shown(s)  # wave 1 is being drawn: the round's start
    ()
    >>> previous_shown("not a state")
    Traceback (most recent call last):
    ...
    AttributeError: 'str' object has no attribute 'tokens'
    """
    if isinstance(state, Mapping):  # a view: the same public tokens
        tokens, returned = tuple(state["tokens"]), tuple(state["returned"])
    else:
        tokens, returned = tuple(state.tokens), tuple(state.returned)
    if returned:
        # HC-R4: before the redraw the returned token still lay on order card 4
        return (*tokens[:9], returned[-1])
    earlier = [b for b in _BOUNDARIES if b < len(tokens)]
    return tokens[: earlier[-1]] if earlier else None


def hand_odds(
    state: State | Mapping[str, Any], seat: int | None = None, *, cards: Sequence[str] | None = None
) -> list[dict[str, Any]]:
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
    pokelab.errors.InputError: there is no seat 5: seats are 0 to 1
    """
    seat, view = _seat_view(state, seat)
    ids = _hand(view) if cards is None else tuple(cards)
    rows = _odds_rows(
        ids,
        tuple(view["tokens"]),
        previous_shown(view),
        _bag_key(view),
        _redraw_open(view),
        view["my_choice"]["extra_discard"],
        tuple(view["returned"]),
    )
    return [dict(row) for row in rows]


def _bag_key(view: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    return tuple(view["composition"].items())


def _redraw_open(view: Mapping[str, Any]) -> bool:
    return len(view["tokens"]) == _BOUNDARIES[-1] and view["phase"] == "vote"


@lru_cache(maxsize=512)
def _odds_rows(
    ids: tuple[str, ...],
    tokens: tuple[str, ...],
    prev: tuple[str, ...] | None,
    bag_items: tuple[tuple[str, int], ...],
    redraw_open: bool,
    extra: str | None,
    returned: tuple[str, ...] = (),
) -> tuple[Mapping[str, Any], ...]:
    bag = dict(bag_items)
    # HC-C2: tokens put back this round have appeared (purple cards); ``prev`` before the
    # latest redraw held the last returned token on order card 4, so only the earlier ones count.
    earlier = returned[:-1]
    rows = []
    for cid in ids:
        card = TARGETS[cid]
        p = probability(card, bag=bag, shown=tokens, returned=returned)
        before = None if prev is None else probability(card, bag=bag, shown=prev, returned=earlier)
        again = (
            redraw_probability(card, bag=bag, shown=tokens, returned=returned) if redraw_open else None
        )
        value = card_value(cid)
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
                "ev_text": decimals(p * value),  # the chart's label beside it is the same text
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


def advice_for(state: State | Mapping[str, Any], seat: int | None = None) -> dict[str, Any] | None:
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
    pokelab.errors.InputError: there is no seat 3: seats are 0 to 1
    """
    seat, view = _seat_view(state, seat)
    if seat not in view["waiting_for"]:
        return None
    tokens = tuple(view["tokens"])
    phase = view["phase"]
    if phase == "discard":
        extra = view["my_choice"]["extra_discard"]
        ids = tuple(c for c in _hand(view) if c != extra)
        options = _discard_advice(ids, tokens, _bag_key(view))
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
    if phase == "vote" and len(tokens) == _BOUNDARIES[-1]:
        hand = [TARGETS[c] for c in _hand(view)]
        gain = redraw_gain(hand, tokens, bag=dict(view["composition"]), returned=tuple(view["returned"]))
        return {"kind": "vote", "gain": float(gain), "exact": str(gain), "agree": gain > 0}
    if phase == "keep":
        options = list(view["keep_options"])
        if options:
            return {"kind": "keep", "best": max(options, key=card_value)}
    return None


def kept_hand_value(state: State | Mapping[str, Any], seat: int | None = None) -> dict[str, Any] | None:
    """Expected points this round of the two cards ``seat`` keeps (after wave 3, before the check), else ``None``.

    >>> from pokelab.herecomes import scenario
    >>> s = scenario(2, hands={0: ["G01", "P01", "O01", "G13", "L01"]}, trainers=False)
    >>> kept_hand_value(s, 0) is None     # five cards: the hand is not down to two yet
    True
    >>> kept_hand_value(s, 2)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: there is no seat 2: seats are 0 to 1
    """
    _, view = _seat_view(state, seat)
    hand = _hand(view)
    if len(hand) != 2 or view["phase"] in ("keep", "over"):
        return None
    ev = expected_points(
        [TARGETS[c] for c in hand],
        bag=dict(view["composition"]),
        shown=tuple(view["tokens"]),
        returned=tuple(view["returned"]),  # HC-C2: tokens put back have appeared
    )
    return {"value": float(ev), "exact": str(ev)}
