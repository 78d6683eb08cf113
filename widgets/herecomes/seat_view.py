"""What a seat at a shared Here Comes table sees: its view from ``Table.view`` only, and the moves as it may read them.

A board sat at a table (``HereComesBoard.join``) never holds the round's state: its view is built
from the seat's observation (``observe(state, seat)``, made by the table) — its own hand, its odds,
the table — and the log from the seat's view of the moves (HC-G3: another seat's choices face down).

>>> from pokelab.herecomes import new_game, observe
>>> seen = observe(new_game(["Ann", "Bo"], seed=2), 1)
>>> view, rows, basis = seat_view(seen, 1, ["Ann", "Bo"], "zh", odds=True)
>>> len(view["hc"]["hand"]), len(rows), basis[2], view["labels"]["your_hand"]
(5, 5, 1, '你的手牌')
>>> seat_view(seen, 1, ["Ann", "Bo"], "fr", odds=True)
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.herecomes import COLOURS, WAVES, UseTrainer, parse_action, read_observed
from pokelab.words import check_lang, rendered
from widgets._words import Said
from widgets.board.seated import named_players
from widgets.herecomes.hand import hand_odds, kept_hand_value
from widgets.herecomes.round import round_end, this_round_only
from widgets.herecomes.text import labels, page_hc, trainer_actions
from widgets.tokens import view_marks

__all__ = ["seat_move_text", "seat_view"]


def seat_view(
    observation: Mapping[str, Any], seat: int, names: Sequence[str], lang: str, *, odds: bool
) -> tuple[dict[str, Any], list[dict[str, Any]], tuple[Any, ...]]:
    """The page's view of ``seat`` from its observation, the odds rows of its hand, and what the figure needs.

    ``odds``: the odds beside the hand (``show_odds``). The figure's basis is ``(bag, tokens, round)``.
    """
    check_lang(lang)
    names = list(names)
    # HC-T3: what Sabrina showed this seat belongs to its round (widgets.herecomes.round)
    seen = this_round_only(named_players(rendered(dict(observation), lang), names))
    rows = hand_odds(seen, seat) if odds else []
    basis = (seen["composition"], tuple(seen["tokens"]), seen["round"])
    view = {
        "hc": page_hc(seen, lang),
        # the round just checked, through the next one's first wave (the table draws it at once; nobody waits)
        "round_end": round_end(seen, pending=seen["wave"] == 1),
        "odds": [{k: x for k, x in r.items() if k != "p"} for r in rows],
        "hand_ev": kept_hand_value(seen, seat) if odds else None,
        "advice": None,
        "coach": None,
        "trainer_actions": trainer_actions([parse_action(text) for text in seen["legal"]], names, lang),
        "teacher": None,
        "rules": {"redraw": seen["variant"]["redraw"]},
        "labels": labels(lang),
        "colours": list(COLOURS),
        "marks": view_marks(COLOURS),
        "waves": list(WAVES),
        "curtain": None,
    }
    return json.loads(json.dumps(rendered(view, lang), default=str)), rows, basis  # no text left unworded


def seat_move_text(move: Mapping[str, Any], seat: int, names: Sequence[str]) -> Said | None:
    """A table move as ``seat`` may read it: its own in full, another's face down; another's trainer is in the events.

    >>> seat_move_text({"seat": 0, "action": "Discard(0, ?)"}, 1, ["Ann", "Bo"]).say("en")
    'Ann discards a card face down'
    >>> seat_move_text({"seat": 0, "action": "Fly(away)"}, 1, ["Ann", "Bo"])
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: ...
    """
    action = read_observed(move["action"])  # another seat's face-down choice is a stand-in
    mine = move["seat"] == seat
    if isinstance(action, UseTrainer) and not mine:
        return None
    names = list(names)
    return Said(lambda lang: action.describe(lang, names, hidden=not mine))
