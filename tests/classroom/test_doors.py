"""Issue 29, the class store's doors: group tokens, teacher-only reads, lockouts and caps, no silent loss.

Each test runs on a SQLite file and on a real PostgreSQL server (``db_url``),
except where the fault is a file's (deleted, replaced, not a database), which
only SQLite has. Time is an injected clock: no test sleeps.
"""

from __future__ import annotations

import logging
import os

import pytest
import sqlalchemy as sa

from pokelab.classroom import (
    ClassAccessError,
    ClassroomError,
    ClassStore,
    Limits,
    check_name,
    schema,
)
from pokelab.tables import Tables

ROUND = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")
OTHER = ("purple", "purple", "red", "red", "blue", "green", "yellow", "red", "blue", "green")


class Clock:
    """A clock tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def bilingual(err: pytest.ExceptionInfo) -> None:
    assert str(err.value) and err.value.message("zh") != str(err.value)


# ---------------------------------------------------------------- groups
def test_a_group_cannot_undo_or_add_to_another_groups_rounds(db_url):
    store = ClassStore.connect(db_url, limits=Limits(free_failures=10))  # lockouts: tested below
    code, key = store.create_class("7B")
    mine, theirs = store.join_group(code, "A"), store.join_group(code, "B")
    first = store.add_round(code, "A", ROUND, token=mine)
    for refused in (
        lambda: store.undo_round(code, "A"),  # the name alone is no identity any more
        lambda: store.undo_round(code, "A", theirs),  # another group's token
        lambda: store.undo_round(code, "A", "ZZZZZZZZ"),
        lambda: store.add_round(code, "A", OTHER),
        lambda: store.add_round(code, "A", OTHER, token=theirs),
    ):
        with pytest.raises(ClassAccessError) as err:
            refused()
        bilingual(err)
    assert store.rounds(code, key)["id"].tolist() == [first]
    with pytest.raises(ClassroomError, match="taken"):
        store.join_group(code, "A")  # nobody else joins under a joined name
    with pytest.raises(ClassAccessError):
        store.join_group(code, "A", teacher_key="WRONG-KEY0-0000-0000")
    fresh = store.join_group(code, "A", teacher_key=key)  # a group that lost its token gets a new one
    with pytest.raises(ClassAccessError):
        store.undo_round(code, "A", mine)  # the old token stopped working
    assert store.undo_round(code, "A", fresh.lower()) == first
    log = store.refusal_log(code, key)
    assert {"missing group token", "wrong group token"} <= set(log["reason"])
    store.delete_class(code, key)  # what is stored goes with the class (docs/security.md)
    with store._engine.connect() as conn:
        for table in (schema.groups, schema.rounds, schema.refusals):
            assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0


def test_teacher_only_reads_need_the_teacher_key(db_url, tmp_path):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    store.add_round(code, "A", ROUND)
    for refused in (
        lambda: store.export_csv(code, None, tmp_path / "x.csv"),
        lambda: store.groups(code, None),
        lambda: store.refusal_log(code, None),
        lambda: Tables(store).listing(code, None),
    ):
        with pytest.raises(ClassAccessError) as err:
            refused()
        bilingual(err)
    assert not (tmp_path / "x.csv").exists()
    assert store.groups(code, key)["group"].tolist() == ["A"]


# ---------------------------------------------------------------- submission ids
def test_submission_ids_are_checked_never_cut(db_url):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    same = "s" * 36
    with pytest.raises(ClassroomError) as err:
        store.add_round(code, "A", ROUND, submission=same + "-one")  # today: cut to 36, merged
    bilingual(err)
    for bad in ("x" * 1_000_000, "", "a b", "é", "a;DROP", 42, "\x00"):
        with pytest.raises(ClassroomError):
            store.add_round(code, "A", ROUND, submission=bad)
    first = store.add_round(code, "A", ROUND, submission=same)
    assert store.add_round(code, "A", ROUND, submission=same) == first  # a retried submit: idempotent
    for changed in (
        lambda: store.add_round(code, "A", OTHER, submission=same),
        lambda: store.add_round(code, "B", ROUND, submission=same),
        lambda: store.add_round(code, "A", ROUND, submission=same, simulated=True),
    ):
        with pytest.raises(ClassroomError, match="already used") as err:
            changed()
        bilingual(err)
    assert len(store.rounds(code, key)) == 1


# ---------------------------------------------------------------- no silent loss
def test_a_deleted_database_file_is_reported_not_silently_lost(tmp_path):
    path = tmp_path / "class.db"
    store = ClassStore.connect(f"sqlite:///{path}")
    code, key = store.create_class("7B")
    store.add_round(code, "A", ROUND)
    for extra in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{extra}"):
            os.remove(f"{path}{extra}")
    with pytest.raises(ClassroomError, match="gone") as err:
        store.add_round(code, "A", ROUND)  # today: answers 2, into a file nobody will ever read
    bilingual(err)
    with pytest.raises(ClassroomError, match="gone"):
        store.rounds(code, key)


def test_a_replaced_database_file_is_reported(tmp_path):
    path = tmp_path / "class.db"
    store = ClassStore.connect(f"sqlite:///{path}")
    code, _key = store.create_class("7B")
    store.close()
    os.replace(path, tmp_path / "moved.db")
    ClassStore.connect(f"sqlite:///{path}").close()  # another (empty) class database now sits at the path
    with pytest.raises(ClassroomError, match="replaced") as err:
        store.add_round(code, "A", ROUND)
    bilingual(err)


@pytest.mark.parametrize("content", [b"this is not a database" * 100, b"SQLite format 3\x00" + b"\xff" * 5000])
def test_a_corrupt_database_file_is_a_kit_error(tmp_path, content):
    path = tmp_path / "class.db"
    path.write_bytes(content)
    with pytest.raises(ClassroomError, match="damaged") as err:
        ClassStore.connect(f"sqlite:///{path}")  # today: sqlite3.DatabaseError
    bilingual(err)


def _make_read_only(store: ClassStore, url: str) -> None:
    if url.startswith("sqlite"):  # the tests run as root, where chmod does not stop a writer
        sa.event.listen(store._engine, "connect", lambda conn, _r: conn.execute("PRAGMA query_only=ON"))
    else:
        with store._engine.connect() as conn:
            name = conn.execute(sa.text("SELECT current_database()")).scalar()
            conn.execute(sa.text(f"ALTER DATABASE {name} SET default_transaction_read_only = on"))
            conn.commit()
    store._engine.dispose()


def test_a_read_only_database_is_a_kit_error(db_url):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    _make_read_only(store, db_url)
    with pytest.raises(ClassroomError, match="read-only") as err:
        store.add_round(code, "A", ROUND)  # today: a raw sqlite3 / psycopg error
    bilingual(err)
    assert store.rounds(code, key).empty  # reading still works


def test_a_damaged_schema_version_is_a_kit_error(db_url):
    store = ClassStore.connect(db_url)
    with store._engine.begin() as conn:
        conn.execute(sa.update(schema.meta).values(value="three"))
    store.close()
    with pytest.raises(ClassroomError, match="schema version") as err:
        ClassStore.connect(db_url)  # today: ValueError: invalid literal for int()
    bilingual(err)


@pytest.mark.parametrize("column, value", [("token_3", "pink"), ("group_name", "")])
def test_a_damaged_stored_round_is_a_kit_error(db_url, column, value):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    bad = store.add_round(code, "A", ROUND)
    with store._engine.begin() as conn:
        conn.execute(sa.update(schema.rounds).where(schema.rounds.c.id == bad).values({column: value}))
    for read in (lambda: store.rounds(code, key), lambda: store.tally(code, key), lambda: store.groups(code, key)):
        with pytest.raises(ClassroomError, match=f"stored round {bad} is damaged") as err:
            read()  # today: a KeyError from the tally, or a blank group
        bilingual(err)


# ---------------------------------------------------------------- the error contract's odd cases
def test_an_empty_table_code_is_a_classroom_error_not_a_permission_error():
    store = ClassStore.connect("sqlite://")
    for code in ("", None):
        with pytest.raises(ClassroomError) as err:
            Tables(store).table(code)
        assert not isinstance(err.value, PermissionError)
        bilingual(err)


@pytest.mark.parametrize("name", ["ｓｉｍｕｌａｔｅｄ", "ＳＩＭＵＬＡＴＥＤ", "simulated", "Simulated"])
def test_look_alikes_of_reserved_names_are_refused(name):
    with pytest.raises(ClassroomError, match="kept for the computer"):
        check_name(name)


# ---------------------------------------------------------------- guessing and flooding
def test_join_code_guessing_is_locked_out_then_the_class_works_after_the_cool_down(db_url, caplog):
    clock = Clock()
    store = ClassStore.connect(db_url, clock=clock, limits=Limits(free_failures=3, lockout_seconds=30))
    code, _key = store.create_class("7B")
    guesses = [f"ZZZZ{a}{b}" for a in "ABCDEFGH" for b in "23456789"]
    refused_unasked = 0
    with caplog.at_level(logging.WARNING, logger="pokelab.classroom"):
        for guess in guesses[:20]:
            with pytest.raises(ClassAccessError) as err:
                store.class_name(guess)
            refused_unasked += "too many wrong tries" in str(err.value)
    # 3 failures are free, the 4th locks: every later guess is refused before the database is asked
    assert refused_unasked == 16
    assert "wait 30 s" in str(err.value) or "wait" in str(err.value)
    bilingual(err)
    with pytest.raises(ClassAccessError, match="too many"):
        store.class_name(code)  # even the right code waits out the lockout
    assert all(g not in caplog.text for g in guesses) and "locked out" in caplog.text  # never the secret
    clock.now += 31
    assert store.class_name(code) == "7B"  # after the cool-down the class works again …
    for guess in guesses[20:23]:  # … and a right code cleared the count: three free tries again
        with pytest.raises(ClassAccessError, match="wrong join code"):
            store.class_name(guess)
    other = ClassStore.connect(db_url)  # another kernel (source) is not locked by this one
    assert other.class_name(code) == "7B"


def test_teacher_key_and_group_token_guessing_are_locked_out(db_url, caplog):
    clock = Clock()
    store = ClassStore.connect(db_url, clock=clock, limits=Limits(free_failures=2, lockout_seconds=10))
    code, key = store.create_class("7B")
    token = store.join_group(code, "A")
    store.add_round(code, "A", ROUND, token=token)
    with caplog.at_level(logging.WARNING, logger="pokelab.classroom"):
        for wrong in ("AAAA-AAAA-AAAA-AAAA", "BBBB-BBBB-BBBB-BBBB", "CCCC-CCCC-CCCC-CCCC"):
            with pytest.raises(ClassAccessError):
                store.reset(code, wrong)
        with pytest.raises(ClassAccessError, match="too many"):
            store.reset(code, key)
        for wrong in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC"):
            with pytest.raises(ClassAccessError):
                store.undo_round(code, "A", wrong)
        with pytest.raises(ClassAccessError, match="too many"):
            store.undo_round(code, "A", token)
    assert "CCCC" not in caplog.text and key not in caplog.text and token not in caplog.text
    clock.now += 20  # the second failure past the free ones doubled the lockout to 20 s
    assert store.undo_round(code, "A", token) > 0
    assert store.reset(code, key) == 0


def test_rounds_per_group_per_minute_are_capped(db_url):
    clock = Clock()
    store = ClassStore.connect(db_url, clock=clock, limits=Limits(rounds_per_minute=3))
    code, key = store.create_class("7B")
    for _ in range(3):
        store.add_round(code, "A", ROUND)
        clock.now += 1
    with pytest.raises(ClassroomError, match="in the last minute") as err:
        store.add_round(code, "A", ROUND)  # today: no cap at all
    bilingual(err)
    store.add_round(code, "B", ROUND)  # another group has its own minute
    clock.now += 60
    store.add_round(code, "A", ROUND)
    assert len(store.rounds(code, key)) == 5


def test_limits_are_checked():
    for bad in (dict(free_failures=-1), dict(rounds_per_minute=0), dict(lockout_seconds=float("nan")),
                dict(lockout_seconds=100, max_lockout_seconds=10), dict(free_failures=True)):
        with pytest.raises(ClassroomError):
            Limits(**bad)
    with pytest.raises(TypeError):  # a programming error (docs/errors.md), not a pupil's input
        ClassStore.connect("sqlite://", limits={"rounds_per_minute": 5})


# ---------------------------------------------------------------- files for spreadsheets
def test_exports_are_spreadsheet_safe_and_never_overwrite(db_url, tmp_path):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    store.add_round(code, "-2-3 cmd", ROUND)  # a legal group name a spreadsheet would run as a formula
    path = tmp_path / "class.csv"
    path.write_text("the teacher's notes\n", encoding="utf-8")
    with pytest.raises(ClassroomError, match="exists already") as err:
        store.export_csv(code, key, path)  # today: silently overwritten
    bilingual(err)
    assert path.read_text(encoding="utf-8") == "the teacher's notes\n"
    store.export_csv(code, key, path, overwrite=True)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[1].split(",")[1] == "'-2-3 cmd"
    for line in lines:
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in line.split(","))
