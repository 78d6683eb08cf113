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
- 3: shared game tables (one row per table: the game's seed, seats, current
  state and revision) and their accepted moves, in order (``pokelab.tables.table``).
- 4: the groups that joined a class, each with the hash of its group token
  (``ClassStore.join_group``: adding and taking back its rounds need it).
- 5: pupils who joined a class (hashed pupil token), every answer they gave to
  an exercise (``pokelab.classroom.answers``) and the class's settings (the
  teacher's ``reveal`` policy).
- 6: who created each shared table (the name, as the pupil typed it), so the
  per-pupil cap counts the tables a pupil created, not only the seats taken.

>>> SCHEMA_VERSION, [m.__name__ for m in MIGRATIONS][-1]
(6, '_v6_table_creators')
>>> migrate_to(None, 7)
Traceback (most recent call last):
...
ValueError: this kit knows class-database versions up to 6, not 7
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa

from pokelab.classroom.access import (
    ANSWER_LENGTH,
    GROUP_LENGTH,
    NAME_LENGTH,
    REASON_LENGTH,
    TOKEN_COLUMNS,
)
from pokelab.classroom.errors import ClassroomError
from pokelab.words import _

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "answers",
    "classes",
    "game_tables",
    "groups",
    "meta",
    "migrate_to",
    "pupils",
    "read_version",
    "refusals",
    "rounds",
    "settings",
    "table_moves",
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

#: Shared game tables: one row per table, rewritten (with ``revision`` + 1) by every accepted change.
game_tables = sa.Table(
    "pokelab_tables",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "class_id",
        sa.Integer,
        sa.ForeignKey("pokelab_classes.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("code", sa.String(8), nullable=False, unique=True),
    sa.Column("game", sa.String(16), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("variant", sa.Text, nullable=True),  # JSON, or NULL for the game's defaults
    sa.Column("idle_seconds", sa.Float, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),  # JSON: name, token hash, bot, last active
    sa.Column("creator", sa.Integer, nullable=True),  # the first seat to sit
    sa.Column("created_by", sa.String(GROUP_LENGTH), nullable=True),  # the name that created it ("" none given)
    sa.Column("state", sa.Text, nullable=False),  # the engine's save of the current state
    sa.Column("revision", sa.Integer, nullable=False),
    sa.Column("move_count", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("scores", sa.Text, nullable=False),  # JSON list of points per seat
    sa.Column("undo", sa.Text, nullable=True),  # JSON: a pending undo request
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("changed", sa.Float, nullable=False),
    sqlite_autoincrement=True,
)

#: The accepted moves of every table, numbered 1, 2, … in the order they were played.
table_moves = sa.Table(
    "pokelab_table_moves",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "table_id",
        sa.Integer,
        sa.ForeignKey("pokelab_tables.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),  # NULL: a chance draw
    sa.Column("kind", sa.String(8), nullable=False),  # human, bot or chance
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("revision", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "number", name="pokelab_table_moves_number"),
    sqlite_autoincrement=True,
)


def _member_table(name: str) -> sa.Table:
    """The members of a class who joined with a token: a name is theirs once joined, the token's hash proves it.

    Groups (``join_group``) and pupils (``join_pupil``) are both such tables.
    """
    return sa.Table(
        name,
        _METADATA,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "class_id",
            sa.Integer,
            sa.ForeignKey("pokelab_classes.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("name", sa.String(GROUP_LENGTH), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("class_id", "name", name=f"{name}_name"),
        sqlite_autoincrement=True,
    )


#: The groups that joined a class: the name is theirs once joined, and the group token proves it.
groups = _member_table("pokelab_groups")
#: The pupils who joined a class (``join_pupil``): the name is theirs, the pupil token proves it.
pupils = _member_table("pokelab_pupils")

#: Every answer a joined pupil gave: one row per answer, its try number counted in the class store.
answers = sa.Table(
    "pokelab_answers",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "class_id",
        sa.Integer,
        sa.ForeignKey("pokelab_classes.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column(
        "pupil_id",
        sa.Integer,
        sa.ForeignKey("pokelab_pupils.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("exercise", sa.String(16), nullable=False),
    sa.Column("lesson", sa.String(120), nullable=False),
    sa.Column("answer", sa.String(ANSWER_LENGTH), nullable=False),
    sa.Column("outcome", sa.String(12), nullable=False),  # correct, wrong, revealed, recorded, compared
    sa.Column("correct", sa.Boolean, nullable=True),  # NULL: not judged (a prediction)
    sa.Column("misconception", sa.String(24), nullable=True),
    sa.Column("misconception_text", sa.Text, nullable=True),  # JSON: language -> text
    sa.Column("try_number", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("submission", sa.String(36), nullable=False),
    sa.UniqueConstraint("class_id", "submission", name="pokelab_answers_submission"),
    sa.Index("pokelab_answers_pupil", "pupil_id", "exercise"),
    sqlite_autoincrement=True,
)

#: A class's settings, one row per setting (``reveal``: when pupils may see an answer).
settings = sa.Table(
    "pokelab_class_settings",
    _METADATA,
    sa.Column(
        "class_id",
        sa.Integer,
        sa.ForeignKey("pokelab_classes.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
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


def _v3_game_tables(conn: sa.Connection) -> None:
    """Version 3: shared game tables and their moves."""
    game_tables.create(conn)
    table_moves.create(conn)


def _v4_group_tokens(conn: sa.Connection) -> None:
    """Version 4: the groups that joined, with their hashed group tokens."""
    groups.create(conn)


def _v5_pupil_answers(conn: sa.Connection) -> None:
    """Version 5: pupils, their answers and the class settings."""
    pupils.create(conn)
    answers.create(conn)
    settings.create(conn)


def _v6_table_creators(conn: sa.Connection) -> None:
    """Version 6: the name that created each table (tables made before it count as made by nobody).

    Version 3 creates the tables with today's columns, so a fresh database has the column already.
    """
    if "created_by" not in {c["name"] for c in sa.inspect(conn).get_columns(game_tables.name)}:
        conn.execute(sa.text(f"ALTER TABLE pokelab_tables ADD COLUMN created_by VARCHAR({GROUP_LENGTH})"))


MIGRATIONS: tuple[Callable[[sa.Connection], None], ...] = (
    _v1_classes_and_rounds,
    _v2_submissions_and_refusals,
    _v3_game_tables,
    _v4_group_tokens,
    _v5_pupil_answers,
    _v6_table_creators,
)
SCHEMA_VERSION = len(MIGRATIONS)

#: The tables each migration creates: a file that already holds one has a schema record that is too old (damaged).
_TABLES_MADE_BY: dict[str, tuple[str, ...]] = {
    "_v1_classes_and_rounds": (classes.name, rounds.name),
    "_v2_submissions_and_refusals": (refusals.name,),
    "_v3_game_tables": (game_tables.name, table_moves.name),
    "_v4_group_tokens": (groups.name,),
    "_v5_pupil_answers": (pupils.name, answers.name, settings.name),
}


def _check_record_matches_tables(conn: sa.Connection, old: int, target: int) -> None:
    """Nothing when no table a pending migration creates exists yet; else the schema record is damaged (``ClassroomError``)."""
    pending = {name for step in MIGRATIONS[old:target] for name in _TABLES_MADE_BY.get(step.__name__, ())}
    present = sorted(pending & set(sa.inspect(conn).get_table_names()))
    if present:
        raise ClassroomError(
            _("the class database's schema record is damaged: it says version {version}, but the file already "
              "holds tables of a later version ({tables}). Restore the file from a copy",
              version=old, tables=", ".join(present)),
        )


def read_version(conn: sa.Connection) -> int:
    """The schema version of the database behind ``conn`` (0 for an empty database).

    A version that is not a whole number from 0 up is a damaged database: ``ClassroomError``.
    """
    if not sa.inspect(conn).has_table(meta.name):
        return 0
    value = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version")).scalar()
    if value is None:
        return 0
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise ClassroomError(
            _("the class database's schema version is damaged ({version} is not a version number): "
              "this is not a class database pokelab can read; restore it from a copy", version=repr(str(value)[:40])),
        )
    return int(text)


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
    _check_record_matches_tables(conn, old, target)
    for version in range(old + 1, target + 1):
        MIGRATIONS[version - 1](conn)
    if target > old:
        conn.execute(sa.delete(meta).where(meta.c.key == "schema_version"))
        conn.execute(sa.insert(meta).values(key="schema_version", value=str(target)))
    return old
