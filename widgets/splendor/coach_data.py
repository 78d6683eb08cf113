"""What the Splendor coach panel shows, as JSON-safe data: card odds, a position, the game's turns.

Pure functions of an engine state and the seat whose eyes the board shows; they
use only what that seat may know (every player's tokens, discounts and reserves
are public, SP-A3; the deck is known as a set, never in order, SP-T4).

>>> from pokelab import splendor as sp
>>> s = sp.scenario(["Ash", "Misty"], tokens={0: {"blue": 1}}, display=[1, 4, 7, 10])
>>> min_take_turns((2, 1, 0, 0, 0))   # take two kinds, then the last one
2
>>> afford_turns(s, 0, 1)            # Charmander costs blue, green, yellow: two tokens to go
1
>>> afford_turns(s, 2, 1)
Traceback (most recent call last):
...
ValueError: seat must be 0..1, got 2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from pokelab import splendor as sp
from pokelab.analysis import WinEstimate
from pokelab.odds.splendor import splendor_appears_within, splendor_unseen
from pokelab.splendor.cards import CARDS
from pokelab.words import Text
from widgets._words import Said

__all__ = [
    "LinePoint",
    "afford_turns",
    "card_odds",
    "card_panel",
    "evolution_odds",
    "min_take_turns",
    "position_summary",
    "result_estimates",
    "threat_odds",
]

#: How many refills the "needed card" odds look ahead: the next one, and about a round of four.
REFILLS = (1, 4)
#: At most this many needed cards are listed (the most likely first).
MAX_NEEDED = 6


def _special(card: int) -> bool:
    """Whether ``card`` is a rare or legendary card (a Master Ball catches it, SP-A5)."""
    return CARDS[card].tier != "normal"


@lru_cache(maxsize=4096)
def _turns(need: tuple[int, ...]) -> int:
    if not any(need):
        return 0
    best = 99
    positive = [i for i, n in enumerate(need) if n > 0]
    for size in range(min(3, len(positive)), 0, -1):  # SP-A1: up to 3 different colours
        for pick in combinations(positive, size):
            nxt = list(need)
            for i in pick:
                nxt[i] -= 1
            best = min(best, 1 + _turns(tuple(sorted(nxt, reverse=True))))
    for i in positive:  # SP-A2: 2 of one colour
        nxt = list(need)
        nxt[i] = max(0, nxt[i] - 2)
        best = min(best, 1 + _turns(tuple(sorted(nxt, reverse=True))))
    return best


def min_take_turns(need: tuple[int, ...]) -> int:
    """The fewest token-taking turns (SP-A1, SP-A2) that gather ``need`` (tokens still missing per colour).

    It assumes the supply has what you take; a lower bound on the real wait.

    >>> min_take_turns((0, 0, 0, 0, 0)), min_take_turns((1, 1, 1, 0, 0)), min_take_turns((4, 1, 0, 0, 0))
    (0, 1, 3)
    >>> min_take_turns((1, -1))
    Traceback (most recent call last):
    ...
    ValueError: need holds whole numbers >= 0, got (1, -1)
    """
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 40 for n in need):
        raise ValueError(f"need holds whole numbers >= 0, got {tuple(need)!r}")
    return _turns(tuple(sorted(need, reverse=True)))


def _seat(state: sp.State, seat: Any) -> int:
    if not isinstance(state, sp.State):
        raise ValueError(f"expected a pokelab.splendor State, got {type(state).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise ValueError(f"seat must be 0..{len(state.players) - 1}, got {seat!r}")
    return seat


def afford_turns(state: sp.State, seat: int, card: int) -> int:
    """Turns of taking tokens before ``seat`` can catch ``card`` from its tokens and discounts (0: now).

    Master Balls cover the largest gaps first (SP-A6); a rare or legendary card
    without a Master Ball in hand adds one turn to reserve for one (SP-A3, SP-A5).

    >>> from pokelab import splendor as sp
    >>> s = sp.scenario(["Ash", "Misty"], tokens={0: {"blue": 1, "green": 1, "yellow": 1}})
    >>> afford_turns(s, 0, 1)
    0
    >>> afford_turns(s, 0, 999)
    Traceback (most recent call last):
    ...
    ValueError: no card has id 999
    """
    seat = _seat(state, seat)
    if card not in CARDS:
        raise ValueError(f"no card has id {card!r}")
    p = state.players[seat]
    if _can_catch_now(_has(p), card):  # splendor_catchable's answer, without an IllegalAction per card that cannot be
        return 0
    need = [max(0, CARDS[card].cost[i] - p.dsc[i] - p.tok[i]) for i in range(5)]
    master = p.tok[5]
    extra = 0
    if _special(card):
        if master == 0:
            extra, master = 1, 1  # a reserve turn brings the Master Ball it needs
        master -= 1 if not any(need) else 0
    for _ in range(max(0, master)):
        i = max(range(5), key=lambda j: need[j])
        if need[i] == 0:
            break
        need[i] -= 1
    return extra + _turns(tuple(sorted(need, reverse=True)))


def _name(card: int) -> Text:
    return CARDS[card].pokemon


def card_odds(state: sp.State, seat: int) -> list[dict[str, Any]]:
    """Per card in the display and in ``seat``'s reserve: the turns to afford it and its points.

    >>> from pokelab import splendor as sp
    >>> rows = card_odds(sp.scenario(["Ash", "Misty"], display=[1, 4, 7, 10]), 0)
    >>> [(r["id"], r["where"], r["turns"]) for r in rows]
    [(1, 'display', 1), (4, 'display', 2), (7, 'display', 1), (10, 'display', 2)]
    >>> card_odds("state", 0)
    Traceback (most recent call last):
    ...
    ValueError: expected a pokelab.splendor State, got str
    """
    seat = _seat(state, seat)
    rows = []
    for where, cards in (("display", state.display), ("reserved", state.players[seat].reserved)):
        for card in cards:
            rows.append(
                {
                    "id": card,
                    "name": _name(card),
                    "where": where,
                    "turns": afford_turns(state, seat, card),
                    "points": CARDS[card].points,
                    "needs_master": bool(_special(card)),
                }
            )
    return rows


def evolution_odds(state: sp.State, seat: int) -> list[dict[str, Any]]:
    """The deck cards ``seat`` needs (evolutions of its caught Pokémon) and their chance to appear (SP-T4, SP-E1).

    ``within`` maps each of ``REFILLS`` to the chance the card is among that
    many next refills (exact, hypergeometric; only the deck as a set is used).

    >>> from pokelab import splendor as sp
    >>> s = sp.scenario(["Ash", "Misty"], captured={0: ["Charmander"]}, display=[4, 7, 10, 12],
    ...                 deck=["Wartortle", "Charmeleon", "Quilava", "Squirtle"])
    >>> [(str(r["name"]), r["within"]) for r in evolution_odds(s, 0)]
    [('Charmeleon', {'1': 0.25, '4': 1.0})]
    >>> evolution_odds(s, -1)
    Traceback (most recent call last):
    ...
    ValueError: seat must be 0..1, got -1
    """
    seat = _seat(state, seat)
    mine = set(state.players[seat].captured)
    deck = splendor_unseen(state)
    needed = sorted(c for c in deck if CARDS[c].evolves_from in mine)
    rows = [
        {
            "id": c,
            "name": _name(c),
            "from": _name(CARDS[c].evolves_from),
            "within": {str(r): float(splendor_appears_within(state, c, r)) for r in REFILLS},
        }
        for c in needed
    ]
    rows.sort(key=lambda r: (-CARDS[r["id"]].points, r["id"]))
    return rows[:MAX_NEEDED]


def _has(p: Any) -> tuple[list[int], int]:
    """What a player pays with: each colour's tokens plus discount, and the Master Balls."""
    return [p.tok[i] + p.dsc[i] for i in range(5)], p.tok[5]


def _can_catch_now(has: tuple[list[int], int], card: int) -> bool:
    """SP-A4..A6 as ``_auto_payment`` decides it, without building the payment (it runs per deck card)."""
    colours, masters = has
    short = sum([c - h for c, h in zip(CARDS[card].cost, colours, strict=True) if c > h])
    if _special(card):
        return masters >= 1 and short <= masters
    return short <= masters


def threat_odds(state: sp.State, seat: int) -> list[dict[str, Any]]:
    """For each other seat: the chance the next revealed card is one they can catch at once (SP-T4).

    The same number as ``splendor_refill_catchable(state, other, 1)``, counted
    straight from the cost tables because the board asks after every move.

    >>> from pokelab import splendor as sp
    >>> [r["seat"] for r in threat_odds(sp.new_game(3, seed=1), 0)]
    [1, 2]
    >>> threat_odds(sp.new_game(2, seed=1), 3)
    Traceback (most recent call last):
    ...
    ValueError: seat must be 0..1, got 3
    """
    seat = _seat(state, seat)
    deck = splendor_unseen(state)
    rows = []
    for other, p in enumerate(state.players):
        if other == seat:
            continue
        has = _has(p)
        k = sum([1 for c in deck if _can_catch_now(has, c)])
        rows.append({"seat": other, "next": k / len(deck) if deck else 0.0})
    return rows


def position_summary(state: sp.State, viewer: int) -> dict[str, Any]:
    """A compact, read-only picture of a position as ``viewer`` saw it (for the graph's point view).

    >>> from pokelab import splendor as sp
    >>> summary = position_summary(sp.new_game(["Ash", "Misty"], seed=1), 0)
    >>> summary["round"], [p["name"] for p in summary["players"]], len(summary["display"])
    (1, ['Ash', 'Misty'], 4)
    """
    viewer = _seat(state, viewer)
    view = sp.observe(state, viewer)
    return {
        "round": view["round"],
        "to_move": view["current_player"],
        "deck_size": view["deck_size"],
        "supply": view["supply"],
        "display": [{"id": c["id"], "name": c["name"]} for c in view["display"]],
        "players": [
            {
                "seat": p["index"],
                "name": p["name"],
                "points": p["points"],
                "tokens": p["tokens"],
                "discounts": p["discounts"],
                "captured": [c["name"] for c in p["captured"]],
                "reserved": [c["name"] for c in p["reserved"]],
            }
            for p in view["players"]
        ],
    }


@dataclass
class LinePoint:
    """One turn on the win-probability line: the position at the turn's start and the moves made in it.

    ``estimates`` holds one ``(rate, low, high)`` per seat once computed; ``wins``
    and ``playouts`` accumulate the playout chunks computed so far.

    >>> from pokelab import splendor as sp
    >>> point = LinePoint(sp.new_game(2, seed=1), ply=0, seat=0)
    >>> point.to_json(0)["rates"] is None
    True
    """

    state: sp.State
    ply: int
    seat: int | None
    moves: list[tuple[int, Any]] = field(default_factory=list)  # (ply, action)
    wins: list[float] = field(default_factory=list)
    playouts: int = 0
    chunks: int = 0
    estimates: list[tuple[float, float, float]] | None = None
    final: bool = False

    @classmethod
    def final_of(cls, state: sp.State, ply: int) -> LinePoint:
        """The finished game as the line's last point: its estimates are the result (``result_estimates``)."""
        return cls(state, ply=ply, seat=None, final=True, estimates=result_estimates(state))

    def add(self, estimates: Any) -> None:
        """Add one chunk of playouts (a ``WinEstimate`` per seat) and recompute the rates and intervals."""
        if not self.wins:
            self.wins = [0.0] * len(estimates)
        self.wins = [w + e.wins for w, e in zip(self.wins, estimates, strict=True)]
        self.playouts += estimates[0].playouts
        self.chunks += 1
        combined = [WinEstimate.from_wins(min(w, self.playouts), self.playouts) for w in self.wins]
        self.estimates = [(e.rate, e.low, e.high) for e in combined]

    def to_json(self, index: int) -> dict[str, Any]:
        """The point as the front end draws it."""
        est = self.estimates
        return {
            "index": index,
            "ply": self.ply,
            "round": self.state.round,
            "seat": self.seat,
            "final": self.final,
            "moves": [Said(a.describe) for _, a in self.moves],
            "rates": None if est is None else [round(e[0], 4) for e in est],
            "lows": None if est is None else [round(e[1], 4) for e in est],
            "highs": None if est is None else [round(e[2], 4) for e in est],
            "playouts": self.playouts,
        }


def result_estimates(state: sp.State) -> list[tuple[float, float, float]]:
    """A finished game as ``(rate, low, high)`` per seat: a winner 1, sharers 1/k each, nobody after a stall.

    >>> from pokelab import splendor as sp
    >>> result_estimates(sp.new_game(2, seed=1))
    Traceback (most recent call last):
    ...
    ValueError: the game is not over: it has no result yet
    """
    if not state.is_over:
        raise ValueError("the game is not over: it has no result yet")
    winners = list(sp.result(state).winners)
    share = 1.0 / len(winners) if winners else 0.0
    return [(share if s in winners else 0.0,) * 3 for s in range(len(state.players))]


def card_panel(state: sp.State, viewer: int) -> dict[str, Any]:
    """The coach panel's exact odds for ``viewer``: each card's, the evolutions needed, the rivals' threats.

    >>> from pokelab import splendor as sp
    >>> sorted(card_panel(sp.new_game(["Ann", "Bo"], seed=1), 0))
    ['cards', 'needed', 'threats']
    """
    return {
        "cards": card_odds(state, viewer),
        "needed": evolution_odds(state, viewer),
        "threats": [{**t, "name": state.players[t["seat"]].name} for t in threat_odds(state, viewer)],
    }
