"""The class database's tables and their migrations: a newer kit opens (and upgrades) an older database.

The version lives in the table ``pokelab_meta`` (key ``schema_version``). Each
migration is one function run inside one transaction, under a lock (SQLite
``BEGIN IMMEDIATE``, a PostgreSQL advisory lock), so thirty kernels opening a
fresh database at once upgrade it exactly once. A fresh database runs every
migration from 1, so the upgrade path is the path every database takes.

- 1: classes (name, hashed join code and teacher key) and rounds (group, time,
  the 10 tokens in drawing order, drawn by hand or by the computer).
- 2: a submission id per round (unique in its class, so a retried submit never
  stores a round twice) and the log of refused requests.

>>> SCHEMA_VERSION, [m.__name__ for m in MIGRATIONS]
(2, ['_v1_classes_and_rounds', '_v2_submissions_and_refusals'])
>>> migrate_to(None, 3)
Traceback (most recent call last):
...
ValueError: this kit knows class-database versions up to 2, not 3
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa

from pokelab.classroom.access import GROUP_LENGTH, NAME_LENGTH, REASON_LENGTH, TOKEN_COLUMNS

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "TOKEN_COLUMNS",
    "classes",
    "meta",
    "migrate_to",
    "read_version",
    "refusals",
    "rounds",
]


_METADATA = sa.MetaData()

meta = sa.Table(
    "pokelab_meta",
    _METADATA,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)


def _class_columns() -> list[sa.Column]:
    return [
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(NAME_LENGTH), nullable=False),
        sa.Column("join_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("teacher_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    ]


def _round_columns() -> list[sa.Column]:
    return [
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "class_id",
            sa.Integer,
            sa.ForeignKey("pokelab_classes.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("group_name", sa.String(GROUP_LENGTH), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("simulated", sa.Boolean, nullable=False),
        *(sa.Column(name, sa.String(8), nullable=False) for name in TOKEN_COLUMNS),
    ]


classes = sa.Table("pokelab_classes", _METADATA, *_class_columns(), sqlite_autoincrement=True)

#: Rounds, as the newest schema has them (``sqlite_autoincrement``: an id is never reused).
rounds = sa.Table(
    "pokelab_rounds",
    _METADATA,
    *_round_columns(),
    sa.Column("submission", sa.String(36), nullable=True),
    sqlite_autoincrement=True,
)

refusals = sa.Table(
    "pokelab_refusals",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("class_id", sa.Integer, nullable=True),
    sa.Column("action", sa.String(40), nullable=False),
    sa.Column("reason", sa.String(REASON_LENGTH), nullable=False),
)


def _v1_classes_and_rounds(conn: sa.Connection) -> None:
    """Version 1: classes and rounds (no submission ids yet)."""
    v1 = sa.MetaData()
    sa.Table(classes.name, v1, *_class_columns(), sqlite_autoincrement=True)
    old_rounds = sa.Table(rounds.name, v1, *_round_columns(), sqlite_autoincrement=True)
    sa.Index("pokelab_rounds_class", old_rounds.c.class_id)
    v1.create_all(conn)


def _v2_submissions_and_refusals(conn: sa.Connection) -> None:
    """Version 2: a submission id per round, unique in its class, and the refusal log."""
    conn.execute(sa.text("ALTER TABLE pokelab_rounds ADD COLUMN submission VARCHAR(36)"))
    conn.execute(
        sa.text(
            "CREATE UNIQUE INDEX pokelab_rounds_submission ON pokelab_rounds (class_id, submission)"
        )
    )
    refusals.create(conn)


MIGRATIONS: tuple[Callable[[sa.Connection], None], ...] = (
    _v1_classes_and_rounds,
    _v2_submissions_and_refusals,
)
SCHEMA_VERSION = len(MIGRATIONS)


def read_version(conn: sa.Connection) -> int:
    """The schema version of the database behind ``conn`` (0 for an empty database)."""
    if not sa.inspect(conn).has_table(meta.name):
        return 0
    value = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version")).scalar()
    return int(value) if value is not None else 0


def migrate_to(conn: sa.Connection | None, target: int = SCHEMA_VERSION) -> int:
    """Run the migrations that bring the database behind ``conn`` up to ``target``; return the old version.

    Call it inside a transaction that holds the database's write lock.
    """
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(
            f"this kit knows class-database versions up to {SCHEMA_VERSION}, not {target}"
        )
    assert conn is not None
    meta.create(conn, checkfirst=True)
    old = read_version(conn)
    for version in range(old + 1, target + 1):
        MIGRATIONS[version - 1](conn)
    if target > old:
        conn.execute(sa.delete(meta).where(meta.c.key == "schema_version"))
        conn.execute(sa.insert(meta).values(key="schema_version", value=str(target)))
    return old
