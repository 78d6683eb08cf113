"""Why a Splendor: Pokémon move is good, as a catalogue text, read off what the move changes.

``reason(state, action)`` compares the mover's holdings before and after the
move and names what changed: the colours taken that a card in view (display or
own reserve) still needs, naming that card; a card that becomes catchable; the
trophy points, the permanent discount and the evolution a catch brings; the
Master Ball a reserve brings and the opponent who could otherwise catch that
card; the points an evolution gains; the tokens a return keeps. Only public
information is used (nothing about the deck's order).

Rulebook words: 捕捉 (catch), 锁定 (reserve), 进化 (evolve), 万能大师球 (Master
Ball), 展示区 (display), 预留区 (reserve area), 折扣 (discount), 奖杯分数 (points).

>>> from pokelab.splendor import TakeDifferent, scenario
>>> s = scenario(display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"])
>>> why = reason(s, TakeDifferent(("blue", "green", "yellow")))
>>> "Charmander" in why.render("en") and "小火龙" in why.render("zh")
True
>>> reason(s, "TakeSame(red)")
Traceback (most recent call last):
...
ValueError: reason expects a Splendor action object, got str
"""

from __future__ import annotations

import re
from typing import Any

from pokelab.analysis.reason_checks import Claim, can_catch, holds, turn_ends
from pokelab.errors import IllegalAction
from pokelab.splendor import (
    ACTION_TYPES,
    CARDS,
    COLOURS,
    Catch,
    EndTurn,
    Evolve,
    Pass,
    Reserve,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
    apply,
    legal_actions,
)
from pokelab.splendor.names import colour_name, pokemon_name
from pokelab.splendor.payment import _auto_payment
from pokelab.splendor.state import END_POINTS, TOKEN_LIMIT, PlayerState, make_player
from pokelab.words import Text, _, _n, _p

__all__ = ["explain", "false_claims", "join_words", "reason", "seat_name"]

_DEFAULT_NAME = re.compile(r"Player (\d+)")

_ALL_COLOURS = (*COLOURS, "master")


def _name(c: int) -> Text:
    return pokemon_name(CARDS[c].name_en)


def _card(c: int) -> Text:
    """A card's name with its trophy points, when it has any: "Charizard (3 pts)"."""
    n = CARDS[c].points
    return _n("{name} ({count} pt)", "{name} ({count} pts)", n, name=_name(c)) if n else _name(c)


def join_words(words: list[Text | str]) -> Text | str:
    """Several words as one list: "red, blue and green" (红色、蓝色、绿色).

    >>> from pokelab.words import _p
    >>> join_words([_p("colour", "red"), _p("colour", "blue"), "Ann"]).render("zh")
    '红色、蓝色、Ann'
    >>> join_words([])
    Traceback (most recent call last):
    ...
    ValueError: join_words needs at least one word
    """
    if not words:
        raise ValueError("join_words needs at least one word")
    joined = words[0]
    for i, word in enumerate(words[1:], start=2):
        joined = (_("{words} and {word}", words=joined, word=word) if i == len(words)
                  else _("{words}, {word}", words=joined, word=word))
    return joined


def _missing(p: PlayerState, c: int) -> list[int]:
    """Per regular colour, the tokens ``p`` still lacks for card ``c`` after discounts."""
    cost = CARDS[c].cost
    return [max(0, cost[i] - p.dsc[i] - p.tok[i]) for i in range(5)]


def _catchable(p: PlayerState, c: int) -> bool:
    try:
        _auto_payment(p, c)
    except IllegalAction:
        return False
    return True


def _with_tokens(p: PlayerState, delta: tuple[int, ...], sign: int = 1) -> PlayerState:
    tok = tuple(t + sign * d for t, d in zip(p.tok, delta, strict=True))
    return make_player(p.name, tok, p.captured, p.reserved, p.points, p.dsc, p.targets)


def _opponents_who_can_catch(state: Any, c: int) -> list[int]:
    me = state.current_player
    return [j for j, q in enumerate(state.players) if j != me and _catchable(q, c)]


def seat_name(state: Any, seat: int) -> Text | str:
    """A player's name; a seat without one (or with a default "Player 2", any number) is named in the reader's language.

    >>> from pokelab.splendor import new_game
    >>> seat_name(new_game(2), 1).render("zh")
    '玩家 2'
    >>> seat_name(new_game(2), 5)
    Traceback (most recent call last):
    ...
    IndexError: tuple index out of range
    """
    name = state.players[seat].name
    default = _DEFAULT_NAME.fullmatch(name or "")
    if name and not default:
        return str(name)
    return _("Player {n}", n=int(default.group(1)) if default else seat + 1)


def _players(state: Any, seats: list[int]) -> Text | str:
    return join_words([seat_name(state, j) for j in seats])


def _colours(indices: list[int]) -> Text | str:
    return join_words([colour_name(_ALL_COLOURS[i]) for i in indices])


def _take(state: Any, action: Any, claims: list[Claim]) -> Text:
    me = state.current_player
    p = state.players[me]
    delta = action.delta
    taken = [i for i in range(5) for _ in range(delta[i])]
    colours = sorted(set(taken))
    if len(colours) == 1 and len(taken) == 2:
        text = _("takes 2 {colour}", colour=colour_name(COLOURS[taken[0]]))
    else:
        text = _("takes {colours}", colours=_colours(colours))
    # The card in view these tokens help most: most needed tokens taken, then most points.
    after = _with_tokens(p, delta)
    best, best_key, best_cols = None, (0, -1), []
    for c in (*state.display, *p.reserved):
        miss = _missing(p, c)
        cols = [i for i in colours if miss[i] > 0]
        used = sum(min(delta[i], miss[i]) for i in cols)
        if used and (used, CARDS[c].points) > best_key:
            best, best_key, best_cols = c, (used, CARDS[c].points), cols
    if best is None:
        text = _("{reason}; no card in view needs these colours yet", reason=text)
    else:
        # The engine's answer: after the move and some legal forced return, the turn over,
        # the card is still in view and catching it is legal.
        ends = turn_ends(state, action)
        ready = [c for c in (*state.display, *p.reserved) if not _catchable(p, c) and any(
            c in (*end.display, *end.players[me].reserved) and can_catch(end, me, c) for end in ends)]
        if ready:
            top = max(ready, key=lambda c: (CARDS[c].points, -c))
            claims.append(Claim("catch_next", top))
            text = _("{reason} — then you can catch {card} next turn",
                      reason=text, card=_card(top))
        elif best_cols == colours and len(colours) > 1:
            text = _("{reason} — all colours {card} still needs",
                      reason=text, card=_card(best))
        else:
            text = _("{reason} — {card} still needs {colours}",
                      reason=text, card=_card(best), colours=_colours(best_cols))
    over = sum(after.tok) - TOKEN_LIMIT
    if over > 0:
        claims.append(Claim("must_return", over))
        text = _n("{reason}; you must then return {count} token",
            "{reason}; you must then return {count} tokens", over, reason=text)
    return text


def _reserve(state: Any, c: int, claims: list[Claim]) -> Text:
    p = state.players[state.current_player]
    text = _("reserves {card}", card=_card(c))
    rivals = _opponents_who_can_catch(state, c)
    if rivals:
        claims.append(Claim("rivals_catch", tuple(rivals), c))
        text = _("{reason} before {players} can catch it",
                  reason=text, players=_players(state, rivals))
    if state.sup[5]:
        claims.append(Claim("gains_master"))
        text = _("{reason} and gains a Master Ball", reason=text)
        rare = [d for d in state.display if CARDS[d].tier != "normal"]
        if rare and p.tok[5] == 0:
            top = max(rare, key=lambda d: (CARDS[d].points, -d))
            if CARDS[top].tier == "rare":
                text = _("{reason}, which the rare {name} in view needs",
                          reason=text, name=_name(top))
            else:
                text = _("{reason}, which the legendary {name} in view needs", reason=text, name=_name(top))
    base = CARDS[c].evolves_from
    if base and base in p.captured:
        text = _("{reason}; your {name} can evolve into it",
                  reason=text, name=_name(base))
    return text


def _last_round(state: Any, action: Any, gain: int, text: Text, claims: list[Claim]) -> Text:
    """Add "reaching N points starts the last round" (or "ends the game") when the engine says so."""
    p = state.players[state.current_player]
    if state.ending or not p.points < END_POINTS <= p.points + gain:
        return text
    points = p.points + gain
    end = turn_ends(state, action)[0]
    if end.over:
        claims.append(Claim("game_ends", points))
        return _("{reason}; reaching {points} points ends the game", reason=text, points=points)
    claims.append(Claim("last_round", points))
    return _("{reason}; reaching {points} points starts the last round", reason=text, points=points)


def _catch(state: Any, action: Any, claims: list[Claim]) -> Text:
    c = action.card
    p = state.players[state.current_player]
    card = CARDS[c]
    pay = _auto_payment(p, c)
    if c in p.reserved:
        text = _("catches {name} from your reserve", name=_name(c))
    else:
        text = _("catches {name}", name=_name(c))
    gains: list[Text | str] = []
    if card.points:
        gains.append(_n("+{count} pt", "+{count} pts", card.points))
    if card.discount:
        gains.append(_("a permanent {colour} discount", colour=colour_name(card.discount)))
    if gains:
        text = _("{reason}: {gains}", reason=text, gains=join_words(gains))
    if pay[5]:
        text = _n("{reason}, spending {count} Master Ball",
            "{reason}, spending {count} Master Balls", pay[5], reason=text)
    if c in state.display:
        rivals = _opponents_who_can_catch(state, c)
        if rivals:
            claims.append(Claim("rivals_catch", tuple(rivals), c))
            text = _("{reason}, before {players} can",
                      reason=text, players=_players(state, rivals))
    evolutions = [d for d in (*state.display, *p.reserved) if CARDS[d].evolves_from == c]
    if evolutions:
        d = max(evolutions, key=lambda x: (CARDS[x].points, -x))
        if d in state.display:
            text = _p("in the display",
                "{reason}; {name} in view can evolve from it", reason=text, name=_name(d))
        else:
            text = _p("in the reserve",
                "{reason}; {name} in view can evolve from it", reason=text, name=_name(d))
    return _last_round(state, action, card.points, text, claims)


def _evolve(state: Any, a: Evolve, claims: list[Claim]) -> Text:
    gain = CARDS[a.into].points - CARDS[a.base].points
    text = _n("evolves {base} into {into}: {gain} pt", "evolves {base} into {into}: {gain} pts", abs(gain),
               base=_name(a.base), into=_name(a.into), gain=format(gain, "+d"))
    old, new = CARDS[a.base].discount, CARDS[a.into].discount
    if old != new and new:
        text = _("{reason}, its discount becomes {colour}",
                  reason=text, colour=colour_name(new))
    return _last_round(state, a, gain, text, claims)


def _end_turn(state: Any, legal_evolutions: list[Evolve]) -> Text:
    gains = [CARDS[e.into].points - CARDS[e.base].points for e in legal_evolutions]
    if not gains:
        return _("ends the turn")
    best = max(gains)
    if best <= 0:
        return _("ends the turn: no evolution open now gains points")
    e = legal_evolutions[gains.index(best)]
    return _n("ends the turn, leaving the evolution into {name} (+{count} pt) for later",
               "ends the turn, leaving the evolution into {name} (+{count} pts) for later", best, name=_name(e.into))


def _return(state: Any, action: Any, claims: list[Claim]) -> Text:
    me = state.current_player
    p = state.players[me]
    counts = action.counts
    given = [i for i in range(6) for _ in range(counts[i])]
    text = _("returns {tokens}", tokens=_colours(given))
    end = apply(state, action)
    kept = [c for c in (*end.display, *end.players[me].reserved) if can_catch(end, me, c)]
    in_view = (*state.display, *p.reserved)
    # A card needs a colour it costs after discounts; a Master Ball, when it is rare or legendary.
    needed = {i for c in in_view for i in range(5) if CARDS[c].cost[i] > p.dsc[i]}
    if any(CARDS[c].tier != "normal" for c in in_view):
        needed.add(5)
    if kept:
        top = max(kept, key=lambda c: (CARDS[c].points, -c))
        claims.append(Claim("still_catch", top))
        text = _("{reason}, still able to catch {name}", reason=text, name=_name(top))
    elif not needed & set(given):
        claims.append(Claim("not_needed", tuple(sorted(set(given)))))
        text = _("{reason}: no card in view needs them", reason=text)
    return text


def reason(state: Any, action: Any) -> Text:
    """Why ``action`` is a move for the player to move in ``state``, from what it changes (a catalogue text).

    >>> from pokelab.splendor import Reserve, scenario
    >>> s = scenario(display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"],
    ...              tokens={1: {"red": 2, "blue": 3, "green": 3}})
    >>> why = reason(s, Reserve(3))
    >>> why.render("en")
    'reserves Charizard (3 pts) before Player 2 can catch it and gains a Master Ball'
    >>> why.render("zh")
    '锁定喷火龙（3 分），抢在玩家 2 捕捉之前，并获得 1 颗万能大师球'
    >>> reason(s, 3)
    Traceback (most recent call last):
    ...
    ValueError: reason expects a Splendor action object, got int
    """
    return explain(state, action)[0]


def explain(state: Any, action: Any) -> tuple[Text, tuple[Claim, ...]]:
    """The reason for ``action`` and the facts it states, each a ``Claim`` the engine can check (``holds``).

    >>> from pokelab.splendor import TakeDifferent, scenario
    >>> s = scenario(display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"],
    ...              tokens={0: {"red": 3, "blue": 3, "green": 2}})
    >>> why, claims = explain(s, TakeDifferent(("red", "blue", "yellow")))
    >>> [c.kind for c in claims]
    ['catch_next', 'must_return']
    >>> explain(s, None)
    Traceback (most recent call last):
    ...
    ValueError: reason expects a Splendor action object, got NoneType
    """
    if not isinstance(action, ACTION_TYPES):
        raise ValueError(f"reason expects a Splendor action object, got {type(action).__name__}")
    claims: list[Claim] = []
    kind = type(action)
    if kind is TakeDifferent or kind is TakeSame:
        text = _take(state, action, claims)
    elif kind is Reserve:
        text = _reserve(state, action.card, claims)
    elif kind is Catch:
        text = _catch(state, action, claims)
    elif kind is Evolve:
        text = _evolve(state, action, claims)
    elif kind is ReturnTokens:
        text = _return(state, action, claims)
    elif kind is Pass:
        text = _("passes: no main action is possible")
    else:
        assert kind is EndTurn
        text = _end_turn(state, [a for a in legal_actions(state) if type(a) is Evolve])
    return text, tuple(claims)


def false_claims(state: Any, action: Any) -> list[Claim]:
    """The claims of ``action``'s reason that the engine says are false (an empty list: the reason is true).

    >>> from pokelab.splendor import new_game, legal_actions
    >>> s = new_game(2, seed=3)
    >>> [false_claims(s, a) for a in legal_actions(s)[:2]]
    [[], []]
    >>> false_claims(s, "Pass()")
    Traceback (most recent call last):
    ...
    ValueError: reason expects a Splendor action object, got str
    """
    return [c for c in explain(state, action)[1] if not holds(state, action, c)]
