"""``check_state``: every invariant of a Here Comes Pokémon! position, so a loaded save is one the rules can reach.

The rules file lists the invariants the engine keeps — tokens conserved (bag +
order cards = the configured bag), each of the 60 cards in exactly one place,
hands of 5 → 4 → 3 → 2 through the waves, at most one card scored per player
per round — and each phase fixes the rest: who still has to act, what a
pending secret choice may be, what a finished game must show. ``from_json``
builds a ``State`` from checked values and then calls ``check_state``; any
position that passes plays on with ``legal_actions``, ``apply`` and ``observe``.

>>> from pokelab.herecomes import new_game
>>> s = new_game(3, seed=4)
>>> check_state(s)
>>> check_state(s._replace(points=(0, 50, 0)))
Traceback (most recent call last):
...
ValueError: points: seat 1 has 50 points while the game is still running; 10 ends it (HC-G2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pokelab.herecomes.bag import COLOURS, MAX_BAG_COLOUR, WAVES
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.engine import keep_options
from pokelab.herecomes.state import _WAVE_ENDS, State
from pokelab.herecomes.trainers import TRAINERS

__all__ = ["MAX_BAG_COLOUR", "SUMMARY_KEYS", "check_events", "check_state"]

SUMMARY_KEYS = frozenset(
    {"round", "leader", "tokens", "returned", "hands", "achieved", "kept", "gained", "legend_winners", "events"}
)
_HAND_IN_WAVE = {w: 5 - (w - 1) for w in range(1, len(WAVES) + 1)}  # HC-R1, HC-R3: 5, 4, 3, 2
_MAX_EVENTS = 32


def _seat(value: Any, n: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < n


def _fail(field: str, why: str) -> ValueError:
    return ValueError(f"{field}: {why}")


def check_events(events: Any, n: int, field: str = "events") -> None:
    """Each public event is one the engine writes: its kind, seats in range and values of the right kind.

    >>> check_events((("peek", 0, 1), ("votes", (True, False))), 2)
    >>> check_events((("peek", 0, 7),), 2)
    Traceback (most recent call last):
    ...
    ValueError: events: bad event ('peek', 0, 7)
    """
    if not isinstance(events, tuple) or len(events) > _MAX_EVENTS:
        raise _fail(field, f"expected at most {_MAX_EVENTS} events, got {events!r}")
    for e in events:
        ok = isinstance(e, tuple) and len(e) >= 2 and isinstance(e[0], str)
        kind = e[0] if ok else None
        if kind == "extra_discard":
            ok = len(e) == 3 and _seat(e[1], n) and type(e[2]) is int and 1 <= e[2] <= 3
        elif kind == "peek":
            ok = len(e) == 3 and _seat(e[1], n) and _seat(e[2], n) and e[1] != e[2]
        elif kind == "redraw":
            ok = len(e) == 3 and (e[1] == -1 or _seat(e[1], n)) and type(e[1]) is int and e[2] in COLOURS
        elif kind == "votes":
            ok = (
                len(e) == 2 and isinstance(e[1], tuple) and len(e[1]) == n
                and all(isinstance(v, bool) for v in e[1])
            )
        elif kind == "swap":
            ok = len(e) == 3 and _seat(e[1], n) and _seat(e[2], 2)
        else:
            ok = False
        if not ok:
            raise _fail(field, f"bad event {e!r}")


def _cards(field: str, cards: Any) -> tuple[str, ...]:
    if not isinstance(cards, tuple) or not all(isinstance(c, str) and c in TARGETS for c in cards):
        raise _fail(field, f"expected card ids, got {cards!r}")
    return cards


def _check_summary(s: State, n: int) -> None:
    summary = s.summary
    first_round = s.round == 1 and s.phase != "over"
    if summary is None:
        if not first_round:
            raise _fail("summary", f"round {s.round} follows a checked round, so the summary of it is needed")
        return
    if first_round:
        raise _fail("summary", "round 1 has no earlier round to summarise; expected null")
    keys = set(summary)
    if keys != SUMMARY_KEYS:
        raise _fail("summary", f"expected the keys {sorted(SUMMARY_KEYS)}, got {sorted(keys, key=str)}")
    last = s.round if s.phase == "over" else s.round - 1
    leader = s.leader if s.phase == "over" else (s.leader - 1) % n
    if summary["round"] != last or type(summary["round"]) is not int:
        raise _fail("summary", f"round must be {last}, got {summary['round']!r}")
    if summary["leader"] != leader or type(summary["leader"]) is not int:
        raise _fail("summary", f"leader of round {last} must be seat {leader}, got {summary['leader']!r}")
    for key, most in (("tokens", 10), ("returned", 2)):
        toks = summary[key]
        if not isinstance(toks, tuple) or len(toks) > most or not all(t in COLOURS for t in toks):
            raise _fail("summary", f"{key} must be at most {most} colours, got {toks!r}")
    if len(summary["tokens"]) != 10:
        raise _fail("summary", f"a checked round shows 10 tokens, got {len(summary['tokens'])}")
    per_seat = {k: summary[k] for k in ("hands", "achieved", "kept", "gained")}
    for key, value in per_seat.items():
        if not isinstance(value, tuple) or len(value) != n:
            raise _fail("summary", f"{key} needs one entry per seat, got {value!r}")
    for p in range(n):
        hand = _cards("summary", summary["hands"][p])
        achieved = _cards("summary", summary["achieved"][p])
        if len(hand) != 2 or not set(achieved) <= set(hand):
            raise _fail("summary", f"seat {p} checks 2 cards and achieves some of them, got {hand!r} / {achieved!r}")
        kept, gained = summary["kept"][p], summary["gained"][p]
        if kept is not None and kept not in achieved:
            raise _fail("summary", f"seat {p} kept {kept!r}, which it did not achieve")
        points = TARGETS[kept].points if kept is not None else 0
        if gained != points or type(gained) is not int:
            raise _fail("summary", f"seat {p} gained {gained!r} points; its kept card is worth {points}")
    legends = tuple(p for p in range(n) if any(TARGETS[c].is_legend for c in summary["achieved"][p]))
    if summary["legend_winners"] != legends:
        raise _fail("summary", f"legend_winners must be {legends}, got {summary['legend_winners']!r}")
    check_events(summary["events"], n, "summary")


def _check_trainers(s: State, n: int) -> None:
    trainers = s.trainers
    named = [t for t in trainers if t is not None]
    if not s.setup.trainers and named:
        raise _fail("trainers", "trainers are off in the set-up, so no seat holds one")
    if len(set(named)) != len(named):
        raise _fail("trainers", f"each trainer is dealt once, got {list(trainers)}")
    extra_events = Counter(e[1] for e in s.events if e[0] == "extra_discard")
    for p in range(n):
        tid = trainers[p]
        rounds, games = s.round_uses[p], s.game_uses[p]
        if tid is None:
            if rounds or games or s.peeks[p] or extra_events[p] or s.extra[p] is not None:
                raise _fail("round_uses", f"seat {p} holds no trainer, so it has no uses, peeks or extra discards")
            continue
        t = TRAINERS[tid]
        round_cap = t.per_round or 1
        if rounds > round_cap or rounds > games or (t.per_game and games > t.per_game):
            raise _fail(
                "round_uses",
                f"seat {p} used {t.name_en} {rounds} time(s) this round and {games} this game; "
                f"the limits are {t.per_round or '-'} per round and {t.per_game or '-'} per game ({t.rule})",
            )
        if games > s.round * round_cap:
            raise _fail("game_uses", f"seat {p} cannot have used {t.name_en} {games} times in {s.round} round(s)")
        if t.power == "peek":
            if len(s.peeks[p]) != games:
                raise _fail("peeks", f"seat {p} looked {len(s.peeks[p])} times but used {t.name_en} {games} times")
        elif s.peeks[p]:
            raise _fail("peeks", f"seat {p} holds {t.name_en}, who cannot look at discards")
        if t.power == "extra_discard":
            pending = 1 if s.extra[p] is not None else 0
            if rounds != extra_events[p] + pending:
                raise _fail("round_uses", f"seat {p}: {rounds} use(s) of {t.name_en} but {extra_events[p] + pending} extra discard(s)")
        elif extra_events[p] or s.extra[p] is not None:
            raise _fail("extra", f"seat {p} holds no extra discard power (HC-T1)")
    for p, seen in enumerate(s.peeks):
        for entry in seen:
            r, o, card = entry
            if not (1 <= r <= s.round and _seat(o, n) and o != p and card in TARGETS):
                raise _fail("peeks", f"seat {p} cannot have seen {entry!r}")
    if s.redraw_by >= 0:
        tid = trainers[s.redraw_by]
        if tid is None or TRAINERS[tid].power != "redraw" or not s.round_uses[s.redraw_by]:
            raise _fail("redraw_by", f"seat {s.redraw_by} did not use a personal redraw this round (HC-T2)")


def _check_steps(s: State, n: int) -> None:
    """What the phase fixes: wave, tokens shown, hand sizes, who acts and what each pending choice may be."""
    phase, wave, shown = s.phase, s.wave, len(s.tokens)
    in_round = phase != "over"
    if phase == "draw":
        lo = _WAVE_ENDS[wave - 2] if wave > 1 else 0
        ok = lo <= shown < _WAVE_ENDS[wave - 1]
    elif phase == "discard":
        ok = wave <= 3 and shown == _WAVE_ENDS[wave - 1]
    elif phase == "redraw":
        ok = wave == 4 and shown == _WAVE_ENDS[-1] - 1
    elif phase in ("vote", "keep"):
        ok = wave == 4 and shown == _WAVE_ENDS[-1]
    else:
        ok = wave == 4 and shown == 0
    if not ok:
        raise _fail("tokens", f"{shown} token(s) shown do not fit phase {phase!r} in wave {wave} (HC-R2, HC-R3)")
    hand = _HAND_IN_WAVE[wave] if in_round else 0
    for p in range(n):
        if len(s.hands[p]) != hand:
            raise _fail("hands", f"seat {p} holds {len(s.hands[p])} cards; in phase {phase!r} of wave {wave} a hand holds {hand} (HC-R1, HC-R3)")
    extras = Counter(e[1] for e in s.events if e[0] == "extra_discard")
    done_waves = wave - 1 if phase in ("draw", "discard") else 3
    for p in range(n):
        if len(s.round_discards[p]) != done_waves + extras[p]:
            raise _fail("round_discards", f"seat {p} discarded {len(s.round_discards[p])} card(s) this round; expected {done_waves + extras[p]}")
    if phase in ("draw", "discard") and (s.returned or s.redraw_by != -1):
        raise _fail("returned", "no token is put back before wave 4 (HC-R4)")
    if len(s.returned) > 2:
        raise _fail("returned", f"at most 2 tokens go back in a round (HC-R4, HC-T2), got {len(s.returned)}")
    if phase == "vote" and s.returned and s.redraw_by < 0:
        raise _fail("redraw_by", "a vote after a token was put back follows a personal redraw (HC-T2)")
    if phase == "redraw" and not s.returned:
        raise _fail("returned", "a redraw follows a token put back (HC-R4)")
    acting = phase in ("discard", "vote", "keep")
    if acting != bool(s.to_move):
        raise _fail("to_move", f"in phase {phase!r} {'someone' if acting else 'nobody'} has to act, got {s.to_move!r}")
    if list(s.to_move) != sorted(set(s.to_move)):
        raise _fail("to_move", f"seats in increasing order, each once, got {s.to_move!r}")
    if any(e is not None for e in s.extra) and phase != "discard":
        raise _fail("extra", "an extra discard is set aside only during a discard step (HC-T1)")
    if any(s.achieved) and phase != "keep":
        raise _fail("achieved", "achieved cards are held only while players choose which to keep (HC-R6)")
    for p in range(n):
        pend, waiting = s.pending[p], p in s.to_move
        if phase == "discard":
            extra = s.extra[p]
            if extra is not None and extra not in s.hands[p]:
                raise _fail("extra", f"seat {p} sets aside {extra!r}, which is not in its hand")
            ok = pend is None if waiting else (pend in s.hands[p] and pend != extra)
        elif phase == "vote":
            ok = pend is None if waiting else isinstance(pend, bool)
        elif phase == "keep":
            if not set(s.achieved[p]) <= set(s.hands[p]):
                raise _fail("achieved", f"seat {p} achieved cards it does not hold")
            options = keep_options(s, p)
            chooses = len(options) > 1
            if waiting and not chooses:
                raise _fail("to_move", f"seat {p} has no choice to make in the keep step (HC-R6)")
            ok = pend is None if waiting or not chooses else pend in options
        else:
            ok = pend is None
        if not ok:
            raise _fail("pending", f"seat {p} cannot have {pend!r} pending in phase {phase!r}")


def _check_score(s: State, n: int) -> None:
    win = s.setup.variant.win_points
    rounds_scored = s.round if s.phase == "over" else s.round - 1
    for p in range(n):
        if len(s.scored[p]) > rounds_scored:
            raise _fail("scored", f"seat {p} scored {len(s.scored[p])} cards in {rounds_scored} round(s); at most 1 a round (HC-R6)")
        floor = sum(TARGETS[c].points for c in s.scored[p])
        if s.points[p] < floor:
            raise _fail("points", f"seat {p} has {s.points[p]} points but its scored cards are worth {floor}")
    if s.phase != "over":
        for p in range(n):
            if s.points[p] >= win:
                raise _fail("points", f"seat {p} has {s.points[p]} points while the game is still running; {win} ends it (HC-G2)")
        if s.winners or s.by_legend:
            raise _fail("winners", "a running game has no winners yet")
        return
    if not s.winners:
        raise _fail("winners", "a finished game has at least one winner (HC-G1, HC-G2)")
    if list(s.winners) != sorted(set(s.winners)):
        raise _fail("winners", f"seats in increasing order, each once, got {s.winners!r}")
    legends = s.summary["legend_winners"] if s.summary is not None else ()
    if s.by_legend:
        if s.winners != legends:
            raise _fail("winners", f"a legend win goes to the legend achievers {legends}, got {s.winners} (HC-G1)")
        return
    best = max(s.points)
    top = tuple(p for p in range(n) if s.points[p] == best)
    if legends:
        raise _fail("by_legend", f"seats {legends} achieved a legend card, so the game was won by legend (HC-G1)")
    if best < win or s.winners != top:
        raise _fail("winners", f"a points win needs {win} points and goes to the highest score {top}, got {s.winners} (HC-G2)")


def check_state(state: State) -> None:
    """Raise ``ValueError`` naming the field of the first invariant ``state`` breaks; return ``None`` if it has none.

    Checks the set-up, the tokens (HC-C1, HC-C3), the 60 cards (HC-C2), the
    hands through the waves (HC-R1–HC-R3), the pending choices of the current
    step, the trainers' limits (HC-T1–HC-T4), the scores (HC-R6, HC-G1, HC-G2) and
    the last round's summary.

    >>> from pokelab.herecomes import new_game
    >>> s = new_game(2, seed=1)
    >>> check_state(s._replace(phase="over"))
    Traceback (most recent call last):
    ...
    ValueError: tokens: 0 token(s) shown do not fit phase 'over' in wave 1 (HC-R2, HC-R3)
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a Here Comes State, got {type(state).__name__}")
    s = state
    setup = s.setup
    n = len(setup.names)
    if len(set(setup.names)) != n:
        raise _fail("setup", f"player names must differ, got {list(setup.names)}")
    if max(setup.composition) > MAX_BAG_COLOUR:
        raise _fail("setup", f"a bag holds at most {MAX_BAG_COLOUR} tokens of a colour, got {setup.bag}")
    if not 1 <= s.wave <= len(WAVES):
        raise _fail("wave", f"waves are 1 to {len(WAVES)}, got {s.wave}")
    drawn = Counter(s.tokens)
    for i, colour in enumerate(COLOURS):
        if s.bag_left[i] + drawn[colour] != setup.composition[i]:
            raise _fail("bag_left", f"{colour}: bag {s.bag_left[i]} + order cards {drawn[colour]} must equal the configured {setup.composition[i]}")
    places: list[Sequence[str]] = [s.deck, s.discards, *s.hands, *s.scored]
    counts = Counter(c for cards in places for c in cards)
    doubled = sorted(c for c, k in counts.items() if k > 1)
    missing = sorted(set(TARGETS) - set(counts))
    if doubled or missing:
        raise _fail("deck", f"every card must be in exactly one place; twice: {doubled}, nowhere: {missing}")
    check_events(s.events, n)
    _check_steps(s, n)
    _check_trainers(s, n)
    _check_score(s, n)
    _check_summary(s, n)
