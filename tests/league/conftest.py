"""The league's tests run on the class databases of the store tests (a SQLite file; PostgreSQL where it runs).

``new_league`` starts a league in a new class; ``kernels`` collects the pupils' kernels a test starts and
closes them after it; ``every_text`` reads the whole database, to search it for a secret.
"""

from typing import Any

import pytest

from pokelab.classroom import ClassStore
from pokelab.classroom.db import sa
from pokelab.league import League
from tests.classroom.conftest import (  # noqa: F401 - the class databases' fixtures
    db_url,
    free_port,
    in_ci,
    pg_url,
    postgres,
    sqlite_url,
)
from tests.league.kernels import Kernel


def new_league(url: str, game: str = "herecomes", **options: Any) -> tuple[ClassStore, str, str, League]:
    """A new class 7B at ``url`` and a league of ``game`` in it: ``(store, join_code, teacher_key, league)``."""
    store = ClassStore.connect(url)
    join_code, key = store.create_class("7B")
    return store, join_code, key, League.create(store, join_code, key, game, **options)


@pytest.fixture
def kernels():
    """The pupils' kernels a test starts (append them), closed after it."""
    started: list[Kernel] = []
    yield started
    for kernel in started:
        kernel.close()


def every_text(store: ClassStore) -> str:
    """Every value of every row of every table of the class database, as one text (to search for secrets)."""
    def read(conn) -> str:
        names = sa.inspect(conn).get_table_names()
        found = []
        for name in names:
            table = sa.Table(name, sa.MetaData(), autoload_with=conn)
            found += [repr(tuple(row)) for row in conn.execute(sa.select(table))]
        return "\n".join(found)

    return store.read(read)
