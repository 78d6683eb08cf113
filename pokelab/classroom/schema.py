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
- 3: (the shared game tables' first step: ``pokelab.tables.schema``).
- 4: the groups that joined a class, each with the hash of its group token
  (``ClassStore.join_group``: adding and taking back its rounds need it).
- 5: pupils who joined a class (hashed pupil token), every answer they gave to
  an exercise (``pokelab.classroom.answers``) and the class's settings (the
  teacher's ``reveal`` policy).
- 6: (the shared game tables' second step: ``pokelab.tables.schema``).
- 7, 8: (the class bot league's tables and its hashed seat tokens: ``pokelab.league.schema``).

Versions 3 and 6 belong to the game tables, 7 and 8 to the league — packages above the store: each
attaches its steps to an open store (``ClassStore.extend``, ``extension``), so
the store's own steps skip those numbers and the version record stays the one
every kit wrote.

>>> SCHEMA_VERSION, [step.version for step in STEPS]
(8, [1, 2, 4, 5])
>>> migrate_to(None, 9)
Traceback (most recent call last):
...
ValueError: this kit knows class-database versions up to 8, not 9
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from pokelab.classroom.access import (
    ANSWER_LENGTH,
    GROUP_LENGTH,
    NAME_LENGTH,
    REASON_LENGTH,
    TOKEN_COLUMNS,
)
from pokelab.classroom.errors import ClassroomError
from pokelab.classroom.extension import SchemaPart, SchemaStep
from pokelab.words import _

__all__ = [
    "SCHEMA_VERSION",
    "STEPS",
    "answers",
    "classes",
    "groups",
    "meta",
    "migrate_to",
    "pupils",
    "read_version",
    "refusals",
    "rounds",
    "run_part",
    "settings",
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


def _v4_group_tokens(conn: sa.Connection) -> None:
    """Version 4: the groups that joined, with their hashed group tokens."""
    groups.create(conn)


def _v5_pupil_answers(conn: sa.Connection) -> None:
    """Version 5: pupils, their answers and the class settings."""
    pupils.create(conn)
    answers.create(conn)
    settings.create(conn)


#: The store's own steps, oldest first (the versions between are the game tables', ``pokelab.tables.schema``).
STEPS: tuple[SchemaStep, ...] = (
    SchemaStep(1, _v1_classes_and_rounds, creates=(classes.name, rounds.name)),
    SchemaStep(2, _v2_submissions_and_refusals, creates=(refusals.name,)),
    SchemaStep(4, _v4_group_tokens, creates=(groups.name,)),
    SchemaStep(5, _v5_pupil_answers, creates=(pupils.name, answers.name, settings.name)),
)
#: The newest version of the class database: every part's steps (the store's, the game tables' and the league's) count in it.
SCHEMA_VERSION = 8


def _check_record_matches_tables(conn: sa.Connection, old: int, pending: Sequence[SchemaStep]) -> None:
    """Nothing when no table a pending step creates exists yet; else the schema record is damaged (``ClassroomError``)."""
    made = {name for step in pending for name in step.creates}
    present = sorted(made & set(sa.inspect(conn).get_table_names()))
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


def check_part(part: SchemaPart) -> None:
    """Nothing when ``part``'s steps take versions this store knows and leaves to parts; else a ``ValueError``."""
    own = {step.version for step in STEPS}
    wrong = [v for v in part.versions if v in own or not 0 < v <= SCHEMA_VERSION]
    if wrong:
        raise ValueError(  # a programming error
            f"schema part {part.name!r} numbers a step {wrong[0]}: the store's own steps are "
            f"{sorted(own)} and this kit knows versions up to {SCHEMA_VERSION}"
        )


def migrate_to(conn: sa.Connection | None, target: int = SCHEMA_VERSION, parts: Sequence[SchemaPart] = ()) -> int:
    """Run the steps that bring the database behind ``conn`` up to ``target``; return the old version.

    The store's own steps, and those of ``parts`` (a kit that wrote a part's
    tables in the same upgrade), run in version order. Call it inside a
    transaction that holds the database's write lock.
    """
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(
            f"this kit knows class-database versions up to {SCHEMA_VERSION}, not {target}"
        )
    assert conn is not None
    for part in parts:
        check_part(part)
    meta.create(conn, checkfirst=True)
    old = read_version(conn)
    steps = sorted((*STEPS, *(step for part in parts for step in part.steps)), key=lambda step: step.version)
    pending = [step for step in steps if old < step.version <= target]
    _check_record_matches_tables(conn, old, pending)
    for step in pending:
        step.run(conn)
    if target > old:
        conn.execute(sa.delete(meta).where(meta.c.key == "schema_version"))
        conn.execute(sa.insert(meta).values(key="schema_version", value=str(target)))
    return old


def run_part(conn: sa.Connection, part: SchemaPart) -> None:
    """Run the steps of ``part`` whose change the database lacks, in order (``ClassStore.extend``).

    Call it inside a transaction that holds the database's write lock, once
    the database is at this kit's version.
    """
    check_part(part)
    for step in part.steps:
        if step.missing is not None and step.missing(conn):
            step.run(conn)
