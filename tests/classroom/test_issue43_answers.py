"""Issue 43, a pupil's answers on their way to the class store: nothing silently lost, no path shown to pupils.

Real SQLite files and a real PostgreSQL server, a real second writer holding the
SQLite lock; the tests wait on the link's own events (``flush``), never sleep.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator

import pytest

from pokelab.classroom import ClassroomError, ClassStore, ClassStoreFault
from pokelab.teaching import check, classlink, explain, join_class, leave_class, reset
from pokelab.teaching.language import set_language
from tests.classroom.conftest import wait_until

SURROGATE_ANSWER = "the purple token is due \ud800 because it has not come for a long time now"


@pytest.fixture(autouse=True)
def _fresh(tmp_path, monkeypatch) -> Iterator[None]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the pupil's token file
    reset()
    set_language("both")
    yield
    leave_class()
    reset()


def test_an_answer_the_store_refuses_is_told_and_later_answers_go_on(db_url, capsys) -> None:
    store = ClassStore.connect(db_url)
    code, key = store.create_class("8C")
    join_class(code, "Mei", url=db_url)
    capsys.readouterr()
    explain("30-4", SURROGATE_ANSWER)  # text the store cannot hold: refused, whatever the retries
    check("30-1", "1/10")
    check("30-1", "3/20")
    assert classlink.flush(30), "the refused answer blocked the queue"  # old code: retried for ever
    check("30-1", "3/20")  # the refusal is told under the next answer
    assert classlink.flush(30)
    told = capsys.readouterr().out
    assert told.count("Your answer to exercise 30-4 was not recorded") == 1  # which answer
    assert "surrogate" in told and "代理码位" in told  # and why, in the pupil's languages
    assert "cannot be reached" not in told
    assert store.answers(code, key)["answer"].tolist() == ["1/10", "3/20", "3/20"]
    with pytest.raises(ClassroomError, match="surrogate"):  # the store's own door: a kit error, not UnicodeError
        store.record_answer(code, "Mei", store.join_pupil(code, "Lei"), "30-4", lesson="l",
                            answer="\udfff", outcome="wrong", correct=False, submission="s1")


def test_answers_queued_when_the_pupil_joins_another_class_are_still_sent(tmp_path, capsys) -> None:
    first, second = tmp_path / "a.db", tmp_path / "b.db"
    store_a, store_b = ClassStore.connect(f"sqlite:///{first}"), ClassStore.connect(f"sqlite:///{second}")
    code_a, key_a = store_a.create_class("8C")
    code_b, _key_b = store_b.create_class("9A")
    old = join_class(code_a, "Mei", url=f"sqlite:///{first}")
    blocker = sqlite3.connect(first, timeout=0, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")  # another writer holds the first class's database
    try:
        check("30-1", "1/10")
        check("30-1", "3/20")
        assert wait_until(lambda: old.trouble is not None, 30)  # the sender met the lock: both wait
        capsys.readouterr()
        join_class(code_b, "Mei", url=f"sqlite:///{second}")  # leaves 8C with two answers queued
        told = capsys.readouterr().out
        assert "2 answers for the class 8C still wait for the class store" in told  # not dropped without a word
        assert old.waiting() == 2
    finally:
        blocker.rollback()
        blocker.close()
    assert old.flush(30), "the answers queued for 8C were dropped"  # old code: close() stopped the sender
    assert store_a.answers(code_a, key_a)["answer"].tolist() == ["1/10", "3/20"]
    check("30-1", "3/20")
    assert classlink.flush(30) and classlink.joined().class_name == "9A"
    assert old.waiting() == 0 and classlink._LEFT == []


def test_leave_class_sends_what_is_queued_and_a_closed_link_takes_nothing(sqlite_url) -> None:
    store = ClassStore.connect(sqlite_url)
    code, key = store.create_class("8C")
    link = join_class(code, "Mei", url=sqlite_url)
    check("30-1", "1/10")
    leave_class()
    assert link.flush(30) and store.answers(code, key)["answer"].tolist() == ["1/10"]
    with pytest.raises(ClassroomError, match="closed"):
        link.put(None)  # type: ignore[arg-type]


def test_file_fault_messages_do_not_show_pupils_the_database_path(tmp_path, caplog, capsys) -> None:
    path = tmp_path / "secret-folder" / "class.db"
    path.parent.mkdir()
    url = f"sqlite:///{path}"
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    link = join_class(code, "Mei", url=url)
    moved = path.with_name("moved.db")
    path.rename(moved)  # the teacher moved the file away while the class runs
    with caplog.at_level(logging.WARNING, logger="pokelab.classroom"), pytest.raises(ClassStoreFault) as err:
        store.rounds(code, key)
    for lang in ("en", "zh"):
        assert "secret-folder" not in err.value.message(lang) and str(tmp_path) not in err.value.message(lang)
    assert "gone" in str(err.value)
    assert str(path) in caplog.text  # the teacher's log still names the file
    capsys.readouterr()
    check("30-1", "1/10")  # the pupil's answer waits (the teacher may put the file back) and is told why
    assert wait_until(lambda: link.trouble is not None, 30)
    check("30-1", "3/20")
    told = capsys.readouterr().out
    assert "gone" in told and "secret-folder" not in told and "cannot save your answers just now" in told
    moved.rename(path)  # put back: the queued answers go on
    assert classlink.flush(30)
    assert store.answers(code, key)["answer"].tolist() == ["1/10", "3/20"]
