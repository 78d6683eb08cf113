"""Simultaneous steps (HC-R2, HC-G3): submission order does not matter; no view shows another's pending choice."""

from __future__ import annotations

import json
from itertools import permutations

from pokelab.herecomes import (
    Discard,
    Draw,
    Keep,
    UseTrainer,
    VoteRedraw,
    apply,
    legal_actions,
    observe,
    scenario,
)
from pokelab.words import rendered

from .helpers import T_RED, draw_all

HANDS = {
    0: ["G01", "G05", "G06", "G15", "G18"],
    1: ["G02", "G07", "G08", "G16", "G19"],
    2: ["P01", "P02", "P09", "O01", "O09"],
    3: ["G13", "G14", "G09", "G10", "G17"],
}


def at_first_discard(**kw):
    s = scenario(4, hands=HANDS, leader=2, **kw)
    return draw_all(s, iter(T_RED))


def test_hc_r2_discard_order_does_not_matter():
    """HC-R2: every order of submission gives the very same state after the reveal."""
    s = at_first_discard(trainers=False)
    choice = {0: "G05", 1: "G16", 2: "O09", 3: "G17"}
    results = set()
    for order in permutations(range(4)):
        t = s
        for p in order:
            t = apply(t, Discard(p, choice[p]))
        results.add(t)
    assert len(results) == 1
    (after,) = results
    assert after.wave == 2 and after.is_chance
    assert all(choice[p] not in after.hands[p] for p in range(4))


def test_hc_r2_discard_order_with_extra_discards_does_not_matter():
    """HC-R2 / HC-T1: with Misty's extra discard mixed in, submission order still does not matter."""
    s = at_first_discard(trainers={0: "misty", 2: "sabrina", 1: "brock", 3: "erika"})
    steps = {
        0: [UseTrainer(0, "extra_discard", "G06"), Discard(0, "G05")],
        1: [Discard(1, "G16")],
        2: [Discard(2, "O09")],
        3: [Discard(3, "G17")],
    }
    results = set()
    for order in permutations(range(4)):
        t = s
        for p in order:
            for action in steps[p]:
                t = apply(t, action)
        results.add(t)
    assert len(results) == 1


def _without(view: dict, *keys: str) -> str:
    view = dict(view)
    for key in keys:
        view.pop(key)
    return json.dumps(rendered(view, "en"), sort_keys=True)


def test_hc_g3_no_view_reveals_another_pending_discard():
    """HC-G3: what seat 0 chose (or set aside) is invisible to every other seat until the reveal."""
    s = at_first_discard(trainers={0: "misty", 1: "sabrina"})
    variants = [
        apply(s, Discard(0, "G05")),
        apply(s, Discard(0, "G18")),
        apply(apply(s, UseTrainer(0, "extra_discard", "G01")), Discard(0, "G15")),
    ]
    for viewer in (1, 2, 3):
        views = {json.dumps(rendered(observe(v, viewer), "en"), sort_keys=True) for v in variants}
        assert len(views) == 1, f"seat {viewer} can tell seat 0's pending choices apart"
    # Seat 0 does see its own choice.
    assert observe(variants[0], 0)["my_choice"]["discard"] == "G05"
    assert observe(variants[2], 0)["my_choice"]["extra_discard"] == "G01"
    # Before and after seat 0 chooses, others see only that seat 0 is no longer waited for.
    before = observe(s, 1)
    after = observe(variants[0], 1)
    assert before["waiting_for"] == [0, 1, 2, 3] and after["waiting_for"] == [1, 2, 3]
    assert _without(before, "waiting_for") == _without(after, "waiting_for")


def test_hc_g3_no_view_reveals_another_pending_vote_or_keep():
    """HC-G3 / HC-R4: a cast vote is secret until all votes are in."""
    s = scenario(2, hands={0: HANDS[0], 1: HANDS[1]}, trainers=False)
    it = iter(T_RED)
    for wave in range(3):
        s = draw_all(s, it)
        s = apply(apply(s, Discard(0, ["G05", "G06", "G15"][wave])), Discard(1, ["G07", "G08", "G16"][wave]))
    s = draw_all(s, it)
    yes, no = apply(s, VoteRedraw(0, True)), apply(s, VoteRedraw(0, False))
    assert observe(yes, 1) == observe(no, 1)
    assert observe(yes, 0)["my_choice"]["vote"] is True
    # Keep choices: both seats achieved two cards (G01+G18? no) -> use a keep step via the teacher view.
    assert observe(yes, None)["pending"][0]["vote"] is True


def test_hc_g3_keep_choices_are_secret_and_order_free():
    """HC-R6 / HC-G3: two players choose their scored card at the same time; order does not matter."""
    hands = {0: ["G01", "P09", "G06", "G15", "G18"], 1: ["G02", "P10", "G08", "G16", "G19"]}
    s = scenario(2, hands=hands, trainers=False)
    it = iter(T_RED)
    for wave in range(3):
        s = draw_all(s, it)
        s = apply(apply(s, Discard(0, ["G06", "G15", "G18"][wave])), Discard(1, ["G08", "G16", "G19"][wave]))
    s = draw_all(s, it)
    s = apply(apply(s, VoteRedraw(0, False)), VoteRedraw(1, False))
    assert s.phase == "keep" and s.to_move == (0, 1)
    a, b = apply(s, Keep(0, "G01")), apply(s, Keep(0, "P09"))
    assert observe(a, 1) == observe(b, 1)
    one = apply(apply(s, Keep(0, "P09")), Keep(1, "G02"))
    two = apply(apply(s, Keep(1, "G02")), Keep(0, "P09"))
    assert one == two and one.points == (2, 1)


def test_hc_r2_legal_actions_only_for_seats_in_to_move():
    """HC-R2: a seat that has discarded has no legal action until the next step."""
    s = at_first_discard(trainers=False)
    s = apply(s, Discard(1, "G02"))
    assert legal_actions(s, 1) == []
    assert [str(a) for a in legal_actions(s, 0)][:1] == ["Discard(0, G01)"]
    assert not any(isinstance(a, Draw) for a in legal_actions(s))
