"""A league game's seats as their authors' kernels hold them: each seat's token derived from the entry token, claimed, listed.

The teacher's kernel opens a league game's table with the pupils' seats free
(``schedule``); the kernel that entered the bot — the only one holding its
entry token — derives each seat's token (``seat_token``), sits there itself
(``claim_seat``) and finds its games (``my_games``). The database keeps only
each seat token's hash (``schema.seat_digest``).
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from pokelab.classroom import ClassAccessError, ClassroomError
from pokelab.league import schema
from pokelab.tables import Tables
from pokelab.words import _

__all__ = ["claim_seat", "my_games", "seat_token"]


def seat_token(league: Any, name: str, game_id: int, seat: int, table_code: str, token: str | None = None) -> str:
    """The seat token of the pupil entry ``name`` at seat ``seat`` of league game ``game_id`` (at ``table_code``).

    Off a hub it is derived from the entry token (``token``, or the one the
    league object remembers), so only the kernel that holds it can compute it;
    on a hub it is the hub's seat token of the login (``keys``). The database
    keeps its hash only.

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.league import League
    >>> store = ClassStore.connect("sqlite://")
    >>> join_code, key = store.create_class("7B")
    >>> league = League.create(store, join_code, key, "herecomes")
    >>> seat_token(league, "Ash", 1, 0, "T", "ABCDEFGHJK") == seat_token(league, "ash", 1, 0, "T", "ABCDEFGHJK") != seat_token(league, "Ash", 1, 1, "T", "ABCDEFGHJK")
    True
    >>> seat_token(league, "Ash", 1, 0, "T")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: no entry token given
    """
    given = token if token is not None else league.token(name)
    if not given:
        raise ClassAccessError(_("no {what} given", what=_("entry token")))
    return league.keys.seat_token(league.code, game_id, seat, table_code, given)


def claim_seat(league: Any, name: str, game_id: int, *, join_code: str, token: str | None = None) -> str:
    """Sit the pupil entry ``name`` (its entry token) at its seat of open game ``game_id`` with its derived seat token; the token.

    The seat token's hash is stored with the game (``schema.seat_digest``);
    a seat already claimed with this token is claimed again without a write
    at the table.
    """
    def mine(conn: Any) -> tuple[int, str, list[Any]]:
        entry_id = league.entry_id(conn, name, token)
        g, v = schema.league_games.c, schema.versions.c
        game = conn.execute(sa.select(g.seat0, g.seat1, g.table_code, g.seat_hashes, g.status).where(
            g.id == game_id, g.league_id == league.row.id)).first()
        owned = set(conn.execute(sa.select(v.id).where(v.entry_id == entry_id)).scalars())
        seat = next((s for s, vid in enumerate(game[:2]) if vid in owned), None) if game else None
        if seat is None or game.status != "open":
            raise ClassroomError(_("{name} has no seat in game {game}", name=repr(name), game=game_id))
        return seat, game.table_code, json.loads(game.seat_hashes or "[null, null]")

    seat, table_code, hashes = league.store.read(mine)
    derived = seat_token(league, name, game_id, seat, table_code, token)
    hashed = schema.seat_digest(table_code, derived)
    if hashes[seat] == hashed:
        return derived
    Tables(league.store).table(table_code).sit(seat, league.keys.seat_name(name), join_code=join_code, token=derived)

    def record(conn: Any) -> None:
        g = schema.league_games.c
        stored = conn.execute(sa.select(g.seat_hashes).where(g.id == game_id)).scalar_one()
        now = json.loads(stored or "[null, null]")
        now[seat] = hashed
        conn.execute(sa.update(schema.league_games).where(g.id == game_id).values(seat_hashes=json.dumps(now)))

    league.store.write(record)
    return derived


def my_games(league: Any, name: str, token: str | None = None) -> list[dict[str, Any]]:
    """The open games where the pupil entry ``name`` (its entry token) holds a seat: ``game``, ``table``, ``seat``, ``token`` (the seat token: ``seat_token``), ``claimed`` (its runner sat there), ``version_id``."""
    def read(conn: Any) -> list[dict[str, Any]]:
        entry_id = league.entry_id(conn, name, token)
        g, v = schema.league_games.c, schema.versions.c
        mine = sa.select(v.id).where(v.entry_id == entry_id)
        rows = conn.execute(
            sa.select(g.id, g.table_code, g.seat0, g.seat1, g.seat_hashes)
            .where(g.league_id == league.row.id, g.status == "open", sa.or_(g.seat0.in_(mine), g.seat1.in_(mine)))
            .order_by(g.id)
        ).all()
        ours = set(conn.execute(mine).scalars())
        out = []
        for game_id, table, s0, s1, hashes in rows:
            claimed = json.loads(hashes or "[null, null]")
            for seat, version_id in enumerate((s0, s1)):
                if version_id in ours:
                    derived = seat_token(league, name, game_id, seat, table, token)
                    out.append({"game": game_id, "table": table, "seat": seat, "token": derived,
                                "claimed": claimed[seat] == schema.seat_digest(table, derived),
                                "version_id": version_id})
        return out

    return league.store.read(read)
