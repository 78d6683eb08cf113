"""Paying for a card (SP-A4..A6) and for an evolution (``Variant.evolution_cost``, SP-E1).

Token counts are 6-tuples in the order ``red blue green yellow black master``;
discounts are 5-tuples. ``cheapest_payment`` is the public face: what
``Catch(card)`` would spend.

>>> from pokelab.splendor import scenario
>>> cheapest_payment(scenario(tokens={0: {"blue": 1, "green": 1, "yellow": 1}}), 1)
{'blue': 1, 'green': 1, 'yellow': 1}
"""

from __future__ import annotations

from pokelab.errors import IllegalAction
from pokelab.splendor._tables import COST, DISC, SPECIAL
from pokelab.splendor.cards import CARDS, COLOURS, TOKEN_COLOURS
from pokelab.splendor.names import card_label, colour_name
from pokelab.splendor.state import PlayerState, State, Variant
from pokelab.words import _, _n

__all__ = ["cheapest_payment"]


#: SP-A5: a rare or legendary card needs a master ball (the tier named in the sentence).
_CATCH_NEEDS_MASTER = {
    "rare": _("Catching {card} (rare) needs at least 1 Master Ball, and you have none."),
    "legendary": _("Catching {card} (legendary) needs at least 1 Master Ball, and you have none."),
}
_CATCH_SPENDS_MASTER = {
    "rare": _("Catching {card} (rare) must spend at least 1 Master Ball."),
    "legendary": _("Catching {card} (legendary) must spend at least 1 Master Ball."),
}


def _evolution_cost(variant: Variant, p: PlayerState, into: int) -> tuple[int, ...] | None:
    """The tokens an evolution costs under ``variant`` (6-tuple), or None if unaffordable."""
    k = variant.evolution_cost
    if not k:
        return (0,) * 6
    i = DISC[into]
    t = p.tok
    reg = min(k, t[i]) if i >= 0 else 0
    master = k - reg
    if master > t[5]:
        return None
    pay = [0] * 6
    if i >= 0:
        pay[i] = reg
    pay[5] = master
    return tuple(pay)


def _auto_payment(p: PlayerState, c: int) -> list[int]:
    """SP-A6: the cheapest payment (regular first, master for the shortfall and SP-A5), or an error."""
    t = p.tok
    d = p.dsc
    cost = COST[c]
    pay = [0] * 6
    short = 0
    for i in range(5):
        e = cost[i] - d[i]
        if e > 0:
            h = t[i]
            if h >= e:
                pay[i] = e
            else:
                pay[i] = h
                short += e - h
    if SPECIAL[c]:
        if t[5] < 1:
            raise IllegalAction(
                "SP-A5",
                _CATCH_NEEDS_MASTER[CARDS[c].tier].with_fields(card=card_label(c)),
            )
        if short == 0:
            j = max(range(5), key=lambda i: pay[i])
            if pay[j]:
                pay[j] -= 1
            short = 1
    if short > t[5]:
        raise IllegalAction(
            "SP-A4",
            _n(
                "You cannot afford {card}: {count} token short and only {masters} to cover it.",
                "You cannot afford {card}: {count} tokens short and only {masters} to cover them.",
                short,
                card=card_label(c),
                masters=_n("{count} Master Ball", "{count} Master Balls", t[5]),
            ),
        )
    pay[5] = short
    return pay


def _check_payment(p: PlayerState, c: int, pay: tuple[int, ...]) -> list[int]:
    """SP-A6: validate a payment the player named."""
    t = p.tok
    d = p.dsc
    cost = COST[c]
    for i in range(6):
        if pay[i] > t[i]:
            col = TOKEN_COLOURS[i]
            raise IllegalAction(
                "SP-A6",
                _(
                    "Your payment uses {count} {colour} but you hold {held}.", count=pay[i], colour=colour_name(col), held=t[i]
                ),
            )
    needed_master = 0
    total_eff = 0
    for i in range(5):
        e = cost[i] - d[i]
        e = e if e > 0 else 0
        total_eff += e
        if pay[i] > e:
            col = COLOURS[i]
            raise IllegalAction(
                "SP-A6",
                _(
                    "Nobody overpays: {card} needs only {need} {colour} after discounts, you offered {offered}.",
                    card=card_label(c),
                    need=e,
                    colour=colour_name(col),
                    offered=pay[i],
                ),
            )
        needed_master += e - pay[i]
    if SPECIAL[c]:
        if total_eff == 0:
            needed_master = 1
        if needed_master < 1 or pay[5] < 1:
            raise IllegalAction(
                "SP-A5",
                _CATCH_SPENDS_MASTER[CARDS[c].tier].with_fields(card=card_label(c)),
            )
    if pay[5] != needed_master:
        raise IllegalAction(
            "SP-A6",
            _n(
                "Your payment for {card} must include exactly {count} Master Ball to cover the rest of the cost; it has {given}.",
                "Your payment for {card} must include exactly {count} Master Balls to cover the rest of the cost; it has {given}.",
                needed_master,
                card=card_label(c),
                given=pay[5],
            ),
        )
    return list(pay)


def cheapest_payment(state: State, card: int, player: int | None = None) -> dict[str, int]:
    """The tokens ``Catch(card)`` would spend for ``player`` (default: the player to move), SP-A6.

    Regular tokens first, master balls for the shortfall and for SP-A5. Raises
    ``IllegalAction`` (SP-A4 / SP-A5) when the player cannot pay; whether the
    card is in reach (display or own reserve) is not checked here.

    >>> from pokelab.splendor import scenario
    >>> s = scenario(tokens={0: {"blue": 1, "green": 1, "master": 1}})
    >>> cheapest_payment(s, 1)   # Charmander: blue, green and yellow
    {'blue': 1, 'green': 1, 'master': 1}
    >>> cheapest_payment(s, 3)
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [SP-A4] You cannot afford Charizard (#3): 6 tokens short and only 1 Master Ball to cover them.
    """
    if state.__class__ is not State:
        raise TypeError(f"cheapest_payment expects a splendor State, got {type(state).__name__}")
    if player is None:
        player = state.current_player
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(state.players):
        raise ValueError(f"player must be 0..{len(state.players) - 1}, got {player!r}")
    if card not in CARDS:
        raise ValueError(f"no card has id {card!r}")
    pay = _auto_payment(state.players[player], card)
    return {c: n for c, n in zip(TOKEN_COLOURS, pay, strict=True) if n}
