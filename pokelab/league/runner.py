"""The kernel-side runner: a thread in the bot's author's kernel that plays its league moves through the tables.

An ``Entry`` (from ``League.enter``) is a pupil's bot as its author's kernel
holds it: the name, the entry token, the class's join code, the versions
entered from this kernel and their bot objects. Its ``Runner`` polls the
league (``seats.my_games``: the open games where the entry holds a seat, with
the seat tokens it derives from its entry token), sits at a seat it has not
claimed yet (``seats.claim_seat``: the database keeps the token's hash only)
and, for each table whose revision changed, reads **its own seat's view** (``Table.view``),
lets the bot choose within the league's time limit (``moves.timed_choose``)
and plays the move with ``Table.play`` like a person's move. A bot that
raises, runs out of time or chooses an illegal action gets a default move
(``moves.default_move``) and a **mark**: its author — only its author — reads
why, in their language (``Entry.problems`` here, ``Entry.marks`` from the
database, the refusal with its rule ID or the traceback). The bot's code runs
in no other process.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.league import League
>>> store = ClassStore.connect("sqlite://")
>>> join_code, key = store.create_class("7B")
>>> league = League.create(store, join_code, key, "herecomes")
>>> entry = league.enter(lambda view, legal, rng: legal[0], name="First", join_code=join_code, author="ann", start=False)
>>> entry.runner.step(), entry.problems()
(0, [])
>>> entry.runner.wait_for_moves(1, timeout=0.01)
False
"""

from __future__ import annotations

import collections
import logging
import random
import reprlib
import threading
import time
from typing import Any

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStoreBusy, ClassStoreFault
from pokelab.core.registry import get_game
from pokelab.errors import IllegalAction
from pokelab.league.moves import Worker, default_move, timed_choose
from pokelab.league.names import name_key
from pokelab.tables import StaleRevision
from pokelab.words import Text, _, check_lang

__all__ = ["KEPT_PROBLEMS", "Entry", "Runner", "safe_repr"]

log = logging.getLogger(__name__)

#: How many reasons a runner keeps in its kernel (every mark is stored: ``Entry.marks``).
KEPT_PROBLEMS = 200

#: The runner this kernel runs for each bot, by (database, league, name): a re-run cell replaces it.
_RUNNING: dict[tuple[str, str, str], Runner] = {}
_RUNNING_LOCK = threading.Lock()


def safe_repr(value: Any) -> str:
    """A short ``repr`` of whatever a bot returned (a garbage object's ``__repr__`` may raise).

    >>> safe_repr("x" * 100)[:5], safe_repr(type("Bad", (), {"__repr__": lambda self: 1 / 0})())
    ("'xxxx", '<Bad instance at ...>')
    """
    shorter = reprlib.Repr()
    shorter.maxstring = shorter.maxother = 60
    try:
        return shorter.repr(value)[:80]
    except Exception:
        return f"an object of type {type(value).__name__}"


class Entry:
    """A pupil's bot in a league as its author's kernel holds it: ``name``, ``token`` (the entry token), ``version``, ``runner``."""

    def __init__(
        self, league: Any, name: str, token: str, version: int, version_id: int, bot: Any, *, lang: str = "en",
        bots: dict[int, Any] | None = None, join_code: str | None = None,
    ) -> None:
        self.league = league
        #: The class's join code: the runner sits at its league tables with it (``seats.claim_seat``).
        self.join_code = join_code
        self.name = name
        self.token = token
        self.version = version
        self.version_id = version_id
        self.bot = bot
        self.lang = check_lang(lang)
        #: The bot of each version entered from this kernel (a game of an older version is played by that version).
        self.bots: dict[int, Any] = {**(bots or {}), version_id: bot}
        self.runner = Runner(self)

    def bot_for(self, version_id: int) -> Any:
        """The bot that plays games of ``version_id`` (the newest one when this kernel does not hold that version)."""
        return self.bots.get(version_id, self.bot)

    def start(self) -> Entry:
        """Start the runner thread (``Runner.start``)."""
        self.runner.start()
        return self

    def stop(self, timeout: float = 5.0) -> bool:
        """Stop the runner thread; whether it stopped within ``timeout`` seconds."""
        return self.runner.stop(timeout)

    def problems(self, lang: str | None = None) -> list[str]:
        """Why default moves were played for this bot since this kernel entered it, in ``lang`` (the entry's language)."""
        return [text.render(check_lang(lang or self.lang)) for text in self.runner.problems]

    def marks(self, lang: str | None = None) -> Any:
        """Every stored mark of this bot, with its reason in ``lang``, as a DataFrame (the entry token reads them)."""
        return self.league.marks(self.name, token=self.token, lang=lang or self.lang)

    def __repr__(self) -> str:
        return f"Entry({self.name!r}, version={self.version}, league={self.league.code!r})"


class Runner:
    """Plays an ``Entry``'s moves at its league tables: ``step`` once, or ``start`` a thread that polls every ``poll_seconds``."""

    def __init__(self, entry: Entry, *, poll_seconds: float = 0.2) -> None:
        self.entry = entry
        self.poll_seconds = poll_seconds
        self.rules = get_game(entry.league.game)
        self.seconds = float(entry.league.row.move_seconds)
        #: Why a default move was played, the newest ``KEPT_PROBLEMS``, as catalogue texts (shown in the author's language).
        self.problems: collections.deque[Text] = collections.deque(maxlen=KEPT_PROBLEMS)
        #: Seconds from seeing a table's new revision to the move stored, one per move played.
        self.latencies: list[float] = []
        self.moves = 0
        #: The move the bot is choosing now: ``table``, ``seat``, ``revision`` (``None`` between moves).
        self.thinking: dict[str, Any] | None = None
        self._worker = Worker()
        self._tables: dict[str, Any] = {}
        self._seen: dict[int, int] = {}
        self._lost: set[int] = set()  # games whose seat is no longer this bot's
        #: A decision the bot failed whose default move met a newer revision (another seat moved first, as
        #: Here Comes' simultaneous discards do): that decision's default move and mark, owed at the next view.
        self._owed: dict[int, tuple[Text, str, str | None]] = {}
        #: Marks of default moves already played, not yet stored (the class database was busy): sent first at each poll.
        self._unsent: collections.deque[tuple[int, str, Text, str | None]] = collections.deque()
        self._stop = threading.Event()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ the thread
    def start(self) -> None:
        """Poll in a daemon thread until ``stop``; a runner of the same bot this kernel started before is stopped first."""
        if self._thread is not None and self._thread.is_alive():
            return
        key = (self.entry.league.where, self.entry.league.code, name_key(self.entry.name))
        with _RUNNING_LOCK:
            before = _RUNNING.get(key)
            _RUNNING[key] = self
        if before is not None and before is not self:
            before.stop()  # the cell that entered the bot ran again: one runner per bot in a kernel
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"league-runner-{self.entry.name}", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> bool:
        """Ask the thread to stop and wait at most ``timeout`` seconds; whether it stopped."""
        self._stop.set()
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self) -> None:
        while not self._stop.is_set():
            played = 0
            try:
                played = self.step()
            except Exception:
                log.exception("league runner of %s", self.entry.name)
            if not played:  # after a move the next decision is often due at once (a house bot replied): look again
                self._stop.wait(self.poll_seconds)

    def wait_for_moves(self, count: int, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds until this runner has played ``count`` moves; whether it had."""
        with self._changed:
            return self._changed.wait_for(lambda: self.moves >= count, timeout)

    # ------------------------------------------------------------------ one poll
    def step(self) -> int:
        """One poll: play every move due at this entry's open games; how many were played."""
        played = 0
        league = self.entry.league
        self._send_marks()
        games = league.my_games(self.entry.name, self.entry.token)
        open_tables = {g["table"] for g in games}
        for code in set(self._tables) - open_tables:
            self._tables.pop(code)  # a finished game: its table object (and what it saw) goes
        for number in set(self._seen) - {g["game"] for g in games}:
            self._seen.pop(number)
        self._lost &= {g["game"] for g in games}
        for number in set(self._owed) - {g["game"] for g in games}:
            self._owed.pop(number)  # the game ended or went: nothing owed there
        for game in games:
            try:
                played += self._play_at(game)
            except ClassroomError as err:  # a table deleted with its class, a busy database: the next poll
                log.warning("league runner of %s at table %s: %s", self.entry.name, game["table"], err)
        if played:
            with self._changed:
                self.moves += played
                self._changed.notify_all()
        return played

    def _play_at(self, game: dict[str, Any]) -> int:
        """Play this entry's move at one game if one is due; 1 when a move was stored, else 0."""
        if game["game"] in self._lost:
            return 0
        if not game["claimed"]:
            self.entry.league.claim_seat(self.entry.name, game["game"], join_code=self.entry.join_code,
                                         token=self.entry.token)
        table = self._tables.get(game["table"])
        if table is None:
            table = self._tables[game["table"]] = self.entry.league.table(game["table"])
        seen_at = time.perf_counter()
        revision = table.revision()
        if self._seen.get(game["game"]) == revision:
            return 0
        try:
            view = table.view(game["seat"], token=game["token"])
        except ClassAccessError:  # the league handed the seat to the kit's bot (this kernel was away too long)
            self._lost.add(game["game"])
            return 0
        self._seen[game["game"]] = view["revision"]
        if view["finished"] or game["seat"] not in view["to_move"] or not view["legal"]:
            return 0
        if not self._move(game, table, view):
            return 0
        self.latencies.append(time.perf_counter() - seen_at)
        return 1

    def _move(self, game: dict[str, Any], table: Any, view: dict[str, Any]) -> bool:
        """Let the bot choose and play its move (or a default move and a mark); whether a move was stored.

        A default move that meets a newer revision (another seat moved first) is owed: at the next
        view this decision gets its default move and its mark, and the bot is not asked it again.
        """
        seat, token, revision = game["seat"], game["token"], view["revision"]
        legal = [self.rules.parse_action(text) for text in view["legal"]]
        failure = self._owed.pop(game["game"], None)
        if failure is None:
            stored, failure = self._bot_move(game, table, view, legal)
            if failure is None:
                return stored  # the bot's own move: stored, or it met a newer revision (asked again next poll)
        problem, kind, rule = failure
        try:
            table.play(seat, default_move(view["observation"], legal, f"{table.code}:{seat}:{revision}"), revision,
                       token=token)
        except StaleRevision:
            self._owed[game["game"]] = failure
            return False
        self.problems.append(problem)
        self._unsent.append((game["game"], kind, problem, rule))
        self._send_marks()
        return True

    def _bot_move(self, game: dict[str, Any], table: Any, view: dict[str, Any],
                  legal: list[Any]) -> tuple[bool, tuple[Text, str, str | None] | None]:
        """Ask the bot and play its move: ``(stored, failure)``; a failure ``(problem, kind, rule)`` is owed a default move."""
        seat, token, revision = game["seat"], game["token"], view["revision"]
        rng = random.Random(f"{table.code}:{seat}:{revision}")
        bot = self.entry.bot_for(game["version_id"])
        self.thinking = {"table": table.code, "seat": seat, "revision": revision}
        try:
            out = timed_choose(bot, view["observation"], legal, rng, self.seconds, self._worker)
        finally:
            self.thinking = None
        if out.kind not in (None, "illegal"):
            return False, (out.problem, out.kind, None)
        try:
            table.play(seat, out.action, revision, token=token)  # an odd-looking move: the table says why, with the rule
            return True, None
        except StaleRevision:
            return False, None  # someone moved first: the next poll sees the new view
        except IllegalAction as err:
            if out.kind is None:
                raise
            return False, (_("your bot chose {action}, which the rules refuse ({rule}: {reason}); "
                             "a default move was played", action=safe_repr(out.action), rule=err.rule,
                             reason=err.reason), "illegal", err.rule)
        except (ClassroomError, ValueError, TypeError):
            if out.kind is None:
                raise
            return False, (_("your bot returned {value}, which is not one of the legal moves it was given; "
                             "a default move was played", value=safe_repr(out.action)), "illegal", None)

    def _send_marks(self) -> None:
        """Store the marks of the default moves played, oldest first; one the store refuses now waits for the next poll."""
        while self._unsent:
            game_id, kind, problem, rule = self._unsent[0]
            try:
                self.entry.league.record_mark(self.entry.name, game_id, kind, problem, rule=rule,
                                              token=self.entry.token)
            except (ClassStoreBusy, ClassStoreFault) as err:  # busy or away for now: the move is played, its mark kept
                log.warning("league runner of %s: a mark waits to be stored: %s", self.entry.name, err)
                return
            except ClassroomError as err:  # refused for good (the class deleted): nothing to keep it for
                log.warning("league runner of %s: a mark could not be stored: %s", self.entry.name, err)
            self._unsent.popleft()
