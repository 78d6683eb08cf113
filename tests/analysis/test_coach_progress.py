"""The coach's no-progress rule (issue 30): after own turns that changed nothing lasting, only a move that progresses."""

from __future__ import annotations

import random

from pokelab.analysis import suggest
from pokelab.analysis.progress import STUCK_TURNS, headway_moves, holding, shortfall, stuck_turns
from pokelab.analysis.reason_checks import turn_ends
from pokelab.bots import make_bot
from pokelab.bots.splendor_greedy import greedy_action
from pokelab.sim import play
from pokelab.splendor import (
    ReturnTokens,
    TakeDifferent,
    apply,
    legal_actions,
    new_game,
    observe,
    scenario,
)


def _ten_token_position():
    """A main-phase position whose mover holds 10 tokens and has a progressing move, from a greedy game."""
    for seed in range(30):
        for s in play("splendor", ["greedy", "greedy"], seed=seed).states():
            if not s.over and s.phase == "main" and sum(s.players[s.current_player].tok) == 10:
                return s
    raise AssertionError("no 10-token position found")


def _idle_turn(state, history):
    """The mover takes three tokens and gives three others back (10 tokens before and after); the rival plays greedy."""
    me = state.current_player
    take = next(a for a in legal_actions(state) if type(a) is TakeDifferent and len(a.colours) == 3)
    history.append(state)
    state = apply(state, take)
    back = [r for r in legal_actions(state) if isinstance(r, ReturnTokens) and r.counts != take.delta]
    history.append(state)
    state = apply(state, (back or legal_actions(state))[0])
    rng = random.Random(0)
    while not state.over and state.current_player != me:
        history.append(state)
        state = apply(state, greedy_action(state, legal_actions(state), rng))
    return state


def _progresses(start, end, me):
    rose = any(b > a for a, b in zip(holding(start, me), holding(end, me), strict=True))
    return rose or shortfall(end, me) < shortfall(start, me)


def test_turns_of_taking_and_giving_back_tokens_count_as_stuck_and_then_the_coach_turn_progresses():
    state = _ten_token_position()
    me = state.current_player
    history = []
    for turns in range(STUCK_TURNS):
        assert stuck_turns(state, history) == turns
        state = _idle_turn(state, history)
    assert sum(state.players[me].tok) == 10
    assert stuck_turns(state, history) == STUCK_TURNS
    legal = legal_actions(state)
    kept = headway_moves(state, legal, history)
    assert kept and all(any(_progresses(state, e, me) for e in turn_ends(state, a)) for a in kept)
    # the coach's whole turn (its main move, then its forced return if any) ends with progress
    start, now, seen = state, state, list(history)
    while not now.over and now.current_player == me:
        tips = suggest(now, k=3, level="easy", playouts=8, seen=seen)
        if now is start:
            assert all(t.action in kept for t in tips)
        else:  # the forced return keeps the progress the take made
            assert all(any(_progresses(start, e, me) for e in turn_ends(now, t.action)) for t in tips)
        seen.append(now)
        now = apply(now, tips[0].action)
    assert _progresses(start, now, me)
    # without the history the same position is not stuck: every legal move may be suggested
    assert headway_moves(state, legal, []) == legal


def test_a_coach_playing_its_own_suggestions_never_idles_while_it_could_progress():
    """Seeded coach games against kit bots: no stalled game, and never more than STUCK_TURNS idle own turns
    in a row while a progressing move was legal."""
    for seed, opponent in ((0, "mcts-easy"), (2, "random")):
        state, seen = new_game(2, seed=seed), []
        bot, rng = make_bot("splendor", opponent), random.Random(seed)
        while not state.over:
            legal = legal_actions(state)
            if state.current_player == 0 and len(legal) > 1:
                action = suggest(state, k=1, level="easy", playouts=6, seed=len(seen), seen=seen)[0].action
                if stuck_turns(state, seen) >= STUCK_TURNS and state.phase == "main":
                    could = headway_moves(state, legal, seen)
                    if could != legal:
                        assert action in could
            else:
                action = legal[0] if len(legal) == 1 else bot.choose(observe(state, state.current_player),
                                                                      legal, rng)
            seen.append(state)
            state = apply(state, action)
        assert state.over == 1, f"seed {seed} against {opponent} stalled at round {state.round}"


def test_with_nothing_lasting_possible_the_coach_holds_its_ground_instead_of_giving_back_tokens():
    """Seed 45 of the stall count: every card in view is rare or legendary, the mover has no Master Ball
    and cannot get one (no normal card to reserve), so no move progresses. The coach then keeps the
    three red, three blue and two yellow tokens Heracross needs instead of cycling them away
    (``suggest`` draws its candidates from ``headway_moves``, as the test above shows)."""
    display = ["Mewtwo", "Articuno", "Moltres", "Heracross"]
    mine = {"red": 3, "blue": 3, "green": 1, "yellow": 2, "black": 1}
    starts = [scenario(display=display, tokens={0: mine, 1: {"master": 1}}, round=r) for r in (1, 2, 3)]
    state, seen = starts[-1], starts[:-1]
    assert stuck_turns(state, seen) == STUCK_TURNS and shortfall(state, 0) == 1
    legal = legal_actions(state)
    assert not any(_progresses(state, e, 0) for a in legal for e in turn_ends(state, a))
    assert headway_moves(state, legal, seen) == legal  # every take can be given back as it came
    after_take = apply(state, TakeDifferent(("red", "blue", "yellow")))
    returns = legal_actions(after_take)
    kept = headway_moves(after_take, returns, [*seen, state])
    assert kept and len(kept) < len(returns)  # giving back red, blue or yellow loses ground
    assert all(shortfall(apply(after_take, r), 0) == 1 for r in kept)
