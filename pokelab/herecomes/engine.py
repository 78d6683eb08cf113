"""The rules: set-up, chance nodes, legal actions and the pure ``apply``.

A round (HC-R1…HC-R7): the hands are dealt; four waves of token draws (chance
nodes, 4-3-2-1 tokens) each followed — for waves 1 to 3 — by a simultaneous
discard step; a simultaneous redraw vote; the check; a simultaneous keep step
for players who achieved two cards; scoring and clean-up.

>>> import random
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

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from pokelab.errors import IllegalAction
from pokelab.herecomes.actions import Action, Discard, Draw, Keep, UseTrainer, VoteRedraw
from pokelab.herecomes.bag import COLOUR_ZH, COLOURS, validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.state import _WAVE_ENDS, Result, Setup, State, Variant, check_seat
from pokelab.herecomes.trainers import POWERS, TRAINERS, trainer_for_power

__all__ = [
    "HAND_SIZE",
    "apply",
    "chance_outcomes",
    "keep_options",
    "legal_actions",
    "new_game",
    "result",
    "sample",
    "scenario",
]

HAND_SIZE = 5  # HC-R1
_CARD_IDS: tuple[str, ...] = tuple(TARGETS)
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_DRAWS = {c: Draw(c) for c in COLOURS}
_VOTES: dict[tuple[int, bool], VoteRedraw] = {}
_IS_LEGEND = {cid: card.is_legend for cid, card in TARGETS.items()}
_FIELD_INDEX = {name: i for i, name in enumerate(State._fields)}
_tuple_new = tuple.__new__
_DISCARDS_BY_SEAT = tuple({c: Discard(p, c) for c in TARGETS} for p in range(4))
_PHASE_RULE = {"discard": "HC-R2", "vote": "HC-R4", "keep": "HC-R6"}
_PHASE_WORDS = {
    "draw": ("the leader is drawing tokens", "领队正在抽代币"),
    "redraw": ("the leader is drawing tokens", "领队正在抽代币"),
    "discard": ("the players are discarding", "玩家正在弃牌"),
    "vote": ("the players are voting on the redraw", "玩家正在就重抽投票"),
    "keep": ("the players are choosing which card to score", "玩家正在选择计分卡"),
    "over": ("the game is over", "游戏已经结束"),
}


# --------------------------------------------------------------------------- set-up


def _rep(s: State, **changes: Any) -> State:
    """``s._replace(**changes)``, about twice as fast (the hot path of ``apply``)."""
    values = list(s)
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return _tuple_new(State, values)


def _shuffled(cards: Sequence[str], seed: int, shuffles: int) -> tuple[str, ...]:
    """The target deck after shuffle number ``shuffles`` of game ``seed``: same seed, same deck."""
    order = list(cards)
    random.Random(f"pokelab.herecomes/{seed}/deck/{shuffles}").shuffle(order)
    return tuple(order)


def _take(
    deck: tuple[str, ...], discards: tuple[str, ...], shuffles: int, seed: int, k: int
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int]:
    """Take ``k`` cards; when the deck runs out the discard pile is shuffled into a new deck (HC-R1)."""
    if len(deck) >= k:
        return deck[:k], deck[k:], discards, shuffles
    got = deck
    if len(deck) + len(discards) < k:
        raise ValueError(
            f"the target deck and discard pile hold {len(deck) + len(discards)} cards, {k} are needed"
        )
    deck = _shuffled(discards, seed, shuffles)
    need = k - len(got)
    return got + deck[:need], deck[need:], (), shuffles + 1


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise ValueError(f"players is a count from 1 to 4 or a list of names, got {players!r}")
    if isinstance(players, int):
        if not 1 <= players <= 4:
            raise ValueError(
                f"Here Comes Pokémon! is for 1 to 4 players (1 = solo practice), got {players}"
            )
        return tuple(f"Player {i + 1}" for i in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players is a count from 1 to 4 or a list of names, got {players!r}")
    names = tuple(players)
    if not 1 <= len(names) <= 4:
        raise ValueError(
            f"Here Comes Pokémon! is for 1 to 4 players (1 = solo practice), got {len(names)} names"
        )
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"a player name is a non-empty string, got {name!r}")
    if len(set(names)) != len(names):
        raise ValueError(f"player names must differ, got {list(names)}")
    return names


def _setup(
    players: int | Sequence[str],
    seed: int,
    bag: Mapping[str, int] | None,
    trainers: Any,
    variant: Any,
) -> Setup:
    names = _names(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    composition = validate_bag(bag)
    if variant is None:
        variant = Variant()
    elif isinstance(variant, Mapping):
        unknown = sorted(map(str, set(variant) - {"redraw", "win_points"}))
        if unknown:
            raise ValueError(f"variant options are redraw ('all'/'leader') and win_points, got {dict(variant)!r}")
        variant = Variant(**variant)
    elif not isinstance(variant, Variant):
        raise ValueError(
            f"variant must be a Variant (or a mapping of its options), got {variant!r}"
        )
    return Setup(
        names, tuple(composition[c] for c in COLOURS), variant, seed, trainers is not False
    )


def _deal_trainers(setup: Setup, rng: random.Random) -> tuple[str | None, ...]:
    n = len(setup.names)
    if not setup.trainers:
        return (None,) * n
    pool = [t.id for t in TRAINERS.values() if n > 1 or t.solo]
    return tuple(rng.sample(pool, n))


def _build(
    setup: Setup,
    leader: int,
    trainers: tuple[str | None, ...],
    deck: tuple[str, ...],
    shuffles: int,
    points: tuple[int, ...],
    hands: Mapping[int, tuple[str, ...]],
) -> State:
    n = len(setup.names)
    empty = ((),) * n
    state = State(
        setup=setup,
        round=1,
        wave=1,
        phase="draw",
        leader=leader,
        to_move=(),
        tokens=(),
        bag_left=setup.composition,
        deck=deck,
        discards=(),
        hands=empty,
        scored=empty,
        points=points,
        trainers=trainers,
        pending=(None,) * n,
        extra=(None,) * n,
        round_uses=(0,) * n,
        game_uses=(0,) * n,
        round_discards=empty,
        peeks=empty,
        events=(),
        returned=(),
        redraw_by=-1,
        achieved=empty,
        shuffles=shuffles,
        summary=None,
        winners=(),
        by_legend=False,
    )
    return _start_round(state, 1, leader, deck, (), shuffles, hands)


def new_game(
    players: int | Sequence[str] = 3,
    *,
    seed: int = 0,
    bag: Mapping[str, int] | None = None,
    trainers: bool = True,
    variant: Variant | None = None,
) -> State:
    """A new game: shuffled target deck, 5 cards each, trainers dealt, a random first leader.

    ``players`` is a count (1–4; 1 = solo practice: reach 10 points in as few
    rounds as possible) or a list of names. Same seed, same game.

    >>> s = new_game(["Ash", "Misty"], seed=7)
    >>> [p.name for p in s.players], s.deck_size, s.is_chance
    (['Ash', 'Misty'], 50, True)
    >>> new_game(3, seed=7) == new_game(3, seed=7)
    True
    >>> new_game(5)
    Traceback (most recent call last):
    ...
    ValueError: Here Comes Pokémon! is for 1 to 4 players (1 = solo practice), got 5
    >>> new_game(2, bag={"red": 4, "blue": 4})
    Traceback (most recent call last):
    ...
    ValueError: the bag holds 8 tokens but a round draws 10: add at least 2 more
    """
    if not isinstance(trainers, bool):
        raise ValueError(f"trainers is True or False, got {trainers!r}")
    setup = _setup(players, seed, bag, trainers, variant)
    n = len(setup.names)
    rng = random.Random(f"pokelab.herecomes/{seed}/setup")
    leader = rng.randrange(n)
    dealt = _deal_trainers(setup, rng)
    deck = _shuffled(_CARD_IDS, seed, 0)
    return _build(setup, leader, dealt, deck, 1, (0,) * n, {})


def scenario(
    players: int | Sequence[str],
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    bag: Mapping[str, int] | None = None,
    leader: int = 0,
    scores: Mapping[int, int] | None = None,
    trainers: bool | Mapping[int, str] | None = None,
    seed: int = 0,
    variant: Variant | None = None,
    deck_top: Sequence[str] = (),
) -> State:
    """The start of a round with chosen hands, leader, scores and trainers — for lessons and tests.

    ``hands`` maps seat -> 5 card ids (seats left out are dealt from the shuffled
    deck); ``trainers`` is ``False`` (none), ``None``/``True`` (dealt at random)
    or a mapping seat -> trainer id; ``deck_top`` puts chosen cards on top of
    the target deck (the next cards drawn, e.g. by an HC-T1 extra discard).

    >>> s = scenario(2, hands={0: ["G01", "G05", "P01", "O01", "L01"]}, leader=1, scores={1: 7}, trainers=False)
    >>> s.players[0].hand, s.leader, s.points
    (('G01', 'G05', 'L01', 'O01', 'P01'), 1, (0, 7))
    >>> scenario(2, hands={0: ["G01", "G01", "P01", "O01", "L01"]})
    Traceback (most recent call last):
    ...
    ValueError: impossible set-up: card G01 is dealt twice
    """
    if trainers is True:
        trainers = None
    setup = _setup(players, seed, bag, trainers is not False, variant)
    n = len(setup.names)
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
        raise ValueError(
            f"impossible set-up: leader must be a seat from 0 to {n - 1}, got {leader!r}"
        )
    used: set[str] = set()

    def claim(card: Any, where: str) -> str:
        if card not in TARGETS:
            raise ValueError(f"impossible set-up: unknown card {card!r} in {where}")
        if card in used:
            raise ValueError(f"impossible set-up: card {card} is dealt twice")
        used.add(card)
        return card

    chosen: dict[int, tuple[str, ...]] = {}
    for seat, cards in (hands or {}).items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(
                f"impossible set-up: hands names seat {seat!r}; seats are 0 to {n - 1}"
            )
        if isinstance(cards, str) or len(cards) != HAND_SIZE:
            raise ValueError(
                f"impossible set-up: seat {seat} must start a round with {HAND_SIZE} cards, got {cards!r}"
            )
        chosen[seat] = tuple(claim(c, f"the hand of seat {seat}") for c in cards)
    top = tuple(claim(c, "deck_top") for c in deck_top)
    points = [0] * n
    for seat, pts in (scores or {}).items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(
                f"impossible set-up: scores names seat {seat!r}; seats are 0 to {n - 1}"
            )
        if (
            isinstance(pts, bool)
            or not isinstance(pts, int)
            or not 0 <= pts < setup.variant.win_points
        ):
            raise ValueError(
                f"impossible set-up: seat {seat} has {pts!r} points; a running game has 0 to "
                f"{setup.variant.win_points - 1} (a higher score would have ended it)"
            )
        points[seat] = pts
    rng = random.Random(f"pokelab.herecomes/{seed}/setup")
    if trainers is None:
        dealt = _deal_trainers(setup, rng)
    elif trainers is False:
        dealt = (None,) * n
    elif isinstance(trainers, Mapping):
        seats: list[str | None] = [None] * n
        for seat, tid in trainers.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(
                    f"impossible set-up: trainers names seat {seat!r}; seats are 0 to {n - 1}"
                )
            if tid not in TRAINERS:
                raise ValueError(
                    f"impossible set-up: unknown trainer {tid!r}; trainers are {', '.join(TRAINERS)}"
                )
            if tid in seats:
                raise ValueError(f"impossible set-up: trainer {tid} is dealt twice")
            seats[seat] = tid
        dealt = tuple(seats)
    else:
        raise ValueError(
            f"trainers is False, None or a mapping seat -> trainer id, got {trainers!r}"
        )
    rest = _shuffled([c for c in _CARD_IDS if c not in used], seed, 0)
    return _build(setup, leader, dealt, top + rest, 1, tuple(points), chosen)


def _start_round(
    s: State,
    round_no: int,
    leader: int,
    deck: tuple[str, ...],
    discards: tuple[str, ...],
    shuffles: int,
    chosen: Mapping[int, tuple[str, ...]] | None = None,
) -> State:
    """Deal the hands (HC-R1) and open wave 1."""
    n = len(s.hands)
    hands = []
    for seat in range(n):
        if chosen and seat in chosen:
            hand = chosen[seat]
        else:
            hand, deck, discards, shuffles = _take(
                deck, discards, shuffles, s.setup.seed, HAND_SIZE
            )
        hands.append(tuple(sorted(hand)))
    empty = ((),) * n
    return _rep(
        s,
        round=round_no,
        wave=1,
        phase="draw",
        leader=leader,
        to_move=(),
        tokens=(),
        bag_left=s.setup.composition,
        deck=deck,
        discards=discards,
        hands=tuple(hands),
        pending=(None,) * n,
        extra=(None,) * n,
        round_uses=(0,) * n,
        round_discards=empty,
        events=(),
        returned=(),
        redraw_by=-1,
        achieved=empty,
        shuffles=shuffles,
    )


# --------------------------------------------------------------------------- chance


def chance_outcomes(state: State) -> list[tuple[str, Fraction]]:
    """The colours that can be drawn now, each with its exact probability.

    >>> chance_outcomes(new_game(2))[0]
    ('red', Fraction(3, 10))
    >>> s = scenario(1, hands={0: ["G01", "G02", "G03", "G04", "G05"]}, trainers=False)
    >>> s = apply(apply(apply(apply(s, Draw("red")), Draw("red")), Draw("red")), Draw("red"))
    >>> chance_outcomes(s)
    Traceback (most recent call last):
    ...
    ValueError: not a chance node: the players are discarding
    """
    if not state.is_chance:
        raise ValueError(f"not a chance node: {_PHASE_WORDS[state.phase][0]}")
    total = sum(state.bag_left)
    return [(c, Fraction(k, total)) for c, k in zip(COLOURS, state.bag_left, strict=True) if k]


def sample(state: State, rng: random.Random) -> Draw:
    """Draw the next token with a seeded ``random.Random``, weighted by the bag.

    >>> str(sample(new_game(2), random.Random(0)))
    'Draw(yellow)'
    >>> sample(new_game(2), 0)
    Traceback (most recent call last):
    ...
    ValueError: sample needs a random.Random, got 0
    """
    if not isinstance(rng, random.Random):
        raise ValueError(f"sample needs a random.Random, got {rng!r}")
    if not state.is_chance:
        raise ValueError(f"not a chance node: {_PHASE_WORDS[state.phase][0]}")
    left = state.bag_left
    r = int(rng.random() * sum(left))
    for i, k in enumerate(left):
        if r < k:
            return _DRAWS[COLOURS[i]]
        r -= k
    raise AssertionError("unreachable: r < total")  # pragma: no cover


# --------------------------------------------------------------------------- legal actions


def keep_options(state: State, player: int) -> tuple[str, ...]:
    """The cards ``player`` may keep after achieving several (HC-R6; a single legend is kept by itself, HC-G1).

    >>> keep_options(new_game(2), 0)
    ()
    """
    achieved = state.achieved[player]
    legends = tuple(c for c in achieved if _IS_LEGEND[c])
    return legends if legends else achieved


def _vote_action(player: int, agree: bool) -> VoteRedraw:
    key = (player, agree)
    action = _VOTES.get(key)
    if action is None:
        action = _VOTES[key] = VoteRedraw(player, agree)
    return action


def _trainer_actions(s: State, p: int) -> list[UseTrainer]:
    tid = s.trainers[p]
    if tid is None or not s.setup.trainers:
        return []
    t = TRAINERS[tid]
    if (t.per_round and s.round_uses[p] >= t.per_round) or (
        t.per_game and s.game_uses[p] >= t.per_game
    ):
        return []
    phase = s.phase
    if t.power == "extra_discard":
        if phase == "discard" and s.extra[p] is None:
            return [UseTrainer(p, "extra_discard", c) for c in s.hands[p]]
    elif t.power == "peek":
        if phase in ("discard", "vote"):
            return [
                UseTrainer(p, "peek", o)
                for o in range(len(s.hands))
                if o != p and s.round_discards[o]
            ]
    elif t.power == "redraw":
        if phase == "vote":
            return [UseTrainer(p, "redraw")]
    elif t.power == "swap" and phase == "vote":
        last = s.tokens[-1]
        seen: set[str] = set()
        out = []
        for i in (0, 1):
            colour = s.tokens[7 + i]
            if colour != last and colour not in seen:
                seen.add(colour)
                out.append(UseTrainer(p, "swap", i))
        return out
    return []


def legal_actions(state: State, player: int | None = None) -> list[Action]:
    """The actions ``player`` may take now, in a fixed order ([] when it is not their turn).

    At a chance node, ``legal_actions(state)`` lists the possible ``Draw``s;
    with ``player=None`` at a decision node, the actions of every seat in
    ``to_move`` are listed.

    >>> s = scenario(2, hands={0: ["G01", "G05", "P01", "O01", "L01"]}, trainers=False)
    >>> for colour in ("red", "blue", "red", "green"):
    ...     s = apply(s, Draw(colour))
    >>> [str(a) for a in legal_actions(s, 0)]
    ['Discard(0, G01)', 'Discard(0, G05)', 'Discard(0, L01)', 'Discard(0, O01)', 'Discard(0, P01)']
    >>> legal_actions(s, 5)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 5: seats are 0 to 1
    """
    s = state
    phase = s.phase
    if player is not None:
        check_seat(s, player)
    if phase == "over":
        return []
    if phase == "draw" or phase == "redraw":
        if player is not None:
            return []
        return [_DRAWS[c] for c, k in zip(COLOURS, s.bag_left, strict=True) if k]
    if player is None:
        return [a for p in s.to_move for a in legal_actions(s, p)]
    if player not in s.to_move:
        return []
    out: list[Action]
    if phase == "discard":
        extra = s.extra[player]
        by_card = _DISCARDS_BY_SEAT[player]
        if extra is None:
            out = [by_card[c] for c in s.hands[player]]
        else:
            out = [by_card[c] for c in s.hands[player] if c != extra]
    elif phase == "vote":
        out = [_vote_action(player, True), _vote_action(player, False)]
    else:  # keep
        return [Keep(player, c) for c in keep_options(s, player)]
    if s.setup.trainers and s.trainers[player] is not None:
        out.extend(_trainer_actions(s, player))
    return out


# --------------------------------------------------------------------------- apply


def _illegal(rule: str, en: str, zh: str) -> IllegalAction:
    return IllegalAction(rule, en, zh)


def _check_actor(s: State, player: Any, acting_en: str, acting_zh: str) -> int:
    """Common checks for a player's action; returns the seat."""
    if s.phase == "over":
        raise _illegal("HC-G2", "The game is over: no more moves.", "游戏已经结束，不能再行动。")
    n = len(s.hands)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise _illegal(
            "HC-C5",
            f"There is no player {player!r}: seats are 0 to {n - 1}.",
            f"没有玩家 {player!r}：座位编号为 0 到 {n - 1}。",
        )
    if s.phase == "draw" or s.phase == "redraw":
        raise _illegal(
            "HC-R2",
            f"Wait: the leader is drawing tokens, no one can {acting_en} now.",
            f"请等待：领队正在抽代币，现在不能{acting_zh}。",
        )
    return player


def _not_to_move(s: State, p: int) -> IllegalAction:
    rule = _PHASE_RULE.get(s.phase, "HC-R2")
    if s.pending[p] is not None:
        done_en = {
            "discard": "discarded in this wave",
            "vote": "voted",
            "keep": "chosen your card",
        }[s.phase]
        done_zh = {"discard": "本波已经弃过牌", "vote": "已经投过票", "keep": "已经选过计分卡"}[
            s.phase
        ]
        return _illegal(rule, f"Player {p + 1} has already {done_en}.", f"玩家{p + 1}{done_zh}。")
    en, zh = _PHASE_WORDS[s.phase]
    return _illegal(
        rule, f"Player {p + 1} does not act now: {en}.", f"玩家{p + 1}现在不能行动：{zh}。"
    )


def _apply_draw(s: State, action: Draw) -> State:
    phase = s.phase
    if phase != "draw" and phase != "redraw":
        en, zh = _PHASE_WORDS[phase]
        raise _illegal("HC-R2", f"No token is drawn now: {en}.", f"现在不抽代币：{zh}。")
    i = _COLOUR_INDEX.get(action.colour)
    if i is None or not s.bag_left[i]:
        colour = action.colour
        raise _illegal(
            "HC-C1",
            f"No {colour} token is left in the bag.",
            f"布袋里已经没有{COLOUR_ZH.get(colour, colour)}色代币。",
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
    p = _check_actor(s, action.player, "discard", "弃牌")
    if s.phase != "discard":
        en, zh = _PHASE_WORDS[s.phase]
        raise _illegal(
            "HC-R3",
            f"No discard now: {en} (wave 4 has no discard).",
            f"现在不弃牌：{zh}（第 4 波不弃牌）。",
        )
    if p not in s.to_move:
        raise _not_to_move(s, p)
    card = action.card
    if card not in s.hands[p]:
        raise _illegal(
            "HC-R2", f"Player {p + 1} does not hold card {card}.", f"玩家{p + 1}手中没有卡 {card}。"
        )
    if card == s.extra[p]:
        raise _illegal(
            "HC-T1",
            f"Card {card} is already set aside as the extra discard.",
            f"卡 {card} 已被选作额外弃牌。",
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


def _return_last(s: State, by: int) -> State:
    """Put the token on order card 4 back into the bag; a redraw chance node follows (HC-R4, HC-T2)."""
    token = s.tokens[-1]
    i = _COLOUR_INDEX[token]
    left = s.bag_left
    return _rep(
        s,
        tokens=s.tokens[:-1],
        bag_left=(*left[:i], left[i] + 1, *left[i + 1 :]),
        phase="redraw",
        to_move=(),
        pending=(None,) * len(s.hands),
        returned=(*s.returned, token),
        redraw_by=by,
        events=(*s.events, ("redraw", by, token)),
    )


def _apply_vote(s: State, action: VoteRedraw) -> State:
    p = _check_actor(s, action.player, "vote", "投票")
    if s.phase != "vote":
        en, zh = _PHASE_WORDS[s.phase]
        raise _illegal("HC-R4", f"No redraw vote now: {en}.", f"现在不进行重抽投票：{zh}。")
    if p not in s.to_move:
        raise _not_to_move(s, p)
    if not isinstance(action.agree, bool):
        raise _illegal(
            "HC-R4",
            f"A vote is yes or no, got {action.agree!r}.",
            f"投票只能是同意或不同意，收到 {action.agree!r}。",
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
    p = _check_actor(s, action.player, "keep a card", "选择计分卡")
    if s.phase != "keep":
        en, zh = _PHASE_WORDS[s.phase]
        raise _illegal("HC-R6", f"No card is kept now: {en}.", f"现在不选择计分卡：{zh}。")
    if p not in s.to_move:
        raise _not_to_move(s, p)
    options = keep_options(s, p)
    if action.card not in options:
        raise _illegal(
            "HC-R6",
            f"Player {p + 1} can keep only {' or '.join(options)}, not {action.card}.",
            f"玩家{p + 1}只能保留 {' 或 '.join(options)}，不能保留 {action.card}。",
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


def _apply_trainer(s: State, action: UseTrainer) -> State:
    p = _check_actor(s, action.player, "use a trainer", "使用训练师")
    if action.power not in POWERS:
        raise _illegal(
            "HC-C4",
            f"Unknown trainer power {action.power!r}: powers are {', '.join(POWERS)}.",
            f"未知的训练师能力 {action.power!r}：可用能力为 {', '.join(POWERS)}。",
        )
    t = trainer_for_power(action.power)
    rule = t.rule
    if not s.setup.trainers or s.trainers[p] != t.id:
        raise _illegal(
            rule,
            f"Player {p + 1} does not hold {t.name_en}, whose power is {t.power}.",
            f"玩家{p + 1}没有训练师{t.name_zh}，不能使用这项能力。",
        )
    if p not in s.to_move:
        en, zh = _PHASE_WORDS[s.phase]
        if s.pending[p] is not None:
            en, zh = "you have already made your choice in this step", "你在这一步已经做出选择"
        raise _illegal(
            rule,
            f"{t.name_en} can be used only while you still have to act: {en}.",
            f"只有在你仍需行动时才能使用{t.name_zh}：{zh}。",
        )
    if t.per_round and s.round_uses[p] >= t.per_round:
        raise _illegal(
            rule, f"{t.name_en} has already been used this round.", f"{t.name_zh}本轮已经用过了。"
        )
    if t.per_game and s.game_uses[p] >= t.per_game:
        raise _illegal(
            rule, f"{t.name_en} has already been used in this game.", f"{t.name_zh}本局已经用过了。"
        )
    n = len(s.hands)
    round_uses = (*s.round_uses[:p], s.round_uses[p] + 1, *s.round_uses[p + 1 :])
    game_uses = (*s.game_uses[:p], s.game_uses[p] + 1, *s.game_uses[p + 1 :])
    target = action.target
    if t.power == "extra_discard":
        if s.phase != "discard":
            raise _illegal(
                rule,
                "Misty's extra discard is used in the discard step of waves 1 to 3.",
                "小霞的额外弃牌只能在第 1 至 3 波的弃牌步骤中使用。",
            )
        if target not in s.hands[p]:
            raise _illegal(
                rule,
                f"Player {p + 1} does not hold card {target!r}.",
                f"玩家{p + 1}手中没有卡 {target!r}。",
            )
        extra = (*s.extra[:p], target, *s.extra[p + 1 :])
        return _rep(s, extra=extra, round_uses=round_uses, game_uses=game_uses)
    if t.power == "peek":
        if s.phase not in ("discard", "vote"):
            raise _illegal(
                rule,
                "Sabrina looks at a discard during a discard step or the redraw vote.",
                "娜姿只能在弃牌步骤或重抽投票时查看弃牌。",
            )
        if (
            isinstance(target, bool)
            or not isinstance(target, int)
            or not 0 <= target < n
            or target == p
        ):
            raise _illegal(
                rule,
                f"Choose an opponent's seat to look at, got {target!r}.",
                f"请选择一名对手的座位，收到 {target!r}。",
            )
        if not s.round_discards[target]:
            raise _illegal(
                rule,
                f"Player {target + 1} has not discarded anything this round yet.",
                f"玩家{target + 1}本轮还没有弃过牌。",
            )
        seen = (s.round, target, s.round_discards[target][-1])
        peeks = (*s.peeks[:p], s.peeks[p] + (seen,), *s.peeks[p + 1 :])
        return _rep(
            s,
            peeks=peeks,
            round_uses=round_uses,
            game_uses=game_uses,
            events=(*s.events, ("peek", p, target)),
        )
    if s.phase != "vote":
        raise _illegal(
            rule,
            f"{t.name_en} is used in the redraw step after wave 4, before you vote.",
            f"{t.name_zh}只能在第 4 波后的重抽步骤中、投票之前使用。",
        )
    s = _rep(s, round_uses=round_uses, game_uses=game_uses)
    if t.power == "redraw":
        return _return_last(s, p)
    # swap (HC-T4)
    if target not in (0, 1) or isinstance(target, bool):
        raise _illegal(
            rule,
            f"Choose token 0 or 1 of order card 3, got {target!r}.",
            f"请选择 3 号顺序卡上的第 0 或第 1 枚代币，收到 {target!r}。",
        )
    tokens = list(s.tokens)
    k = 7 + target
    if tokens[k] == tokens[9]:
        raise _illegal(
            rule, "Erika swaps two tokens of different colours.", "莉佳只能交换两枚颜色不同的代币。"
        )
    tokens[k], tokens[9] = tokens[9], tokens[k]
    return _rep(
        s,
        tokens=tuple(tokens),
        to_move=tuple(range(n)),
        pending=(None,) * n,
        events=(*s.events, ("swap", p, target)),
    )


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

    >>> result(new_game(2))
    Traceback (most recent call last):
    ...
    ValueError: the game is not over yet (round 1, the leader is drawing tokens)
    """
    if state.phase != "over":
        raise ValueError(
            f"the game is not over yet (round {state.round}, {_PHASE_WORDS[state.phase][0]})"
        )
    return Result(state.winners, state.points, state.by_legend)
