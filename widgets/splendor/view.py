"""What the Splendor board's page draws: one seat's ``observe`` view with its legal moves, in the board's language.

>>> from pokelab import splendor as sp
>>> seen = board_view(sp.observe(sp.new_game(["Ann", "Ben"], seed=1), 0), [], "zh")
>>> seen["moves"]["pass"], seen["labels"]["your_turn"]
(False, '轮到你了')
>>> board_view(sp.observe(sp.new_game(["Ann", "Ben"], seed=1), 0), [], "fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr': choose 'en' or 'zh'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokelab import splendor as sp
from pokelab.core.texts import seat_name
from pokelab.splendor.cards import COLOURS, TOKEN_COLOURS
from pokelab.words import _, _n, check_lang, render, rendered
from widgets.splendor.text import labels
from widgets.tokens import view_marks

__all__ = ["board_view", "result_text", "shown_name"]


def shown_name(name: str, seat: int, lang: str) -> str:
    """A seat's name as the board shows it: the engine's own "Player N" (a game dealt for a count of
    players, as ``pokelab.sim.play`` does) in ``lang``, any other name as it was given.

    >>> shown_name("Player 2", 1, "zh"), shown_name("Player 2", 0, "zh"), shown_name("Ann", 0, "zh")
    ('玩家 2', 'Player 2', 'Ann')
    >>> shown_name("Player 1", 0, "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    check_lang(lang)
    return render(seat_name(name, seat), lang)


def board_view(view: dict[str, Any], legal: list[Any], lang: str) -> dict[str, Any]:
    """The board's view from one seat's ``observe`` view and its legal actions (what the page draws).

    >>> state = sp.new_game(["Ann", "Ben"], seed=1)
    >>> seen = board_view(sp.observe(state, 1), sp.legal_actions(state), "en")
    >>> seen["can_move"], seen["moves"]["pass"], "legal" in seen, seen["labels"]["title"]
    (True, False, False, 'Splendor: Pokémon')
    >>> board_view(sp.observe(state, 0), [], "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    viewer = view["viewer"]
    catch = {a.card for a in legal if isinstance(a, sp.Catch)}
    reserve = {a.card for a in legal if isinstance(a, sp.Reserve)}
    evolve: dict[int, list[int]] = {}
    for a in legal:
        if isinstance(a, sp.Evolve):
            evolve.setdefault(a.into, []).append(a.base)
    check_lang(lang)
    for card in _all_cards(view):
        base = card.get("evolves_from")
        if base is not None:
            card["from_name"] = sp.CARDS[base].pokemon
    view = rendered({k: v for k, v in view.items() if k != "legal"}, lang)  # the page reads the moves below, not their texts
    you = _("You").render(lang)
    for player in view["players"]:  # "You (you)" once: no tag beside a seat already named "You"
        player["name"] = shown_name(player["name"], player["index"], lang)
        player["named_you"] = player["name"] == you
    me = view["players"][viewer]
    for card in [*view["display"], *me["reserved"]]:
        card["can_catch"] = card["id"] in catch
        card["can_reserve"] = card["id"] in reserve
        card["evolve_from"] = evolve.get(card["id"], [])
    view["can_move"] = bool(legal)  # the viewer has a move to make now
    view["moves"] = {
        "pass": any(isinstance(a, sp.Pass) for a in legal),
        "end_turn": any(isinstance(a, sp.EndTurn) for a in legal),
        "evolve": [[a.base, a.into] for a in legal if isinstance(a, sp.Evolve)],
    }
    view["result_text"] = result_text(view, lang)
    view["deck_text"] = _n("{count} card", "{count} cards", view["deck_size"]).render(lang)
    view["labels"] = labels(lang)
    view["colours"] = list(COLOURS)
    view["token_colours"] = list(TOKEN_COLOURS)
    view["marks"] = view_marks(TOKEN_COLOURS)  # a symbol per colour, so colour is never the only cue
    return view


def result_text(view: Mapping[str, Any], lang: str) -> str | None:
    """The finished game's sentence for the board's header (None while it goes on), grammatical for "You".

    ``view`` is a board view whose players' names are already shown (``named_you`` set), as
    ``board_view`` makes it; a seat named "You" reads "You win!", never "You wins!" (issue 42).

    >>> from pokelab import splendor as sp
    >>> players = [{"name": "You", "named_you": True}, {"name": "Ben", "named_you": False}]
    >>> result_text({"result": {"winners": [0], "stalled": False}, "players": players}, "en")
    'Game over — You win!'
    >>> result_text({"result": {"winners": [1], "stalled": False}, "players": players}, "en")
    'Game over — Ben wins!'
    >>> result_text({"result": {"winners": [0, 1], "stalled": False}, "players": players}, "zh")
    '游戏结束 — 共同获胜：You、Ben'
    >>> result_text({"result": None, "players": players}, "en") is None
    True
    >>> result_text({"result": {"winners": [0], "stalled": False}, "players": players}, "fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    check_lang(lang)
    result = view.get("result")
    if result is None:  # the engine's result: None until the game is over
        return None
    if result["stalled"]:
        return _("The game stalled (round cap): no winner").render(lang)
    winners = [view["players"][seat]["name"] for seat in result["winners"]]
    if len(winners) > 1:
        told = _("Shared victory: {names}", names=_(", ").render(lang).join(winners))
    elif view["players"][result["winners"][0]]["named_you"]:
        told = _("You win!")
    else:
        told = _("{names} wins!", names=winners[0])
    over = _("Game over")
    return f"{over.render(lang)} — {told.render(lang)}"


def _all_cards(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card dict in an observed view (display, discard, each player's cards)."""
    cards = [*view["display"], *view["discard"]]
    for player in view["players"]:
        cards += player["captured"] + player["reserved"]
    return cards
