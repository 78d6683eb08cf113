"""The shared tables' tests run on the class databases of the store tests: a SQLite file and a real PostgreSQL server."""

from tests.classroom.conftest import (  # noqa: F401 - the class databases' fixtures
    db_url,
    free_port,
    in_ci,
    pg_url,
    postgres,
    sqlite_url,
    wait_until,
)
