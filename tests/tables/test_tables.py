"""Shared game tables (issue 19) on a SQLite file and on a real PostgreSQL server: one process, every door.

Rule IDs: a move out of turn breaks SP-T1 (Splendor) or HC-R2 (Here Comes' steps);
a hand and a face-down discard are secret (HC-G3); the deck is shuffled by the
seed (SP-S1), the bag draws come from it (HC-C3), a discard step waits for
every seat (HC-R2). The many-process games are in test_tables_clients.py.
"""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from pokelab.classroom import (
    ClassAccessError,
    ClassroomError,
    ClassStore,
    schema,
)
from pokelab.errors import IllegalAction
from pokelab.tables import StaleRevision, Table, Tables
from pokelab.tables.schema import game_tables
from pokelab.words import rendered

from .conftest import wait_until


def _new(db_url: str, game: str, players: int = 2, bots=None, **options):
    store = ClassStore.connect(db_url)
    join_code, key = store.create_class("7B")
    code = Tables(store).create_table(join_code, game, players=players, bots=bots or {}, **options)
    _KEYS[code] = key
    return store, join_code, key, Tables(store).table(code)


#: Each test table's teacher key: the full record (every move, the replayed game) needs it.
_KEYS: dict[str, str] = {}


def _moves(t: Table) -> list[dict]:
    return t.moves(teacher_key=_KEYS[t.code])


def _replay(t: Table):
    return t.replay(teacher_key=_KEYS[t.code])


def _strings(value) -> set[str]:
    """Every string anywhere inside a JSON-like value (keys and values)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return (
            set().union(*(_strings(k) | _strings(v) for k, v in value.items())) if value else set()
        )
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _state(t: Table):
    return t._row().state()


def test_sp_t1_two_pupils_play_in_turn_stale_and_out_of_turn_moves_are_refused(db_url):
    store, join_code, _, t = _new(db_url, "splendor", seed=12)
    tokens = [t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)]
    assert t.view(0)["names"] == ["Ash", "Misty"] and t.view(1)["creator"] == 0
    first = t.view(0)["to_move"][0]
    other = 1 - first
    start = t.revision()
    with pytest.raises(IllegalAction) as err:
        t.play(other, "TakeSame(red)", start, token=tokens[other])
    assert err.value.rule == "SP-T1" and "轮到" in err.value.message("zh")
    after = t.play(first, "TakeSame(red)", start, token=tokens[first])
    assert after == start + 1 == t.revision()
    # a second device still showing the old revision is refused, and nothing changes
    with pytest.raises(StaleRevision) as stale:
        t.play(other, "TakeSame(blue)", start, token=tokens[other])
    assert stale.value.current == after and isinstance(stale.value, ClassroomError)
    assert "someone moved first" in str(stale.value)
    assert "有人先走了一步" in stale.value.message("zh")
    assert t.revision() == after
    # the engine checks the move itself (SP-T2: pass only without a main action)
    with pytest.raises(IllegalAction) as illegal:
        t.play(other, "Pass()", after, token=tokens[other])
    assert illegal.value.rule == "SP-T2" and t.revision() == after
    t.play(other, "TakeDifferent(blue, green, yellow)", after, token=tokens[other])
    moves = _moves(t)
    assert [(m["seat"], m["kind"], m["action"]) for m in moves] == [
        (first, "human", "TakeSame(red)"),
        (other, "human", "TakeDifferent(blue, green, yellow)"),
    ]
    assert [m["revision"] for m in moves] == [after, after + 1]
    assert _replay(t) == _state(t)
    # another device opens the same table by its code (any case, with a dash)
    again = Tables(store).table(f"{t.code[:3].lower()}-{t.code[3:]}")
    assert again.revision() == t.revision() and again.rejoin(tokens[0]) == 0
    assert again.view(0)["observation"]["players"][first]["tokens"]["red"] == 2


def test_sp_s1_the_view_never_holds_the_deck_order(db_url):
    _, join_code, _, t = _new(db_url, "splendor", players=3, bots={2: "greedy"}, seed=5)
    token = t.sit(0, "Ash", join_code=join_code)
    v = t.view(0)
    state = _state(t)
    shown = json.dumps(rendered(v, "en"))  # the observation's texts are catalogue texts
    assert "deck" not in v["observation"] or isinstance(v["observation"].get("deck"), int)
    ids_shown = {c["id"] for c in v["observation"]["display"]}
    assert ids_shown.isdisjoint(state.deck) and v["observation"]["deck_size"] == len(state.deck)
    assert str(list(state.deck[:5]))[1:-1] not in shown
    assert v["observation"] == t._row().kit.game.observe(state, 0)
    assert token and v["seat"] == 0


def test_hc_g3_a_face_down_discard_and_the_other_hands_stay_secret(db_url):
    _, join_code, _, t = _new(db_url, "herecomes", players=3, bots={2: "heuristic"}, seed=21)
    ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
    state = _state(t)
    assert state.phase == "discard" and t.view(0)["to_move"] == [0, 1]  # the bot chose already
    assert [m["kind"] for m in _moves(t)] == ["chance"] * 4 + ["bot"]  # HC-C3: wave 1 is 4 draws
    card = state.hands[0][0]
    t.play(0, f"Discard(0, {card})", t.revision(), token=ash)
    seen_by_misty = t.view(1)
    secret = set(state.hands[0]) | set(state.hands[2])
    assert not secret & _strings(seen_by_misty)  # Ash's hand, discard and the bot's hand: hidden
    assert seen_by_misty["to_move"] == [1]  # HC-R2: the step waits for Misty
    assert t.view(0)["observation"]["my_choice"]["discard"] == card
    assert (
        "hands" not in seen_by_misty["observation"]
        and "pending" not in seen_by_misty["observation"]
    )
    misty_card = state.hands[1][0]
    t.play(1, f"Discard(1, {misty_card})", t.revision(), token=misty)
    state = _state(t)
    assert state.wave == 2 and card in state.discards and _replay(t) == state


def test_a_seat_is_claimed_once_and_rejoined_by_its_token_from_another_device(db_url):
    store, join_code, key, t = _new(db_url, "herecomes", players=2, seed=3)
    token = t.sit(1, "Misty", join_code=join_code)
    with pytest.raises(ClassroomError) as taken:
        t.sit(1, "Brock", join_code=join_code)
    assert "taken by Misty" in str(taken.value) and "已被" in taken.value.message("zh")
    device = Tables(ClassStore.connect(db_url)).table(t.code)
    with pytest.raises(ClassAccessError):
        device.view(1)  # another device has no token yet
    assert device.rejoin(f" {token.lower()} ") == 1
    assert device.view(1)["seat"] == 1  # the token is remembered by that device's table
    with pytest.raises(ClassAccessError) as wrong:
        device.rejoin("ZZZZZZ")
    assert "没有哪个座位" in wrong.value.message("zh")
    with pytest.raises(ClassAccessError):
        device.view(1, token="ZZZZZZ")
    log = store.refusal_log(join_code, key)
    assert (log["reason"] == "wrong seat token").sum() == 2


def test_undo_needs_every_other_pupils_consent_and_draws_the_same_tokens_again(db_url):
    _, join_code, _, t = _new(db_url, "herecomes", players=2, seed=8)
    ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
    state = _state(t)
    t.play(0, f"Discard(0, {state.hands[0][0]})", t.revision(), token=ash)
    t.play(1, f"Discard(1, {state.hands[1][0]})", t.revision(), token=misty)
    before = _moves(t)
    assert before[-1]["kind"] == "chance"  # wave 2 was drawn after the last discard
    t.request_undo(0, token=ash)
    pending = t.view(1)["pending_undo"]
    assert pending["seat"] == 0 and pending["asked"] == [1] and pending["waiting"] == [1]
    with pytest.raises(ClassroomError):
        t.request_undo(1, token=misty)  # one request at a time
    with pytest.raises(ClassroomError):
        t.answer_undo(0, True, token=ash)  # the asker does not answer
    t.answer_undo(1, False, token=misty)  # refused: nothing taken back
    assert t.view(0)["pending_undo"] is None and _moves(t) == before
    t.request_undo(0, token=ash)
    t.answer_undo(1, True, token=misty)
    after = _moves(t)
    assert len(after) == 4 and _replay(t) == _state(t)  # back to wave 1's draws, both to discard
    assert t.view(0)["to_move"] == [0, 1]
    # the same choices again draw the same tokens: the draws are keyed by move number
    t.play(0, f"Discard(0, {state.hands[0][0]})", t.revision(), token=ash)
    t.play(1, f"Discard(1, {state.hands[1][0]})", t.revision(), token=misty)
    assert [m["action"] for m in _moves(t)] == [m["action"] for m in before]
    with pytest.raises(ClassAccessError) as wrong:
        t.request_undo(1, token=ash)  # the wrong seat's token
    assert "座位口令不对" in wrong.value.message("zh")


def test_undo_with_only_bots_around_is_immediate_and_takes_back_their_replies(db_url):
    _, join_code, _, t = _new(db_url, "splendor", players=3, bots={1: "greedy", 2: "random"}, seed=2)
    token = t.sit(0, "Ash", join_code=join_code)
    with pytest.raises(ClassroomError) as nothing:
        t.request_undo(0, token=token)
    assert "no move" in str(nothing.value) and "撤回" in nothing.value.message("zh")
    v = t.view(0)
    count = len(_moves(t))
    t.play(0, v["observation"]["legal"][0], v["revision"], token=token)
    assert len(_moves(t)) == count + 3  # Ash, then both bots at once
    t.request_undo(0, token=token)
    assert len(_moves(t)) == count and t.view(0)["pending_undo"] is None
    assert _replay(t) == _state(t)


def test_an_idle_seat_is_handed_to_a_bot_by_the_creator_or_the_teacher_only(db_url):
    # 2 s, not less: the early refusal below must come before the seat is idle even on a busy machine
    store, join_code, key, t = _new(db_url, "splendor", players=3, idle_seconds=2, seed=6)
    ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
    assert t.view(0)["can_hand_to_bot"] == [2]  # the free seat at once; the others are in use
    with pytest.raises(ClassroomError) as early:
        t.hand_to_bot(1, "greedy", creator_token=ash)
    assert "after 2 s" in str(early.value) and "闲置" in early.value.message("zh")
    t.hand_to_bot(2, "random", creator_token=ash)  # nobody sat there: no wait
    # wait until the table itself offers Misty's seat (idle for 2 s), not a fixed pause
    assert wait_until(lambda: 1 in t.view(0)["can_hand_to_bot"], timeout=60), t.view(0)["unused_seconds"]
    with pytest.raises(ClassAccessError):
        t.hand_to_bot(1, "greedy", creator_token=misty)  # Misty did not create the table
    with pytest.raises(ClassAccessError):
        t.hand_to_bot(1, "greedy")
    with pytest.raises(ClassAccessError):
        t.hand_to_bot(1, "greedy", teacher_key="AAAA-AAAA-AAAA-AAAA")
    with pytest.raises(ClassroomError):
        t.hand_to_bot(1, "expected-points", teacher_key=key)  # a Here Comes bot
    t.hand_to_bot(1, "greedy", teacher_key=key)
    v = t.view(0)
    assert v["bots"] == [None, "greedy", "random"] and v["names"] == ["Ash", "greedy", "random"]
    with pytest.raises(ClassAccessError):
        t.play(1, "Pass()", v["revision"], token=misty)  # Misty's token no longer plays the seat
    if v["to_move"] != [0]:  # the bots move at once whenever it is their turn
        pytest.fail(f"after the hand-over only Ash should be to move, got {v['to_move']}")
    assert _replay(t) == _state(t)
    assert (store.refusal_log(join_code, key)["reason"] == "wrong teacher key").sum() == 1


def test_the_teacher_lists_the_class_tables_with_names_bots_and_scores(db_url):
    store, join_code, key, t = _new(db_url, "herecomes", players=3, bots={2: "random"}, seed=1)
    t.sit(0, "Ash", join_code=join_code)
    second = Tables(store).create_table(join_code, "splendor", seed=4)
    other_code, other_key = store.create_class("7C")
    Tables(store).create_table(other_code, "splendor")
    listing = Tables(store).listing(join_code, key)
    assert listing["table"].tolist() == [second, t.code]  # newest first, this class only
    row = listing.iloc[1]
    assert row["game"] == "herecomes" and row["names"] == ["Ash", None, "random"]
    assert row["bots"] == [None, None, "random"] and row["scores"] == [0, 0, 0]
    assert row["revision"] == t.revision() and not row["finished"] and row["moves"] == 5
    assert str(listing["last_move"].dt.tz) == "UTC"
    with pytest.raises(ClassAccessError):
        Tables(store).listing(join_code, other_key)
    assert len(Tables(store).listing(other_code, other_key)) == 1


def test_a_finished_table_is_listed_finished_and_takes_no_more_moves(db_url):
    store, join_code, key, t = _new(db_url, "herecomes", players=2, bots={1: "heuristic"}, seed=9)
    token = t.sit(0, "Ash", join_code=join_code)
    while not (v := t.view(0))["finished"]:
        t.play(0, v["observation"]["legal"][0], v["revision"], token=token)
    state = _state(t)
    assert state.is_over and _replay(t) == state
    assert v["scores"] == list(state.points) and v["observation"]["result"] is not None
    assert bool(Tables(store).listing(join_code, key).iloc[0]["finished"])
    with pytest.raises(IllegalAction):
        t.play(0, "Discard(0, G01)", v["revision"], token=token)
    with pytest.raises(ClassroomError):
        t.request_undo(0, token=token)


BAD_TABLES = [
    ({"game": "chess"}, "a table plays herecomes", "只能玩"),
    ({"players": 1}, "2 to 4 players", "名玩家"),
    ({"players": 5}, "2 to 4 players", "名玩家"),
    ({"players": "2"}, "2 to 4 players", "名玩家"),
    ({"bots": {0: "greedy", 1: "random"}}, "at least one human seat", "真人座位"),
    ({"bots": {2: "greedy"}}, "seats are numbered 0 to 1", "座位编号"),
    ({"bots": {True: "greedy"}}, "seats are numbered 0 to 1", "座位编号"),
    ({"bots": {1: "expected-points"}}, "unknown bot 'expected-points' for splendor", "电脑玩家"),
    ({"bots": [1]}, "bots is a mapping", "映射"),
    ({"seed": -1}, "seed is a whole number", "种子"),
    ({"seed": 2.5}, "seed is a whole number", "种子"),
    ({"variant": {"round_cap": "x"}}, "bad splendor variant", "变体"),
    ({"variant": {"colour": "red"}}, "unknown splendor variant option", "变体"),
    ({"variant": "fast"}, "mapping of its options", "变体"),
    ({"idle_seconds": -1}, "idle_seconds", "秒数"),
]


@pytest.mark.parametrize(("change", "en", "zh"), BAD_TABLES)
def test_a_bad_table_is_refused_in_both_languages(sqlite_url, change, en, zh):
    store = ClassStore.connect(sqlite_url)
    join_code, _ = store.create_class("7B")
    args = {"game": "splendor", "players": 2, "bots": {}} | change
    game, players, bots = args.pop("game"), args.pop("players"), args.pop("bots")
    with pytest.raises(ClassroomError) as err:
        Tables(store).create_table(join_code, game, players, bots, **args)
    assert en in str(err.value) and zh in err.value.message("zh")
    with pytest.raises(ClassAccessError):
        Tables(store).create_table("WRONG1", "splendor")


BAD_DOORS = [
    (lambda s, t, tok: Tables(s).table("ABC"), "6 letters and digits", "游戏桌代码"),
    (lambda s, t, tok: Tables(s).table(12345), "table code is text", "游戏桌代码"),
    (lambda s, t, tok: Tables(s).table("ZZZZZZ"), "no table has the code", "没有代码"),
    (lambda s, t, tok: t.view(2), "seats are numbered 0 to 1", "座位编号"),
    (lambda s, t, tok: t.view("0"), "seats are numbered 0 to 1", "座位编号"),
    (lambda s, t, tok: t.sit(1, "", join_code=""), "1 to 32 characters", "名称"),
    (lambda s, t, tok: t.sit(1, "<b>x</b>", join_code=""), "letters, digits", "名称"),
    (
        lambda s, t, tok: t.play(0, "Fly(away)", t.revision(), token=tok),
        "cannot read that",
        "无法读取",
    ),
    (lambda s, t, tok: t.play(0, 42, t.revision(), token=tok), "cannot read that", "无法读取"),
    (
        lambda s, t, tok: t.play(0, "x" * 5000, t.revision(), token=tok),
        "cannot read that",
        "无法读取",
    ),
    (
        lambda s, t, tok: t.play(0, "Draw(red)", t.revision(), token=tok),
        "nobody plays Draw",
        "布袋",
    ),
    (
        lambda s, t, tok: t.play(0, "Discard(1, G01)", t.revision(), token=tok),
        "seat 2's",
        "第 2 座",
    ),
    (
        lambda s, t, tok: t.play(0, "Discard(0, G01)", "7", token=tok),
        "revision is the whole",
        "版本号",
    ),
    (
        lambda s, t, tok: t.play(0, "Discard(0, G01)", True, token=tok),
        "revision is the whole",
        "版本号",
    ),
    (
        lambda s, t, tok: t.play(0, "Discard(0, G01)", t.revision(), token=7),
        "seat token is text",
        "座位口令",
    ),
    (lambda s, t, tok: t.play(1, "Discard(1, G01)", t.revision(), token=tok), "free", "空座位"),
    (lambda s, t, tok: t.answer_undo(0, "yes", token=tok), "True or False", "回答"),
    (lambda s, t, tok: t.hand_to_bot(1, "greedy", creator_token=tok), "unknown bot", "电脑玩家"),
]


@pytest.mark.parametrize(("door", "en", "zh"), BAD_DOORS)
def test_every_door_of_a_table_refuses_bad_input_in_both_languages(sqlite_url, door, en, zh):
    store = ClassStore.connect(sqlite_url)
    join_code, _ = store.create_class("7B")
    t = Tables(store).table(Tables(store).create_table(join_code, "herecomes", seed=1))
    token = t.sit(0, "Ash", join_code=join_code)
    revision = t.revision()
    with pytest.raises((ClassroomError, ClassAccessError)) as err:
        door(store, t, token)
    assert en in str(err.value) and zh in err.value.message("zh")
    assert t.revision() == revision  # nothing was written


@pytest.mark.parametrize(
    ("column", "value", "field"),
    [
        ("seats", "not json", "seats"),
        ("seats", '[{"name": "Ash"}]', "seats"),
        ("game", "chess", "game name"),
        ("state", '{"version": 1}', "game"),
        ("scores", "[0]", "scores"),
        ("undo", "[1, 2]", "undo request"),
        ("undo", '{"seat": 0}', "undo request"),
        ("undo", '{"seat": 9, "number": 1, "asked": [], "yes": [], "time": 0}', "undo request"),
        ("revision", -3, "revision"),
    ],
)
def test_a_damaged_table_row_is_a_clear_error_not_a_key_error(db_url, column, value, field):
    store, join_code, _, t = _new(db_url, "herecomes", seed=1)
    token = t.sit(0, "Ash", join_code=join_code)
    with store._engine.begin() as conn:
        conn.execute(sa.update(game_tables).values(**{column: value}))
    with pytest.raises(ClassroomError) as err:
        t.view(0, token=token)
    assert f"stored {field} is damaged" in str(err.value) and t.code in str(err.value)
    assert "已损坏" in err.value.message("zh")


def test_a_version_2_class_database_is_upgraded_to_hold_tables(sqlite_url):
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as conn:
        schema.migrate_to(conn, 2)
    engine.dispose()
    store = ClassStore.connect(sqlite_url)
    with store._engine.connect() as conn:
        assert schema.read_version(conn) == schema.SCHEMA_VERSION  # 4 added the group tokens, 5 the pupils
        assert not sa.inspect(conn).has_table("pokelab_tables")  # the tables' own steps wait for the tables
    join_code, key = store.create_class("7B")
    code = Tables(store).create_table(join_code, "splendor", seed=1)
    assert Tables(store).listing(join_code, key)["table"].tolist() == [code]
    store.delete_class(join_code, key)  # the class's tables and moves go with it
    with store._engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM pokelab_tables")).scalar() == 0
        assert conn.execute(sa.text("SELECT count(*) FROM pokelab_table_moves")).scalar() == 0


def _scripted_game(url: str) -> tuple[list, str]:
    """A Here Comes table played to the end with the same choices every time; its moves and final save."""
    store = ClassStore.connect(url)
    join_code, key = store.create_class("7B")
    t = Tables(store).table(
        Tables(store).create_table(join_code, "herecomes", players=3, bots={2: "random"}, seed=77)
    )
    _KEYS[t.code] = key
    tokens = {0: t.sit(0, "Ash", join_code=join_code), 1: t.sit(1, "Misty", join_code=join_code)}
    while not (v := t.view(0))["finished"]:
        seat = v["to_move"][0]
        legal = t.view(seat, token=tokens[seat])["observation"]["legal"]
        t.play(seat, legal[-1], v["revision"], token=tokens[seat])
    moves = [(m["seat"], m["kind"], m["action"], m["revision"]) for m in _moves(t)]
    row = t._row()
    assert _replay(t) == row.state()
    return moves, row.state_json


def test_the_same_choices_give_the_same_stored_game_on_sqlite_and_postgresql(sqlite_url, pg_url):
    on_sqlite = _scripted_game(sqlite_url)
    on_postgresql = _scripted_game(pg_url)
    assert on_sqlite == on_postgresql and len(on_sqlite[0]) > 50
