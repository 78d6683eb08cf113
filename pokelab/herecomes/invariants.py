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
pokelab.herecomes.invariants.BrokenInvariant: points: seat 1 has 50 points while the game is still running; 10 ends it (HC-G2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pokelab.errors import InputError
from pokelab.herecomes.bag import MAX_BAG_COLOUR, WAVES
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.legal import keep_options
from pokelab.herecomes.names import colour_name
from pokelab.herecomes.pieces import COLOURS
from pokelab.herecomes.state import _WAVE_ENDS, State
from pokelab.herecomes.trainers import TRAINERS
from pokelab.words import Text, _

__all__ = ["SUMMARY_KEYS", "BrokenInvariant", "check_events", "check_state"]

SUMMARY_KEYS = frozenset(
    {"round", "leader", "tokens", "returned", "hands", "achieved", "kept", "gained", "legend_winners", "events"}
)
_HAND_IN_WAVE = {w: 5 - (w - 1) for w in range(1, len(WAVES) + 1)}  # HC-R1, HC-R3: 5, 4, 3, 2
_MAX_EVENTS = 32


def _seat(value: Any, n: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < n


class BrokenInvariant(InputError):
    """A position the rules cannot reach: ``field`` names the part of the state, ``why`` what is wrong (a catalogue text).

    An ``InputError`` (so a ``ValueError``); ``from_json`` passes ``field`` and ``why`` on as its own error.

    >>> err = BrokenInvariant("winners", _("a running game has no winners yet"))
    >>> print(err)
    winners: a running game has no winners yet
    >>> err.message("zh")
    'winners：进行中的对局还没有赢家'
    >>> BrokenInvariant("winners", "no winners")
    Traceback (most recent call last):
    ...
    TypeError: BrokenInvariant takes its reason as one catalogue text, e.g. _('...'), got ('no winners',)
    """

    def __init__(self, field: str, why: Text) -> None:
        if not isinstance(why, Text):
            raise TypeError(f"BrokenInvariant takes its reason as one catalogue text, e.g. _('...'), got {(why,)!r}")
        self.field, self.why = field, why
        super().__init__(_("{what}: {why}", what=field, why=why))

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.field, self.why))




def check_events(events: Any, n: int, field: str = "events") -> None:
    """Each public event is one the engine writes: its kind, seats in range and values of the right kind.

    >>> check_events((("peek", 0, 1), ("votes", (True, False))), 2)
    >>> check_events((("peek", 0, 7),), 2)
    Traceback (most recent call last):
    ...
    pokelab.herecomes.invariants.BrokenInvariant: events: bad event ('peek', 0, 7)
    """
    if not isinstance(events, tuple) or len(events) > _MAX_EVENTS:
        raise BrokenInvariant(field, _("expected at most {most} events, got {value}", most=_MAX_EVENTS, value=repr(events)))
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
            raise BrokenInvariant(field, _("bad event {value}", value=repr(e)))


def _cards(field: str, cards: Any) -> tuple[str, ...]:
    if not isinstance(cards, tuple) or not all(isinstance(c, str) and c in TARGETS for c in cards):
        raise BrokenInvariant(field, _("expected card ids, got {value}", value=repr(cards)))
    return cards


def _check_summary(s: State, n: int) -> None:
    summary = s.summary
    first_round = s.round == 1 and s.phase != "over"
    if summary is None:
        if not first_round:
            raise BrokenInvariant("summary", _("round {round} follows a checked round, so the summary of it is needed", round=s.round))
        return
    if first_round:
        raise BrokenInvariant("summary", _("round 1 has no earlier round to summarise; expected null"))
    keys = set(summary)
    if keys != SUMMARY_KEYS:
        raise BrokenInvariant("summary", _("expected the keys {keys}, got {got}", keys=str(sorted(SUMMARY_KEYS)), got=str(sorted(keys, key=str))))
    last = s.round if s.phase == "over" else s.round - 1
    leader = s.leader if s.phase == "over" else (s.leader - 1) % n
    if summary["round"] != last or type(summary["round"]) is not int:
        raise BrokenInvariant("summary", _("round must be {round}, got {value}", round=last, value=repr(summary["round"])))
    if summary["leader"] != leader or type(summary["leader"]) is not int:
        raise BrokenInvariant("summary", _("leader of round {round} must be seat {seat}, got {value}", round=last, seat=leader, value=repr(summary["leader"])))
    for key, most in (("tokens", 10), ("returned", 2)):
        toks = summary[key]
        if not isinstance(toks, tuple) or len(toks) > most or not all(t in COLOURS for t in toks):
            raise BrokenInvariant("summary", _("{key} must be at most {most} colours, got {value}", key=key, most=most, value=repr(toks)))
    if len(summary["tokens"]) != 10:
        raise BrokenInvariant("summary", _("a checked round shows 10 tokens, got {count}", count=len(summary["tokens"])))
    per_seat = {k: summary[k] for k in ("hands", "achieved", "kept", "gained")}
    for key, value in per_seat.items():
        if not isinstance(value, tuple) or len(value) != n:
            raise BrokenInvariant("summary", _("{key} needs one entry per seat, got {value}", key=key, value=repr(value)))
    for p in range(n):
        hand = _cards("summary", summary["hands"][p])
        achieved = _cards("summary", summary["achieved"][p])
        if len(hand) != 2 or not set(achieved) <= set(hand):
            raise BrokenInvariant("summary", _("seat {seat} checks 2 cards and achieves some of them, got {hand} / {achieved}", seat=p, hand=repr(hand), achieved=repr(achieved)))
        kept, gained = summary["kept"][p], summary["gained"][p]
        if kept is not None and kept not in achieved:
            raise BrokenInvariant("summary", _("seat {seat} kept {card}, which it did not achieve", seat=p, card=repr(kept)))
        points = TARGETS[kept].points if kept is not None else 0
        if gained != points or type(gained) is not int:
            raise BrokenInvariant("summary", _("seat {seat} gained {value} points; its kept card is worth {points}", seat=p, value=repr(gained), points=points))
    legends = tuple(p for p in range(n) if any(TARGETS[c].is_legend for c in summary["achieved"][p]))
    if summary["legend_winners"] != legends:
        raise BrokenInvariant("summary", _("legend_winners must be {seats}, got {value}", seats=str(legends), value=repr(summary["legend_winners"])))
    check_events(summary["events"], n, "summary")


def _check_trainers(s: State, n: int) -> None:
    trainers = s.trainers
    named = [t for t in trainers if t is not None]
    if not s.setup.trainers and named:
        raise BrokenInvariant("trainers", _("trainers are off in the set-up, so no seat holds one"))
    if len(set(named)) != len(named):
        raise BrokenInvariant("trainers", _("each trainer is dealt once, got {value}", value=str(list(trainers))))
    extra_events = Counter(e[1] for e in s.events if e[0] == "extra_discard")
    for p in range(n):
        tid = trainers[p]
        rounds, games = s.round_uses[p], s.game_uses[p]
        if tid is None:
            if rounds or games or s.peeks[p] or extra_events[p] or s.extra[p] is not None:
                raise BrokenInvariant("round_uses", _("seat {seat} holds no trainer, so it has no uses, peeks or extra discards", seat=p))
            continue
        t = TRAINERS[tid]
        round_cap = t.per_round or 1
        if rounds > round_cap or rounds > games or (t.per_game and games > t.per_game):
            raise BrokenInvariant(
                "round_uses",
                _("seat {seat} used {trainer} {count} time(s) this round and {games} this game; "
                  "the limits are {per_round} per round and {per_game} per game ({rule})",
                  seat=p, trainer=t.label, count=rounds, games=games, per_round=str(t.per_round or "-"),
                  per_game=str(t.per_game or "-"), rule=t.rule),
            )
        if games > s.round * round_cap:
            raise BrokenInvariant("game_uses", _("seat {seat} cannot have used {trainer} {count} times in {round} round(s)", seat=p, trainer=t.label, count=games, round=s.round))
        if t.power == "peek":
            if len(s.peeks[p]) != games:
                raise BrokenInvariant("peeks", _("seat {seat} looked {count} times but used {trainer} {games} times", seat=p, count=len(s.peeks[p]), trainer=t.label, games=games))
        elif s.peeks[p]:
            raise BrokenInvariant("peeks", _("seat {seat} holds {trainer}, who cannot look at discards", seat=p, trainer=t.label))
        if t.power == "extra_discard":
            pending = 1 if s.extra[p] is not None else 0
            if rounds != extra_events[p] + pending:
                raise BrokenInvariant("round_uses", _("seat {seat}: {count} use(s) of {trainer} but {extra} extra discard(s)", seat=p, count=rounds, trainer=t.label, extra=extra_events[p] + pending))
        elif extra_events[p] or s.extra[p] is not None:
            raise BrokenInvariant("extra", _("seat {seat} holds no extra discard power (HC-T1)", seat=p))
    for p, seen in enumerate(s.peeks):
        for entry in seen:
            r, o, card = entry
            if not (1 <= r <= s.round and _seat(o, n) and o != p and card in TARGETS):
                raise BrokenInvariant("peeks", _("seat {seat} cannot have seen {value}", seat=p, value=repr(entry)))
    if s.redraw_by >= 0:
        tid = trainers[s.redraw_by]
        if tid is None or TRAINERS[tid].power != "redraw" or not s.round_uses[s.redraw_by]:
            raise BrokenInvariant("redraw_by", _("seat {seat} did not use a personal redraw this round (HC-T2)", seat=s.redraw_by))


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
        raise BrokenInvariant("tokens", _("{count} token(s) shown do not fit phase {phase} in wave {wave} (HC-R2, HC-R3)", count=shown, phase=repr(phase), wave=wave))
    hand = _HAND_IN_WAVE[wave] if in_round else 0
    for p in range(n):
        if len(s.hands[p]) != hand:
            raise BrokenInvariant("hands", _("seat {seat} holds {count} cards; in phase {phase} of wave {wave} a hand holds {hand} (HC-R1, HC-R3)", seat=p, count=len(s.hands[p]), phase=repr(phase), wave=wave, hand=hand))
    extras = Counter(e[1] for e in s.events if e[0] == "extra_discard")
    done_waves = wave - 1 if phase in ("draw", "discard") else 3
    for p in range(n):
        if len(s.round_discards[p]) != done_waves + extras[p]:
            raise BrokenInvariant("round_discards", _("seat {seat} discarded {count} card(s) this round; expected {expected}", seat=p, count=len(s.round_discards[p]), expected=done_waves + extras[p]))
    if phase in ("draw", "discard") and (s.returned or s.redraw_by != -1):
        raise BrokenInvariant("returned", _("no token is put back before wave 4 (HC-R4)"))
    if len(s.returned) > 2:
        raise BrokenInvariant("returned", _("at most 2 tokens go back in a round (HC-R4, HC-T2), got {count}", count=len(s.returned)))
    if phase == "vote" and s.returned and s.redraw_by < 0:
        raise BrokenInvariant("redraw_by", _("a vote after a token was put back follows a personal redraw (HC-T2)"))
    if phase == "redraw" and not s.returned:
        raise BrokenInvariant("returned", _("a redraw follows a token put back (HC-R4)"))
    acting = phase in ("discard", "vote", "keep")
    if acting != bool(s.to_move):
        why = (_("in phase {phase} someone has to act, got {value}") if acting
               else _("in phase {phase} nobody has to act, got {value}"))
        raise BrokenInvariant("to_move", why.with_fields(phase=repr(phase), value=repr(s.to_move)))
    if list(s.to_move) != sorted(set(s.to_move)):
        raise BrokenInvariant("to_move", _("seats in increasing order, each once, got {value}", value=repr(s.to_move)))
    if any(e is not None for e in s.extra) and phase != "discard":
        raise BrokenInvariant("extra", _("an extra discard is set aside only during a discard step (HC-T1)"))
    if any(s.achieved) and phase != "keep":
        raise BrokenInvariant("achieved", _("achieved cards are held only while players choose which to keep (HC-R6)"))
    for p in range(n):
        pend, waiting = s.pending[p], p in s.to_move
        if phase == "discard":
            extra = s.extra[p]
            if extra is not None and extra not in s.hands[p]:
                raise BrokenInvariant("extra", _("seat {seat} sets aside {card}, which is not in its hand", seat=p, card=repr(extra)))
            ok = pend is None if waiting else (pend in s.hands[p] and pend != extra)
        elif phase == "vote":
            ok = pend is None if waiting else isinstance(pend, bool)
        elif phase == "keep":
            if not set(s.achieved[p]) <= set(s.hands[p]):
                raise BrokenInvariant("achieved", _("seat {seat} achieved cards it does not hold", seat=p))
            options = keep_options(s, p)
            chooses = len(options) > 1
            if waiting and not chooses:
                raise BrokenInvariant("to_move", _("seat {seat} has no choice to make in the keep step (HC-R6)", seat=p))
            ok = pend is None if waiting or not chooses else pend in options
        else:
            ok = pend is None
        if not ok:
            raise BrokenInvariant("pending", _("seat {seat} cannot have {value} pending in phase {phase}", seat=p, value=repr(pend), phase=repr(phase)))


def _check_score(s: State, n: int) -> None:
    win = s.setup.variant.win_points
    rounds_scored = s.round if s.phase == "over" else s.round - 1
    for p in range(n):
        if len(s.scored[p]) > rounds_scored:
            raise BrokenInvariant("scored", _("seat {seat} scored {count} cards in {rounds} round(s); at most 1 a round (HC-R6)", seat=p, count=len(s.scored[p]), rounds=rounds_scored))
        floor = sum(TARGETS[c].points for c in s.scored[p])
        if s.points[p] < floor:
            raise BrokenInvariant("points", _("seat {seat} has {points} points but its scored cards are worth {worth}", seat=p, points=s.points[p], worth=floor))
    if s.phase != "over":
        for p in range(n):
            if s.points[p] >= win:
                raise BrokenInvariant("points", _("seat {seat} has {points} points while the game is still running; {win} ends it (HC-G2)", seat=p, points=s.points[p], win=win))
        if s.winners or s.by_legend:
            raise BrokenInvariant("winners", _("a running game has no winners yet"))
        return
    if not s.winners:
        raise BrokenInvariant("winners", _("a finished game has at least one winner (HC-G1, HC-G2)"))
    if list(s.winners) != sorted(set(s.winners)):
        raise BrokenInvariant("winners", _("seats in increasing order, each once, got {value}", value=repr(s.winners)))
    legends = s.summary["legend_winners"] if s.summary is not None else ()
    if s.by_legend:
        if s.winners != legends:
            raise BrokenInvariant("winners", _("a legend win goes to the legend achievers {seats}, got {value} (HC-G1)", seats=str(legends), value=str(s.winners)))
        return
    best = max(s.points)
    top = tuple(p for p in range(n) if s.points[p] == best)
    if legends:
        raise BrokenInvariant("by_legend", _("seats {seats} achieved a legend card, so the game was won by legend (HC-G1)", seats=str(legends)))
    if best < win or s.winners != top:
        raise BrokenInvariant("winners", _("a points win needs {win} points and goes to the highest score {seats}, got {value} (HC-G2)", win=win, seats=str(top), value=str(s.winners)))


def check_state(state: State) -> None:
    """Raise ``BrokenInvariant`` (a ``ValueError``) naming the field of the first invariant ``state`` breaks; ``None`` if none.

    Checks the set-up, the tokens (HC-C1, HC-C3), the 60 cards (HC-C2), the
    hands through the waves (HC-R1–HC-R3), the pending choices of the current
    step, the trainers' limits (HC-T1–HC-T4), the scores (HC-R6, HC-G1, HC-G2) and
    the last round's summary.

    >>> from pokelab.herecomes import new_game
    >>> s = new_game(2, seed=1)
    >>> check_state(s._replace(phase="over"))
    Traceback (most recent call last):
    ...
    pokelab.herecomes.invariants.BrokenInvariant: tokens: 0 token(s) shown do not fit phase 'over' in wave 1 (HC-R2, HC-R3)
    """
    if not isinstance(state, State):
        raise ValueError(f"expected a Here Comes State, got {type(state).__name__}")
    s = state
    setup = s.setup
    n = len(setup.names)
    if len(set(setup.names)) != n:
        raise BrokenInvariant("setup", _("player names must differ, got {value}", value=str(list(setup.names))))
    if max(setup.composition) > MAX_BAG_COLOUR:
        raise BrokenInvariant("setup", _("a bag holds at most {most} tokens of a colour, got {bag}", most=MAX_BAG_COLOUR, bag=str(setup.bag)))
    if not 1 <= s.wave <= len(WAVES):
        raise BrokenInvariant("wave", _("waves are 1 to {most}, got {value}", most=len(WAVES), value=s.wave))
    drawn = Counter(s.tokens)
    for i, colour in enumerate(COLOURS):
        if s.bag_left[i] + drawn[colour] != setup.composition[i]:
            raise BrokenInvariant("bag_left", _("{colour}: bag {left} + order cards {drawn} must equal the configured {total}", colour=colour_name(colour), left=s.bag_left[i], drawn=drawn[colour], total=setup.composition[i]))
    places: list[Sequence[str]] = [s.deck, s.discards, *s.hands, *s.scored]
    counts = Counter(c for cards in places for c in cards)
    doubled = sorted(c for c, k in counts.items() if k > 1)
    missing = sorted(set(TARGETS) - set(counts))
    if doubled or missing:
        raise BrokenInvariant("deck", _("every card must be in exactly one place; twice: {doubled}, nowhere: {missing}", doubled=str(doubled), missing=str(missing)))
    check_events(s.events, n)
    _check_steps(s, n)
    _check_trainers(s, n)
    _check_score(s, n)
    _check_summary(s, n)
