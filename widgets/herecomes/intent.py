"""What a Here Comes Pokémon! board's page may ask for, as an engine action of the seat it plays.

The page sends intents (``{"kind": "discard", "card": "G13"}``, ``{"kind": "draw"}``, …) or
an action's text; each becomes the move of ``seat`` or a ``BadIntent`` saying why not, in
the board's language. A seat at a shared table reads its intents here too, with a ``draw``
that refuses (there the table draws: ``widgets.board.table.refuse_draw_at_table``).

>>> str(board_intent({"kind": "vote", "agree": True}, 1, draw=lambda: "drawn"))
'VoteRedraw(1, yes)'
>>> board_intent({"kind": "draw"}, 0, draw=lambda: "drawn")
'drawn'
>>> board_intent("Discard(1, G01)", 0, draw=lambda: "drawn")
Traceback (most recent call last):
...
widgets.board.errors.BadIntent: you play Player 1, not Player 2
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pokelab.core.texts import player_name
from pokelab.herecomes import Discard, Draw, Keep, UseTrainer, VoteRedraw, parse_action
from pokelab.words import _
from widgets.board.errors import BadIntent, _require, _short

__all__ = ["board_intent"]


def board_intent(action: Any, seat: int, *, draw: Callable[[], Any]) -> Any:
    """The page's ``action`` as ``seat``'s engine action; ``draw()`` gives the leader's draw (a wave, a redraw)."""
    if isinstance(action, str):
        if action == "DrawWave":
            return draw()
        try:
            parsed = parse_action(action)
        except ValueError:
            raise BadIntent(_("cannot read the move {action}", action=_short(action))) from None
        if isinstance(parsed, Draw):
            raise BadIntent(
                _("tokens are drawn from the bag, not chosen: send {example}", example="{'kind': 'draw'}"),
            )
        if parsed.player != seat:
            named = player_name(parsed.player) if parsed.player >= 0 else repr(parsed.player)
            raise BadIntent(_('you play {me}, not {player}', me=player_name(seat), player=named))
        return parsed
    if not isinstance(action, Mapping):
        raise BadIntent(
            _("an intent is an object such as {example}", example="{'kind': 'discard', 'card': 'G13'}"),
        )
    kind = action.get("kind")
    if kind == "draw":
        return draw()
    if kind in ("discard", "keep"):
        card = _require(action, "card", str)
        return Discard(seat, card) if kind == "discard" else Keep(seat, card)
    if kind == "vote":
        return VoteRedraw(seat, _require(action, "agree", bool))
    if kind == "trainer":
        power = _require(action, "power", str)
        target = action.get("target")
        if target is not None and (isinstance(target, bool) or not isinstance(target, str | int)):
            raise BadIntent(
                _("a trainer's target is a card id or a seat number, not {target}", target=_short(target)),
            )
        return UseTrainer(seat, power, target)
    raise BadIntent(_('unknown intent kind {kind}: use draw, discard, vote, keep or trainer', kind=_short(kind)))
