"""HC-C2 + HC-R4 + HC-T2 odds against brute force over every labelled token: the token put back has appeared.

A second small bag (3 colours, 7 tokens, 5 draws) and two redraws in a round:
Brock's (HC-T2) then the shared one (HC-R4). Every physical token is a distinct
object, so each labelled choice below is equally likely:

- H: the first ``draws - 1`` tokens, in order;
- L1: the last token; N1: the token drawn after L1 is put back (any token not in H);
- N2: the token drawn after N1 is put back in turn (any token not in H).

Purple parts look at every token that appeared; gray and orange at the final tokens.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from pokelab.herecomes.conditions import AllDrawn, AllOf, LastIs, NeverDrawn, parse_condition
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import (
    LEGEND_VALUE,
    estimate,
    estimate_loop,
    estimate_many,
    expected_points,
    joint_outcomes,
    probability,
    redraw_gain,
    redraw_probability,
)

BAG = {"red": 2, "blue": 2, "purple": 3}
DRAWS = 5
USED = ("red", "blue", "purple")


def _labelled(bag):
    return [(c, i) for c in COLOURS for i in range(bag.get(c, 0))]


def _branches(bag, draws):
    """Counter over (H, L1, N1, N2) as colours, each labelled choice counted once."""
    out: Counter = Counter()
    tokens = _labelled(bag)
    for head in permutations(tokens, draws - 1):
        rest = [t for t in tokens if t not in head]
        h = tuple(c for c, _ in head)
        for l1 in rest:
            for n1 in rest:  # L1 is back in the bag: it may come again
                for n2 in rest:
                    out[(h, l1[0], n1[0], n2[0])] += 1
    return out


BRANCHES = _branches(BAG, DRAWS)


def _conditions():
    singles = [kind(c) for c in (*USED, "yellow") for kind in (LastIs, NeverDrawn, AllDrawn)]
    pairs = [AllOf(a, b) for i, a in enumerate(singles) for b in singles[i + 1 :] if a.colour != "yellow"]
    return singles + pairs


CONDITIONS = _conditions()


def _given(where):
    """The branches (and their weights) where ``where`` holds: the draws a chance below is counted over.

    Picked once per position, not once per condition asked there (that filter was most of the time).
    """
    return [(branch, weight) for branch, weight in BRANCHES.items() if where(*branch)]


def _chance(event, given):
    hits = total = 0
    for (h, l1, n1, n2), weight in given:
        total += weight
        hits += weight * bool(event(h, l1, n1, n2))
    return Fraction(hits, total)


def _prefixes():
    return sorted({h[:m] for h, *_ in BRANCHES for m in range(DRAWS)} | {(*h, l1) for h, l1, *_ in BRANCHES})


PREFIXES = _prefixes()


def test_hc_r4_hc_c2_redraw_probability_matches_every_labelled_draw_on_a_second_bag():
    """HC-R4 on every shown prefix (0 to 5 tokens): final = H + N1, appeared = H + L1 + N1."""
    checked = 0
    for shown in PREFIXES:
        n = len(shown)

        def where(h, l1, n1, n2, shown=shown, n=n):
            return (*h, l1)[:n] == shown

        given = _given(where)
        for condition in CONDITIONS:
            exact = redraw_probability(condition, bag=BAG, shown=shown, draws=DRAWS)
            brute = _chance(lambda h, l1, n1, n2, c=condition: c.holds((*h, n1), BAG, (*h, l1, n1)), given)
            assert exact == brute, (condition, shown)
            plain = probability(condition, bag=BAG, shown=shown, draws=DRAWS)
            assert plain == _chance(lambda h, l1, n1, n2, c=condition: c.holds((*h, l1), BAG), given)
            checked += 1
    assert checked > 2000


def test_hc_r4_redraw_can_rescue_a_gray_card_but_can_only_hurt_a_purple_one():
    """HC-R4 + HC-C2: over every prefix, redraw ≤ no redraw for "never X"; a gray card can gain."""
    gained = False
    for shown in PREFIXES:
        for colour in USED:
            kwargs = {"bag": BAG, "shown": shown, "draws": DRAWS}
            assert redraw_probability(NeverDrawn(colour), **kwargs) <= probability(NeverDrawn(colour), **kwargs)
            gained |= redraw_probability(LastIs(colour), **kwargs) > probability(LastIs(colour), **kwargs)
    assert gained


def test_hc_t2_returned_tokens_while_the_redraw_token_is_drawn():
    """Phase "redraw" after Brock (HC-T2): shown = H, returned = (L1,); the next token is N1."""
    for h, l1, _n1, _n2 in {k for k in BRANCHES}:
        given = _given(lambda hh, ll, n1, n2, h=h, l1=l1: hh == h and ll == l1)
        for condition in CONDITIONS[:24]:
            exact = probability(condition, bag=BAG, shown=h, draws=DRAWS, returned=(l1,))
            brute = _chance(lambda hh, ll, n1, n2, c=condition: c.holds((*hh, n1), BAG, (*hh, ll, n1)), given)
            assert exact == brute, (condition, h, l1)


def _after_brock():
    """Every (H, L1, N1) seen: Brock put L1 back and N1 came; the shared redraw is still open."""
    return sorted({(h, l1, n1) for h, l1, n1, _ in BRANCHES})


def _where_after_brock(h, l1, n1):
    return lambda hh, ll, nn, n2: (hh, ll, nn) == (h, l1, n1)


def test_hc_t2_then_hc_r4_a_second_redraw_with_returned_matches_every_labelled_draw():
    """Brock then the shared redraw: final = H + N2, appeared = H + L1 + N1 + N2."""
    for h, l1, n1 in _after_brock():
        given = _given(_where_after_brock(h, l1, n1))
        for condition in CONDITIONS:
            exact = redraw_probability(condition, bag=BAG, shown=(*h, n1), draws=DRAWS, returned=(l1,))
            brute = _chance(
                lambda hh, ll, nn, n2, c=condition: c.holds((*hh, n2), BAG, (*hh, ll, nn, n2)), given
            )
            assert exact == brute, (condition, h, l1, n1)


def test_hc_r6_joint_outcomes_with_returned_and_redraw_match_every_labelled_draw():
    pairs = [(NeverDrawn("purple"), LastIs("blue")), (AllDrawn("red"), NeverDrawn("blue")),
             (AllOf(LastIs("red"), NeverDrawn("purple")), LastIs("purple"))]
    for h, l1, n1 in _after_brock()[::7]:
        given = _given(_where_after_brock(h, l1, n1))
        for a, b in pairs:
            j = joint_outcomes(a, b, bag=BAG, shown=(*h, n1), draws=DRAWS, redraw=True, returned=(l1,))

            def holds(c, hh, ll, nn, n2):
                return c.holds((*hh, n2), BAG, (*hh, ll, nn, n2))

            assert j.both == _chance(lambda *x, a=a, b=b: holds(a, *x) and holds(b, *x), given)
            assert j.only_a == _chance(lambda *x, a=a, b=b: holds(a, *x) and not holds(b, *x), given)
            assert j.neither == _chance(lambda *x, a=a, b=b: not holds(a, *x) and not holds(b, *x), given)


HANDS = [
    [("never:purple", 5), ("last:purple", 1)],
    [("last:red", 2), ("never:blue", 3)],
    [("all:red", 4), ("last:blue", 1)],
    [("last:blue & never:purple", 0), ("never:red", 2)],  # a legend, worth LEGEND_VALUE
]


def _score(hand, final, appeared):
    values = [
        Fraction(LEGEND_VALUE if isinstance(parse_condition(t), AllOf) else v)
        for t, v in hand
        if parse_condition(t).holds(final, BAG, appeared)
    ]
    return max(values, default=Fraction(0))


@pytest.mark.parametrize("agree", [Fraction(0), Fraction(1, 3), Fraction(1)])
@pytest.mark.parametrize("hand", HANDS, ids=range(len(HANDS)))
def test_hc_r4_expected_points_and_redraw_gain_after_brock_match_every_labelled_draw(hand, agree):
    """HC-R6 + HC-R4 after HC-T2: keep N1, or put it back too (it has appeared) and take N2."""
    for h, l1, n1 in _after_brock()[::5]:
        where = _where_after_brock(h, l1, n1)
        keep = _score(hand, (*h, n1), (*h, l1, n1))
        hits = total = Fraction(0)
        for (hh, ll, nn, n2), weight in BRANCHES.items():
            if where(hh, ll, nn, n2):
                total += weight
                hits += weight * _score(hand, (*h, n2), (*h, l1, n1, n2))
        mean = hits / total
        kwargs = {"bag": BAG, "draws": DRAWS, "returned": (l1,)}
        assert redraw_gain(hand, (*h, n1), **kwargs) == mean - keep
        exact = expected_points(hand, shown=(*h, n1), redraw_agree=agree, **kwargs)
        assert exact == keep + agree * max(Fraction(0), mean - keep), (h, l1, n1)


@pytest.mark.parametrize("agree", [Fraction(0), Fraction(1)])
@pytest.mark.parametrize("hand", HANDS, ids=range(len(HANDS)))
def test_hc_r4_expected_points_from_any_prefix_match_every_labelled_draw(hand, agree):
    """HC-R4 voted by expected value once L1 is seen; the token put back still breaks "never"."""
    for shown in [(), ("purple",), ("red", "blue"), ("blue", "red", "red", "blue")]:
        n = len(shown)
        value = Fraction(0)
        total = 0
        for (h, l1, _n1, _n2), weight in BRANCHES.items():
            if h[:n] != shown:
                continue
            keep = _score(hand, (*h, l1), (*h, l1))
            pool = Counter(t for t, _ in _labelled(BAG))
            pool.subtract(h)
            size = sum(pool.values())
            mean = sum(k * _score(hand, (*h, c), (*h, l1, c)) for c, k in pool.items() if k) / size
            value += weight * (keep + agree * max(Fraction(0), mean - keep))
            total += weight
        assert expected_points(hand, bag=BAG, shown=shown, draws=DRAWS, redraw_agree=agree) == value / total


def test_hc_r4_returned_needs_the_last_token_and_a_real_colour():
    with pytest.raises(ValueError, match="returned needs at least 4 shown tokens, got 2"):
        probability("never:purple", bag=BAG, shown=("red", "red"), draws=DRAWS, returned=("blue",))
    with pytest.raises(ValueError, match="unknown token colour 'pink' among the returned tokens"):
        redraw_probability("never:purple", shown=("red",) * 6 + ("blue",) * 4, returned=("pink",))
    with pytest.raises(ValueError, match="returned tokens hold 1 yellow but the bag has only 0"):
        expected_points([("last:red", 1)], bag=BAG, shown=("red",) * 2 + ("blue",) * 2, draws=DRAWS,
                        returned=("yellow",))
    with pytest.raises(ValueError, match="not the string"):
        redraw_gain([("last:red", 1)], ("red",) * 6 + ("blue",) * 4, returned="purple")


# --- Monte Carlo follows the same rule ----------------------------------------------------------


@pytest.mark.parametrize(
    "condition", ["never:purple", "last:purple", "all:purple", "last:red & never:yellow & all:purple",
                  "last:yellow & never:purple & all:yellow"]
)
def test_hc_r4_monte_carlo_redraw_agrees_with_the_exact_chance(condition):
    """HC-R4 + HC-C2: NumPy and plain-loop simulations fall inside their Wilson interval of the exact value."""
    exact = float(redraw_probability(condition))
    for shown in [(), ("red", "blue", "green", "red")]:
        exact = float(redraw_probability(condition, shown=shown))
        est = estimate(condition, shown=shown, n=60_000, seed=11, redraw=True, confidence=0.999)
        assert est.contains(exact), (condition, shown, est, exact)
    loop = estimate_loop(condition, n=8_000, seed=5, redraw=True, confidence=0.999)
    assert loop.contains(float(redraw_probability(condition))), (condition, loop)


def test_hc_t2_monte_carlo_with_returned_agrees_with_the_exact_chance():
    """After Brock (HC-T2) put a green back: never:green is lost; the shared redraw is simulated."""
    shown = ("red", "red", "blue", "yellow", "red", "blue", "purple", "red", "blue", "blue")
    conditions = ["never:green", "never:purple", "last:green", "never:yellow"]
    estimates = estimate_many(conditions, shown=shown, returned=("green",), redraw=True, n=40_000, seed=3,
                              confidence=0.999)
    for condition, est in zip(conditions, estimates, strict=True):
        exact = redraw_probability(condition, shown=shown, returned=("green",))
        assert est.contains(float(exact)), (condition, est, exact)
    assert estimates[0].successes == 0
