"""The league's scheduler, run by the teacher's kernel: a round's pairings as shared tables, played to the end.

``play_round`` pairs every two entries (house against house excepted: a table
needs a seat the store does not play), ``games_per_pair`` games a pair with
the seats swapped from one game to the next, and opens each game as a shared
table of ``pokelab.tables`` — house bots as the table's bots, each pupil
entry's seat left free for that entry's runner, which sits there with a seat
token derived from its entry token (``seats.claim_seat``: the database keeps
its hash only, and the teacher's kernel never learns it). It opens at most ``parallel`` games per entry at
once (the tables' per-pupil cap counts a bot's seats as a pupil's), then
polls: a finished table's result is stored (the teacher key replays it); a
pupil seat that has had the move for ``grace_seconds`` without its author's
runner playing is handed to the kit's random bot (``Table.hand_to_bot``,
``DEFAULT_BOT``) and gets an ``absent`` mark, and its entry forfeits every
other game of the round — its seats are handed to the bot (a free one at
once, a claimed one once unused for the grace) and its unopened games are
lost without a table — so no bot stalls another game. Every wait is time-limited: the round stops at ``timeout``.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.league import League
>>> store = ClassStore.connect("sqlite://")
>>> join_code, key = store.create_class("7B")
>>> league = League.create(store, join_code, key, "herecomes")
>>> league.play_round(join_code=join_code, teacher_key=key)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: a round needs at least two bots and one of them a pupil's (this league has 0 bots)
"""

from __future__ import annotations

import hashlib
import itertools
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from pokelab.classroom import ClassroomError
from pokelab.core.registry import get_game
from pokelab.league import schema
from pokelab.league.marks import insert_mark
from pokelab.tables import Tables
from pokelab.words import _

__all__ = ["DEFAULT_BOT", "RoundReport", "play_round"]

#: The kit's bot that plays the seat of an absent or late pupil's bot (``Table.hand_to_bot``) to the game's end.
DEFAULT_BOT = "random"


@dataclass
class RoundReport:
    """What ``play_round`` did: ``round``, games ``done`` and ``left`` (unfinished at the timeout), ``absent`` entries, ``seconds``."""

    round: int
    done: int = 0
    left: int = 0
    absent: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _versions(conn: Any, league_id: int) -> dict[int, dict[str, Any]]:
    e, v = schema.entries.c, schema.versions.c
    rows = conn.execute(
        sa.select(v.id, v.version, e.id.label("entry"), e.name, e.house)
        .join(schema.entries, v.entry_id == e.id).where(e.league_id == league_id)
    ).mappings().all()
    return {r["id"]: dict(r) for r in rows}


def _schedule(league: Any, teacher_key: str) -> int:
    """Insert the next round's games (pending) and return its number (teacher key checked)."""
    row = league.row

    def work(conn: Any) -> int:
        league.store.check_class_teacher(conn, row.class_id, teacher_key, "league round")
        newest = {e["id"]: e for e in league._entries(conn)}
        bots = sorted(newest.values(), key=lambda e: e["name"])
        if len(bots) < 2 or all(b["house"] for b in bots):
            raise ClassroomError(_(
                "a round needs at least two bots and one of them a pupil's (this league has {count} bots)",
                count=len(bots),
            ))
        g = schema.league_games.c
        number = (conn.execute(sa.select(sa.func.max(g.round)).where(g.league_id == row.id)).scalar() or 0) + 1
        now = time.time()
        games = []
        for a, b in itertools.combinations(bots, 2):
            if a["house"] and b["house"]:
                continue
            for k in range(row.games_per_pair):
                first, second = (a, b) if k % 2 == 0 else (b, a)
                seed = int(hashlib.sha256(f"{row.code}:{number}:{a['id']}:{b['id']}:{k}".encode()).hexdigest(), 16) % 2**62
                games.append({"league_id": row.id, "round": number, "seat0": first["version_id"],
                              "seat1": second["version_id"], "seed": seed, "status": "pending", "created": now})
        conn.execute(sa.insert(schema.league_games), games)
        return number

    return league.store.write(work)


class _Round:
    """The teacher's side of one round in progress (its tables, who is absent)."""

    def __init__(self, league: Any, join_code: str, teacher_key: str, parallel: int) -> None:
        self.league, self.join_code, self.key, self.parallel = league, join_code, teacher_key, parallel
        self.rules = get_game(league.game)
        self.tables: dict[str, Any] = {}
        self.versions = league.store.read(lambda conn: _versions(conn, league.row.id))
        self.absent: set[int] = set()  # entry ids
        self.forfeits: dict[int, set[int]] = {}  # game id -> seats whose bot forfeited it
        self.seen: dict[int, tuple[int, float]] = {}  # game id -> (revision, when this pass first saw it)

    def entry(self, version_id: int) -> dict[str, Any]:
        return self.versions[version_id]

    def unfinished(self) -> list[Any]:
        g = schema.league_games.c
        return self.league.store.read(lambda conn: conn.execute(
            sa.select(g.id, g.seat0, g.seat1, g.seed, g.status, g.table_code)
            .where(g.league_id == self.league.row.id, g.status != "done").order_by(g.id)
        ).all())

    def tick(self) -> int:
        """One pass over the unfinished games; how many are left."""
        games = self.unfinished()
        busy: dict[int, int] = {}
        for game in games:
            if game.status == "open":
                for v in (game.seat0, game.seat1):
                    busy[self.entry(v)["entry"]] = busy.get(self.entry(v)["entry"], 0) + 1
        left = 0
        for game in games:
            seats = (self.entry(game.seat0), self.entry(game.seat1))
            if game.status == "pending":
                gone = [s for s, e in enumerate(seats) if e["entry"] in self.absent]
                if gone:
                    self._finish(game.id, None, set(gone))
                    continue
                left += 1
                pupils = [e for e in seats if not e["house"]]
                if all(busy.get(e["entry"], 0) < self.parallel for e in pupils):
                    self._open(game, seats)
                    for e in pupils:
                        busy[e["entry"]] = busy.get(e["entry"], 0) + 1
                continue
            left += 0 if self._watch(game, seats) else 1
        return left

    def _open(self, game: Any, seats: tuple[dict[str, Any], ...]) -> None:
        tables = Tables(self.league.store)
        bots = {s: e["house"] for s, e in enumerate(seats) if e["house"]}
        first = next(e["name"] for e in seats if not e["house"])
        code = tables.create_table(self.join_code, self.league.game, 2, bots, seed=int(game.seed),
                                   idle_seconds=self.league.row.grace_seconds, name=first)
        self.tables[code] = tables.table(code)
        g = schema.league_games.c  # the pupils' seats stay free: each entry's runner claims its own (seats.claim_seat)
        self.league.store.write(lambda conn: conn.execute(
            sa.update(schema.league_games).where(g.id == game.id)
            .values(status="open", table_code=code, seat_hashes=json.dumps([None, None]))
        ))

    def _watch(self, game: Any, seats: tuple[dict[str, Any], ...]) -> bool:
        """Check an open game: store it when finished, hand an absent or late seat to the kit's bot; whether it is done."""
        table = self.tables.get(game.table_code) or Tables(self.league.store).table(game.table_code)
        self.tables[game.table_code] = table
        grace = self.league.row.grace_seconds
        handed = self.forfeits.get(game.id, set())
        away = {s for s, e in enumerate(seats) if e["entry"] in self.absent and not e["house"]} - handed
        revision, now = table.revision(), time.monotonic()
        seen = self.seen.get(game.id)
        if seen is None or seen[0] != revision:
            self.seen[game.id] = seen = (revision, now)  # it changed: look (finished?); the grace clock starts again
        elif not away and now - seen[1] < grace:
            return False  # unchanged and nobody late yet: one small query, nothing replayed
        state = table.replay(teacher_key=self.key)
        if self.rules.is_over(state):
            self._finish(game.id, state, handed)
            self.tables.pop(game.table_code, None)
            return True
        late = set(self.rules.actors(state)) if now - seen[1] >= grace else set()
        for seat in sorted((away | late) - handed):
            e = seats[seat]
            if e["house"]:
                continue
            try:  # the table plays the seat from now on: a free seat at once, a claimed one once unused for the grace
                table.hand_to_bot(seat, DEFAULT_BOT, teacher_key=self.key)
            except ClassroomError:
                continue  # its runner moved after all, or the seat is inside its idle time: the next pass looks again
            if e["entry"] not in self.absent:
                self.absent.add(e["entry"])
                detail = _("your bot's kernel did not move at table {code} within {seconds} s: the kit's random bot "
                           "played its seat and it forfeits its other games of this round (keep your notebook open "
                           "while the league plays)", code=table.code, seconds=grace)
                self.league.store.write(
                    lambda conn, v=e["id"], d=detail: insert_mark(conn, game.id, v, "absent", d, None)
                )
            self.forfeits.setdefault(game.id, set()).add(seat)
        return False

    def _finish(self, game_id: int, state: Any, forfeited: set[int]) -> None:
        """Store a game's result: a forfeiting seat loses; else the game's winners (a shared win or none: half each)."""
        scores = None
        if state is not None:
            scores = self.rules.points(state)
            winners = set(self.rules.winners(state))
        if forfeited:
            results = [0.0 if s in forfeited else 1.0 for s in range(2)]
        elif len(winners) == 1:
            results = [1.0 if s in winners else 0.0 for s in range(2)]
        else:
            results = [0.5, 0.5]
        g = schema.league_games.c
        self.league.store.write(lambda conn: conn.execute(
            sa.update(schema.league_games).where(g.id == game_id).values(
                status="done", scores=None if scores is None else json.dumps(scores), results=json.dumps(results),
                forfeits=json.dumps([s in forfeited for s in range(2)]), finished=time.time(),
            )
        ))


def play_round(
    league: Any,
    *,
    join_code: str,
    teacher_key: str,
    timeout: float = 600.0,
    poll_seconds: float = 0.2,
    parallel: int = 3,
    stop: threading.Event | None = None,
) -> RoundReport:
    """Schedule the next round and play every unfinished game of the league until done, ``timeout`` or ``stop``."""
    start = time.monotonic()
    number = _schedule(league, teacher_key)
    state = _Round(league, join_code, teacher_key, parallel)
    stop = stop or threading.Event()
    left = state.tick()
    while left and time.monotonic() - start < timeout and not stop.wait(poll_seconds):
        left = state.tick()
    report = RoundReport(number, left=left, seconds=time.monotonic() - start)
    g = schema.league_games.c
    report.done = league.store.read(lambda conn: conn.execute(
        sa.select(sa.func.count()).where(g.league_id == league.row.id, g.round == number, g.status == "done")
    ).scalar_one())
    report.absent = sorted({e["name"] for e in state.versions.values() if e["entry"] in state.absent})
    return report
