"""Shared game tables: one Splendor or Here Comes game in the class database, played from several devices.

A table is created in a class (``store.create_table(join_code, game, …)``) and
found again by its short **table code**. A pupil sits in a free human seat and
gets a **seat token** (6 letters, shown so they can rejoin from another page
or device; stored hashed). Every change to a table — a move, a seat taken, an
undo asked or answered, a seat handed to a bot — is one transaction that
rewrites the table's row only if its **revision** is still the one the change
was computed from (optimistic concurrency), so two devices moving at once
cannot both win: the second gets ``StaleRevision`` and refreshes.

The stored game always equals a replay of its accepted moves from the table's
seed (``Table.replay``): Here Comes' token draws are chance outcomes sampled
from the seed and the move's number, Splendor's deck is shuffled by the seed.
Bots move inside the store right after the human move that hands them the turn.
``view(seat)`` holds only what ``observe`` lets that seat see.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> join_code, teacher_key = store.create_class("7B")
>>> code = store.create_table(join_code, "splendor", players=2, bots={1: "greedy"}, seed=4)
>>> t = store.table(code)
>>> token = t.sit(0, "Ash")
>>> v = t.view(0)
>>> v["seat"], v["names"], v["finished"], v["to_move"]
(0, ['Ash', 'greedy'], False, [0])
>>> t.play(0, "TakeSame(red)", v["revision"] - 1, token=token)
Traceback (most recent call last):
...
pokelab.classroom.tables.StaleRevision: someone moved first; your board was refreshed (the table is at revision 2, your move was made at revision 1)
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokelab.classroom import table_games as games
from pokelab.classroom.access import (
    JOIN_ALPHABET,
    ClassAccessError,
    _clean_secret,
    _digest,
    _refused,
    check_name,
)
from pokelab.classroom.rounds import ClassroomError

__all__ = [
    "SEAT_TOKEN_LENGTH",
    "TABLE_CODE_LENGTH",
    "StaleRevision",
    "Table",
    "create_table",
    "list_tables",
]

TABLE_CODE_LENGTH = 6
SEAT_TOKEN_LENGTH = 6
#: How long a seat may sit unused before the table's creator may hand it to a bot (seconds).
DEFAULT_IDLE_SECONDS = 120.0


class StaleRevision(ClassroomError):
    """A move (or undo) made on an old view of the table: someone else changed it first.

    ``current`` is the table's revision now; the board should fetch ``view`` again.

    >>> err = StaleRevision(5, 4)
    >>> err.current, err.message("zh")
    (5, '有人先走了一步，你的棋盘已刷新（游戏桌现在是第 5 版，你的操作基于第 4 版）')
    """

    def __init__(self, current: int, given: Any) -> None:
        super().__init__(
            f"someone moved first; your board was refreshed (the table is at revision {current}, "
            f"your move was made at revision {given})",
            f"有人先走了一步，你的棋盘已刷新（游戏桌现在是第 {current} 版，你的操作基于第 {given} 版）",
        )
        self.current = current


def _damaged(code: str, field: str, why: str) -> ClassroomError:
    return ClassroomError(
        f"table {code}'s stored {field} is damaged ({why}); ask the teacher to start a new table",
        f"游戏桌 {code} 保存的 {field} 已损坏（{why}）；请老师开一张新桌",
    )


@dataclass(frozen=True)
class _Row:
    """One table's row, read back and checked."""

    id: int
    class_id: int
    code: str
    game: str
    players: int
    seed: int
    variant: dict[str, Any] | None
    idle_seconds: float
    seats: tuple[dict[str, Any], ...]
    creator: int | None
    state_json: str
    revision: int
    move_count: int
    finished: bool
    scores: tuple[int, ...]
    undo: dict[str, Any] | None
    changed: float

    @property
    def kit(self) -> games.GameKit:
        return games.kit(self.game)

    def state(self) -> Any:
        try:
            return self.kit.from_json(self.state_json)
        except (TypeError, ValueError) as err:
            raise _damaged(self.code, "game", str(err)[:120]) from None

    def bots(self) -> dict[int, str]:
        return {i: s["bot"] for i, s in enumerate(self.seats) if s["bot"]}

    def names(self) -> list[str | None]:
        return [s["bot"] if s["bot"] else s["name"] for s in self.seats]


def _json(code: str, field: str, text: Any, kind: type) -> Any:
    if text is None:
        return None
    try:
        value = json.loads(text)
    except (TypeError, ValueError) as err:
        raise _damaged(code, field, f"not JSON: {err}") from None
    if not isinstance(value, kind):
        raise _damaged(code, field, f"expected {kind.__name__}, found {type(value).__name__}")
    return value


def _seat_record(code: str, value: Any) -> dict[str, Any]:
    keys = {"name", "token", "bot", "active"}
    if not isinstance(value, dict) or set(value) != keys:
        raise _damaged(code, "seats", f"a seat is {{{', '.join(sorted(keys))}}}")
    if not all(value[k] is None or isinstance(value[k], str) for k in ("name", "token", "bot")):
        raise _damaged(code, "seats", "a seat's name, token and bot are text")
    if not isinstance(value["active"], int | float):
        raise _damaged(code, "seats", "a seat's last activity is a time")
    return value


def _read_row(mapping: Mapping[str, Any]) -> _Row:
    """A table row checked field by field (a damaged row is a ``ClassroomError``, never a ``KeyError``)."""
    code = str(mapping["code"])
    game = mapping["game"]
    if game not in games.GAMES:
        raise _damaged(code, "game name", repr(game))
    players = mapping["players"]
    seats = _json(code, "seats", mapping["seats"], list)
    if not isinstance(players, int) or not 2 <= players <= 4 or len(seats) != players:
        raise _damaged(code, "seats", f"{len(seats)} seats for {players!r} players")
    scores = _json(code, "scores", mapping["scores"], list)
    if len(scores) != players or not all(isinstance(x, int) for x in scores):
        raise _damaged(code, "scores", "one whole number per seat")
    creator = mapping["creator"]
    if creator is not None and not 0 <= creator < players:
        raise _damaged(code, "creator", repr(creator))
    for field in ("revision", "move_count"):
        if not isinstance(mapping[field], int) or mapping[field] < 0:
            raise _damaged(code, field, repr(mapping[field]))
    return _Row(
        id=int(mapping["id"]),
        class_id=int(mapping["class_id"]),
        code=code,
        game=game,
        players=players,
        seed=int(mapping["seed"]),
        variant=_json(code, "variant", mapping["variant"], dict),
        idle_seconds=float(mapping["idle_seconds"]),
        seats=tuple(_seat_record(code, s) for s in seats),
        creator=creator,
        state_json=str(mapping["state"]),
        revision=int(mapping["revision"]),
        move_count=int(mapping["move_count"]),
        finished=bool(mapping["finished"]),
        scores=tuple(scores),
        undo=_json(code, "undo request", mapping["undo"], dict),
        changed=float(mapping["changed"]),
    )


def clean_table_code(value: Any) -> str:
    """A table code as typed (any case, spaces and dashes ignored), checked for its shape.

    >>> clean_table_code(" abc-dEF ")
    'ABCDEF'
    >>> clean_table_code("AB1")
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: a table code is 6 letters and digits (no I, O, 0 or 1), not 'AB1'
    """
    if not isinstance(value, str):
        raise ClassroomError(
            f"a table code is text, not {type(value).__name__}",
            f"游戏桌代码应是文字，而不是 {type(value).__name__}",
        )
    code = _clean_secret(value, "table code", "游戏桌代码")
    if len(code) != TABLE_CODE_LENGTH or any(ch not in JOIN_ALPHABET for ch in code):
        raise ClassroomError(
            f"a table code is {TABLE_CODE_LENGTH} letters and digits (no I, O, 0 or 1), not {value[:12]!r}",
            f"游戏桌代码由 {TABLE_CODE_LENGTH} 个字母和数字组成（没有 I、O、0、1），而不是 {value[:12]!r}",
        )
    return code


def _check_seat_number(seat: Any, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ClassroomError(
            f"seats are numbered 0 to {players - 1}, not {seat!r}",
            f"座位编号为 0 到 {players - 1}，而不是 {seat!r}",
        )
    return seat


def _check_bots(kit: games.GameKit, bots: Any, players: int) -> dict[int, str]:
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        raise ClassroomError(
            f"bots is a mapping {{seat: bot name}}, got {bots!r}",
            f"bots 应为 {{座位: 机器人名字}} 的映射，收到 {bots!r}",
        )
    out = {
        _check_seat_number(seat, players): games.check_bot(kit, name) for seat, name in bots.items()
    }
    if len(out) >= players:
        raise ClassroomError(
            "a table needs at least one human seat (a game of bots alone is pokelab.sim.play)",
            "游戏桌至少要有一个真人座位（只有机器人的对局请用 pokelab.sim.play）",
        )
    return out


def _new_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


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
) -> str:
    """Create a table in the class of ``join_code``; return its table code (``ClassStore.create_table``).

    >>> from pokelab.classroom import ClassStore
    >>> store = ClassStore.connect("sqlite://")
    >>> join_code, _ = store.create_class("7B")
    >>> len(store.create_table(join_code, "herecomes", players=3, bots={2: "heuristic"}))
    6
    >>> store.create_table(join_code, "herecomes", players=2, bots={0: "random", 1: "random"})
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassroomError: a table needs at least one human seat (a game of bots alone is pokelab.sim.play)
    """
    import sqlalchemy as sa

    from pokelab.classroom import schema

    kit = games.kit(game)
    if seed is None:
        seed = secrets.randbits(62)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise ClassroomError(
            f"a table's seed is a whole number from 0 to 2**62 - 1, not {seed!r}",
            f"游戏桌的种子应是 0 到 2**62 - 1 的整数，而不是 {seed!r}",
        )
    if (
        isinstance(idle_seconds, bool)
        or not isinstance(idle_seconds, int | float)
        or not 0 <= idle_seconds <= 86_400
    ):
        raise ClassroomError(
            f"idle_seconds is a number of seconds from 0 to 86400, not {idle_seconds!r}",
            f"idle_seconds 应是 0 到 86400 之间的秒数，而不是 {idle_seconds!r}",
        )
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
        "state": kit.to_json(state),
        "revision": 1,
        "move_count": len(moves),
        "finished": kit.adapter.is_over(state),
        "scores": json.dumps(games.points(kit, state)),
        "undo": None,
        "created": now,
        "changed": now,
    }

    def work(conn: Any, code: str) -> None:
        class_id = store._class_id(conn, join_code, "create table")
        table_id = conn.execute(
            sa.insert(schema.game_tables)
            .values(class_id=class_id, code=code, **row)
            .returning(schema.game_tables.c.id)
        ).scalar_one()
        _insert_moves(conn, table_id, 1, moves, 1, now)

    for _ in range(20):
        code = _new_code()
        try:
            store._write(lambda conn, code=code: work(conn, code))
        except sa.exc.IntegrityError:  # the code is taken: draw another
            continue
        return code
    raise RuntimeError("could not find a free table code in 20 tries")  # pragma: no cover


def _insert_moves(
    conn: Any,
    table_id: int,
    first: int,
    moves: list[tuple[int | None, str, str]],
    revision: int,
    at: float,
) -> None:
    import sqlalchemy as sa

    from pokelab.classroom import schema

    if moves:
        conn.execute(
            sa.insert(schema.table_moves),
            [
                {
                    "table_id": table_id,
                    "number": first + i,
                    "seat": seat,
                    "kind": kind,
                    "action": text,
                    "revision": revision,
                    "at": at,
                }
                for i, (seat, kind, text) in enumerate(moves)
            ],
        )


def list_tables(store: Any, join_code: str, teacher_key: str) -> Any:
    """The class's tables for the teacher's dashboard, newest first, as a DataFrame (``ClassStore.tables``).

    Columns: ``table`` (code), ``game``, ``players``, ``names`` (per seat: the
    pupil's name, the bot's name, or ``None`` for a free seat), ``bots`` (per
    seat: the bot or ``None``), ``scores``, ``revision``, ``moves``,
    ``finished``, ``last_move`` (UTC time of the last change).

    >>> from pokelab.classroom import ClassStore
    >>> store = ClassStore.connect("sqlite://")
    >>> join_code, key = store.create_class("7B")
    >>> code = store.create_table(join_code, "splendor", bots={1: "random"}, seed=1)
    >>> store.tables(join_code, key)[["game", "names", "scores", "finished"]].values.tolist()
    [['splendor', [None, 'random'], [0, 0], False]]
    >>> store.tables(join_code, "nope")
    Traceback (most recent call last):
    ...
    pokelab.classroom.ClassAccessError: wrong teacher key for this class: list tables needs the class's teacher key
    """
    import pandas as pd
    import sqlalchemy as sa

    from pokelab.classroom import schema

    def read(conn: Any) -> list[_Row]:
        class_id = store._teacher_class(conn, join_code, teacher_key, "list tables")
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
        for r in store._read(read)
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


class Table:
    """One shared game table (from ``ClassStore.table(code)``); every method reads or writes the database.

    ``code``, ``game``, ``players`` and ``class_code`` (the class's name: the
    join code itself is stored only hashed) never change. Seat tokens this
    object got from ``sit`` or ``rejoin`` are remembered, so ``view(seat)``
    needs no token on the device that sat there.
    """

    def __init__(self, store: Any, code: Any) -> None:
        self._store = store
        self.code = clean_table_code(code)
        row, class_name = store._read(self._load_with_class)
        self._id = row.id
        self._class_id = row.class_id
        self.game: str = row.game
        self.players: int = row.players
        self.class_code: str = class_name
        self._tokens: dict[int, str] = {}

    # ------------------------------------------------------------------ reading
    def _load(self, conn: Any) -> _Row:
        import sqlalchemy as sa

        from pokelab.classroom import schema

        t = schema.game_tables
        found = conn.execute(sa.select(t).where(t.c.code == self.code)).mappings().first()
        if found is None:
            raise ClassroomError(
                f"no table has the code {self.code!r}: check the code (the teacher's dashboard lists the tables)",
                f"没有代码为 {self.code!r} 的游戏桌：请检查代码（老师的面板上列出了所有游戏桌）",
            )
        return _read_row(found)

    def _load_with_class(self, conn: Any) -> tuple[_Row, str]:
        import sqlalchemy as sa

        from pokelab.classroom import schema

        row = self._load(conn)
        name = conn.execute(
            sa.select(schema.classes.c.name).where(schema.classes.c.id == row.class_id)
        ).scalar()
        return row, str(name)

    def _row(self) -> _Row:
        return self._store._read(self._load)

    def revision(self) -> int:
        """The table's revision now (one small query: poll it and fetch ``view`` only when it changed).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> t.revision()
        1
        """
        import sqlalchemy as sa

        from pokelab.classroom import schema

        t = schema.game_tables

        def read(conn: Any) -> int:
            value = conn.execute(sa.select(t.c.revision).where(t.c.id == self._id)).scalar()
            if value is None:
                raise ClassroomError(
                    f"table {self.code} was deleted", f"游戏桌 {self.code} 已被删除"
                )
            return int(value)

        return self._store._read(read)

    def moves(self) -> list[dict[str, Any]]:
        """The accepted moves in order: ``number``, ``seat`` (``None`` for a draw), ``kind``, ``action``, ``revision``, ``time``.

        ``kind`` is ``human``, ``bot`` or ``chance``; ``action`` is the engine's
        text form (``parse_action`` reads it back).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "herecomes", seed=2))
        >>> [m["kind"] for m in t.moves()]
        ['chance', 'chance', 'chance', 'chance']
        """
        import sqlalchemy as sa

        from pokelab.classroom import schema

        m = schema.table_moves.c
        query = (
            sa.select(m.number, m.seat, m.kind, m.action, m.revision, m.at)
            .where(m.table_id == self._id)
            .order_by(m.number)
        )
        rows = self._store._read(lambda conn: conn.execute(query).all())
        return [
            {"number": n, "seat": seat, "kind": kind, "action": action, "revision": rev, "time": at}
            for n, seat, kind, action, rev, at in rows
        ]

    def _move_tuples(self) -> list[tuple[int | None, str, str]]:
        return [(m["seat"], m["kind"], m["action"]) for m in self.moves()]

    def replay(self) -> Any:
        """The game recomputed from the table's seed and its accepted moves (it equals the stored game).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "herecomes", bots={1: "random"}, seed=2))
        >>> t.replay() == t._row().state()
        True
        """
        row = self._row()
        return games.replay(row.kit, row.players, row.seed, row.variant, self._move_tuples())

    def view(self, seat: int, *, token: str | None = None) -> dict[str, Any]:
        """What ``seat`` sees: its ``observe`` view plus the table's revision, names, scores and undo request.

        Keys: ``code``, ``game``, ``revision``, ``seat``, ``to_move`` (seats that
        must act), ``observation`` (the engine's ``observe(state, seat)``: never
        another seat's hidden cards), ``finished``, ``scores``, ``names``,
        ``bots``, ``creator``, ``pending_undo``. The seat's token is needed (this
        object remembers the ones it got from ``sit`` and ``rejoin``).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> t.view(1)
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassAccessError: seat 2 of table ... is free: nobody sits there yet; only its player can view it
        """
        row = self._row()
        seat = _check_seat_number(seat, row.players)
        self._check_token(row, seat, token if token is not None else self._tokens.get(seat), "view")
        return self._view(row, seat)

    def _view(self, row: _Row, seat: int) -> dict[str, Any]:
        kit = row.kit
        state = row.state()
        return {
            "code": row.code,
            "game": row.game,
            "revision": row.revision,
            "seat": seat,
            "to_move": list(kit.adapter.actors(state)),
            "observation": kit.adapter.observe(state, seat),
            "finished": row.finished,
            "scores": list(row.scores),
            "names": row.names(),
            "bots": [s["bot"] for s in row.seats],
            "creator": row.creator,
            "pending_undo": row.undo,
            "idle_seconds": row.idle_seconds,
        }

    # ------------------------------------------------------------------ seats
    def _check_token(self, row: _Row, seat: int, token: Any, action: str) -> None:
        record = row.seats[seat]
        if record["bot"] or record["token"] is None:
            what = f"a bot ({record['bot']})" if record["bot"] else "free: nobody sits there yet"
            what_zh = f"机器人（{record['bot']}）的座位" if record["bot"] else "空座位，还没有人坐"
            raise ClassAccessError(
                f"seat {seat + 1} of table {row.code} is {what}; only its player can {action} it",
                f"游戏桌 {row.code} 的第 {seat + 1} 座是{what_zh}，只有坐在那里的玩家才能这样做",
            )
        if token is None or token == "":
            raise ClassAccessError(
                f"seat {seat + 1} of table {row.code} needs its seat token: sit down (sit) or rejoin with your token first",
                f"游戏桌 {row.code} 的第 {seat + 1} 座需要座位口令：请先入座（sit）或用口令重新加入",
            )
        clean = _clean_secret(token, "seat token", "座位口令")
        if record["token"] != _digest("seat", f"{row.code}:{clean}"):
            raise _refused(
                row.class_id,
                f"table {action}",
                "wrong seat token",
                ClassAccessError(
                    f"wrong seat token for seat {seat + 1} of table {row.code}",
                    f"游戏桌 {row.code} 第 {seat + 1} 座的座位口令不对",
                ),
            )

    def sit(self, seat: int, name: str) -> str:
        """Claim the free human ``seat`` as ``name``; return the seat token (show it: it rejoins the seat).

        The first pupil to sit becomes the table's creator (who may hand idle seats to bots).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", bots={1: "random"}, seed=1))
        >>> len(t.sit(0, "Ash"))
        6
        >>> t.sit(0, "Misty")
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassroomError: seat 1 of table ... is taken by Ash: choose a free seat, or rejoin with your seat token
        """
        clean_name = check_name(name, what="group")
        token = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(SEAT_TOKEN_LENGTH))

        def change(row: _Row, now: float) -> dict[str, Any]:
            _check_seat_number(seat, row.players)
            record = row.seats[seat]
            if record["bot"]:
                raise ClassroomError(
                    f"seat {seat + 1} of table {row.code} is played by the bot {record['bot']}",
                    f"游戏桌 {row.code} 的第 {seat + 1} 座由机器人 {record['bot']} 来玩",
                )
            if record["token"] is not None:
                raise ClassroomError(
                    f"seat {seat + 1} of table {row.code} is taken by {record['name']}: choose a free seat, "
                    "or rejoin with your seat token",
                    f"游戏桌 {row.code} 的第 {seat + 1} 座已被 {record['name']} 占用：请选空座位，或用座位口令重新加入",
                )
            seats = list(row.seats)
            seats[seat] = {
                **record,
                "name": clean_name,
                "token": _digest("seat", f"{row.code}:{token}"),
                "active": now,
            }
            return {"seats": seats, "creator": seat if row.creator is None else row.creator}

        _check_seat_number(seat, self.players)
        self._change(change, revision=None, action="sit")
        self._tokens[seat] = token
        return token

    def rejoin(self, token: str) -> int:
        """The seat that ``token`` holds at this table (it is remembered for ``view``); a wrong token is refused.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> code = store.create_table(store.create_class("7B")[0], "splendor", seed=1)
        >>> token = store.table(code).sit(1, "Misty")
        >>> store.table(code).rejoin(token.lower())
        1
        >>> store.table(code).rejoin("ZZZZZZ")
        Traceback (most recent call last):
        ...
        pokelab.classroom.ClassAccessError: no seat of table ... has that seat token
        """
        clean = _clean_secret(token, "seat token", "座位口令")
        row = self._row()
        digest = _digest("seat", f"{row.code}:{clean}")
        for seat, record in enumerate(row.seats):
            if record["token"] == digest and not record["bot"]:
                self._tokens[seat] = clean
                return seat
        err = _refused(
            row.class_id,
            "table rejoin",
            "wrong seat token",
            ClassAccessError(
                f"no seat of table {row.code} has that seat token",
                f"游戏桌 {row.code} 没有哪个座位使用这个口令",
            ),
        )
        self._store._refuse(err)
        raise err

    # ------------------------------------------------------------------ changing the table
    def _change(self, change: Any, *, revision: int | None, action: str, moves: Any = None) -> int:
        """Apply ``change(row, now) -> {column: value}`` as one optimistic write; return the new revision.

        ``moves(row) -> (first number, [(seat, kind, action)], delete_from)`` adds
        (and first deletes) moves in the same transaction.
        """
        import sqlalchemy as sa

        from pokelab.classroom import schema

        t = schema.game_tables
        row = self._row()
        if revision is not None and revision != row.revision:
            raise StaleRevision(row.revision, revision)
        now = time.time()
        values = change(row, now)
        added = moves(row) if moves is not None else None
        for key in ("seats", "scores", "undo", "variant"):
            if key in values and values[key] is not None and not isinstance(values[key], str):
                values[key] = json.dumps(values[key])
        values |= {"revision": row.revision + 1, "changed": now}

        def work(conn: Any) -> int:
            done = conn.execute(
                sa.update(t).where(t.c.id == row.id, t.c.revision == row.revision).values(**values)
            )
            if done.rowcount != 1:
                current = conn.execute(sa.select(t.c.revision).where(t.c.id == row.id)).scalar()
                raise StaleRevision(
                    int(current or 0), revision if revision is not None else row.revision
                )
            if added is not None:
                first, new_moves, delete_from = added
                if delete_from is not None:
                    m = schema.table_moves.c
                    conn.execute(
                        sa.delete(schema.table_moves).where(
                            m.table_id == row.id, m.number >= delete_from
                        )
                    )
                _insert_moves(conn, row.id, first, new_moves, row.revision + 1, now)
            return row.revision + 1

        return int(self._store._write(work))

    def _game_values(
        self, row: _Row, state: Any, move_count: int, seats: Any = None
    ) -> dict[str, Any]:
        kit = row.kit
        out = {
            "state": kit.to_json(state),
            "move_count": move_count,
            "finished": kit.adapter.is_over(state),
            "scores": games.points(kit, state),
            "undo": None,
        }
        if seats is not None:
            out["seats"] = seats
        return out

    def play(self, seat: int, action: Any, revision: int, *, token: str | None = None) -> int:
        """Play ``action`` (text like ``"TakeSame(red)"`` or an engine action) for ``seat``; return the new revision.

        ``revision`` is the one of the view the move was chosen on: an older one
        raises ``StaleRevision``. The engine checks the move (``IllegalAction``
        with its rule ID); bots due next move right after it. The token may be
        left out on the object that sat down.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> tokens = [t.sit(0, "Ash"), t.sit(1, "Misty")]
        >>> v = t.view(0)
        >>> waiting = 1 - v["to_move"][0]
        >>> t.play(waiting, "TakeSame(red)", v["revision"], token=tokens[waiting])
        Traceback (most recent call last):
        ...
        pokelab.errors.IllegalAction: [SP-T1] It is seat ...'s turn, not seat ...'s.
        """
        seat = _check_seat_number(seat, self.players)
        given = token if token is not None else self._tokens.get(seat)
        if isinstance(revision, bool) or not isinstance(revision, int):
            raise ClassroomError(
                f"revision is the whole number from your view, not {revision!r}",
                f"revision 应是你看到的版本号（整数），而不是 {revision!r}",
            )
        computed: dict[str, Any] = {}

        def change(row: _Row, now: float) -> dict[str, Any]:
            self._check_token(row, seat, given, "play")
            kit = row.kit
            move = games.parse_move(kit, action)
            state = games.play_move(kit, row.state(), seat, move)
            state, automatic = games.advance(
                kit, state, row.bots(), seed=row.seed, number=row.move_count + 2
            )
            computed["moves"] = [(seat, "human", str(move)), *automatic]
            seats = list(row.seats)
            seats[seat] = {**seats[seat], "active": now}
            return self._game_values(row, state, row.move_count + len(computed["moves"]), seats)

        return self._change(
            change,
            revision=revision,
            action="play",
            moves=lambda row: (row.move_count + 1, computed["moves"], None),
        )

    def advance(self) -> int:
        """Let the bots (and chance) play the moves due now; return the revision (unchanged when none were due).

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> t = store.table(store.create_table(store.create_class("7B")[0], "splendor", seed=1))
        >>> t.advance()
        1
        """
        row = self._row()
        state, automatic = games.advance(
            row.kit, row.state(), row.bots(), seed=row.seed, number=row.move_count + 1
        )
        if not automatic:
            return row.revision
        return self._change(
            lambda r, now: self._game_values(r, state, r.move_count + len(automatic)),
            revision=row.revision,
            action="advance",
            moves=lambda r: (r.move_count + 1, automatic, None),
        )

    def __repr__(self) -> str:
        return f"Table({self.code!r}, game={self.game!r}, players={self.players})"
