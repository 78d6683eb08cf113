"""Issue 46: the league's tables are a schema part of the class database (versions 7 and 8), and no seat token is kept in clear.

A league's tables attach through the store's public door (``ClassStore.extend``), as the shared
tables' do. A database written before they were a part — the league's tables made beside a
version-6 record, each game keeping its seats' tokens in clear — is upgraded when a league opens
on it: the record moves to 8 and every stored token becomes its hash (``schema.seat_digest``).
"""

from __future__ import annotations

import json

from pokelab.classroom import ClassStore
from pokelab.classroom import schema as store_schema
from pokelab.classroom.db import sa
from pokelab.league import League, schema
from tests.league.conftest import every_text, new_league


def _version(store: ClassStore) -> int:
    return store.read(store_schema.read_version)


def test_the_league_is_a_schema_part_and_opening_it_again_writes_nothing(db_url) -> None:
    store, _join_code, _key, league = new_league(db_url)
    assert schema.LEAGUE.versions == (7, 8) and _version(store) == store_schema.SCHEMA_VERSION == 8
    assert schema.missing_tables(store) == []
    columns = {c["name"] for c in store.read(lambda conn: sa.inspect(conn).get_columns(schema.league_games.name))}
    assert "seat_hashes" in columns and "seat_tokens" not in columns
    again = ClassStore.connect(db_url)
    writes = []
    sa.event.listen(again.engine, "before_cursor_execute",
                    lambda conn, cursor, sql, *a: writes.append(sql) if sql.lstrip().upper().startswith(
                        ("CREATE", "ALTER", "INSERT", "UPDATE", "DELETE")) else None)
    League(again, league.code)  # attaches the part: every step finds what it adds
    assert writes == []
    again.close()
    store.close()


def test_a_database_of_before_the_schema_part_with_tokens_in_clear_is_upgraded_to_their_hashes(db_url) -> None:
    store, join_code, _key, league = new_league(db_url)
    entry = league.enter(lambda view, legal, rng: legal[0], name="Pika", join_code=join_code, author="ann",
                         start=False)
    version_id = entry.version_id
    clear = "ABCDEFGHJKLM"

    def as_before(conn) -> None:  # the kit before issue 46's part: tokens in clear, the record at 6
        conn.execute(sa.text("ALTER TABLE pokelab_league_games DROP COLUMN seat_hashes"))
        conn.execute(sa.text("ALTER TABLE pokelab_league_games ADD COLUMN seat_tokens TEXT"))
        conn.execute(sa.text(
            "INSERT INTO pokelab_league_games (league_id, round, seat0, seat1, seed, status, table_code, "
            "seat_tokens, created) VALUES (:league, 1, :v, :v, 7, 'open', 'K7M2QX', :tokens, 0)"
        ), {"league": league.row.id, "v": version_id, "tokens": json.dumps([clear, None])})
        conn.execute(sa.update(store_schema.meta).where(store_schema.meta.c.key == "schema_version")
                     .values(value="6"))

    store.write(as_before)
    store.close()
    again = ClassStore.connect(db_url)
    League(again, league.code)
    assert _version(again) == 8
    stored = again.read(lambda conn: conn.execute(sa.text(
        "SELECT seat_hashes FROM pokelab_league_games WHERE table_code = 'K7M2QX'")).scalar_one())
    assert json.loads(stored) == [schema.seat_digest("K7M2QX", clear), None]
    columns = {c["name"] for c in again.read(lambda conn: sa.inspect(conn).get_columns(schema.league_games.name))}
    assert "seat_tokens" not in columns
    assert clear not in every_text(again)
    again.close()
