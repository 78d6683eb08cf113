"""HC-G3 on the board: nothing the human seat receives names a card that seat may not know.

Random seeded games (trainers on, every trainer dealt, 2–4 players, bots on
the other seats) are played through the front end's messages. After every
message, the whole synced JSON the page receives (view, log, error, figure) is
checked against what the engine's own view filter has shown that seat so far:
the card ids and card names (English and Chinese) in
``observe(state, you)`` along the game. A bot's Misty extra discard (HC-T1)
must stay out of the log until the reveal.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokelab.herecomes import TARGETS, TRAINERS, UseTrainer, legal_actions, observe, scenario
from tests.widgets.conftest import in_lang
from widgets import HereComesBoard

CARD_ID = re.compile(r"\b[GPOL]\d\d\b")
#: The kinds' names (the legend kind is "梦幻/超梦") are card data, not a card's name.
KIND_NAMES = {card.to_dict()[key] for card in TARGETS.values() for key in ("kind", "kind_zh")}


def ids_in(value: Any) -> set[str]:
    """Card ids anywhere in a JSON-able value (the test's own walk, not the board's)."""
    return {m for m in CARD_ID.findall(json.dumps(value, ensure_ascii=False)) if m in TARGETS}


def leaked(text: str, known: set[str]) -> set[str]:
    """Unknown cards whose id or name appears in ``text`` (names of known cards removed first)."""
    found = {c for c in CARD_ID.findall(text) if c in TARGETS and c not in known}
    known_names = {n for c in known for n in (TARGETS[c].name_en, TARGETS[c].name('zh'))}
    for name in sorted(known_names | KIND_NAMES, key=len, reverse=True):
        text = text.replace(name, "")
    for cid, card in TARGETS.items():
        if cid in known:
            continue
        for name in (card.name_en, card.name('zh')):
            if name not in known_names and name in text:
                found.add(f"{cid}:{name}")
    return found


def received(board: HereComesBoard) -> str:
    """Everything the page of the human seat holds right now."""
    synced = {"view": board.view, "log": board.log, "error": board.error, "figure": board.figure}
    return json.dumps(synced, ensure_ascii=False)


def misty_bot_is_pending(board: HereComesBoard) -> bool:
    s = board.state
    return any(s.extra[seat] is not None for seat in board.bots)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    players=st.integers(2, 4),
    trainers=st.permutations(sorted(TRAINERS)),
    bots=st.lists(st.sampled_from(["random", "heuristic"]), min_size=3, max_size=3),
    seed=st.integers(0, 10_000),
    leader=st.integers(0, 3),
    lang=st.sampled_from(["en", "zh"]),
)
def test_hc_g3_the_human_seat_never_receives_a_card_it_may_not_know(
    players: int, trainers: list[str], bots: list[str], seed: int, leader: int, lang: str
) -> None:
    names = ["You", *(f"Bot {i}" for i in range(1, players))]
    state = scenario(
        names,
        trainers={seat: trainers[seat] for seat in range(players)},
        leader=leader % players,
        seed=seed,
    )
    board = HereComesBoard.from_state(
        state, bots={seat: bots[seat - 1] for seat in range(1, players)}, lang=lang, seed=seed
    )
    rng = random.Random(seed)
    known = ids_in(observe(board.state, 0))
    for _ in range(60):
        known |= ids_in(observe(board.state, 0))
        text = received(board)  # names in both languages, figure and labels in the board's
        assert not leaked(text, known), (leaked(text, known), board.state)
        if misty_bot_is_pending(board):  # HC-T1: a bot's extra discard is secret until the reveal
            assert not any("Misty" in e["text"] or "小霞" in e["text"] for e in board.log if e["bot"])
        s = board.state
        if s.is_over:
            break
        if board.view["bot_to_move"]:
            reply = board.handle_message({"type": "step", "revision": board.revision})
        elif s.is_chance:
            reply = board.handle_message({"type": "intent", "action": {"kind": "draw"}})
        else:
            options = legal_actions(s, 0)
            if not options:
                break
            trainer = [a for a in options if isinstance(a, UseTrainer)]
            action = rng.choice(trainer) if trainer and rng.random() < 0.5 else rng.choice(options)
            reply = board.handle_message({"type": "intent", "action": str(action)})
        assert reply["ok"], reply


def test_hc_t1_a_bots_extra_discard_reaches_the_log_only_at_the_reveal() -> None:
    """Bot 1 holds Misty and uses her in wave 1: the log says so only once the discards are revealed."""

    class MistyFirst:
        name = "misty-first"

        def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
            extra = [a for a in legal if isinstance(a, UseTrainer)]
            return extra[0] if extra else legal[0]

    state = scenario(
        ["You", "Bot 1"], trainers={0: "brock", 1: "misty"}, leader=0, seed=7, hands={0: ["G01", "G13", "P01", "O01", "L01"]}
    )
    board = HereComesBoard.from_state(state, bots={1: MistyFirst()}, lang="en", seed=7)
    board.handle_message({"type": "intent", "action": {"kind": "draw"}})
    assert board.state.extra[1] is not None  # the bot set a card aside, face down
    secret = board.state.extra[1]
    assert not any("Misty" in e["text"] for e in board.log)
    assert secret not in received(board) and TARGETS[secret].name_en not in received(board)
    board.teacher = True  # the teacher sees it at once, card and all
    assert any(secret in e["text"] for e in board.log)
    board.teacher = False
    board.handle_message({"type": "intent", "action": {"kind": "discard", "card": "L01"}})
    revealed = [e for e in board.log if "Misty" in e["text"]]
    assert len(revealed) == 1 and "extra card" in revealed[0]["text"]
    assert sum("小霞" in line for line in in_lang(board, "zh")["log"]) == 1
    assert secret not in received(board)
