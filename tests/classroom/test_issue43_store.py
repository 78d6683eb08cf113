"""Issue 43, the class store under real faults: every refusal a kit error, nothing served from a replaced file.

SQLite files and a real PostgreSQL server (``db_url``); no mocks.
"""

from __future__ import annotations

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
