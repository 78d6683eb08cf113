"""The league's own tables in the class database, created the first time a store opens a league.

The kit's store (``pokelab.classroom``) keeps its schema and migrations to
itself; a package above it adds its own tables through the store's public
doors only: ``attach(store)`` reads first and writes (``CREATE TABLE`` for
the missing ones, in one transaction of ``ClassStore.write``) only when one is
missing, so a kernel that opens a league on a current database writes
nothing. Every table hangs off ``pokelab_classes`` with ``ON DELETE CASCADE``:
deleting a class (``ClassStore.delete_class``) deletes its leagues.

- ``leagues``: one row per league — its code, class, game, games per pair and
  time limits.
- ``entries``: the bots entered under a name (a pupil's, with the hash of the
  entry token, or a house bot's registered name).
- ``versions``: each version of an entry, kept with its results.
- ``league_games``: one row per scheduled game — its round, the versions in
  seats 0 and 1, its shared table, the seat tokens the runners claim, the
  result.
- ``marks``: a default move played for a bot, and why (shown to its author only).

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

from typing import Any

from pokelab.classroom import ClassStore
from pokelab.classroom.db import sa

__all__ = ["NAME_LENGTH", "attach", "entries", "league_games", "leagues", "marks", "missing_tables", "versions"]

#: The longest bot name (characters, after spaces are squeezed).
NAME_LENGTH = 24

_METADATA = sa.MetaData()
#: The class store's table the league hangs off, named for the foreign keys only (never created here).
_CLASSES = sa.Table("pokelab_classes", _METADATA, sa.Column("id", sa.Integer, primary_key=True))


def _class_id() -> sa.Column:
    return sa.Column(
        "class_id", sa.Integer, sa.ForeignKey("pokelab_classes.id", ondelete="CASCADE"), nullable=False, index=True
    )


def _league_id() -> sa.Column:
    return sa.Column(
        "league_id", sa.Integer, sa.ForeignKey("pokelab_leagues.id", ondelete="CASCADE"), nullable=False, index=True
    )


leagues = sa.Table(
    "pokelab_leagues",
    _METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    _class_id(),
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
    sa.Column("seat_tokens", sa.Text, nullable=True),  # JSON [token or null, ...]: handed to the seat's author only
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
    sa.Column("kind", sa.String(12), nullable=False),  # timeout, error, illegal, absent
    sa.Column("rule", sa.String(16), nullable=True),  # the rule ID of a refused move
    sa.Column("detail", sa.Text, nullable=False),  # JSON: language -> text (its author's eyes only)
    sa.Column("at", sa.Float, nullable=False),
    sqlite_autoincrement=True,
)

_TABLES = (leagues, entries, versions, league_games, marks)


def missing_tables(store: ClassStore) -> list[str]:
    """The league tables the database behind ``store`` does not have yet (one read)."""
    present = set(store.read(lambda conn: sa.inspect(conn).get_table_names()))
    return [t.name for t in _TABLES if t.name not in present]


def attach(store: ClassStore) -> None:
    """Create the league's tables the database lacks (a read first; a write only when one is missing)."""
    if not isinstance(store, ClassStore):
        raise TypeError(f"the league attaches to a pokelab.classroom.ClassStore, not {store!r}")  # a programming error
    if not missing_tables(store):
        return

    def create(conn: Any) -> None:
        if conn.dialect.name == "postgresql":  # two teachers' kernels at once: one creates, the other finds them
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(740418)"))
        _METADATA.create_all(conn, tables=list(_TABLES), checkfirst=True)

    store.write(create)
