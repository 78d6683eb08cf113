"""The end of a Here Comes Pokémon! round, where the pupil looks: what the board says above its table.

When a round is checked the engine starts the next one at once, and a bot leader would draw
its first wave a moment later: the last round would go by unseen (issue 42). The board shows
``round_end`` under its prompt instead — whether the redraw happened (HC-R4) and what each
seat scored — and, when a bot leads the new round, waits for the pupil's "Start round N"
before the bot draws (``confirm``). Everything here is public (the round's summary, HC-G3).

>>> from pokelab.herecomes import new_game, observe
>>> round_end(observe(new_game(["You", "Bo"]), 0), pending=True) is None   # no round is over yet
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokelab.herecomes.names import colour_name
from pokelab.words import Text, _, _n

__all__ = ["redraw_line", "round_end", "this_round_only"]


def redraw_line(last: Mapping[str, Any]) -> Text:
    """Whether the redraw happened in a checked round (a view's ``last_round``), and what it changed (HC-R4).

    >>> redraw_line({"tokens": ["red"] * 9 + ["blue"], "returned": ["green"], "events": []}).render("en")
    'The redraw happened: the green token on order card 4 went back into the bag and the new one is blue.'
    >>> redraw_line({"tokens": ["red"] * 10, "returned": [], "events": [{"kind": "votes"}]}).render("en")
    'No redraw: not every vote agreed, so the red token stayed on order card 4.'
    """
    tokens, returned = last["tokens"], last["returned"]
    if returned:
        return _(
            "The redraw happened: the {old} token on order card 4 went back into the bag and the new one is {new}.",
            old=colour_name(returned[-1]),
            new=colour_name(tokens[-1]),
        )
    if any(e["kind"] == "votes" for e in last["events"]):
        return _(
            "No redraw: not every vote agreed, so the {colour} token stayed on order card 4.",
            colour=colour_name(tokens[-1]),
        )
    return _("No redraw: nobody voted for one.")


def round_end(hc: Mapping[str, Any], *, pending: bool, bot_leads: bool = False) -> dict[str, Any] | None:
    """What the board says about the round just checked, or ``None`` (none over yet, or no longer news).

    ``hc``: a seat's view (``observe``); ``pending``: the next round has not begun on this board
    (no token drawn, not yet confirmed) — the end of the game is always shown; ``bot_leads``: a
    bot draws the next round's first wave, so the board waits for the pupil (``confirm``).
    ``{"round", "title", "redraw", "seats": [text per seat], "confirm", "button"}``, its words
    catalogue texts (or the view's own, rendered).
    """
    last = hc["last_round"]
    if last is None or not (pending or hc["is_over"]):
        return None
    seats = []
    for entry in last["seats"]:
        who = hc["players"][entry["seat"]]["name"]
        card = entry["kept_card"]
        if card is None:
            seats.append(_("{who}: no card scored.", who=who))
        else:
            gained = _n("+{count} point", "+{count} points", entry["gained"])
            seats.append(_("{who}: {card} scores ({gained}).", who=who, card=card["name"], gained=gained))
    confirm = bool(pending and bot_leads and not hc["is_over"])
    return {
        "round": last["round"],
        "title": _("Round {round} is over.", round=last["round"]),
        "redraw": redraw_line(last),
        "seats": seats,
        "confirm": confirm,
        "button": _("Start round {round}", round=hc["round"]) if confirm else None,
    }


def this_round_only(hc: dict[str, Any]) -> dict[str, Any]:
    """``hc`` (a seat's view) with only this round's looks at a discard (Sabrina, HC-T3): a new round starts with none.

    >>> this_round_only({"round": 2, "seen_discards": [{"round": 1, "player": 1}, {"round": 2, "player": 2}]})
    {'round': 2, 'seen_discards': [{'round': 2, 'player': 2}]}
    """
    hc["seen_discards"] = [seen for seen in hc["seen_discards"] if seen["round"] == hc["round"]]
    return hc
