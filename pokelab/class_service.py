"""The class service: the table server with the class league's doors, one process that alone holds the class database.

Off a hub it serves the shared tables beside Voilà (pupils' boards reach it with
their seat tokens); as a JupyterHub service (``--hub``) every request carries a
hub login, and it also answers the class's answers and experiment
(``pokelab.tables.class_doors``) and the class league (``pokelab.league.doors``),
so a pupil's kernel on a hub needs only its address (``docs/security.md``).

    python -m pokelab.class_service --db sqlite:///classes.db --port 8765
    python -m pokelab.class_service --hub --db postgresql://... --key-file /srv/pokelab/key --port 9765

The HTTP face is ``pokelab.tables.server``; the protocol ``pokelab.tables.service.TableService``.

>>> main(["--port", "8765"])
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import argparse
import asyncio
import os
from collections.abc import Sequence
from typing import Any

from pokelab.classroom import DEFAULT_URL_ENV
from pokelab.hub.gate import HubGate
from pokelab.hub.secrets import ClassSecrets, load_key, make_key_file
from pokelab.league.doors import LeagueDoors
from pokelab.tables.hub_pages import page_handlers
from pokelab.tables.request import MAX_BODY
from pokelab.tables.server import REQUEST_SECONDS, Pool, make_app
from pokelab.tables.service import TableService

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> None:
    """Serve the tables of the class database ``--db`` on ``--address``:``--port`` until stopped."""
    parser = argparse.ArgumentParser(prog="python -m pokelab.class_service", description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get(DEFAULT_URL_ENV) or None,
                        help=f"the class database URL (only this service holds it; default ${DEFAULT_URL_ENV})")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--address", default="127.0.0.1")
    parser.add_argument("--trust-proxy", action="store_true",
                        help="the client is the address the proxy in front appended (the last X-Forwarded-For entry)")
    parser.add_argument("--hub", action="store_true",
                        help="run as the JupyterHub service it was started as: every request needs a hub login "
                             "(HubAuth), served under $JUPYTERHUB_SERVICE_PREFIX")
    parser.add_argument("--key-file", help="under --hub: the class service's key (pokelab.hub.secrets), made if missing")
    parser.add_argument("--hub-cache-seconds", type=int, default=10,
                        help="under --hub: how long the hub's answer for a token is kept (0: ask on every request)")
    parser.add_argument("--request-seconds", type=float, default=REQUEST_SECONDS,
                        help="how long one request may take before it is answered busy (seconds)")
    args = parser.parse_args(argv)
    if not args.db:
        parser.error(f"the class database's URL is --db or ${DEFAULT_URL_ENV}")
    gate, prefix, secrets, pages = None, "/", None, None
    if args.hub:
        if not args.key_file:
            parser.error("--hub needs --key-file")
        secrets = ClassSecrets(load_key(make_key_file(args.key_file)))
        gate = HubGate(cache_seconds=args.hub_cache_seconds)
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/").rstrip("/") + "/"
        def pages(at: str, pool: Pool) -> list[Any]:
            return page_handlers(at, pool, cache_seconds=args.hub_cache_seconds)
    service = TableService(args.db, hub_secrets=secrets, leagues=LeagueDoors)
    app = make_app(service, trust_proxy=args.trust_proxy, request_seconds=args.request_seconds, gate=gate,
                   prefix=prefix, pages=pages)

    async def serve() -> None:
        # tornado refuses a body announced over MAX_BODY before reading it (it buffers 100 MB by default)
        app.listen(args.port, address=args.address, max_body_size=MAX_BODY)
        print(f"pokelab table server on http://{args.address}:{args.port}{prefix}api/", flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    finally:
        app.pool.close()
        service.close()


if __name__ == "__main__":
    main()
