"""The tables' own part of the class database's schema (``pokelab.tables.schema``): older databases keep opening.

The tables' steps keep versions 3 and 6 of the one schema record, and run when
``Tables(store)`` attaches them, on a SQLite file and a real PostgreSQL server.
"""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from pokelab.classroom import ClassStore, SchemaPart, SchemaStep, schema
from pokelab.tables import Tables
from pokelab.tables.schema import TABLES, game_tables, table_moves


def _engine(url: str) -> sa.Engine:
    return sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))


def _columns(store: ClassStore) -> set[str]:
    return store.read(lambda conn: {c["name"] for c in sa.inspect(conn).get_columns(game_tables.name)})


def test_a_version_5_database_with_tables_of_before_version_6_opens_and_keeps_its_game(db_url) -> None:
    store = ClassStore.connect(db_url)
    join_code, _key = store.create_class("7B")
    tables = Tables(store)
    code = tables.create_table(join_code, "herecomes", seed=3)
    table = tables.table(code)
    token = table.sit(0, "Ash", join_code=join_code)
    table.sit(1, "Misty", join_code=join_code)
    before = table.view(0, token=token)
    store.close()
    with _engine(db_url).begin() as conn:  # as a kit of version 5 left it: no creator column, record 5
        conn.execute(sa.text("ALTER TABLE pokelab_tables DROP COLUMN created_by"))
        conn.execute(sa.update(schema.meta).where(schema.meta.c.key == "schema_version").values(value="5"))
    again = ClassStore.connect(db_url)
    with again.engine.connect() as conn:
        assert schema.read_version(conn) == 8  # the store's record moves on …
    assert "created_by" not in _columns(again)  # … and the tables' step 6 waits for the tables
    reopened = Tables(again).table(code)
    assert "created_by" in _columns(again)
    assert reopened.view(0, token=token)["revision"] == before["revision"]  # the game is still there
    assert again.read(lambda conn: conn.execute(sa.select(game_tables.c.created_by)).scalars().all()) == [None]
    assert Tables(again).create_table(join_code, "splendor", name="Ash")  # and new tables record their creator


def test_a_database_the_old_kit_wrote_in_one_upgrade_opens_without_running_a_step_twice(db_url) -> None:
    with _engine(db_url).begin() as conn:  # every step, the tables' among them, in one upgrade, in version order
        assert schema.migrate_to(conn, parts=(TABLES,)) == 0
        assert sa.inspect(conn).has_table(table_moves.name)
    store = ClassStore.connect(db_url)
    join_code, key = store.create_class("7B")
    code = Tables(store).create_table(join_code, "splendor", seed=1)
    assert Tables(store).listing(join_code, key)["table"].tolist() == [code]
    with store.engine.connect() as conn:
        assert schema.read_version(conn) == schema.SCHEMA_VERSION == 8


def _recorded(steps: tuple[SchemaStep, ...], ran: list[int]) -> tuple[SchemaStep, ...]:
    def record(step: SchemaStep) -> SchemaStep:
        def run(conn: sa.Connection) -> None:
            ran.append(step.version)
            step.run(conn)

        return SchemaStep(step.version, run, step.creates, step.missing)

    return tuple(record(step) for step in steps)


def test_an_upgrade_with_the_tables_runs_every_step_in_the_old_order(sqlite_url, monkeypatch) -> None:
    ran: list[int] = []
    monkeypatch.setattr(schema, "STEPS", _recorded(schema.STEPS, ran))
    part = SchemaPart(TABLES.name, _recorded(TABLES.steps, ran))
    with _engine(sqlite_url).begin() as conn:
        schema.migrate_to(conn, 2, parts=(part,))  # a database of version 2: before the tables
    assert ran == [1, 2]
    with _engine(sqlite_url).begin() as conn:
        assert schema.migrate_to(conn, parts=(part,)) == 2
    assert ran == [1, 2, 3, 4, 5, 6]  # the numbers and the order every kit ran them in


def test_a_part_cannot_take_a_version_of_the_store_or_one_beyond_this_kit() -> None:
    store = ClassStore.connect("sqlite://")
    with pytest.raises(ValueError, match="numbers a step 9"):
        store.extend(SchemaPart("later", (SchemaStep(9, lambda conn: None, missing=lambda conn: True),)))
    with pytest.raises(ValueError, match="numbers a step 2"):
        store.extend(SchemaPart("early", (SchemaStep(2, lambda conn: None, missing=lambda conn: True),)))
    with pytest.raises(ValueError, match="says what it adds"):
        SchemaPart("vague", (SchemaStep(3, lambda conn: None),))


def test_the_tables_import_only_what_the_class_store_exports() -> None:
    """The tables reached into the store's modules (``access``, ``db``, ``rounds``, ``limits``, ``schema``)."""
    import ast
    from pathlib import Path

    import pokelab.classroom
    import pokelab.tables

    exported = set(pokelab.classroom.__all__)
    found = []
    for path in sorted(Path(pokelab.tables.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pokelab.classroom"):
                found += [(path.name, node.module, alias.name) for alias in node.names]
            elif isinstance(node, ast.Import):
                found += [(path.name, alias.name, "") for alias in node.names if alias.name.startswith("pokelab.classroom")]
    wrong = [f for f in found if f[1] != "pokelab.classroom" or f[2] not in exported]
    assert found and not wrong


def test_attaching_the_tables_to_a_database_that_has_them_writes_nothing(db_url) -> None:
    ClassStore.connect(db_url).close()
    Tables(ClassStore.connect(db_url))  # the first attach makes the tables
    store = ClassStore.connect(db_url)
    said: list[str] = []
    sa.event.listen(store.engine, "before_cursor_execute", lambda *args: said.append(args[2].split()[0].upper()))
    Tables(store)
    Tables(store)  # once per store: the second asks nothing
    assert said and not {"CREATE", "ALTER", "INSERT", "UPDATE", "DELETE"} & set(said)
    assert said.count("SELECT") <= 8  # a few catalogue reads, no write lock waited for
