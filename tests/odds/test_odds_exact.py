"""Exact Here Comes odds against brute-force enumeration of every ordering, and pinned closed forms."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest

from pokelab.herecomes.bag import DEFAULT_BAG
from pokelab.herecomes.conditions import AllDrawn, AllOf, LastIs, NeverDrawn
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import any_probability, joint_outcomes, probability, redraw_probability

SMALL_BAG = {"red": 3, "blue": 2, "green": 1}
SMALL_DRAWS = 4
SMALL_COLOURS = ("red", "blue", "green")


def _all_conditions(colours):
    singles = []
    for colour in (*colours, "yellow"):  # yellow: a colour the bag does not hold
        singles += [LastIs(colour), NeverDrawn(colour), AllDrawn(colour)]
    pairs = [AllOf(a, b) for i, a in enumerate(singles) for b in singles[i + 1 :]]
    triples = [
        AllOf(LastIs("red"), NeverDrawn("green"), AllDrawn("blue")),
        AllOf(LastIs("blue"), AllDrawn("blue"), NeverDrawn("yellow")),
        AllOf(LastIs("green"), AllDrawn("red"), AllDrawn("green")),
    ]
    return singles + pairs + triples


CONDITIONS = _all_conditions(SMALL_COLOURS)


def _orderings(bag):
    """Every ordering of the physical tokens (tokens of one colour are distinct objects)."""
    tokens = [c for c in COLOURS for _ in range(bag.get(c, 0))]
    return list(permutations(tokens))


ORDERINGS = _orderings(SMALL_BAG)


def _finals(draws, redraw, orderings=None):
    """Counter of (tokens first drawn, final tokens, every token that appeared) over every ordering."""
    out: Counter = Counter()
    for order in ORDERINGS if orderings is None else orderings:
        drawn = order[:draws]
        if not redraw:
            out[(drawn, drawn, drawn)] += len(order) - draws + 1  # same weight as the redraw branches
        else:
            # HC-R4: the last token goes back; the redraw is any of the tokens not among the first
            # draws-1. The token put back has appeared (HC-C2), and so has the new one.
            for token in order[draws - 1 :]:
                out[(drawn, (*drawn[:-1], token), (*drawn, token))] += 1
    return out


FINALS = {False: _finals(SMALL_DRAWS, False), True: _finals(SMALL_DRAWS, True)}


def _prefixes(draws):
    seen = set()
    for order in ORDERINGS:
        for m in range(draws + 1):
            seen.add(order[:m])
    return sorted(seen, key=lambda p: (len(p), p))


PREFIXES = _prefixes(SMALL_DRAWS)


def _brute(condition, shown, redraw, finals=None, bag=SMALL_BAG):
    hits = total = 0
    for (drawn, final, appeared), weight in (finals or FINALS[redraw]).items():
        if drawn[: len(shown)] != tuple(shown):
            continue
        total += weight
        if condition.holds(final, bag, appeared):
            hits += weight
    return Fraction(hits, total)


@pytest.mark.parametrize("redraw", [False, True], ids=["no_redraw", "redraw"])
def test_hc_c2_hc_r5_exact_matches_every_ordering_for_every_condition_and_prefix(redraw):
    """HC-C2 gray/purple/orange/legend conditions checked (HC-R5) on every shown prefix; HC-R4 redraw."""
    fn = redraw_probability if redraw else probability
    checked = 0
    for shown in PREFIXES:
        for condition in CONDITIONS:
            exact = fn(condition, bag=SMALL_BAG, shown=shown, draws=SMALL_DRAWS)
            assert exact == _brute(condition, shown, redraw), (condition, shown)
            checked += 1
    assert checked > 1000


def test_hc_r6_joint_outcomes_match_every_ordering():
    """HC-R6 needs the four joint outcomes of the two kept cards."""
    pairs = [(LastIs("red"), AllDrawn("green")), (NeverDrawn("blue"), LastIs("blue")),
             (AllDrawn("blue"), AllOf(LastIs("red"), NeverDrawn("green")))]
    for shown in PREFIXES[:12]:
        for redraw in (False, True):
            for a, b in pairs:
                j = joint_outcomes(a, b, bag=SMALL_BAG, shown=shown, draws=SMALL_DRAWS, redraw=redraw)
                fn = redraw_probability if redraw else probability
                assert j.both == _brute(AllOf(a, b), shown, redraw)
                assert j.only_a + j.both == fn(a, bag=SMALL_BAG, shown=shown, draws=SMALL_DRAWS)
                assert j.only_b + j.both == fn(b, bag=SMALL_BAG, shown=shown, draws=SMALL_DRAWS)
                assert j.neither + j.only_a + j.only_b + j.both == 1
                assert min(j.as_floats().values()) >= 0


@pytest.mark.parametrize("redraw", [False, True], ids=["no_redraw", "redraw"])
def test_any_probability_matches_every_ordering(redraw):
    """HC-R5 with and without the HC-R4 redraw (the returned token still breaks "never", HC-C2)."""
    cards = [LastIs("blue"), NeverDrawn("green"), AllDrawn("red")]
    for shown in PREFIXES:
        hits = total = 0
        for (drawn, final, appeared), weight in FINALS[redraw].items():
            if drawn[: len(shown)] != shown:
                continue
            total += weight
            hits += weight * any(c.holds(final, SMALL_BAG, appeared) for c in cards)
        exact = any_probability(cards, bag=SMALL_BAG, shown=shown, draws=SMALL_DRAWS, redraw=redraw)
        assert exact == Fraction(hits, total), shown


# --- closed forms on the default bag ---------------------------------------------------------


def test_hc_c2_purple_card_never_purple_is_c18_10_over_c20_10():
    assert probability(NeverDrawn("purple")) == Fraction(comb(18, 10), comb(20, 10)) == Fraction(9, 38)


def test_hc_c2_orange_card_after_one_purple_in_four_shown():
    shown = ("red", "purple", "blue", "green")
    # one purple left among 16 tokens, 6 still to draw
    assert probability(AllDrawn("purple"), shown=shown) == Fraction(6, 16)


def test_hc_c2_gray_card_is_colour_share_before_anything_is_shown():
    for colour, count in DEFAULT_BAG.items():
        assert probability(LastIs(colour)) == Fraction(count, 20)


def test_hc_c2_gray_card_after_nine_tokens_is_share_of_what_is_left():
    shown = ("red",) * 6 + ("blue",) * 3
    assert probability(LastIs("blue"), shown=shown) == Fraction(2, 11)
    assert probability(LastIs("red"), shown=shown) == 0


def test_hc_c2_condition_settled_once_every_token_is_shown():
    shown = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")
    for condition in [LastIs("blue"), NeverDrawn("purple"), AllDrawn("yellow"), AllDrawn("red")]:
        assert probability(condition, shown=shown) == int(condition.holds(shown, DEFAULT_BAG))


def test_hc_r4_redraw_forgets_the_returned_token_for_gray_but_not_for_purple():
    """HC-R4 + HC-C2: the purple token put back has appeared; a gray card gets a fresh last token."""
    shown = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "purple")
    assert probability(NeverDrawn("purple"), shown=shown) == 0
    assert redraw_probability(NeverDrawn("purple"), shown=shown) == 0  # was 9/11 before 2026-11-30
    assert probability(LastIs("blue"), shown=shown) == 0
    # the redraw can bring any of the 11 tokens not among the first nine: 3 blue among them
    assert redraw_probability(LastIs("blue"), shown=shown) == Fraction(3, 11)


def test_hc_r4_redraw_can_rescue_a_gray_card_but_only_hurt_a_purple_one():
    """HC-R4 + HC-C2 on every prefix of the small bag: a redraw never raises a purple card's chance."""
    for shown in PREFIXES:
        for colour in SMALL_COLOURS:
            kwargs = {"bag": SMALL_BAG, "shown": shown, "draws": SMALL_DRAWS}
            assert redraw_probability(NeverDrawn(colour), **kwargs) <= probability(NeverDrawn(colour), **kwargs)
    last_green = ("red", "blue", "red", "green")
    kwargs = {"bag": SMALL_BAG, "shown": last_green, "draws": SMALL_DRAWS}
    assert (probability(LastIs("red"), **kwargs), redraw_probability(LastIs("red"), **kwargs)) == (0, Fraction(1, 3))
    # the green token put back still counts as drawn for "never green"
    assert probability(NeverDrawn("green"), **kwargs) == redraw_probability(NeverDrawn("green"), **kwargs) == 0


def test_hc_r4_redraw_before_the_last_token_changes_gray_and_orange_cards_not_at_all():
    for shown in [(), ("red", "purple", "blue", "green")]:
        for condition in [LastIs("yellow"), AllDrawn("purple"), AllOf(LastIs("red"), AllDrawn("purple"))]:
            assert redraw_probability(condition, shown=shown) == probability(condition, shown=shown)


def test_hc_r4_redraw_before_the_last_token_scales_purple_by_the_returned_token_missing_it():
    """HC-C2: "never blue" also needs the token put back to be not blue: 11 tokens are left, 5 blue."""
    for shown in [(), ("red", "purple", "red", "green")]:
        factor = Fraction(11 - 5, 11)
        assert redraw_probability(NeverDrawn("blue"), shown=shown) == probability(NeverDrawn("blue"), shown=shown) * factor


def test_accepts_cards_and_text():
    class Card:
        condition = NeverDrawn("purple")
        points = 2

    assert probability(Card()) == probability("never:purple") == Fraction(9, 38)


def test_contradictions_are_zero():
    assert probability(AllOf(LastIs("red"), LastIs("blue"))) == 0
    assert probability(AllOf(LastIs("purple"), NeverDrawn("purple"))) == 0
    assert probability(AllOf(NeverDrawn("purple"), AllDrawn("purple"))) == 0
    assert probability(AllOf(NeverDrawn("purple"), AllDrawn("purple")), bag={"red": 10}) == 1


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bag": {"pink": 12}}, "unknown token colour 'pink'"),
        ({"bag": {"red": -1, "blue": 20}}, "cannot be negative"),
        ({"bag": {"red": 5}}, "holds 5 tokens but a round draws 10"),
        ({"shown": ("red", "pink")}, "unknown token colour 'pink' among the shown tokens"),
        ({"shown": ("purple",) * 3}, "shown tokens hold 3 purple but the bag has only 2"),
        ({"shown": ("red",) * 4 + ("blue",) * 5 + ("green",) * 2}, "11 tokens shown"),
        ({"shown": "red"}, "not the string"),
        ({"draws": 0}, "draws must be a whole number"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        probability(NeverDrawn("purple"), **kwargs)
    with pytest.raises(ValueError, match=message):
        redraw_probability(NeverDrawn("purple"), **kwargs)


def test_bad_condition_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown token colour 'pink'"):
        probability("last:pink")
    with pytest.raises(ValueError, match="expected a target card or a condition"):
        probability(3)
