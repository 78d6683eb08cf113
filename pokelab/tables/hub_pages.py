"""The class service's own browser page on a hub: ``/services/pokelab-class/``, the logged-in hub user's classes.

A browser has no kernel token: it carries the hub's login cookie. The page is
``jupyterhub.services.auth.HubOAuthenticated``: a visitor without the
service's cookie is sent through the hub's OAuth (``<prefix>oauth_callback``,
``HubOAuthCallbackHandler``), and the hub hands the service a token of the
user with ``access:services!service=pokelab-class`` only. A pupil sees their
classes; a teacher also each class's tables and how many answers it has. A
user whose login lacks that scope (taken out of their class's groups) gets the
kit's refusal as the page, in the page's language (``?lang=zh``, else the
browser's ``Accept-Language``), status 403. What the page shows it asks of the
same ``TableService`` by the same doors as a kernel's request
(``hub_doors``/``class_doors``), never by a way of its own.
"""

from __future__ import annotations

import html
import json
import os
from typing import Any

import tornado.web

from pokelab.classroom import ClassAccessError, ClassroomError
from pokelab.hub.identity import identity_from
from pokelab.tables.wire import error_from
from pokelab.words import _

__all__ = ["page_handlers", "page_language"]


def page_language(query: str | None, accept: str | None) -> str:
    """``"zh"`` or ``"en"``: the ``lang`` asked for, else the browser's first language the kit has.

    >>> page_language("zh", None), page_language(None, "zh-CN,zh;q=0.9,en;q=0.8"), page_language(None, "fr, en")
    ('zh', 'zh', 'en')
    """
    if query in ("en", "zh"):
        return query
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag.startswith("zh"):
            return "zh"
        if tag.startswith("en"):
            return "en"
    return "en"


def _page(lang: str, title: str, body: str) -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
            f"<body><h1>{html.escape(title)}</h1>{body}</body></html>")


def page_handlers(prefix: str, pool: Any, *, cache_seconds: int = 10) -> list[tuple[str, Any]]:
    """The routes of the page (``prefix``) and of the hub's OAuth callback, answering by ``pool`` (``server.Pool``)."""
    from jupyterhub.services.auth import (  # the service only
        HubOAuth,
        HubOAuthCallbackHandler,
        HubOAuthenticated,
    )

    auth = HubOAuth(cache_max_age=max(cache_seconds, 1), oauth_redirect_uri=os.environ.get(
        "JUPYTERHUB_OAUTH_CALLBACK_URL", prefix + "oauth_callback"))

    class Page(HubOAuthenticated, tornado.web.RequestHandler):
        hub_auth = auth

        def _lang(self) -> str:
            return page_language(self.get_query_argument("lang", None), self.request.headers.get("Accept-Language"))

        async def _ask(self, identity: Any, verb: str, **body: Any) -> dict[str, Any]:
            _status, answer = await pool.respond(f"hub user {identity.user}", verb, json.dumps(body).encode(), identity)
            if "error" in answer:
                raise error_from(answer["error"])
            return answer

        @tornado.web.authenticated
        async def get(self) -> None:
            lang = self._lang()
            try:
                identity = identity_from(self.current_user)
                self._show(identity, lang, await self._read(identity))
            except (ClassAccessError, ClassroomError) as err:
                self._refuse(err, lang)

        async def _read(self, identity: Any) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
            """Each class ``identity`` teaches: its tables and its answers, as the service answers a kernel."""
            return {name: (await self._ask(identity, "tables", class_name=name),
                           await self._ask(identity, "class_answers", class_name=name)) for name in identity.teaches}

        def _show(self, identity: Any, lang: str, taught: dict[str, tuple[dict[str, Any], dict[str, Any]]]) -> None:
            def say(text: Any, tag: str = "p") -> str:
                return f"<{tag}>{html.escape(text.render(lang))}</{tag}>"

            parts = [say(_("{user} is a pupil of class {name}", user=identity.user, name=name))
                     for name in identity.classes]
            head = "".join(say(w, "th") for w in (_("table"), _("game"), _("seated"), _("moves")))
            for name, (tables, answers) in taught.items():
                rows = "".join(
                    f"<tr><td>{html.escape(str(t['table']))}</td><td>{html.escape(str(t['game']))}</td>"
                    f"<td>{html.escape(', '.join(str(n) for n in t['names'] if n))}</td><td>{t['moves']}</td></tr>"
                    for t in tables["tables"])
                parts.append(say(_("class {name}, which {user} teaches", name=name, user=identity.user), "h2")
                             + f"<table><tr>{head}</tr>{rows}</table>"
                             + say(_("answers recorded: {count}", count=len(answers["rows"]))))
            if not parts:
                parts.append(say(_("the hub puts {user} in no class", user=identity.user)))
            self.set_header("Cache-Control", "no-store")
            self.finish(_page(lang, _("pokelab on this hub").render(lang), "".join(parts)))

        def _refuse(self, err: ClassAccessError | ClassroomError, lang: str) -> None:
            self.set_status(403)
            self.set_header("Cache-Control", "no-store")
            self.finish(_page(lang, _("pokelab on this hub").render(lang),
                              f'<p role="alert">{html.escape(err.reason.render(lang))}</p>'))

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            if status_code == 403:  # HubOAuthenticated: a hub login without access:services!service=pokelab-class
                self._refuse(ClassAccessError(
                    _("your hub login may not use the class service: ask the hub's administrator to put you in your "
                      "class's group (pokelab-<class>)")), self._lang())
                return
            super().write_error(status_code, **kwargs)

    class Callback(HubOAuthCallbackHandler):
        hub_auth = auth  # the page's own HubOAuth: it keeps the OAuth state (and its PKCE verifier) it sent

    return [(prefix, Page), (prefix + "oauth_callback", Callback)]
