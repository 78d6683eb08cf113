"""The Splendor board's coach: live win odds, the win-probability line, suggestions and a review.

``SplendorBoard(..., odds=True, coach=True)`` owns a ``SplendorCoach``: the board
tells it each move and each position it publishes (a ``Position`` of plain values),
and the coach sends the panel's data through the one callable it was given (the
board's synced ``coach`` trait). Nothing here blocks the board: one background thread hands the playouts, one chunk of
``CHUNK`` at a time, to a playout process at low priority (a Suggest or Review asked for:
to one at the kernel's priority)
(``widgets.splendor.coach_jobs``), always the most urgent job first (a
Suggest or Review the user asked for, then the position on the board, then the
earlier turns of the line, and last, one move at a time, the people's moves
reviewed ahead: a Review asked for once the game is over then waits only for
the moves not reviewed yet, however long the game was). After each chunk the thread looks again, so a new
move supersedes an older computation within one chunk, and a result for a
position that is no longer on the board (undone, or a new game) is dropped
(``coach_stats["dropped"]``). Results reach the page through the synced
``coach`` trait, set under the coach's lock, which the board holds while it answers
a message or publishes, so a message and a result never interleave.

Messages from the front end (besides the board's own, see ``widgets.board.base``):
``{"type": "coach_suggest"}``, ``{"type": "coach_review"}``,
``{"type": "coach_point", "index": n}`` (show turn ``n`` of the line read-only;
``null`` goes back to the game).

>>> from widgets import SplendorBoard
>>> board = SplendorBoard(bots={1: "random"}, odds=True, coach=True, seed=2)
>>> board.odds_playouts = board.line_playouts = 20
>>> board.wait_coach(timeout=120)
True
>>> len(board.coach["odds"]["seats"]), board.coach["odds"]["playouts"] >= 20
(2, True)
>>> board.handle_message({"type": "coach_point", "index": 99})["error"]["text"]
'there is no turn 99 on the line (0 to 0)'
>>> board.close()
"""


from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from pokelab import splendor as sp
from pokelab.analysis import GameReview, MoveReview
from pokelab.analysis.coach_jobs import odds_job, review_job, suggest_job
from pokelab.words import _, rendered
from widgets.board.errors import BadIntent
from widgets.splendor.coach_data import LinePoint, card_panel
from widgets.splendor.coach_jobs import run_job
from widgets.splendor.coach_line import CoachLine
from widgets.splendor.coach_view import (
    job_json,
    odds_json,
    review_json,
    review_pairs,
    suggestion_json,
)

__all__ = ["CHUNK", "LEVELS", "CoachSettings", "Position", "SplendorCoach"]

log = logging.getLogger(__name__)

#: Playouts per background step: small enough that a new move supersedes an old job quickly.
CHUNK = 50
#: Seconds between two progress updates of one computation (a finished one goes out at once).
PROGRESS_EVERY = 0.5
#: The jobs somebody asked for and waits on: they run at the kernel's priority (``run_job(asked=True)``).
ASKED = frozenset({"suggest", "review"})
#: The coach's levels (``pokelab.analysis.suggest``).
LEVELS = ("easy", "medium", "hard")

Job = tuple[Callable[..., Any], tuple[Any, ...]]


@dataclass(frozen=True, slots=True)
class Position:
    """What the board tells its coach when it publishes: plain values, read by the coach's thread too.

    ``viewer`` is the seat whose eyes the board shows, ``people`` the seats people
    play (the others are bots), ``revision`` and ``lang`` those of the board's view;
    ``seated`` who plays each seat in the playouts (``seated_policies``: a bot by its
    name, a person by the stated model), so the chances know who is playing.
    """

    state: sp.State
    ply: int
    viewer: int
    people: tuple[int, ...]
    seed: int
    revision: int
    lang: str
    seated: tuple[str, ...] | None = None


@dataclass
class CoachSettings:
    """How much the coach computes: the board shows these as its own attributes (``board.odds_playouts = 20``).

    ``odds_playouts`` for the position on the board and ``line_playouts`` for each
    earlier turn of the line; Suggest's ``coach_level`` and Review's
    ``review_playouts`` per position; ``coach_processes``: play out in a separate
    process, so the playouts never hold the kernel's interpreter (its GIL) while the
    board answers a click (``False`` runs them in the coach's thread).
    """

    odds_playouts: int = 200
    line_playouts: int = 100
    coach_level: str = "medium"
    review_playouts: int = 20
    coach_processes: bool = True


class SplendorCoach:
    """Live odds, the line, Suggest and Review of one Splendor board (a component the board owns).

    ``show`` receives the panel's data, rendered in the board's language, each time
    it changes (the board puts it in its ``coach`` trait). The board calls
    :meth:`moved` for every move, :meth:`update` when it publishes and :meth:`switch`
    when a switch changes, holding :attr:`lock` while it answers a message.

    >>> SplendorCoach(print, odds="yes", coach=False)
    Traceback (most recent call last):
    ...
    ValueError: odds must be True or False, not 'yes'
    """

    def __init__(self, show: Callable[[dict[str, Any]], None], *, odds: bool, coach: bool) -> None:
        for name, value in (("odds", odds), ("coach", coach)):
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be True or False, not {value!r}")
        self._show = show
        self.odds_on, self.coach_on = odds, coach
        self.settings = CoachSettings()
        #: The board holds it while it answers a message or publishes; results are delivered under it.
        self.lock = threading.RLock()
        self._wake = threading.Condition(self.lock)  # the worker waits here for a job
        self._done = threading.Condition(self.lock)  # wait() waits here for the worker to be idle
        self._thread: threading.Thread | None = None
        self._closed = False
        self.busy = False
        self.line = CoachLine()
        self._at: Position | None = None  # the position last published
        self._suggest: dict[str, Any] | None = None
        self._review: dict[str, Any] | None = None
        #: ply -> (state before, action, review settings, its ``MoveReview`` or None if the job failed)
        self._reviewed: dict[int, tuple[sp.State, Any, tuple[Any, ...], MoveReview | None]] = {}
        self._panel_cache: tuple[Any, dict[str, Any]] | None = None
        self._sent = 0.0
        self.stats = {"chunks": 0, "dropped": 0}

    # ------------------------------------------------------------ told by the board
    def moved(self, ply: int, seat: int, action: Any, before: sp.State, after: sp.State) -> None:
        """The board made move ``ply``: ``seat`` played ``action`` from ``before`` to ``after``."""
        with self.lock:
            self.line.moved(ply, seat, action, before, after)

    def update(self, at: Position) -> None:
        """The board published ``at``: follow it on the line, show the panel, start what it needs."""
        with self.lock:
            self._at = at
            state = at.state
            self.line.sync(state, at.ply)
            if self._suggest is not None and self._suggest["state"] is not state:
                self._suggest = None
            if self._review is not None and self._review["state"] is not state:
                self._review = None
            self.publish()
            self._notify()
            self._ensure_thread()

    def switch(self, *, odds: bool, coach: bool) -> None:
        """A switch changed (the page's, or a teacher's for an assessment)."""
        with self.lock:
            self.odds_on, self.coach_on = odds, coach
            if not coach:
                self._suggest = self._review = None
            self.publish()
            self._notify()

    def handlers(self) -> dict[str, Callable[[Mapping[str, Any]], None]]:
        """The coach's messages (``type`` -> handler), answered by the board's one message loop."""
        return {"coach_suggest": self._msg_suggest, "coach_review": self._msg_review, "coach_point": self._msg_point}

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until the background playouts are done (True) or ``timeout`` seconds pass (False).

        With the coach on, that includes reviewing the people's moves made so far.
        """
        with self._done:
            return self._done.wait_for(lambda: self._closed or (not self.busy and self._next_job() is None), timeout=timeout)

    def close(self) -> None:
        """Stop the background thread (a job under way is finished and dropped)."""
        with self._wake:
            self._closed = True
            self._notify()

    def _notify(self) -> None:
        """Wake the worker only if it has a job (a needless wake costs a move a thread switch), and ``wait``."""
        if self._closed or self._next_job() is not None:
            self._wake.notify_all()
        self._done.notify_all()

    # ------------------------------------------------------------ messages
    def _position(self) -> Position:
        at = self._at
        if at is None:  # pragma: no cover - a board publishes before any message or job
            raise RuntimeError("the coach was asked before its board published a position")
        return at

    def _msg_suggest(self, _content: Mapping[str, Any]) -> None:
        at = self._position()
        state = at.state
        seat = None if state.is_over else state.current_player
        if not self.coach_on:
            raise BadIntent(_('the coach is switched off'))
        if seat is None or seat not in at.people:
            raise BadIntent(_('the coach suggests moves on your turn'))
        self._suggest = {"state": state, "items": None}
        self._asked()

    def _msg_review(self, _content: Mapping[str, Any]) -> None:
        state = self._position().state
        if not self.coach_on:
            raise BadIntent(_('the coach is switched off'))
        if not state.is_over:
            raise BadIntent(_('the review is ready once the game is over'))
        if self._review is None or self._review.get("state") is not state:
            self._review = {"state": state, "moves": None}
        self._asked()

    def _msg_point(self, content: Mapping[str, Any]) -> None:
        self.line.look(content.get("index"))
        self.publish()

    def _asked(self) -> None:
        self.publish()
        self._notify()
        self._ensure_thread()

    # ------------------------------------------------------------ the worker
    def _ensure_thread(self) -> None:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._loop, name="splendor-coach", daemon=True)
            self._thread.start()

    def _next_job(self) -> tuple[str, Any] | None:
        """The most urgent job, or None (call under the lock)."""
        if self._closed:
            return None
        if self.coach_on and self._suggest is not None and self._suggest["items"] is None:
            return ("suggest", self._suggest)
        if self.coach_on and self._review is not None and self._review["moves"] is None:
            return ("review", self._review)
        if self.odds_on:
            live, settings = self.line.live, self.settings
            if live is not None and not live.final and live.playouts < settings.odds_playouts:
                return ("odds", live)
            for point in reversed(self.line.points):
                if not point.final and point.playouts < settings.line_playouts:
                    return ("odds", point)
        if self.coach_on:
            move = self._unreviewed()
            if move is not None:
                return ("review_move", {"move": move})
        return None

    def _review_settings(self) -> tuple[Any, ...]:
        """What a move's review depends on besides the move: its playouts, the board's seed, who is seated."""
        at = self._position()
        return (self.settings.review_playouts, at.seed, at.seated)

    def _reviewed_before(self, move: Any, review_settings: tuple[Any, ...]) -> tuple[bool, MoveReview | None]:
        """Whether ``move`` (a line move) was reviewed ahead with ``review_settings``, and its review (None: failed)."""
        ply, _seat, action, before = move
        hit = self._reviewed.get(ply)
        if hit is None or hit[0] is not before or hit[1] != action or hit[2] != review_settings:
            return False, None
        return True, hit[3]

    def _reviewed_seats(self) -> list[int]:
        """The seats whose moves are reviewed: the people's, or the viewer's on a board of bots only."""
        at = self._position()
        return list(at.people) or [at.viewer]

    def _unreviewed(self) -> Any:
        """The first move of a reviewed seat on the line not reviewed ahead yet, or None."""
        if self._at is None:
            return None
        seats, review_settings = self._reviewed_seats(), self._review_settings()
        return next((m for m in self.line.moves
                     if m[1] in seats and not self._reviewed_before(m, review_settings)[0]), None)

    def _loop(self) -> None:
        while True:
            with self._wake:
                job = self._next_job()
                while job is None:
                    self.busy = False
                    self._done.notify_all()
                    if self._closed:
                        return
                    self._wake.wait()
                    job = self._next_job()
                self.busy = True
                kind, target = job
                job_call = self._prepare(kind, target)
            try:
                result = run_job(*job_call, processes=self.settings.coach_processes, asked=kind in ASKED)
            except Exception as err:  # a failing job must not kill the thread
                log.debug("coach job %s failed", kind, exc_info=True)
                result = err
            with self._wake:
                self.deliver(kind, target, result)
                self.busy = False
                self._done.notify_all()

    def _prepare(self, kind: str, target: Any) -> Job:
        """The job's function and arguments (plain, picklable values read under the lock)."""
        at, settings = self._position(), self.settings
        if kind == "odds":
            point: LinePoint = target
            chunk_seed = (at.seed * 7919 + point.ply * 131 + point.chunks) % 2**31
            return odds_job, (point.state, at.viewer, CHUNK, chunk_seed, at.seated)
        if kind == "suggest":
            seen = tuple(before for *_, before in self.line.moves)  # the game so far: no suggested circles
            return suggest_job, (target["state"], settings.coach_level, at.seed, at.seated, seen)
        if kind == "review_move":
            _ply, _seat, action, before = target["move"]
            target["settings"] = self._review_settings()
            return review_job, ([(before, action)], settings.review_playouts, at.seed, at.seated)
        pairs, indices = review_pairs(self.line.moves, self._reviewed_seats())
        review_settings = self._review_settings()
        known = [self._reviewed_before(self.line.moves[i], review_settings)[1] for i in indices]
        target.update(indices=indices, known=known, settings=review_settings)
        return review_job, ([pair for pair, done in zip(pairs, known, strict=True) if done is None],
                            settings.review_playouts, at.seed, at.seated)

    def deliver(self, kind: str, target: Any, result: Any) -> None:
        """Keep a job's result if its position is still on the board; drop it if not (under the lock)."""
        self.stats["chunks"] += kind == "odds"
        failed = isinstance(result, Exception)
        settings = self.settings
        if kind == "odds":
            point: LinePoint = target
            if not self.line.holds(point):
                self.stats["dropped"] += 1
                return
            if failed:
                point.playouts = max(settings.odds_playouts, settings.line_playouts)  # do not retry forever
                point.estimates = point.estimates or None
            else:
                point.add(result)
                live = point is self.line.live
                done = point.playouts >= (settings.odds_playouts if live else settings.line_playouts)
                if not done and time.monotonic() - self._sent < PROGRESS_EVERY:
                    return  # progress of a long computation goes out at most every PROGRESS_EVERY s
        elif kind == "suggest":
            if self._suggest is not target:
                self.stats["dropped"] += 1
                return
            target["items"] = [] if failed else [suggestion_json(s) for s in result]
            target["failed"] = failed
        elif kind == "review_move":
            move = target["move"]
            if not any(m is move for m in self.line.moves):  # undone meanwhile
                self.stats["dropped"] += 1
                return
            self._remember(move, target["settings"], None if failed else result.moves[0])
            return  # nothing on the page changes until a Review is asked for
        else:
            if self._review is not target:
                self.stats["dropped"] += 1
                return
            target["moves"] = [] if failed else self._review_rows(target, result)
            target["failed"] = failed
        self.publish()

    def _remember(self, move: Any, review_settings: tuple[Any, ...], reviewed: MoveReview | None) -> None:
        ply, _seat, action, before = move
        self._reviewed[ply] = (before, action, review_settings, reviewed)

    def _review_rows(self, target: Mapping[str, Any], result: GameReview) -> list[dict[str, Any]]:
        """The Review's rows: the moves reviewed ahead and those the job just reviewed, in the game's order."""
        indices, fresh = target["indices"], iter(result.moves)
        merged = []
        for k, (i, known) in enumerate(zip(indices, target["known"], strict=True)):
            if known is None:
                known = next(fresh)
                self._remember(self.line.moves[i], target["settings"], known)
            merged.append(replace(known, index=k))
        return review_json(GameReview(tuple(merged), result.threshold), indices, self.line.moves, self.line.points)

    # ------------------------------------------------------------ what the page gets
    def _panel(self, state: sp.State, viewer: int) -> dict[str, Any]:
        """Card odds of the position on the board (``card_panel``, exact; cached per position)."""
        cache = self._panel_cache
        if cache is None or cache[0] is not state:
            cache = self._panel_cache = (state, card_panel(state, viewer))
        return cache[1]

    def publish(self, *, again: bool = False) -> None:
        """Send the coach's data to the page (under the lock); ``again``: work the card odds out afresh."""
        at = self._at
        if at is None:
            return
        if again:
            self._panel_cache = None
        if not (self.odds_on or self.coach_on):  # the panel is hidden: one unchanging trait, never resent per move
            self._sent = time.monotonic()
            self._show({"odds_on": False, "coach_on": False})
            return
        state, viewer, line = at.state, at.viewer, self.line
        data: dict[str, Any] = {
            "odds_on": self.odds_on,
            "coach_on": self.coach_on,
            "viewer": viewer,
            "names": [p.name for p in state.players],
            "revision": at.revision,
            "over": state.is_over,
            "level": self.settings.coach_level,
        }
        if self.odds_on:
            data.update(odds_json(state, line.live, line.points, line.point, viewer, self.settings.odds_playouts))
            data.update(self._panel(state, viewer) if not state.is_over else {})
        if self.coach_on:
            data["suggest"] = job_json(self._suggest, "items")
            data["review"] = job_json(self._review, "moves")
        self._sent = time.monotonic()
        self._show(rendered(data, at.lang))
