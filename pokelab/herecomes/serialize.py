"""Save and load a game: ``to_json`` / ``from_json`` round-trip every field of a ``State``.

The JSON holds the whole truth (hands, pending secret choices, deck order), so
it is for saving a game or a teacher's file — never a player's view (that is
``observe``). ``from_json`` checks the document and says what is wrong.

>>> from pokelab.herecomes import new_game
>>> s = new_game(3, seed=11)
>>> from_json(to_json(s)) == s
True
>>> from_json('{"format": "pokelab.herecomes/1"}')
Traceback (most recent call last):
...
pokelab.errors.InputError: Here Comes state JSON: missing field 'setup'
>>> from_json("not json")
Traceback (most recent call last):
...
pokelab.errors.InputError: Here Comes state JSON: not valid JSON (Expecting value: line 1 column 1 (char 0))
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

from pokelab._json import load_json
from pokelab.core.texts import reason_text
from pokelab.errors import InputError
from pokelab.herecomes.bag import MAX_BAG_COLOUR, validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.invariants import SUMMARY_KEYS, BrokenInvariant, check_events, check_state
from pokelab.herecomes.pieces import COLOURS
from pokelab.herecomes.state import PHASES, Setup, State, Variant
from pokelab.herecomes.trainers import TRAINERS
from pokelab.words import Text, _

__all__ = ["FORMAT", "from_json", "to_json"]

FORMAT = "pokelab.herecomes/1"


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, MappingProxyType | dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def to_json(state: State, *, indent: int | None = None) -> str:
    """The whole state as a JSON text (``indent`` for a readable file).

    >>> from pokelab.herecomes import new_game
    >>> to_json(new_game(2, seed=1))[:40]
    '{"format": "pokelab.herecomes/1", "setup'
    >>> to_json("a state")
    Traceback (most recent call last):
    ...
    ValueError: to_json needs a Here Comes State, got str
    """
    if not isinstance(state, State):
        raise ValueError(f"to_json needs a Here Comes State, got {type(state).__name__}")
    setup = state.setup
    doc: dict[str, Any] = {
        "format": FORMAT,
        "setup": {
            "names": list(setup.names),
            "bag": setup.bag,
            "variant": {"redraw": setup.variant.redraw, "win_points": setup.variant.win_points},
            "seed": setup.seed,
            "trainers": setup.trainers,
        },
    }
    for name in State._fields[1:]:
        doc[name] = _plain(getattr(state, name))
    return json.dumps(doc, ensure_ascii=False, indent=indent)


_TOP = frozenset({"format", "setup", *State._fields[1:]})
_SETUP = frozenset({"names", "bag", "variant", "seed", "trainers"})
_VARIANT = frozenset({"redraw", "win_points"})
_MAX_ROUND = 10**6
#: Where a field missing from the save itself would be.
_TOP_LEVEL = "the top level"


class _Doc:
    """Field access with errors that name the field."""

    def __init__(self, data: dict[str, Any], n: int = 0) -> None:
        self.data = data
        self.n = n

    def fail(self, field: str, why: Text) -> InputError:
        """The save's field ``field`` is wrong: ``why``, a catalogue text."""
        return InputError(_("Here Comes state JSON: field {field}: {why}", field=repr(field), why=why))

    def get(self, field: str) -> Any:
        if field not in self.data:
            raise InputError(_("Here Comes state JSON: missing field {field}", field=repr(field)))
        return self.data[field]

    def int(self, field: str, lo: int, hi: int) -> int:
        v = self.get(field)
        if not _whole(v) or not lo <= v <= hi:
            raise self.fail(field, _('expected a whole number from {lo} to {hi}, got {value}', lo=lo, hi=hi, value=repr(v)))
        return v

    def seq(self, field: str, per_seat: bool = False) -> list[Any]:
        v = self.get(field)
        if not isinstance(v, list):
            raise self.fail(field, _('expected a list, got {kind}', kind=type(v).__name__))
        if per_seat and len(v) != self.n:
            raise self.fail(field, _('expected {count} entries (one per seat), got {got}', count=self.n, got=len(v)))
        return v

    def cards(self, field: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or len(value) > len(TARGETS):
            raise self.fail(field, _('expected a list of card ids, got {value}', value=repr(value)))
        for c in value:
            if not isinstance(c, str) or c not in TARGETS:
                raise self.fail(field, _('unknown card id {value}', value=repr(c)))
        return tuple(value)

    def colours(self, field: str, value: Any, most: int) -> tuple[str, ...]:
        if not isinstance(value, list) or len(value) > most or not all(isinstance(t, str) and t in COLOURS for t in value):
            raise self.fail(field, _('expected at most {most} colours, got {value}', most=most, value=repr(value)))
        return tuple(value)

    def seats(self, field: str) -> tuple[int, ...]:
        v = self.seq(field)
        if not all(_whole(p) and 0 <= p < self.n for p in v):
            raise self.fail(field, _('seats are 0 to {last}, got {value}', last=self.n - 1, value=repr(v)))
        return tuple(v)

    def counts(self, field: str) -> tuple[int, ...]:
        v = self.seq(field, per_seat=True)
        if not all(_whole(x) and 0 <= x <= _MAX_ROUND for x in v):
            raise self.fail(field, _('expected whole numbers from 0 to {most}, got {value}', most=_MAX_ROUND, value=repr(v)))
        return tuple(v)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _keys(d: _Doc, where: str, data: dict[str, Any], expected: frozenset[str]) -> None:
    unknown = sorted(set(data) - expected)
    if unknown and where == _TOP_LEVEL:
        raise InputError(_("Here Comes state JSON: field 'the top level': unknown field(s) {fields}", fields=", ".join(unknown)))
    if unknown:
        raise d.fail(where, _('unknown field(s) {fields}', fields=', '.join(unknown)))
    missing = sorted(expected - set(data))
    if missing:
        if where == _TOP_LEVEL:
            raise InputError(_("Here Comes state JSON: missing field {field}", field=repr(missing[0])))
        raise InputError(_("Here Comes state JSON: missing field {field} in {where}", field=repr(missing[0]), where=repr(where)))


def _setup(d: _Doc) -> Setup:
    raw = d.get("setup")
    if not isinstance(raw, dict):
        raise d.fail("setup", _('expected an object'))
    _keys(d, "setup", raw, _SETUP)
    names = raw["names"]
    if (
        not isinstance(names, list) or not 1 <= len(names) <= 4
        or not all(isinstance(x, str) and x.strip() for x in names) or len(set(names)) != len(names)
    ):
        raise d.fail("setup", _('names must be 1 to 4 different non-empty strings, got {names}', names=repr(names)))
    bag = raw["bag"]
    if not isinstance(bag, dict) or any(_whole(k) and k > MAX_BAG_COLOUR for k in bag.values()):
        raise d.fail("setup", _('bag must map colours to at most {most} tokens each, got {bag}', most=MAX_BAG_COLOUR, bag=repr(bag)))
    vraw = raw["variant"]
    if not isinstance(vraw, dict) or set(vraw) != _VARIANT:
        raise d.fail("setup", _('variant must be an object with redraw and win_points, got {vraw}', vraw=repr(vraw)))
    try:
        composition = validate_bag(bag)
        if not isinstance(vraw["redraw"], str):
            raise InputError(_("Variant.redraw must be 'all' or 'leader', got {redraw}", redraw=repr(vraw["redraw"])))
        variant = Variant(**vraw)
    except ValueError as exc:
        raise d.fail("setup", reason_text(exc)) from None
    if not _whole(raw["seed"]):
        raise d.fail("setup", _('seed must be a whole number, got {value}', value=repr(raw['seed'])))
    if not isinstance(raw["trainers"], bool):
        raise d.fail("setup", _('trainers must be true or false, got {value}', value=repr(raw['trainers'])))
    return Setup(tuple(names), tuple(composition[c] for c in COLOURS), variant, raw["seed"], raw["trainers"])


def _peeks(d: _Doc) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    out = []
    for seen in d.seq("peeks", per_seat=True):
        if not isinstance(seen, list) or len(seen) > _MAX_ROUND:
            raise d.fail("peeks", _('expected a list per seat, got {seen}', seen=repr(seen)))
        entries = []
        for entry in seen:
            if (
                not isinstance(entry, list) or len(entry) != 3 or not _whole(entry[0])
                or not _whole(entry[1]) or not isinstance(entry[2], str) or entry[2] not in TARGETS
            ):
                raise d.fail("peeks", _('expected [round, seat, card id], got {entry}', entry=repr(entry)))
            entries.append(tuple(entry))
        out.append(tuple(entries))
    return tuple(out)


def _events(d: _Doc, field: str, value: Any) -> tuple[tuple[Any, ...], ...]:
    if not isinstance(value, list):
        raise d.fail(field, _('expected a list of events, got {value}', value=repr(value)))
    events = _tuples(value)
    try:
        check_events(events, d.n)
    except BrokenInvariant as exc:
        raise d.fail(field, exc.why) from None
    return events


def _summary(d: _Doc) -> Any:
    summary = d.get("summary")
    if summary is None:
        return None
    if not isinstance(summary, dict):
        raise d.fail("summary", _('expected an object or null'))
    if set(summary) != SUMMARY_KEYS:
        raise d.fail("summary", _('expected the keys {keys}', keys=', '.join(sorted(SUMMARY_KEYS))))
    _events(d, "summary", summary["events"])
    return MappingProxyType({k: _tuples(v) for k, v in summary.items()})


def _load(text: str | bytes, what: Text) -> Any:
    try:
        return load_json(text, what)
    except ValueError as exc:  # the reason is a catalogue text: shown in the reader's language
        reason = getattr(exc, "reason", None)
        raise InputError(reason if isinstance(reason, Text) else _("{what}: {why}", what=what, why=str(exc))) from None


def from_json(text: str | bytes) -> State:
    """Rebuild a ``State`` from ``to_json`` output; every field is checked, then every invariant (``check_state``).

    Malformed, tampered or impossible saves raise ``ValueError`` naming the field;
    a save that loads plays on to the end of the game.

    >>> from pokelab.herecomes import new_game
    >>> doc = json.loads(to_json(new_game(2, seed=3)))
    >>> doc["hands"][0] = doc["hands"][0] + [doc["deck"].pop()]
    >>> from_json(json.dumps(doc))
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: Here Comes state JSON: field 'hands': seat 0 holds 6 cards; in phase 'draw' of wave 1 a hand holds 5 (HC-R1, HC-R3)
    """
    data = _load(text, _("Here Comes state JSON"))
    if not isinstance(data, dict):
        raise InputError(_("Here Comes state JSON: expected an object, got {kind}", kind=type(data).__name__))
    if data.get("format") != FORMAT:
        raise InputError(
            _("Here Comes state JSON: format must be {format}, got {value}", format=repr(FORMAT), value=repr(data.get("format")))
        )
    d = _Doc(data)
    setup = _setup(d)
    _keys(d, _TOP_LEVEL, data, _TOP)
    n = d.n = len(setup.names)
    phase = d.get("phase")
    if not isinstance(phase, str) or phase not in PHASES:
        raise d.fail("phase", _('must be one of {choices}, got {phase}', choices=', '.join(PHASES), phase=repr(phase)))
    bag_left = d.seq("bag_left")
    if len(bag_left) != len(COLOURS) or not all(_whole(k) and k >= 0 for k in bag_left):
        raise d.fail("bag_left", _('expected {count} counts >= 0, got {bag_left}', count=len(COLOURS), bag_left=repr(bag_left)))
    trainers = d.seq("trainers", per_seat=True)
    if not all(t is None or (isinstance(t, str) and t in TRAINERS) for t in trainers):
        raise d.fail("trainers", _('unknown trainer in {trainers}; trainers are {choices}', trainers=repr(trainers), choices=', '.join(TRAINERS)))
    pending = d.seq("pending", per_seat=True)
    if not all(p is None or isinstance(p, bool) or (isinstance(p, str) and p in TARGETS) for p in pending):
        raise d.fail("pending", _('expected null, true/false or a card id per seat, got {pending}', pending=repr(pending)))
    extra = d.seq("extra", per_seat=True)
    if not all(e is None or (isinstance(e, str) and e in TARGETS) for e in extra):
        raise d.fail("extra", _('expected null or a card id per seat, got {extra}', extra=repr(extra)))
    by_legend = d.get("by_legend")
    if not isinstance(by_legend, bool):
        raise d.fail("by_legend", _('expected true or false, got {by_legend}', by_legend=repr(by_legend)))
    state = State(
        setup=setup,
        round=d.int("round", 1, _MAX_ROUND),
        wave=d.int("wave", 1, 4),
        phase=phase,
        leader=d.int("leader", 0, n - 1),
        to_move=d.seats("to_move"),
        tokens=d.colours("tokens", d.get("tokens"), 10),
        bag_left=tuple(bag_left),
        deck=d.cards("deck", d.get("deck")),
        discards=d.cards("discards", d.get("discards")),
        hands=tuple(d.cards("hands", h) for h in d.seq("hands", per_seat=True)),
        scored=tuple(d.cards("scored", h) for h in d.seq("scored", per_seat=True)),
        points=d.counts("points"),
        trainers=tuple(trainers),
        pending=tuple(pending),
        extra=tuple(extra),
        round_uses=d.counts("round_uses"),
        game_uses=d.counts("game_uses"),
        round_discards=tuple(d.cards("round_discards", h) for h in d.seq("round_discards", per_seat=True)),
        peeks=_peeks(d),
        events=_events(d, "events", d.get("events")),
        returned=d.colours("returned", d.get("returned"), 2),
        redraw_by=d.int("redraw_by", -1, n - 1),
        achieved=tuple(d.cards("achieved", h) for h in d.seq("achieved", per_seat=True)),
        shuffles=d.int("shuffles", 0, _MAX_ROUND),
        summary=_summary(d),
        winners=d.seats("winners"),
        by_legend=by_legend,
    )
    try:
        check_state(state)
    except BrokenInvariant as exc:
        raise d.fail(exc.field, exc.why) from None
    return state
