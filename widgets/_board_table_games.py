"""The two games at a shared table: how a seat's ``Table.view`` becomes the page's view, and intents moves.

Each draws with its game's own page (``widgets/js/splendor/`` / ``widgets/js/herecomes/``) from
the seat's ``observe`` view only (``widgets._board_table``). The log names every
Splendor move (nothing in Splendor's moves is hidden: reserves come from the open
display, SP-A3); in Here Comes a seat reads its own moves in full and the others'
face down (HC-G3), as ``describe(hidden=True)`` words them.

>>> sorted(BOARDS)
['herecomes', 'splendor']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import traitlets

from pokelab import herecomes as hc
from pokelab import splendor as sp
from pokelab.words import _, rendered
from widgets._board_errors import BadIntent, _require, _short
from widgets._board_table import BOARDS, TableBoard
from widgets._herecomes_hand import hand_odds, kept_hand_value
from widgets._herecomes_round import round_end, this_round_only
from widgets._herecomes_text import counted, trainer_actions
from widgets._herecomes_text import labels as hc_labels
from widgets._splendor_intent import parse_intent
from widgets._splendor_view import board_view
from widgets.herecomes_board import HereComesBoard
from widgets.splendor import SplendorBoard
from widgets.tokens import view_marks

__all__ = ["HereComesTable", "SplendorTable", "herecomes_intent"]


def _named(observation: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The observation with the names the pupils sat down with (the game was dealt before they came)."""
    players = [{**p, "name": names[i]} for i, p in enumerate(observation["players"])]
    return {**observation, "players": players}


class SplendorTable(TableBoard):
    """A seat of a shared Splendor: Pokémon table (``SplendorBoard.join``)."""

    game = "splendor"
    _esm = SplendorBoard._esm  # the game's own page (and whatever it bundles)
    _css = SplendorBoard._css

    def _board_view(self, v: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
        observation = _named(rendered(v["observation"], self.lang), names)
        legal = [sp.parse_action(text) for text in observation["legal"]]
        return board_view(observation, legal, self.lang)

    def _parse_intent(self, action: Any) -> Any:
        return parse_intent(action)

    def _log_entries(self, names: list[str]) -> list[dict[str, Any]]:
        out = []
        for m in self._moves:
            if m["seat"] is None or m["kind"] == "chance":
                continue
            action = sp.parse_action(m["action"])
            out.append({"seat": m["seat"], "who": names[m["seat"]], "bot": m["kind"] == "bot",
                        "text": action.describe(self.lang)})
        return out


class HereComesTable(TableBoard):
    """A seat of a shared Here Comes Pokémon! table (``HereComesBoard.join``): only this seat's hand is here."""

    game = "herecomes"
    figure = traitlets.Dict().tag(sync=True)
    show_odds = traitlets.Bool(False).tag(sync=True)
    advisor = traitlets.Bool(False).tag(sync=True)
    monte_carlo = traitlets.Bool(False).tag(sync=True)
    mc_samples = traitlets.Int(4000).tag(sync=True)
    teacher = traitlets.Bool(False).tag(sync=True)
    _esm = HereComesBoard._esm
    _css = HereComesBoard._css

    def _board_view(self, v: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
        seat = self.seat
        # HC-T3: what Sabrina showed this seat belongs to its round (widgets._herecomes_round)
        observation = this_round_only(_named(rendered(v["observation"], self.lang), names))
        odds = [{k: x for k, x in r.items() if k != "p"} for r in hand_odds(observation, seat)]
        trainers = trainer_actions([hc.parse_action(text) for text in observation["legal"]], names, self.lang)
        view = {
            "hc": counted(observation, self.lang),
            # the round just checked, through the next one's first wave (the table draws it at once; nobody waits)
            "round_end": round_end(observation, pending=observation["wave"] == 1),
            "odds": odds,
            "hand_ev": kept_hand_value(observation, seat),
            "advice": None,
            "trainer_actions": trainers,
            "teacher": None,
            "rules": {"redraw": observation["variant"]["redraw"]},
            "labels": hc_labels(self.lang),
            "colours": list(hc.COLOURS),
            "marks": view_marks(hc.COLOURS),
            "waves": list(hc.WAVES),
            "curtain": None,
        }
        return json.loads(json.dumps(rendered(view, self.lang), default=str))  # no text left unworded

    def _parse_intent(self, action: Any) -> Any:
        return herecomes_intent(action, self.seat)

    def _log_entries(self, names: list[str]) -> list[dict[str, Any]]:
        out = []
        for m in self._moves:
            if m["seat"] is None or m["kind"] == "chance":
                continue
            action = hc.read_observed(m["action"])  # another seat's face-down choice is a stand-in
            mine = m["seat"] == self.seat
            if isinstance(action, hc.UseTrainer) and not mine:
                continue  # its public effect is in the table's events
            out.append({"seat": m["seat"], "who": names[m["seat"]], "bot": m["kind"] == "bot",
                        "text": action.describe(self.lang, names, hidden=not mine)})
        return out


def herecomes_intent(action: Any, seat: int) -> Any:
    """A Here Comes page intent (``discard``/``keep``/``vote``/``trainer``) as ``seat``'s engine action.

    >>> str(herecomes_intent({"kind": "discard", "card": "G13"}, 1))
    'Discard(1, G13)'
    >>> herecomes_intent({"kind": "draw"}, 0)
    Traceback (most recent call last):
    ...
    widgets._board_errors.BadIntent: at a shared table the tokens are drawn by the table itself
    """
    if not isinstance(action, Mapping):
        raise BadIntent(_("an intent is an object such as {example}", example="{'kind': 'discard', 'card': 'G13'}"))
    kind = action.get("kind")
    if kind == "draw":
        raise BadIntent(_('at a shared table the tokens are drawn by the table itself'))
    if kind in ("discard", "keep"):
        card = _require(action, "card", str)
        return hc.Discard(seat, card) if kind == "discard" else hc.Keep(seat, card)
    if kind == "vote":
        return hc.VoteRedraw(seat, _require(action, "agree", bool))
    if kind == "trainer":
        target = action.get("target")
        if target is not None and (isinstance(target, bool) or not isinstance(target, str | int)):
            raise BadIntent(_("a trainer's target is a card id or a seat number, not {target}", target=_short(target)))
        return hc.UseTrainer(seat, _require(action, "power", str), target)
    raise BadIntent(_('unknown intent kind {kind}: use discard, vote, keep or trainer', kind=_short(kind)))


BOARDS.update({"splendor": SplendorTable, "herecomes": HereComesTable})
