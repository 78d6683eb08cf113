"""Issue 29: guessing a seat token at a known table is throttled and locked out, per table and seat and per source.

Before, a wrong seat token was only logged: one process could try 413–941 tokens a
second. Now it counts against the store's one throttle (``limits.Throttle``), the
source being the store (one kernel; one client address in the table server) and the
seat. Time is an injected clock: no test sleeps.
"""

from __future__ import annotations

import logging

import pytest

from pokelab.classroom import ClassAccessError, ClassStore, Limits
from pokelab.tables import Tables
from pokelab.tables.server import TableService
from pokelab.tables.wire import error_from


class Clock:
    """A clock tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def guesses(*right: str) -> list[str]:
    """Well-formed seat tokens, none of them a right one."""
    return [g for g in (f"ZZZZ{a}{b}" for a in "ABCDEFGH" for b in "23456789") if g not in right]


def bilingual(err: pytest.ExceptionInfo) -> None:
    assert str(err.value) and err.value.message("zh") != str(err.value)


def test_seat_token_guessing_is_locked_out_then_the_real_player_gets_back_in(db_url, caplog):
    clock = Clock()
    store = ClassStore.connect(db_url, clock=clock, limits=Limits(free_failures=3, lockout_seconds=30))
    t = Tables(store).table(Tables(store).create_table(store.create_class("7B")[0], "splendor", seed=3))
    ash, misty = t.sit(0, "Ash"), t.sit(1, "Misty")
    guesser = Tables(store).table(t.code)  # the same kernel (source): it knows the code and sits at seat 1
    wrong = guesses(ash, misty)
    locked = 0
    with caplog.at_level(logging.WARNING, logger="pokelab.classroom"):
        for guess in wrong[:20]:
            with pytest.raises(ClassAccessError) as err:
                guesser.view(0, token=guess)
            locked += "too many wrong seat tokens" in str(err.value)
        # 3 wrong tokens are free, the 4th locks: every later guess is refused before it is compared
        assert locked == 16
        assert f"seat 1 of table {t.code}" in str(err.value) and "wait 30 s" in str(err.value)
        assert "teacher" in str(err.value)
        bilingual(err)
        for door in (lambda: Tables(store).table(t.code).view(0, token=ash),  # even the right token waits it out
                     lambda: guesser.play(0, "TakeSame(red)", guesser.revision(), token=ash),
                     lambda: guesser.moves(0, token=ash), lambda: guesser.request_undo(0, token=ash)):
            with pytest.raises(ClassAccessError, match="too many wrong seat tokens"):
                door()
        assert guesser.view(1, token=misty)["names"] == ["Ash", "Misty"]  # each seat counts apart ...
        with pytest.raises(ClassAccessError, match="too many"):
            guesser.view(0, token=wrong[0])  # ... and a right token for seat 2 did not clear seat 1
    assert all(g not in caplog.text for g in wrong[:20]) and ash not in caplog.text
    assert "locked out" in caplog.text and "throttled" in caplog.text
    assert Tables(ClassStore.connect(db_url)).table(t.code).view(0, token=ash)["seat"] == 0  # another kernel: not locked
    clock.now += 31
    assert Tables(store).table(t.code).view(0, token=ash)["seat"] == 0  # after the lockout the real player plays on …
    for guess in wrong[20:23]:  # … and the right token cleared the count: three free tries again
        with pytest.raises(ClassAccessError, match="wrong seat token"):
            guesser.view(0, token=guess)


def test_wrong_rejoin_tokens_count_against_every_seated_seat_and_the_guessers_own_seat_clears_none(db_url):
    clock = Clock()
    store = ClassStore.connect(db_url, clock=clock, limits=Limits(free_failures=2, lockout_seconds=10))
    t = Tables(store).table(Tables(store).create_table(store.create_class("7B")[0], "splendor", seed=3))
    ash, misty = t.sit(0, "Ash"), t.sit(1, "Misty")
    guesser = Tables(store).table(t.code)
    wrong = guesses(ash, misty)
    for guess in wrong[:3]:
        with pytest.raises(ClassAccessError, match="no seat of table"):
            guesser.rejoin(guess)
    with pytest.raises(ClassAccessError, match="too many wrong seat tokens") as err:
        guesser.rejoin(wrong[3])
    bilingual(err)
    with pytest.raises(ClassAccessError, match="too many"):
        guesser.view(0, token=ash)  # a rejoin guess was a guess at seat 1 too
    clock.now += 11
    assert guesser.rejoin(misty) == 1  # the guesser's own seat: cleared, seat 1's count is not
    with pytest.raises(ClassAccessError, match="no seat of table"):
        guesser.rejoin(wrong[4])  # the 4th wrong try locks again at once, for twice as long
    with pytest.raises(ClassAccessError, match="wait 20 s"):
        guesser.view(0, token=ash)
    clock.now += 21
    assert Tables(store).table(t.code).rejoin(ash) == 0


def test_the_table_server_locks_out_seat_guesses_per_client_address(sqlite_url):
    clock = Clock()
    service = TableService(sqlite_url, limits=Limits(free_failures=2, lockout_seconds=60), clock=clock)
    join_code, _key = service.store_for("10.0.0.5").create_class("7B")
    code = service.answer("10.0.0.5", "create", {"join_code": join_code, "game": "splendor", "seed": 1})["code"]
    token = service.answer("10.0.0.7", "sit", {"code": code, "seat": 0, "name": "Ash"})["token"]
    for guess in guesses(token)[:3]:
        status, answer = service.respond("10.0.0.9", "view", f'{{"code": "{code}", "seat": 0, "token": "{guess}"}}'.encode())
        assert status == 403
    status, answer = service.respond("10.0.0.9", "view", f'{{"code": "{code}", "seat": 0, "token": "{token}"}}'.encode())
    locked = error_from(answer["error"])
    assert status == 403 and isinstance(locked, ClassAccessError) and "too many wrong seat tokens" in str(locked)
    assert "座位口令" in locked.message("zh")  # the refusal crosses the wire in both languages
    assert service.answer("10.0.0.7", "view", {"code": code, "seat": 0, "token": token})["seat"] == 0  # another address
    clock.now += 61
    assert service.answer("10.0.0.9", "view", {"code": code, "seat": 0, "token": token})["seat"] == 0
