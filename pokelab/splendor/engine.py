"""The rules of Splendor: Pokémon: ``new_game``, ``legal_actions``, pure ``apply``, ``result``.

Turn structure (SP-T1..T3), as a small state machine kept in ``State.phase``:

1. ``"main"`` — the player takes exactly one main action: ``TakeDifferent``
   (SP-A1), ``TakeSame`` (SP-A2), ``Reserve`` (SP-A3) or ``Catch`` (SP-A4..A6).
   Before it they may ``Evolve`` once (SP-E1); the phase stays ``"main"``.
   ``Pass`` (SP-T2) replaces the main action only when none is legal.
2. ``"after_main"`` — entered after the main action only if the player has not
   evolved this turn and an evolution is possible now: the choices are every
   legal ``Evolve`` and ``EndTurn``.
3. ``"return"`` — entered at the end of the turn when the player holds more than
   10 tokens (SP-T3): the only choices are ``ReturnTokens`` of exactly the excess
   (at most 3 tokens, so at most 56 choices, listed in colour order).

When no step is left the turn ends by itself (``_end_of_turn``, the one place
that does it): the SP-G1 trigger is checked (18+ points), play passes to the
left, and when the round is complete the game ends if it was triggered, or
stalls at the round cap (SP-G4).

Beside this module: ``legal`` (move generation), ``payment`` (SP-A4..A6),
``turn_flow`` (building the next state, ending the turn), ``sweep`` (the
frozen display, SP-T5), ``_tables`` (per-card lookup lists).

>>> from pokelab.splendor.legal import legal_actions
>>> from pokelab.splendor.setup import new_game
>>> s = new_game(2, seed=7)
>>> legal_actions(s)[:3]
[TakeDifferent(red, blue, green), TakeDifferent(red, blue, yellow), TakeDifferent(red, blue, black)]
>>> s2 = apply(s, TakeSame("red"))
>>> s2.players[s.current_player].tokens["red"], s2.current_player != s.current_player
(2, True)
>>> apply(s, Pass())
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [SP-T2] You may pass only when no main action is possible.
"""

from __future__ import annotations

from operator import add, sub

from pokelab.errors import IllegalAction
from pokelab.splendor._tables import DISC, EVO, NEXT, PTS, SPECIAL
from pokelab.splendor.actions import (
    Action,
    Catch,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
)
from pokelab.splendor.cards import CARDS, COLOURS
from pokelab.splendor.legal import _main_actions, _return_error
from pokelab.splendor.names import card_label, colour_name
from pokelab.splendor.payment import (
    _auto_payment,
    _check_payment,
    _evolution_cost,
)
from pokelab.splendor.setup import _targets
from pokelab.splendor.state import (
    RESERVE_LIMIT,
    TAKE_DIFFERENT_COLOURS,
    TAKE_SAME_MIN_SUPPLY,
    TOKEN_LIMIT,
    PlayerState,
    State,
    _MutablePlayer,
    make_player,
)
from pokelab.splendor.sweep import (
    _take_out_of_display,
)
from pokelab.splendor.turn_flow import _after_main, _end_of_turn, _rep, _rep_player, _with_player
from pokelab.words import _, _n

__all__ = ["apply"]


# ---------------------------------------------------------------- errors
#: SP-A3: why a rare or legendary card cannot be reserved (the tier named in the sentence).
_RARE_NOT_RESERVED = {
    "rare": _("{card} is rare; rare and legendary cards cannot be reserved."),
    "legendary": _("{card} is legendary; rare and legendary cards cannot be reserved."),
}

def _main_done_error() -> IllegalAction:
    return IllegalAction(
        "SP-T1",
        _("You already took your main action this turn."),
    )


# ---------------------------------------------------------------- action handlers
def _take_different(s: State, a: TakeDifferent) -> State:
    if s.phase_id:
        raise _main_done_error()
    idx = a.idx
    sup = s.sup
    if not a.distinct:
        if 5 in idx:
            raise IllegalAction("SP-A1", _("Master Balls cannot be taken with TakeDifferent."))
        raise IllegalAction("SP-A1", _("The colours you take must all be different."))
    avail = (sup[0] > 0) + (sup[1] > 0) + (sup[2] > 0) + (sup[3] > 0) + (sup[4] > 0)
    for i in idx:
        if not sup[i]:
            raise IllegalAction(
                "SP-A1",
                _("The supply has no {colour} token left.", colour=colour_name(COLOURS[i])),
            )
    need = TAKE_DIFFERENT_COLOURS if avail >= TAKE_DIFFERENT_COLOURS else avail
    if len(idx) != need:
        if need == TAKE_DIFFERENT_COLOURS:
            raise IllegalAction(
                "SP-A1",
                _("Take exactly {need} different colours (you named {count}).", need=need, count=len(idx)),
            )
        if need == 0:
            raise IllegalAction("SP-A1", _("The supply has no regular tokens left."))
        raise IllegalAction(
            "SP-A1",
            _("Only {need} colours are left in the supply: take one of each of them.", need=need),
        )
    p = s.players[s.current_player]
    d = a.delta
    p2 = _MutablePlayer(p.name, tuple(map(add, p.tok, d)), p.captured, p.reserved, p.points, p.dsc, p.targets)
    p2.__class__ = PlayerState  # _rep_player inlined: the take moves are the commonest
    return _after_main(s, p2, tuple(map(sub, sup, d)), s.display, s.deck, s.discard)


def _take_same(s: State, a: TakeSame) -> State:
    if s.phase_id:
        raise _main_done_error()
    i = a.idx
    if i == 5:
        raise IllegalAction("SP-A2", _("Master Balls cannot be taken with TakeSame."))
    sup = s.sup
    if sup[i] < TAKE_SAME_MIN_SUPPLY:
        raise IllegalAction(
            "SP-A2",
            _(
                "Only {left} {colour} left; taking 2 needs at least {least} in the supply.",
                left=sup[i],
                colour=colour_name(COLOURS[i]),
                least=TAKE_SAME_MIN_SUPPLY,
            ),
        )
    p = s.players[s.current_player]
    d = a.delta
    p2 = _MutablePlayer(p.name, tuple(map(add, p.tok, d)), p.captured, p.reserved, p.points, p.dsc, p.targets)
    p2.__class__ = PlayerState  # _rep_player inlined: the take moves are the commonest
    return _after_main(s, p2, tuple(map(sub, sup, d)), s.display, s.deck, s.discard)


def _reserve(s: State, a: Reserve) -> State:
    if s.phase_id:
        raise _main_done_error()
    c = a.card
    if c not in s.display:
        raise IllegalAction(
            "SP-A3",
            _("{card} is not in the display; only display cards can be reserved.", card=card_label(c)),
        )
    if SPECIAL[c]:
        raise IllegalAction(
            "SP-A3",
            _RARE_NOT_RESERVED[CARDS[c].tier].with_fields(card=card_label(c)),
        )
    p = s.players[s.current_player]
    if len(p.reserved) >= RESERVE_LIMIT:
        raise IllegalAction(
            "SP-A3", _("You already hold {limit} reserved cards.", limit=RESERVE_LIMIT)
        )
    sup = s.sup
    tok = p.tok
    if sup[5]:
        tok = (*tok[:5], tok[5] + 1)
        sup = (*sup[:5], sup[5] - 1)
    disp, deck = _take_out_of_display(s.display, s.deck, c)
    p2 = make_player(p.name, tok, p.captured, (*p.reserved, c), p.points, p.dsc, p.targets)
    return _after_main(s, p2, sup, disp, deck, s.discard)



def _catch(s: State, a: Catch) -> State:
    if s.phase_id:
        raise _main_done_error()
    c = a.card
    p = s.players[s.current_player]
    disp = s.display
    deck = s.deck
    reserved = p.reserved
    if c in disp:
        disp, deck = _take_out_of_display(disp, deck, c)
    elif c in reserved:
        i = reserved.index(c)
        reserved = reserved[:i] + reserved[i + 1 :]
    else:
        raise IllegalAction(
            "SP-A4",
            _("{card} is neither in the display nor in your reserve.", card=card_label(c)),
        )
    pay = _auto_payment(p, c) if a.pay is None else _check_payment(p, c, a.pay)
    t = p.tok
    sup = s.sup
    tok = (t[0] - pay[0], t[1] - pay[1], t[2] - pay[2], t[3] - pay[3], t[4] - pay[4], t[5] - pay[5])
    sup = (sup[0] + pay[0], sup[1] + pay[1], sup[2] + pay[2], sup[3] + pay[3], sup[4] + pay[4], sup[5] + pay[5])
    dsc = p.dsc
    di = DISC[c]
    if di >= 0:
        dsc = (*dsc[:di], dsc[di] + 1, *dsc[di + 1:])
    nx = NEXT[c]
    p2 = make_player(
        p.name, tok, (*p.captured, c), reserved, p.points + PTS[c], dsc, p.targets | nx if nx else p.targets
    )
    return _after_main(s, p2, sup, disp, deck, s.discard)


def _evolve(s: State, a: Evolve) -> State:
    ph = s.phase_id
    if ph == 2:
        raise IllegalAction(
            "SP-E1",
            _("Evolve before ending the turn; now you must return tokens."),
        )
    if s.evolved:
        raise IllegalAction("SP-E1", _("You may evolve only once per turn."))
    base, into = a.base, a.into
    p = s.players[s.current_player]
    if base not in p.captured:
        raise IllegalAction(
            "SP-E1",
            _("You have not captured {card}.", card=card_label(base)),
        )
    if EVO[into] != base:
        raise IllegalAction(
            "SP-E1",
            _("{into} does not evolve from {base}.", into=card_label(into), base=card_label(base)),
        )
    disp, deck, reserved = s.display, s.deck, p.reserved
    if into in disp:
        disp, deck = _take_out_of_display(disp, deck, into)
    elif into in reserved:
        i = reserved.index(into)
        reserved = reserved[:i] + reserved[i + 1 :]
    else:
        raise IllegalAction(
            "SP-E1",
            _("{card} is neither in the display nor in your reserve.", card=card_label(into)),
        )
    pay = _evolution_cost(s.variant, p, into)
    if pay is None:
        raise IllegalAction(
            "SP-E1",
            _n(
                "Evolving costs {count} token in this variant and you cannot pay.",
                "Evolving costs {count} tokens in this variant and you cannot pay.",
                s.variant.evolution_cost,
            ),
        )
    tok, sup = p.tok, s.sup
    if s.variant.evolution_cost:
        tok = tuple(x - y for x, y in zip(tok, pay, strict=True))
        sup = tuple(x + y for x, y in zip(sup, pay, strict=True))
    cap = p.captured
    i = cap.index(base)
    cap = (*cap[:i], into, *cap[i + 1:])
    dsc = list(p.dsc)
    if DISC[base] >= 0:
        dsc[DISC[base]] -= 1
    if DISC[into] >= 0:
        dsc[DISC[into]] += 1
    p2 = make_player(p.name, tok, cap, reserved, p.points - PTS[base] + PTS[into], tuple(dsc), _targets(cap))
    ps = _with_player(s, p2)
    disc = (*s.discard, base)
    if ph == 0:
        return _rep(s, players=ps, sup=sup, display=disp, deck=deck, discard=disc, evolved=True)
    if sum(tok) > TOKEN_LIMIT:
        return _rep(s, players=ps, sup=sup, display=disp, deck=deck, discard=disc, phase_id=2, evolved=True)
    return _end_of_turn(s, ps, sup, disp, deck, disc)


def _return_tokens(s: State, a: ReturnTokens) -> State:
    p = s.players[s.current_player]
    t = p.tok
    n = a.counts
    tok = tuple(map(sub, t, n))
    if s.phase_id != 2 or sum(tok) != TOKEN_LIMIT or min(tok) < 0:
        _return_error(s, t, n)
    cur = s.current_player
    ps = s.players
    return _end_of_turn(s, (*ps[:cur], _rep_player(p, tok), *ps[cur + 1 :]), tuple(map(add, s.sup, n)),
                        s.display, s.deck, s.discard)


def _pass(s: State, a: Pass) -> State:
    if s.phase_id:
        raise _main_done_error()
    p = s.players[s.current_player]
    if _main_actions(s, p):
        raise IllegalAction("SP-T2", _("You may pass only when no main action is possible."))
    return _after_main(s, p, s.sup, s.display, s.deck, s.discard)


def _end_turn(s: State, a: EndTurn) -> State:
    ph = s.phase_id
    if ph == 0:
        raise IllegalAction(
            "SP-T1",
            _("Take your main action before ending the turn."),
        )
    if ph == 2:
        raise IllegalAction(
            "SP-T3",
            _("You hold more than {limit} tokens: return tokens to end the turn.", limit=TOKEN_LIMIT),
        )
    p = s.players[s.current_player]
    if sum(p.tok) > TOKEN_LIMIT:
        return _rep(s, phase_id=2)
    return _end_of_turn(s, s.players, s.sup, s.display, s.deck, s.discard)


_HANDLERS = {
    TakeDifferent: _take_different,
    TakeSame: _take_same,
    Reserve: _reserve,
    Catch: _catch,
    Evolve: _evolve,
    ReturnTokens: _return_tokens,
    Pass: _pass,
    EndTurn: _end_turn,
}


def apply(state: State, action: Action) -> State:
    """Play ``action`` for the current player and return the new state (``state`` is unchanged).

    Raises ``IllegalAction`` (rule ID + a reason in every language) for a move
    the rules forbid, and a plain ``ValueError`` for something that is not an
    action at all (the same as Here Comes' ``apply``; see ``pokelab.errors``).

    >>> from pokelab.splendor.setup import new_game
    >>> s = new_game(2, seed=7)
    >>> apply(s, TakeSame("master"))
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [SP-A2] Master Balls cannot be taken with TakeSame.
    >>> apply(s, "TakeSame(red)")
    Traceback (most recent call last):
    ...
    ValueError: apply expects an action object (see parse_action for strings), got str
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise ValueError(
            f"apply expects an action object (see parse_action for strings), got {type(action).__name__}"
        )
    if state.__class__ is not State:
        raise TypeError(f"apply expects a splendor State, got {type(state).__name__}")
    if state.over:
        raise IllegalAction("SP-G1", _("The game is over."))
    if state.phase_id == 2 and handler is not _return_tokens and handler is not _evolve:
        raise IllegalAction(
            "SP-T3",
            _(
                "You hold {count} tokens: return tokens down to {limit} first.",
                count=sum(state.players[state.current_player].tok),
                limit=TOKEN_LIMIT,
            ),
        )
    return handler(state, action)
