"""``to_json`` / ``from_json``: save and load a Splendor: Pokémon position exactly.

The JSON holds the whole state, including the deck order (it is a save file,
not a player's view — use ``observe`` for that). ``from_json`` checks every
field and every rule invariant, so malformed or tampered text is rejected with
a ``ValueError`` that says what is wrong.

>>> from pokelab.splendor import new_game, apply, TakeSame
>>> s = apply(new_game(3, seed=2), TakeSame("blue"))
>>> from_json(to_json(s)) == s
True
>>> from_json('{"format": "pokelab.splendor", "version": 1}')
Traceback (most recent call last):
...
pokelab.errors.InputError: splendor JSON: missing field(s) current_player, deck, discard, display, ending, evolved, first_player, over, phase, players, round, seed, supply, variant
"""

from __future__ import annotations

import json
from typing import Any

from pokelab._json import load_json
from pokelab.core.texts import reason_text
from pokelab.errors import InputError
from pokelab.splendor.cards import CARDS, TOKEN_COLOURS
from pokelab.splendor.scenario import assemble
from pokelab.splendor.state import PHASES, State, Variant
from pokelab.words import Text, _

FORMAT = "pokelab.splendor"
VERSION = 1
_OVER = ("playing", "over", "stalled")
#: Where a field missing from the save itself would be.
_TOP_LEVEL = _("the top level")
_TOP = {
    "format", "version", "players", "supply", "display", "deck", "discard", "current_player",
    "first_player", "round", "phase", "evolved", "ending", "over", "variant", "seed",
}
_PLAYER = {"name", "tokens", "captured", "reserved"}
_VARIANT = {"supply", "evolution_cost", "round_cap", "frozen_display"}


def to_json(state: State) -> str:
    """The whole state as a JSON string (UTF-8 names kept readable).

    >>> from pokelab.splendor import new_game
    >>> '"format": "pokelab.splendor"' in to_json(new_game())
    True
    >>> to_json({})
    Traceback (most recent call last):
    ...
    TypeError: to_json expects a splendor State, got dict
    """
    if type(state) is not State:
        raise TypeError(f"to_json expects a splendor State, got {type(state).__name__}")
    data = {
        "format": FORMAT,
        "version": VERSION,
        "players": [
            {
                "name": p.name,
                "tokens": dict(zip(TOKEN_COLOURS, p.tok, strict=True)),
                "captured": list(p.captured),
                "reserved": list(p.reserved),
            }
            for p in state.players
        ],
        "supply": dict(zip(TOKEN_COLOURS, state.sup, strict=True)),
        "display": list(state.display),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "current_player": state.current_player,
        "first_player": state.first_player,
        "round": state.round,
        "phase": state.phase,
        "evolved": state.evolved,
        "ending": state.ending,
        "over": _OVER[state.over],
        "variant": state.variant.to_dict(),
        "seed": state.seed,
    }
    return json.dumps(data, ensure_ascii=False)


def _fields(obj: object, expected: set[str] | frozenset[str], where: str | Text) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise InputError(_('splendor JSON: {where} must be an object, got {kind}', where=where, kind=type(obj).__name__))
    missing = sorted(expected - set(obj))
    extra = sorted(set(obj) - expected)
    if missing:
        if where is _TOP_LEVEL:
            raise InputError(_("splendor JSON: missing field(s) {fields}", fields=", ".join(missing)))
        raise InputError(_("splendor JSON: missing field(s) {fields} in {where}", fields=", ".join(missing), where=where))
    if extra:
        raise InputError(_("splendor JSON: unknown field(s) {fields} in {where}", fields=", ".join(extra), where=where))
    return obj


def _int(value: object, where: str | Text) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(_('splendor JSON: {where} must be an integer, got {value}', where=where, value=repr(value)))
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(_('splendor JSON: {where} must be true or false, got {value}', where=where, value=repr(value)))
    return value


def _ids(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise InputError(_('splendor JSON: {where} must be a list of card ids, got {value}', where=where, value=repr(value)))
    return tuple(_int(v, _("a card id in {where}", where=where)) for v in value)


def _counts(value: object, where: str) -> tuple[int, ...]:
    obj = _fields(value, set(TOKEN_COLOURS), where)
    out = tuple(_int(obj[c], f"{where}.{c}") for c in TOKEN_COLOURS)
    if min(out) < 0:
        raise InputError(_('splendor JSON: {where} has a negative count', where=where))
    return out


def _load(text: str | bytes, what: Text) -> Any:
    try:
        return load_json(text, what)
    except ValueError as exc:  # the reason is a catalogue text: shown in the reader's language
        reason = getattr(exc, "reason", None)
        raise InputError(reason if isinstance(reason, Text) else _("{what}: {why}", what=what, why=str(exc))) from None


def from_json(text: str | bytes) -> State:
    """Rebuild a state saved by ``to_json``; reject malformed or tampered input with a ``ValueError``.

    >>> from pokelab.splendor import new_game
    >>> bad = to_json(new_game()).replace('"round": 1', '"round": "one"')
    >>> from_json(bad)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: splendor JSON: round must be an integer, got 'one'
    >>> from_json("{not json")
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: splendor JSON: not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))
    """
    data = _fields(_load(text, _("splendor JSON")), _TOP, _TOP_LEVEL)
    if data["format"] != FORMAT:
        raise InputError(_("splendor JSON: format must be {format}, got {value}", format=repr(FORMAT), value=repr(data["format"])))
    if type(data["version"]) is not int or data["version"] != VERSION:
        raise InputError(_("splendor JSON: version {value} is not supported (expected {version})", value=repr(data["version"]), version=VERSION))
    players = data["players"]
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise InputError(_('splendor JSON: players must be a list of 2 to 4 players'))
    names, toks, caps, ress = [], [], [], []
    for i, p in enumerate(players):
        p = _fields(p, _PLAYER, f"players[{i}]")
        if not isinstance(p["name"], str) or not p["name"].strip():
            raise InputError(_("splendor JSON: players[{index}].name must be a non-empty string", index=i))
        names.append(p["name"])
        toks.append(_counts(p["tokens"], f"players[{i}].tokens"))
        caps.append(_ids(p["captured"], f"players[{i}].captured"))
        ress.append(_ids(p["reserved"], f"players[{i}].reserved"))
    for where in ("display", "deck", "discard"):
        _ids(data[where], where)

    for where, ids in [("display", data["display"]), ("deck", data["deck"]), ("discard", data["discard"])] + [
        (f"players[{i}]", list(caps[i]) + list(ress[i])) for i in range(len(players))
    ]:
        for c in ids:
            if c not in CARDS:
                raise InputError(_("splendor JSON: unknown card id {id} in {where}", id=c, where=where))
    if not isinstance(data["phase"], str) or data["phase"] not in PHASES:
        raise InputError(_("splendor JSON: phase must be one of {choices}, got {value}", choices=", ".join(PHASES), value=repr(data["phase"])))
    if not isinstance(data["over"], str) or data["over"] not in _OVER:
        raise InputError(_("splendor JSON: over must be one of {choices}, got {value}", choices=", ".join(_OVER), value=repr(data["over"])))
    v = data["variant"]
    # frozen_display came later: a save without it was made under the written rules ("wait")
    v = _fields(v, _VARIANT if isinstance(v, dict) and "frozen_display" in v else _VARIANT - {"frozen_display"}, "variant")
    if not isinstance(v["supply"], str) or not isinstance(v.get("frozen_display", "wait"), str):
        raise InputError(_('splendor JSON: variant.supply and variant.frozen_display must be strings'))
    try:
        variant = Variant(v["supply"], v["evolution_cost"], v["round_cap"], v.get("frozen_display", "wait"))
    except ValueError as exc:
        raise InputError(_("splendor JSON: {why}", why=reason_text(exc))) from None
    try:
        return assemble(
            tuple(names), toks, caps, ress,
            _ids(data["display"], "display"), _ids(data["deck"], "deck"), _ids(data["discard"], "discard"),
            supply=_counts(data["supply"], "supply"),
            current_player=_int(data["current_player"], "current_player"),
            first_player=_int(data["first_player"], "first_player"),
            round=_int(data["round"], "round"),
            phase_id=PHASES.index(data["phase"]),
            evolved=_bool(data["evolved"], "evolved"),
            ending=_bool(data["ending"], "ending"),
            over=_OVER.index(data["over"]),
            variant=variant,
            seed=_int(data["seed"], "seed"),
        )
    except ValueError as exc:
        if str(exc).startswith("splendor JSON"):
            raise
        raise InputError(_("splendor JSON: {why}", why=reason_text(exc))) from None
