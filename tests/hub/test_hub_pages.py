"""The class service's browser page through the real hub: HubOAuth's redirect dance from a logged-in hub cookie, no hand-made auth.

A browser-like client (a cookie jar, redirects followed) logs in on the hub's
own login form, opens ``/services/pokelab-class/``, is sent by the service to
the hub's OAuth authorize page and back to the service's ``oauth_callback``,
and reads the page. The password is the hub's own (its process environment).
"""

from __future__ import annotations

import http.cookiejar
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from pokelab.words import _
from tests.hub import test_hub as hub_tests
from tests.hub.test_hub import _api

# the hub's fixtures, as test_hub runs them (postgres: the class database's server the hub fixture asks for)
hub, classes, postgres = hub_tests.hub, hub_tests.classes, hub_tests.postgres

pytestmark = pytest.mark.hub

PAGE = "/services/pokelab-class/"


class _Hops(urllib.request.HTTPRedirectHandler):
    """Follows redirects as a browser does, noting each address it is sent to."""

    def __init__(self, hops: list[str]) -> None:
        self.hops = hops

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        self.hops.append(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class Browser:
    """A cookie jar that follows redirects, logged in on the hub's login form as ``user``."""

    def __init__(self, hub: dict, user: str) -> None:
        self.hub = hub
        self.jar = http.cookiejar.CookieJar()
        self.visited: list[str] = []
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _Hops(self.visited))
        environ = Path(f"/proc/{hub['hub_pid']}/environ").read_bytes().split(b"\0")
        password = next(v.split(b"=", 1)[1].decode() for v in environ if v.startswith(b"POKELAB_HUB_PASSWORD="))
        self.get("/hub/login")
        xsrf = next(c.value for c in self.jar if c.name == "_xsrf")
        # next: the hub's home page, so logging in spawns no server (the hub's default sends a user to theirs)
        status, _body = self.open("/hub/login?next=%2Fhub%2Fhome", {"username": user, "password": password, "_xsrf": xsrf})
        assert status == 200 and any(c.name == "jupyterhub-session-id" for c in self.jar), (status, self.visited)

    def open(self, path: str, form: dict | None = None, headers: dict | None = None) -> tuple[int, str]:
        data = None if form is None else urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(self.hub["public"] + path, data=data, headers=headers or {})
        self.visited.append(request.full_url)  # then each redirect's address (_Hops)
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()

    def get(self, path: str, **headers: str) -> tuple[int, str]:
        return self.open(path, headers=headers)


def test_a_teacher_logged_in_on_the_hub_reaches_the_class_page_through_the_hubs_oauth(hub, classes) -> None:
    from pokelab.tables.client import RemoteTables

    mei = RemoteTables(f"{hub['public']}/services/pokelab-class", hub_token=classes["mei"]["token"])
    code = mei.create_table(None, "herecomes", seed=3)
    mei.table(code).sit()
    oak = Browser(hub, "oak")
    status, page = oak.get(PAGE)
    assert status == 200, (status, page[:400], oak.visited, "".join(hub["log"][-40:]))
    dance = [urllib.parse.urlsplit(url).path for url in oak.visited[oak.visited.index(hub["public"] + PAGE):]]
    assert "/hub/spawn-pending/oak" not in dance
    assert dance[:4] == [PAGE, "/hub/api/oauth2/authorize", "/services/pokelab-class/oauth_callback", PAGE], dance
    assert {c.name for c in oak.jar} >= {"service-pokelab-class"}, [c.name for c in oak.jar]
    assert _("class {name}, which {user} teaches", name="7b", user="oak").render("en") in page
    assert code in page and "mei" in page
    status, zh = oak.get(PAGE + "?lang=zh")
    assert status == 200 and _("class {name}, which {user} teaches", name="7b", user="oak").render("zh") in zh
    status, by_browser = oak.get(PAGE, **{"Accept-Language": "zh-CN,zh;q=0.9"})
    assert status == 200 and 'lang="zh"' in by_browser


def test_a_pupil_sees_her_class_and_no_teachers_tables(hub, classes) -> None:
    status, page = Browser(hub, "mei").get(PAGE)
    assert status == 200, (status, page[:400])
    assert _("{user} is a pupil of class {name}", user="mei", name="7b").render("en") in page
    assert "<table>" not in page


def test_a_login_taken_out_of_its_class_is_refused_with_the_kits_error_in_the_pages_language(hub, classes) -> None:
    status, made = _api(hub, "POST", "/users", {"usernames": ["gary"]})
    assert status == 201, (status, made)
    status, made = _api(hub, "POST", "/groups/pokelab-7a/users", {"users": ["gary"]})
    assert status == 200, (status, made)
    gary = Browser(hub, "gary")
    status, page = gary.get(PAGE)
    assert status == 200 and "7a" in page, (status, page[:400])
    status, made = _api(hub, "DELETE", "/groups/pokelab-7a/users", {"users": ["gary"]})
    assert status == 200, (status, made)
    refusal = _("your hub login may not use the class service: ask the hub's administrator to put you in your "
                "class's group (pokelab-<class>)")
    deadline = time.monotonic() + 30  # the service keeps the hub's answer for a token at most a second here
    while time.monotonic() < deadline:
        status, page = gary.get(PAGE + "?lang=zh")
        if status != 200:
            break
    assert status == 403, (status, page[:400])
    import html

    assert html.escape(refusal.render("zh")) in page and 'lang="zh"' in page, page[:600]


def test_a_visitor_without_a_hub_login_is_sent_to_the_hubs_login_page(hub) -> None:
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(hub["public"] + PAGE, timeout=60) as answer:
        assert "/hub/login" in answer.url, answer.url
