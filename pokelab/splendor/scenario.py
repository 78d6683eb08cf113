"""``scenario(...)``: build any Splendor: Pokémon position for lessons and tests.

The position starts at the beginning of ``current_player``'s turn. Cards may be
given by id or by name (English or Chinese); tokens as a list of colours or a
``{colour: count}`` mapping. Impossible positions are rejected with a
``ValueError`` saying what is wrong.

>>> s = scenario(tokens={0: {"red": 2, "master": 1}}, captured={0: ["Charmander"]},
...              display=["Charmeleon", 5, 9, 12], deck=[])
>>> s.players[0].points, s.players[0].discounts["red"], s.supply["red"], s.deck_size
(0, 1, 5, 0)
>>> from pokelab.splendor.legal import legal_actions
>>> [str(a) for a in legal_actions(s) if type(a).__name__ == "Evolve"]
['Evolve(1, 2)']
>>> scenario(captured={0: [1], 1: [1]})
Traceback (most recent call last):
...
pokelab.errors.InputError: card 1 (Charmander) is in two places: captured by player 0 and captured by player 1
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from pokelab.errors import InputError
from pokelab.splendor.cards import CARDS, TOKEN_COLOURS, card_by_name
from pokelab.splendor.names import tier_name
from pokelab.splendor.setup import _make_player, _player_names
from pokelab.splendor.state import (
    DEFAULT_VARIANT,
    END_POINTS,
    PHASES,
    TOKEN_LIMIT,
    PlayerState,
    State,
    Variant,
)
from pokelab.splendor.sweep import sweep_cards
from pokelab.words import Text, _, _p


def _card(value: object, where: Text) -> int:
    if isinstance(value, str):
        try:
            return card_by_name(value).id
        except KeyError:
            raise InputError(_('{where}: unknown card {value}', where=where, value=repr(value))) from None
    if isinstance(value, bool) or not isinstance(value, int) or value not in CARDS:
        raise InputError(_('{where}: unknown card {value} (ids are 1..{last})', where=where, value=repr(value), last=max(CARDS)))
    return value


def _cards(values: object, where: Text) -> tuple[int, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InputError(_('{where}: expected a list of cards, got {values}', where=where, values=repr(values)))
    return tuple(_card(v, where) for v in values)


def _tokens(value: object, where: Text) -> tuple[int, ...]:
    counts = [0] * 6
    if isinstance(value, Mapping):
        for colour, n in value.items():
            if colour not in TOKEN_COLOURS:
                raise InputError(_('{where}: unknown colour {colour}', where=where, colour=repr(colour)))
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise InputError(_('{where}: the count of {colour} must be a whole number ≥ 0, got {count}', where=where, colour=colour, count=repr(n)))
            counts[TOKEN_COLOURS.index(colour)] += n
    elif isinstance(value, Iterable) and not isinstance(value, str | bytes):
        for colour in value:
            if colour not in TOKEN_COLOURS:
                raise InputError(_('{where}: unknown colour {colour}', where=where, colour=repr(colour)))
            counts[TOKEN_COLOURS.index(colour)] += 1
    else:
        raise InputError(_('{where}: expected colours or colours with their counts, got {value}', where=where, value=repr(value)))
    return tuple(counts)


def _per_player(mapping: object, n: int, what: str) -> dict[int, object]:
    if mapping is None:
        return {}
    if not isinstance(mapping, Mapping):
        raise InputError(_('{what} must map a player index to its {what}, got {mapping}', what=what, mapping=repr(mapping)))
    for key in mapping:
        if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < n:
            raise InputError(_('{what}: player must be 0..{last}, got {key}', what=what, last=n - 1, key=repr(key)))
    return dict(mapping)


def _index(value: object, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InputError(_('{what} must be a player index 0..{last}, got {value}', what=what, last=n - 1, value=repr(value)))
    return value


def assemble(
    names: tuple[str, ...],
    tokens: Sequence[tuple[int, ...]],
    captured: Sequence[tuple[int, ...]],
    reserved: Sequence[tuple[int, ...]],
    display: tuple[int, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    *,
    supply: tuple[int, ...] | None,
    current_player: int,
    first_player: int,
    round: int,
    phase_id: int,
    evolved: bool,
    ending: bool,
    over: int,
    variant: Variant,
    seed: int,
) -> State:
    """Check a complete position against the rules' invariants and build the ``State``.

    Shared by ``scenario`` and ``from_json``. ``supply=None`` means "the rest of
    the tokens"; a given supply must add up with the players' tokens.
    """
    n = len(names)
    # --- cards: each exactly once, all 90 present
    seen: dict[int, Text] = {}

    def place(cards: tuple[int, ...], where: Text) -> None:
        for c in cards:
            if c in seen:
                raise InputError(
                    _("card {id} ({name}) is in two places: {first} and {second}",
                      id=c, name=CARDS[c].pokemon, first=seen[c], second=where)
                )
            seen[c] = where

    for i in range(n):
        place(captured[i], _("captured by player {seat}", seat=i))
    for i in range(n):
        place(reserved[i], _("reserved by player {seat}", seat=i))
    place(display, _("the display"))
    place(discard, _("the discard pile"))
    place(deck, _("the deck"))
    missing = sorted(set(CARDS) - set(seen))
    if missing:
        raise InputError(_('cards missing from the position: {missing}', missing=str(missing)))
    if len(display) > 4:
        raise InputError(_('the display holds at most 4 cards, got {count}', count=len(display)))
    if len(display) < 4 and deck:
        raise InputError(_('the display holds {count} cards while the deck is not empty (SP-T4 refills it to 4)', count=len(display)))
    for i in range(n):
        if len(reserved[i]) > 3:
            raise InputError(_('player {seat} reserves {count} cards; at most 3 (SP-A3)', seat=i, count=len(reserved[i])))
        for c in reserved[i]:
            if CARDS[c].tier != "normal":
                raise InputError(_('player {seat} reserves {name} ({tier}); only normal cards can be reserved (SP-A3)', seat=i, name=CARDS[c].pokemon, tier=tier_name(CARDS[c].tier)))
    # --- tokens
    total = variant.supply_counts(n)
    held = [sum(t[k] for t in tokens) for k in range(6)]
    if supply is None:
        for k, colour in enumerate(TOKEN_COLOURS):
            if held[k] > total[k]:
                raise InputError(_('players hold {held} {colour} tokens but the game has only {total}', held=held[k], colour=colour, total=total[k]))
        supply = tuple(total[k] - held[k] for k in range(6))
    else:
        for k, colour in enumerate(TOKEN_COLOURS):
            if supply[k] < 0:
                raise InputError(_('the supply has a negative count of {colour}', colour=colour))
            if supply[k] + held[k] != total[k]:
                raise InputError(_('{colour}: supply {supply} + held {held} != {total} tokens in the game', colour=colour, supply=supply[k], held=held[k], total=total[k]))
    # --- turn
    current_player = _index(current_player, n, "current_player")
    first_player = _index(first_player, n, "first_player")
    if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= variant.round_cap:
        raise InputError(_('round must be 1..{round_cap} (the round cap), got {round}', round_cap=variant.round_cap, round=repr(round)))
    if phase_id not in (0, 1, 2):
        raise InputError(_('phase must be one of {choices}', choices=', '.join(PHASES)))
    if over not in (0, 1, 2):
        raise InputError(_('over must be 0 (playing), 1 (over) or 2 (stalled), got {over}', over=repr(over)))
    if over and phase_id:
        raise InputError(_('a finished game is not in the middle of a turn'))
    if phase_id == 1 and evolved:
        raise InputError(_("phase 'after_main' leaves an evolution open, so evolved must be false (SP-E1)"))
    for i in range(n):
        count = sum(tokens[i])
        if i == current_player and phase_id == 2:
            if count <= TOKEN_LIMIT:
                raise InputError(_("phase 'return' but player {seat} holds only {count} tokens", seat=i, count=count))
        elif count > TOKEN_LIMIT and not (i == current_player and phase_id == 1):
            raise InputError(_('player {seat} holds {count} tokens; at most {limit} between turns (SP-T3)', seat=i, count=count, limit=TOKEN_LIMIT))
    ps = tuple(
        _make_player(names[i], tuple(tokens[i]), tuple(captured[i]), tuple(reserved[i])) for i in range(n)
    )
    _check_ending(ps, current_player, first_player, round, phase_id, bool(evolved), bool(ending), over, variant)
    return State(
        ps, tuple(supply), tuple(display), tuple(deck), tuple(discard), current_player, first_player,
        round, phase_id, bool(evolved), bool(ending), over, variant, seed,
    )


def _check_ending(
    ps: Sequence[PlayerState], current_player: int, first_player: int, round: int, phase_id: int,
    evolved: bool, ending: bool, over: int, variant: Variant,
) -> None:
    """The end-of-game flags agree with the points, the round and the turn (SP-G1, SP-G4)."""
    best = max(p.points for p in ps)
    for i, p in enumerate(ps):
        # points arrive during one's own turn: only the current player, after acting, may be above
        # the end score while the last round has not been announced yet
        acted = i == current_player and (phase_id != 0 or evolved)
        if p.points >= END_POINTS and not ending and not acted:
            raise InputError(_('player {seat} has {points} points, so the game must be in its last round (SP-G1)', seat=i, points=p.points))
    if ending and best < END_POINTS:
        raise InputError(_('ending: nobody has {end} points (the best is {best}), so this is not the last round (SP-G1)', end=END_POINTS, best=best))
    if over:
        if evolved:
            raise InputError(_('a finished game is not in the middle of a turn (evolved must be false)'))
        if current_player != first_player:
            raise InputError(_('a game ends when a round is complete, so current_player must be first_player (SP-G1)'))
    if over == 1 and not ending:
        raise InputError(_('over: the game ended with nobody reaching {end} points (SP-G1)', end=END_POINTS))
    if over == 2:
        if ending:
            raise InputError(_('stalled: a player reached {end} points, so the game ended normally (SP-G4)', end=END_POINTS))
        if round != variant.round_cap:
            raise InputError(_('stalled: a game stalls at the round cap {round_cap}, not in round {round} (SP-G4)', round_cap=variant.round_cap, round=round))


def scenario(
    players: int | Sequence[str] = 2,
    *,
    display: Sequence[int | str] | None = None,
    deck: Sequence[int | str] | None = None,
    tokens: Mapping[int, object] | None = None,
    captured: Mapping[int, Sequence[int | str]] | None = None,
    reserved: Mapping[int, Sequence[int | str]] | None = None,
    discard: Sequence[int | str] = (),
    current_player: int = 0,
    first_player: int | None = None,
    round: int = 1,
    seed: int = 0,
    variant: Variant | None = None,
) -> State:
    """Build a position at the start of ``current_player``'s turn.

    - ``tokens``, ``captured``, ``reserved``: ``{player: colours / cards}``; the
      supply is every token of the game minus those held.
    - ``display``: the face-up cards (default: the top 4 of the deck).
    - ``deck``: top card first. Default: every card not placed elsewhere,
      shuffled with ``seed``. When ``deck`` is given (``[]`` for an empty deck),
      cards placed nowhere go to the discard pile, so every card is somewhere.
    - ``first_player`` (who opens each round) defaults to ``current_player``.
    - ``round`` (default 1) is the round being played; the game is in its last
      round already if someone has 18 points.
    - ``variant``: a ``Variant`` (default ``Variant()``); under its default
      ``frozen_display="sweep"`` (SP-T5) a frozen display is swept at once, as at
      the start of any turn; pass ``Variant(frozen_display="wait")`` to build a
      frozen position that stays frozen (see ``Variant``).

    >>> s = scenario(3, current_player=2, tokens={2: ["red"] * 7})
    >>> s.current_player, s.first_player, s.supply["red"]
    (2, 2, 0)
    >>> scenario(tokens={0: {"red": 5}, 1: {"red": 3}})
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: players hold 8 red tokens but the game has only 7
    >>> scenario(display=[1, 2, 3, 4, 5])
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the display holds at most 4 cards, got 5
    """
    names = _player_names(players)
    n = len(names)
    variant = DEFAULT_VARIANT if variant is None else variant
    if not isinstance(variant, Variant):
        raise InputError(_('variant must be a Variant, got {variant}', variant=repr(variant)))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(_('seed must be an int, got {seed}', seed=repr(seed)))
    tok_map = _per_player(tokens, n, "tokens")
    cap_map = _per_player(captured, n, "captured")
    res_map = _per_player(reserved, n, "reserved")
    toks = [_tokens(tok_map.get(i, ()), _("tokens of player {seat}", seat=i)) for i in range(n)]
    caps = [_cards(cap_map.get(i, ()), _("captured of player {seat}", seat=i)) for i in range(n)]
    ress = [_cards(res_map.get(i, ()), _("reserved of player {seat}", seat=i)) for i in range(n)]
    disc = _cards(discard, _p("part of a position", "discard"))
    disp = _cards(display, _p("part of a position", "display")) if display is not None else None
    placed = [c for cards in (*caps, *ress, disc, disp or ()) for c in cards]
    if deck is None:
        rest = [c for c in sorted(CARDS) if c not in set(placed)]
        random.Random(seed).shuffle(rest)
        deck_t = tuple(rest)
    else:
        deck_t = _cards(deck, _p("part of a position", "deck"))
        used = set(placed) | set(deck_t)
        disc = disc + tuple(c for c in sorted(CARDS) if c not in used)
    if disp is None:
        disp, deck_t = deck_t[:4], deck_t[4:]
    if variant.frozen_display != "wait" and not any(t[5] for t in toks):
        disp, deck_t = sweep_cards(tuple(disp), deck_t)  # SP-T5 acts at the start of the turn
    current_player = _index(current_player, n, "current_player")
    first = current_player if first_player is None else first_player
    points = [sum(CARDS[c].points for c in cap) for cap in caps]
    return assemble(
        names, toks, caps, ress, disp, deck_t, disc,
        supply=None, current_player=current_player, first_player=first, round=round,
        phase_id=0, evolved=False, ending=max(points) >= END_POINTS, over=0, variant=variant, seed=seed,
    )

