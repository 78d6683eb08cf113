"""Issue 43, the class store under real faults: every refusal a kit error, nothing served from a replaced file.

SQLite files and a real PostgreSQL server (``db_url``); no mocks.
"""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa

from pokelab.classroom import ClassroomError, ClassStore, schema
from pokelab.classroom.access import digest

ROUND = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")


def bilingual(err: pytest.ExceptionInfo) -> None:
    assert str(err.value) and err.value.message("zh") != str(err.value)


@pytest.mark.parametrize("secret", ["\ud800", "AB\udfffCD"])
def test_a_lone_surrogate_in_a_secret_is_a_kit_error_before_hashing(db_url, secret):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    for call in (
        lambda: store.add_round(secret, "A", ROUND),
        lambda: store.rounds(code, secret),
        lambda: store.join_pupil(secret, "Mei"),
        lambda: store.join_group(secret, "A"),
    ):
        with pytest.raises(ClassroomError, match="surrogate") as err:
            call()  # old code: UnicodeEncodeError from digest()
        bilingual(err)
    assert store.rounds(code, key).empty
    assert len(digest("seat", "ok")) == 64


def test_a_schema_record_older_than_the_tables_is_a_kit_error(db_url):
    store = ClassStore.connect(db_url)
    with store._engine.begin() as conn:  # a current file whose version record says 1
        conn.execute(sa.update(schema.meta).where(schema.meta.c.key == "schema_version").values(value="1"))
    store.close()
    with pytest.raises(ClassroomError, match="schema record is damaged") as err:
        ClassStore.connect(db_url)  # old code: OperationalError/ProgrammingError: duplicate column
    bilingual(err)


def test_a_database_overwritten_in_place_with_an_older_copy_is_refused_not_served(tmp_path):
    path = tmp_path / "class.db"
    store = ClassStore.connect(f"sqlite:///{path}")
    code, key = store.create_class("7B")
    store.add_round(code, "A", ROUND, submission="r1")
    store.close()  # checkpoint: the copy below is the whole database
    old = path.read_bytes()
    store.add_round(code, "A", ROUND, submission="r2")
    store.add_round(code, "A", ROUND, submission="r3")
    assert len(store.rounds(code, key)) == 3
    store.close()  # the teacher copies while the store is idle (its pool reconnects on the next request)
    inode = os.stat(path).st_ino
    _overwrite_in_place(path, old)  # cp old.db class.db: same file, older bytes
    assert os.stat(path).st_ino == inode
    with pytest.raises(ClassroomError, match="replaced or restored") as err:
        store.rounds(code, key)  # old code: 1 round, the two acknowledged ones silently gone
    bilingual(err)
    with pytest.raises(ClassroomError, match="replaced or restored"):
        store.add_round(code, "A", ROUND, submission="r4")  # old code: accepted on top of the old copy
    reopened = ClassStore.connect(f"sqlite:///{path}")  # the teacher opens the class again: the copy, knowingly
    assert len(reopened.rounds(code, key)) == 1
    reopened.add_round(code, "A", ROUND, submission="r4")
    with pytest.raises(ClassroomError, match="replaced or restored"):
        store.rounds(code, key)  # later writes on the copy never make it current for the old store


def test_another_database_copied_over_the_file_is_refused(tmp_path):
    path, other = tmp_path / "class.db", tmp_path / "other.db"
    store = ClassStore.connect(f"sqlite:///{path}")
    code, _key = store.create_class("7B")
    elsewhere = ClassStore.connect(f"sqlite:///{other}")
    for n in range(5):  # a busier database: its revision is higher than this one's
        elsewhere.create_class(f"class {n}")
    elsewhere.close()
    store.close()
    _overwrite_in_place(path, other.read_bytes())
    with pytest.raises(ClassroomError, match="replaced or restored"):
        store.add_round(code, "A", ROUND)


def test_other_writers_never_look_like_a_restore(db_url):
    first, second = ClassStore.connect(db_url), ClassStore.connect(db_url)
    code, key = first.create_class("7B")
    for n in range(3):
        second.add_round(code, "A", ROUND, submission=f"s{n}")
        first.add_round(code, "B", ROUND, submission=f"f{n}")
    assert len(first.rounds(code, key)) == len(second.rounds(code, key)) == 6


def test_a_restored_postgresql_database_is_refused(pg_url):
    store = ClassStore.connect(pg_url)
    code, key = store.create_class("7B")
    store.add_round(code, "A", ROUND, submission="r1")
    with store._engine.begin() as conn:  # what a restore of an older dump leaves: an older revision
        conn.execute(sa.update(schema.meta).where(schema.meta.c.key == "revision").values(value="1"))
    with pytest.raises(ClassroomError, match="replaced or restored") as err:
        store.rounds(code, key)
    bilingual(err)


def _overwrite_in_place(path, content: bytes) -> None:
    """What ``cp old.db class.db`` does: the same file (inode) gets other bytes."""
    with open(path, "r+b") as out:
        out.write(content)
        out.truncate(len(content))


def test_reads_during_a_postgresql_outage_are_busy_not_raw_driver_errors(postgres, pg_url):
    from pokelab.classroom import ClassStoreBusy

    store = ClassStore.connect(pg_url, timeout=2)
    code, key = store.create_class("7B")
    store.add_round(code, "A", ROUND, submission="r1")
    postgres.stop()
    try:
        for read in (lambda: store.rounds(code, key), lambda: store.class_name(code), lambda: store.revision(code)):
            with pytest.raises(ClassStoreBusy):
                read()  # old code: sqlalchemy.exc.OperationalError
    finally:
        postgres.start()
    assert len(store.rounds(code, key)) == 1
