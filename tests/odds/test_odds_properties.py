"""Property tests (Hypothesis): exact odds equal enumeration of every draw sequence on random small bags."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pokelab.herecomes.conditions import AllDrawn, AllOf, LastIs, NeverDrawn
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import expected_points, probability, redraw_probability

KINDS = (LastIs, NeverDrawn, AllDrawn)


@st.composite
def setups(draw):
    colours = draw(st.lists(st.sampled_from(COLOURS), min_size=1, max_size=3, unique=True))
    bag = {c: draw(st.integers(1, 3)) for c in colours}
    total = sum(bag.values())
    draws = draw(st.integers(1, min(total, 5)))
    parts = draw(st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(COLOURS)), min_size=1, max_size=3))
    condition = parts[0][0](parts[0][1]) if len(parts) == 1 else AllOf(*(k(c) for k, c in parts))
    # a shown prefix the bag can produce
    left = dict(bag)
    shown = []
    for _ in range(draw(st.integers(0, draws))):
        choices = [c for c, n in left.items() if n]
        colour = draw(st.sampled_from(choices))
        left[colour] -= 1
        shown.append(colour)
    return bag, draws, condition, tuple(shown)


def _sequences(left, length):
    """Every ordered draw of ``length`` tokens from ``left`` with its exact probability."""
    if length == 0:
        yield (), Fraction(1)
        return
    total = sum(left.values())
    for colour, n in left.items():
        if n:
            left[colour] -= 1
            for rest, p in _sequences(left, length - 1):
                yield (colour, *rest), p * Fraction(n, total)
            left[colour] += 1


def _left(bag, shown):
    left = dict(bag)
    for t in shown:
        left[t] -= 1
    return left


@settings(max_examples=60, deadline=None)
@given(setups())
def test_hc_c2_exact_equals_sequence_enumeration_on_random_bags(setup):
    """HC-C2 conditions (any AND of parts) on random bags, draws and shown prefixes."""
    bag, draws, condition, shown = setup
    total = Fraction(0)
    for rest, p in _sequences(_left(bag, shown), draws - len(shown)):
        total += p * condition.holds((*shown, *rest), bag)
    assert probability(condition, bag=bag, shown=shown, draws=draws) == total


@settings(max_examples=40, deadline=None)
@given(setups())
def test_hc_r4_redraw_equals_sequence_enumeration_on_random_bags(setup):
    """HC-R4: the last token goes back, then one token is drawn from the bag minus the first draws-1.

    HC-C2: the token put back has appeared, so purple parts see it as well as the new one.
    """
    bag, draws, condition, shown = setup
    total = Fraction(0)
    for rest, p in _sequences(_left(bag, shown), draws - len(shown)):
        tokens = (*shown, *rest)
        pool = _left(bag, tokens[:-1])
        size = sum(pool.values())
        for colour, n in pool.items():
            if n:
                final = (*tokens[:-1], colour)
                total += p * Fraction(n, size) * condition.holds(final, bag, (*tokens, colour))
    assert redraw_probability(condition, bag=bag, shown=shown, draws=draws) == total


@settings(max_examples=30, deadline=None)
@given(setups(), setups(), st.integers(0, 4), st.integers(0, 4))
def test_hc_r6_expected_points_equals_enumeration_on_random_bags(setup, other, va, vb):
    """HC-R6 (best achieved card scores) with HC-R4 redraw voted by expected value."""
    bag, draws, a, shown = setup
    b = other[2]
    # a legend (compound condition) is worth LEGEND_VALUE = 10 whatever its printed points
    va = 10 if isinstance(a, AllOf) else va
    vb = 10 if isinstance(b, AllOf) else vb
    hand = [(a.code(), va), (b.code(), vb)]

    def score(tokens, appeared=None):
        return max([v for c, v in ((a, va), (b, vb)) if c.holds(tokens, bag, appeared)], default=0)

    total = Fraction(0)
    for rest, p in _sequences(_left(bag, shown), draws - len(shown)):
        tokens = (*shown, *rest)
        keep = score(tokens)
        pool = _left(bag, tokens[:-1])
        size = sum(pool.values())
        # HC-C2: the token put back has appeared (purple parts see it)
        mean = sum(
            Fraction(n, size) * score((*tokens[:-1], c), (*tokens, c)) for c, n in pool.items() if n
        )
        total += p * max(Fraction(keep), mean)
    assert expected_points(hand, bag=bag, shown=shown, draws=draws) == total
