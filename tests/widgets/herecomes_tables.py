"""Here Comes Pokémon! boards for the board tests: a known table, intents, and playing on to a phase.

``send`` hands a board a front-end message the way ipywidgets does (``conftest.deliver``).
"""

from __future__ import annotations

from typing import Any

from pokelab.herecomes import (
    Discard,
    Draw,
    scenario,
)
from tests.widgets.conftest import deliver as send
from widgets.herecomes.board import HereComesBoard
from widgets.herecomes.hand import advice_for

HAND = ["G01", "G13", "P01", "O01", "L01"]


def intent(board: HereComesBoard, **action: Any) -> dict[str, Any]:
    return send(board, {"type": "intent", "id": 1, "action": action})


def table(leader: int = 0, trainers: Any = False, seed: int = 3, **options: Any) -> HereComesBoard:
    """Three seats, you at seat 0 with a known hand; bots at seats 1 and 2."""
    state = scenario(
        ["You", "Bot 1", "Bot 2"], hands={0: HAND}, leader=leader, trainers=trainers, seed=seed
    )
    options.setdefault("lang", "en")
    options.setdefault("bots", {1: "expected-points", 2: "heuristic"})
    return HereComesBoard.from_state(state, seed=seed, **options)


def keep_table() -> HereComesBoard:
    """The browser fixture's round: board seed 42, you lead and hold Misty; keeping is reached."""
    state = scenario(
        ["You", "Bot 1", "Bot 2"],
        leader=0,
        trainers={0: "misty", 1: "sabrina", 2: "erika"},
        seed=42,
    )
    return HereComesBoard.from_state(
        state, bots={1: "expected-points", 2: "heuristic"}, lang="en", seed=42, advisor=True
    )


def play_to(board: HereComesBoard, phase: str, *, misty: bool = False) -> None:
    """Play the advisor's discards (and Misty once) until ``phase`` or the end of round 1."""
    used = not misty
    for _ in range(30):
        s = board.state
        if (s.phase == phase and (s.is_chance or 0 in s.to_move)) or s.round > 1:
            return
        if board.view["bot_to_move"]:
            assert send(board, {"type": "step", "revision": board.revision})["ok"]
        elif s.is_chance:
            assert intent(board, kind="draw")["ok"]
        elif s.phase == "discard":
            best = advice_for(s, 0)["best"]
            if not used:
                used = True
                assert intent(board, kind="trainer", power="extra_discard", target=best)["ok"]
            else:
                assert intent(board, kind="discard", card=best)["ok"]
        elif s.phase == "vote":
            assert intent(board, kind="vote", agree=False)["ok"]
        else:
            raise AssertionError(f"unexpected phase {s.phase}")
    raise AssertionError(f"never reached {phase}")


def staged(trainer: str, colours: list[str]) -> HereComesBoard:
    """You lead and hold ``trainer``; the lesson stages the tokens; you discard your last card."""
    others = [t for t in ("misty", "brock", "sabrina", "erika") if t != trainer]
    board = table(
        trainers={0: trainer, 1: others[0], 2: others[1]}, bots={1: "heuristic", 2: "heuristic"}
    )
    tokens = iter(colours)
    while board.state.phase != "vote":
        s = board.state
        if s.is_chance:
            board.play(Draw(next(tokens)))
        else:
            board.play(Discard(0, s.hands[0][-1]))
    return board
