"""A class bot league: the teacher starts one for a game, pupils enter bots under names, house bots are yardsticks.

``League.create(store, join_code, teacher_key, game)`` makes a league in the
class and returns it; ``League(store, code)`` opens it again from any kernel
that knows its 6-letter code. ``enter`` stores a pupil's bot under a name
(``names.check_bot_name``) as version 1, or as the next version when the same
name is entered again with its **entry token** (10 letters, returned and
remembered by this object; only its hash is stored). Each league game's
seat token is derived from the entry token in its author's kernel
(``seats.seat_token``) and its runner claims the seat with it (``seats.claim_seat``):
the database keeps only its hash (``schema.seat_digest``). The bot itself never
leaves its author's kernel: the league stores its name, version and class
name, and the author's runner (``runner.Runner``) plays its moves
(``docs/security.md``). House bots (``add_house``, teacher key) are played by
the table's store, as any table's bots are.

>>> from pokelab.classroom import ClassStore
>>> store = ClassStore.connect("sqlite://")
>>> join_code, key = store.create_class("7B")
>>> league = League.create(store, join_code, key, "herecomes", games_per_pair=2)
>>> league.add_house("heuristic", teacher_key=key)
'heuristic'
>>> entry = league.enter(lambda view, legal, rng: legal[0], name="First", join_code=join_code, author="ann", start=False)
>>> entry.version, [e["name"] for e in league.entries()]
(1, ['First', 'heuristic'])
>>> League(store, league.code).enter(lambda v, l, r: l[0], name="first", join_code=join_code, author="bo", start=False)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: the name 'first' is taken in this league: enter again with its entry token, or choose another name
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from pokelab.bots import available_bots
from pokelab.classroom import ClassroomError, ClassStore
from pokelab.core.registry import get_game
from pokelab.league import reads, schedule, schema, seats
from pokelab.league.keys import DrawnKeys
from pokelab.league.marks import insert_mark
from pokelab.league.names import (
    MAX_ENTRIES,
    MAX_ENTRIES_PER_AUTHOR,
    MAX_VERSIONS,
    check_author,
    check_bot_name,
    check_number,
    default_author,
    name_key,
)
from pokelab.league.runner import Entry
from pokelab.tables import Tables
from pokelab.words import Text, _

__all__ = ["League", "LeagueRow", "function_bot"]

_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


@dataclass(frozen=True)
class LeagueRow:
    """A league's stored settings."""

    id: int
    class_id: int
    code: str
    game: str
    games_per_pair: int
    move_seconds: float
    grace_seconds: float


def function_bot(name: str, bot: Any) -> Any:
    """``bot`` as the league plays it: an object with ``choose(view, legal, rng)``, or such a function given a name.

    >>> function_bot("First", lambda view, legal, rng: legal[0]).name
    'First'
    >>> function_bot("First", 3)
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a bot is an object with choose(view, legal, rng) or such a function, not 3
    """
    if callable(getattr(bot, "choose", None)):
        return bot
    if not callable(bot):
        raise ClassroomError(
            _("a bot is an object with choose(view, legal, rng) or such a function, not {value}", value=repr(bot)[:60])
        )
    return _FunctionBot(name, bot)


class _FunctionBot:
    """A pupil's function ``choose(view, legal, rng)`` as a bot with a name."""

    def __init__(self, name: str, choose: Callable[..., Any]) -> None:
        self.name = name
        self._choose = choose

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return self._choose(view, legal, rng)


class League:
    """One league of a class (``League.create`` or ``League(store, code)``); every method reads or writes the database.

    ``keys``: who holds its bots' entry and seat tokens (``keys.DrawnKeys``, the
    author's kernel; on a hub the class service's ``keys.HubKeys`` for one login).
    """

    def __init__(self, store: ClassStore, code: Any, *, keys: Any = None) -> None:
        schema.attach(store)
        self.store = store
        self.keys = DrawnKeys() if keys is None else keys
        if not isinstance(code, str):
            raise ClassroomError(_("a league code is text, not {type}", type=type(code).__name__))
        self.code = "".join(code.split()).upper()
        store.throttle.check(("league code",))
        found = store.read(self._load)
        if found is None:
            store.throttle.failed(("league code",))
            raise ClassroomError(_("no league has the code {code}: check the code your teacher gave", code=repr(code)))
        store.throttle.succeeded(("league code",))
        self.row: LeagueRow = found
        self.game: str = found.game
        #: Entry tokens this object got or was given, by name key (what ``enter`` again and the runner need).
        self._tokens: dict[str, str] = {}
        #: The entries made through this object, by name key (a re-entry stops the old one's runner).
        self._entered: dict[str, Entry] = {}

    # ------------------------------------------------------------------ making one
    @classmethod
    def create(
        cls,
        store: ClassStore,
        join_code: str,
        teacher_key: str,
        game: str,
        *,
        games_per_pair: int = 2,
        move_seconds: float = 2.0,
        grace_seconds: float = 20.0,
    ) -> League:
        """A new league for ``game`` in the class (its join code and teacher key); each pair plays ``games_per_pair`` games a round, seats swapped.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> join_code, key = store.create_class("7B")
        >>> League.create(store, join_code, key, "herecomes", move_seconds=0)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: move_seconds is a number from 0.05 to 60, not 0
        """
        rules = get_game(game)
        if isinstance(games_per_pair, bool) or not isinstance(games_per_pair, int) or not 1 <= games_per_pair <= 100:
            raise ClassroomError(_("games_per_pair is a whole number from 1 to 100, not {value}", value=repr(games_per_pair)))
        check_number(move_seconds, "move_seconds", 0.05, 60)
        check_number(grace_seconds, "grace_seconds", move_seconds, 3600)
        schema.attach(store)

        def work(conn: Any, code: str) -> None:
            class_id = store.teacher_class_of(conn, join_code, teacher_key, "league create")
            conn.execute(sa.insert(schema.leagues).values(
                class_id=class_id, code=code, game=rules.name, games_per_pair=games_per_pair,
                move_seconds=float(move_seconds), grace_seconds=float(grace_seconds), created=time.time(),
            ))

        for _attempt in range(20):
            code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
            try:
                store.write(lambda conn, code=code: work(conn, code))
            except sa.exc.IntegrityError:  # the code is taken: draw another
                continue
            return cls(store, code)
        raise RuntimeError("could not find a free league code in 20 tries")  # pragma: no cover

    def _load(self, conn: Any) -> LeagueRow | None:
        t = schema.leagues.c
        found = conn.execute(sa.select(schema.leagues).where(t.code == self.code)).mappings().first()
        if found is None:
            return None
        return LeagueRow(**{k: found[k] for k in LeagueRow.__dataclass_fields__})

    # ------------------------------------------------------------------ tokens
    def _digest(self, token: str) -> str:
        return hashlib.sha256(f"league:{self.code}:{token}".encode()).hexdigest()

    def entry_id(self, conn: Any, name: str, token: str | None) -> int:
        """The id of the pupil entry ``name`` once ``token`` is its entry token (``ClassroomError`` otherwise, counted against this store)."""
        key = name_key(check_bot_name(name))
        source = ("league entry", self.code, key)
        self.store.throttle.check(source)
        e = schema.entries.c
        found = conn.execute(
            sa.select(e.id, e.token_hash).where(e.league_id == self.row.id, e.name_key == key)
        ).first()
        given = token if token is not None else self._tokens.get(key) or self.keys.entry_token(key)
        if found is None or found.token_hash is None or given is None or self._digest(str(given)) != found.token_hash:
            self.store.throttle.failed(source)
            raise ClassroomError(
                _("that is not the entry token of the bot {name} in league {code}", name=repr(name), code=self.code)
            )
        self.store.throttle.succeeded(source)
        self._tokens[key] = str(given)
        return int(found.id)

    def token(self, name: str) -> str | None:
        """The entry token this object holds for ``name`` (``None`` when it has none)."""
        return self._tokens.get(name_key(name))

    # ------------------------------------------------------------------ what a bot's runner asks
    @property
    def where(self) -> str:
        """Where the league is kept (the class database's URL): a kernel runs one runner per bot of a league there."""
        return self.store.url

    def my_games(self, name: str, token: str | None = None) -> list[dict[str, Any]]:
        """The open games where the pupil entry ``name`` holds a seat (``seats.my_games``)."""
        return seats.my_games(self, name, token)

    def claim_seat(self, name: str, game_id: int, *, join_code: str | None, token: str | None = None) -> str:
        """Sit the pupil entry ``name`` at its seat of open game ``game_id`` (``seats.claim_seat``); the seat token."""
        return seats.claim_seat(self, name, game_id, join_code=join_code, token=token)

    def table(self, code: str) -> Any:
        """The league table ``code``, as a seat's runner plays it (``pokelab.tables.Table``)."""
        return Tables(self.store).table(code)

    # ------------------------------------------------------------------ entering
    def enter(
        self,
        bot: Any,
        *,
        name: str,
        join_code: str,
        author: str | None = None,
        token: str | None = None,
        start: bool = True,
        lang: str = "en",
        kind: str | None = None,
    ) -> Any:
        """Enter ``bot`` (an object with ``choose(view, legal, rng)``, or such a function) under ``name``; its ``Entry``.

        The same name again with its entry token (this object remembers it, or
        pass ``token=``) adds a version; the old versions keep their results.
        ``start`` starts the runner, a thread of this kernel that plays the
        bot's moves at its league games (``runner.Runner``); ``lang`` is the
        language the runner tells its author why a default move was played.
        Refused: a name with markup or too long, a name taken by another entry,
        more than ``MAX_ENTRIES_PER_AUTHOR`` names per author, more than
        ``MAX_VERSIONS`` versions, more than ``MAX_ENTRIES`` in the league. ``kind``: what the
        bot is, as its author's kernel says (a hub's class service enters a bot it never holds).
        """
        name = check_bot_name(name)
        playing = function_bot(name, bot)
        from_function = playing is not bot
        who = check_author(default_author() if author is None else author)
        key = name_key(name)
        kind = kind if kind is not None else "function" if from_function else type(bot).__qualname__
        made: dict[str, Any] = {}

        def work(conn: Any) -> None:
            class_id = self.store.class_of(conn, join_code, "league enter")
            if class_id != self.row.class_id:
                raise ClassroomError(_("league {code} belongs to another class", code=self.code))
            e, v = schema.entries.c, schema.versions.c
            found = conn.execute(
                sa.select(e.id, e.house, e.token_hash).where(e.league_id == self.row.id, e.name_key == key)
            ).first()
            if found is not None and found.house is not None:
                raise ClassroomError(_("{name} is a house bot of this league: choose another name", name=repr(name)))
            known = self._tokens.get(key) or self.keys.entry_token(key)
            if found is not None and token is None and (known is None or self._digest(known) != found.token_hash):
                raise ClassroomError(
                    _("the name {name} is taken in this league: enter again with its entry token, or choose another name",
                      name=repr(name))
                )
            now = time.time()
            if found is not None:
                entry_id = self.entry_id(conn, name, token)
                count = conn.execute(sa.select(sa.func.count()).where(v.entry_id == entry_id)).scalar_one()
                if count >= MAX_VERSIONS:
                    raise ClassroomError(
                        _("{name} already has {most} versions, the most a bot may have: ask your teacher",
                          name=repr(name), most=MAX_VERSIONS)
                    )
                made["token"] = self._tokens[key]
            else:
                mine = conn.execute(sa.select(sa.func.count()).where(
                    e.league_id == self.row.id, e.author_key == name_key(who))).scalar_one()
                if mine >= MAX_ENTRIES_PER_AUTHOR:
                    raise ClassroomError(
                        _("{author} already entered {most} bots in this league, the most one author may: "
                          "enter one of them again instead", author=who, most=MAX_ENTRIES_PER_AUTHOR)
                    )
                total = conn.execute(sa.select(sa.func.count()).where(e.league_id == self.row.id)).scalar_one()
                if total >= MAX_ENTRIES:
                    raise ClassroomError(_("this league is full ({most} bots)", most=MAX_ENTRIES))
                made["token"] = self.keys.new_entry_token(key)
                entry_id = conn.execute(sa.insert(schema.entries).values(
                    league_id=self.row.id, name=name, name_key=key, author=who, author_key=name_key(who),
                    token_hash=self._digest(made["token"]), house=None, created=now,
                ).returning(schema.entries.c.id)).scalar_one()
                count = 0
            made["version"] = count + 1
            made["version_id"] = conn.execute(sa.insert(schema.versions).values(
                entry_id=entry_id, version=count + 1, kind=kind[:120], created=now,
            ).returning(schema.versions.c.id)).scalar_one()

        self.store.write(work)
        self._tokens[key] = made["token"]
        old = self._entered.get(key)
        if old is not None:
            old.stop()
        entry = Entry(self, name, made["token"], made["version"], made["version_id"], playing, lang=lang,
                      bots=None if old is None else old.bots, join_code=join_code)
        self._entered[key] = entry
        if start:
            entry.start()
        return entry

    def add_house(self, bot: str, *, teacher_key: str, name: str | None = None) -> str:
        """Add the kit's bot ``bot`` (``pokelab.bots``) as a yardstick under ``name`` (its own name by default); the name.

        >>> from pokelab.classroom import ClassStore
        >>> store = ClassStore.connect("sqlite://")
        >>> join_code, key = store.create_class("7B")
        >>> League.create(store, join_code, key, "splendor").add_house("expected-points", teacher_key=key)
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: unknown bot 'expected-points' for splendor: choose greedy, mcts-easy, mcts-hard, mcts-medium, random
        """
        choices = available_bots(self.game)
        if bot not in choices:
            raise ClassroomError(
                _("unknown bot {bot} for {game}: choose {bots}", bot=repr(bot), game=self.game, bots=", ".join(choices))
            )
        shown = check_bot_name(bot if name is None else name)

        def work(conn: Any) -> None:
            self.store.check_class_teacher(conn, self.row.class_id, teacher_key, "league house bot")
            now = time.time()
            entry_id = conn.execute(sa.insert(schema.entries).values(
                league_id=self.row.id, name=shown, name_key=name_key(shown), author=None, author_key=None,
                token_hash=None, house=bot, created=now,
            ).returning(schema.entries.c.id)).scalar_one()
            conn.execute(sa.insert(schema.versions).values(entry_id=entry_id, version=1, kind=bot, created=now))

        try:
            self.store.write(work)
        except sa.exc.IntegrityError:
            raise ClassroomError(_("the name {name} is taken in this league: choose another name", name=repr(shown))) from None
        return shown

    # ------------------------------------------------------------------ reading
    def entries(self) -> list[dict[str, Any]]:
        """Every entry, by name: ``name``, ``house`` (its kit bot, or ``None`` for a pupil's), ``version`` (the newest) and ``version_id``."""
        return self.store.read(self._entries)

    def _entries(self, conn: Any) -> list[dict[str, Any]]:
        e, v = schema.entries.c, schema.versions.c
        rows = conn.execute(
            sa.select(e.id, e.name, e.house, e.author, sa.func.max(v.version).label("version"),
                      sa.func.max(v.id).label("version_id"))
            .join(schema.versions, v.entry_id == e.id)
            .where(e.league_id == self.row.id)
            .group_by(e.id, e.name, e.house, e.author)
            .order_by(e.name_key)
        ).mappings().all()
        return [dict(r) for r in rows]

    def record_mark(self, name: str, game_id: int, kind: str, detail: Text, *, rule: str | None = None,
                    token: str | None = None) -> None:
        """Store a mark of the pupil entry ``name`` (its token): a default move was played for it in ``game_id``, and why."""
        def work(conn: Any) -> None:
            entry_id = self.entry_id(conn, name, token)
            g, v = schema.league_games.c, schema.versions.c
            seats = conn.execute(sa.select(g.seat0, g.seat1).where(g.id == game_id, g.league_id == self.row.id)).first()
            owned = set(conn.execute(sa.select(v.id).where(v.entry_id == entry_id)).scalars())
            version = next((s for s in (seats or ()) if s in owned), None)
            if version is None:
                raise ClassroomError(_("{name} has no seat in game {game}", name=repr(name), game=game_id))
            insert_mark(conn, game_id, version, kind, detail, rule)

        self.store.write(work)

    # ------------------------------------------------------------------ the teacher's rounds and the class's reads
    def play_round(self, *, join_code: str, teacher_key: str, **options: Any) -> Any:
        """Schedule a round and play it to the end (``timeout``, ``poll_seconds``, ``parallel``, ``stop``; ``schedule.play_round``)."""
        return schedule.play_round(self, join_code=join_code, teacher_key=teacher_key, **options)

    def standings(self, *, join_code: str | None = None, teacher_key: str | None = None, **options: Any) -> Any:
        """The standings as a DataFrame, for the class (join code) or the teacher (key; ``reads.standings``)."""
        return reads.standings(self, join_code=join_code, teacher_key=teacher_key, **options)

    def head_to_head(self, *, join_code: str | None = None, teacher_key: str | None = None) -> Any:
        """Every pair of bots that met, as a DataFrame (``reads.head_to_head``)."""
        return reads.head_to_head(self, join_code=join_code, teacher_key=teacher_key)

    def games(self, *, join_code: str | None = None, teacher_key: str | None = None) -> Any:
        """The finished games as a DataFrame, for the class (join code) or the teacher (key; ``reads.games``)."""
        return reads.games(self, join_code=join_code, teacher_key=teacher_key)

    def marks(self, name: str, *, token: str | None = None, lang: str = "en") -> Any:
        """The marks of the bot ``name`` with their reasons in ``lang``, for its author's eyes (``reads.marks``)."""
        return reads.marks(self, name, token=token, lang=lang)

    def replay(self, game_id: int, **reader: Any) -> Any:
        """A league game: your seat's view (``name``, ``token``) or the whole game (``teacher_key``; ``reads.replay``)."""
        return reads.replay(self, game_id, **reader)

    def record(self, game_id: int, **reader: Any) -> Any:
        """A league game's whole record for ``Board.from_record`` (``reads.record``): the teacher's, or your bot's once it is over."""
        return reads.record(self, game_id, **reader)

    def __repr__(self) -> str:
        return f"League({self.code!r}, game={self.game!r})"

