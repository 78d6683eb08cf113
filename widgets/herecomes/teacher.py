"""The teacher's view of a Here Comes Pokémon! board: every hand with its odds, the face-down choices, the bots' reasoning.

Made from the engine's full view (``observe(state, None)``) only when the board's
kernel-side ``teacher`` option is on (a page cannot switch it: issue 29).

>>> from pokelab.herecomes import new_game
>>> seen = teacher_view(new_game(["Ann", "Bo"], seed=2), {}, [{"bot": None, "bot_title": None}] * 2, "en")
>>> [len(seat["hand"]) for seat in seen["seats"]], seen["seats"][1]["reason"]
([5, 5], None)
>>> teacher_view(new_game(2, seed=2), {}, [], "fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.herecomes import State, observe
from pokelab.words import check_lang, rendered
from widgets.herecomes.hand import advice_for, hand_odds
from widgets.herecomes.text import counted

__all__ = ["teacher_view"]


def teacher_view(
    state: State,
    decisions: Mapping[int, tuple[State, Any]],
    bots: Sequence[Mapping[str, Any]],
    lang: str,
) -> dict[str, Any]:
    """Every seat's hand and odds, its face-down choice, its bot (``bots[seat]``) and that bot's last reasoning.

    ``decisions``: seat -> (the state it decided in, its action), a board's record of its bots' moves.
    """
    check_lang(lang)
    full = observe(state, None)
    names = list(state.setup.names)
    seats = []
    for seat in range(len(names)):
        seats.append(
            {
                "seat": seat,
                "hand": [{k: v for k, v in r.items() if k != "p"} for r in hand_odds(state, seat)],
                "pending": full["pending"][seat],
                **bots[seat],
                "reason": _reason(decisions.get(seat), seat, state, names, lang),
            }
        )
    last = full["last_round"]
    return {"seats": seats, "last_round": None if last is None else counted(rendered(last, lang), lang)}


def _reason(
    decided: tuple[State, Any] | None, seat: int, state: State, names: list[str], lang: str
) -> dict[str, Any] | None:
    """A bot's last decision this round and what the exact odds said at that moment."""
    if decided is None:
        return None
    before, action = decided
    if before.round != state.round:
        return None
    return {
        "text": action.describe(lang, names),
        "wave": before.wave,
        "phase": before.phase,
        "advice": advice_for(before, seat),
        "odds": [{"id": r["id"], "p_float": r["p_float"], "ev": r["ev"], "ev_text": r["ev_text"]} for r in hand_odds(before, seat)],
    }
