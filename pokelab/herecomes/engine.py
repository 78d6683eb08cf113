"""The rules: set-up, chance nodes, legal actions and the pure ``apply``.

A round (HC-R1…HC-R7): the hands are dealt (``setup``); four waves of token draws (chance
nodes, 4-3-2-1 tokens) each followed — for waves 1 to 3 — by a simultaneous
discard step; a simultaneous redraw vote; the check; a simultaneous keep step
for players who achieved two cards; scoring and clean-up.

Beside this module: ``legal`` (chance outcomes and legal actions), ``setup`` (``new_game``, the deal), ``scenario`` (chosen
positions), ``_trainer_rules`` (HC-T1..T4 in play) and ``_common`` (refusals and
the actor check they share).

>>> from pokelab.herecomes.legal import legal_actions
>>> from pokelab.herecomes.setup import new_game
>>> s = new_game(2, seed=3)
>>> s.is_chance, [str(a) for a in legal_actions(s)]
(True, ['Draw(red)', 'Draw(blue)', 'Draw(green)', 'Draw(yellow)', 'Draw(purple)'])
>>> for colour in ("red", "red", "blue", "green"):
...     s = apply(s, Draw(colour))
>>> s.phase, s.to_move, s.order_cards[0]
('discard', (0, 1), ('red', 'red', 'blue', 'green'))
>>> apply(s, Draw("red"))
Traceback (most recent call last):
...
pokelab.errors.IllegalAction: [HC-R2] No token is drawn now: the players are discarding.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from pokelab.core.texts import alternatives
from pokelab.herecomes._common import (
    _COLOUR_INDEX,
    _PHASE_WORDS,
    _check_actor,
    _illegal,
    _not_to_move,
    _return_last,
)
from pokelab.herecomes._trainer_rules import _apply_trainer
from pokelab.herecomes.actions import Action, Discard, Draw, Keep, UseTrainer, VoteRedraw
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.legal import _IS_LEGEND, keep_options
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.herecomes.setup import _rep, _start_round, _take
from pokelab.herecomes.state import _WAVE_ENDS, Result, State
from pokelab.words import Text, _, _p

__all__ = ["apply", "result"]

def _colour_word(colour: str) -> Text | str:
    """A colour of the bag by its name; an unknown one as the player wrote it."""
    return colour_name(colour) if colour in COLOURS else repr(colour)


# --------------------------------------------------------------------------- apply


def _apply_draw(s: State, action: Draw) -> State:
    phase = s.phase
    if phase != "draw" and phase != "redraw":
        raise _illegal("HC-R2", _("No token is drawn now: {doing}.", doing=_PHASE_WORDS[phase]))
    i = _COLOUR_INDEX.get(action.colour)
    if i is None or not s.bag_left[i]:
        colour = action.colour
        raise _illegal(
            "HC-C1",
            _("No {colour} token is left in the bag.", colour=_colour_word(colour)),
        )
    left = s.bag_left
    bag_left = (*left[:i], left[i] - 1, *left[i + 1 :])
    tokens = (*s.tokens, action.colour)
    if phase == "redraw":
        if s.redraw_by < 0:
            return _check(_rep(s, tokens=tokens, bag_left=bag_left))
        n = len(s.hands)
        return _rep(
            s,
            tokens=tokens,
            bag_left=bag_left,
            phase="vote",
            to_move=tuple(range(n)),
            pending=(None,) * n,
        )
    if len(tokens) < _WAVE_ENDS[s.wave - 1]:
        return _rep(s, tokens=tokens, bag_left=bag_left)
    n = len(s.hands)
    return _rep(
        s,
        tokens=tokens,
        bag_left=bag_left,
        phase="discard" if s.wave < 4 else "vote",
        to_move=tuple(range(n)),
    )


def _apply_discard(s: State, action: Discard) -> State:
    p = _check_actor(s, action.player, _p("doing", "discard"))
    if s.phase != "discard":
        raise _illegal(
            "HC-R3",
            _("No discard now: {doing} (wave 4 has no discard).", doing=_PHASE_WORDS[s.phase]),
        )
    if p not in s.to_move:
        raise _not_to_move(s, p)
    card = action.card
    if card not in s.hands[p]:
        raise _illegal(
            "HC-R2", _("Player {number} does not hold card {card}.", number=p + 1, card=card)
        )
    if card == s.extra[p]:
        raise _illegal(
            "HC-T1",
            _("Card {card} is already set aside as the extra discard.", card=card),
        )
    pending = (*s.pending[:p], card, *s.pending[p + 1 :])
    to_move = tuple(q for q in s.to_move if q != p)
    if to_move:
        return _rep(s, pending=pending, to_move=to_move)
    return _reveal_discards(s, pending)


def _reveal_discards(s: State, pending: tuple[Any, ...]) -> State:
    """Every discard of the wave is in: apply them all at once, then the HC-T1 replacements."""
    n = len(s.hands)
    hands = list(s.hands)
    round_discards = list(s.round_discards)
    discards = s.discards
    extra = s.extra
    order = [(s.leader + i) % n for i in range(n)]
    for p in order:
        out = (pending[p],) if extra[p] is None else (pending[p], extra[p])
        hands[p] = tuple(c for c in hands[p] if c not in out)
        discards += out
        round_discards[p] += out
    deck, shuffles, events = s.deck, s.shuffles, s.events
    for p in order:
        if extra[p] is not None:
            got, deck, discards, shuffles = _take(deck, discards, shuffles, s.setup.seed, 1)
            hands[p] = tuple(sorted(hands[p] + got))
            events += (("extra_discard", p, s.wave),)
    return _rep(
        s,
        wave=s.wave + 1,
        phase="draw",
        to_move=(),
        hands=tuple(hands),
        discards=discards,
        round_discards=tuple(round_discards),
        pending=(None,) * n,
        extra=(None,) * n,
        deck=deck,
        shuffles=shuffles,
        events=events,
    )


def _apply_vote(s: State, action: VoteRedraw) -> State:
    p = _check_actor(s, action.player, _p("doing", "vote"))
    if s.phase != "vote":
        raise _illegal("HC-R4", _("No redraw vote now: {doing}.", doing=_PHASE_WORDS[s.phase]))
    if p not in s.to_move:
        raise _not_to_move(s, p)
    if not isinstance(action.agree, bool):
        raise _illegal(
            "HC-R4",
            _("A vote is yes or no, got {value}.", value=repr(action.agree)),
        )
    pending = (*s.pending[:p], action.agree, *s.pending[p + 1 :])
    to_move = tuple(q for q in s.to_move if q != p)
    if to_move:
        return _rep(s, pending=pending, to_move=to_move)
    agreed = all(pending) if s.setup.variant.redraw == "all" else pending[s.leader]
    s = _rep(s, events=(*s.events, ("votes", pending)))
    if agreed:
        return _return_last(s, -1)
    return _check(_rep(s, pending=(None,) * len(s.hands), to_move=()))


def _check(s: State) -> State:
    """Check every hand (HC-R5); ask for a keep choice where needed (HC-R6).

    Gray and orange cards look at the final tokens; purple cards at every token
    that appeared, the final ones plus those put back by a redraw (HC-C2).
    """
    tokens = s.tokens
    appeared = tokens + s.returned
    bag = s.setup.bag
    achieved = tuple(
        tuple(c for c in hand if TARGETS[c].condition.holds(tokens, bag, appeared))
        for hand in s.hands
    )
    s = _rep(s, achieved=achieved, to_move=(), pending=(None,) * len(s.hands))
    choosers = tuple(p for p in range(len(s.hands)) if len(keep_options(s, p)) > 1)
    if choosers:
        return _rep(s, phase="keep", to_move=choosers)
    return _finish(s)


def _apply_keep(s: State, action: Keep) -> State:
    p = _check_actor(s, action.player, _p("doing", "keep a card"))
    if s.phase != "keep":
        raise _illegal("HC-R6", _("No card is kept now: {doing}.", doing=_PHASE_WORDS[s.phase]))
    if p not in s.to_move:
        raise _not_to_move(s, p)
    options = keep_options(s, p)
    if action.card not in options:
        raise _illegal(
            "HC-R6",
            _(
                "Player {number} can keep only {options}, not {card}.",
                number=p + 1,
                options=alternatives(options),
                card=action.card,
            ),
        )
    pending = (*s.pending[:p], action.card, *s.pending[p + 1 :])
    to_move = tuple(q for q in s.to_move if q != p)
    s = _rep(s, pending=pending, to_move=to_move)
    return s if to_move else _finish(s)


def _finish(s: State) -> State:
    """Score (HC-R6), clean up (HC-R7) and end the game (HC-G1, HC-G2) or start the next round."""
    n = len(s.hands)
    scored = list(s.scored)
    points = list(s.points)
    kept: list[str | None] = []
    discards = s.discards
    for p in range(n):
        options = keep_options(s, p)
        card = s.pending[p] if len(options) > 1 else (options[0] if options else None)
        kept.append(card)
        if card is not None:
            scored[p] += (card,)
            points[p] += TARGETS[card].points
        discards += tuple(c for c in s.hands[p] if c != card)
    legend_winners = tuple(p for p in range(n) if any(_IS_LEGEND[c] for c in s.achieved[p]))
    summary = MappingProxyType(
        {
            "round": s.round,
            "leader": s.leader,
            "tokens": s.tokens,
            "returned": s.returned,
            "hands": s.hands,
            "achieved": s.achieved,
            "kept": tuple(kept),
            "gained": tuple(points[p] - s.points[p] for p in range(n)),
            "legend_winners": legend_winners,
            "events": s.events,
        }
    )
    empty = ((),) * n
    s = _rep(
        s,
        scored=tuple(scored),
        points=tuple(points),
        discards=discards,
        hands=empty,
        tokens=(),
        bag_left=s.setup.composition,
        to_move=(),
        pending=(None,) * n,
        achieved=empty,
        summary=summary,
    )
    if legend_winners:
        return _rep(s, phase="over", winners=legend_winners, by_legend=True)
    best = max(points)
    if best >= s.setup.variant.win_points:
        return _rep(s, phase="over", winners=tuple(p for p in range(n) if points[p] == best))
    return _start_round(s, s.round + 1, (s.leader + 1) % n, s.deck, s.discards, s.shuffles)


_APPLY = {
    Draw: _apply_draw,
    Discard: _apply_discard,
    VoteRedraw: _apply_vote,
    Keep: _apply_keep,
    UseTrainer: _apply_trainer,
}


def apply(state: State, action: Action) -> State:
    """The state after ``action``; the input state is untouched (it is immutable).

    Raises ``IllegalAction`` (with the broken rule's ID and a reason in English
    and Chinese) for a move the rules forbid.

    >>> from pokelab.herecomes.scenario import scenario
    >>> s = scenario(2, hands={0: ["G01", "G05", "P01", "O01", "L01"]}, trainers=False)
    >>> for colour in ("red", "blue", "red", "green"):
    ...     s = apply(s, Draw(colour))
    >>> s2 = apply(s, Discard(0, "G05"))
    >>> s2.to_move, s.to_move
    ((1,), (0, 1))
    >>> apply(s2, Discard(0, "G01"))
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [HC-R2] Player 1 has already discarded in this wave.
    """
    handler = _APPLY.get(type(action))
    if handler is None:
        raise ValueError(
            f"{action!r} is not a Here Comes Pokémon! action (Draw, Discard, VoteRedraw, Keep, UseTrainer)"
        )
    return handler(state, action)


def result(state: State) -> Result:
    """Winners, final scores and whether a legend card decided the game.

    >>> from pokelab.herecomes.setup import new_game
    >>> result(new_game(2))
    Traceback (most recent call last):
    ...
    ValueError: the game is not over yet (round 1, the leader is drawing tokens)
    """
    if state.phase != "over":
        raise ValueError(
            f"the game is not over yet (round {state.round}, {_PHASE_WORDS[state.phase]})"
        )
    return Result(state.winners, state.points, state.by_legend)
