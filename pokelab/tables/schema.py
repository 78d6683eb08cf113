"""The shared tables' rows in the class database and their steps of its schema (``TABLES``, versions 3 and 6).

The store counts one schema version for the whole database
(``pokelab.classroom.schema``); the tables' steps keep the numbers they had
when the store made them, so every class database keeps its version record.
``Tables(store)`` attaches them (``ClassStore.extend``): each step says what
it adds (``missing``) and runs only when the database lacks it, since a store
opened without the tables brings the version past them.

- 3: shared game tables (one row per table: the game's seed, seats, current
  state and revision) and their accepted moves, in order (``pokelab.tables.table``).
- 6: who created each shared table (the name, as the pupil typed it), so the
  per-pupil cap counts the tables a pupil created, not only the seats taken.

>>> TABLES.name, TABLES.versions
('tables', (3, 6))
>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> store.extend(TABLES)
>>> store.read(lambda conn: {game_tables.name, table_moves.name} <= set(sa.inspect(conn).get_table_names()))
True
"""

from __future__ import annotations

import sqlalchemy as sa

from pokelab.classroom import GROUP_LENGTH, SchemaPart, SchemaStep, class_column

__all__ = ["TABLES", "game_tables", "table_moves"]

_METADATA = sa.MetaData()

#: Shared game tables: one row per table, rewritten (with ``revision`` + 1) by every accepted change.
game_tables = sa.Table(
    "pokelab_tables",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    class_column(index=True),
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


def _lacks_tables(conn: sa.Connection) -> bool:
    inspector = sa.inspect(conn)
    return not (inspector.has_table(game_tables.name) and inspector.has_table(table_moves.name))


def _lacks_creators(conn: sa.Connection) -> bool:
    inspector = sa.inspect(conn)  # no tables yet: step 3 makes them with the column
    return not inspector.has_table(game_tables.name) or "created_by" not in {
        c["name"] for c in inspector.get_columns(game_tables.name)
    }


def _v3_game_tables(conn: sa.Connection) -> None:
    """Version 3: shared game tables and their moves (each made only when it is missing)."""
    game_tables.create(conn, checkfirst=True)
    table_moves.create(conn, checkfirst=True)


def _v6_table_creators(conn: sa.Connection) -> None:
    """Version 6: the name that created each table (tables made before it count as made by nobody).

    Version 3 creates the tables with today's columns, so a fresh database has the column already.
    """
    if _lacks_creators(conn):
        conn.execute(sa.text(f"ALTER TABLE pokelab_tables ADD COLUMN created_by VARCHAR({GROUP_LENGTH})"))


#: The tables' part of the class database's schema (``ClassStore.extend`` runs it).
TABLES = SchemaPart(
    "tables",
    (
        SchemaStep(3, _v3_game_tables, creates=(game_tables.name, table_moves.name), missing=_lacks_tables),
        SchemaStep(6, _v6_table_creators, missing=_lacks_creators),
    ),
)
