"""The engine's input doors speak through the catalogue: broken saves, positions, set-ups and statistics, in the pseudo-language.

Each bad input is refused with a kit error whose text, rendered in ``qps``, has no word that bypassed
the catalogue (see ``test_pseudo_engine``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pokelab import herecomes as hc
from pokelab import splendor as sp
from pokelab.errors import ExplainedError

from .engine_words import (
    NAMES,
    area_sources,
    clean,
    herecomes_states,
    sources,
)

# ---------------------------------------------------------------- saves, positions, set-up


def tampered(save: str, **changes: Any) -> str:
    import json

    doc = json.loads(save)
    for key, value in changes.items():
        if value is KeyError:
            del doc[key]
        else:
            doc[key] = value
    return json.dumps(doc)


def splendor_bad_saves() -> list[Any]:
    good = sp.to_json(sp.new_game(2, seed=1))
    return [
        "{not json", 42, b"\xff\xfe", "[" * 100 + "]" * 100, "x" * 3_000_000, "[]", "NaN",
        tampered(good, format="chess"), tampered(good, version=99), tampered(good, players=[]),
        tampered(good, round="one"), tampered(good, evolved="yes"), tampered(good, display="1,2"),
        tampered(good, phase="lunch"), tampered(good, over="maybe"), tampered(good, zzz=1), tampered(good, seed=KeyError),
        tampered(good, supply={"red": -1, "blue": 0, "green": 0, "yellow": 0, "black": 0, "master": 0}),
        tampered(good, supply={"red": 0}), tampered(good, display=[999]), tampered(good, display=[1, 1, 2, 3]),
        tampered(good, variant={"supply": 3, "evolution_cost": 0, "round_cap": 9}),
        tampered(good, variant={"supply": "zzz", "evolution_cost": 0, "round_cap": 9}),
        tampered(good, players=[{"name": "", "tokens": {}, "captured": [], "reserved": []}] * 2),
        tampered(good, round=10**6), tampered(good, current_player=7),
    ]


@pytest.mark.parametrize("save", splendor_bad_saves(), ids=lambda s: str(s)[:30])
def test_splendor_save_errors(pseudo, save):
    with pytest.raises(ValueError) as caught:
        sp.from_json(save)
    assert isinstance(caught.value, ExplainedError), caught.value
    clean(caught.value.message(pseudo), {"Expecting", "value", "line", "column", "char", "invalid", "start", "byte",
                                         "utf", "codec", "can", "decode", "position", "NaN", "is", "not", "JSON",
                                         "number", "name", "tokens", "captured", "reserved", "format", "version",
                                         "players", "round", "evolved", "display", "phase", "over", "seed", "supply",
                                         "variant", "evolution_cost", "round_cap", "current_player", "first_player",
                                         "deck", "discard", "ending", "frozen_display", "playing", "stalled",
                                         "main", "after_main", "return", "full", "scaled"})


def herecomes_bad_saves() -> list[str]:
    good = hc.to_json(hc.new_game(2, seed=3))
    import json

    setup = json.loads(good)["setup"]
    return [
        "{not json", "[]", tampered(good, format="chess"), tampered(good, phase="lunch"), tampered(good, round=0),
        tampered(good, bag_left=[1]), tampered(good, trainers=["zzz", None]), tampered(good, pending=[3, None]),
        tampered(good, extra=[3, None]), tampered(good, by_legend=3), tampered(good, to_move=[9]),
        tampered(good, tokens=["pink"]), tampered(good, deck=["ZZ9"]), tampered(good, hands=[[], [], []]),
        tampered(good, points="x"), tampered(good, peeks=[[[1]], []]), tampered(good, peeks=["x", []]),
        tampered(good, events="x"), tampered(good, summary=3), tampered(good, summary={"zzz": 1}),
        tampered(good, zzz=1), tampered(good, leader=KeyError), tampered(good, setup=3),
        tampered(good, setup={**setup, "names": []}), tampered(good, setup={**setup, "bag": {"red": 10**6}}),
        tampered(good, setup={**setup, "variant": 3}), tampered(good, setup={**setup, "seed": "x"}),
        tampered(good, setup={**setup, "trainers": 3}), tampered(good, setup={**setup, "bag": {"red": 3}}),
        tampered(good, setup={**setup, "variant": {"redraw": 3, "win_points": 5}}),
        tampered(good, setup={**setup, "variant": {"redraw": "zzz", "win_points": 5}}),
    ]


@pytest.mark.parametrize("save", herecomes_bad_saves(), ids=lambda s: str(s)[:30])
def test_herecomes_save_errors(pseudo, save):
    with pytest.raises(ValueError) as caught:
        hc.from_json(save)
    assert isinstance(caught.value, ExplainedError), caught.value
    clean(caught.value.message(pseudo), {"Expecting", "property", "name", "enclosed", "in", "double", "quotes",
                                         "line", "column", "char", "value", "format", "phase", "round", "bag_left",
                                         "trainers", "pending", "extra", "by_legend", "to_move", "tokens", "deck",
                                         "hands", "points", "peeks", "events", "summary", "leader", "setup",
                                         "names", "bag", "variant", "seed", "lunch", "draw", "discard", "vote",
                                         "redraw", "keep", "over", "misty", "brock", "sabrina", "erika", "win_points",
                                         "achieved", "gained", "kept", "legend_winners", "returned"})


@pytest.mark.parametrize(
    "build",
    [
        lambda: sp.scenario(captured={0: [1], 1: [1]}), lambda: sp.scenario(display=["Missingno"]),
        lambda: sp.scenario(display=[999]), lambda: sp.scenario(display="1,2"), lambda: sp.scenario(tokens={0: {"pink": 1}}),
        lambda: sp.scenario(tokens={0: {"red": -1}}), lambda: sp.scenario(tokens={0: ["pink"]}), lambda: sp.scenario(tokens={0: 3}),
        lambda: sp.scenario(tokens=3), lambda: sp.scenario(tokens={5: ["red"]}), lambda: sp.scenario(current_player=5),
        lambda: sp.scenario(display=[1, 2, 3, 4, 5]), lambda: sp.scenario(display=[1, 2], deck=[3]),
        lambda: sp.scenario(reserved={0: [1, 2, 3, 4]}), lambda: sp.scenario(reserved={0: [90]}),
        lambda: sp.scenario(tokens={0: {"master": 6}}), lambda: sp.scenario(tokens={0: {"red": 11}}),
        lambda: sp.scenario(round=0), lambda: sp.scenario(variant=3), lambda: sp.scenario(seed="x"),
        lambda: sp.new_game(5), lambda: sp.new_game(["Ann"]), lambda: sp.new_game("Ann"), lambda: sp.new_game(["Ann", ""]),
        lambda: sp.new_game(2, seed="x"), lambda: sp.Variant(supply="zzz"), lambda: sp.Variant(evolution_cost=99),
        lambda: sp.Variant(round_cap=0), lambda: sp.Variant(frozen_display="zzz"), lambda: sp.observe(sp.new_game(), 7),
    ],
)
def test_splendor_position_and_setup_errors(pseudo, build):
    with pytest.raises(ValueError) as caught:
        build()
    assert isinstance(caught.value, ExplainedError), caught.value
    clean(caught.value.message(pseudo), {"captured", "tokens", "reserved", "display", "deck", "current_player",
                                         "first_player", "round", "supply", "master", "over", "phase", "evolved",
                                         "ending", "after_main", "return", "main", "full", "scaled", "wait", "sweep",
                                         "evolution_cost", "round_cap", "frozen_display"})


@pytest.mark.parametrize(
    "call",
    [
        lambda o: o.probability("last:red", shown="red"), lambda o: o.probability("last:red", shown=3),
        lambda o: o.probability("last:red", shown=["red"] * 11), lambda o: o.probability("last:red", shown=["pink"]),
        lambda o: o.probability("last:red", shown=["purple"] * 3), lambda o: o.probability(3),
        lambda o: o.probability("last:red", bag={"red": 2000}), lambda o: o.probability("last:red", draws=0),
        lambda o: o.expected_points([3]), lambda o: o.expected_points([("last:red", -1)]),
        lambda o: o.redraw_probability("last:red", shown=["red"] * 10, returned="red"),
        lambda o: o.redraw_probability("last:red", shown=["red"] * 10, returned=["pink"]),
        lambda o: o.redraw_probability("last:red", shown=["purple"] * 2 + ["red"] * 8, returned=["purple"]),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 5),
        lambda o: o.advise_discard([], shown=["red"] * 4), lambda o: o.advise_discard([("last:red", 3)], shown=["red"] * 4),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 4, waves=[0]),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 4, redraw_agree=2),
        lambda o: o.advise_discard([("last:red", 3)] * 3, shown=["red"] * 4, redraw_agree=0.5),
        lambda o: o.simulate_rounds(n=0), lambda o: o.simulate_rounds(n=10**9), lambda o: o.simulate_rounds(n=3, seed=-1),
        lambda o: o.splendor_unseen(3), lambda o: o.splendor_unseen({"display": []}),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), "Missingno", 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), 3.5, 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), [], 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), sp.new_game(2, seed=1).display[0], 3),
        lambda o: o.splendor_appears_within(sp.new_game(2, seed=1), 1, -1),
    ],
)
def test_odds_input_errors(pseudo, call):
    from pokelab import odds

    with pytest.raises(ValueError) as caught:
        call(odds)
    assert isinstance(caught.value, ExplainedError), caught.value
    clean(caught.value.message(pseudo), {"LastIs", "NeverDrawn", "AllDrawn", "TargetCard", "Fraction", "int",
                                         "float", "Card", "State", "observe", "state", "player", "redraw_agree",
                                         "shown", "returned", "deck_size", "display", "refills", "tuple", "discard"})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"leader": 5}, {"hands": {0: ["ZZ9"] * 5}}, {"hands": {0: ["G01"] * 5}}, {"hands": {7: []}},
        {"hands": {0: ["G01"]}}, {"scores": {7: 1}}, {"scores": {0: 99}}, {"trainers": 3}, {"trainers": {7: "misty"}},
        {"trainers": {0: "zzz"}}, {"trainers": {0: "misty", 1: "misty"}}, {"deck_top": ["ZZ9"]},
    ],
)
def test_herecomes_scenario_errors(pseudo, kwargs):
    with pytest.raises(ValueError) as caught:
        hc.scenario(2, **kwargs)
    assert isinstance(caught.value, ExplainedError), caught.value
    clean(caught.value.message(pseudo), {"hands", "scores", "trainers", "deck_top", *hc.TRAINERS, "False", "None"})


def broken_positions(s: Any) -> Iterator[Any]:
    """``s`` with one part changed so that it breaks an invariant a loaded save is checked for."""
    from dataclasses import replace

    n = len(s.setup.names)
    rest = (None,) * (n - 1)
    yield from (s._replace(phase=phase) for phase in ("over", "keep", "vote", "redraw"))
    yield s._replace(points=(50,) * n)
    yield s._replace(points=(-1,) * n)
    yield s._replace(wave=9)
    yield s._replace(bag_left=tuple(k + 1 for k in s.bag_left))
    yield s._replace(deck=s.deck + s.deck[:1])
    yield s._replace(events=(("peek", 0, 7),) * 40)
    yield s._replace(events=(("peek", 0, 7),))
    yield s._replace(to_move=())
    yield s._replace(to_move=(*range(n - 1, -1, -1), 0))
    yield s._replace(to_move=tuple(range(n)))
    yield s._replace(returned=("red",))
    yield s._replace(returned=("red",) * 3)
    yield s._replace(redraw_by=0)
    yield s._replace(extra=("G01", *rest))
    yield s._replace(achieved=(("G01",), *((),) * (n - 1)))
    yield s._replace(pending=("ZZ",) * n)
    yield s._replace(trainers=("misty",) * n)
    yield s._replace(trainers=(None,) * n, round_uses=(1,) * n)
    yield s._replace(round_uses=(9,) * n, game_uses=(9,) * n)
    yield s._replace(round_uses=(0,) * n, game_uses=(99,) * n)
    yield s._replace(peeks=(((1, 0, "G01"),),) * n)
    if n > 1:
        yield s._replace(trainers=(None, "sabrina", *rest[1:]), round_uses=(0, 1, *(0,) * (n - 2)),
                         game_uses=(0, 1, *(0,) * (n - 2)), peeks=((), ((99, 0, "G01"),), *((),) * (n - 2)))
    yield s._replace(scored=(tuple(s.deck[:5]), *((),) * (n - 1)), deck=s.deck[5:])
    yield s._replace(winners=(0,))
    yield s._replace(winners=(1, 0))
    yield s._replace(by_legend=True)
    yield s._replace(summary=None, round=s.round + 1)
    yield s._replace(summary={} if s.summary is None else {**s.summary, "zz": 1})
    yield s._replace(round_discards=((),) * n)
    yield s._replace(hands=(s.hands[0][:-1], *s.hands[1:]), deck=s.deck + s.hands[0][-1:])
    yield s._replace(setup=replace(s.setup, names=("Ann",) * n))
    yield s._replace(setup=replace(s.setup, trainers=False))
    yield s._replace(setup=replace(s.setup, composition=(1001,) * len(s.setup.composition)))
    if s.phase == "over":
        yield s._replace(winners=(), by_legend=False)
        yield s._replace(winners=tuple(range(n)), by_legend=True)
        yield s._replace(winners=tuple(range(n)), by_legend=False, points=(0,) * n)
    if s.summary is not None:
        summary = dict(s.summary)
        for key in ("round", "leader", "tokens", "returned", "hands", "kept", "gained", "legend_winners"):
            yield s._replace(summary={**summary, key: ("x",) * 20})
        yield s._replace(summary={**summary, "tokens": ("red",) * 3})
        yield s._replace(summary={**summary, "hands": (("G01",),) * n})
        yield s._replace(summary={**summary, "achieved": (("ZZ",),) * n})
        yield s._replace(summary={**summary, "kept": ("G01",) * n})
        yield s._replace(summary={**summary, "gained": (77,) * n})
        yield s._replace(summary={**summary, "legend_winners": (0,)})
        yield s._replace(summary={**summary, "events": (("zz", 1),)})
        yield s._replace(by_legend=False, summary={**summary, "legend_winners": (0,), "achieved": (("L01",), *((),) * (n - 1))})


def test_every_herecomes_invariant_detail_renders_in_the_pseudo_language(pseudo, template):
    """What ``check_state`` says of an impossible position (the detail of a refused save) is a catalogue text."""
    from pokelab.herecomes.invariants import BrokenInvariant, check_state

    seen: set[str] = set()
    states = herecomes_states()
    for state in states[::9] + [s for s in states if s.phase == "over"]:
        for broken in broken_positions(state):
            try:
                check_state(broken)
            except BrokenInvariant as err:
                caught = err
            else:
                continue  # a change this position happens to allow (a phase it is already in, …)
            seen.update(sources(caught.reason))
            clean(caught.message(pseudo), {"ZZ", "zz", "x", "summary", "tokens", "returned", "hands", "kept",
                                                 "gained", "legend_winners", "round", "leader", "events", "to_move",
                                                 "winners", "points", "phase", "wave", "deck", "bag_left", "setup",
                                                 "trainers", "round_uses", "game_uses", "peeks", "extra", "pending",
                                                 "achieved", "scored", "redraw_by", "round_discards", "by_legend",
                                                 "draw", "discard", "vote", "keep", "over", "redraw", "misty",
                                                 "sabrina", "None", "True", "False", *NAMES})
    wanted = area_sources(template, ("pokelab/herecomes/invariants.py",))
    assert wanted - seen == set(), "invariant details never reached"


@pytest.mark.parametrize("args", [(3, 2), (0, 0), (1, 2, 1.5)])
def test_stats_errors(pseudo, args):
    from pokelab.stats import wilson_interval

    with pytest.raises(ExplainedError) as caught:
        wilson_interval(*args)
    clean(caught.value.message(pseudo), {"successes"})
