"""The class service's door on a hub: every request's hub token checked with the hub (``HubAuth``) before any work.

A kernel sends its ``JUPYTERHUB_API_TOKEN`` in an ``Authorization: token …``
header. ``HubGate.identity`` asks the hub whose it is
(``jupyterhub.services.auth.HubAuth``: ``GET /hub/api/user`` with that token),
requires the scopes the hub gives the service (``access:services!service=<name>``,
from ``JUPYTERHUB_OAUTH_ACCESS_SCOPES``), and reads the answer with
``identity.identity_from``. No token, a token the hub does not know (revoked,
expired, its user logged out), or one without the scope is a
``ClassAccessError`` in every language of the kit; JupyterHub itself is
imported only here, in the service's process.

>>> bearer("token abc"), bearer("Bearer abc"), bearer("Basic abc"), bearer("")
('abc', 'abc', None, None)
"""

from __future__ import annotations

import logging
import re
from typing import Any

from pokelab.classroom.access import ClassAccessError
from pokelab.hub.identity import MAX_TOKEN, HubIdentity, identity_from
from pokelab.words import _

__all__ = ["HubGate", "bearer"]

log = logging.getLogger("pokelab.hub")

_HEADER = re.compile(r"(?:token|bearer)\s+(\S+)\s*", re.IGNORECASE)


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization`` header (``token …`` or ``Bearer …``), or ``None``."""
    found = _HEADER.fullmatch(header or "")
    return found.group(1) if found and len(found.group(1)) <= MAX_TOKEN else None


class HubGate:
    """Who a request comes from, asked of the hub: ``await gate.identity(header)`` is a ``HubIdentity`` or a refusal.

    ``auth``: a ``HubAuth`` (default: one from the environment the hub gives its
    managed service: ``JUPYTERHUB_API_URL``, ``JUPYTERHUB_API_TOKEN``,
    ``JUPYTERHUB_SERVICE_NAME``). The hub's answers are kept ``cache_seconds``
    (HubAuth's cache), so a polling board does not ask the hub each time; a
    revoked token still works that long. ``0`` asks the hub on every request.
    """

    def __init__(self, auth: Any = None, *, cache_seconds: int = 10) -> None:
        if auth is None:
            # the service's process only: kernels need no JupyterHub
            from jupyterhub.services.auth import HubAuth

            auth = HubAuth(cache_max_age=max(cache_seconds, 1))
        self.auth = auth
        self.use_cache = cache_seconds > 0
        self.scopes = set(auth.access_scopes)
        if not self.scopes:
            raise ValueError("the class service needs its access scope (JUPYTERHUB_SERVICE_NAME) to check requests")

    async def identity(self, header: str | None) -> HubIdentity:
        """The hub user of the request whose ``Authorization`` header is ``header``, checked."""
        token = bearer(header)
        if token is None:
            raise ClassAccessError(
                _("this request to the class service carries no hub login: use the kit from your own server on "
                  "the hub (its kernels send their login)"),
            )
        model = await self.auth.user_for_token(token, use_cache=self.use_cache, sync=False)
        if not model:
            log.warning("the hub knows no user for a request's token")  # never the token
            raise ClassAccessError(
                _("the hub refused this kernel's login (the token was revoked or has expired, or you logged out): "
                  "log in to the hub again and restart the kernel"),
            )
        if not self.auth.check_scopes(self.scopes, model):
            log.warning("hub user %r has no access to the class service", str(model.get("name"))[:80])
            raise ClassAccessError(
                _("your hub login may not use the class service: ask the hub's administrator to put you in your "
                  "class's group (pokelab-<class>)"),
            )
        return identity_from(model)
