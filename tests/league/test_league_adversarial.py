"""Issue 46: bots that sleep for ever, raise, return garbage or illegal moves, and a kernel that goes away.

None of them stalls a game: each gets a legal default move and a mark, the round ends, and only the bot's
author reads why — in their language, with the traceback or the rule ID of the refusal.
"""

from __future__ import annotations

import random
import threading

import pytest

from pokelab.classroom import ClassroomError, ClassStore
from pokelab.league import League
from pokelab.league.moves import Worker, timed_choose
from tests.league.conftest import new_league
from tests.league.kernels import Kernel

pytestmark = pytest.mark.league  # waits on pupils' kernels: run in the light classroom stage, beside unit


def test_a_bot_that_never_answers_gets_a_default_move_after_the_limit_and_is_not_asked_again_while_busy():
    release = threading.Event()

    class Sleeper:
        def choose(self, view, legal, rng):
            release.wait()  # until the test ends: the worker thread cannot be stopped
            return legal[0]

    worker = Worker()
    out = timed_choose(Sleeper(), {}, ["a"], random.Random(0), 0.2, worker)
    assert (out.action, out.kind) == (None, "timeout") and out.seconds >= 0.2
    assert "0.2 s" in out.problem.render("en") and "0.2 秒" in out.problem.render("zh")
    again = timed_choose(Sleeper(), {}, ["a"], random.Random(0), 0.2, worker)
    assert again.kind == "timeout" and again.seconds == 0.0  # still busy: no second thread, no wait
    release.set()
    worker.thread.join(5)
    assert timed_choose(Sleeper(), {}, ["a"], random.Random(0), 5.0, worker).action == "a"


def test_what_a_bot_is_given_is_a_copy_it_cannot_change_the_runners_view_through():
    view = {"hand": ["G01"], "scored": [[]]}

    class Vandal:
        def choose(self, v, legal, rng):
            v["hand"].append("P14")
            legal.clear()
            return "a"

    legal = ["a", "b"]
    assert timed_choose(Vandal(), view, legal, random.Random(0), 2.0).action == "a"  # checked against the runner's list
    assert view == {"hand": ["G01"], "scored": [[]]} and legal == ["a", "b"]


def test_misbehaving_bots_get_default_moves_and_marks_their_author_reads_in_chinese(sqlite_url, kernels):
    _store, join_code, key, league = new_league(sqlite_url, games_per_pair=1, move_seconds=0.3, grace_seconds=30)
    league.add_house("random", teacher_key=key)
    cy = Kernel(sqlite_url, league.code, join_code, "cy", "sleeper", "raiser", "garbage", lang="zh")
    di = Kernel(sqlite_url, league.code, join_code, "di", "cheater")
    kernels += [cy, di]
    tokens = {**cy.next()["entered"], **di.next()["entered"]}

    report = league.play_round(join_code=join_code, teacher_key=key, timeout=600, poll_seconds=0.1)
    assert (report.done, report.left, report.absent) == (10, 0, [])  # no bot stalled a game

    table = league.standings(teacher_key=key).set_index("bot")
    assert (table.loc[["sleeper", "raiser", "garbage", "cheater"], "marks"] > 0).all()
    assert table.loc["random", "marks"] == 0 and (table["games"] == 4).all()

    seen = cy.report()["problems"]
    assert "ZeroDivisionError: my bot divided by zero" in seen["raiser"][-1] and "出错" in seen["raiser"][-1]
    assert all("默认" in p for p in seen["sleeper"]) and "还在想" in seen["sleeper"][-1]  # busy since its first move
    assert "object" in seen["garbage"][-1] and "合法" in seen["garbage"][-1]

    marks = {name: league.marks(name, token=tokens[name], lang="zh") for name in tokens}
    assert set(marks["sleeper"]["kind"]) == {"timeout"} and set(marks["raiser"]["kind"]) == {"error"}
    assert "0.3 秒" in marks["sleeper"]["reason"][0]  # its first move ran out of the league's time
    assert set(marks["garbage"]["kind"]) == {"illegal"} and set(marks["garbage"]["rule"].dropna()) == set()
    refused = marks["cheater"][marks["cheater"]["rule"].notna()]  # its discards of a card it lacks (HC-R2) ...
    assert set(refused["rule"]) == {"HC-R2"} and "HC-R2" in refused["reason"].iloc[0] and "G99" in refused["reason"].iloc[0]
    assert set(marks["cheater"]["kind"]) == {"illegal"}  # ... and its "Fly(away)", no action of the game at all
    english = league.marks("cheater", token=tokens["cheater"], lang="en").loc[refused.index[0], "reason"]
    assert "the rules refuse" in english and english != refused["reason"].iloc[0]

    other = League(ClassStore.connect(sqlite_url), league.code)  # another pupil's kernel, or the teacher's
    for name in tokens:
        with pytest.raises(ClassroomError):
            other.marks(name)
    with pytest.raises(ClassroomError):
        other.marks("raiser", token=tokens["cheater"])


def test_a_bot_whose_kernel_went_away_forfeits_after_the_grace_period_and_stalls_no_one(sqlite_url, kernels):
    _store, join_code, key, league = new_league(sqlite_url, games_per_pair=2, move_seconds=0.5, grace_seconds=1.0)
    league.add_house("random", teacher_key=key)
    gone = Kernel(sqlite_url, league.code, join_code, "ed", "rando")
    kernels.append(gone)
    token = gone.next()["entered"]["rando"]
    gone.say("exit")
    assert gone.process.wait(30) == 0  # the kernel is shut down before the round starts
    here = Kernel(sqlite_url, league.code, join_code, "fay", "first")
    kernels.append(here)
    here.next()

    report = league.play_round(join_code=join_code, teacher_key=key, timeout=600, poll_seconds=0.1)
    assert (report.done, report.left, report.absent) == (6, 0, ["rando"])
    table = league.standings(join_code=join_code).set_index("bot")
    assert table.loc["rando", ["games", "losses", "forfeits", "marks"]].tolist() == [4, 4, 4, 1]
    assert table.loc["first", "forfeits"] == 0 and table.loc["first", "games"] == 4
    head = league.head_to_head(join_code=join_code).set_index(["bot", "opponent"])
    assert head.loc[("first", "rando"), "wins"] == 2
    why = league.marks("rando", token=token, lang="zh")
    assert why["kind"].tolist() == ["absent"] and "1.0 秒" in why["reason"][0]


def test_a_bot_that_asks_for_memory_without_end_is_stopped_by_its_kernels_limit_and_the_kernel_plays_on(
    sqlite_url, kernels
):
    """A hub limits each pupil's server (``c.Spawner.mem_limit``); here the OS limits the kernel's address space.

    The bot's allocation fails inside its own thread, what it held is freed, a default move is played with a
    ``memory`` mark its author reads, and the same kernel's other bot and the house bot finish every game.
    """
    _store, join_code, key, league = new_league(sqlite_url, games_per_pair=1, move_seconds=2.0, grace_seconds=30)
    league.add_house("random", teacher_key=key)
    gus = Kernel(sqlite_url, league.code, join_code, "gus", "hog", "first", lang="zh", memory_mb=1024)
    kernels.append(gus)
    tokens = gus.next()["entered"]

    report = league.play_round(join_code=join_code, teacher_key=key, timeout=600, poll_seconds=0.1)
    assert (report.done, report.left, report.absent) == (3, 0, [])  # no game stalled, no kernel lost
    assert gus.process.poll() is None  # the kernel lives on
    table = league.standings(teacher_key=key).set_index("bot")
    assert table.loc["hog", "marks"] > 0 and table.loc["first", "marks"] == 0 and (table["games"] == 2).all()
    marks = league.marks("hog", token=tokens["hog"], lang="zh")
    assert set(marks["kind"]) == {"memory"} and "内存" in marks["reason"].iloc[0]
    assert "memory" in league.marks("hog", token=tokens["hog"], lang="en")["reason"].iloc[0]
    seen = gus.report()["problems"]
    assert seen["hog"] and "内存" in seen["hog"][-1] and not seen["first"]
    gus.say("status")
    rss_kb = int(next(line for line in gus.next()["status"].splitlines() if line.startswith("VmRSS")).split()[1])
    assert rss_kb < 600 * 1024  # what the bot held was given back
