"""The table authority: one small HTTP service that alone holds the class database; boards reach it with their seat token.

Where pupils run their own kernels (JupyterLab on their laptops, their own
servers on a JupyterHub), a kernel that can open the class database can read
every hand in it. Run this service beside Voilà or the hub instead, give *it*
the database (``--db``), and give the pupils' kernels only its address
(``POKELAB_TABLES_URL``): a board then holds its seat token and what that seat
may see, nothing more (``docs/security.md``).

    python -m pokelab.tables.server --db sqlite:///classes.db --port 8765

Every request is ``POST /api/<verb>`` with a JSON object; the answer is JSON, or
a refusal ``{"error": …}`` (the kit error's kind and catalogue text,
``wire``) with status 400 (403 for an access refusal, 404 for an unknown
address, 405 for another method, 409 for a stale revision, 503 when the
database stayed busy). ``TableService.answer`` is the whole protocol, one verb
per ``Table`` method, all through the one core (``Tables``, ``Table``): a
seat's reads and moves need its token, the full record the teacher key.

One store serves every client. Wrong join codes, teacher keys and table codes
are throttled per client address (behind a proxy, ``--trust-proxy`` takes the
address the proxy appended: the last ``X-Forwarded-For`` entry); wrong seat
tokens per seat and per table, whoever sends them (``gate.SeatGate``). The
database work runs on a bounded pool of worker threads, never on the event
loop, and each request has a time limit (``--request-seconds``), so one slow
or stuck database call delays only its own request.

>>> service = TableService("sqlite://")
>>> join_code, key = service.store.create_class("7B")
>>> code = service.answer("create", {"join_code": join_code, "game": "splendor", "seed": 1})["code"]
>>> token = service.answer("sit", {"code": code, "seat": 0, "name": "Ash", "join_code": join_code})["token"]
>>> service.answer("view", {"code": code, "seat": 0, "token": token})["names"]
['Ash', None]
>>> service.answer("view", {"code": code, "seat": 0})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: seat 1 of table ... needs its seat token: sit down (sit) or rejoin with your token first
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import tornado.web  # the service's web server: Jupyter's own, already installed

from pokelab._json import load_json
from pokelab.classroom import ClassAccessError, ClassroomError, ClassStoreBusy
from pokelab.classroom.limits import Limits, Throttle
from pokelab.classroom.store import ClassStore
from pokelab.errors import IllegalAction, InputError
from pokelab.tables.errors import StaleRevision
from pokelab.tables.gate import SeatGate
from pokelab.tables.local import Tables
from pokelab.tables.wire import error_data, wire_data
from pokelab.words import _

__all__ = ["TableService", "main", "make_app"]

log = logging.getLogger("pokelab.classroom")

#: The largest request body the service reads (a move is a few dozen bytes).
MAX_BODY = 16_384
#: Worker threads doing the database work (the event loop only reads requests and writes answers).
WORKERS = 8
#: Requests waiting for a worker or a seat's turn beyond which a new one is refused at once (busy).
MOST_PENDING = 256
#: How long one request may take, waiting included, before it is answered "busy" (seconds).
REQUEST_SECONDS = 15.0
#: The verbs whose request names a seat and carries its token (the seat gate spaces their tries).
SEAT_VERBS = frozenset({"view", "play", "undo", "answer_undo", "moves", "replay"})
#: What a refusal logged by the store says, mapped to the per-address throttle it counts against.
_THROTTLED = {"wrong join code": "join code", "wrong teacher key": "teacher key", "unknown table code": "table code"}
_STORE_FREE_FAILURES = 1_000_000  # the store's own per-process throttle: the service throttles per address instead


class TableService:
    """The table authority's protocol: ``answer(source, verb, body)`` runs one request for the client at ``source``.

    ``store``: the one ``ClassStore`` every request goes through; ``close()``
    closes it. ``clock``: the time (tests inject one, and ``sleep``, which
    ``respond`` uses to wait a seat's turn). Wrong join codes, teacher keys and table codes are throttled per
    ``source`` (``limits.Throttle``); wrong seat tokens per seat and table
    (``gate.SeatGate``), whoever sends them.
    """

    def __init__(
        self,
        url: str,
        *,
        limits: Limits | None = None,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.url = url
        self.sleep = sleep  # how ``respond`` waits a seat's turn in this thread (tests move their clock instead)
        self.limits = Limits() if limits is None else limits
        self.clock = time.time if clock is None else clock
        # One store for every client: its own throttle counts per process, so it never locks here; the
        # service's throttle below counts the same refusals per address, with the real limits.
        quiet = dataclasses.replace(self.limits, free_failures=_STORE_FREE_FAILURES)
        self.store = ClassStore.connect(url, limits=quiet, clock=self.clock)
        self.throttle = Throttle(self.limits, self.clock)
        self.seats = SeatGate(
            free=self.limits.free_failures, forget_seconds=self.limits.max_lockout_seconds,
            clock=time.monotonic if clock is None else clock,
        )
        self._verbs: dict[str, Callable[[str, dict[str, Any]], dict[str, Any]]] = {
            "create": self._create, "open": self._open, "sit": self._sit, "rejoin": self._rejoin,
            "revision": self._revision, "view": self._view, "play": self._play, "undo": self._undo,
            "answer_undo": self._answer_undo, "hand_to_bot": self._hand_to_bot, "advance": self._advance,
            "moves": self._moves, "replay": self._replay,
        }

    def close(self) -> None:
        """Close the store's pooled connections."""
        self.store.close()

    # ------------------------------------------------------------------ one request, in its steps
    def read_body(self, verb: str, raw: bytes) -> dict[str, Any]:
        """The request's JSON object, read by the kit's one bounded loader (a ``ClassroomError`` refusal otherwise).

        >>> TableService("sqlite://").read_body("view", b"[1, 2")
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: a table request is a JSON object
        """
        if len(raw) > MAX_BODY:
            raise _TooLarge(_("that request is too large"))
        try:  # the kit's one bounded loader: too deep, bad UTF-8 or a lone surrogate is a refusal, never a 500
            body = load_json(raw or b"{}", _("a table request"))
        except ValueError as err:  # the kit's client wrote the JSON: a syntax error gets no parser English
            syntax = getattr(err, "syntax", False)
            raise ClassroomError(_("a table request is a JSON object") if syntax else err.reason) from None
        if verb not in self._verbs or not isinstance(body, dict):
            raise ClassroomError(_("the table server has no request {verb}", verb=repr(verb)[:40]))
        return body

    @staticmethod
    def seat_keys(verb: str, body: dict[str, Any]) -> list[Hashable]:
        """The seat gate's keys of a request that carries a seat token: its table, and its seat when it names one.

        >>> TableService.seat_keys("view", {"code": "ABCDEF", "seat": 1, "token": "X"})
        [('table', 'ABCDEF'), ('seat', 'ABCDEF', 1)]
        >>> TableService.seat_keys("revision", {"code": "ABCDEF"})
        []
        """
        code = str(body.get("code"))[:16].upper()
        if verb in SEAT_VERBS and body.get("teacher_key") is None:
            seat = body.get("seat")
            return [("table", code), ("seat", code, seat if isinstance(seat, int) else None)]
        if verb == "rejoin" or (verb == "hand_to_bot" and body.get("teacher_key") is None):
            return [("table", code)]
        return []

    def run(self, source: str, verb: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Run one request for the client at ``source``: its status and JSON answer (never raises).

        The per-address throttles are checked first and counted after; a wrong
        seat token counts at the seat gate (``seat_keys``).
        """
        throttled = self._throttled(verb, body)
        try:
            for kind in throttled:
                self.throttle.check((source, kind))
            answer = self.answer(verb, body)
        except (ClassroomError, ClassAccessError, IllegalAction, InputError, ClassStoreBusy) as err:
            reason = getattr(err, "refusal", (None, None, None))[2]
            if reason == "wrong seat token":
                self.seats.failed(self.seat_keys(verb, body))
            elif reason in _THROTTLED:
                self.throttle.failed((source, _THROTTLED[reason]))
            return _status(err), {"error": error_data(err)}
        except Exception:
            log.exception("the table server failed on %s", verb)
            failed = ClassroomError(_("the table server could not answer that; try again in a moment"))
            return 500, {"error": error_data(failed)}
        for kind in throttled:
            self.throttle.succeeded((source, kind))
        return 200, answer

    @staticmethod
    def _throttled(verb: str, body: dict[str, Any]) -> list[str]:
        kinds = []
        if body.get("join_code") is not None:
            kinds.append("join code")
        if body.get("teacher_key") is not None:
            kinds.append("teacher key")
        if verb != "create":
            kinds.append("table code")
        return kinds

    def respond(self, source: str, verb: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        """One HTTP request's status and JSON answer, in this thread: read, wait its seat's turn, run (never raises).

        >>> TableService("sqlite://").respond("10.0.0.5", "view", b"[1, 2")[0]
        400
        """
        try:
            body = self.read_body(verb, raw)
            wait = self.seats.admit(self.seat_keys(verb, body))
            if wait > 0:
                self.sleep(wait)  # bounded (gate.MOST_WAIT)
        except (ClassroomError, ClassAccessError) as err:
            return _status(err), {"error": error_data(err)}
        return self.run(source, verb, body)

    def answer(self, verb: str, body: dict[str, Any]) -> dict[str, Any]:
        """Run one request, unthrottled; a kit error (``ClassroomError``, ``ClassAccessError``, ``IllegalAction``…) is raised."""
        handler = self._verbs.get(verb)
        if handler is None or not isinstance(body, dict):
            raise ClassroomError(_("the table server has no request {verb}", verb=repr(verb)[:40]))
        return handler(body)

    # ------------------------------------------------------------------ the verbs
    def _table(self, body: dict[str, Any]) -> Any:
        """The table the request names, opened afresh (a ``Table`` remembers tokens: never shared between requests)."""
        return Tables(self.store).table(body.get("code"))

    @staticmethod
    def _token(body: dict[str, Any], name: str = "token") -> str:
        """A token from the request: never ``None``, so the table falls back to no token it remembers."""
        value = body.get(name)
        return "" if value is None else value

    def _create(self, body: dict[str, Any]) -> dict[str, Any]:
        bots = body.get("bots") or {}
        if not isinstance(bots, dict):
            raise ClassroomError(_("bots is a mapping from seat numbers to bot names, got {bots}", bots=repr(bots)))
        seats = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in bots.items()}
        options = {k: body[k] for k in ("seed", "variant", "idle_seconds", "name") if k in body}
        code = Tables(self.store).create_table(
            body.get("join_code"), body.get("game"), body.get("players", 2), seats, **options
        )
        return {"code": code}

    def _open(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        return {"code": t.code, "game": t.game, "players": t.players}  # not the class's name: a code is no member

    def _sit(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"token": self._table(body).sit(body.get("seat"), body.get("name"), join_code=body.get("join_code"))}

    def _rejoin(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"seat": self._table(body).rejoin(self._token(body))}

    def _revision(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(body).revision()}

    def _view(self, body: dict[str, Any]) -> dict[str, Any]:
        return self._table(body).view(body.get("seat"), token=self._token(body))

    def _play(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        revision = t.play(body.get("seat"), body.get("action"), body.get("revision"), token=self._token(body))
        return {"revision": revision}

    def _undo(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(body).request_undo(body.get("seat"), token=self._token(body))}

    def _answer_undo(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        return {"revision": t.answer_undo(body.get("seat"), body.get("yes"), token=self._token(body))}

    def _hand_to_bot(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        revision = t.hand_to_bot(
            body.get("seat"), body.get("bot"), teacher_key=body.get("teacher_key"),
            creator_token=self._token(body, "creator_token"),
        )
        return {"revision": revision}

    def _advance(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(body).advance()}

    def _moves(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        if body.get("teacher_key") is not None:
            return {"moves": t.moves(teacher_key=body["teacher_key"])}
        return {"moves": t.moves(body.get("seat"), token=self._token(body))}

    def _replay(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        if body.get("teacher_key") is not None:  # the whole game, as its save
            state = t.replay(teacher_key=body["teacher_key"])
            return {"save": t._row().kit.to_json(state)}
        return {"observation": t.replay(body.get("seat"), token=self._token(body))}


def _status(err: Exception) -> int:
    if isinstance(err, _TooLarge):
        return 413
    if isinstance(err, ClassStoreBusy):
        return 503
    if isinstance(err, ClassAccessError):
        return 403
    if isinstance(err, StaleRevision):
        return 409
    return 400


class _TooLarge(ClassroomError):
    """A request body over ``MAX_BODY`` (answered 413)."""


def _busy(seconds: float) -> ClassStoreBusy:
    return ClassStoreBusy(
        _("the table server is busy: your request did not finish within {seconds} s. Refresh the board "
          "to see whether it went through, then try again", seconds=format(seconds, "g")),
    )


class Pool:
    """The service's worker threads and the event loop's side of them: at most ``MOST_PENDING`` requests at a time."""

    def __init__(self, service: TableService, *, workers: int = WORKERS, seconds: float = REQUEST_SECONDS) -> None:
        self.service = service
        self.seconds = seconds
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pokelab-table")
        self._pending = 0
        self._lock = threading.Lock()

    async def respond(self, source: str, verb: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        """One request's status and answer: read on the loop, its seat's turn awaited, the work on a worker, all timed."""
        with self._lock:
            if self._pending >= MOST_PENDING:
                return 503, {"error": error_data(_busy(0))}
            self._pending += 1
        try:
            body = self.service.read_body(verb, raw)
            return await asyncio.wait_for(self._run(source, verb, body), timeout=self.seconds)
        except (ClassroomError, ClassAccessError) as err:
            return _status(err), {"error": error_data(err)}
        except TimeoutError:
            log.warning("the table server answered %s busy after %.0f s", verb, self.seconds)
            return 503, {"error": error_data(_busy(self.seconds))}
        finally:
            with self._lock:
                self._pending -= 1

    async def _run(self, source: str, verb: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        wait = self.service.seats.admit(self.service.seat_keys(verb, body))
        if wait > 0:
            await asyncio.sleep(wait)  # this seat's turn (bounded: gate.MOST_WAIT); other requests go on
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.service.run, source, verb, body)

    def close(self) -> None:
        """Let the workers finish and stop."""
        self.executor.shutdown(wait=False, cancel_futures=True)


def make_app(service: TableService, *, trust_proxy: bool = False, request_seconds: float = REQUEST_SECONDS) -> Any:
    """The tornado application serving ``service`` at ``POST /api/<verb>``; anything else is a JSON refusal too.

    ``trust_proxy``: the client is the address the proxy in front appended, the
    last ``X-Forwarded-For`` entry (a client writes the entries before it).
    """
    pool = Pool(service, seconds=request_seconds)

    class Handler(tornado.web.RequestHandler):
        def check_xsrf_cookie(self) -> None:  # a JSON API for kernels: no browser cookies are used
            return None

        def _source(self) -> str:
            if trust_proxy:
                forwarded = self.request.headers.get_list("X-Forwarded-For")
                entries = [e.strip() for line in forwarded for e in line.split(",") if e.strip()]
                if entries:
                    return entries[-1][:64]  # the proxy appended it: the entries before are the client's own
            return str(self.request.remote_ip)

        async def post(self, verb: str) -> None:
            self._reply(*await pool.respond(self._source(), verb, self.request.body))

        def _reply(self, status: int, data: dict[str, Any]) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps(wire_data(data), default=str))  # texts stay texts: the board words them

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            """Tornado's own refusals (an unknown address, another method) as the service's JSON refusals."""
            if status_code == 404:
                err = ClassroomError(_("the table server answers POST /api/<request>, not {path}",
                                       path=repr(self.request.path)[:60]))
            elif status_code == 405:
                err = ClassroomError(_("the table server answers only POST requests, not {method}",
                                       method=repr(self.request.method)[:12]))
            else:
                err = ClassroomError(_("the table server could not read that request (HTTP {status})",
                                       status=status_code))
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps(wire_data({"error": error_data(err)})))

    class Unknown(Handler):
        def prepare(self) -> None:
            raise tornado.web.HTTPError(404)

    app = tornado.web.Application([(r"/api/([a-z_]+)", Handler)], default_handler_class=Unknown)
    app.pool = pool
    return app


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the tables of the class database ``--db`` on ``--address``:``--port`` until stopped."""
    parser = argparse.ArgumentParser(prog="python -m pokelab.tables.server", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the class database URL (only this service holds it)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--address", default="127.0.0.1")
    parser.add_argument("--trust-proxy", action="store_true",
                        help="the client is the address the proxy in front appended (the last X-Forwarded-For entry)")
    parser.add_argument("--request-seconds", type=float, default=REQUEST_SECONDS,
                        help="how long one request may take before it is answered busy (seconds)")
    args = parser.parse_args(argv)
    service = TableService(args.db)
    app = make_app(service, trust_proxy=args.trust_proxy, request_seconds=args.request_seconds)

    async def serve() -> None:
        # tornado refuses a body announced over MAX_BODY before reading it (it buffers 100 MB by default)
        app.listen(args.port, address=args.address, max_body_size=MAX_BODY)
        print(f"pokelab table server on http://{args.address}:{args.port}/api/", flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    finally:
        app.pool.close()
        service.close()


if __name__ == "__main__":
    main()
