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
``wire``) with status 400 (403 for an access refusal, 409 for a stale
revision). ``TableService.answer`` is the whole protocol, one verb per ``Table``
method, all through the one core (``Tables``, ``Table``): a seat's reads and
moves need its token, the full record the teacher key. Each client address has
its own store, so its wrong codes and seat tokens are throttled and locked out by
address, seat tokens per table and seat (behind a proxy, ``--trust-proxy``
reads ``X-Forwarded-For``).

>>> service = TableService("sqlite://")
>>> join_code, key = service.store_for("10.0.0.5").create_class("7B")
>>> code = service.answer("10.0.0.5", "create", {"join_code": join_code, "game": "splendor", "seed": 1})["code"]
>>> token = service.answer("10.0.0.7", "sit", {"code": code, "seat": 0, "name": "Ash"})["token"]
>>> service.answer("10.0.0.7", "view", {"code": code, "seat": 0, "token": token})["names"]
['Ash', None]
>>> service.answer("10.0.0.9", "view", {"code": code, "seat": 0})
Traceback (most recent call last):
...
pokelab.classroom.ClassAccessError: seat 1 of table ... needs its seat token: sit down (sit) or rejoin with your token first
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

import tornado.web  # the service's web server: Jupyter's own, already installed

from pokelab._json import load_json
from pokelab.classroom.access import ClassAccessError
from pokelab.classroom.limits import Limits
from pokelab.classroom.rounds import ClassroomError
from pokelab.classroom.store import ClassStore
from pokelab.errors import IllegalAction, InputError
from pokelab.tables.local import Tables
from pokelab.tables.rows import StaleRevision
from pokelab.tables.wire import error_data, wire_data
from pokelab.words import _

__all__ = ["TableService", "main", "make_app"]

log = logging.getLogger("pokelab.classroom")

#: The largest request body the service reads (a move is a few dozen bytes).
MAX_BODY = 16_384
#: Client addresses whose stores are kept (the oldest is dropped beyond this).
MAX_SOURCES = 2_000


class TableService:
    """The table authority's protocol: ``answer(source, verb, body)`` runs one request for the client at ``source``."""

    def __init__(self, url: str, *, limits: Limits | None = None, clock: Callable[[], float] | None = None) -> None:
        self.url = url
        self.limits = limits
        self.clock = clock  # the stores' clock (tests inject one; default the store's own)
        self._stores: dict[str, ClassStore] = {}
        self._shared: ClassStore | None = None
        self._tables: dict[tuple[str, str], Any] = {}
        self._verbs: dict[str, Callable[[str, dict[str, Any]], dict[str, Any]]] = {
            "create": self._create, "open": self._open, "sit": self._sit, "rejoin": self._rejoin,
            "revision": self._revision, "view": self._view, "play": self._play, "undo": self._undo,
            "answer_undo": self._answer_undo, "hand_to_bot": self._hand_to_bot, "advance": self._advance,
            "moves": self._moves, "replay": self._replay,
        }

    def store_for(self, source: str) -> ClassStore:
        """The store of one client address (its own throttle; every store shares one database)."""
        store = self._stores.get(source)
        if store is None:
            if len(self._stores) >= MAX_SOURCES:
                self._stores.pop(next(iter(self._stores)))
            store = (ClassStore.connect(self.url, limits=self.limits) if self.clock is None
                     else ClassStore.connect(self.url, limits=self.limits, clock=self.clock))
            if self.url == "sqlite://":  # in memory (tests): one database for every source
                self._shared = self._shared or store
                store = self._shared
            self._stores[source] = store
        return store

    def respond(self, source: str, verb: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        """One HTTP request's status and JSON answer: the verb's answer, or the refusal as data (never raises).

        >>> TableService("sqlite://").respond("10.0.0.5", "view", b"[1, 2")[0]
        400
        """
        try:
            if len(raw) > MAX_BODY:
                return 413, {"error": error_data(ClassroomError(_("that request is too large")))}
            try:  # the kit's one bounded loader: too deep, bad UTF-8 or a lone surrogate is a refusal, never a 500
                body = load_json(raw or b"{}", _("a table request"))
            except ValueError as err:  # the kit's client wrote the JSON: a syntax error gets no parser English
                syntax = getattr(err, "syntax", False)
                raise ClassroomError(_("a table request is a JSON object") if syntax else err.reason) from None
            return 200, self.answer(source, verb, body)
        except (ClassroomError, ClassAccessError, IllegalAction, InputError) as err:
            return _status(err), {"error": error_data(err)}
        except Exception:
            log.exception("the table server failed on %s", verb)
            failed = ClassroomError(_("the table server could not answer that; try again in a moment"))
            return 500, {"error": error_data(failed)}

    def answer(self, source: str, verb: str, body: dict[str, Any]) -> dict[str, Any]:
        """Run one request; a kit error (``ClassroomError``, ``ClassAccessError``, ``IllegalAction``…) is raised."""
        handler = self._verbs.get(verb)
        if handler is None or not isinstance(body, dict):
            raise ClassroomError(_("the table server has no request {verb}", verb=repr(verb)[:40]))
        return handler(source, body)

    # ------------------------------------------------------------------ the verbs
    def _table(self, source: str, body: dict[str, Any]) -> Any:
        store = self.store_for(source)
        code = body.get("code")
        key = (source, str(code))
        table = self._tables.get(key)
        if table is None:
            table = Tables(store).table(code)
            if len(self._tables) >= MAX_SOURCES * 4:
                self._tables.pop(next(iter(self._tables)))
            self._tables[key] = table
        return table

    @staticmethod
    def _token(body: dict[str, Any], name: str = "token") -> str:
        """A token from the request: never ``None``, so the table falls back to no token it remembers."""
        value = body.get(name)
        return "" if value is None else value

    def _create(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        bots = body.get("bots") or {}
        if not isinstance(bots, dict):
            raise ClassroomError(_("bots is a mapping from seat numbers to bot names, got {bots}", bots=repr(bots)))
        seats = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in bots.items()}
        options = {k: body[k] for k in ("seed", "variant", "idle_seconds", "name") if k in body}
        code = Tables(self.store_for(source)).create_table(
            body.get("join_code"), body.get("game"), body.get("players", 2), seats, **options
        )
        return {"code": code}

    def _open(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(source, body)
        return {"code": t.code, "game": t.game, "players": t.players, "class_code": t.class_code}

    def _sit(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        return {"token": self._table(source, body).sit(body.get("seat"), body.get("name"))}

    def _rejoin(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        return {"seat": self._table(source, body).rejoin(self._token(body))}

    def _revision(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(source, body).revision()}

    def _view(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        return self._table(source, body).view(body.get("seat"), token=self._token(body))

    def _play(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(source, body)
        revision = t.play(body.get("seat"), body.get("action"), body.get("revision"), token=self._token(body))
        return {"revision": revision}

    def _undo(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(source, body).request_undo(body.get("seat"), token=self._token(body))}

    def _answer_undo(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(source, body)
        return {"revision": t.answer_undo(body.get("seat"), body.get("yes"), token=self._token(body))}

    def _hand_to_bot(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(source, body)
        revision = t.hand_to_bot(
            body.get("seat"), body.get("bot"), teacher_key=body.get("teacher_key"),
            creator_token=self._token(body, "creator_token"),
        )
        return {"revision": revision}

    def _advance(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(source, body).advance()}

    def _moves(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(source, body)
        if body.get("teacher_key") is not None:
            return {"moves": t.moves(teacher_key=body["teacher_key"])}
        return {"moves": t.moves(body.get("seat"), token=self._token(body))}

    def _replay(self, source: str, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(source, body)
        if body.get("teacher_key") is not None:  # the whole game, as its save
            state = t.replay(teacher_key=body["teacher_key"])
            return {"save": t._row().kit.to_json(state)}
        return {"observation": t.replay(body.get("seat"), token=self._token(body))}


def _status(err: Exception) -> int:
    if isinstance(err, ClassAccessError):
        return 403
    if isinstance(err, StaleRevision):
        return 409
    return 400


def make_app(service: TableService, *, trust_proxy: bool = False) -> Any:
    """The tornado application serving ``service`` at ``POST /api/<verb>``."""
    class Handler(tornado.web.RequestHandler):
        def check_xsrf_cookie(self) -> None:  # a JSON API for kernels: no browser cookies are used
            return None

        def _source(self) -> str:
            forwarded = self.request.headers.get("X-Forwarded-For", "") if trust_proxy else ""
            return forwarded.split(",")[0].strip() or str(self.request.remote_ip)

        def post(self, verb: str) -> None:
            self._reply(*service.respond(self._source(), verb, self.request.body))

        def _reply(self, status: int, data: dict[str, Any]) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps(wire_data(data), default=str))  # texts stay texts: the board words them

    return tornado.web.Application([(r"/api/([a-z_]+)", Handler)])


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the tables of the class database ``--db`` on ``--address``:``--port`` until stopped."""
    parser = argparse.ArgumentParser(prog="python -m pokelab.tables.server", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="the class database URL (only this service holds it)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--address", default="127.0.0.1")
    parser.add_argument("--trust-proxy", action="store_true", help="read the client address from X-Forwarded-For")
    args = parser.parse_args(argv)
    app = make_app(TableService(args.db), trust_proxy=args.trust_proxy)

    async def serve() -> None:
        # tornado refuses a body announced over MAX_BODY before reading it (it buffers 100 MB by default)
        app.listen(args.port, address=args.address, max_body_size=MAX_BODY)
        print(f"pokelab table server on http://{args.address}:{args.port}/api/", flush=True)
        await asyncio.Event().wait()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
