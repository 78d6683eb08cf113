"""HC-C2 (changed 2026-11-30): a purple card needs its colour absent from every token that appeared.

A token drawn onto an order card and put back by the redraw (HC-R4) or by
Brock (HC-T2) has appeared: it still breaks a purple card. Gray and orange
cards look at the final tokens only (HC-R5); Erika's swap (HC-T4) only
reorders tokens. Each test plays the engine to the check and reads the result.
"""

from __future__ import annotations

import json

import pytest

from pokelab.herecomes import (
    TARGETS,
    AllDrawn,
    AllOf,
    Discard,
    Draw,
    LastIs,
    NeverDrawn,
    UseTrainer,
    VoteRedraw,
    apply,
    explain,
    observe,
    scenario,
)
from pokelab.words import rendered

# Nine tokens with no purple and no yellow (red 4, blue 3, green 2).
NINE = ("red", "red", "blue", "green", "red", "blue", "green", "blue", "red")
OTHER_HAND = ["G15", "G16", "O02", "G14", "P10"]  # seat 1 keeps G14 and P10: never both


def _to_vote(hand0, nine, last, trainers=False):
    """Seat 0 holds ``hand0`` (keeps the first two), seat 1 OTHER_HAND; play to the redraw vote."""
    s = scenario(2, hands={0: hand0, 1: OTHER_HAND}, trainers=trainers)
    tokens = iter((*nine, last))
    for wave in range(4):
        while s.is_chance:
            s = apply(s, Draw(next(tokens)))
        if s.phase == "discard":
            s = apply(apply(s, Discard(0, hand0[2 + wave])), Discard(1, OTHER_HAND[wave]))
    assert s.phase == "vote" and len(s.tokens) == 10
    return s


def _votes(s, agree):
    return apply(apply(s, VoteRedraw(0, agree)), VoteRedraw(1, agree))


def _checked(s):
    """The round's achieved cards of seat 0 (the round ends at the check: no keep step here)."""
    assert s.summary is not None and s.round == 2, s.phase
    return s.summary["achieved"][0]


def test_hc_c2_purple_broken_by_returned_token():
    """HC-C2: the conditions themselves — a returned purple token breaks never:purple only."""
    final = (*NINE, "blue")
    appeared = (*final, "purple")
    assert NeverDrawn("purple").holds(final)
    assert not NeverDrawn("purple").holds(final, appeared=appeared)
    assert LastIs("blue").holds(final, appeared=appeared)
    assert not AllDrawn("purple").holds(final, appeared=appeared)  # orange: final tokens only
    legend = AllOf(LastIs("blue"), NeverDrawn("purple"))
    assert legend.holds(final) and not legend.holds(final, appeared=appeared)


def test_hc_r4_shared_redraw_returning_purple_still_breaks_the_purple_card():
    """HC-R4: the token put back by the agreed redraw has appeared (HC-C2)."""
    s = _to_vote(["P01", "G05", "G01", "G09", "G13"], NINE, "purple")
    s = apply(_votes(s, True), Draw("blue"))
    # before 2026-11-30 both P01 (never purple) and G05 (last blue) held: a keep choice
    assert _checked(s) == ("G05",)
    assert s.summary["returned"] == ("purple",) and "purple" not in s.summary["tokens"]
    assert s.points[0] == TARGETS["G05"].points


def test_hc_t2_brock_redraw_returning_purple_still_breaks_the_purple_card():
    """HC-T2: Brock's personal redraw puts the token back; it has still appeared (HC-C2)."""
    s = _to_vote(["P01", "G05", "G01", "G09", "G13"], NINE, "purple", trainers={0: "brock"})
    s = apply(s, UseTrainer(0, "redraw"))
    s = apply(s, Draw("blue"))
    assert s.phase == "vote" and s.returned == ("purple",)
    view = observe(s, 1)  # public: every seat sees the token that was put back
    assert view["appeared"] == [*NINE, "blue", "purple"]
    assert "purple cards of purple stay broken" in view["events"][-1]["text"].render("en")
    s = _votes(s, False)
    assert _checked(s) == ("G05",)


def test_hc_r4_gray_card_rescued_by_the_redraw():
    """HC-R4: a gray card looks at the final last token only; the redraw can rescue it."""
    s = _to_vote(["G05", "G01", "G09", "G13", "P01"], NINE, "purple")
    s = apply(_votes(s, True), Draw("blue"))
    assert _checked(s) == ("G05",)


@pytest.mark.parametrize(
    ("last", "redrawn", "achieved"),
    [("purple", "red", ()), ("red", "purple", ("O01",))],
    ids=["purple_put_back_does_not_count", "redrawn_purple_counts"],
)
def test_hc_r5_orange_counts_the_final_tokens_only(last, redrawn, achieved):
    """HC-R5: all:purple needs both purples among the final tokens; one put back does not count."""
    nine = ("purple", *NINE[1:])  # one purple among the first nine
    s = _to_vote(["O01", "G13", "G01", "G09", "G05"], nine, last)
    s = apply(_votes(s, True), Draw(redrawn))
    assert _checked(s) == achieved


def test_hc_t4_erika_swap_leaves_purple_unaffected():
    """HC-T4: the swap reorders the tokens, nothing is put back: purple cards see the same tokens."""
    nine = (*NINE[:7], "purple", "blue")  # a purple token on order card 3
    s = _to_vote(["G17", "P01", "G01", "G09", "G13"], nine, "red", trainers={0: "erika"})
    before = observe(s, 0)["appeared"]
    s = apply(s, UseTrainer(0, "swap", 0))
    assert s.tokens[-1] == "purple" and s.returned == ()
    assert sorted(observe(s, 0)["appeared"]) == sorted(before)
    s = _votes(s, False)
    assert _checked(s) == ("G17",)  # last purple now; P01 was broken before the swap and still is


@pytest.mark.parametrize(
    ("last", "achieved"),
    [("purple", ()), ("red", ("L02",))],
    ids=["purple_put_back_breaks_the_never_part", "red_put_back_does_not"],
)
def test_hc_c2_legend_with_a_never_part_after_a_redraw(last, achieved):
    """HC-C2 legend L02 = last:yellow & never:purple & all:yellow; each part keeps its meaning."""
    nine = ("yellow", "yellow", *NINE[2:])  # two of the three yellows, no purple
    s = _to_vote(["L02", "G01", "G09", "G13", "G05"], nine, last)
    s = apply(_votes(s, True), Draw("yellow"))
    assert s.summary["tokens"][-1] == "yellow" and s.summary["tokens"].count("yellow") == 3
    assert s.summary["achieved"][0] == achieved
    assert s.by_legend == bool(achieved)


def test_hc_r5_the_check_explains_a_purple_card_broken_by_a_returned_token():
    """HC-R5: last_round says why, in English and Chinese, and shows the appeared tokens; JSON-safe."""
    s = _to_vote(["P01", "G05", "G01", "G09", "G13"], NINE, "purple")
    s = apply(_votes(s, True), Draw("blue"))
    view = observe(s, 0)
    assert json.loads(json.dumps(rendered(view, "zh"))) == rendered(view, "zh")
    last = view["last_round"]
    assert last["returned"] == ["purple"]
    assert last["appeared"] == [*NINE, "blue", "purple"]
    checked = {c["card"]["id"]: c for c in last["seats"][0]["checked"]}
    assert checked["P01"]["achieved"] is False and checked["G05"]["achieved"] is True
    assert checked["P01"]["why"].render("en") == "a purple token appeared and was put back by the redraw: it still counts"
    assert "放回" in checked["P01"]["why"].render("zh") and "紫" in checked["P01"]["why"].render("zh")
    assert "seats" in last and "checked" not in last["seats"][1]  # another seat's cards stay secret


def test_hc_r5_explain_counts_drawn_and_returned_tokens():
    final = (*NINE[:8], "purple", "blue")
    e = explain("P01", final, {"purple": 2}, returned=("purple",))
    assert e["achieved"] is False
    assert e["why"].render("en") == "1 purple token was drawn, and 1 more appeared and was put back"
    assert explain("P01", (*NINE, "blue"), {"purple": 2}, returned=("red",))["achieved"] is True


def test_hc_t2_the_boards_odds_count_the_token_brock_put_back():
    """HC-T2 + HC-C2: after Brock put a purple back, the odds shown for P01 are 0, redraw or not."""
    from widgets.herecomes.hand import hand_odds

    s = _to_vote(["P01", "G05", "G01", "G09", "G13"], NINE, "purple", trainers={0: "brock"})
    s = apply(s, UseTrainer(0, "redraw"))
    assert s.phase == "redraw"
    rows = {r["id"]: r for r in hand_odds(s, 0)}
    assert rows["P01"]["p"] == 0 and rows["G05"]["p"] > 0  # the token being drawn cannot rescue P01
    s = apply(s, Draw("blue"))
    rows = {r["id"]: r for r in hand_odds(s, 0)}
    assert rows["P01"]["p"] == 0 and rows["P01"]["redraw"] == 0.0
    assert rows["G05"]["p"] == 1 and 0 < rows["G05"]["redraw"] < 1


def test_hc_t2_the_boards_advice_counts_the_token_brock_put_back():
    """HC-T2 + HC-C2: the vote advice and the kept hand's value know P01 is lost after Brock."""
    from pokelab.odds import redraw_gain
    from widgets.herecomes.hand import advice_for, kept_hand_value

    s = _to_vote(["P01", "G05", "G01", "G09", "G13"], NINE, "purple", trainers={0: "brock"})
    s = apply(apply(s, UseTrainer(0, "redraw")), Draw("red"))
    hand = [TARGETS[c] for c in s.hands[0]]
    gain = redraw_gain(hand, s.tokens, bag=s.composition, returned=s.returned)
    assert advice_for(s, 0)["exact"] == str(gain)
    assert gain > 0  # nothing holds (P01 lost, last red): only G05 can come, with a blue last
    assert float(kept_hand_value(s, 0)["value"]) < 1  # without Brock's purple counted it would be 1
