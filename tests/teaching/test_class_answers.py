"""Issue 32 and 31: a notebook joined to a class records every answer, never waits on the store, obeys the reveal policy."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokelab.classroom import ClassStore
from pokelab.course.registry import get
from pokelab.teaching import (
    board_task,
    check,
    choice,
    classlink,
    explain,
    join_class,
    leave_class,
    membership,
    predict,
    reset,
)
from pokelab.teaching.language import set_language
from tests.classroom.conftest import pg_url, postgres, wait_until  # noqa: F401 - the real PostgreSQL fixtures

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fresh(tmp_path, monkeypatch) -> Iterator[None]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the pupil's token file
    reset()
    set_language("both")
    yield
    leave_class()
    reset()


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.db'}"
    return request.getfixturevalue("pg_url")


def test_without_a_class_nothing_is_recorded(tmp_path) -> None:
    assert classlink.joined() is None
    assert check("30-1", "1/10").status == "wrong"
    assert classlink.flush(0)  # nothing queued, nothing to wait for


def test_every_kind_of_answer_is_recorded_with_its_misconception(url: str) -> None:
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    link = join_class(code.lower(), "Mei", url=url)
    assert "Mei" in repr(link) and "8C" in repr(link)
    wrong_option = next(o for o in get("32-3").options if not o.correct)
    assert choice("32-3", wrong_option.key).status == "wrong"
    assert choice("32-3", "c").status == "correct"
    assert check("30-1", "1/10").status == "wrong"
    assert check("30-1", "3/20").status == "correct"
    predict("34-3", 0.4)
    explain("30-4", "the purple token is due because it has not come for a long time now")
    board_task("12-4", None)  # no board yet: not an answer, not recorded
    assert classlink.flush(30)
    table = store.answers(code, key)
    assert table["exercise"].tolist() == ["32-3", "32-3", "30-1", "30-1", "34-3", "30-4"]
    assert table["try"].tolist() == [1, 2, 1, 2, 1, 1]
    assert table["correct"].tolist()[:4] == [False, True, False, True]
    assert table["correct"].iloc[4] is None  # a prediction is not judged
    assert table["misconception"].iloc[0] == wrong_option.key
    assert table["misconception_zh"].iloc[0] == wrong_option.why.render("zh")
    assert table["misconception"].iloc[5] == "idea-1" and table["correct"].iloc[5] is False
    assert set(table["pupil"]) == {"Mei"}
    store.close()


def test_a_restarted_kernel_rejoins_under_its_name(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    join_class(code, "Mei", url=url)
    check("30-1", "3/20")
    assert classlink.flush(30)
    leave_class()
    reset()  # a new kernel: the token comes from the pupil's data folder
    join_class(code, "Mei", url=url)
    check("30-1", "3/20")
    assert classlink.flush(30)
    assert store.answers(code, key)["try"].tolist() == [1, 2]
    assert store.pupils(code, key) == ["Mei"]


def test_a_store_that_cannot_be_reached_never_breaks_the_cell(tmp_path, capsys) -> None:
    path = tmp_path / "class.db"
    url = f"sqlite:///{path}"
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    join_class(code, "Mei", url=url)
    capsys.readouterr()
    blocker = sqlite3.connect(path, timeout=0, check_same_thread=False)
    blocker.execute("BEGIN IMMEDIATE")  # another writer holds the database
    try:
        done = threading.Event()
        feedback = []

        def cell() -> None:
            feedback.append(check("30-1", "1/10"))
            done.set()

        threading.Thread(target=cell).start()
        assert done.wait(5), "the pupil's cell waited on the class store"
        assert feedback[0].status == "wrong"  # the feedback shows
        assert wait_until(lambda: classlink.joined().trouble is not None, 30)
        check("30-1", "3/20")
        check("30-1", "3/20")
        told = capsys.readouterr().out
        assert told.count("cannot be reached") == 1  # told once
    finally:
        blocker.rollback()
        blocker.close()
    assert classlink.flush(60)
    table = store.answers(code, key)
    assert table["answer"].tolist() == ["1/10", "3/20", "3/20"]  # nothing lost, nothing doubled
    assert table["try"].tolist() == [1, 2, 3]


def test_the_teacher_decides_when_reveal_is_allowed(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    assert check("30-1", ..., reveal=True).status == "revealed"  # no class: the pupil decides
    store.set_reveal(code, key, "never")
    join_class(code, "Mei", url=url)
    assert check("30-1", ..., reveal=True).status == "unanswered"
    statuses = [check("30-1", "1/10").status for _ in range(4)]
    assert "revealed" not in statuses  # not even after the tries
    store.set_reveal(code, key, "after-tries")
    classlink.joined()._refresh_policy()  # the kernel reads it every few seconds; now, for the test
    reset()
    assert check("30-1", ..., reveal=True).status == "unanswered"
    statuses = [check("30-1", "1/10").status for _ in range(3)]
    assert statuses[-1] == "revealed"
    assert check("30-1", ..., reveal=True).status == "revealed"
    store.set_reveal(code, key, "pupil")
    classlink.joined()._refresh_policy()
    reset()
    assert check("30-1", ..., reveal=True).status == "revealed"


def test_the_policy_reaches_a_joined_kernel_by_itself(tmp_path, monkeypatch) -> None:
    # the kernel looks every POLICY_EVERY seconds (3 s): a shorter period shows it looks by itself as well
    monkeypatch.setattr(classlink, "POLICY_EVERY", 0.2)
    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    join_class(code, "Mei", url=url)
    store.set_reveal(code, key, "never")
    assert wait_until(lambda: classlink.joined().policy == "never", 30)


def _another_kernel(code: str) -> str:
    """Run ``code`` in a new Python process with this test's HOME and data folder (a second notebook's kernel)."""
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_a_pupil_joins_once_and_later_kernels_record_by_themselves(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    join_class(code, "Mei", url=url)
    check("30-1", "1/10")
    assert classlink.flush(30)
    saved = tmp_path / "data" / "pokelab" / "pupils" / "class.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600  # the pupil's own, like the token beside it
    assert json.loads(saved.read_text()) == {"url": url, "code": code, "name": "Mei"}  # no teacher key
    leave_class()
    # the next lesson's notebook: no join_class, the answer is recorded all the same
    out = _another_kernel("""
        from pokelab.teaching import check, classlink
        print(check("30-1", "3/20").status, classlink.flush(60), classlink.joined().name)
    """)
    assert out.split() == ["correct", "True", "Mei"]
    table = store.answers(code, key)
    assert table["answer"].tolist() == ["1/10", "3/20"] and set(table["pupil"]) == {"Mei"}
    assert store.pupils(code, key) == ["Mei"]
    # forgetting: that kernel and every later one record nothing
    out = _another_kernel("""
        from pokelab.teaching import check, classlink, leave_class
        leave_class(forget=True)
        print(check("30-1", "3/20").status, classlink.joined())
    """)
    assert out.split() == ["correct", "None"] and not saved.exists()
    out = _another_kernel("""
        from pokelab.teaching import check, classlink
        print(check("30-1", "3/20").status, classlink.joined())
    """)
    assert out.split() == ["correct", "None"]
    assert len(store.answers(code, key)) == 2
    store.close()


def test_a_pupil_the_teacher_deleted_is_not_rejoined_behind_their_back(tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = ClassStore.connect(url)
    code, key = store.create_class("8C")
    join_class(code, "Mei", url=url)
    leave_class()
    store.delete_pupil(code, key, "Mei")
    classlink._LOOKED.clear()  # a new kernel: it has not looked for a remembered class yet
    assert check("30-1", "3/20").status == "correct"  # the cell never waits for the rejoin
    assert classlink.flush(30)
    assert wait_until(lambda: classlink.joined().refused, 30)
    check("30-1", "3/20")
    assert "no longer knows you (Mei)" in capsys.readouterr().out
    assert membership.remembered() is None  # forgotten: the next kernel does not try again
    assert store.pupils(code, key) == [] and len(store.answers(code, key)) == 0


@pytest.mark.parametrize("code_part, name", [("", "Mei\ud800"), ("\udfff", "Mei")])
def test_a_lone_surrogate_in_the_join_code_or_name_is_a_kit_error(tmp_path, code_part, name) -> None:
    from pokelab.classroom import ClassroomError

    url = f"sqlite:///{tmp_path / 'class.db'}"
    code, _key = ClassStore.connect(url).create_class("7B")
    with pytest.raises(ClassroomError, match="surrogate") as err:
        join_class(code + code_part, name, url=url)  # old code: UnicodeEncodeError while hashing the token file's name
    assert err.value.message("zh") != str(err.value)
    assert classlink.joined() is None
