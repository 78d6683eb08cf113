"""The advisor's words on the Here Comes board: the reason for the best discard and the round review.

Driven through the board's message protocol (``tests.widgets.herecomes_tables.send``): the
reason shown is the coach's for your seat's view, true by the rules; after the round, the review
lists each of your discards with the exact expected points it lost; undo takes a discard out of it.
"""

from __future__ import annotations

from pokelab.analysis.herecomes_coach import coach_discard, points_text, review_discards
from pokelab.herecomes import Discard, observe
from tests.widgets.herecomes_tables import intent, send, table


def _play_round(board, discard_first: bool) -> list:
    """Play round 1 from your seat: discard your first card (or the advisor's) each wave; return the views seen."""
    whys = []
    for _ in range(40):
        s = board.state
        if s.round > 1:
            return whys
        if board.view["bot_to_move"]:
            assert send(board, {"type": "step", "revision": board.revision})["ok"]
        elif s.is_chance:
            assert intent(board, kind="draw")["ok"]
        elif s.phase == "discard" and 0 in s.to_move:
            whys.append((s, board.view["coach"]["why"]))
            card = s.hands[0][0] if discard_first else board.view["advice"]["best"]
            assert intent(board, kind="discard", card=card)["ok"]
        elif s.phase == "vote" and 0 in s.to_move:
            assert intent(board, kind="vote", agree=False)["ok"]
        elif s.phase == "keep" and 0 in s.to_move:
            assert intent(board, kind="keep", card=board.view["hc"]["keep_options"][0])["ok"]
        else:
            raise AssertionError(f"unexpected phase {s.phase}")
    raise AssertionError("round 1 never ended")


def test_hc_r2_the_advisor_says_why_in_the_boards_language_and_it_is_true() -> None:
    board = table(advisor=True)
    assert board.view["coach"] == {"why": None, "review": None}  # nothing to discard yet
    intent(board, kind="draw")
    why = board.view["coach"]["why"]
    coach = coach_discard(board.state, 0)
    assert why == coach.describe("en") and why.startswith(f"Discard {board.view['advice']['best']}")
    assert coach.false_claims() == []
    board.lang = "zh"
    assert board.view["coach"]["why"] == coach.describe("zh")
    assert board.view["coach"]["why"].startswith("弃掉「")


def test_hc_g3_the_reason_reads_your_view_only() -> None:
    """Another seat's hand changes nothing the advisor says to you."""
    board = table(advisor=True)
    intent(board, kind="draw")
    state = board.state
    mine = observe(state, 0)
    assert board.view["coach"]["why"] == coach_discard(mine).describe("en")
    other = state._replace(hands=(state.hands[0], state.hands[2], state.hands[1]))
    assert coach_discard(other, 0).describe("en") == board.view["coach"]["why"]


def test_hc_r6_after_the_round_the_review_lists_each_discard_and_its_exact_cost() -> None:
    board = table(advisor=True)
    _play_round(board, discard_first=True)
    review = board.view["coach"]["review"]
    assert review["round"] == 1
    reviewed = board.round_review(1)
    assert len(reviewed.rows) == 3 and review["lines"] == [t.render("en") for t in reviewed.lines()]
    assert review["cost"] == points_text(reviewed.cost)
    for row in reviewed.rows:
        assert row.false_claims() == []
        assert row.cost == row.coach.advice.value - row.chosen_value
    # the same review as from the moves themselves, for your seat only
    moves = [(before, action) for before, action in board._moves() if isinstance(action, Discard)]
    assert {a.player for _b, a in moves} == {0, 1, 2}
    assert review_discards(moves, 0, 1).cost == reviewed.cost
    board.lang = "zh"
    assert board.view["coach"]["review"]["title"] == "第 1 轮复盘：你的弃牌"


def test_the_advisors_own_discards_lose_nothing_and_undo_takes_a_discard_back() -> None:
    board = table(advisor=True)
    _play_round(board, discard_first=False)
    assert board.round_review(1).cost == 0
    assert board.view["coach"]["review"]["lines"][0] == "Round 1: every discard you made was a best one."
    fresh = table(advisor=True)
    intent(fresh, kind="draw")
    intent(fresh, kind="discard", card=fresh.state.hands[0][0])
    assert len(fresh.round_review().rows) == 1
    assert send(fresh, {"type": "undo", "id": 2})["ok"]
    assert fresh.round_review().rows == ()


def test_advisor_off_sends_no_words() -> None:
    board = table()
    intent(board, kind="draw")
    assert board.view["coach"] is None
    board.advisor = True
    assert board.view["coach"]["why"]
