"""The card panel's "You pay" is what the catch takes (issue 42, item 1).

The board's view model gives each card the viewer may catch a ``payment``: the engine's own
payment rule (``cheapest_payment``, which ``apply`` pays by), never one worked out in a view.
Over random reachable positions, every legal catch's preview equals the tokens and Master
Balls ``apply`` takes from the player.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokelab import splendor as sp
from tests.widgets.conftest import deliver
from widgets import SplendorBoard
from widgets.splendor.view import board_view

PARAS = 46  # 1 red, 2 black
CYNDAQUIL = 4  # a red discount


def taken(before: sp.State, after: sp.State, seat: int) -> dict[str, int]:
    """The tokens (Master Balls included) ``seat`` lost between two states, no zeros."""
    old, new = before.players[seat].tokens, after.players[seat].tokens
    return {colour: old[colour] - new[colour] for colour in old if old[colour] != new[colour]}


def previews(view: dict[str, Any]) -> dict[int, dict[str, int] | None]:
    """What the card panel says a catch costs, for each card it offers (display and own reserve)."""
    me = view["players"][view["viewer"]]
    return {card["id"]: card["payment"] for card in [*view["display"], *me["reserved"]]}


def test_a_reserved_paras_paid_with_black_and_a_master_ball_is_previewed_so() -> None:
    # The position: Paras costs 2 black after a red discount; the player holds 1 black and 1 Master Ball.
    state = sp.scenario(
        ["Ash", "Misty"], reserved={0: [PARAS]}, captured={0: [CYNDAQUIL]}, tokens={0: {"black": 1, "master": 1}}
    )
    assert state.players[0].tokens["black"] == 1 and state.players[0].tokens["master"] == 1
    board = SplendorBoard.from_state(state, bots={})
    (paras,) = board.view["players"][0]["reserved"]
    assert paras["can_catch"] is True and paras["effective_cost"]["black"] == 2  # what the panel used to show
    assert paras["payment"] == {"black": 1, "master": 1}
    reply = deliver(board, {"type": "intent", "action": {"kind": "catch", "card": PARAS}})
    assert reply["ok"] is True
    assert taken(state, board.state, 0) == paras["payment"]


def test_a_card_the_viewer_cannot_pay_for_has_no_payment() -> None:
    state = sp.scenario(["Ash", "Misty"], reserved={0: [PARAS]})
    board = SplendorBoard.from_state(state, bots={})
    (paras,) = board.view["players"][0]["reserved"]
    assert paras["can_catch"] is False and paras["payment"] is None
    # Another seat's reserve is public, but its payment is that seat's business: none is shown.
    other = sp.observe(state, 1)["players"][0]["reserved"][0]
    assert "payment" not in other


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    catch_bias=st.floats(0.0, 0.9),
)
def test_every_legal_catch_previews_exactly_what_apply_takes(seed: int, players: int, catch_bias: float) -> None:
    """Along a random game, at every position: each legal catch's preview == what ``apply`` takes."""
    rng = random.Random(seed)
    state = sp.new_game(players, seed=seed)
    for _step in range(300):
        if state.is_over:
            break
        legal = sp.legal_actions(state)
        seat = state.current_player
        shown = previews(board_view(sp.observe(state, seat, legal=legal), legal, "en"))
        catches = [a for a in legal if isinstance(a, sp.Catch)]
        for action in catches:
            assert shown[action.card] == taken(state, sp.apply(state, action), seat), (action, state)
        # Reserving gives Master Balls, so catches paid partly by them come up; catching moves the game on.
        if catches and rng.random() < catch_bias:
            state = sp.apply(state, rng.choice(catches))
        else:
            state = sp.apply(state, rng.choice(legal))
