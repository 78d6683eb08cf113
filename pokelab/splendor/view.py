"""``observe(state, player)``: the view one player may see — the input of widgets and bots.

Hidden information: the order of the deck (only ``deck_size`` is shown). Reserved
cards are public (SP-A3 decision), so every player's reserve is shown in full.

View schema (``VIEW_VERSION`` 1)::

    {
      "game": "splendor", "version": 1,
      "viewer": int,                  # the player this view is for
      "num_players": int,
      "current_player": int,          # whose turn it is
      "first_player": int,            # who opens each round
      "round": int, "round_cap": int,
      "phase": "main" | "after_main" | "return",
      "main_done": bool,              # main action taken this turn?
      "evolved": bool,                # evolved this turn?
      "must_return": int,             # tokens the current player must give back now
      "is_over": bool, "stalled": bool,
      "ending": bool,                 # someone reached 18: this round is the last
      "end_points": 18, "token_limit": 10,
      "supply": {colour: int},        # red blue green yellow black master
      "display": [card, ...],         # face-up cards, full card data (see Card.to_dict)
      "deck_size": int,
      "discard": [card, ...],         # evolved-away cards
      "players": [{
          "index": int, "name": str | Text (a default name), "is_you": bool, "is_current": bool,
          "tokens": {colour: int}, "token_count": int,
          "discounts": {colour: int},  # the five regular colours
          "captured": [card, ...], "reserved": [card, ...],
          "points": int, "evolved_count": int}, ...],
      "legal": [str, ...],            # the viewer's legal actions (str form); [] when not their turn
      "result": null | {"winners": [int], "scores": [int], "stalled": bool},
      "variant": {"supply": str, "evolution_cost": int, "round_cap": int,
                  "frozen_display": "sweep" | "wait"},   # "sweep" by default (SP-T5); see Variant
      "display_frozen": bool          # only rare/legendary cards shown and no master ball held
                                      # (under "sweep" a turn starts frozen only when the deck
                                      # holds no normal card)
    }

A card is ``{"id", "name", "tier", "stage", "evolves_from", "cost": {colour: int},
"discount", "points"}``, plus ``"effective_cost"`` (the cost after the viewer's
discounts) for the display and the viewer's reserve, and there ``"payment"``: the
tokens ``Catch(card)`` takes from the viewer (``cheapest_payment``, the rule ``apply``
pays by; ``{colour: int}``, no zeros, master balls under ``"master"``), or ``None``
when the viewer cannot pay for it. Its ``name`` is a catalogue
``Text`` (``pokelab.words``): a view is rendered in its reader's language where it
is shown, ``rendered(view, lang)``, and is JSON-safe then.

>>> from pokelab.splendor import new_game
>>> v = observe(new_game(2, seed=1), 0)
>>> v["deck_size"], len(v["display"]), v["phase"], sorted(v["display"][0]["cost"])
(86, 4, 'main', ['black', 'blue', 'green', 'red', 'yellow'])
>>> v["display"][0]["payment"] is None   # no tokens yet: nothing on the display is affordable
True
>>> v["variant"]["frozen_display"], v["display_frozen"]
('sweep', False)
>>> v["display"][0]["name"].render("zh") == CARDS[v["display"][0]["id"]].pokemon.render("zh")
True
>>> import json; from pokelab.words import rendered; shown = rendered(v, "zh"); json.loads(json.dumps(shown)) == shown
True
>>> observe(new_game(2), 2)
Traceback (most recent call last):
...
pokelab.errors.InputError: player must be 0..1, got 2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.errors import IllegalAction, InputError
from pokelab.splendor.cards import CARDS, COLOURS, TOKEN_COLOURS
from pokelab.splendor.legal import legal_actions
from pokelab.splendor.payment import cheapest_payment
from pokelab.splendor.scoring import result
from pokelab.splendor.state import END_POINTS, TOKEN_LIMIT, State
from pokelab.splendor.sweep import _frozen
from pokelab.words import _

__all__ = ["VIEW_VERSION", "card_view", "observe"]

VIEW_VERSION = 1
#: Each card's fixed data, its name a catalogue text (rendered where the card is shown).
_CARD_BASE = {cid: c.to_dict() for cid, c in CARDS.items()}
_COST = {cid: c.cost for cid, c in CARDS.items()}


def card_view(card_id: int, discounts: tuple[int, ...] | None = None) -> dict[str, Any]:
    """A fresh dict of one card (its ``name`` a catalogue text); with ``discounts`` also its ``effective_cost``.

    >>> card_view(2, (1, 1, 0, 0, 0))["effective_cost"]
    {'red': 0, 'blue': 1, 'green': 2, 'yellow': 0, 'black': 0}
    >>> card_view(999)
    Traceback (most recent call last):
    ...
    KeyError: 'no card has id 999'
    """
    try:
        base = _CARD_BASE[card_id]
    except KeyError:
        raise KeyError(f"no card has id {card_id}") from None
    out = base.copy()
    out["cost"] = base["cost"].copy()
    if discounts is not None:
        r, b, g, y, k = _COST[card_id]
        d0, d1, d2, d3, d4 = discounts
        out["effective_cost"] = {
            "red": r - d0 if r > d0 else 0,
            "blue": b - d1 if b > d1 else 0,
            "green": g - d2 if g > d2 else 0,
            "yellow": y - d3 if y > d3 else 0,
            "black": k - d4 if k > d4 else 0,
        }
    return out


def _priced(state: State, card_id: int, player: int) -> dict[str, Any]:
    """``card_id``'s view for ``player`` with its ``effective_cost`` and the ``payment`` a catch takes (or None)."""
    out = card_view(card_id, state.players[player].dsc)
    try:
        out["payment"] = cheapest_payment(state, card_id, player)
    except IllegalAction:
        out["payment"] = None
    return out


def observe(state: State, player: int, *, legal: Sequence[Any] | None = None) -> dict[str, Any]:
    """The view of ``state`` for ``player``, its texts catalogue texts (see the module docstring for the schema).

    ``legal``: ``legal_actions(state)`` when the caller has already computed them (a board, once per publish).
    """
    if type(state) is not State:
        raise TypeError(f"observe expects a splendor State, got {type(state).__name__}")
    n = len(state.players)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise InputError(_('player must be 0..{last}, got {player}', last=n - 1, player=repr(player)))
    players = []
    for i, p in enumerate(state.players):
        own = i == player
        players.append(
            {
                "index": i,
                "name": seat_name(p.name, i),  # a default "Player N" in the reader's language
                "is_you": own,
                "is_current": i == state.current_player,
                "tokens": dict(zip(TOKEN_COLOURS, p.tok, strict=True)),
                "token_count": sum(p.tok),
                "discounts": dict(zip(COLOURS, p.dsc, strict=True)),
                "captured": [card_view(c) for c in p.captured],
                "reserved": [_priced(state, c, player) if own else card_view(c) for c in p.reserved],
                "points": p.points,
                "evolved_count": p.evolved_count,
            }
        )
    over = state.is_over
    legal = (
        [str(a) for a in (legal_actions(state) if legal is None else legal)]
        if not over and player == state.current_player
        else []
    )
    return {
        "game": "splendor",
        "version": VIEW_VERSION,
        "viewer": player,
        "num_players": n,
        "current_player": state.current_player,
        "first_player": state.first_player,
        "round": state.round,
        "round_cap": state.variant.round_cap,
        "phase": state.phase,
        "main_done": state.main_done,
        "evolved": state.evolved,
        "must_return": state.must_return,
        "is_over": over,
        "stalled": state.stalled,
        "ending": state.ending,
        "end_points": END_POINTS,
        "token_limit": TOKEN_LIMIT,
        "supply": dict(zip(TOKEN_COLOURS, state.sup, strict=True)),
        "display": [_priced(state, c, player) for c in state.display],
        "deck_size": len(state.deck),
        "discard": [card_view(c) for c in state.discard],
        "players": players,
        "legal": legal,
        "result": result(state).to_dict() if over else None,
        "variant": state.variant.to_dict(),
        "display_frozen": _frozen(state.players, state.display),
    }
