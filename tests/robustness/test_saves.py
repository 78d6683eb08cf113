"""Issue 14, saves: tampered, impossible or hostile save files are refused with a ValueError naming the field."""

from __future__ import annotations

import json
import random

import pytest

from pokelab import herecomes as hc
from pokelab import splendor as sp
from pokelab.herecomes.state import PHASES
from tests.robustness.games import hc_states, sp_states


def _sp_doc(state: sp.State) -> dict:
    return json.loads(sp.to_json(state))


def _hc_doc(state: hc.State) -> dict:
    return json.loads(hc.to_json(state))


# ---------------------------------------------------------------- Splendor
def test_sp_g1_a_game_flagged_over_with_nobody_at_18_points_is_refused() -> None:
    """SP-G1: round 1, 0 points, "over": "over" used to load and report every player as a winner."""
    doc = _sp_doc(sp.new_game(3, seed=1))
    doc["over"] = "over"
    doc["current_player"] = doc["first_player"]
    with pytest.raises(ValueError, match="over: the game ended with nobody reaching 18 points"):
        sp.from_json(json.dumps(doc))


def test_sp_g1_the_last_round_flag_needs_a_player_at_18_points() -> None:
    """SP-G1: "ending": true with nobody at 18 points contradicts the position."""
    doc = _sp_doc(sp.new_game(2, seed=4))
    doc["ending"] = True
    with pytest.raises(ValueError, match="ending: nobody has 18 points"):
        sp.from_json(json.dumps(doc))


def test_sp_g4_a_stalled_game_must_stand_at_the_round_cap() -> None:
    """SP-G4: a game stalls only at the round cap, with nobody at 18 points."""
    doc = _sp_doc(sp.new_game(2, seed=4))
    doc["over"] = "stalled"
    doc["current_player"] = doc["first_player"]
    with pytest.raises(ValueError, match="stalls at the round cap 100, not in round 1"):
        sp.from_json(json.dumps(doc))


def test_sp_e1_after_main_with_the_evolution_already_used_is_refused() -> None:
    """SP-E1: phase after_main means an evolution is still open this turn."""
    doc = _sp_doc(sp.new_game(2, seed=4))
    doc["phase"], doc["evolved"] = "after_main", True
    with pytest.raises(ValueError, match="evolved must be false"):
        sp.from_json(json.dumps(doc))


def test_sp_real_saves_at_every_point_of_seeded_games_round_trip() -> None:
    """SP-G1: saves of finished, stalled and mid-turn positions all load back equal."""
    for state in sp_states(seeds=range(3)):
        assert sp.from_json(sp.to_json(state)) == state


def test_sp_a_save_without_frozen_display_still_loads_as_wait() -> None:
    """SP-T5: saves made before the frozen_display option load under the written rules."""
    doc = _sp_doc(sp.new_game(2, seed=4, variant=sp.Variant(frozen_display="wait")))
    del doc["variant"]["frozen_display"]
    assert sp.from_json(json.dumps(doc)).variant.frozen_display == "wait"


# ---------------------------------------------------------------- Here Comes
def _finished(seed: int) -> hc.State:
    return next(s for s in hc_states(seeds=[seed]) if s.is_over)


def _mid(phase: str, *, seed: int = 0) -> hc.State:
    return next(s for s in hc_states(seeds=range(seed, seed + 20)) if s.phase == phase and len(s.hands) > 1)


@pytest.mark.parametrize(
    ("state", "mutate", "field"),
    [
        # HC-G1/HC-G2: a finished phase with no winners
        (lambda: _finished(0), lambda d: d.__setitem__("winners", []), "winners"),
        # HC-G2: winners while still playing
        (lambda: _mid("discard"), lambda d: d.__setitem__("winners", [0]), "winners"),
        # HC-G2: 50 points mid-game
        (lambda: _mid("vote"), lambda d: d["points"].__setitem__(0, 50), "points"),
        # HC-C3: a wave that does not match the tokens shown
        (lambda: _mid("discard"), lambda d: d.__setitem__("wave", 3 if d["wave"] != 3 else 1), "tokens"),
        # HC-R1: a 7-card hand
        (lambda: _mid("draw"), lambda d: d["hands"][0].extend([d["deck"].pop(), d["deck"].pop()]), "hands"),
        # HC-C4: duplicate trainers
        (lambda: _mid("vote"), lambda d: d["trainers"].__setitem__(1, d["trainers"][0]), "trainers"),
        # HC-C5: duplicate names
        (lambda: _mid("draw"), lambda d: d["setup"]["names"].__setitem__(1, d["setup"]["names"][0]), "setup"),
        # unknown fields, at the top and in the set-up
        (lambda: _mid("draw"), lambda d: d.__setitem__("cheat", 1), "the top level"),
        (lambda: _mid("draw"), lambda d: d["setup"].__setitem__("cheat", 1), "setup"),
        # HC-R2: a wave beyond the four order cards used to crash legal_actions with IndexError
        (lambda: _mid("draw"), lambda d: d.__setitem__("wave", 5), "wave"),
        # HC-R6: a keep step for a seat with nothing to choose
        (lambda: _mid("keep"), lambda d: d.__setitem__("to_move", [p for p in range(len(d["hands"]))]), "to_move"),
        # HC-R4: a summary that observe cannot read used to crash it with KeyError
        (lambda: _mid("vote"), lambda d: d.__setitem__("summary", {"round": 1}), "summary"),
    ],
)
def test_hc_tampered_saves_are_refused_naming_the_field(state, mutate, field) -> None:
    """HC-G1, HC-G2, HC-R1, HC-C4: each tampering of the issue is refused with the field named."""
    doc = _hc_doc(state())
    mutate(doc)
    with pytest.raises(ValueError, match=f"field {field!r}|in {field!r}|missing field"):
        hc.from_json(json.dumps(doc))


def test_hc_real_saves_in_every_phase_round_trip_and_pass_check_state() -> None:
    """HC-R1..HC-R7, HC-G1, HC-G2: saves of every phase, with trainers, load back equal."""
    phases = set()
    for state in hc_states(seeds=range(12)):
        assert hc.from_json(hc.to_json(state)) == state
        phases.add(state.phase)
    assert phases == set(PHASES)


# ---------------------------------------------------------------- hostile JSON
@pytest.mark.parametrize("load", [sp.from_json, hc.from_json])
@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 50_000 + "1" + "}" * 50_000,
        '{"format": "pokelab.splendor", "version": ' + "9" * 5000 + "}",
        '{"round": NaN}',
        b"\xff\xfe{}",
        " " * 5_000_000,
        None,
    ],
)
def test_deep_odd_or_huge_json_is_a_value_error(load, text) -> None:
    """Deep nesting, a 5000-digit number, NaN, bad UTF-8 or 5 MB of text: ValueError, never RecursionError."""
    with pytest.raises(ValueError, match="JSON"):
        load(text)


def test_hc_bag_counts_beyond_the_bound_are_refused() -> None:
    """HC-C1: a bag of 10**400 tokens would overflow sample(); the loader bounds it first."""
    doc = _hc_doc(hc.new_game(2, seed=1))
    doc["setup"]["bag"]["red"] = 10**400
    doc["bag_left"][0] = 10**400
    with pytest.raises(ValueError, match="field 'setup'"):
        hc.from_json(json.dumps(doc))


def test_hc_loaded_positions_play_to_the_end() -> None:
    """HC-G2: every real save, once loaded, plays a whole game with random legal moves."""
    rng = random.Random(3)
    for state in list(hc_states(seeds=range(2)))[::7]:
        s = hc.from_json(hc.to_json(state))
        while not s.is_over:
            hc.observe(s, None)
            if s.is_chance:
                s = hc.apply(s, hc.sample(s, rng))
            else:
                s = hc.apply(s, rng.choice(hc.legal_actions(s)))
        assert hc.result(s).winners
