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
from collections import Counter
from types import MappingProxyType
from typing import Any

from pokelab.herecomes.bag import COLOURS, validate_bag
from pokelab.herecomes.cards import TARGETS
from pokelab.herecomes.state import PHASES, Setup, State, Variant
from pokelab.herecomes.trainers import TRAINERS

__all__ = ["FORMAT", "from_json", "to_json"]

FORMAT = "pokelab.herecomes/1"
_EVENT_KINDS = {"extra_discard", "peek", "redraw", "votes", "swap"}


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


class _Doc:
    """Field access with clear errors."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def fail(self, field: str, why: str) -> ValueError:
        return ValueError(f"Here Comes state JSON: field {field!r}: {why}")

    def get(self, field: str) -> Any:
        if field not in self.data:
            raise ValueError(f"Here Comes state JSON: missing field {field!r}")
        return self.data[field]

    def int(self, field: str, lo: int, hi: int) -> int:
        v = self.get(field)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.fail(field, f"expected a whole number from {lo} to {hi}, got {v!r}")
        return v

    def seq(self, field: str, n: int | None = None) -> list[Any]:
        v = self.get(field)
        if not isinstance(v, list):
            raise self.fail(field, f"expected a list, got {type(v).__name__}")
        if n is not None and len(v) != n:
            raise self.fail(field, f"expected {n} entries (one per seat), got {len(v)}")
        return v

    def cards(self, field: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise self.fail(field, f"expected a list of card ids, got {value!r}")
        for c in value:
            if c not in TARGETS:
                raise self.fail(field, f"unknown card id {c!r}")
        return tuple(value)


def from_json(text: str) -> State:
    """Rebuild a ``State`` from ``to_json`` output, checking every field."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"Here Comes state JSON: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"Here Comes state JSON: expected an object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise ValueError(
            f"Here Comes state JSON: format must be {FORMAT!r}, got {data.get('format')!r}"
        )
    d = _Doc(data)
    raw = d.get("setup")
    if not isinstance(raw, dict):
        raise d.fail("setup", "expected an object")
    sd = _Doc(raw)
    names = sd.seq("names")
    if not 1 <= len(names) <= 4 or not all(isinstance(x, str) and x for x in names):
        raise d.fail("setup", f"names must be 1 to 4 non-empty strings, got {names!r}")
    try:
        composition = validate_bag(sd.get("bag"))
        vraw = sd.get("variant")
        if not isinstance(vraw, dict):
            raise ValueError(f"variant must be an object, got {vraw!r}")
        variant = Variant(**vraw)
    except (TypeError, ValueError) as exc:
        raise d.fail("setup", str(exc)) from None
    seed = sd.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise d.fail("setup", f"seed must be a whole number, got {seed!r}")
    trainers_on = sd.get("trainers")
    if not isinstance(trainers_on, bool):
        raise d.fail("setup", f"trainers must be true or false, got {trainers_on!r}")
    setup = Setup(tuple(names), tuple(composition[c] for c in COLOURS), variant, seed, trainers_on)
    n = len(names)

    phase = d.get("phase")
    if phase not in PHASES:
        raise d.fail("phase", f"must be one of {', '.join(PHASES)}, got {phase!r}")
    to_move = d.seq("to_move")
    if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in to_move):
        raise d.fail("to_move", f"seats are 0 to {n - 1}, got {to_move!r}")
    tokens = d.seq("tokens")
    if len(tokens) > 10 or not all(t in COLOURS for t in tokens):
        raise d.fail("tokens", f"expected at most 10 colours, got {tokens!r}")
    bag_left = d.seq("bag_left", len(COLOURS))
    if not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in bag_left):
        raise d.fail("bag_left", f"expected counts >= 0, got {bag_left!r}")
    drawn = Counter(tokens)
    for i, colour in enumerate(COLOURS):
        if bag_left[i] + drawn[colour] != setup.composition[i]:
            raise d.fail(
                "bag_left",
                f"{colour}: bag + order cards must equal the configured {setup.composition[i]}",
            )

    deck = d.cards("deck", d.get("deck"))
    discards = d.cards("discards", d.get("discards"))
    hands = tuple(d.cards("hands", h) for h in d.seq("hands", n))
    scored = tuple(d.cards("scored", h) for h in d.seq("scored", n))
    every = (
        list(deck) + list(discards) + [c for h in hands for c in h] + [c for h in scored for c in h]
    )
    counts = Counter(every)
    doubled = sorted(c for c, k in counts.items() if k > 1)
    missing = sorted(set(TARGETS) - set(counts))
    if doubled or missing:
        raise d.fail(
            "deck", f"every card must be in exactly one place; twice: {doubled}, nowhere: {missing}"
        )

    points = d.seq("points", n)
    if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in points):
        raise d.fail("points", f"expected whole numbers >= 0, got {points!r}")
    trainers = d.seq("trainers", n)
    if not all(t is None or t in TRAINERS for t in trainers):
        raise d.fail(
            "trainers", f"unknown trainer in {trainers!r}; trainers are {', '.join(TRAINERS)}"
        )
    pending = d.seq("pending", n)
    if not all(p is None or isinstance(p, bool) or p in TARGETS for p in pending):
        raise d.fail("pending", f"expected null, true/false or a card id per seat, got {pending!r}")
    extra = d.seq("extra", n)
    for i, e in enumerate(extra):
        if e is not None and e not in hands[i]:
            raise d.fail("extra", f"seat {i} sets aside {e!r}, which is not in its hand")
    round_uses = d.seq("round_uses", n)
    game_uses = d.seq("game_uses", n)
    for field, values in (("round_uses", round_uses), ("game_uses", game_uses)):
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in values):
            raise d.fail(field, f"expected whole numbers >= 0, got {values!r}")
    round_discards = tuple(d.cards("round_discards", h) for h in d.seq("round_discards", n))
    peeks_raw = d.seq("peeks", n)
    peeks = []
    for seen in peeks_raw:
        if not isinstance(seen, list):
            raise d.fail("peeks", f"expected a list per seat, got {seen!r}")
        entries = []
        for entry in seen:
            if (
                not isinstance(entry, list)
                or len(entry) != 3
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], int)
                or not 0 <= entry[1] < n
                or entry[2] not in TARGETS
            ):
                raise d.fail("peeks", f"expected [round, seat, card id], got {entry!r}")
            entries.append(tuple(entry))
        peeks.append(tuple(entries))
    events = d.seq("events")
    for e in events:
        if not isinstance(e, list) or not e or e[0] not in _EVENT_KINDS:
            raise d.fail("events", f"unknown event {e!r}")
    returned = d.seq("returned")
    if not all(t in COLOURS for t in returned):
        raise d.fail("returned", f"expected colours, got {returned!r}")
    achieved = tuple(d.cards("achieved", h) for h in d.seq("achieved", n))
    for i in range(n):
        if not set(achieved[i]) <= set(hands[i]):
            raise d.fail("achieved", f"seat {i} achieved cards it does not hold")
    summary = d.get("summary")
    if summary is not None:
        if not isinstance(summary, dict):
            raise d.fail("summary", "expected an object or null")
        summary = MappingProxyType({k: _tuples(v) for k, v in summary.items()})
    winners = d.seq("winners")
    if not all(isinstance(w, int) and 0 <= w < n for w in winners):
        raise d.fail("winners", f"seats are 0 to {n - 1}, got {winners!r}")
    by_legend = d.get("by_legend")
    if not isinstance(by_legend, bool):
        raise d.fail("by_legend", f"expected true or false, got {by_legend!r}")
    max_round = 10**6
    return State(
        setup=setup,
        round=d.int("round", 1, max_round),
        wave=d.int("wave", 1, 5),
        phase=phase,
        leader=d.int("leader", 0, n - 1),
        to_move=tuple(to_move),
        tokens=tuple(tokens),
        bag_left=tuple(bag_left),
        deck=deck,
        discards=discards,
        hands=hands,
        scored=scored,
        points=tuple(points),
        trainers=tuple(trainers),
        pending=tuple(pending),
        extra=tuple(extra),
        round_uses=tuple(round_uses),
        game_uses=tuple(game_uses),
        round_discards=round_discards,
        peeks=tuple(peeks),
        events=_tuples(events),
        returned=tuple(returned),
        redraw_by=d.int("redraw_by", -1, n - 1),
        achieved=achieved,
        shuffles=d.int("shuffles", 0, max_round),
        summary=summary,
        winners=tuple(winners),
        by_legend=by_legend,
    )
