"""What a league shows: the standings and head to head for the whole class, marks and replays for their own eyes.

Everyone of the class (its join code) reads every row of the standings and of
head to head; the teacher's key adds each entry's author. A mark's reason is
read with the entry token of its bot only — the teacher sees how many marks a
bot has, not the traceback of its author's code. ``games`` lists the finished
games for the class. A replay is a seat's view (``Table.replay(seat)``: the
entry token of the bot in that seat; once the game is over its players replay
it whole, as at any table) or, with the teacher key, the whole game; ``record``
is that whole game as a ``pokelab.sim`` record, for ``Board.from_record``.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.league import League
>>> store = ClassStore.connect("sqlite://")
>>> join_code, key = store.create_class("7B")
>>> league = League.create(store, join_code, key, "herecomes")
>>> list(league.standings(join_code=join_code).columns)[:4]
['bot', 'version', 'house', 'games']
>>> league.standings()
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: the standings are read with the class's join code or the teacher key
"""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
import sqlalchemy as sa

from pokelab.classroom import ClassroomError
from pokelab.league import schema, seats
from pokelab.league.marks import reason
from pokelab.league.standings import head_to_head_frame, standings_frame
from pokelab.tables import Tables
from pokelab.words import _

__all__ = ["GAME_COLUMNS", "done_games", "games", "head_to_head", "marks", "record", "replay", "standings"]


def _check_reader(league: Any, conn: Any, join_code: str | None, teacher_key: str | None, what: str) -> bool:
    """Whether the reader is the teacher; a pupil must show the class's join code."""
    if teacher_key is not None:
        league.store.check_class_teacher(conn, league.row.class_id, teacher_key, f"league {what}")
        return True
    if join_code is None:
        raise ClassroomError(_("the standings are read with the class's join code or the teacher key"))
    if league.store.class_of(conn, join_code, f"league {what}") != league.row.class_id:
        raise ClassroomError(_("league {code} belongs to another class", code=league.code))
    return False


def _versions(conn: Any, league_id: int) -> dict[int, dict[str, Any]]:
    e, v = schema.entries.c, schema.versions.c
    rows = conn.execute(
        sa.select(v.id, v.version, e.id.label("entry"), e.name, e.house, e.author)
        .join(schema.entries, v.entry_id == e.id).where(e.league_id == league_id)
    ).mappings().all()
    return {r["id"]: dict(r) for r in rows}


def done_games(conn: Any, league_id: int) -> list[dict[str, Any]]:
    """Every finished game of the league, oldest first, its JSON fields read back."""
    g = schema.league_games.c
    rows = conn.execute(
        sa.select(g.id, g.round, g.seat0, g.seat1, g.table_code, g.scores, g.results, g.forfeits)
        .where(g.league_id == league_id, g.status == "done").order_by(g.id)
    ).mappings().all()
    return [{**r, "scores": json.loads(r["scores"]) if r["scores"] else None, "results": json.loads(r["results"]),
             "forfeits": json.loads(r["forfeits"])} for r in rows]


def _mark_counts(conn: Any, league_id: int) -> dict[int, int]:
    m, g = schema.marks.c, schema.league_games.c
    rows = conn.execute(
        sa.select(m.version_id, sa.func.count()).join(schema.league_games, g.id == m.game_id)
        .where(g.league_id == league_id).group_by(m.version_id)
    ).all()
    return {int(v): int(n) for v, n in rows}


def standings(
    league: Any, *, join_code: str | None = None, teacher_key: str | None = None, all_versions: bool = False,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """The standings as a DataFrame (``standings.STANDINGS_COLUMNS``; the teacher's has ``author`` too): each entry's newest version, or every version."""
    def read(conn: Any) -> tuple[bool, Any, Any, Any]:
        teacher = _check_reader(league, conn, join_code, teacher_key, "standings")
        return teacher, _versions(conn, league.row.id), done_games(conn, league.row.id), _mark_counts(conn, league.row.id)

    teacher, versions, games, counts = league.store.read(read)
    newest: dict[int, int] = {}
    for vid, info in versions.items():
        newest[info["entry"]] = max(newest.get(info["entry"], 0), vid)
    shown = sorted(versions) if all_versions else sorted(newest.values())
    frame = standings_frame(versions, games, counts, shown=shown, confidence=confidence)
    if teacher:
        authors = {(i["name"], int(i["version"])): i["author"] for i in versions.values()}
        frame.insert(1, "author", [authors[(b, v)] for b, v in zip(frame["bot"], frame["version"], strict=True)])
    return frame


def head_to_head(league: Any, *, join_code: str | None = None, teacher_key: str | None = None) -> pd.DataFrame:
    """Every pair of bots that met, as a DataFrame (``standings.head_to_head_frame``)."""
    def read(conn: Any) -> tuple[Any, Any]:
        _check_reader(league, conn, join_code, teacher_key, "head to head")
        return _versions(conn, league.row.id), done_games(conn, league.row.id)

    versions, games = league.store.read(read)
    return head_to_head_frame(versions, games)


GAME_COLUMNS = ["game", "round", "bot_1", "bot_2", "score_1", "score_2", "result_1", "forfeit", "table"]


def games(league: Any, *, join_code: str | None = None, teacher_key: str | None = None) -> pd.DataFrame:
    """The league's finished games, oldest first, for the class or the teacher: the ids ``record`` and ``replay`` take.

    Columns ``GAME_COLUMNS``: the game id, its round, the bot in each seat (``bot_1`` moved first),
    their scores (empty for a forfeit), seat 1's result (1 won, 0.5 tied, 0 lost), the forfeiting bot
    if any, and the table's code.

    >>> from pokelab.classroom import ClassStore
    >>> from pokelab.league import League
    >>> store = ClassStore.connect("sqlite://")
    >>> join_code, key = store.create_class("7B")
    >>> league = League.create(store, join_code, key, "splendor")
    >>> league.games(join_code=join_code).columns.tolist() == GAME_COLUMNS, len(league.games(teacher_key=key))
    (True, 0)
    >>> league.games(join_code="AB12CD")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassAccessError: ...
    """
    def read(conn: Any) -> tuple[Any, Any]:
        _check_reader(league, conn, join_code, teacher_key, "league games")
        return _versions(conn, league.row.id), done_games(conn, league.row.id)

    versions, done = league.store.read(read)
    rows = []
    for g in done:
        names = [versions[g["seat0"]]["name"], versions[g["seat1"]]["name"]]
        scores = g["scores"] or [None, None]
        away = [names[s] for s in range(2) if g["forfeits"][s]]
        rows.append({"game": g["id"], "round": g["round"], "bot_1": names[0], "bot_2": names[1],
                     "score_1": scores[0], "score_2": scores[1], "result_1": g["results"][0],
                     "forfeit": ", ".join(away) or None, "table": g["table_code"]})
    return pd.DataFrame(rows, columns=GAME_COLUMNS)


def marks(league: Any, name: str, *, token: str | None = None, lang: str = "en") -> pd.DataFrame:
    """The marks of the pupil entry ``name`` (its entry token), oldest first: ``game``, ``table``, ``version``, ``kind``, ``rule``, ``reason`` in ``lang``."""
    def read(conn: Any) -> list[Any]:
        entry_id = league.entry_id(conn, name, token)
        m, g, v = schema.marks.c, schema.league_games.c, schema.versions.c
        return conn.execute(
            sa.select(m.game_id, g.table_code, v.version, m.kind, m.rule, m.detail)
            .join(schema.league_games, g.id == m.game_id).join(schema.versions, v.id == m.version_id)
            .where(v.entry_id == entry_id).order_by(m.id)
        ).all()

    rows = league.store.read(read)
    return pd.DataFrame(
        [{"game": r[0], "table": r[1], "version": r[2], "kind": r[3], "rule": r[4], "reason": reason(r[5], lang)}
         for r in rows],
        columns=["game", "table", "version", "kind", "rule", "reason"],
    )


def replay(league: Any, game_id: int, *, name: str | None = None, token: str | None = None,
           teacher_key: str | None = None) -> Any:
    """A league game recomputed: the seat of the pupil entry ``name`` (its token) sees its view; the teacher key, the whole game."""
    table, seat, seat_token = _reader_table(league, game_id, name, token, teacher_key)
    if seat is None:
        return table.replay(teacher_key=teacher_key)
    return table.replay(seat, token=seat_token)


def record(league: Any, game_id: int, *, name: str | None = None, token: str | None = None,
           teacher_key: str | None = None) -> Any:
    """A league game's whole record (``Board.from_record`` replays it on a board): the teacher's, or its bots' authors' once it is over.

    Its seats are named by the entries' names (a house bot by its own); while the
    game goes on an author is refused (``Table.record``): their bot's seat view
    is ``replay``.
    """
    table, seat, seat_token = _reader_table(league, game_id, name, token, teacher_key)
    if seat is None:
        return table.record(teacher_key=teacher_key)
    return table.record(seat, token=seat_token)


def _reader_table(league: Any, game_id: int, name: str | None, token: str | None,
                  teacher_key: str | None) -> tuple[Any, int | None, str | None]:
    """The game's table and who reads it: ``(table, None, None)`` for the teacher, else the entry's seat and seat token."""
    def read(conn: Any) -> tuple[str | None, int | None, str | None]:
        g, v = schema.league_games.c, schema.versions.c
        game = conn.execute(sa.select(g.table_code, g.seat0, g.seat1).where(
            g.id == game_id, g.league_id == league.row.id)).first()
        if game is None or game.table_code is None:
            raise ClassroomError(_("league {code} has no game {game} played at a table", code=league.code, game=game_id))
        if teacher_key is not None:
            league.store.check_class_teacher(conn, league.row.class_id, teacher_key, "league replay")
            return game.table_code, None, None
        if name is None:
            raise ClassroomError(_("a league game is replayed with your bot's name and entry token, or the teacher key"))
        entry_id = league.entry_id(conn, name, token)
        owned = set(conn.execute(sa.select(v.id).where(v.entry_id == entry_id)).scalars())
        seat = next((s for s, vid in enumerate((game.seat0, game.seat1)) if vid in owned), None)
        if seat is None:
            raise ClassroomError(_("{name} has no seat in game {game}", name=repr(name), game=game_id))
        return game.table_code, seat, seats.seat_token(league, name, game_id, seat, game.table_code, token)

    code, seat, seat_token = league.store.read(read)
    return Tables(league.store).table(code), seat, seat_token
