"""scenario() positions, bad scenarios, JSON round trip and tampering, and the observe() view."""

from __future__ import annotations

import json
import random

import pytest

from pokelab.splendor import (
    CARDS,
    TakeSame,
    Variant,
    apply,
    from_json,
    legal_actions,
    new_game,
    observe,
    scenario,
    to_json,
)
from pokelab.splendor.view import VIEW_VERSION
from pokelab.words import rendered


# ---------------------------------------------------------------- scenario
def test_scenario_defaults_and_names():
    s = scenario(["Ash", "Misty", "Brock"], current_player=1, seed=3)
    assert s.current_player == s.first_player == 1
    assert [p.name for p in s.players] == ["Ash", "Misty", "Brock"]
    assert len(s.display) == 4 and s.deck_size == 86 and s.discard == ()
    assert scenario(seed=3) == scenario(seed=3) and scenario(seed=3) != scenario(seed=4)


def test_scenario_explicit_deck_sends_the_rest_to_the_discard():
    s = scenario(display=[1, 2, 3, 4], deck=[5, 6])
    assert s.deck == (5, 6) and len(s.discard) == 84
    assert sorted(s.display + s.deck + s.discard) == sorted(CARDS)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tokens": {0: {"red": 7}, 1: {"red": 1}}}, "players hold 8 red tokens but the game has only 7"),
        ({"tokens": {0: {"master": 6}}}, "6 master tokens"),
        ({"tokens": {0: ["red"] * 6 + ["blue"] * 5}}, "holds 11 tokens"),
        ({"tokens": {0: {"pink": 1}}}, "unknown colour 'pink'"),
        ({"tokens": {0: {"red": -1}}}, "whole number"),
        ({"tokens": {2: ["red"]}}, "player must be 0..1"),
        ({"captured": {0: [5]}, "display": [5, 6, 7, 8]}, "card 5 .* is in two places"),
        ({"captured": {0: [999]}}, "unknown card 999"),
        ({"captured": {0: ["Missingno"]}}, "unknown card 'Missingno'"),
        ({"reserved": {0: [1, 2, 3, 4]}}, "at most 3"),
        ({"reserved": {0: [86]}}, "only normal cards can be reserved"),
        ({"display": [1, 2, 3]}, "display holds 3 cards while the deck is not empty"),
        ({"display": [1, 2, 3, 4, 5]}, "at most 4"),
        ({"deck": [1, 1]}, "in two places"),
        ({"current_player": 2}, "current_player must be a player index 0..1"),
        ({"first_player": 5}, "first_player must be a player index"),
        ({"round": 0}, "round must be 1..100"),
        ({"variant": "scaled"}, "variant must be a Variant"),
        ({"tokens": {0: {"red": 5}}, "variant": Variant(supply="scaled")}, "only 4"),
    ],
)
def test_bad_scenarios_are_rejected_clearly(kwargs, message):
    with pytest.raises(ValueError, match=message):
        scenario(**kwargs)


def test_scenario_rejects_bad_player_counts():
    with pytest.raises(ValueError, match="2 to 4 players"):
        scenario(5)


# ---------------------------------------------------------------- JSON
def _random_positions(count: int, seed: int = 0):
    rng = random.Random(seed)
    out = []
    for g in range(count):
        players = rng.choice([2, 3, 4])
        variant = rng.choice([Variant(), Variant(supply="scaled"), Variant(evolution_cost=1, round_cap=40)])
        s = new_game(players, seed=g, variant=variant)
        stop = rng.randrange(400)
        for _ in range(stop):
            if s.is_over:
                break
            s = apply(s, rng.choice(legal_actions(s)))
        out.append(s)
    return out


def test_json_round_trip_on_random_positions():
    phases = set()
    for s in _random_positions(60):
        text = to_json(s)
        back = from_json(text)
        assert back == s and to_json(back) == text
        assert legal_actions(back) == legal_actions(s)
        phases.add(s.phase)
    assert phases >= {"main", "return"}


def _tamper(mutate):
    s = _random_positions(1, seed=5)[0]
    data = json.loads(to_json(s))
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["deck"].append(d["deck"][0]), "is in two places"),
        (lambda d: d["deck"].pop(), "cards missing"),
        (lambda d: d["supply"].__setitem__("red", d["supply"]["red"] + 1), "red: supply"),
        (lambda d: d["players"][0]["tokens"].__setitem__("blue", -1), "negative"),
        (lambda d: d.__setitem__("phase", "dance"), "phase must be one of"),
        (lambda d: d.__setitem__("over", "maybe"), "over must be one of"),
        (lambda d: d.__setitem__("format", "chess"), "format must be"),
        (lambda d: d.__setitem__("version", 99), "version 99"),
        (lambda d: d.__setitem__("extra", 1), "unknown field"),
        (lambda d: d.pop("deck"), "missing field"),
        (lambda d: d["players"][0].pop("tokens"), "missing field.*players\\[0\\]"),
        (lambda d: d.__setitem__("round", True), "round must be an integer"),
        (lambda d: d.__setitem__("evolved", 1), "evolved must be true or false"),
        (lambda d: d["display"].append(1234), "unknown card id 1234"),
        (lambda d: d.__setitem__("current_player", 7), "current_player must be a player index"),
        (lambda d: d["variant"].__setitem__("supply", "half"), "Variant supply"),
        (lambda d: d.__setitem__("players", d["players"][:1]), "2 to 4 players"),
    ],
)
def test_tampered_json_is_rejected(mutate, message):
    with pytest.raises(ValueError, match=message):
        from_json(_tamper(mutate))


@pytest.mark.parametrize("text", ["", "[]", "null", "{", b"\xff"])
def test_malformed_json_is_rejected(text):
    with pytest.raises(ValueError, match="splendor JSON"):
        from_json(text)


# ---------------------------------------------------------------- observe
def test_observe_is_json_safe_and_hides_the_deck_order():
    s = _random_positions(1, seed=2)[0]
    for player in range(len(s.players)):
        v = observe(s, player)
        shown = rendered(v, "zh")
        assert json.loads(json.dumps(shown)) == shown
        assert "deck" not in v and v["deck_size"] == s.deck_size
        text = json.dumps(shown)
        assert str(s.deck[:8])[1:-1] not in text
        assert v["version"] == VIEW_VERSION and v["viewer"] == player


def test_observe_lists_legal_moves_only_for_the_player_to_move():
    s = new_game(3, seed=1)
    cur = s.current_player
    assert observe(s, cur)["legal"] == [str(a) for a in legal_actions(s)]
    assert observe(s, (cur + 1) % 3)["legal"] == []


def test_observe_phase_fields_and_result():
    s = scenario(tokens={0: {"red": 4, "blue": 4, "green": 2}})
    s = apply(s, TakeSame("black"))
    v = observe(s, 0)
    assert (v["phase"], v["main_done"], v["must_return"], v["evolved"]) == ("return", True, 2, False)
    assert v["players"][0]["token_count"] == 12 and v["players"][0]["is_you"]
    card = v["display"][0]
    assert set(card) >= {"id", "name", "tier", "stage", "cost", "discount", "points", "effective_cost"}
    s = new_game(2, seed=1, variant=Variant(round_cap=1))
    while not s.is_over:
        s = apply(s, legal_actions(s)[0])
    v = observe(s, 1)
    assert v["is_over"] and v["stalled"] and v["legal"] == []
    assert v["result"]["stalled"] is True and v["result"]["winners"] == []


def test_states_pickle_and_copy_for_parallel_simulation():
    import copy
    import pickle

    for s in _random_positions(10, seed=9):
        assert pickle.loads(pickle.dumps(s)) == s
        assert copy.deepcopy(s) == s and copy.copy(s) == s
        assert legal_actions(pickle.loads(pickle.dumps(s))) == legal_actions(s)
