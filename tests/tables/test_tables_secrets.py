"""Issue 29: a shared table's record shows each reader only what the game lets them see.

Rule IDs: a hand and a face-down discard are secret (HC-G3), the discards of a
wave are chosen face down at once (HC-R2), Misty's extra discard is secret
(HC-T1); Splendor's deck is shuffled by the seed (SP-S1) and its order is never
shown. Every test here fails on the code before issue 29: ``moves()`` and
``replay()`` answered anyone holding the table code, in full.
"""

from __future__ import annotations

import json

import pytest

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStore, Limits
from pokelab.core.registry import get_game
from pokelab.herecomes import Discard, UseTrainer, VoteRedraw, read_observed
from pokelab.tables import Tables
from pokelab.tables.listing import unknown_table_codes
from pokelab.tables.wire import wire_data
from pokelab.toy import register as register_toy
from widgets.herecomes.board import HereComesBoard


def _table(url: str, game: str, **options):
    store = ClassStore.connect(url)
    join_code, key = store.create_class("7B")
    code = Tables(store).create_table(join_code, game, players=2, **options)
    return store, join_code, key, Tables(store).table(code)


def _hand(t, seat: int) -> list[str]:
    return [card["id"] for card in t.view(seat)["observation"]["hand"]]


def test_hc_g3_hc_r2_a_face_down_discard_is_not_in_another_seats_moves(db_url):
    _store, join_code, key, t = _table(db_url, "herecomes", seed=21)
    ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
    card = _hand(t, 1)[0]
    t.play(1, Discard(1, card), t.revision(), token=misty)  # Misty chose; Ash still chooses
    assert t.view(0)["to_move"] == [0]
    seen_by_ash = t.moves(0, token=ash)
    assert card not in json.dumps(seen_by_ash) and seen_by_ash[-1]["action"] == "Discard(1, ?)"
    assert card not in json.dumps(wire_data(t.view(0)))  # the view carries the same filtered log
    assert t.moves(1, token=misty)[-1]["action"] == f"Discard(1, {card})"  # her own move, in full
    assert t.moves(teacher_key=key)[-1]["action"] == f"Discard(1, {card})"  # the teacher's full record


def test_reading_the_record_needs_a_seat_token_or_the_teacher_key_and_is_logged(db_url):
    store, join_code, key, t = _table(db_url, "herecomes", seed=4)
    ash = t.sit(0, "Ash", join_code=join_code)
    other = Tables(store).table(t.code)  # another kernel: it knows the table code, nothing else
    for read in (other.moves, other.replay):
        with pytest.raises(ClassAccessError) as err:
            read()
        assert "seat token" in str(err.value) and "座位" in err.value.message("zh")
    with pytest.raises(ClassAccessError):
        other.moves(0, token="ZZZZZZ")
    with pytest.raises(ClassAccessError):
        other.replay(teacher_key="AAAA-BBBB-CCCC")
    assert other.moves(0, token=ash) == t.moves(0)
    log = store.refusal_log(join_code, key)
    assert "no seat token or teacher key" in set(log["reason"])


def test_sp_s1_replay_with_a_seat_token_is_that_seats_view_never_the_deck(db_url):
    _store, join_code, key, t = _table(db_url, "splendor", seed=8, bots={1: "greedy"})
    ash = t.sit(0, "Ash", join_code=join_code)
    full = t.replay(teacher_key=key)
    seen = t.replay(0, token=ash)
    assert seen == t.view(0)["observation"]
    deck = [card.id if hasattr(card, "id") else str(card) for card in full.deck]
    assert deck and not set(deck[:8]) & set(json.dumps(wire_data(seen)).replace('"', " ").split())


def test_hc_g3_a_replay_by_seat_holds_no_other_hand(db_url):
    _store, join_code, key, t = _table(db_url, "herecomes", seed=9, bots={1: "heuristic"})
    ash = t.sit(0, "Ash", join_code=join_code)
    state = t.replay(teacher_key=key)
    seen = json.dumps(wire_data(t.replay(0, token=ash)))
    assert "hands" not in t.replay(0, token=ash)
    assert not set(state.hands[1]) & set(seen.replace('"', " ").replace(",", " ").split())


def test_hc_t1_mistys_extra_discard_and_a_vote_are_hidden_from_the_other_seats():
    rules = get_game("herecomes")
    assert rules.observe_action(UseTrainer(1, "extra_discard", "G07"), 0) == "UseTrainer(1, extra_discard, ?)"
    assert rules.observe_action(UseTrainer(1, "extra_discard", "G07"), 1) == "UseTrainer(1, extra_discard, G07)"
    assert rules.observe_action(UseTrainer(1, "peek", 0), 0) == "UseTrainer(1, peek, 0)"  # public: who looked
    assert rules.observe_action(VoteRedraw(0, True), 1) == "VoteRedraw(0, ?)"
    assert read_observed("UseTrainer(1, extra_discard, ?)").describe("zh", ["小智", "小霞"], hidden=True)


def test_a_table_board_keeps_no_other_seats_secret_in_the_kernel(sqlite_url):
    store, join_code, _key, t = _table(sqlite_url, "herecomes", seed=21)
    misty = t.sit(1, "Misty", join_code=join_code)
    board = HereComesBoard.join(t.code, name="Ash", join_code=join_code, store=store, poll_seconds=0)
    card = _hand(t, 1)[0]
    t.play(1, Discard(1, card), t.revision(), token=misty)
    board.refresh(force=True)
    kept = json.dumps(wire_data([board.seat_source.last, board.view, board.log]), default=str)
    assert card not in kept
    assert not set(_hand(t, 1)) & set(kept.replace('"', " ").replace(",", " ").split())
    assert not any(card in repr(v) for v in vars(board.table).values())  # nor the table object it holds
    assert not any(card in repr(v) for v in vars(board.seat_source).values())  # nor the seat that holds it
    assert not any(card in repr(v) for k, v in vars(board).items() if not k.startswith("_trait"))  # nor the board
    board.close()


def test_an_unknown_table_code_is_logged_counted_for_the_teacher_and_throttled(sqlite_url):
    store = ClassStore.connect(sqlite_url, limits=Limits(free_failures=2, lockout_seconds=60))
    join_code, key = store.create_class("7B")
    code = Tables(store).create_table(join_code, "splendor", seed=1)
    for guess in ("ZZZZZZ", "YYYYYY"):
        with pytest.raises(ClassroomError) as err:
            Tables(store).table(guess)
        assert "桌" in err.value.message("zh")
    assert unknown_table_codes(store, join_code, key) == 2  # what the teacher's panel shows
    with pytest.raises(ClassroomError):
        Tables(store).table("XXXXXX")  # the third wrong code locks this source out ...
    with pytest.raises(ClassAccessError) as locked:
        Tables(store).table(code)  # ... so even a right code waits: a guessing loop learns nothing
    assert "wait" in str(locked.value)
    assert Tables(ClassStore.connect(sqlite_url)).table(code).code == code  # another kernel is not locked


def test_a_pupil_may_be_at_a_capped_number_of_unfinished_tables_in_both_languages(db_url):
    store = ClassStore.connect(db_url, limits=Limits(tables_per_pupil=2))
    join_code, _key = store.create_class("7B")
    for _ in range(2):
        Tables(store).table(Tables(store).create_table(join_code, "splendor", name="Ash")).sit(0, "Ash", join_code=join_code)
    with pytest.raises(ClassroomError) as err:
        Tables(store).create_table(join_code, "herecomes", name="ASH")  # any case: the same pupil
    assert "the most is 2" in str(err.value) and "最多 2" in err.value.message("zh")
    empty = Tables(store).table(Tables(store).create_table(join_code, "splendor"))
    with pytest.raises(ClassroomError):
        empty.sit(0, "ash", join_code=join_code)  # sitting down counts too
    assert empty.sit(0, "Misty", join_code=join_code)  # another pupil is not held back
    with pytest.raises(ClassroomError):
        Limits(tables_per_pupil=0)


def test_a_finished_games_players_read_its_whole_record(db_url):
    """Issue 29: the full record needs the teacher key *or the finished game*; before the end a seat sees its view."""
    store, join_code, key, t = _table(db_url, register_toy(), bots={1: "random"}, seed=6)  # a short game
    token = t.sit(0, "Cy", join_code=join_code)
    t.play(0, "Choose(0, bank)", t.revision(), token=token)
    while not t.view(0, token=token)["finished"]:
        t.play(0, "Choose(0, bank)", t.revision(), token=token)
    assert t.moves(0, token=token) == t.moves(teacher_key=key)
    assert t.replay(0, token=token) == t.replay(teacher_key=key)  # the game itself, not a seat's observation
    with pytest.raises(ClassAccessError):
        Tables(store).table(t.code).moves(0, token="WRONG-TOKEN")  # a finished table still needs a seat's token


def test_before_the_end_a_seat_token_reads_only_its_view_of_the_game(db_url):
    _store, join_code, key, t = _table(db_url, "herecomes", seed=21)
    ash = t.sit(0, "Ash", join_code=join_code)
    t.sit(1, "Misty", join_code=join_code)
    assert not t.view(0, token=ash)["finished"]
    assert t.replay(0, token=ash) != t.replay(teacher_key=key)
