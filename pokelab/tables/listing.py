"""Creating a shared table in a class and listing a class's tables (``Tables.create_table`` / ``Tables.listing``).

Any registered game that saves can be put on a table (``games.kit``).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from pokelab.classroom import ClassroomError, check_name
from pokelab.tables import games, schema
from pokelab.tables.rows import (
    DEFAULT_IDLE_SECONDS,
    _check_bots,
    _insert_moves,
    _new_code,
    _read_row,
    _Row,
)
from pokelab.words import _, _n

__all__ = ["check_table_cap", "create_table", "list_tables", "unknown_table_codes"]


def create_table(
    store: Any,
    join_code: str,
    game: str,
    players: int = 2,
    bots: Mapping[int, str] | None = None,
    *,
    seed: int | None = None,
    variant: Any = None,
    idle_seconds: float = DEFAULT_IDLE_SECONDS,
    name: str | None = None,
) -> str:
    """Create a table in the class of ``join_code``; return its table code (``Tables.create_table``).

    ``name``: the pupil who creates it (and sits down next), recorded with the
    table; refused when that pupil already created or sits at
    ``Limits.tables_per_pupil`` unfinished tables of the class. Tables created
    without a name count together, as if one pupil had made them all.

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> store = ClassStore.connect("sqlite://")
    >>> tables = Tables(store)
    >>> join_code, _ = store.create_class("7B")
    >>> len(tables.create_table(join_code, "herecomes", players=3, bots={2: "heuristic"}))
    6
    >>> tables.create_table(join_code, "herecomes", players=2, bots={0: "random", 1: "random"})
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a table needs at least one human seat (a game of bots alone is pokelab.sim.play)
    """
    kit = games.kit(game)
    pupil = None if name is None else check_name(name, what="group")
    if seed is None:
        seed = secrets.randbits(62)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise ClassroomError(
            _("a table's seed is a whole number from 0 to 2**62 - 1, not {seed}", seed=repr(seed)),
        )
    if (
        isinstance(idle_seconds, bool)
        or not isinstance(idle_seconds, int | float)
        or not 0 <= idle_seconds <= 86_400
    ):
        raise ClassroomError(
            _("idle_seconds is a number of seconds from 0 to 86400, not {idle_seconds}",
                idle_seconds=repr(idle_seconds)),
        )
    # the join code first: a wrong one costs no game computed and no bots' first moves (checked again in the write)
    store.read(lambda conn: store.class_of(conn, join_code, "create table"))
    variant_data = games.variant_dict(kit, variant)
    state = games.new_state(kit, players, seed=seed, variant=variant_data)
    bot_seats = _check_bots(kit, bots, players)
    state, moves = games.advance(kit, state, bot_seats, seed=seed, number=1)
    now = time.time()
    seats = [
        {"name": None, "token": None, "bot": bot_seats.get(i), "active": now}
        for i in range(players)
    ]
    row = {
        "game": kit.name,
        "players": players,
        "seed": seed,
        "variant": None if variant_data is None else json.dumps(variant_data),
        "idle_seconds": float(idle_seconds),
        "seats": json.dumps(seats),
        "creator": None,
        "created_by": "" if pupil is None else pupil,
        "state": kit.to_json(state),
        "revision": 1,
        "move_count": len(moves),
        "finished": kit.game.is_over(state),
        "scores": json.dumps(games.points(kit, state)),
        "undo": None,
        "created": now,
        "changed": now,
    }

    def work(conn: Any, code: str) -> None:
        class_id = store.class_of(conn, join_code, "create table")
        check_table_cap(conn, store.limits.tables_per_pupil, class_id, pupil, None)
        table_id = conn.execute(
            sa.insert(schema.game_tables)
            .values(class_id=class_id, code=code, **row)
            .returning(schema.game_tables.c.id)
        ).scalar_one()
        _insert_moves(conn, table_id, 1, moves, 1, now, kit.action_text)

    for _attempt in range(20):
        code = _new_code()
        try:
            store.write(lambda conn, code=code: work(conn, code))
        except sa.exc.IntegrityError:  # the code is taken: draw another
            continue
        return code
    raise RuntimeError("could not find a free table code in 20 tries")  # pragma: no cover


def list_tables(store: Any, join_code: str, teacher_key: str) -> Any:
    """The class's tables for the teacher's dashboard, newest first, as a DataFrame (``Tables.listing``).

    Columns: ``table`` (code), ``game``, ``players``, ``names`` (per seat: the
    pupil's name, the bot's name, or ``None`` for a free seat), ``bots`` (per
    seat: the bot or ``None``), ``scores``, ``revision``, ``moves``,
    ``finished``, ``last_move`` (UTC time of the last change).

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> store = ClassStore.connect("sqlite://")
    >>> tables = Tables(store)
    >>> join_code, key = store.create_class("7B")
    >>> code = tables.create_table(join_code, "splendor", bots={1: "random"}, seed=1)
    >>> tables.listing(join_code, key)[["game", "names", "scores", "finished"]].values.tolist()
    [['splendor', [None, 'random'], [0, 0], False]]
    >>> tables.listing(join_code, "nope")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: wrong teacher key for this class: list tables needs the class's teacher key
    """
    import pandas as pd
    def read(conn: Any) -> list[_Row]:
        class_id = store.teacher_class_of(conn, join_code, teacher_key, "list tables")
        t = schema.game_tables
        rows = (
            conn.execute(sa.select(t).where(t.c.class_id == class_id).order_by(t.c.id.desc()))
            .mappings()
            .all()
        )
        return [_read_row(r) for r in rows]

    records = [
        {
            "table": r.code,
            "game": r.game,
            "players": r.players,
            "names": r.names(),
            "bots": [s["bot"] for s in r.seats],
            "scores": list(r.scores),
            "revision": r.revision,
            "moves": r.move_count,
            "finished": r.finished,
            "last_move": r.changed,
        }
        for r in store.read(read)
    ]
    columns = [
        "table",
        "game",
        "players",
        "names",
        "bots",
        "scores",
        "revision",
        "moves",
        "finished",
        "last_move",
    ]
    frame = pd.DataFrame(records, columns=columns)
    frame["last_move"] = pd.to_datetime(frame["last_move"], unit="s", utc=True)
    return frame


def check_table_cap(conn: Any, most: int, class_id: int, name: str | None, table_id: int | None) -> None:
    """Refuse (``ClassroomError``) when ``name`` already created or sits at ``most`` unfinished tables of the class.

    ``table_id``: the table being sat at (not counted). ``name`` None: a table created
    without a name; those count together. Names are compared as a pupil types them
    (any case). A name is not a proof of who someone is: the cap stops a runaway
    loop or a flood, not a pupil who changes their name (``docs/security.md``).

    >>> from pokelab.classroom import ClassStore, Limits
    >>> from pokelab.tables import Tables
    >>> store = ClassStore.connect("sqlite://", limits=Limits(tables_per_pupil=1))
    >>> tables = Tables(store)
    >>> join_code = store.create_class("7B")[0]
    >>> len(tables.create_table(join_code, "splendor", name="Ash"))  # created, nobody sat down yet
    6
    >>> tables.create_table(join_code, "splendor", name="ash")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: ash already created or plays at 1 unfinished table of this class (the most is 1): finish a game first, or ask your teacher
    """
    t = schema.game_tables.c
    query = sa.select(t.id, t.seats, t.created_by).where(t.class_id == class_id, t.finished.is_(False))
    wanted = "" if name is None else name.casefold()
    count = 0
    for found, seats, created_by in conn.execute(query).all():
        if found == table_id:
            continue
        records = json.loads(seats) if isinstance(seats, str) else []
        sits = bool(wanted) and any(
            isinstance(r, dict) and r.get("token") and str(r.get("name") or "").casefold() == wanted for r in records
        )
        if sits or (created_by is not None and str(created_by).casefold() == wanted):
            count += 1
    if count < most:
        return
    if name is None:
        raise ClassroomError(
            _n("{count} unfinished table of this class was already created without a name (the most is {most}): "
               "say your name (name=...), finish a game first, or ask your teacher",
               "{count} unfinished tables of this class were already created without a name (the most is {most}): "
               "say your name (name=...), finish a game first, or ask your teacher",
               count, count=count, most=most),
        )
    raise ClassroomError(
        _n("{name} already created or plays at {count} unfinished table of this class (the most is {most}): "
           "finish a game first, or ask your teacher",
           "{name} already created or plays at {count} unfinished tables of this class (the most is {most}): "
           "finish a game first, or ask your teacher",
           count, name=name, count=count, most=most),
    )


def unknown_table_codes(store: Any, join_code: str, teacher_key: str, *, since: float = 0.0) -> int:
    """How many times an unknown table code was tried on this class database since ``since`` (teacher key needed).

    An unknown code names no class, so the count is the database's: every teacher
    using it sees the same number (a sudden rise is someone guessing codes).

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.tables import Tables
    >>> store = ClassStore.connect("sqlite://")
    >>> tables = Tables(store)
    >>> join_code, key = store.create_class("7B")
    >>> tables.table("ZZZZZZ")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: no table has the code 'ZZZZZZ': check the code (the teacher's dashboard lists the tables)
    >>> unknown_table_codes(store, join_code, key)
    1
    """
    def read(conn: Any) -> int:
        store.teacher_class_of(conn, join_code, teacher_key, "list tables")
        return store.unnamed_refusals(conn, "table open", "unknown table code", since=since)

    return int(store.read(read))
