"""The Splendor coach: legal suggestions, ranked by win chance, with reasons read off what the move changes."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokelab.analysis import Suggestion, suggest
from pokelab.analysis.coach_reasons import reason
from pokelab.analysis.splendor_win import WinEstimate, calibrated
from pokelab.errors import ExplainedError
from pokelab.sim import play
from pokelab.splendor import (
    CARDS,
    Catch,
    EndTurn,
    Evolve,
    Reserve,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
    apply,
    legal_actions,
    new_game,
    scenario,
)
from pokelab.splendor.names import pokemon_name


def winning_catch_position():
    """Seat 0 (16 points) can catch Charizard (3) and win; if not, seat 1 (17) catches Ponyta and wins."""
    return scenario(
        captured={0: ["Articuno", "Zapdos", "Magmar"], 1: ["Moltres", "Mewtwo", "Lapras", "Staryu"]},
        tokens={0: {"red": 1, "blue": 3, "green": 3}, 1: {"black": 4}},
        display=["Charizard", "Ponyta", "Typhlosion", "Blaziken"],
        seed=5,
    )


def _positions_by_phase():
    """One position of each turn phase (main, after_main, return) from real games."""
    found = {}
    for seed in range(40):
        for s in play("splendor", ["greedy", "random"], seed=seed).states():
            if not s.is_over and len(legal_actions(s)) > 1:
                found.setdefault(s.phase, s)
        if len(found) == 3:
            return found
    return found


def test_the_top_suggestion_takes_the_winning_catch():
    state = winning_catch_position()
    tips = suggest(state, k=3, level="hard", playouts=40)
    assert tips[0].action == Catch(3)
    assert tips[0].estimate.rate > 0.8 and tips[-1].estimate.rate < 0.2
    assert "Charizard" in tips[0].reason('en') and "喷火龙" in tips[0].reason('zh')
    assert "+3" in tips[0].reason('en') and "19" in tips[0].reason('en') and "最后一轮" in tips[0].reason('zh')


@pytest.mark.parametrize("phase", ["main", "after_main", "return"])
def test_suggestions_are_legal_moves_of_the_player_to_move(phase):
    state = _positions_by_phase()[phase]
    tips = suggest(state, k=3, level="easy", playouts=12)
    legal = legal_actions(state)
    assert 1 <= len(tips) <= min(3, len(legal))
    assert all(isinstance(t, Suggestion) and t.action in legal for t in tips)
    assert len({str(t.action) for t in tips}) == len(tips)
    assert [t.estimate.rate for t in tips] == sorted((t.estimate.rate for t in tips), reverse=True)
    assert all(t.reason('en') and t.reason('zh') and t.reason('en') != t.reason('zh') for t in tips)


def test_suggestions_ignore_the_hidden_deck_order_and_repeat_for_a_seed():
    state = [s for s in play("splendor", ["greedy", "greedy"], seed=3).states()][20]
    tips = suggest(state, k=2, level="medium", playouts=30, seed=4)
    deck = list(state.deck)
    random.Random(1).shuffle(deck)
    assert suggest(replace(state, deck=tuple(deck)), k=2, level="medium", playouts=30, seed=4) == tips
    assert suggest(state, k=2, level="medium", playouts=30, seed=4) == tips


def test_the_levels_scale_the_playouts():
    from pokelab.analysis.coach import COACH_LEVELS

    state = winning_catch_position()  # playouts end within a round: cheap at any level
    finals = [suggest(state, k=1, level=lvl)[0].estimate.playouts for lvl in ("easy", "medium", "hard")]
    assert finals == [COACH_LEVELS[lvl]["final"] for lvl in ("easy", "medium", "hard")]
    assert finals[0] < finals[1]
    # hard spends its time on the deeper search that chooses; its playouts only measure the chances shown
    assert [COACH_LEVELS[lvl]["search"] for lvl in ("easy", "medium", "hard")] == [0, 0, COACH_LEVELS["hard"]["search"]]
    assert COACH_LEVELS["hard"]["search"] > 0


def both(state, action):
    """The reason for ``action`` in English and Chinese."""
    why = reason(state, action)
    return why.render("en"), why.render("zh")


def test_a_take_names_the_colours_and_the_card_that_needs_them():
    state = scenario(display=["Charmander", "Squirtle", "Bulbasaur", "Pichu"])
    charmander = CARDS[1]  # costs blue, green, yellow
    en, zh = both(state, TakeDifferent(("blue", "green", "yellow")))
    assert "blue" in en and "green" in en and "yellow" in en
    assert charmander.name_en in en and pokemon_name(charmander.name_en).render("zh") in zh
    assert "蓝色" in zh and "捕捉" in zh  # then catchable next turn
    other_en, _ = both(state, TakeSame("red"))
    assert other_en != en and "2 red" in other_en


def test_a_reserve_names_the_master_ball_and_the_rival_who_could_catch_it():
    state = scenario(display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"],
                     tokens={1: {"red": 2, "blue": 3, "green": 3}})
    en, zh = both(state, Reserve(3))
    assert "Master Ball" in en and "万能大师球" in zh and "锁定" in zh
    assert state.players[1].name in en and "Charizard" in en
    no_rival_en, _ = both(state, Reserve(18))
    assert state.players[1].name not in no_rival_en


def test_a_reserve_without_master_balls_left_does_not_promise_one():
    state = scenario(tokens={1: {"master": 5}}, display=["Charizard", "Squirtle", "Bulbasaur", "Pichu"])
    en, zh = both(state, Reserve(18))
    assert "Master Ball" not in en and "万能大师球" not in zh


def test_catch_and_evolve_reasons_name_points_discounts_and_evolutions():
    state = scenario(captured={0: ["Charmander"]}, display=["Charmeleon", "Squirtle", "Bulbasaur", "Pichu"],
                     tokens={0: {"blue": 2, "green": 2}})
    en, zh = both(state, Catch(2))
    assert "+1 pt" in en and "red discount" in en and "红色折扣" in zh and "捕捉" in zh
    en, zh = both(state, Evolve(1, 2))
    assert "Charmander" in en and "Charmeleon" in en and "进化" in zh and "+1" in en


def test_return_and_end_turn_reasons_follow_the_position():
    state = _positions_by_phase()["return"]
    a = next(x for x in legal_actions(state) if type(x) is ReturnTokens)
    en, zh = both(state, a)
    assert en.startswith("returns") and zh.startswith("归还")
    after = _positions_by_phase()["after_main"]
    en, zh = both(after, EndTurn())
    assert en.startswith("ends the turn") and zh.startswith("结束回合")


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"level": "expert"}, "level must be 'easy', 'medium' or 'hard'"),
        ({"k": 0}, "k must be a whole number from 1 to 20"),
        ({"k": 21}, "k must be a whole number from 1 to 20"),
        ({"playouts": 0}, "playouts must be a whole number"),
        ({"playouts": 10**7}, "playouts must be a whole number"),
        ({"seed": 1.5}, "a seed is a whole number"),
    ],
)
def test_bad_input_is_a_bilingual_value_error(kwargs, words):
    with pytest.raises(ExplainedError, match=words) as err:
        suggest(new_game(2, seed=1), **kwargs)
    assert "必须" in err.value.message("zh")


def test_a_finished_game_or_a_non_state_is_refused():
    state = new_game(2, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
    with pytest.raises(ValueError, match="the game is over"):
        suggest(state)
    with pytest.raises(ValueError, match="expected a Splendor State"):
        suggest({"game": "splendor"})


def test_the_hard_top_move_beats_a_random_legal_move_cheaply():
    """A cheap version of benchmarks/bench_coach.py: from a few positions, the coach's move wins more often."""
    from pokelab.analysis.playouts import known_position, run_playouts

    coach = chance = 0.0
    for seed in (1, 2, 3):
        state = [s for s in play("splendor", ["greedy", "greedy"], seed=seed).states()][12]
        me = state.current_player
        top = suggest(state, k=1, level="medium", playouts=30, seed=seed)[0].action
        other = random.Random(seed).choice(legal_actions(state))
        base, unseen = known_position(state, me)
        rows = run_playouts(base, unseen, [top, other], 40, seed + 100, ("greedy", "greedy"))
        coach += float(rows[0][me])
        chance += float(rows[1][me])
    assert coach > chance


def test_the_hard_level_chooses_a_main_move_by_the_deeper_search_and_shows_the_playouts_chance():
    from pokelab.analysis.coach import COACH_LEVELS, SEARCH_WIDTH, searched

    state = [s for s in play("splendor", ["greedy", "mcts-medium"], seed=7).states()][16]
    assert state.phase == "main"
    tips = suggest(state, k=3, level="hard", playouts=24, seed=5)
    hard = COACH_LEVELS["hard"]
    order = searched(state, legal_actions(state), hard["search"], seed=5, width=SEARCH_WIDTH, rollout=hard["rollout"])
    assert [t.action for t in tips] == order[:3]
    assert all(t.estimate.playouts == 24 for t in tips)
    medium = suggest(state, k=3, level="medium", playouts=24, seed=5)
    assert [t.estimate.rate for t in medium] == sorted((t.estimate.rate for t in medium), reverse=True)


def test_the_hard_level_ranks_a_return_by_playouts():
    state = _positions_by_phase()["return"]
    tips = suggest(state, k=3, level="hard", playouts=12)
    assert [t.estimate.rate for t in tips] == sorted((t.estimate.rate for t in tips), reverse=True)


def _ten_token_position():
    """A main-phase position whose mover holds 10 tokens (every take forces a return), from a greedy game."""
    for seed in range(20):
        for s in play("splendor", ["greedy", "greedy"], seed=seed).states():
            if not s.over and s.phase == "main" and sum(s.players[s.current_player].tok) == 10:
                return s
    raise AssertionError("no 10-token position found")


def test_a_take_and_return_of_the_same_tokens_is_not_suggested_once_its_position_was_seen():
    from pokelab.analysis.coach import _position_key
    from pokelab.analysis.reason_checks import turn_ends

    state = _ten_token_position()
    me = state.current_player
    take = next(a for a in legal_actions(state) if type(a) is TakeDifferent)
    returning = apply(state, take)
    assert returning.phase == "return"
    undo = ReturnTokens(take.colours)  # give back exactly what was taken
    assert undo in legal_actions(returning)
    back = apply(returning, undo)
    assert back.players[me].tok == state.players[me].tok  # no progress: the same position, a turn later
    tips = suggest(returning, k=3, level="easy", playouts=8, seen=[state, back])
    assert undo not in [t.action for t in tips]
    for tip in tips:
        assert any(_position_key(e) != _position_key(back) for e in turn_ends(returning, tip.action))


def test_a_move_that_can_only_repeat_seen_positions_gives_way_to_a_progressing_one():
    from pokelab.analysis.coach import _position_key
    from pokelab.analysis.reason_checks import turn_ends

    state = _ten_token_position()
    top = suggest(state, k=1, level="easy", playouts=8)[0].action
    seen = turn_ends(state, top)
    again = suggest(state, k=1, level="easy", playouts=8, seen=seen)[0].action
    assert again != top
    keys = {_position_key(s) for s in seen}
    assert not all(_position_key(e) in keys for e in turn_ends(state, again))
    # when nothing else is left, the only move is still suggested (never an empty answer)
    only = [a for a in legal_actions(state) if a == top]
    from pokelab.analysis.coach import progressing
    assert progressing(state, only, seen) == only


def test_the_coach_plays_out_with_the_seated_bots_when_told():
    state = [s for s in play("splendor", ["greedy", "greedy"], seed=3).states()][6]
    default = suggest(state, k=2, level="easy", playouts=12, seed=1)
    told = suggest(state, k=2, level="easy", playouts=12, seed=1, bots="greedy")
    # the same playouts (greedy everywhere); named seated bots get the fitted correction (win_calibration)
    assert [(t.action, t.estimate.wins, t.estimate.playouts) for t in told] == [
        (t.action, t.estimate.wins, t.estimate.playouts) for t in default]
    assert [t.estimate for t in told] == [
        calibrated(WinEstimate.from_wins(t.estimate.wins, t.estimate.playouts), 2, bots=("greedy", "greedy"),
                   seat=state.current_player) for t in default]
    seated = suggest(state, k=2, level="easy", playouts=12, seed=1, bots=("greedy", "mcts-hard"))
    assert [t.estimate for t in seated] != [t.estimate for t in default]
    with pytest.raises(ExplainedError, match="bots must be one of"):
        suggest(state, bots="chess")
