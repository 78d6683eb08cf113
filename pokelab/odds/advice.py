"""Expected points of a hand and the best discard, by expectimax over the exact chance outcomes (HC-R2…HC-R6).

A player's round, seen from their seat: after waves 1, 2 and 3 they discard one
card (HC-R2, HC-R3); after wave 4 the redraw may happen (HC-R4); then the two
kept cards are checked (HC-R5) and at most one scores, the better (HC-R6).
Other players' cards never change the tokens, so the problem is one player's.

How the value of a hand is counted:

- a card is worth its points; a legend card is worth ``legend_value`` (default
  ``LEGEND_VALUE`` = 10, the points that end a game, since a legend wins it, HC-G1);
- with two cards achieved the better one scores (HC-R6);
- the redraw (HC-R4): once the last token is seen the player votes for a
  redraw when a fresh last token is worth more to them on average — counting
  that the token put back has appeared, so a purple card of its colour stays
  broken (HC-C2): a redraw can rescue a gray card, never a purple one; the redraw
  then happens with chance ``redraw_agree`` — 1 (default) when the player's vote
  decides (the leader in the ``redraw="leader"`` variant, or a table that
  always agrees), 0 for a table that never redraws; the other players' votes
  depend on their secret hands, so anything in between is a model of them.

>>> hand = [("never:purple", 2), ("last:red", 3)]
>>> expected_points(hand, redraw_agree=0)
Fraction(231, 190)
>>> advice = advise_discard([("never:purple", 2), ("last:red", 3), ("all:purple", 4)],
...                         shown=("red", "blue", "green", "yellow", "red", "blue", "red", "green", "blue"))
>>> advice.discard
('all:purple', 4)
>>> advise_discard(hand, shown=("red",) * 4)
Traceback (most recent call last):
...
pokelab.errors.InputError: after wave 1 a player holding 2 cards cannot make the 3 discards left this round; they need at least 4 cards
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import accumulate
from numbers import Rational
from typing import Any

from pokelab.core.texts import alternatives
from pokelab.errors import InputError
from pokelab.herecomes.bag import DEFAULT_BAG, DRAWS_PER_ROUND, WAVES
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.state import check_seat
from pokelab.herecomes.view import observe
from pokelab.odds._tree import Solver
from pokelab.odds.advice_result import Advice, Option
from pokelab.odds.exact_parts import returned_counts
from pokelab.odds.inputs import (
    COLOUR_INDEX,
    LEGEND_VALUE,
    bag_counts,
    card_condition,
    card_value,
    parts_of,
    shown_counts,
)
from pokelab.words import _

#: Nine tokens after wave 3, used by the examples below.
SHOWN_9 = ("red",) * 4 + ("blue",) * 3 + ("green", "yellow")

__all__ = [
    "advise_discard",
    "best_discard",
    "discard_inputs",
    "expected_points",
    "redraw_gain",
    "redraw_vote",
    "should_redraw",
]


def _agree(redraw_agree: Any) -> Fraction:
    if isinstance(redraw_agree, bool) or not isinstance(redraw_agree, Rational):
        raise InputError(_('redraw_agree is a chance between 0 and 1 given as an int or Fraction, got {redraw_agree}', redraw_agree=repr(redraw_agree)))
    agree = Fraction(redraw_agree)
    if not 0 <= agree <= 1:
        raise InputError(_('redraw_agree is a chance between 0 and 1, got {redraw_agree}', redraw_agree=repr(redraw_agree)))
    return agree


def _solver(
    hand: Sequence[Any],
    counts: tuple[int, ...],
    draws: int,
    legend_value: Fraction | int,
    redraw_agree: Any,
) -> Solver:
    if isinstance(hand, str) or not isinstance(hand, Sequence) or not hand:
        raise InputError(_('a hand is a non-empty list of cards, got {hand}', hand=repr(hand)))
    cards = [(card_value(c, legend_value), parts_of([card_condition(c)])) for c in hand]
    return Solver(cards, counts, draws, _agree(redraw_agree))


def _unbroken(solver: Solver, mask: int, back: Sequence[int]) -> int:
    """``mask`` without the cards a token already put back this round breaks (HC-C2)."""
    for colour, n in enumerate(back):
        g = solver.group_of.get(colour)
        if n and g is not None:
            mask &= ~solver.killed_by[g]
    return mask


def expected_points(
    hand: Sequence[Any],
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    shown: Sequence[str] = (),
    draws: int = DRAWS_PER_ROUND,
    legend_value: Fraction | int = LEGEND_VALUE,
    redraw_agree: Fraction | int = 1,
    returned: Sequence[str] = (),
) -> Fraction:
    """Exact expected points this round of keeping ``hand`` to the end (HC-R4, HC-R5, HC-R6).

    ``hand`` holds target cards or ``(condition, points)`` pairs — normally the
    two kept cards. At most one card scores: the best achieved one. ``shown``
    are the round's first tokens in order; when all are shown the redraw may
    still be asked for. ``returned`` are tokens already put back this round
    (Brock's redraw, HC-T2): they break purple cards of their colour (HC-C2);
    ``redraw_agree`` is then the chance of the one redraw still modelled.

    >>> expected_points([("last:red", 3)], redraw_agree=0)
    Fraction(9, 10)
    >>> expected_points([("last:red", 3)])  # ask for the redraw whenever the last token is not red
    Fraction(3141, 2090)
    >>> expected_points([("never:purple", 2)], redraw_agree=0) > expected_points([("never:purple", 2)])
    False
    >>> expected_points([("never:purple", 2)], shown=SHOWN_9 + ("blue",), returned=("purple",))
    Fraction(0, 1)
    >>> expected_points([("last:red", 3)], redraw_agree=2)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: redraw_agree is a chance between 0 and 1, got 2
    """
    counts = bag_counts(bag, draws)
    seen = shown_counts(shown, counts, draws)
    back = returned_counts(returned, counts, len(shown), draws)
    solver = _solver(hand, counts, draws, legend_value, redraw_agree)
    mask = _unbroken(solver, (1 << len(hand)) - 1, back)
    if len(shown) == draws:
        last = COLOUR_INDEX[shown[-1]]
        before = list(seen)
        before[last] -= 1
        return solver.known_last(mask, solver.group_counts(before), solver.group_of_colour(last))
    return solver.expected(mask, solver.group_counts(seen), (draws - len(shown),))


def redraw_gain(
    hand: Sequence[Any],
    final_tokens: Sequence[str],
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    draws: int = DRAWS_PER_ROUND,
    legend_value: Fraction | int = LEGEND_VALUE,
    returned: Sequence[str] = (),
) -> Fraction:
    """Expected points after a redraw minus the points of the tokens as they are (HC-R4).

    ``final_tokens`` are all the round's tokens; the last one would go back —
    it has still appeared, so it keeps a purple card of its colour broken
    (HC-C2). ``returned``: tokens already put back this round (HC-T2).

    >>> tokens = ("red",) * 4 + ("blue",) * 5 + ("green",)
    >>> redraw_gain([("last:red", 3)], tokens)  # 2 red among the 11 tokens the redraw can bring
    Fraction(6, 11)
    >>> on_purple = ("red",) * 4 + ("blue",) * 5 + ("purple",)
    >>> redraw_gain([("never:purple", 2)], on_purple)  # the purple token has appeared: nothing to win
    Fraction(0, 1)
    >>> redraw_gain([("never:purple", 2)], tokens)  # 2 purple among the 11: a redraw can only lose
    Fraction(-4, 11)
    >>> redraw_gain([("last:red", 3)], tokens[:9])
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the redraw needs all 10 tokens of the round, got 9
    """
    counts = bag_counts(bag, draws)
    if isinstance(final_tokens, str) or len(final_tokens) != draws:
        raise InputError(_('the redraw needs all {draws} tokens of the round, got {count}', draws=draws, count=len(final_tokens)))
    seen = shown_counts(final_tokens, counts, draws)
    back = returned_counts(returned, counts, len(final_tokens), draws)
    solver = _solver(hand, counts, draws, legend_value, 1)
    last = COLOUR_INDEX[final_tokens[-1]]
    before = list(seen)
    before[last] -= 1
    mask = _unbroken(solver, (1 << len(hand)) - 1, back)
    return solver.redraw_gain(mask, solver.group_counts(before), solver.group_of_colour(last))


def should_redraw(
    hand: Sequence[Any],
    final_tokens: Sequence[str],
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    *,
    draws: int = DRAWS_PER_ROUND,
    legend_value: Fraction | int = LEGEND_VALUE,
    returned: Sequence[str] = (),
) -> bool:
    """The expected-value vote on the redraw (HC-R4): True when a fresh last token is worth more.

    Ties keep the tokens as they are. The token put back still breaks a purple
    card of its colour (HC-C2), so a redraw is never asked for to rescue one.

    >>> tokens = ("red",) * 4 + ("blue",) * 5 + ("green",)
    >>> should_redraw([("last:red", 3)], tokens), should_redraw([("last:green", 3)], tokens)
    (True, False)
    >>> should_redraw([("never:purple", 5), ("last:purple", 1)], tokens[:9] + ("purple",))
    False
    >>> should_redraw([("last:red", 3)], tokens[:9])
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the redraw needs all 10 tokens of the round, got 9
    """
    gain = redraw_gain(
        hand, final_tokens, bag=bag, draws=draws, legend_value=legend_value, returned=returned
    )
    return gain > 0


def advise_discard(
    hand: Sequence[Any],
    shown: Sequence[str],
    *,
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    waves: Sequence[int] = WAVES,
    legend_value: Fraction | int = LEGEND_VALUE,
    redraw_agree: Fraction | int = 1,
) -> Advice:
    """The discard that maximises expected points this round, with the value of every option (HC-R2, HC-R3).

    ``shown`` are the tokens of the waves drawn so far (4 after wave 1, 7 after
    wave 2, 9 after wave 3); the player will discard one card after each wave
    but the last and keep the rest. Exact expectimax: chance over the token
    counts of each wave to come, the player's best later discards, the redraw
    vote after the last token (see the module docstring).

    >>> hand = [("last:red", 3), ("last:blue", 3), ("never:purple", 1)]
    >>> a = advise_discard(hand, shown=("red",) * 4 + ("blue",) * 3 + ("green", "yellow"))
    >>> a.discard, a.value
    (('never:purple', 1), Fraction(216, 121))
    >>> advise_discard(hand, shown=("red",) * 5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: a discard follows a wave: shown must hold 4, 7 or 9 tokens, got 5
    """
    waves = tuple(waves)
    if not waves or any(isinstance(w, bool) or not isinstance(w, int) or w < 1 for w in waves):
        raise InputError(_('waves are whole numbers of tokens, each at least 1, got {waves}', waves=repr(waves)))
    draws = sum(waves)
    counts = bag_counts(bag, draws)
    seen = shown_counts(shown, counts, draws)
    boundaries = list(accumulate(waves))[:-1]
    if len(shown) not in boundaries:
        first, *more = boundaries or [0]
        allowed = alternatives([", ".join(map(str, [first, *more][:-1])), more[-1]] if more else [first])
        raise InputError(_('a discard follows a wave: shown must hold {allowed} tokens, got {count}', allowed=allowed, count=len(shown)))
    wave_done = boundaries.index(len(shown))
    discards_left = len(waves) - 1 - wave_done
    if isinstance(hand, str) or not isinstance(hand, Sequence) or len(hand) <= discards_left:
        size = len(hand) if isinstance(hand, Sequence) else hand
        raise InputError(_('after wave {wave} a player holding {size} cards cannot make the {discards_left} discards left this round; they need at least {need} cards', wave=wave_done + 1, size=size, discards_left=discards_left, need=discards_left + 1))
    solver = _solver(hand, counts, draws, legend_value, redraw_agree)
    drawn = solver.group_counts(seen)
    rest = waves[wave_done + 1 :]
    full = (1 << len(hand)) - 1
    values = [solver.expected(full & ~(1 << i), drawn, rest) for i in range(len(hand))]
    best = max(values)
    pick = values.index(best)
    options = tuple(Option(card, v, best - v) for card, v in zip(hand, values, strict=True))
    return Advice(discard=hand[pick], value=best, options=options)


def _player_view(state: Any, player: int | None) -> Mapping[str, Any]:
    """What the seat may know: a view passes through, an engine ``State`` goes through ``observe(state, player)``.

    So an adviser cannot read another hand, a secret choice or the deck, whatever it is given.

    >>> from pokelab.herecomes import new_game
    >>> _player_view(new_game(2, seed=1), 1)["viewer"]
    1
    >>> _player_view(new_game(2, seed=1), 5)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: there is no seat 5: seats are 0 to 1
    """
    if isinstance(state, Mapping):
        return state

    check_seat(state, player)
    return observe(state, player)


def best_discard(
    state: Any,
    player: int | None = None,
    *,
    legend_value: Fraction | int = LEGEND_VALUE,
    redraw_agree: Fraction | int | None = None,
) -> Advice:
    """``advise_discard`` for a seat of a Here Comes game: its hand, the tokens shown, the bag (HC-R2, HC-R3).

    ``state`` is a player's view from ``observe`` (``player`` may then be left
    out) or an engine ``State`` with ``player``, which is first turned into that
    player's view: only what the player may know is used (their hand, the
    tokens on the order cards, the configured bag). A card set aside as the HC-T1 extra discard is left out of the hand;
    the card that will replace it is unknown and not modelled.

    ``redraw_agree`` (HC-R4) defaults to the variant: with ``redraw="leader"``
    1 for the leader and 0 for the others (they have no say); with the default
    ``redraw="all"`` 1, i.e. the player's own expected-value vote is assumed to
    carry the table.

    >>> from pokelab.herecomes import scenario, apply, Draw
    >>> s = scenario(2, hands={0: ["G01", "G17", "P01", "O09", "L01"]}, trainers=False)
    >>> for colour in ("red", "blue", "purple", "green"):
    ...     s = apply(s, Draw(colour))
    >>> advice = best_discard(s, 0)
    >>> advice.discard.id, [o.card.id for o in advice.options if o.cost == 0]
    ('P01', ['P01'])
    >>> best_discard(scenario(2, trainers=False), 0)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: best_discard needs a discard step (phase 'discard'), the game is in phase 'draw'
    """
    hand, tokens, bag, agree = discard_inputs(state, player, redraw_agree=redraw_agree)
    return advise_discard(hand, tokens, bag=bag, legend_value=legend_value, redraw_agree=agree)


def discard_inputs(
    state: Any, player: int | None = None, *, redraw_agree: Fraction | int | None = None
) -> tuple[list[Any], tuple[str, ...], dict[str, int], Fraction | int]:
    """What ``best_discard`` weighs for a seat: ``(hand, tokens shown, bag, redraw_agree)``, from the seat's view only.

    The hand leaves out a card set aside with Misty (HC-T1); ``redraw_agree`` defaults
    as ``best_discard`` says (HC-R4). The coach (``pokelab.analysis.herecomes_coach``)
    words its reasons from the same inputs.

    >>> from pokelab.herecomes import scenario, apply, Draw
    >>> s = scenario(2, hands={0: ["G01", "G17", "P01", "O09", "L01"]}, trainers=False)
    >>> for colour in ("red", "blue", "purple", "green"):
    ...     s = apply(s, Draw(colour))
    >>> hand, tokens, bag, agree = discard_inputs(s, 0)
    >>> [c.id for c in hand], tokens, agree
    (['G01', 'G17', 'L01', 'O09', 'P01'], ('red', 'blue', 'purple', 'green'), 1)
    >>> discard_inputs(scenario(2, trainers=False), 0)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: best_discard needs a discard step (phase 'discard'), the game is in phase 'draw'
    """
    view = _player_view(state, player)
    phase = view.get("phase")
    ids = [c["id"] for c in view.get("hand", [])]
    extra = (view.get("my_choice") or {}).get("extra_discard")
    tokens = tuple(view.get("tokens", ()))
    bag = dict(view.get("composition", DEFAULT_BAG))
    seat = view.get("viewer") if player is None else player
    leader = view.get("leader")
    variant = (view.get("variant") or {}).get("redraw", "all")
    if seat is None:
        raise InputError(_("best_discard needs a player's view, not the teacher's (viewer None)"))
    if phase != "discard":
        raise InputError(_("best_discard needs a discard step (phase 'discard'), the game is in phase {phase}", phase=repr(phase)))
    if redraw_agree is None:
        redraw_agree = 1 if variant != "leader" or seat == leader else 0
    return [TARGETS[i] for i in ids if i != extra], tokens, bag, redraw_agree


def redraw_vote(state: Any, player: int | None = None, *, legend_value: Fraction | int = LEGEND_VALUE) -> bool:
    """The expected-value vote on the redraw (HC-R4) for a seat of a Here Comes game.

    ``state`` is that player's view, or an engine ``State`` in phase ``"vote"``
    with ``player`` (turned into the player's view first); the answer is ``should_redraw`` on the player's kept
    cards, the 10 tokens on the order cards and the tokens already put back
    this round (after Brock's redraw, HC-T2).

    >>> from pokelab.herecomes import scenario, apply, Draw, Discard
    >>> s = scenario(1, hands={0: ["G01", "G05", "P01", "O09", "L01"]}, trainers=False)
    >>> for wave, colours in enumerate([("blue", "green", "blue", "green"), ("blue", "green", "yellow"),
    ...                                 ("yellow", "green"), ("blue",)]):
    ...     for colour in colours:
    ...         s = apply(s, Draw(colour))
    ...     if wave < 3:
    ...         s = apply(s, Discard(0, ["L01", "O09", "P01"][wave]))
    >>> s.phase, s.hands[0]
    ('vote', ('G01', 'G05'))
    >>> redraw_vote(s, 0)  # the last token is blue: G05 (last blue) scores 1, a redraw risks it
    False
    """
    view = _player_view(state, player)
    phase = view.get("phase")
    ids = [c["id"] for c in view.get("hand", [])]
    tokens = tuple(view.get("tokens", ()))
    returned = tuple(view.get("returned", ()))
    bag = dict(view.get("composition", DEFAULT_BAG))
    if phase != "vote":
        raise InputError(_("redraw_vote needs the redraw vote (phase 'vote'), the game is in phase {phase}", phase=repr(phase)))
    hand = [TARGETS[i] for i in ids]
    return should_redraw(hand, tokens, bag, legend_value=legend_value, returned=returned)
