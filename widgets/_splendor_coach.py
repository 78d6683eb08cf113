"""The Splendor board's coach: live win odds, the win-probability line, suggestions and a review.

``SplendorBoard(..., odds=True, coach=True)`` mixes ``CoachMixin`` in. Nothing
here blocks the board: one background thread hands the playouts, one chunk of
``CHUNK`` at a time, to a playout process at low priority
(``widgets._splendor_coach_jobs``), always the most urgent job first (a
Suggest or Review the user asked for, then the position on the board, then the
earlier turns of the line). After each chunk the thread looks again, so a new
move supersedes an older computation within one chunk, and a result for a
position that is no longer on the board (undone, or a new game) is dropped
(``coach_stats["dropped"]``). Results reach the page through the synced
``coach`` trait, set under the board's lock so a message and a result never
interleave.

Messages from the front end (besides the board's own, see ``widgets._board``):
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
from collections.abc import Mapping
from typing import Any

import traitlets

from pokelab import splendor as sp
from pokelab.words import _, rendered
from widgets._board_errors import BadIntent, _short
from widgets._splendor_coach_data import LinePoint, card_panel
from widgets._splendor_coach_jobs import (
    BrokenProcessPool,
    odds_job,
    playout_pool,
    reset_pool,
    review_job,
    suggest_job,
)
from widgets._splendor_coach_view import (
    job_json,
    odds_json,
    review_json,
    review_pairs,
    suggestion_json,
)

__all__ = ["CHUNK", "LEVELS", "CoachMixin"]

log = logging.getLogger(__name__)

#: Playouts per background step: small enough that a new move supersedes an old job quickly.
CHUNK = 50
#: Seconds between two progress updates of one computation (a finished one goes out at once).
PROGRESS_EVERY = 0.5
#: The coach's levels (``pokelab.analysis.suggest``).
LEVELS = ("easy", "medium", "hard")
_COACH_MESSAGES = ("coach_suggest", "coach_review", "coach_point")


def _turn_start(state: sp.State) -> bool:
    return not state.is_over and state.phase == "main" and not state.main_done


class CoachMixin(traitlets.HasTraits):
    """Live odds, the line, Suggest and Review for ``SplendorBoard`` (mixed in before ``Board``)."""

    coach = traitlets.Dict().tag(sync=True)
    odds_on = traitlets.Bool(False).tag(sync=True)
    coach_on = traitlets.Bool(False).tag(sync=True)

    #: Playouts for the position on the board and for each earlier turn of the line.
    odds_playouts = 200
    line_playouts = 100
    #: Suggest's level and Review's playouts per position.
    coach_level = "medium"
    review_playouts = 60
    #: Play out in a separate process, so the playouts never hold the kernel's interpreter
    #: (its GIL) while the board answers a click; False runs them in the coach's thread.
    coach_processes = True

    # ------------------------------------------------------------ set-up
    def _coach_init(self, *, odds: bool, coach: bool) -> None:
        for name, value in (("odds", odds), ("coach", coach)):
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be True or False, not {value!r}")
        self._coach_lock = threading.RLock()
        self._coach_wake = threading.Condition(self._coach_lock)  # the worker waits here for a job
        self._coach_done = threading.Condition(self._coach_lock)  # wait_coach waits here for the worker to be idle
        self._coach_thread: threading.Thread | None = None
        self._coach_closed = False
        self._coach_busy = False
        self._line: list[LinePoint] = []
        self._live: LinePoint | None = None
        self._moves: list[tuple[int, int, Any, Any]] = []  # (ply, seat, action, state before)
        self._suggest: dict[str, Any] | None = None
        self._review: dict[str, Any] | None = None
        self._point: int | None = None
        self._panel_cache: tuple[Any, dict[str, Any]] | None = None
        self._coach_sent = 0.0
        self.coach_stats = {"chunks": 0, "dropped": 0}
        self.odds_on, self.coach_on = odds, coach
        self.observe(self._coach_switched, names=["odds_on", "coach_on"])
        self.observe(self._coach_relang, names="lang")

    def _coach_relang(self, _change: Mapping[str, Any]) -> None:
        with self._coach_lock:
            self._coach_publish()

    def _coach_switched(self, _change: Mapping[str, Any]) -> None:
        with self._coach_lock:
            if not self.coach_on:
                self._suggest = self._review = None
            self._coach_publish()
            self._coach_notify()

    def _coach_notify(self) -> None:
        """Wake the worker only if it has a job (a needless wake costs a move a thread switch), and ``wait_coach``."""
        if self._coach_closed or self._next_job() is not None:
            self._coach_wake.notify_all()
        self._coach_done.notify_all()

    # ------------------------------------------------------------ public
    def wait_coach(self, timeout: float = 60.0) -> bool:
        """Wait until the background playouts are done (True) or ``timeout`` seconds pass (False).

        For scripts and tests; the page never waits.
        """
        with self._coach_done:
            return self._coach_done.wait_for(
                lambda: self._coach_closed or (not self._coach_busy and self._next_job() is None),
                timeout=timeout,
            )

    def close(self) -> None:
        """Stop the background thread and close the widget."""
        wake = getattr(self, "_coach_wake", None)  # None: the constructor failed before the coach
        if wake is not None:
            with wake:
                self._coach_closed = True
                self._coach_notify()
        super().close()  # type: ignore[misc]

    # ------------------------------------------------------------ board hooks
    def _act(self, seat: int, action: Any, *, after: Any = None) -> None:
        before = self._state  # type: ignore[has-type]
        super()._act(seat, action, after=after)  # type: ignore[misc]
        ply = self._ply - 1  # type: ignore[attr-defined]
        with self._coach_lock:
            self._moves = [m for m in self._moves if m[0] < ply]
            self._moves.append((ply, seat, action, before))
            self._line = [p for p in self._line if p.ply < ply or (p.ply == ply and p.state is before)]
            if _turn_start(before) and not (self._line and self._line[-1].ply == ply):
                self._line.append(LinePoint(before, ply=ply, seat=seat))
            if self._line:
                last = self._line[-1]
                last.moves = [m for m in last.moves if m[0] < ply]
                last.moves.append((ply, action))
            after = self._state  # type: ignore[has-type]
            if after.is_over:
                self._line.append(LinePoint.final_of(after, ply + 1))

    def _publish(self) -> None:
        lock = getattr(self, "_coach_lock", None)
        if lock is None:  # before _coach_init (the base class publishes during set-up)
            super()._publish()  # type: ignore[misc]
            return
        with lock:
            self._coach_sync_line()
            super()._publish()  # type: ignore[misc]
            self._coach_publish()
            self._coach_notify()
        self._coach_ensure_thread()

    def handle_message(self, content: Any) -> dict[str, Any]:
        """Answer one front-end message (the coach's own, or the board's) under the board's lock."""
        lock = getattr(self, "_coach_lock", None)
        if lock is None:
            return super().handle_message(content)  # type: ignore[misc, no-any-return]
        with lock:
            return super().handle_message(content)  # type: ignore[misc, no-any-return]

    def _more_handlers(self) -> dict[str, Any]:
        """The coach's messages, answered by the board's one message loop (``widgets._board``)."""
        return {**super()._more_handlers(), **{kind: getattr(self, f"_msg_{kind}") for kind in _COACH_MESSAGES}}  # type: ignore[misc]

    # ------------------------------------------------------------ messages
    def _msg_coach_suggest(self, _content: Mapping[str, Any]) -> None:
        state = self._state  # type: ignore[has-type]
        seat = None if state.is_over else state.current_player
        if not self.coach_on:
            raise BadIntent(_('the coach is switched off'))
        if seat is None or seat in self._bots:  # type: ignore[attr-defined]
            raise BadIntent(_('the coach suggests moves on your turn'))
        self._suggest = {"state": state, "items": None}
        self._coach_publish()
        self._coach_notify()
        self._coach_ensure_thread()

    def _msg_coach_review(self, _content: Mapping[str, Any]) -> None:
        if not self.coach_on:
            raise BadIntent(_('the coach is switched off'))
        if not self._state.is_over:  # type: ignore[has-type]
            raise BadIntent(_('the review is ready once the game is over'))
        if self._review is None or self._review.get("state") is not self._state:  # type: ignore[has-type]
            self._review = {"state": self._state, "moves": None}  # type: ignore[has-type]
        self._coach_publish()
        self._coach_notify()
        self._coach_ensure_thread()

    def _msg_coach_point(self, content: Mapping[str, Any]) -> None:
        index = content.get("index")
        if index is None:
            self._point = None
        elif isinstance(index, bool) or not isinstance(index, int):
            raise BadIntent(
                _('index must be a turn number or null, not {index}', index=_short(index)),
            )
        elif not 0 <= index < len(self._line):
            top = len(self._line) - 1
            raise BadIntent(
                _('there is no turn {index} on the line (0 to {value})', index=index, value=max(top, 0)),
            )
        else:
            self._point = index
        self._coach_publish()

    # ------------------------------------------------------------ the line
    def _coach_sync_line(self) -> None:
        """Drop what undo or a new game took back; add the turn the board now waits on."""
        state, ply = self._state, self._ply  # type: ignore[has-type,attr-defined]
        self._moves = [m for m in self._moves if m[0] < ply]
        self._line = [p for p in self._line if p.ply < ply or (p.ply == ply and p.state is state)]
        for point in self._line:
            point.moves = [m for m in point.moves if m[0] < ply]
        if _turn_start(state) and not (self._line and self._line[-1].ply == ply):
            self._line.append(LinePoint(state, ply=ply, seat=state.current_player))
        if state.is_over and not (self._line and self._line[-1].final):
            self._line.append(LinePoint.final_of(state, ply))
        if self._line and self._line[-1].state is state:
            self._live = self._line[-1]
        elif self._live is None or self._live.state is not state:
            self._live = None if state.is_over else LinePoint(state, ply=ply, seat=state.current_player)
        if self._point is not None and self._point >= len(self._line):
            self._point = None
        if self._suggest is not None and self._suggest["state"] is not state:
            self._suggest = None
        if self._review is not None and self._review["state"] is not state:
            self._review = None

    # ------------------------------------------------------------ the worker
    def _coach_ensure_thread(self) -> None:
        if self._coach_thread is None and not self._coach_closed:
            self._coach_thread = threading.Thread(
                target=self._coach_loop, name="splendor-coach", daemon=True
            )
            self._coach_thread.start()

    def _next_job(self) -> tuple[str, Any] | None:
        """The most urgent job, or None (call under the lock)."""
        if self._coach_closed:
            return None
        if self.coach_on and self._suggest is not None and self._suggest["items"] is None:
            return ("suggest", self._suggest)
        if self.coach_on and self._review is not None and self._review["moves"] is None:
            return ("review", self._review)
        if not self.odds_on:
            return None
        live = self._live
        if live is not None and not live.final and live.playouts < self.odds_playouts:
            return ("odds", live)
        for point in reversed(self._line):
            if not point.final and point.playouts < self.line_playouts:
                return ("odds", point)
        return None

    def _coach_loop(self) -> None:
        while True:
            with self._coach_wake:
                job = self._next_job()
                while job is None:
                    self._coach_busy = False
                    self._coach_done.notify_all()
                    if self._coach_closed:
                        return
                    self._coach_wake.wait()
                    job = self._next_job()
                self._coach_busy = True
                kind, target = job
                job_call = self._prepare(kind, target)
            try:
                result = self._run(job_call)
            except Exception as err:  # a failing job must not kill the thread
                log.debug("coach job %s failed", kind, exc_info=True)
                result = err
            with self._coach_wake:
                self._deliver(kind, target, result)
                self._coach_busy = False
                self._coach_done.notify_all()

    def _prepare(self, kind: str, target: Any) -> tuple[Any, tuple[Any, ...]]:
        """The job's function and arguments (plain, picklable values read under the lock)."""
        viewer = self._human  # type: ignore[attr-defined]
        seed = int(self.seed)  # type: ignore[attr-defined]
        if kind == "odds":
            point: LinePoint = target
            chunk_seed = (seed * 7919 + point.ply * 131 + point.chunks) % 2**31
            return odds_job, (point.state, viewer, CHUNK, chunk_seed)
        if kind == "suggest":
            return suggest_job, (target["state"], self.coach_level, seed)
        people = [s for s in range(len(self._names)) if s not in self._bots]  # type: ignore[attr-defined]
        pairs, indices = review_pairs(self._moves, people or [viewer])
        target["indices"] = indices
        return review_job, (pairs, self.review_playouts, seed)

    def _run(self, job: tuple[Any, tuple[Any, ...]]) -> Any:
        """Run a job in the coach's process (the kernel's interpreter stays free), else here."""
        fn, args = job
        if self.coach_processes:
            pool = playout_pool()
            if pool is not None:
                try:
                    return pool.submit(fn, *args).result()
                except BrokenProcessPool:
                    reset_pool()
        return fn(*args)

    def _deliver(self, kind: str, target: Any, result: Any) -> None:
        """Keep a result if its position is still on the board; drop it if not (under the lock)."""
        self.coach_stats["chunks"] += kind == "odds"
        failed = isinstance(result, Exception)
        if kind == "odds":
            point: LinePoint = target
            if point is not self._live and point not in self._line:
                self.coach_stats["dropped"] += 1
                return
            if failed:
                point.playouts = max(self.odds_playouts, self.line_playouts)  # do not retry forever
                point.estimates = point.estimates or None
            else:
                point.add(result)
                done = point.playouts >= (self.odds_playouts if point is self._live else self.line_playouts)
                now = time.monotonic()
                if not done and now - self._coach_sent < PROGRESS_EVERY:
                    return  # progress of a long computation goes out at most every PROGRESS_EVERY s
        elif kind == "suggest":
            if self._suggest is not target:
                self.coach_stats["dropped"] += 1
                return
            target["items"] = [] if failed else [suggestion_json(s) for s in result]
            target["failed"] = failed
        else:
            if self._review is not target:
                self.coach_stats["dropped"] += 1
                return
            target["moves"] = [] if failed else review_json(result, target["indices"], self._moves, self._line)
            target["failed"] = failed
        self._coach_publish()

    # ------------------------------------------------------------ what the page gets
    def _panel(self, state: sp.State, viewer: int) -> dict[str, Any]:
        """Card odds of the position on the board (``card_panel``, exact; cached per position)."""
        cache = self._panel_cache
        if cache is None or cache[0] is not state:
            cache = self._panel_cache = (state, card_panel(state, viewer))
        return cache[1]

    def _coach_publish(self) -> None:
        """Send the coach's data to the page (under the lock)."""
        state = self._state  # type: ignore[has-type]
        viewer = self._human  # type: ignore[attr-defined]
        names = [p.name for p in state.players]
        data: dict[str, Any] = {
            "odds_on": self.odds_on,
            "coach_on": self.coach_on,
            "viewer": viewer,
            "names": names,
            "revision": self.revision,  # type: ignore[attr-defined]
            "over": state.is_over,
            "level": self.coach_level,
        }
        if self.odds_on:
            data.update(odds_json(state, self._live, self._line, self._point, viewer, self.odds_playouts))
            data.update(self._panel(state, viewer) if not state.is_over else {})
        if self.coach_on:
            data["suggest"] = job_json(self._suggest, "items")
            data["review"] = job_json(self._review, "moves")
        self._coach_sent = time.monotonic()
        self.coach = rendered(data, self.lang)  # type: ignore[attr-defined]
