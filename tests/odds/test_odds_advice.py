"""Expected points and best discard against brute force: every ordering, every discard policy."""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate, permutations, product

import pytest

from pokelab.herecomes.conditions import AllOf, parse_condition
from pokelab.herecomes.pieces import COLOURS
from pokelab.odds import (
    LEGEND_VALUE,
    advise_discard,
    best_discard,
    expected_points,
    joint_outcomes,
    redraw_gain,
    redraw_vote,
    should_redraw,
)

BAG = {"red": 3, "blue": 2, "green": 1}


def _tokens(bag):
    return [c for c in COLOURS for _ in range(bag.get(c, 0))]


def _score(hand, final, bag, legend_value=LEGEND_VALUE, appeared=None):
    """HC-R6 straight from the rules: the best achieved card scores, a legend is worth legend_value.

    ``appeared``: every token that appeared (HC-C2: purple parts look at them), default ``final``.
    """
    best = Fraction(0)
    for text, points in hand:
        condition = parse_condition(text)
        if condition.holds(final, bag, appeared):
            value = legend_value if isinstance(condition, AllOf) else points
            best = max(best, Fraction(value))
    return best


def _with_redraw(hand, final, rest, bag, agree):
    """HC-R4 from the rules: the last token goes back, the redraw is any token not among the first ones.

    The token put back has appeared (HC-C2): purple parts see it and the new token.
    """
    keep = _score(hand, final, bag)
    pool = [*rest, final[-1]]
    mean = sum(
        _score(hand, (*final[:-1], t), bag, appeared=(*final, t)) for t in pool
    ) / len(pool)
    return keep + agree * max(Fraction(0), mean - keep)


def _brute_expected(hand, bag, draws, shown, agree):
    total = Fraction(0)
    n = 0
    for order in permutations(_tokens(bag)):
        if order[: len(shown)] != tuple(shown):
            continue
        final = order[:draws]
        total += _with_redraw(hand, final, order[draws:], bag, agree)
        n += 1
    return total / n


HANDS = [
    [("last:red", 3), ("never:green", 2)],
    [("all:blue", 4), ("last:blue", 3)],
    [("never:red", 5), ("all:green", 1)],
    [("last:green & never:blue", 0), ("last:red", 2)],  # a legend
    [("last:blue", 2)],
]


@pytest.mark.parametrize("agree", [Fraction(0), Fraction(1, 2), Fraction(1)])
@pytest.mark.parametrize("hand", HANDS, ids=range(len(HANDS)))
def test_hc_r4_hc_r6_expected_points_match_every_ordering(hand, agree):
    """HC-R6: at most one card scores (the better); HC-R4: the redraw voted by expected value."""
    for shown in [(), ("red",), ("blue", "red"), ("green", "red", "blue"), ("red", "blue", "red", "green")]:
        exact = expected_points(hand, bag=BAG, shown=shown, draws=4, redraw_agree=agree)
        assert exact == _brute_expected(hand, BAG, 4, shown, agree), (hand, shown)


def test_hc_r6_expected_points_without_redraw_is_the_joint_outcome_sum():
    """On the default bag: E = P(only A)·a + P(only B)·b + P(both)·max(a, b)."""
    a, b = ("never:purple", 2), ("last:red & all:purple", 0)
    j = joint_outcomes(a, b)
    expect = j.only_a * 2 + j.only_b * LEGEND_VALUE + j.both * LEGEND_VALUE
    assert expected_points([a, b], redraw_agree=0) == expect
    assert expected_points([a, b], redraw_agree=0, legend_value=7) == j.only_a * 2 + (j.only_b + j.both) * 7


def test_hc_r4_should_redraw_by_expected_value():
    tokens = ("red",) * 4 + ("blue",) * 5 + ("green",)
    assert should_redraw([("last:red", 3)], tokens)
    assert not should_redraw([("last:green", 3)], tokens)
    # keeping blue-last is worth 1 for sure; a redraw risks it
    assert not should_redraw([("last:blue", 1), ("last:red", 2)], ("red",) * 4 + ("blue",) * 4 + ("green", "blue"))
    assert redraw_gain([("last:red", 3)], tokens) == Fraction(3 * 2, 11)


# --- best discard -------------------------------------------------------------------------------


def _draw_tree(hand, seq, bag, waves, agree, decide_at):
    """Exact value by backward induction over ORDERED sequences (a player may use the order)."""
    draws = sum(waves)
    left = _tokens(bag)
    for t in seq:
        left.remove(t)
    if len(seq) == draws:
        return _with_redraw(hand, seq, left[:0] + [t for t in left], bag, agree)
    total = Fraction(0)
    for colour in set(left):
        p = Fraction(left.count(colour), len(left))
        nxt = (*seq, colour)
        if len(nxt) in decide_at:
            value = max(
                _draw_tree(hand[:i] + hand[i + 1 :], nxt, bag, waves, agree, decide_at)
                for i in range(len(hand))
            )
        else:
            value = _draw_tree(hand, nxt, bag, waves, agree, decide_at)
        total += p * value
    return total


def _sequences(bag, length, prefix=()):
    left = _tokens(bag)
    for t in prefix:
        left.remove(t)
    out = set()
    for order in permutations(left, length):
        out.add(order)
    return sorted(out)


@pytest.mark.parametrize("agree", [Fraction(0), Fraction(1)])
def test_hc_r2_hc_r3_best_discard_matches_every_discard_policy(agree):
    """HC-R2/HC-R3: enumerate EVERY policy (a discard for each ordered sequence seen) on a tiny round."""
    bag = {"red": 3, "blue": 2}
    waves = (1, 1, 1)
    hand = [("last:red", 2), ("never:blue", 5), ("all:blue", 3), ("last:blue", 1)]
    first_obs = [("red",), ("blue",)]
    second_obs = [(a, b) for a in ("red", "blue") for b in ("red", "blue")]
    orders = list(permutations(_tokens(bag)))
    # the round's value of every (first discard, second discard) pair, for every ordering
    table = {}
    for order in orders:
        for i in range(4):
            for j in range(3):
                h = list(hand)
                h.pop(i)
                h.pop(j)
                table[order, i, j] = _with_redraw(h, order[:3], order[3:], bag, agree)
    best_by_first = {}
    best_policy = Fraction(-1)
    for first_policy in product(range(4), repeat=len(first_obs)):
        for second_policy in product(range(3), repeat=len(second_obs)):
            branch = {obs: Fraction(0) for obs in first_obs}
            for order in orders:
                i = first_policy[first_obs.index(order[:1])]
                branch[order[:1]] += table[order, i, second_policy[second_obs.index(order[:2])]]
            best_policy = max(best_policy, sum(branch.values()) / len(orders))
            for obs_i, obs in enumerate(first_obs):
                key = (obs, first_policy[obs_i])
                n = sum(1 for o in orders if o[:1] == obs)
                best_by_first[key] = max(best_by_first.get(key, Fraction(-1)), branch[obs] / n)
    p_first = {obs: Fraction(bag[obs[0]], 5) for obs in first_obs}
    assert best_policy == sum(
        p_first[obs] * advise_discard(hand, obs, bag=bag, waves=waves, redraw_agree=agree).value
        for obs in first_obs
    )
    for obs in first_obs:
        advice = advise_discard(hand, obs, bag=bag, waves=waves, redraw_agree=agree)
        for i, option in enumerate(advice.options):
            assert option.value == best_by_first[(obs, i)], (obs, i)
        assert advice.value == max(best_by_first[(obs, i)] for i in range(4))


@pytest.mark.parametrize("agree", [Fraction(0), Fraction(1)])
def test_hc_r2_hc_r3_best_discard_matches_ordered_search_over_three_waves(agree):
    """Three discards (HC-R2, HC-R3) on a 3-colour bag: counts-only expectimax equals the ordered search."""
    bag = {"red": 3, "blue": 2, "green": 2}
    waves = (2, 1, 1, 1)
    decide_at = set(list(accumulate(waves))[:-1])
    hand = [("last:red", 2), ("never:green", 3), ("all:blue", 4), ("last:green & never:blue", 0), ("never:red", 6)]
    for shown in _sequences(bag, 2)[:6]:
        advice = advise_discard(hand, shown, bag=bag, waves=waves, redraw_agree=agree)
        for i, option in enumerate(advice.options):
            rest = hand[:i] + hand[i + 1 :]
            # the next waves come one token at a time, with a discard at each boundary
            brute = _draw_tree(rest, tuple(shown), bag, waves, agree, decide_at)
            assert option.value == brute, (shown, i)
        assert advice.discard == hand[[o.value for o in advice.options].index(advice.value)]
        assert min(o.cost for o in advice.options) == 0


def test_hc_r3_last_discard_on_the_default_bag():
    """After wave 3 with two gray cards: keep the colour most left in the bag."""
    shown = ("red",) * 5 + ("blue",) * 2 + ("green", "yellow")
    hand = [("last:red", 3), ("last:blue", 3), ("last:purple", 3)]
    advice = advise_discard(hand, shown)
    # left: 1 red, 3 blue, 3 green, 2 yellow, 2 purple; the worst gray card to keep is red
    assert advice.discard == ("last:red", 3)
    assert advice.options[0].cost == 0
    assert advice.options[1].cost > 0 and advice.options[2].cost > 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"shown": ("red",) * 5}, "shown must hold 4, 7 or 9 tokens, got 5"),
        ({"shown": ("red",) * 4, "hand": [("last:red", 1)] * 3}, "need at least 4 cards"),
        ({"shown": ("pink",) * 4}, "unknown token colour 'pink'"),
        ({"shown": ("purple",) * 4}, "hold 4 purple but the bag has only 2"),
        ({"shown": ("red",) * 4, "redraw_agree": 1.5}, "redraw_agree is a chance"),
        ({"shown": ("red",) * 4, "hand": [("last:red", -1)] * 5}, "non-negative"),
        ({"shown": ("red",) * 4, "hand": ["last:red"] * 5}, "a card needs points"),
        ({"shown": ("red",) * 4, "waves": (4, 0)}, "waves are whole numbers"),
    ],
)
def test_advise_discard_bad_input(kwargs, message):
    kwargs.setdefault("hand", [("last:red", 1)] * 5)
    hand = kwargs.pop("hand")
    shown = kwargs.pop("shown")
    with pytest.raises(ValueError, match=message):
        advise_discard(hand, shown, **kwargs)


def test_redraw_helpers_bad_input():
    with pytest.raises(ValueError, match="needs all 10 tokens"):
        should_redraw([("last:red", 1)], ("red",) * 9)
    with pytest.raises(ValueError, match="a hand is a non-empty list"):
        expected_points([])


# --- from a game state ----------------------------------------------------------------------------


def _after_wave_1(variant=None, leader=0, tokens=("red", "blue", "yellow", "green")):
    from pokelab.herecomes import Draw, apply, scenario

    hand = ("G01", "G17", "P01", "O09", "L01")
    s = scenario(2, hands={0: list(hand)}, trainers=False, variant=variant, leader=leader)
    for colour in tokens:
        s = apply(s, Draw(colour))
    return s


def test_hc_r2_best_discard_reads_the_state_and_the_players_view_alike():
    from pokelab.herecomes import TARGETS, observe

    s = _after_wave_1()
    advice = best_discard(s, 0)
    hand = [TARGETS[c] for c in s.hands[0]]
    assert advice == advise_discard(hand, s.tokens)
    assert best_discard(observe(s, 0)) == advice
    assert {o.card.id for o in advice.options} == set(s.hands[0])
    assert advice.discard.id in s.hands[0]
    assert "Discard" in advice.describe() and "弃掉" in advice.describe("zh")
    assert list(advice.to_frame("zh").columns) == ["弃掉", "期望分", "分值", "代价"]


def test_hc_g1_legend_value_changes_the_advice():
    """HC-G1: a legend win is valued at legend_value; at 0 the legend card is a dead weight."""
    from pokelab.herecomes import TARGETS

    assert str(TARGETS["L01"].condition) == "AllOf(LastIs('red'), NeverDrawn('yellow'), AllDrawn('purple'))"
    s = _after_wave_1(tokens=("red", "blue", "green", "blue"))  # L01 can still be achieved
    low = best_discard(s, 0, legend_value=0)
    assert low.discard.id == "L01"
    high = best_discard(s, 0, legend_value=1000)
    assert high.discard.id != "L01"


def test_hc_r4_leader_variant_gives_non_leaders_no_redraw():
    from pokelab.herecomes import TARGETS, Variant

    s = _after_wave_1(Variant(redraw="leader"), leader=1)
    hand = [TARGETS[c] for c in s.hands[0]]
    assert best_discard(s, 0) == advise_discard(hand, s.tokens, redraw_agree=0)
    s = _after_wave_1(Variant(redraw="leader"), leader=0)
    assert best_discard(s, 0) == advise_discard(hand, s.tokens, redraw_agree=1)


def test_best_discard_bad_input():
    from pokelab.herecomes import observe, scenario

    with pytest.raises(ValueError, match="phase 'discard'"):
        best_discard(scenario(2, trainers=False), 0)
    with pytest.raises(ValueError, match="there is no seat 5"):
        best_discard(_after_wave_1(), 5)
    with pytest.raises(ValueError, match="teacher"):
        best_discard(observe(_after_wave_1(), None))


def test_hc_r4_redraw_vote_on_an_engine_state_and_view():
    """HC-R4: after wave 4 the player votes by expected value (should_redraw on the kept cards)."""
    from pokelab.herecomes import TARGETS, Discard, Draw, apply, observe, scenario

    def play(last):
        s = scenario(1, hands={0: ["G01", "G05", "P01", "O09", "L01"]}, trainers=False)
        waves = [("blue", "green", "blue", "green"), ("blue", "green", "yellow"), ("yellow", "green"), (last,)]
        for wave, colours in enumerate(waves):
            for colour in colours:
                s = apply(s, Draw(colour))
            if wave < 3:
                s = apply(s, Discard(0, ["L01", "O09", "P01"][wave]))
        return s

    for last, expect in (("blue", False), ("purple", True), ("red", False)):
        s = play(last)
        hand = [TARGETS[c] for c in s.hands[0]]
        assert redraw_vote(s, 0) is expect is should_redraw(hand, s.tokens)
        assert redraw_vote(observe(s, 0)) is expect
    with pytest.raises(ValueError, match="phase 'vote'"):
        redraw_vote(scenario(1, trainers=False), 0)
