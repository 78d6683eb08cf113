"""Here Comes Pokémon! bots: the heuristic keeps likely cards, the expected-points bot follows pokelab.odds."""

from __future__ import annotations

import random

import pytest

from pokelab.bots.herecomes_bots import ExpectedPointsBot, HeuristicBot
from pokelab.herecomes import (
    TARGETS,
    Discard,
    Draw,
    Keep,
    VoteRedraw,
    apply,
    legal_actions,
    observe,
    scenario,
)
from pokelab.odds import best_discard, probability, should_redraw
from pokelab.sim import play, simulate

HAND = ["G01", "G17", "P01", "O09", "L01"]


def _after_wave_one(colours=("red", "blue", "purple", "green")):
    s = scenario(2, hands={0: HAND}, trainers=False)
    for colour in colours:
        s = apply(s, Draw(colour))
    return s


def test_hc_r2_heuristic_discards_its_least_likely_card():
    s = _after_wave_one()
    view = observe(s, 0)
    action = HeuristicBot().choose(view, legal_actions(s, 0), random.Random(0))
    assert isinstance(action, Discard)
    shown = tuple(s.tokens)
    chance = {c: probability(TARGETS[c].condition, bag=s.setup.bag, shown=shown) for c in HAND}
    assert chance[action.card] == min(chance.values())


def test_hc_r2_expected_points_bot_discards_what_best_discard_advises():
    s = _after_wave_one()
    action = ExpectedPointsBot().choose(observe(s, 0), legal_actions(s, 0), random.Random(0))
    assert action == Discard(0, best_discard(s, 0).discard.id)


def _to_vote(seed):
    """Play a round with heuristic discards up to the redraw vote."""
    rng = random.Random(seed)
    s = scenario(2, trainers=False)
    bot = HeuristicBot()
    while s.phase != "vote":
        if s.is_chance:
            from pokelab.herecomes import sample

            s = apply(s, sample(s, rng))
        else:
            for p in s.to_move:
                s = apply(s, bot.choose(observe(s, p), legal_actions(s, p), rng))
    return s


@pytest.mark.parametrize("seed", range(4))
def test_hc_r4_expected_points_bot_votes_with_the_expected_value_of_a_redraw(seed):
    s = _to_vote(seed)
    for p in s.to_move:
        view = observe(s, p)
        vote = ExpectedPointsBot().choose(view, legal_actions(s, p), random.Random(0))
        hand = [TARGETS[c] for c in s.hands[p]]
        assert isinstance(vote, VoteRedraw)
        assert vote.agree == should_redraw(hand, s.tokens, s.setup.bag)


@pytest.mark.parametrize("seed", range(4))
def test_hc_r4_heuristic_votes_for_a_redraw_only_when_nothing_holds(seed):
    s = _to_vote(seed)
    for p in s.to_move:
        vote = HeuristicBot().choose(observe(s, p), legal_actions(s, p), random.Random(0))
        holds = any(TARGETS[c].condition.holds(s.tokens, s.setup.bag) for c in s.hands[p])
        assert vote.agree == (not holds)


def test_hc_r6_both_bots_keep_the_better_card():
    legal = [Keep(0, "G01"), Keep(0, "O09")]
    best = max(legal, key=lambda a: TARGETS[a.card].points)
    for bot in (HeuristicBot(), ExpectedPointsBot()):
        assert bot.choose({"composition": {}, "tokens": []}, legal, random.Random(0)) == best


def test_bots_play_whole_games_with_trainers_and_the_ladder_holds():
    record = play("herecomes", ["expected-points", "heuristic", "random"], seed=2)
    assert record.replay() == record.final_state
    df = simulate("herecomes", ["random", "expected-points"], games=6, seed=1, progress=False)
    assert sum(w == "expected-points" for w in df["winners"]) >= 5


def test_empty_legal_list_is_refused():
    with pytest.raises(ValueError, match="ExpectedPointsBot was given no legal action"):
        ExpectedPointsBot().choose({}, [], random.Random(0))


def _vote_on_a_returned_green(trainers=False):
    """Seat 0 keeps P15 (never green, 5) and G09 (last green, 1); no green among nine, the last is green."""
    from pokelab.herecomes import Discard

    s = scenario(2, hands={0: ["P15", "G09", "G01", "G05", "G13"], 1: ["G14", "G15", "G16", "O02", "P10"]},
                 trainers=trainers)
    tokens = iter(("red", "red", "blue", "yellow", "red", "blue", "purple", "blue", "red", "green"))
    for wave in range(4):
        while s.is_chance:
            s = apply(s, Draw(next(tokens)))
        if s.phase == "discard":
            s = apply(apply(s, Discard(0, ["G01", "G05", "G13"][wave])), Discard(1, ["G15", "G16", "O02"][wave]))
    return s


def _old_rule_gain(hand, tokens, bag):
    """The redraw's gain under the rule before 2026-11-30 (the token put back forgotten by every card)."""
    pool = {c: bag[c] - tokens[:-1].count(c) for c in bag}

    def score(final):
        return max((c.points for c in hand if c.condition.holds(final, bag, final)), default=0)

    mean = sum(n * score((*tokens[:-1], c)) for c, n in pool.items()) / sum(pool.values())
    return mean - score(tokens)


def test_hc_c2_hc_r4_expected_points_bot_no_longer_votes_to_rescue_a_purple_card():
    """HC-C2: the old rule would vote yes (P15 back at 7/11); the green put back has appeared: vote no."""
    s = _vote_on_a_returned_green()
    hand = [TARGETS[c] for c in s.hands[0]]
    assert s.phase == "vote" and s.hands[0] == ("G09", "P15")
    assert _old_rule_gain(hand, s.tokens, s.setup.bag) > 0  # 39/11 - 1 under the old rule
    assert not should_redraw(hand, s.tokens, s.setup.bag)  # 4/11 - 1 now
    assert ExpectedPointsBot().choose(observe(s, 0), legal_actions(s, 0), random.Random(0)) == VoteRedraw(0, False)


def test_hc_t2_bots_see_a_token_brock_put_back():
    """HC-T2 then HC-R4: after Brock put the green back, P15 is lost; neither bot counts on it."""
    from pokelab.herecomes import UseTrainer

    s = _vote_on_a_returned_green(trainers={0: "brock"})
    s = apply(apply(s, UseTrainer(0, "redraw")), Draw("red"))
    assert s.phase == "vote" and s.returned == ("green",)
    view = observe(s, 0)
    # nothing holds (P15 broken by the green put back, G09 needs a green last): the heuristic asks again
    assert HeuristicBot().choose(view, legal_actions(s, 0), random.Random(0)) == VoteRedraw(0, True)
    # the expected-points bot: a second redraw can bring a green last (4 in 11) for G09, nothing for P15
    assert ExpectedPointsBot().choose(view, legal_actions(s, 0), random.Random(0)) == VoteRedraw(0, True)
    assert should_redraw([TARGETS["G09"], TARGETS["P15"]], s.tokens, s.setup.bag, returned=s.returned)
