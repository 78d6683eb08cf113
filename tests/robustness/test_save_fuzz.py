"""Issue 14, fuzz: a mutated real save either loads into a state that plays a whole game, or is a ValueError.

Real saves come from seeded random games of both titles at many points (Here
Comes in every phase, with trainers; Splendor mid-turn, finished and stalled).
Hypothesis picks one save, one node anywhere in its JSON tree and one mutation:
drop it, duplicate it, change its type, or shift its value (numbers by a few,
strings to another string of the same save, lists rotated). ``from_json`` must
then raise ``ValueError`` or return a state from which random legal moves (and
``observe`` along the way) reach the end of the game without any error.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokelab import herecomes as hc
from pokelab import splendor as sp
from tests.robustness.games import hc_states, sp_states

_OTHER_TYPES: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, "", "x", [], {}, [None], {"a": 1})


@functools.cache
def _hc_saves() -> tuple[str, ...]:
    states = list(hc_states(seeds=range(8)))
    picked = {s.phase: s for s in states}  # the last state of every phase ...
    chosen = list(picked.values()) + states[::37]  # ... and a spread over the games
    return tuple(hc.to_json(s) for s in chosen)


@functools.cache
def _sp_saves() -> tuple[str, ...]:
    states = list(sp_states(seeds=range(4)))
    chosen = [s for s in states if s.is_over or s.phase_id] [::5] + states[::61]
    return tuple(sp.to_json(s) for s in chosen)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, (*path, i))
    return out


def _strings(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in (k, *_strings(v))]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def _mutate(doc: Any, path: tuple[Any, ...], how: str, pick: int) -> Any:
    """``doc`` with the node at ``path`` dropped, duplicated, retyped or shifted (``pick`` chooses among options)."""
    doc = copy.deepcopy(doc)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    if how == "drop":
        del parent[key]
    elif how == "duplicate":
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        else:
            parent[f"{key}_copy"] = copy.deepcopy(value)
    elif how == "retype":
        options = [v for v in _OTHER_TYPES if type(v) is not type(value)]
        parent[key] = copy.deepcopy(options[pick % len(options)])
    elif isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = value + (1, -1, 2, 5, -value - 1, 10**6)[pick % 6]
    elif isinstance(value, str):
        strings = sorted(set(_strings(doc)) - {value})
        parent[key] = strings[pick % len(strings)] if strings else value + "x"
    elif isinstance(value, list) and value:
        parent[key] = value[1:] + value[:1] if pick % 2 else value[::-1]
    elif isinstance(value, dict) and value:
        keys = list(value)
        del value[keys[pick % len(keys)]]
    else:
        parent[key] = [value]
    return doc


def _play_hc_to_the_end(state: hc.State, rng: random.Random) -> None:
    s = state
    for _ in range(20_000):
        hc.observe(s, None)
        for seat in range(s.n_players):
            hc.observe(s, seat)
        if s.is_over:
            assert hc.result(s).winners
            return
        s = hc.apply(s, hc.sample(s, rng) if s.is_chance else rng.choice(hc.legal_actions(s)))
    raise AssertionError("a loaded Here Comes game did not end in 20,000 moves")


def _play_sp_to_the_end(state: sp.State, rng: random.Random) -> None:
    s = state
    for step in range(100_000):
        if step % 25 == 0:
            sp.observe(s, s.current_player)
        if s.is_over:
            sp.result(s)
            return
        s = sp.apply(s, rng.choice(sp.legal_actions(s)))
    raise AssertionError("a loaded Splendor game did not end in 100,000 moves")


_HOW = st.sampled_from(["drop", "duplicate", "retype", "shift"])


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), _HOW, st.integers(0, 10**6), st.integers(0, 2**32))
def test_hc_mutated_saves_load_and_play_or_are_a_value_error(data, how, pick, seed) -> None:
    """HC-R1..HC-R7, HC-G1, HC-G2, HC-T1..HC-T4: no mutation of a real save loads into a state that breaks."""
    saves = _hc_saves()
    doc = json.loads(saves[data.draw(st.integers(0, len(saves) - 1), label="save")])
    paths = _paths(doc)
    path = paths[data.draw(st.integers(0, len(paths) - 1), label="node")]
    text = json.dumps(_mutate(doc, path, how, pick))
    try:
        state = hc.from_json(text)
    except ValueError:
        return
    _play_hc_to_the_end(state, random.Random(seed))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), _HOW, st.integers(0, 10**6), st.integers(0, 2**32))
def test_sp_mutated_saves_load_and_play_or_are_a_value_error(data, how, pick, seed) -> None:
    """SP-C1, SP-T3, SP-T4, SP-G1, SP-G4: no mutation of a real save loads into a state that breaks."""
    saves = _sp_saves()
    doc = json.loads(saves[data.draw(st.integers(0, len(saves) - 1), label="save")])
    paths = _paths(doc)
    path = paths[data.draw(st.integers(0, len(paths) - 1), label="node")]
    text = json.dumps(_mutate(doc, path, how, pick))
    try:
        state = sp.from_json(text)
    except ValueError:
        return
    _play_sp_to_the_end(state, random.Random(seed))


def test_hc_the_fuzzed_saves_cover_every_phase_and_trainers() -> None:
    """HC-R1..HC-R7, HC-C4: the pool the fuzz draws from holds every phase and saves with trainers."""
    states = [hc.from_json(t) for t in _hc_saves()]
    assert {s.phase for s in states} == {"draw", "discard", "vote", "redraw", "keep", "over"}
    assert any(any(s.trainers) for s in states)
    assert len({s.setup.names for s in states}) == 4  # 1 to 4 seats
