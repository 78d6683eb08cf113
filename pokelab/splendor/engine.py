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

When no step is left the turn ends by itself: the SP-G1 trigger is checked
(18+ points), play passes to the left, and when the round is complete the game
ends if it was triggered, or stalls at the round cap (SP-G4).

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

import random
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from operator import add, sub

from pokelab.errors import IllegalAction, check_lang
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
from pokelab.splendor.cards import CARDS, COLOUR_ZH, COLOURS, TOKEN_COLOURS
from pokelab.splendor.state import (
    DEFAULT_VARIANT,
    END_POINTS,
    TOKEN_LIMIT,
    PlayerState,
    Result,
    State,
    Variant,
    _MutablePlayer,
    _MutableState,
    make_player,
    make_state,
)

# ---------------------------------------------------------------- per-card tables (index = card id)
_N = max(CARDS) + 1
COST: list[tuple[int, ...]] = [(0,) * 5] * _N
DISC: list[int] = [-1] * _N  # discount colour index, -1 for none
PTS: list[int] = [0] * _N
SPECIAL: list[bool] = [False] * _N  # rare or legendary
EVO: list[int] = [0] * _N  # the id this card evolves from, 0 for a basic
STAGE: list[int] = [0] * _N
NEXT: list[frozenset[int]] = [frozenset()] * _N  # the ids that evolve from this card
for _c in CARDS.values():
    if _c.evolves_from:
        NEXT[_c.evolves_from] = NEXT[_c.evolves_from] | {_c.id}
NORMAL_IDS: frozenset[int] = frozenset(c.id for c in CARDS.values() if c.tier == "normal")
for _c in CARDS.values():
    COST[_c.id] = _c.cost
    DISC[_c.id] = COLOURS.index(_c.discount) if _c.discount else -1
    PTS[_c.id] = _c.points
    SPECIAL[_c.id] = _c.tier != "normal"
    EVO[_c.id] = _c.evolves_from or 0
    STAGE[_c.id] = _c.stage

# ---------------------------------------------------------------- prebuilt action objects
_RESERVE = [Reserve(c) if c in CARDS else None for c in range(_N)]
_CATCH = [Catch(c) if c in CARDS else None for c in range(_N)]
_EVOLVE = [Evolve(EVO[c], c) if c in CARDS and EVO[c] else None for c in range(_N)]
_PASS = Pass()
_END_TURN = EndTurn()
_TD3 = [TakeDifferent(tuple(COLOURS[i] for i in combo)) for combo in combinations(range(5), 3)]
_TS = [TakeSame(c) for c in COLOURS]
_TAKE_CACHE: dict[tuple[int, ...], list[Action]] = {}
_RETURN_CACHE: dict[tuple[int, ...], list[ReturnTokens]] = {}


_TAKE_CLASS = [0] + [1] * 3 + [2] * 60  # supply count -> 0 empty, 1 takeable, 2 takeable twice
_TAKE_BY_CLASS: dict[tuple[int, ...], list[Action]] = {}


def _take_actions(sup: tuple[int, ...]) -> list[Action]:
    """The legal TakeDifferent / TakeSame actions for a supply.

    Cached twice: by the exact supply (fast hit), and by each colour's class
    (empty / takeable / 4 or more) — only 243 classes exist, so misses are cheap.
    """
    acts = _TAKE_CACHE.get(sup)
    if acts is None:
        tc = _TAKE_CLASS
        key = (tc[sup[0]], tc[sup[1]], tc[sup[2]], tc[sup[3]], tc[sup[4]])
        acts = _TAKE_BY_CLASS.get(key)
        if acts is None:
            have = [i for i in range(5) if key[i]]
            if len(have) >= 3:
                acts = [a for a in _TD3 if all(key[i] for i in a.idx)]
            elif have:
                acts = [TakeDifferent(tuple(COLOURS[i] for i in have))]
            else:
                acts = []
            acts += [_TS[i] for i in range(5) if key[i] == 2]
            _TAKE_BY_CLASS[key] = acts
        _TAKE_CACHE[sup] = acts
    return acts


_RETURN_ALL = {
    k: [ReturnTokens(tuple(TOKEN_COLOURS[i] for i in combo)) for combo in combinations_with_replacement(range(6), k)]
    for k in (1, 2, 3)
}
_CAP = {k: [min(x, k) for x in range(64)] for k in (1, 2, 3)}
_RETURN_BY_CAP: dict[tuple[int, ...], list[ReturnTokens]] = {}


def _return_actions(tok: tuple[int, ...]) -> list[ReturnTokens]:
    """Every way to return exactly the excess over 10 tokens, in colour order.

    Cached by the exact holding, and on a miss by the holding capped at the
    excess per colour (holding more of a colour than must be returned changes nothing).
    """
    acts = _RETURN_CACHE.get(tok)
    if acts is None:
        excess = sum(tok) - TOKEN_LIMIT
        if excess in _CAP:
            cap = _CAP[excess]
            key = (cap[tok[0]], cap[tok[1]], cap[tok[2]], cap[tok[3]], cap[tok[4]], cap[tok[5]], excess)
            acts = _RETURN_BY_CAP.get(key)
            if acts is None:
                acts = [a for a in _RETURN_ALL[excess] if all(n <= t for n, t in zip(a.counts, tok, strict=True))]
                _RETURN_BY_CAP[key] = acts
        else:  # only reachable from hand-built positions
            acts = [
                a
                for a in (
                    ReturnTokens(tuple(TOKEN_COLOURS[i] for i in combo))
                    for combo in combinations_with_replacement(range(6), excess)
                )
                if all(n <= t for n, t in zip(a.counts, tok, strict=True))
            ]
        _RETURN_CACHE[tok] = acts
    return acts


# ---------------------------------------------------------------- set-up
def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise ValueError(f"players must be a count (2-4) or a list of names, got {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise ValueError(f"Splendor: Pokémon is for 2 to 4 players (SP-C3), got {players}")
        return tuple(f"Player {i + 1}" for i in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a count (2-4) or a list of names, got {players!r}")
    names = tuple(players)
    if not 2 <= len(names) <= 4:
        raise ValueError(f"Splendor: Pokémon is for 2 to 4 players (SP-C3), got {len(names)} names")
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise ValueError(f"player names must be non-empty strings, got {n!r}")
    return names


def _make_player(name: str, tok: tuple[int, ...], captured: tuple[int, ...], reserved: tuple[int, ...]) -> PlayerState:
    dsc = [0] * 5
    pts = 0
    for c in captured:
        pts += PTS[c]
        if DISC[c] >= 0:
            dsc[DISC[c]] += 1
    return PlayerState(name, tok, captured, reserved, pts, tuple(dsc), _targets(captured))


def _targets(captured: tuple[int, ...]) -> frozenset[int]:
    """The card ids the captured cards could evolve into."""
    out: frozenset[int] = frozenset()
    for c in captured:
        if NEXT[c]:
            out = out | NEXT[c]
    return out


def new_game(players: int | Sequence[str] = 2, *, seed: int = 0, variant: Variant | None = None) -> State:
    """Set up a game (SP-S1, SP-S2): shuffle the deck, reveal 4 cards, draw the first player.

    ``players`` is a count (2-4) or a list of names; ``seed`` fixes the shuffle
    and the first player, so the same seed always gives the same game. ``variant``
    defaults to ``Variant()``, whose ``frozen_display="sweep"`` (SP-T5) already
    sweeps a frozen opening display; ``Variant(frozen_display="wait")`` keeps it.

    >>> s = new_game(3, seed=42)
    >>> len(s.display), s.deck_size, s.round, s.phase
    (4, 86, 1, 'main')
    >>> new_game(3, seed=42) == s
    True
    >>> new_game(5)
    Traceback (most recent call last):
    ...
    ValueError: Splendor: Pokémon is for 2 to 4 players (SP-C3), got 5
    """
    names = _player_names(players)
    variant = DEFAULT_VARIANT if variant is None else variant
    if not isinstance(variant, Variant):
        raise ValueError(f"variant must be a Variant, got {variant!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, got {seed!r}")
    rng = random.Random(seed)
    deck = sorted(CARDS)
    rng.shuffle(deck)
    first = rng.randrange(len(names))
    empty = (0,) * 6
    ps = tuple(_make_player(n, empty, (), ()) for n in names)
    disp, rest = tuple(deck[:4]), tuple(deck[4:])
    if variant.frozen_display != "wait":
        disp, rest = _sweep(ps, disp, rest)
    return State(
        ps, variant.supply_counts(len(names)), disp, rest, (),
        first, first, 1, 0, False, False, 0, variant, seed,
    )


# ---------------------------------------------------------------- legality helpers
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


def _evolutions(s: State, p: PlayerState, disp: tuple[int, ...]) -> list[Action]:
    """The legal Evolve actions of ``p`` (display first, then reserve), ignoring the once-per-turn flag."""
    tg = p.targets
    if not tg:
        return []
    acts: list[Action] = []
    costly = s.variant.evolution_cost
    for c in disp:
        if c in tg and (not costly or _evolution_cost(s.variant, p, c) is not None):
            acts.append(_EVOLVE[c])
    for c in p.reserved:
        if c in tg and (not costly or _evolution_cost(s.variant, p, c) is not None):
            acts.append(_EVOLVE[c])
    return acts


def _evolution_open(s: State, p: PlayerState, disp: tuple[int, ...]) -> bool:
    """Is an evolution possible for ``p`` right now (ignoring the once-per-turn flag)?"""
    tg = p.targets
    if not tg or (tg.isdisjoint(disp) and tg.isdisjoint(p.reserved)):
        return False
    return not s.variant.evolution_cost or bool(_evolutions(s, p, disp))


def _main_actions(s: State, p: PlayerState) -> list[Action]:
    """The legal main actions (SP-A1..A4) of ``p``; the hot path of random play."""
    acts = _TAKE_CACHE.get(s.sup)
    acts = _take_actions(s.sup).copy() if acts is None else acts.copy()
    disp = s.display
    reserved = p.reserved
    append = acts.append
    if len(reserved) < 3:
        for c in disp:
            if c in NORMAL_IDS:
                append(_RESERVE[c])
    t = p.tok
    d = p.dsc
    h0 = t[0] + d[0]
    h1 = t[1] + d[1]
    h2 = t[2] + d[2]
    h3 = t[3] + d[3]
    h4 = t[4] + d[4]
    m = t[5]
    for c in disp + reserved if reserved else disp:
        r, b, g, y, k = COST[c]
        short = r - h0 if r > h0 else 0
        if b > h1:
            short += b - h1
        if g > h2:
            short += g - h2
        if y > h3:
            short += y - h3
        if k > h4:
            short += k - h4
        if short <= m and (m or c in NORMAL_IDS):
            append(_CATCH[c])
    return acts


def legal_actions(state: State) -> list[Action]:
    """Every legal action for the current player, in a fixed order.

    Main phase: TakeDifferent, TakeSame, Reserve (display order), Catch
    (display, then reserve), then Evolve if still allowed; Pass only when no
    main action exists. After the main action: Evolve options, then EndTurn.
    Return phase: the ReturnTokens choices. A finished game has none.

    >>> s = new_game(2, seed=3)
    >>> [str(a) for a in legal_actions(s) if not isinstance(a, TakeDifferent)]
    ['TakeSame(red)', 'TakeSame(blue)', 'TakeSame(green)', 'TakeSame(yellow)', 'TakeSame(black)', 'Reserve(55)', 'Reserve(23)', 'Reserve(22)', 'Reserve(40)']
    >>> legal_actions("not a state")
    Traceback (most recent call last):
    ...
    TypeError: legal_actions expects a splendor State, got str
    """
    if state.__class__ is not State:
        raise TypeError(f"legal_actions expects a splendor State, got {type(state).__name__}")
    if state.over:
        return []
    ph = state.phase_id
    p = state.players[state.current_player]
    if ph == 0:
        acts = _main_actions(state, p)
        if not acts:
            acts.append(_PASS)
        if not state.evolved and p.captured:
            acts += _evolutions(state, p, state.display)
        return acts
    if ph == 1:
        acts = _evolutions(state, p, state.display)
        acts.append(_END_TURN)
        return acts
    acts = _RETURN_CACHE.get(p.tok)
    return _return_actions(p.tok).copy() if acts is None else acts.copy()


# ---------------------------------------------------------------- errors
def _err(rule: str, en: str, zh: str) -> IllegalAction:
    return IllegalAction(rule, en, zh)


def _main_done_error() -> IllegalAction:
    return _err(
        "SP-T1",
        "You already took your main action this turn.",
        "本回合你已经执行过主要行动。",
    )


def _card_en(c: int) -> str:
    return f"{CARDS[c].name_en} (#{c})"


def _card_zh(c: int) -> str:
    return f"{CARDS[c].name_zh}（#{c}）"


# ---------------------------------------------------------------- turn flow
def _with_player(s: State, p: PlayerState) -> tuple[PlayerState, ...]:
    ps = s.players
    cur = s.current_player
    return (*ps[:cur], p, *ps[cur + 1:])


def _finish_turn(
    s: State,
    ps: tuple[PlayerState, ...],
    sup: tuple[int, ...],
    disp: tuple[int, ...],
    deck: tuple[int, ...],
    disc: tuple[int, ...],
) -> State:
    """End the current turn: SP-G1 trigger, next player, round completion, SP-G4 cap."""
    cur = s.current_player
    ending = s.ending or ps[cur].points >= END_POINTS
    nxt = cur + 1
    if nxt == len(ps):
        nxt = 0
    rnd = s.round
    over = 0
    if nxt == s.first_player:
        if ending:
            over = 1
        elif rnd >= s.variant.round_cap:
            over = 2
        else:
            rnd += 1
    if s.variant.frozen_display != "wait" and not over:
        disp, deck = _sweep(ps, disp, deck)
    o = _MutableState(ps, sup, disp, deck, disc, nxt, s.first_player, rnd, 0, False, ending, over, s.variant, s.seed)
    o.__class__ = State
    return o


def _after_main(
    s: State,
    p: PlayerState,
    sup: tuple[int, ...],
    disp: tuple[int, ...],
    deck: tuple[int, ...],
    disc: tuple[int, ...],
) -> State:
    """After the main action: offer the open evolution, then the token limit, else end the turn."""
    cur = s.current_player
    ps = s.players
    ps = (*ps[:cur], p, *ps[cur + 1 :])
    tg = p.targets
    if (
        tg
        and not s.evolved
        and not (tg.isdisjoint(disp) and tg.isdisjoint(p.reserved))
        and (not s.variant.evolution_cost or _evolutions(s, p, disp))
    ):
        return make_state(ps, sup, disp, deck, disc, cur, s.first_player, s.round, 1,
                          False, s.ending, 0, s.variant, s.seed)
    if sum(p.tok) > TOKEN_LIMIT:
        return make_state(ps, sup, disp, deck, disc, cur, s.first_player, s.round, 2,
                          s.evolved, s.ending, 0, s.variant, s.seed)
    # the turn ends here: the same steps as _finish_turn, inlined on this hot path
    ending = s.ending or p.points >= END_POINTS
    nxt = cur + 1
    if nxt == len(ps):
        nxt = 0
    rnd = s.round
    over = 0
    if nxt == s.first_player:
        if ending:
            over = 1
        elif rnd >= s.variant.round_cap:
            over = 2
        else:
            rnd += 1
    if s.variant.frozen_display != "wait" and not over:
        disp, deck = _sweep(ps, disp, deck)
    o = _MutableState(ps, sup, disp, deck, disc, nxt, s.first_player, rnd, 0, False, ending, over, s.variant, s.seed)
    o.__class__ = State
    return o


def _frozen(ps: Sequence[PlayerState], disp: tuple[int, ...]) -> bool:
    """The display is frozen: not empty, only rare/legendary cards, and no player holds a master ball."""
    if not disp:
        return False
    for c in disp:
        if not SPECIAL[c]:
            return False
    return all(not p.tok[5] for p in ps)


def _sweep(ps: Sequence[PlayerState], disp: tuple[int, ...], deck: tuple[int, ...]):
    """The default ``frozen_display="sweep"`` (SP-T5), applied at set-up and at the start of every turn."""
    for p in ps:
        if p.tok[5]:
            return disp, deck
    return sweep_cards(disp, deck)


def sweep_cards(disp: tuple[int, ...], deck: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Sweep a display of only rare/legendary cards; the caller has checked that nobody holds a master ball.

    While every display card is rare or legendary and the deck holds a normal card,
    the display cards go under the deck (display order) and the top 4 are revealed.
    This always ends: each sweep moves the first normal card of the deck 4 places
    up, until it is revealed. Returns the new ``(display, deck)``.

    >>> sweep_cards((33, 68, 89, 90), (34, 50, 86, 87, 1, 2))   # two sweeps
    ((1, 2, 33, 68), (89, 90, 34, 50, 86, 87))
    >>> sweep_cards((33, 68, 89, 90), (34, 50))   # the deck cannot help: unchanged
    ((33, 68, 89, 90), (34, 50))
    """
    if not disp:
        return disp, deck
    for c in disp:
        if not SPECIAL[c]:
            return disp, deck
    if NORMAL_IDS.isdisjoint(deck):
        return disp, deck  # the deck cannot help: the display waits, as under the written rules
    while True:
        cards = deck + disp
        disp, deck = cards[:4], cards[4:]
        if not NORMAL_IDS.isdisjoint(disp):
            return disp, deck


def is_display_frozen(state: State) -> bool:
    """Is the display frozen: every card rare or legendary and no player holding a master ball?

    Then nobody can catch from it (SP-A5) nor reserve from it (SP-A3, the only way to a
    master ball). Under the default ``frozen_display="sweep"`` (SP-T5) such a display is
    swept at the start of the next turn, if the deck still holds a normal card; under
    ``Variant(frozen_display="wait")`` it stays (the written rules).

    >>> from pokelab.splendor import Variant, scenario
    >>> frozen = ["Lapras", "Snorlax", "Mew", "Mewtwo"]
    >>> is_display_frozen(scenario(display=frozen, variant=Variant(frozen_display="wait")))
    True
    >>> is_display_frozen(scenario(display=frozen))   # the default sweep acts at once
    False
    >>> is_display_frozen(scenario(display=frozen, tokens={1: ["master"]}, variant=Variant(frozen_display="wait")))
    False
    >>> is_display_frozen(None)
    Traceback (most recent call last):
    ...
    TypeError: is_display_frozen expects a splendor State, got NoneType
    """
    if state.__class__ is not State:
        raise TypeError(f"is_display_frozen expects a splendor State, got {type(state).__name__}")
    return _frozen(state.players, state.display)


def display_swept(before: State, after: State) -> bool:
    """Did a sweep (SP-T5, the default ``frozen_display="sweep"``) happen between two states, e.g. in one ``apply``?

    Meant for a move log. Drawing only ever takes cards from the top of the deck, so
    without a sweep the deck afterwards is an end part of the deck before; a sweep
    puts cards under the deck, and its last swept card always stays there (the sweep
    stops at the first revealed normal card, which lies above the swept cards).

    >>> from pokelab.splendor import scenario, apply, Catch
    >>> s = scenario(display=["Pikachu", "Lapras", "Snorlax", "Mew"], deck=["Mewtwo", "Charmander"],
    ...              tokens={0: {"red": 2, "yellow": 1, "black": 2}})
    >>> after = apply(s, Catch(53))   # Pikachu
    >>> display_swept(s, after), after.display, after.deck
    (True, (1, 89, 33, 68), (90,))
    >>> display_swept(after, after)
    False
    >>> display_swept(s, None)
    Traceback (most recent call last):
    ...
    TypeError: display_swept expects two splendor States, got State and NoneType
    """
    if before.__class__ is not State or after.__class__ is not State:
        raise TypeError(
            f"display_swept expects two splendor States, got {type(before).__name__} and {type(after).__name__}"
        )
    old, new = before.deck, after.deck
    n = len(new)
    return n > len(old) or (n > 0 and old[len(old) - n:] != new)


def describe_sweep(lang: str = "en") -> str:
    """The move-log line for a sweep (``display_swept`` is True), in ``"en"`` or ``"zh"``.

    >>> describe_sweep("zh")
    '展示区被冻结（只有稀有/传说宝可梦，且无人持有万能大师球）：这些卡牌被放到牌堆底部，翻开了新的卡牌'
    >>> describe_sweep("fr")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'fr': choose 'en' or 'zh'
    """
    if check_lang(lang) == "zh":
        return "展示区被冻结（只有稀有/传说宝可梦，且无人持有万能大师球）：这些卡牌被放到牌堆底部，翻开了新的卡牌"
    return (
        "the display was frozen (only rare/legendary cards, no master ball held): "
        "its cards went under the deck and new cards were revealed"
    )


def _take_out_of_display(disp: tuple[int, ...], deck: tuple[int, ...], c: int):
    """SP-T4: remove card ``c`` from the display and refill its slot from the deck top."""
    i = disp.index(c)
    if deck:
        return (*disp[:i], deck[0], *disp[i + 1:]), deck[1:]
    return disp[:i] + disp[i + 1 :], deck


# ---------------------------------------------------------------- action handlers
def _take_different(s: State, a: TakeDifferent) -> State:
    if s.phase_id:
        raise _main_done_error()
    idx = a.idx
    sup = s.sup
    if not a.distinct:
        if 5 in idx:
            raise _err("SP-A1", "Master balls cannot be taken with TakeDifferent.", "万能大师球不能通过领取不同颜色精灵球获得。")
        raise _err("SP-A1", "The colours you take must all be different.", "领取的精灵球颜色必须各不相同。")
    avail = (sup[0] > 0) + (sup[1] > 0) + (sup[2] > 0) + (sup[3] > 0) + (sup[4] > 0)
    for i in idx:
        if not sup[i]:
            raise _err(
                "SP-A1",
                f"The supply has no {COLOURS[i]} token left.",
                f"供应堆中已没有{COLOUR_ZH[COLOURS[i]]}色精灵球。",
            )
    need = 3 if avail >= 3 else avail
    if len(idx) != need:
        if need == 3:
            raise _err(
                "SP-A1",
                f"Take exactly 3 different colours (you named {len(idx)}).",
                f"必须领取 3 种不同颜色（你选了 {len(idx)} 种）。",
            )
        if need == 0:
            raise _err("SP-A1", "The supply has no regular tokens left.", "供应堆中已没有普通精灵球。")
        raise _err(
            "SP-A1",
            f"Only {need} colours are left in the supply: take one of each of them.",
            f"供应堆只剩 {need} 种颜色：每种各拿 1 颗。",
        )
    p = s.players[s.current_player]
    d = a.delta
    p2 = _MutablePlayer(p.name, tuple(map(add, p.tok, d)), p.captured, p.reserved, p.points, p.dsc, p.targets)
    p2.__class__ = PlayerState
    return _after_main(s, p2, tuple(map(sub, sup, d)), s.display, s.deck, s.discard)


def _take_same(s: State, a: TakeSame) -> State:
    if s.phase_id:
        raise _main_done_error()
    i = a.idx
    if i == 5:
        raise _err("SP-A2", "Master balls cannot be taken with TakeSame.", "万能大师球不能通过领取同色精灵球获得。")
    sup = s.sup
    if sup[i] < 4:
        raise _err(
            "SP-A2",
            f"Only {sup[i]} {COLOURS[i]} left; taking 2 needs at least 4 in the supply.",
            f"{COLOUR_ZH[COLOURS[i]]}色只剩 {sup[i]} 颗，拿 2 颗需要供应堆至少有 4 颗。",
        )
    p = s.players[s.current_player]
    d = a.delta
    p2 = _MutablePlayer(p.name, tuple(map(add, p.tok, d)), p.captured, p.reserved, p.points, p.dsc, p.targets)
    p2.__class__ = PlayerState
    return _after_main(s, p2, tuple(map(sub, sup, d)), s.display, s.deck, s.discard)


def _reserve(s: State, a: Reserve) -> State:
    if s.phase_id:
        raise _main_done_error()
    c = a.card
    if c not in s.display:
        raise _err(
            "SP-A3",
            f"{_card_en(c)} is not in the display; only display cards can be reserved.",
            f"{_card_zh(c)} 不在展示区；只能锁定展示区中的卡牌。",
        )
    if SPECIAL[c]:
        raise _err(
            "SP-A3",
            f"{_card_en(c)} is {CARDS[c].tier}; rare and legendary cards cannot be reserved.",
            f"{_card_zh(c)} 是稀有或传说宝可梦，不能被锁定。",
        )
    p = s.players[s.current_player]
    if len(p.reserved) >= 3:
        raise _err("SP-A3", "You already hold 3 reserved cards.", "你已经预留了 3 张卡牌。")
    sup = s.sup
    tok = p.tok
    if sup[5]:
        tok = (*tok[:5], tok[5] + 1)
        sup = (*sup[:5], sup[5] - 1)
    disp, deck = _take_out_of_display(s.display, s.deck, c)
    p2 = make_player(p.name, tok, p.captured, (*p.reserved, c), p.points, p.dsc, p.targets)
    return _after_main(s, p2, sup, disp, deck, s.discard)


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
            raise _err(
                "SP-A5",
                f"Catching {_card_en(c)} ({CARDS[c].tier}) needs at least 1 master ball, and you have none.",
                f"捕捉{_card_zh(c)}（{'稀有' if CARDS[c].tier == 'rare' else '传说'}）至少要消耗 1 颗万能大师球，而你没有。",
            )
        if short == 0:
            j = max(range(5), key=lambda i: pay[i])
            if pay[j]:
                pay[j] -= 1
            short = 1
    if short > t[5]:
        raise _err(
            "SP-A4",
            f"You cannot afford {_card_en(c)}: {short} token(s) short and only {t[5]} master ball(s) to cover them.",
            f"你付不起{_card_zh(c)}：还差 {short} 颗，而你只有 {t[5]} 颗万能大师球可以补足。",
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
            raise _err(
                "SP-A6",
                f"Your payment uses {pay[i]} {col} but you hold {t[i]}.",
                f"你的支付用了 {pay[i]} 颗{COLOUR_ZH[col]}，但你只有 {t[i]} 颗。",
            )
    needed_master = 0
    total_eff = 0
    for i in range(5):
        e = cost[i] - d[i]
        e = e if e > 0 else 0
        total_eff += e
        if pay[i] > e:
            col = COLOURS[i]
            raise _err(
                "SP-A6",
                f"Nobody overpays: {_card_en(c)} needs only {e} {col} after discounts, you offered {pay[i]}.",
                f"不能多付：{_card_zh(c)} 折扣后只需 {e} 颗{COLOUR_ZH[col]}，你付了 {pay[i]} 颗。",
            )
        needed_master += e - pay[i]
    if SPECIAL[c]:
        if total_eff == 0:
            needed_master = 1
        if needed_master < 1 or pay[5] < 1:
            raise _err(
                "SP-A5",
                f"Catching {_card_en(c)} ({CARDS[c].tier}) must spend at least 1 master ball.",
                f"捕捉{_card_zh(c)}（稀有或传说）必须至少消耗 1 颗万能大师球。",
            )
    if pay[5] != needed_master:
        raise _err(
            "SP-A6",
            f"Your payment for {_card_en(c)} must include exactly {needed_master} master ball(s) "
            f"to cover the rest of the cost; it has {pay[5]}.",
            f"捕捉{_card_zh(c)}的支付中万能大师球应正好为 {needed_master} 颗（补足其余费用），你给了 {pay[5]} 颗。",
        )
    return list(pay)


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
        raise _err(
            "SP-A4",
            f"{_card_en(c)} is neither in the display nor in your reserve.",
            f"{_card_zh(c)} 既不在展示区，也不在你的预留区。",
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
        raise _err(
            "SP-E1",
            "Evolve before ending the turn; now you must return tokens.",
            "进化须在回合结束前进行；现在你必须归还精灵球。",
        )
    if s.evolved:
        raise _err("SP-E1", "You may evolve only once per turn.", "每回合最多进化一次。")
    base, into = a.base, a.into
    p = s.players[s.current_player]
    if base not in p.captured:
        raise _err(
            "SP-E1",
            f"You have not captured {_card_en(base)}.",
            f"你的已捕捉区中没有{_card_zh(base)}。",
        )
    if EVO[into] != base:
        raise _err(
            "SP-E1",
            f"{_card_en(into)} does not evolve from {_card_en(base)}.",
            f"{_card_zh(into)} 不是由{_card_zh(base)}进化而来。",
        )
    disp, deck, reserved = s.display, s.deck, p.reserved
    if into in disp:
        disp, deck = _take_out_of_display(disp, deck, into)
    elif into in reserved:
        i = reserved.index(into)
        reserved = reserved[:i] + reserved[i + 1 :]
    else:
        raise _err(
            "SP-E1",
            f"{_card_en(into)} is neither in the display nor in your reserve.",
            f"{_card_zh(into)} 既不在展示区，也不在你的预留区。",
        )
    pay = _evolution_cost(s.variant, p, into)
    if pay is None:
        raise _err(
            "SP-E1",
            f"Evolving costs {s.variant.evolution_cost} token(s) in this variant and you cannot pay.",
            f"本变体中进化需要 {s.variant.evolution_cost} 颗精灵球，你付不起。",
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
        return make_state(ps, sup, disp, deck, disc, s.current_player, s.first_player, s.round, 0,
                     True, s.ending, 0, s.variant, s.seed)
    if sum(tok) > TOKEN_LIMIT:
        return make_state(ps, sup, disp, deck, disc, s.current_player, s.first_player, s.round, 2,
                     True, s.ending, 0, s.variant, s.seed)
    return _finish_turn(s, ps, sup, disp, deck, disc)


def _return_tokens(s: State, a: ReturnTokens) -> State:
    p = s.players[s.current_player]
    t = p.tok
    n = a.counts
    tok = tuple(map(sub, t, n))
    if s.phase_id != 2 or sum(tok) != TOKEN_LIMIT or min(tok) < 0:
        _return_error(s, t, n)
    p2 = _MutablePlayer(p.name, tok, p.captured, p.reserved, p.points, p.dsc, p.targets)
    p2.__class__ = PlayerState
    cur = s.current_player
    ps = s.players
    return _finish_turn(s, (*ps[:cur], p2, *ps[cur + 1 :]), tuple(map(add, s.sup, n)), s.display, s.deck, s.discard)


def _return_error(s: State, t: tuple[int, ...], n: tuple[int, ...]) -> None:
    """Raise the SP-T3 error that explains why these tokens cannot be returned."""
    excess = sum(t) - TOKEN_LIMIT
    if s.phase_id == 0:
        raise _err(
            "SP-T3",
            "Tokens are returned at the end of the turn, after the main action.",
            "归还精灵球在回合结束时进行，须先执行主要行动。",
        )
    if s.phase_id == 1:
        raise _err(
            "SP-T3",
            f"You hold {sum(t)} tokens; only a player above 10 returns tokens.",
            f"你持有 {sum(t)} 颗精灵球；只有超过 10 颗才需要归还。",
        )
    if sum(n) != excess:
        raise _err(
            "SP-T3",
            f"Return exactly {excess} token(s) to come down to 10 (you named {sum(n)}).",
            f"须正好归还 {excess} 颗精灵球降到 10 颗（你选了 {sum(n)} 颗）。",
        )
    i = next(i for i in range(6) if n[i] > t[i])
    col = TOKEN_COLOURS[i]
    raise _err(
        "SP-T3",
        f"You cannot return {n[i]} {col}: you hold {t[i]}.",
        f"你不能归还 {n[i]} 颗{COLOUR_ZH[col]}：你只有 {t[i]} 颗。",
    )


def _pass(s: State, a: Pass) -> State:
    if s.phase_id:
        raise _main_done_error()
    p = s.players[s.current_player]
    if _main_actions(s, p):
        raise _err("SP-T2", "You may pass only when no main action is possible.", "只有在无法执行任何主要行动时才能跳过。")
    return _after_main(s, p, s.sup, s.display, s.deck, s.discard)


def _end_turn(s: State, a: EndTurn) -> State:
    ph = s.phase_id
    if ph == 0:
        raise _err(
            "SP-T1",
            "Take your main action before ending the turn.",
            "结束回合前必须先执行一个主要行动。",
        )
    if ph == 2:
        raise _err(
            "SP-T3",
            "You hold more than 10 tokens: return tokens to end the turn.",
            "你持有超过 10 颗精灵球：归还后回合才结束。",
        )
    p = s.players[s.current_player]
    if sum(p.tok) > TOKEN_LIMIT:
        return make_state(s.players, s.sup, s.display, s.deck, s.discard, s.current_player, s.first_player,
                     s.round, 2, s.evolved, s.ending, 0, s.variant, s.seed)
    return _finish_turn(s, s.players, s.sup, s.display, s.deck, s.discard)


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

    Raises ``IllegalAction`` (rule ID + English and Chinese reason) for a move
    the rules forbid, ``TypeError`` for something that is not an action.

    >>> s = new_game(2, seed=7)
    >>> apply(s, TakeSame("master"))
    Traceback (most recent call last):
    ...
    pokelab.errors.IllegalAction: [SP-A2] Master balls cannot be taken with TakeSame.
    >>> apply(s, "TakeSame(red)")
    Traceback (most recent call last):
    ...
    TypeError: apply expects an action object (see parse_action for strings), got str
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(
            f"apply expects an action object (see parse_action for strings), got {type(action).__name__}"
        )
    if state.__class__ is not State:
        raise TypeError(f"apply expects a splendor State, got {type(state).__name__}")
    if state.over:
        raise _err("SP-G1", "The game is over.", "游戏已经结束。")
    if state.phase_id == 2 and handler is not _return_tokens and handler is not _evolve:
        raise _err(
            "SP-T3",
            f"You hold {sum(state.players[state.current_player].tok)} tokens: return tokens down to 10 first.",
            f"你持有 {sum(state.players[state.current_player].tok)} 颗精灵球：必须先归还到 10 颗。",
        )
    return handler(state, action)


def result(state: State) -> Result:
    """Scores and winners of a finished game (SP-G2, SP-G3; SP-G4 stalled: no winner).

    >>> from pokelab.bots import RandomBot
    >>> import random
    >>> s, rng = new_game(2, seed=5), random.Random(5)
    >>> while not s.is_over:
    ...     s = apply(s, RandomBot().choose({}, legal_actions(s), rng))
    >>> r = result(s)
    >>> r.stalled or max(r.scores) >= 18
    True
    >>> result(new_game(2))
    Traceback (most recent call last):
    ...
    ValueError: the game is not over yet: result() needs a finished game (see scores())
    """
    if not state.over:
        raise ValueError("the game is not over yet: result() needs a finished game (see scores())")
    sc = scores(state)
    if state.over == 2:
        return Result((), sc, True)
    best = max(sc)
    top = [i for i, x in enumerate(sc) if x == best]
    evolved = {i: state.players[i].evolved_count for i in top}
    most = max(evolved.values())
    return Result(tuple(i for i in top if evolved[i] == most), sc, False)


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
    pokelab.errors.IllegalAction: [SP-A4] You cannot afford Charizard (#3): 6 token(s) short and only 1 master ball(s) to cover them.
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


def scores(state: State) -> tuple[int, ...]:
    """Each player's current score (SP-G2: points of the cards held; tokens score nothing).

    >>> scores(new_game(3))
    (0, 0, 0)
    """
    return tuple(p.points for p in state.players)
