"""Issue 43, the shared tables' doors: the per-pupil cap counts the tables a pupil creates, over the wire too.

A real table server process on a SQLite file, and the store on SQLite and a real PostgreSQL server.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStore, Limits, schema
from pokelab.tables import RemoteTables, Tables
from pokelab.tables.schema import game_tables

from .serving import table_server


def test_a_pupil_cannot_create_more_tables_than_the_cap_without_sitting(db_url) -> None:
    store = ClassStore.connect(db_url, limits=Limits(tables_per_pupil=3))
    join_code, _key = store.create_class("7B")
    tables = Tables(store)
    for _ in range(3):
        tables.create_table(join_code, "splendor", name="Ash")  # created, never sat at
    with pytest.raises(ClassroomError, match="the most is 3") as err:
        tables.create_table(join_code, "splendor", name="ASH")  # old code: the 4th, 5th, … 150th were made
    assert "最多 3" in err.value.message("zh")
    for _ in range(3):
        tables.create_table(join_code, "splendor")  # without a name: those count together …
    with pytest.raises(ClassroomError, match="without a name"):
        tables.create_table(join_code, "herecomes")  # … so a nameless loop stops too
    assert tables.create_table(join_code, "splendor", name="Misty")  # another pupil is not held back
    with store._engine.connect() as conn:
        made = conn.execute(sa.select(game_tables.c.created_by)).scalars().all()
    assert sorted(made) == ["", "", "", "Ash", "Ash", "Ash", "Misty"]  # who created each table is recorded


def test_the_cap_on_created_tables_holds_through_the_table_server(sqlite_url) -> None:
    teacher = ClassStore.connect(sqlite_url)
    join_code, _key = teacher.create_class("7B")
    with table_server(sqlite_url) as (address, _process):
        remote = RemoteTables(address)
        made = [remote.create_table(join_code, "splendor", name="Ash") for _ in range(Limits().tables_per_pupil)]
        assert len(set(made)) == 10
        with pytest.raises(ClassroomError, match="the most is 10"):
            remote.create_table(join_code, "splendor", name="Ash")


def test_a_version_6_database_opened_with_a_version_5_record_is_upgraded_not_broken(sqlite_url) -> None:
    store = ClassStore.connect(sqlite_url)
    with store._engine.begin() as conn:  # the column of version 6 is there already: the step does not add it twice
        conn.execute(sa.update(schema.meta).where(schema.meta.c.key == "schema_version").values(value="5"))
    store.close()
    again = ClassStore.connect(sqlite_url)
    with again._engine.connect() as conn:
        assert schema.read_version(conn) == schema.SCHEMA_VERSION == 8


def test_sitting_at_a_class_table_needs_that_class_join_code(db_url) -> None:
    store = ClassStore.connect(db_url)
    join_code, _key = store.create_class("7B")
    other_code, _other_key = store.create_class("8C")
    table = Tables(store).table(Tables(store).create_table(join_code, "splendor", seed=1))
    with pytest.raises(ClassAccessError, match="no join code"):
        table.sit(1, "Intruder", join_code="")  # old code: the table code alone gave a seat token
    with pytest.raises(ClassAccessError, match="another class") as err:
        table.sit(1, "Intruder", join_code=other_code)  # one class never sits at another's tables
    assert "另一个班" in err.value.message("zh")
    assert len(table.sit(1, "Misty", join_code=join_code)) == 6
