"""Random front-end messages never break a board (issue 14).

Hypothesis sends JSON-like junk, the known message types with wrong fields,
huge numbers, deep nesting and text intents. Every message is answered with a
reply; a refusal is the board's documented one (``ok: False`` with an English
and a Chinese reason, never the catch-all "could not handle that") and leaves
the game exactly as it was.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokelab.herecomes import scenario
from tests.widgets.conftest import deliver
from widgets import HereComesBoard, SplendorBoard

TYPES = ["intent", "undo", "new_game", "step", "retry", "set_lang", "explode", "", None]
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=30)
    | st.sampled_from(["draw", "G13", "red", "master", "Discard(0, G13)", "TakeSame(red)"])
)
json_like = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)
kinds = st.sampled_from(
    ["draw", "discard", "vote", "keep", "trainer", "take", "catch", "reserve", "evolve",
     "return", "pass", "end_turn", "text", "fly"]
)
keys = st.sampled_from(
    ["kind", "card", "agree", "power", "target", "colours", "payment", "base", "into",
     "tokens", "text"]
)
actions = (
    json_like
    | st.text(max_size=60)
    | st.dictionaries(keys, json_like, max_size=4).flatmap(
        lambda d: kinds.map(lambda k: {**d, "kind": k})
    )
)
messages = (
    json_like
    | st.fixed_dictionaries(
        {"type": st.sampled_from(TYPES)},
        optional={
            "action": actions,
            "seed": json_like,
            "revision": json_like,
            "lang": json_like,
            "id": json_like,
        },
    )
)


def deeply_nested(depth: int) -> Any:
    value: Any = "G13"
    for _ in range(depth):
        value = {"kind": "discard", "card": value}
    return value


def snapshot(board: Any) -> tuple[Any, ...]:
    return (board.state, [dict(e) for e in board.log], board.seed, board.lang, board.can_undo)


def check(board: Any, message: Any) -> None:
    before = snapshot(board)
    reply = deliver(board, message)
    assert reply["type"] == "reply" and isinstance(reply["ok"], bool)
    if not reply["ok"]:
        error = reply["error"]
        assert error["text"]
        assert "could not handle" not in error["text"], (message, error)
        assert snapshot(board) == before, message
    assert board.view["revision"] == board.revision


def hc_board() -> HereComesBoard:
    state = scenario(["You", "Bot 1", "Bot 2"], trainers=True, leader=0, seed=11)
    return HereComesBoard.from_state(state, bots={1: "random", 2: "random"}, lang="en", seed=11)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(batch=st.lists(messages, min_size=1, max_size=4))
def test_random_messages_to_the_here_comes_board(batch: list[Any]) -> None:
    board = hc_board()
    deliver(board, {"type": "intent", "action": {"kind": "draw"}})  # a discard step: more to refuse
    for message in batch:
        check(board, message)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(batch=st.lists(messages, min_size=1, max_size=4))
def test_random_messages_to_the_splendor_board(batch: list[Any]) -> None:
    board = SplendorBoard(["Ash", "Misty"], bots={1: "random"}, lang="en", seed=5)
    for message in batch:
        check(board, message)


def test_deep_nesting_and_huge_numbers_are_refused_plainly() -> None:
    for board in (hc_board(), SplendorBoard(["Ash", "Misty"], bots={1: "random"}, seed=5)):
        for message in (
            {"type": "intent", "action": deeply_nested(2000)},
            {"type": "new_game", "seed": 10**400},
            {"type": "step", "revision": -(10**400)},
            {"type": "intent", "action": {"kind": "trainer", "power": "peek", "target": 10**400}},
            {"type": "intent", "action": {"kind": "catch", "card": 10**400}},
            {"type": "intent", "action": {"kind": "return", "tokens": {"red": 10**400}}},
            {"type": "intent", "action": "Discard(" + "9" * 5000 + ", G13)"},
            {"type": "set_lang", "lang": ["zh"] * 10_000},
        ):
            check(board, message)
