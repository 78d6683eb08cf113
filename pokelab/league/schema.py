"""The league's own tables in the class database: its part of the schema (``LEAGUE``, versions 7 and 8).

The kit's store (``pokelab.classroom``) keeps its schema and migrations to
itself; the league, a package above it, declares its tables as a
``SchemaPart`` and attaches it through the store's public door
``ClassStore.extend`` (``attach``), as the shared tables do
(``pokelab.tables.schema``). Each step says what it adds and runs only when the
database lacks it, so a kernel that opens a league on a current database
writes nothing. Every table hangs off ``pokelab_classes`` with
``ON DELETE CASCADE``: deleting a class (``ClassStore.delete_class``) deletes
its leagues.

- 7: the league's tables (issue 46).
  ``leagues``: one row per league — its code, class, game, games per pair
  and time limits. ``entries``: the bots entered under a name (a pupil's,
  with the hash of the entry token, or a house bot's registered name).
  ``versions``: each version of an entry, kept with its results.
  ``league_games``: one row per scheduled game — its round, the versions in
  seats 0 and 1, its shared table, the result. ``marks``: a default move
  played for a bot, and why (shown to its author only).
- 8: a game keeps the **hash** of each seat's token (``seat_hashes``), no
  longer the token: a runner derives its seat's token from its entry token
  (``League.seat_token``) and claims the seat itself. A database of version 7
  loses its games' stored tokens (their seats stay claimed, by hash).

>>> LEAGUE.name, LEAGUE.versions
('league', (7, 8))
>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> attach(store); attach(store)   # the second call finds every table and writes nothing
>>> sorted(missing_tables(store))
[]
>>> attach("sqlite://")
Traceback (most recent call last):
...
TypeError: the league attaches to a pokelab.classroom.ClassStore, not 'sqlite://'
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from pokelab.classroom import ClassStore, SchemaPart, SchemaStep, class_column, digest

__all__ = ["LEAGUE", "NAME_LENGTH", "attach", "entries", "league_games", "leagues", "marks", "missing_tables", "seat_digest", "versions"]

#: The longest bot name (characters, after spaces are squeezed).
NAME_LENGTH = 24

_METADATA = sa.MetaData()


def _league_id() -> sa.Column:
    return sa.Column(
        "league_id", sa.Integer, sa.ForeignKey("pokelab_leagues.id", ondelete="CASCADE"), nullable=False, index=True
    )


leagues = sa.Table(
    "pokelab_leagues",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    class_column(index=True),
    sa.Column("code", sa.String(8), nullable=False, unique=True),
    sa.Column("game", sa.String(16), nullable=False),
    sa.Column("games_per_pair", sa.Integer, nullable=False),
    sa.Column("move_seconds", sa.Float, nullable=False),
    sa.Column("grace_seconds", sa.Float, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sqlite_autoincrement=True,
)

entries = sa.Table(
    "pokelab_league_entries",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    _league_id(),
    sa.Column("name", sa.String(NAME_LENGTH), nullable=False),
    sa.Column("name_key", sa.String(4 * NAME_LENGTH), nullable=False),  # casefolded: one Ash per league
    sa.Column("author", sa.String(64), nullable=True),  # NULL: a house bot
    sa.Column("author_key", sa.String(256), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("house", sa.String(24), nullable=True),  # the registered bot of a house entry
    sa.Column("created", sa.Float, nullable=False),
    sa.UniqueConstraint("league_id", "name_key", name="pokelab_league_entries_name"),
    sqlite_autoincrement=True,
)

versions = sa.Table(
    "pokelab_league_versions",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("entry_id", sa.Integer, sa.ForeignKey("pokelab_league_entries.id", ondelete="CASCADE"), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(120), nullable=False),  # the bot's class, as its author's kernel named it
    sa.Column("created", sa.Float, nullable=False),
    sa.UniqueConstraint("entry_id", "version", name="pokelab_league_versions_number"),
    sqlite_autoincrement=True,
)

league_games = sa.Table(
    "pokelab_league_games",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    _league_id(),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("seat0", sa.Integer, sa.ForeignKey("pokelab_league_versions.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seat1", sa.Integer, sa.ForeignKey("pokelab_league_versions.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(8), nullable=False),  # pending, open, done
    sa.Column("table_code", sa.String(8), nullable=True),
    sa.Column("seat_hashes", sa.Text, nullable=True),  # JSON [seat_digest or null, ...]: null until its runner claims it
    sa.Column("scores", sa.Text, nullable=True),  # JSON points per seat
    sa.Column("results", sa.Text, nullable=True),  # JSON per seat: 1 won, 0.5 shared, 0 lost
    sa.Column("forfeits", sa.Text, nullable=True),  # JSON [bool, bool]: the seat's bot was absent
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("finished", sa.Float, nullable=True),
    sqlite_autoincrement=True,
)

marks = sa.Table(
    "pokelab_league_marks",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("pokelab_league_games.id", ondelete="CASCADE"), nullable=False,
              index=True),
    sa.Column("version_id", sa.Integer, sa.ForeignKey("pokelab_league_versions.id", ondelete="CASCADE"),
              nullable=False),
    sa.Column("kind", sa.String(12), nullable=False),  # timeout, error, memory, illegal, absent (marks.MARK_KINDS)
    sa.Column("rule", sa.String(16), nullable=True),  # the rule ID of a refused move
    sa.Column("detail", sa.Text, nullable=False),  # JSON: language -> text (its author's eyes only)
    sa.Column("at", sa.Float, nullable=False),
    sqlite_autoincrement=True,
)

_TABLES = (leagues, entries, versions, league_games, marks)


def seat_digest(table_code: str, token: str) -> str:
    """The stored hash of a league seat's token at table ``table_code`` (``pokelab.classroom.digest``, as the tables hash theirs).

    >>> seat_digest("K7M2QX", "ABCDEF") == seat_digest("K7M2QX", "ABCDEF") != seat_digest("K7M2QY", "ABCDEF")
    True
    """
    return digest("league seat", f"{table_code}:{token}")


def _columns(conn: Any, table: sa.Table) -> set[str]:
    return {c["name"] for c in sa.inspect(conn).get_columns(table.name)}


def _lacks_tables(conn: Any) -> bool:
    present = set(sa.inspect(conn).get_table_names())
    return any(t.name not in present for t in _TABLES)


def _lacks_seat_hashes(conn: Any) -> bool:
    inspector = sa.inspect(conn)  # no games table yet: step 7 makes it with the column
    return inspector.has_table(league_games.name) and "seat_hashes" not in _columns(conn, league_games)


def _v7_league_tables(conn: Any) -> None:
    """Version 7: the league's tables (each made only when it is missing, with today's columns)."""
    _METADATA.create_all(conn, tables=list(_TABLES), checkfirst=True)


def _v8_seat_hashes(conn: Any) -> None:
    """Version 8: each game's seat tokens become their hashes, and the tokens themselves leave the database."""
    conn.execute(sa.text("ALTER TABLE pokelab_league_games ADD COLUMN seat_hashes TEXT"))
    rows = conn.execute(sa.text(
        "SELECT id, table_code, seat_tokens FROM pokelab_league_games WHERE seat_tokens IS NOT NULL"
    )).all()
    for game_id, table_code, stored in rows:
        tokens = json.loads(stored)
        hashes = [None if t is None else seat_digest(str(table_code), str(t)) for t in tokens]
        conn.execute(sa.text("UPDATE pokelab_league_games SET seat_hashes = :h WHERE id = :id"),
                     {"h": json.dumps(hashes), "id": game_id})
    conn.execute(sa.text("ALTER TABLE pokelab_league_games DROP COLUMN seat_tokens"))


#: The league's part of the class database's schema (``ClassStore.extend`` runs it: ``attach``).
LEAGUE = SchemaPart(
    "league",
    (
        SchemaStep(7, _v7_league_tables, creates=tuple(t.name for t in _TABLES), missing=_lacks_tables),
        SchemaStep(8, _v8_seat_hashes, missing=_lacks_seat_hashes),
    ),
)


def missing_tables(store: ClassStore) -> list[str]:
    """The league tables the database behind ``store`` does not have yet (one read)."""
    present = set(store.read(lambda conn: sa.inspect(conn).get_table_names()))
    return [t.name for t in _TABLES if t.name not in present]


def attach(store: ClassStore) -> None:
    """Attach the league's schema part to ``store`` (``ClassStore.extend``: a read first, a write only when a step is missing)."""
    if not isinstance(store, ClassStore):
        raise TypeError(f"the league attaches to a pokelab.classroom.ClassStore, not {store!r}")  # a programming error
    store.extend(LEAGUE)
