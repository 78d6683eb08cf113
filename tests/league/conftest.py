"""The league's tests run on the class databases of the store tests (a SQLite file; PostgreSQL where it runs)."""

from tests.classroom.conftest import (  # noqa: F401 - the class databases' fixtures
    db_url,
    free_port,
    in_ci,
    pg_url,
    postgres,
    sqlite_url,
)
