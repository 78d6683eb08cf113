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
ValueError: Here Comes state JSON: missing field 'setup'
>>> from_json("not json")
Traceback (most recent call last):
...
ValueError: Here Comes state JSON: not valid JSON (Expecting value: line 1 column 1 (char 0))
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

from pokelab._json import load_json
from pokelab.herecomes.bag import COLOURS, validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.invariants import MAX_BAG_COLOUR, SUMMARY_KEYS, check_events, check_state
from pokelab.herecomes.state import PHASES, Setup, State, Variant
from pokelab.herecomes.trainers import TRAINERS

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


class _Doc:
    """Field access with errors that name the field."""

    def __init__(self, data: dict[str, Any], n: int = 0) -> None:
        self.data = data
        self.n = n

    def fail(self, field: str, why: str) -> ValueError:
        return ValueError(f"Here Comes state JSON: field {field!r}: {why}")

    def get(self, field: str) -> Any:
        if field not in self.data:
            raise ValueError(f"Here Comes state JSON: missing field {field!r}")
        return self.data[field]

    def int(self, field: str, lo: int, hi: int) -> int:
        v = self.get(field)
        if not _whole(v) or not lo <= v <= hi:
            raise self.fail(field, f"expected a whole number from {lo} to {hi}, got {v!r}")
        return v

    def seq(self, field: str, per_seat: bool = False) -> list[Any]:
        v = self.get(field)
        if not isinstance(v, list):
            raise self.fail(field, f"expected a list, got {type(v).__name__}")
        if per_seat and len(v) != self.n:
            raise self.fail(field, f"expected {self.n} entries (one per seat), got {len(v)}")
        return v

    def cards(self, field: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or len(value) > len(TARGETS):
            raise self.fail(field, f"expected a list of card ids, got {value!r}")
        for c in value:
            if not isinstance(c, str) or c not in TARGETS:
                raise self.fail(field, f"unknown card id {c!r}")
        return tuple(value)

    def colours(self, field: str, value: Any, most: int) -> tuple[str, ...]:
        if not isinstance(value, list) or len(value) > most or not all(isinstance(t, str) and t in COLOURS for t in value):
            raise self.fail(field, f"expected at most {most} colours, got {value!r}")
        return tuple(value)

    def seats(self, field: str) -> tuple[int, ...]:
        v = self.seq(field)
        if not all(_whole(p) and 0 <= p < self.n for p in v):
            raise self.fail(field, f"seats are 0 to {self.n - 1}, got {v!r}")
        return tuple(v)

    def counts(self, field: str) -> tuple[int, ...]:
        v = self.seq(field, per_seat=True)
        if not all(_whole(x) and 0 <= x <= _MAX_ROUND for x in v):
            raise self.fail(field, f"expected whole numbers from 0 to {_MAX_ROUND}, got {v!r}")
        return tuple(v)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _keys(d: _Doc, where: str, data: dict[str, Any], expected: frozenset[str]) -> None:
    unknown = sorted(set(data) - expected)
    if unknown:
        raise d.fail(where, f"unknown field(s) {', '.join(unknown)}")
    missing = sorted(expected - set(data))
    if missing:
        raise ValueError(f"Here Comes state JSON: missing field {missing[0]!r}" + ("" if where == "the top level" else f" in {where!r}"))


def _setup(d: _Doc) -> Setup:
    raw = d.get("setup")
    if not isinstance(raw, dict):
        raise d.fail("setup", "expected an object")
    _keys(d, "setup", raw, _SETUP)
    names = raw["names"]
    if (
        not isinstance(names, list) or not 1 <= len(names) <= 4
        or not all(isinstance(x, str) and x.strip() for x in names) or len(set(names)) != len(names)
    ):
        raise d.fail("setup", f"names must be 1 to 4 different non-empty strings, got {names!r}")
    bag = raw["bag"]
    if not isinstance(bag, dict) or any(_whole(k) and k > MAX_BAG_COLOUR for k in bag.values()):
        raise d.fail("setup", f"bag must map colours to at most {MAX_BAG_COLOUR} tokens each, got {bag!r}")
    vraw = raw["variant"]
    if not isinstance(vraw, dict) or set(vraw) != _VARIANT:
        raise d.fail("setup", f"variant must be an object with redraw and win_points, got {vraw!r}")
    try:
        composition = validate_bag(bag)
        if not isinstance(vraw["redraw"], str):
            raise ValueError(f"Variant.redraw must be 'all' or 'leader', got {vraw['redraw']!r}")
        variant = Variant(**vraw)
    except ValueError as exc:
        raise d.fail("setup", str(exc)) from None
    if not _whole(raw["seed"]):
        raise d.fail("setup", f"seed must be a whole number, got {raw['seed']!r}")
    if not isinstance(raw["trainers"], bool):
        raise d.fail("setup", f"trainers must be true or false, got {raw['trainers']!r}")
    return Setup(tuple(names), tuple(composition[c] for c in COLOURS), variant, raw["seed"], raw["trainers"])


def _peeks(d: _Doc) -> tuple[tuple[tuple[int, int, str], ...], ...]:
    out = []
    for seen in d.seq("peeks", per_seat=True):
        if not isinstance(seen, list) or len(seen) > _MAX_ROUND:
            raise d.fail("peeks", f"expected a list per seat, got {seen!r}")
        entries = []
        for entry in seen:
            if (
                not isinstance(entry, list) or len(entry) != 3 or not _whole(entry[0])
                or not _whole(entry[1]) or not isinstance(entry[2], str) or entry[2] not in TARGETS
            ):
                raise d.fail("peeks", f"expected [round, seat, card id], got {entry!r}")
            entries.append(tuple(entry))
        out.append(tuple(entries))
    return tuple(out)


def _events(d: _Doc, field: str, value: Any) -> tuple[tuple[Any, ...], ...]:
    if not isinstance(value, list):
        raise d.fail(field, f"expected a list of events, got {value!r}")
    events = _tuples(value)
    try:
        check_events(events, d.n)
    except ValueError as exc:
        raise d.fail(field, str(exc).removeprefix("events: ")) from None
    return events


def _summary(d: _Doc) -> Any:
    summary = d.get("summary")
    if summary is None:
        return None
    if not isinstance(summary, dict):
        raise d.fail("summary", "expected an object or null")
    if set(summary) != SUMMARY_KEYS:
        raise d.fail("summary", f"expected the keys {', '.join(sorted(SUMMARY_KEYS))}")
    _events(d, "summary", summary["events"])
    return MappingProxyType({k: _tuples(v) for k, v in summary.items()})


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
    ValueError: Here Comes state JSON: field 'hands': seat 0 holds 6 cards; in phase 'draw' of wave 1 a hand holds 5 (HC-R1, HC-R3)
    """
    data = load_json(text, "Here Comes state JSON")
    if not isinstance(data, dict):
        raise ValueError(f"Here Comes state JSON: expected an object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise ValueError(f"Here Comes state JSON: format must be {FORMAT!r}, got {data.get('format')!r}")
    d = _Doc(data)
    setup = _setup(d)
    _keys(d, "the top level", data, _TOP)
    n = d.n = len(setup.names)
    phase = d.get("phase")
    if not isinstance(phase, str) or phase not in PHASES:
        raise d.fail("phase", f"must be one of {', '.join(PHASES)}, got {phase!r}")
    bag_left = d.seq("bag_left")
    if len(bag_left) != len(COLOURS) or not all(_whole(k) and k >= 0 for k in bag_left):
        raise d.fail("bag_left", f"expected {len(COLOURS)} counts >= 0, got {bag_left!r}")
    trainers = d.seq("trainers", per_seat=True)
    if not all(t is None or (isinstance(t, str) and t in TRAINERS) for t in trainers):
        raise d.fail("trainers", f"unknown trainer in {trainers!r}; trainers are {', '.join(TRAINERS)}")
    pending = d.seq("pending", per_seat=True)
    if not all(p is None or isinstance(p, bool) or (isinstance(p, str) and p in TARGETS) for p in pending):
        raise d.fail("pending", f"expected null, true/false or a card id per seat, got {pending!r}")
    extra = d.seq("extra", per_seat=True)
    if not all(e is None or (isinstance(e, str) and e in TARGETS) for e in extra):
        raise d.fail("extra", f"expected null or a card id per seat, got {extra!r}")
    by_legend = d.get("by_legend")
    if not isinstance(by_legend, bool):
        raise d.fail("by_legend", f"expected true or false, got {by_legend!r}")
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
    except ValueError as exc:
        field, _, why = str(exc).partition(": ")
        raise d.fail(field, why) from None
    return state
