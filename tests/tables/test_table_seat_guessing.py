"""Issue 29: guessing a seat token at a known table is throttled and locked out, per table and seat and per source.

Before, a wrong seat token was only logged: one process could try 413–941 tokens a
second. Now it counts against the store's one throttle (``limits.Throttle``), the
source being the store (one kernel; one client address in the table server) and the
seat. Time is an injected clock: no test sleeps.
"""

from __future__ import annotations

import json
import logging

import pytest

from pokelab.classroom import ClassAccessError, ClassStore, Limits
from pokelab.tables import Tables
from pokelab.tables.request import seat_keys
from pokelab.tables.service import TableService
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
    join_code = store.create_class("7B")[0]
    t = Tables(store).table(Tables(store).create_table(join_code, "splendor", seed=3))
    ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
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
    join_code = store.create_class("7B")[0]
    t = Tables(store).table(Tables(store).create_table(join_code, "splendor", seed=3))
    ash, misty = t.sit(0, "Ash", join_code=join_code), t.sit(1, "Misty", join_code=join_code)
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


def test_the_table_server_spaces_seat_guesses_per_seat_from_every_address_and_the_right_token_gets_in(sqlite_url):
    """Issue 43: a lockout per address let made-up addresses guess on, and on a hub (one address) locked a class out."""
    clock = Clock()
    waited: list[float] = []

    def sleep(seconds: float) -> None:
        waited.append(seconds)
        clock.now += seconds

    service = TableService(sqlite_url, limits=Limits(free_failures=2, lockout_seconds=60), clock=clock, sleep=sleep)
    join_code, _key = service.store.create_class("7B")
    code = service.answer("create", {"join_code": join_code, "game": "splendor", "seed": 1})["code"]
    token = service.answer("sit", {"code": code, "seat": 0, "name": "Ash", "join_code": join_code})["token"]

    def view(source: str, seat_token: str) -> tuple[int, dict]:
        return service.respond(source, "view", json.dumps({"code": code, "seat": 0, "token": seat_token}).encode())

    for n, guess in enumerate(guesses(token)[:8]):  # 8 addresses, one guess each: no address is ever "locked"
        status, answer = view(f"10.0.1.{n}", guess)
        assert status == 403 and "wrong seat token" in str(error_from(answer["error"]))
    assert waited == [0.25, 0.5, 1.0, 2.0]  # past the free ones, every try waits its turn, the turns at most 2 s apart
    status, answer = view("10.0.1.3", token)  # a guessing address (a hub's one address), the right token: it gets in
    assert status == 200 and answer["seat"] == 0 and waited[-1] == 2.0
    keys = seat_keys("view", {"code": code, "seat": 0})
    with pytest.raises(ClassAccessError, match="too many wrong seat tokens were tried at this table") as burst:
        while True:  # a burst of tries at once: each takes the next turn, until the turn is too far off
            service.seats.admit(keys)
    bilingual(burst)
    clock.now += 900 + 61  # no wrong token for max_lockout_seconds: the seat starts afresh
    assert service.seats.admit(keys) == 0.0
    other = service.answer("create", {"join_code": join_code, "game": "splendor", "seed": 2})["code"]
    assert service.seats.admit(seat_keys("view", {"code": other, "seat": 0})) == 0.0  # each table counts apart


def test_the_table_server_locks_out_wrong_join_codes_per_client_address(sqlite_url):
    clock = Clock()
    service = TableService(sqlite_url, limits=Limits(free_failures=2, lockout_seconds=60), clock=clock)
    join_code, _key = service.store.create_class("7B")
    wrong = {"join_code": "WRONG2", "game": "splendor"}
    refusals = [service.run("10.0.0.9", "create", wrong)[1]["error"] for _ in range(4)]
    assert [str(error_from(r)).startswith("too many wrong tries from here") for r in refusals] == [False] * 3 + [True]
    assert "加入码" in error_from(refusals[0]).message("zh")
    assert service.run("10.0.0.8", "create", {"join_code": join_code, "game": "splendor"})[0] == 200  # another address
    status, answer = service.run("10.0.0.9", "create", {"join_code": join_code, "game": "splendor"})
    assert status == 403 and "wait 60 s" in str(error_from(answer["error"]))
    clock.now += 61
    assert service.run("10.0.0.9", "create", {"join_code": join_code, "game": "splendor"})[0] == 200


def test_create_checks_the_join_code_before_it_computes_a_game(sqlite_url):
    """Issue 43: a wrong join code was found only after the game and the bots' first moves were computed."""
    service = TableService(sqlite_url)
    status, answer = service.run("10.0.0.9", "create", {"join_code": "WRONG2", "game": "splendor", "variant": 5})
    assert status == 403 and "wrong join code" in str(error_from(answer["error"]))  # not the variant's refusal
