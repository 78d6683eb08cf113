"""The class database (pokelab.classroom.ClassStore) on SQLite and on a real PostgreSQL server.

Rule IDs: a stored round is a round of the game — 10 tokens in waves of 4, 3, 2, 1
(HC-C3) that the bag can hold (HC-C1) — so the store refuses anything else.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pandas as pd
import pytest
import sqlalchemy as sa

from pokelab.classroom import (
    ClassAccessError,
    ClassroomError,
    ClassStore,
    ClassStoreBusy,
    ClassTally,
    schema,
)
from pokelab.classroom.access import TOKEN_COLUMNS
from pokelab.errors import IllegalAction

ROUND = ("red", "blue", "red", "green", "red", "red", "blue", "yellow", "red", "blue")
OTHER = ("purple", "purple", "red", "red", "blue", "green", "yellow", "red", "blue", "green")


def snapshot(store: ClassStore, code: str, key: str) -> list[tuple]:
    """Every stored round of a class as plain tuples (to compare before and after a refusal)."""
    table = store.rounds(code, key)
    return [tuple(row) for row in table.drop(columns=["time"]).itertuples(index=False)]


def test_hc_c3_rounds_are_stored_in_drawing_order_with_group_and_time(db_url):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    first = store.add_round(code, "Team Pikachu", ROUND)
    second = store.add_round(code.lower(), "Team Eevee", OTHER, simulated=True)
    assert second > first
    table = store.rounds(code, key)
    assert list(table.columns) == ["id", "group", "time", "simulated", *TOKEN_COLUMNS]
    assert table["group"].tolist() == ["Team Pikachu", "Team Eevee"]
    assert tuple(table.iloc[0][list(TOKEN_COLUMNS)]) == ROUND
    assert table["simulated"].tolist() == [False, True]
    assert str(table["time"].dt.tz) == "UTC"
    # the join code alone: the pooled class, other groups' names blank, one's own named
    mine = store.rounds(code, group="Team Eevee")
    assert mine["group"].tolist() == ["", "Team Eevee"]
    tally = store.tally(code, key)
    assert isinstance(tally, ClassTally) and tally.rounds == (ROUND, OTHER)
    assert tally.table(["last:blue"]).iloc[0]["happened"] == 1


def test_a_group_takes_back_only_its_own_last_round(db_url):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    token = store.join_group(code, "A")
    a1 = store.add_round(code, "A", ROUND, token=token)
    store.add_round(code, "B", OTHER)
    a2 = store.add_round(code, "A", OTHER, token=token)
    assert store.undo_round(code, "A", token) == a2
    assert store.undo_round(code, "A", token) == a1
    with pytest.raises(ClassroomError) as err:
        store.undo_round(code, "A", token)
    assert "no round to take back" in str(err.value) and "撤回" in err.value.message("zh")
    assert store.rounds(code, key)["group"].tolist() == ["B"]


def test_reset_export_and_group_list_need_the_teacher_key(db_url, tmp_path):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    for group in ("A", "B", "A"):
        store.add_round(code, group, ROUND)
    groups = store.groups(code, key)
    assert groups[["group", "rounds"]].values.tolist() == [["A", 2], ["B", 1]]
    path = store.export_csv(code, key, tmp_path / "7B.csv")
    exported = pd.read_csv(path)
    assert len(exported) == 3 and exported["token_10"].tolist() == ["blue"] * 3
    for refused in (
        lambda: store.reset(code, None),
        lambda: store.reset(code, "WRONG-KEY0-0000-0000"),
        lambda: store.export_csv(code, "", tmp_path / "x.csv"),
        lambda: store.groups(code, code),  # the join code is not the teacher key
        lambda: store.delete_class(code, key.replace("-", "")[::-1]),
    ):
        with pytest.raises(PermissionError) as err:
            refused()
        assert "teacher key" in str(err.value) and "教师密钥" in err.value.message("zh")
    assert not (tmp_path / "x.csv").exists()
    assert len(store.rounds(code, key)) == 3
    assert store.reset(code, key.lower()) == 3  # typed in any case, dashes optional
    assert store.rounds(code, key).empty
    log = store.refusal_log(code, key)
    assert (log["reason"] == "wrong teacher key").sum() == 3
    assert (log["reason"] == "missing teacher key").sum() == 2
    store.delete_class(code, key)
    with pytest.raises(ClassAccessError):
        store.add_round(code, "A", ROUND)


def test_one_class_never_sees_or_changes_another(db_url):
    store = ClassStore.connect(db_url)
    code_a, key_a = store.create_class("7A")
    code_b, key_b = store.create_class("7B")
    store.add_round(code_a, "A", ROUND)
    store.add_round(code_b, "B", OTHER)
    before = snapshot(store, code_b, key_b)
    for refused in (
        lambda: store.reset(code_b, key_a),
        lambda: store.rounds(code_b, key_a),
        lambda: store.export_csv(code_a, key_b, "never.csv"),
        lambda: store.delete_class(code_b, key_a),
    ):
        with pytest.raises(ClassAccessError):
            refused()
    assert snapshot(store, code_b, key_b) == before
    assert store.rounds(code_a)["token_1"].tolist() == ["red"]
    assert store.class_name(code_b) == "7B"


@pytest.mark.parametrize(
    "code",
    ["", None, "ZZZZZZ", "' OR '1'='1", "ABC123; DELETE FROM pokelab_rounds", "A" * 5000, 123456],
)
def test_wrong_or_malformed_join_codes_are_refused_and_nothing_changes(db_url, code):
    store = ClassStore.connect(db_url)
    real, key = store.create_class("7B")
    store.add_round(real, "A", ROUND)
    before = snapshot(store, real, key)
    for refused in (
        lambda: store.add_round(code, "A", ROUND),
        lambda: store.undo_round(code, "A"),
        lambda: store.rounds(code),
        lambda: store.reset(code, key),
    ):
        with pytest.raises((PermissionError, ValueError)) as err:
            refused()
        assert err.value.message("zh")  # every refusal explains itself in Chinese too
    assert snapshot(store, real, key) == before


@pytest.mark.parametrize(
    "group",
    [
        "x'); DROP TABLE pokelab_rounds; --",
        "<script>alert(1)</script>",
        'Robert"; DELETE',
        "A\x00B",
        "",
        "   ",
        "G" * 33,
        "Ä" * 10_000,
        "simulated",
        ["A"],
    ],
)
def test_injection_and_oversized_group_names_are_refused_and_nothing_changes(db_url, group):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    store.add_round(code, "A", ROUND)
    before = snapshot(store, code, key)
    with pytest.raises(ClassroomError) as err:
        store.add_round(code, group, ROUND)
    assert err.value.message("zh")
    with pytest.raises(ClassroomError):
        store.undo_round(code, group)
    assert snapshot(store, code, key) == before
    with sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://")).connect() as c:
        assert sa.inspect(c).has_table("pokelab_rounds")


@pytest.mark.parametrize(
    ("tokens", "rule"),
    [
        (ROUND[:9], "HC-C3"),
        ((*ROUND, "red"), "HC-C3"),
        (("purple",) * 3 + ROUND[:7], "HC-C1"),
        ((*ROUND[:9], "'; DROP TABLE x; --"), None),
        ((*ROUND[:9], "r" * 100_000), None),
        (("red",) * 100_000, None),
        ("redredredredredredredredredred", "HC-C3"),
    ],
)
def test_hc_c1_hc_c3_bad_rounds_are_refused_and_nothing_changes(db_url, tokens, rule):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    with pytest.raises(ValueError) as err:
        store.add_round(code, "A", tokens)
    if rule is not None:
        assert isinstance(err.value, IllegalAction) and err.value.rule == rule
    assert len(str(err.value)) < 300  # an oversized input is not echoed back
    assert store.rounds(code, key).empty


def test_a_repeated_submission_is_stored_once(db_url):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    first = store.add_round(code, "A", ROUND, submission="abc")
    again = store.add_round(code, "A", ROUND, submission="abc")
    assert first == again and len(store.rounds(code, key)) == 1


def test_revision_changes_whenever_the_rounds_change(db_url):
    store = ClassStore.connect(db_url)
    code, key = store.create_class("7B")
    seen: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def check() -> None:
        ids = tuple(store.rounds(code, key)["id"])
        assert seen.setdefault(store.revision(code), ids) == ids  # same fingerprint, same rounds

    check()
    a, b = store.join_group(code, "A"), store.join_group(code, "B")
    store.add_round(code, "A", ROUND, token=a)
    check()
    store.add_round(code, "B", ROUND, token=b)
    check()
    store.undo_round(code, "B", b)
    check()
    store.add_round(code, "B", OTHER, token=b)  # as many rounds as two steps ago, but another one
    check()
    store.undo_round(code, "A", a)
    check()
    store.add_round(code, "A", OTHER, token=a)
    check()
    store.reset(code, key)
    check()
    assert len(seen) == 6 and store.revision(code) == (0, 0, 0)


def test_keys_are_random_and_stored_only_hashed(db_url):
    store = ClassStore.connect(db_url)
    pairs = [store.create_class(f"class {i}") for i in range(5)]
    assert len({c for c, _ in pairs}) == 5 and len({k for _, k in pairs}) == 5
    engine = sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as conn:
        stored = " ".join(str(v) for row in conn.execute(sa.select(schema.classes)) for v in row)
    for code, key in pairs:
        assert code not in stored and key.replace("-", "") not in stored and key not in stored


def test_an_older_class_database_is_upgraded_and_keeps_its_rounds(sqlite_url):
    engine = sa.create_engine(sqlite_url)
    with engine.begin() as conn:  # a class database written by a kit of schema version 1
        schema.migrate_to(conn, 1)
        conn.execute(
            sa.insert(schema.classes).values(
                name="old", join_hash="h", teacher_hash="t", created=0.0
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO pokelab_rounds (class_id, group_name, created, simulated, "
                + ", ".join(TOKEN_COLUMNS)
                + ") VALUES (1, 'A', 0, 0, "
                + ", ".join(f"'{t}'" for t in ROUND)
                + ")"
            )
        )
    engine.dispose()
    store = ClassStore.connect(sqlite_url)
    with store._engine.connect() as conn:
        assert schema.read_version(conn) == schema.SCHEMA_VERSION
        assert conn.execute(sa.text("SELECT count(*) FROM pokelab_rounds")).scalar() == 1
    code, key = store.create_class("new")
    store.add_round(code, "A", ROUND, submission="s1")
    assert len(store.rounds(code, key)) == 1


def test_a_newer_class_database_is_refused_with_a_clear_message(sqlite_url):
    ClassStore.connect(sqlite_url).close()
    with sa.create_engine(sqlite_url).begin() as conn:
        conn.execute(sa.text("UPDATE pokelab_meta SET value = '99' WHERE key = 'schema_version'"))
    with pytest.raises(ClassroomError) as err:
        ClassStore.connect(sqlite_url)
    assert "newer pokelab" in str(err.value) and "更新" in err.value.message("zh")


def test_a_locked_sqlite_database_is_retried_then_reported_clearly(sqlite_url, tmp_path):
    store = ClassStore.connect(sqlite_url, timeout=1.0)
    code, key = store.create_class("7B")
    blocker = sqlite3.connect(str(tmp_path / "class.db"), isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
    try:
        with pytest.raises(ClassStoreBusy) as err:
            store.add_round(code, "A", ROUND)
        assert isinstance(err.value, TimeoutError)
        assert "busy" in str(err.value) and "Nothing was saved" in str(err.value)
        assert "没有保存" in err.value.message("zh")
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    store.add_round(code, "A", ROUND)  # the lock is gone: the next submit goes through
    assert len(store.rounds(code, key)) == 1


def test_the_kit_imports_without_sqlalchemy_and_a_store_says_what_to_install():
    """The engine, the `pokelab` command and the lessons' exercises install without the `lab` extra."""
    script = (
        "import sys; sys.modules['sqlalchemy'] = None\n"
        "import pokelab.cli, pokelab.teaching\n"
        "from pokelab.classroom import ClassroomError, ClassStore\n"
        "try:\n    ClassStore.connect('sqlite://')\n"
        "except ClassroomError as err:\n    print(err.message('en'))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert "lab extra" in done.stdout
