"""The table authority: one small HTTP service that alone holds the class database; boards reach it with their seat token.

Where pupils run their own kernels (JupyterLab on their laptops, their own
servers on a JupyterHub), a kernel that can open the class database can read
every hand in it. Run this service beside Voilà or the hub instead, give *it*
the database (``--db``), and give the pupils' kernels only its address
(``POKELAB_TABLES_URL``): a board then holds its seat token and what that seat
may see, nothing more (``docs/security.md``).

    python -m pokelab.class_service --db sqlite:///classes.db --port 8765

``pokelab.class_service`` starts it. This module is the HTTP face: ``POST /api/<verb>`` with a JSON object, every
other address or method a JSON refusal too. What a request is
(``request``) and how it is answered (``service.TableService``, the whole
protocol) are their own modules. Behind a proxy, ``--trust-proxy`` takes the
address the proxy appended (the last ``X-Forwarded-For`` entry) as the
client's. The database work runs on a bounded pool of worker threads
(``Pool``), never on the event loop, and each request has a time limit
(``--request-seconds``), so one slow or stuck database call delays only its
own request.

>>> from pokelab.tables.service import TableService
>>> app = make_app(TableService("sqlite://"), request_seconds=2.0)
>>> app.pool.seconds, WORKERS
(2.0, 8)
>>> app.pool.close()
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import tornado.web  # the service's web server: Jupyter's own, already installed

from pokelab.classroom import ClassAccessError, ClassroomError
from pokelab.tables.request import busy, read_body, seat_keys, status_of
from pokelab.tables.service import TableService
from pokelab.tables.wire import error_data, wire_data
from pokelab.words import _

__all__ = ["REQUEST_SECONDS", "Pool", "make_app"]

log = logging.getLogger("pokelab.classroom")

#: Worker threads doing the database work (the event loop only reads requests and writes answers).
WORKERS = 8
#: Requests waiting for a worker or a seat's turn beyond which a new one is refused at once (busy).
MOST_PENDING = 256
#: How long one request may take, waiting included, before it is answered "busy" (seconds).
REQUEST_SECONDS = 15.0


class Pool:
    """The service's worker threads and the event loop's side of them: at most ``MOST_PENDING`` requests at a time."""

    def __init__(self, service: TableService, *, workers: int = WORKERS, seconds: float = REQUEST_SECONDS) -> None:
        self.service = service
        self.seconds = seconds
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pokelab-table")
        self._pending = 0
        self._lock = threading.Lock()

    async def respond(self, source: str, verb: str, raw: bytes, identity: Any = None) -> tuple[int, dict[str, Any]]:
        """One request's status and answer: read on the loop, its seat's turn awaited, the work on a worker, all timed."""
        with self._lock:
            if self._pending >= MOST_PENDING:
                return 503, {"error": error_data(busy(0))}
            self._pending += 1
        try:
            body = read_body(verb, raw)
            return await asyncio.wait_for(self._run(source, verb, body, identity), timeout=self.seconds)
        except (ClassroomError, ClassAccessError) as err:
            return status_of(err), {"error": error_data(err)}
        except TimeoutError:
            log.warning("the table server answered %s busy after %.0f s", verb, self.seconds)
            return 503, {"error": error_data(busy(self.seconds))}
        finally:
            with self._lock:
                self._pending -= 1

    async def _run(self, source: str, verb: str, body: dict[str, Any], identity: Any) -> tuple[int, dict[str, Any]]:
        wait = self.service.seats.admit(seat_keys(verb, body))
        if wait > 0:
            await asyncio.sleep(wait)  # this seat's turn (bounded: gate.MOST_WAIT); other requests go on
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.service.run, source, verb, body, identity)

    def close(self) -> None:
        """Let the workers finish and stop."""
        self.executor.shutdown(wait=False, cancel_futures=True)


def make_app(
    service: TableService,
    *,
    trust_proxy: bool = False,
    request_seconds: float = REQUEST_SECONDS,
    gate: Any = None,
    prefix: str = "/",
    pages: Any = None,
) -> Any:
    """The tornado application serving ``service`` at ``POST <prefix>api/<verb>``; anything else is a JSON refusal too.

    ``trust_proxy``: the client is the address the proxy in front appended, the
    last ``X-Forwarded-For`` entry (a client writes the entries before it).
    ``gate``: under a hub, the ``pokelab.hub.gate.HubGate`` that names every
    request's hub user before it is read (a refusal is answered 403, in the
    kit's JSON); its throttles then count per hub user. ``prefix``: the path
    the hub's proxy routes to the service (``JUPYTERHUB_SERVICE_PREFIX``).
    ``pages``: under a hub, ``hub_pages.page_handlers`` (given ``prefix`` and the
    pool): the service's browser page and its OAuth callback, before the API.
    """
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"the service's prefix starts and ends with /, not {prefix!r}")
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
            if gate is None:
                self._reply(*await pool.respond(self._source(), verb, self.request.body))
                return
            try:
                identity = await gate.identity(self.request.headers.get("Authorization"))
            except (ClassroomError, ClassAccessError) as err:
                self._reply(status_of(err), {"error": error_data(err)})
                return
            self._reply(*await pool.respond(f"hub user {identity.user}", verb, self.request.body, identity))

        def _reply(self, status: int, data: dict[str, Any]) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps(wire_data(data), default=str))  # texts stay texts: the board words them

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            """Tornado's own refusals (an unknown address, another method) as the service's JSON refusals."""
            if status_code == 404:
                err = ClassroomError(_("the table server answers POST {prefix}api/<request>, not {path}",
                                       prefix=prefix, path=repr(self.request.path)[:60]))
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

    routes: list[Any] = [] if pages is None else pages(prefix, pool)
    routes.append((re.escape(prefix) + r"api/([a-z_]+)", Handler))
    # a page's OAuth state cookie is signed: a secret of this process (a restart only asks the hub to log in again)
    app = tornado.web.Application(routes, default_handler_class=Unknown, cookie_secret=os.urandom(32))
    app.pool = pool
    return app
