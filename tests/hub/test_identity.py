"""``pokelab.hub.identity`` against answers no real hub gives: each is the kit's error, and the token goes nowhere else.

A small HTTP server in this process plays a hub that answers wrongly (too much,
a sign-in page, a redirect, an error, nothing at all). The real hub's answers are
checked in ``test_hub.py``.
"""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Callable, Iterator

import pytest

from pokelab.classroom import ClassAccessError, ClassroomError
from pokelab.hub.identity import MAX_ANSWER_BYTES, HubIdentity, ask_hub, hub_identity
from pokelab.words import _

TOKEN = "pupil-token-0123456789"


class FakeHub(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, answer: Callable[[http.server.BaseHTTPRequestHandler], None]) -> None:
        self.answer = answer
        self.seen: list[tuple[str, str | None]] = []  # (path, Authorization) of every request
        self.release = threading.Event()  # a silent hub holds its answer until the test ends
        super().__init__(("127.0.0.1", 0), Handler)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hub/api"


class Handler(http.server.BaseHTTPRequestHandler):
    server: FakeHub

    def do_GET(self) -> None:
        self.server.seen.append((self.path, self.headers.get("Authorization")))
        self.server.answer(self)

    def log_message(self, *args) -> None:
        pass


def reply(status: int, body: bytes, content_type: str = "application/json", **headers: str):
    def answer(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(body)
    return answer


@pytest.fixture
def fake_hub() -> Iterator[Callable[..., FakeHub]]:
    servers: list[FakeHub] = []

    def start(answer) -> FakeHub:
        server = FakeHub(answer)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.release.set()
        server.shutdown()
        server.server_close()


def test_a_user_model_is_read_and_the_token_sent_as_the_hub_wants_it(fake_hub) -> None:
    hub = fake_hub(reply(200, b'{"kind": "user", "name": "mei", "groups": ["pokelab-7b"], "admin": false}'))
    env = {"JUPYTERHUB_USER": "mei", "JUPYTERHUB_API_TOKEN": TOKEN, "JUPYTERHUB_API_URL": hub.api + "/"}
    assert hub_identity(env) == HubIdentity("mei", ("7b",), ())
    assert hub.seen == [("/hub/api/user", f"token {TOKEN}")]


def test_an_answer_over_the_limit_is_not_read(fake_hub) -> None:
    hub = fake_hub(reply(200, b'{"kind": "user", "name": "mei", "groups": ["' + b"x" * MAX_ANSWER_BYTES + b'"]}'))
    with pytest.raises(ClassroomError) as refused:
        ask_hub(hub.api, TOKEN)
    assert refused.value.reason.fields[0][1] == _("more than {most} bytes", most=MAX_ANSWER_BYTES)


@pytest.mark.parametrize("body", [b"<html>Sign in to the school network</html>", b'["mei"]', b'{"kind": "user"'],
                         ids=["sign-in page", "a list", "cut off"])
def test_what_is_not_a_user_model_is_a_classroom_error(fake_hub, body: bytes) -> None:
    hub = fake_hub(reply(200, body, "text/html"))
    with pytest.raises(ClassroomError) as refused:
        ask_hub(hub.api, TOKEN)
    assert not isinstance(refused.value, ClassAccessError)
    assert "is not a hub user" in str(refused.value) and "不是一个 JupyterHub 用户" in refused.value.message("zh")


def test_a_redirect_is_not_followed_so_the_token_goes_nowhere_else(fake_hub) -> None:
    elsewhere = fake_hub(reply(200, b'{"kind": "user", "name": "mallory", "groups": []}'))
    hub = fake_hub(reply(302, b"", Location=elsewhere.api + "/user"))
    with pytest.raises(ClassroomError, match="answered HTTP 302"):
        ask_hub(hub.api, TOKEN)
    assert elsewhere.seen == []


def test_a_hub_error_is_a_classroom_error_and_a_refusal_an_access_error(fake_hub, caplog) -> None:
    broken = fake_hub(reply(500, b"{}"))
    with pytest.raises(ClassroomError, match="answered HTTP 500") as failed:
        ask_hub(broken.api, TOKEN)
    assert not isinstance(failed.value, ClassAccessError)
    refusing = fake_hub(reply(403, b'{"status": 403, "message": "Forbidden"}'))
    with caplog.at_level("WARNING", logger="pokelab.hub"), \
            pytest.raises(ClassAccessError, match="the hub refused this kernel's login"):
        ask_hub(refusing.api, TOKEN)
    assert "refused a kernel's token (HTTP 403)" in caplog.text and TOKEN not in caplog.text


def test_a_silent_hub_is_given_up_on_after_the_time_limit(fake_hub) -> None:
    hub = fake_hub(lambda handler: handler.server.release.wait(30))
    with pytest.raises(ClassroomError, match="does not answer"):
        ask_hub(hub.api, TOKEN, timeout=0.5)


@pytest.mark.parametrize("token", ["", "two words", "line\nbreak", "x" * 1001, "口令"])
def test_a_token_that_is_no_token_is_refused_before_any_request(fake_hub, token: str) -> None:
    hub = fake_hub(reply(200, b'{"kind": "user", "name": "mei", "groups": []}'))
    with pytest.raises(ClassAccessError):
        ask_hub(hub.api, token)
    assert hub.seen == []


def test_outside_a_hub_there_is_no_identity_and_a_half_hub_is_refused() -> None:
    assert hub_identity({"LANG": "zh_CN.UTF-8"}) is None
    with pytest.raises(ClassroomError, match="JUPYTERHUB_API_URL"):
        hub_identity({"JUPYTERHUB_USER": "mei", "JUPYTERHUB_API_TOKEN": TOKEN})


@pytest.mark.parametrize("groups", [["pokelab-7 b!"], ["pokelab-"], ["pokelab-" + "x" * 61]])
def test_a_kit_group_that_names_no_class_is_refused(fake_hub, groups) -> None:
    body = json.dumps({"kind": "user", "name": "mei", "groups": groups}).encode()
    hub = fake_hub(reply(200, body))
    with pytest.raises(ClassroomError, match="names no class of the kit"):
        ask_hub(hub.api, TOKEN)
