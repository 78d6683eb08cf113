"""The end of a Here Comes Pokémon! round, where the pupil looks: what the board says above its table.

When a round is checked the engine starts the next one at once, and a bot leader would draw
its first wave a moment later: the last round would go by unseen (issue 42). The board shows
``round_end`` under its prompt instead — whether the redraw happened (HC-R4) and what each
seat scored — and, when a bot leads the new round, waits for the pupil's "Start round N"
before the bot draws (``confirm``). Everything here is public (the round's summary, HC-G3).

>>> from pokelab.herecomes import new_game
>>> round_end(new_game(["You", "Bo"]), ["You", "Bo"], pending=True) is None   # no round is over yet
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.core.texts import seat_name
from pokelab.herecomes import TARGETS, State
from pokelab.herecomes.names import colour_name
from pokelab.words import Text, _, _n

__all__ = ["redraw_line", "round_end"]


def redraw_line(summary: Mapping[str, Any]) -> Text:
    """Whether the redraw happened in a checked round (its summary), and what it changed (HC-R4).

    >>> from types import MappingProxyType as M
    >>> redraw_line(M({"tokens": ("red",) * 9 + ("blue",), "returned": ("green",), "events": ()})).render("en")
    'The redraw happened: the green token on order card 4 went back into the bag and the new one is blue.'
    >>> redraw_line(M({"tokens": ("red",) * 10, "returned": (), "events": (("votes", (True, False)),)})).render("en")
    'No redraw: not every vote agreed, so the red token stayed on order card 4.'
    """
    tokens, returned = summary["tokens"], summary["returned"]
    if returned:
        return _(
            "The redraw happened: the {old} token on order card 4 went back into the bag and the new one is {new}.",
            old=colour_name(returned[-1]),
            new=colour_name(tokens[-1]),
        )
    if any(e[0] == "votes" for e in summary["events"]):
        return _(
            "No redraw: not every vote agreed, so the {colour} token stayed on order card 4.",
            colour=colour_name(tokens[-1]),
        )
    return _("No redraw: nobody voted for one.")


def round_end(state: State, names: Sequence[str], *, pending: bool, bot_leads: bool = False) -> dict[str, Any] | None:
    """What the board says about the round just checked, or ``None`` (none over yet, or no longer news).

    ``pending``: the next round has not begun on this board (no token drawn, not yet confirmed) or
    the game is over; ``bot_leads``: a bot draws the next round's first wave, so the board waits
    for the pupil (``confirm``). ``{"round", "title", "redraw", "seats": [text per seat],
    "confirm", "button"}``, its words catalogue texts.
    """
    summary = state.summary
    if summary is None or not (pending or state.is_over):
        return None
    seats = []
    for seat, kept in enumerate(summary["kept"]):
        who = seat_name(names[seat], seat)
        if kept is None:
            seats.append(_("{who}: no card scored.", who=who))
        else:
            gained = _n("+{count} point", "+{count} points", summary["gained"][seat])
            seats.append(_("{who}: {card} scores ({gained}).", who=who, card=TARGETS[kept].pokemon, gained=gained))
    confirm = bool(pending and bot_leads and not state.is_over)
    return {
        "round": summary["round"],
        "title": _("Round {round} is over.", round=summary["round"]),
        "redraw": redraw_line(summary),
        "seats": seats,
        "confirm": confirm,
        "button": _("Start round {round}", round=state.round) if confirm else None,
    }
