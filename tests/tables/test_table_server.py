"""Issue 29: the table authority — a table server process alone holds the class database; boards reach it by seat token.

The server runs as it is deployed (``python -m pokelab.class_service``, its
own process on a free port); the pupils' side here holds only its address. Rule
IDs: a face-down discard and a hand are secret (HC-G3, HC-R2); a move out of turn
breaks SP-T1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStore
from pokelab.errors import IllegalAction
from pokelab.herecomes import Discard
from pokelab.tables import RemoteTables, StaleRevision, Tables
from pokelab.tables.wire import wire_data
from widgets.herecomes.board import HereComesBoard

from .serving import post, table_server


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    """A table server process on a SQLite class database; the teacher's tables on the same file."""
    url = f"sqlite:///{tmp_path_factory.mktemp('served') / 'class.db'}"
    teacher = ClassStore.connect(url)
    join_code, key = teacher.create_class("7B")
    with table_server(url) as (address, _process):
        yield {"url": address, "join_code": join_code, "key": key, "teacher": Tables(teacher)}


def test_hc_g3_two_pupils_play_through_the_server_and_never_see_each_others_cards(served):
    ash_side, misty_side = RemoteTables(served["url"]), RemoteTables(served["url"])
    code = ash_side.create_table(served["join_code"], "herecomes", players=2, seed=21, name="Ash")
    ash, misty = ash_side.table(code), misty_side.table(code)
    ash.sit(0, "Ash", join_code=served["join_code"])
    misty.sit(1, "Misty", join_code=served["join_code"])
    full = served["teacher"].table(code).replay(teacher_key=served["key"])
    card = full.hands[1][0]
    misty.play(1, Discard(1, card), misty.revision())
    seen = json.dumps(wire_data([ash.view(0), ash.moves(0), ash.replay(0)]))
    assert card not in seen and not set(full.hands[1]) & set(seen.replace('"', " ").replace(",", " ").split())
    assert ash.moves(0)[-1]["action"] == "Discard(1, ?)" and misty.moves(1)[-1]["action"] == f"Discard(1, {card})"
    assert ash.moves(teacher_key=served["key"])[-1]["action"] == f"Discard(1, {card})"  # the teacher's record
    with pytest.raises(ClassAccessError) as no_token:
        RemoteTables(served["url"]).table(code).moves()
    assert "座位口令" in no_token.value.message("zh")  # the refusal crosses the wire in every language
    # the whole record (Board.from_record's) is the teacher's while the game goes on, as at a local table
    record = ash.record(teacher_key=served["key"])
    now = served["teacher"].table(code)
    assert record == now.record(teacher_key=served["key"]) and record.replay() == now.replay(teacher_key=served["key"])
    assert record.bots == ("Ash", "Misty") and (1, Discard(1, card)) in record.actions
    with pytest.raises(ClassAccessError) as not_over:
        ash.record(0)
    assert "对局结束" in not_over.value.message("zh")


def test_refusals_cross_the_wire_as_the_kits_own_errors(served):
    side = RemoteTables(served["url"])
    code = side.create_table(served["join_code"], "splendor", players=2, seed=12, name="Bo")
    t = side.table(code)
    tokens = [t.sit(0, "Bo", join_code=served["join_code"]), t.sit(1, "Cy", join_code=served["join_code"])]
    first = t.view(0)["to_move"][0]
    start = t.revision()
    with pytest.raises(IllegalAction) as out_of_turn:
        t.play(1 - first, "TakeSame(red)", start)
    assert out_of_turn.value.rule == "SP-T1" and "轮到" in out_of_turn.value.message("zh")
    t.play(first, "TakeSame(red)", start)
    with pytest.raises(StaleRevision) as stale:
        t.play(1 - first, "TakeSame(blue)", start)
    assert stale.value.current == start + 1 and "有人先走了一步" in stale.value.message("zh")
    with pytest.raises(ClassAccessError):
        RemoteTables(served["url"]).table(code).view(0, token="ZZZZZZ")
    with pytest.raises(ClassroomError) as unknown:
        side.table("ZZZZZZ")
    assert "没有代码为" in unknown.value.message("zh")
    assert tokens[0] != tokens[1]


def test_a_seat_board_plays_through_the_server_with_no_database_in_its_kernel(served):
    side = RemoteTables(served["url"])
    code = side.create_table(served["join_code"], "herecomes", players=2, seed=5, bots={1: "heuristic"}, name="Di")
    board = HereComesBoard.join(code, name="Di", join_code=served["join_code"], store=side, poll_seconds=0)
    card = board.seat_source.last["observation"]["hand"][0]["id"]
    reply = board.handle_message({"type": "intent", "action": {"kind": "discard", "card": card}})
    assert reply["ok"], reply
    full = served["teacher"].table(code).replay(teacher_key=served["key"])
    kept = json.dumps(wire_data([board.seat_source.last, board.view, board.log]), default=str)
    assert not set(full.hands[1]) & set(kept.replace('"', " ").replace(",", " ").split())  # the bot's hand
    assert not any("sqlite" in repr(v) for v in vars(board.table).values())  # no database reachable from here
    board.close()


def _post(served: dict, verb: str, body: bytes) -> tuple[int, dict]:
    """POST raw ``body`` to the server process; its status and JSON answer (a refusal is an answer too)."""
    return post(served["url"], verb, body)


@pytest.mark.parametrize("body", [
    b"[" * 6000 + b"]" * 6000,  # 12 KB of arrays: json.loads raised RecursionError, answered as a 500
    b'{"join_code": "' + b"[" * 200 + b'", "x": ' + b"{\"a\":" * 100 + b"1" + b"}" * 100 + b"}",
])
def test_a_too_deeply_nested_request_is_a_400_refusal_not_a_500(served, body: bytes) -> None:
    """Issue 43: nesting from user input was a ``RecursionError`` and a 500 "try again" that no retry fixes."""
    status, answer = _post(served, "view", body)
    assert status == 400, answer
    assert answer["error"]["kind"] == "ClassroomError"
    assert "nested deeper than" in answer["error"]["reason"]["source"]


@pytest.mark.parametrize("field", ["token", "join_code", "name", "code"])
def test_a_lone_surrogate_in_any_text_is_a_400_refusal(served, field: str) -> None:
    r"""Issue 43: ``"\ud800"`` is valid JSON but no text: hashing a token or a join code with it was a 500."""
    body = {"code": "ABCD", "seat": 0, "token": "t", "join_code": served["join_code"], "name": "Ash", "game": "splendor"}
    body[field] = "\ud800"
    raw = json.dumps(body).encode()  # ensure_ascii: the surrogate travels as the escape \ud800
    assert b"\\ud800" in raw
    for verb in ("view", "sit", "create"):
        status, answer = _post(served, verb, raw)
        assert status == 400, (verb, answer)
        assert "lone surrogate" in answer["error"]["reason"]["source"]


def test_a_body_announced_too_large_is_refused_before_it_is_read(served) -> None:
    """Issue 43: the size check ran after tornado had buffered the body (up to 100 MB), so 60 MB announced got no answer."""
    import socket

    host, port = served["url"].removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as conn:
        conn.sendall(b"POST /api/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 60000000\r\n\r\n" + b" " * 65_536)
        first = conn.recv(200)  # the answer comes while the body is still being announced, not after 60 MB
    assert first.startswith(b"HTTP/1.1 4"), first
    status, _answer = _post(served, "view", b'{"code": "ABCD", "seat": 0}')  # the server still answers others
    assert status in (400, 403, 404), _answer
