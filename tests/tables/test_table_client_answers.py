"""Issue 43: whatever the network answers a board's request, the pupil gets a kit error in their language, never a raw one.

A real HTTP server on loopback plays the network: a sign-in page served as 200
(a captive portal), an answer cut off, a JSON list, an answer too large or
nested too deep, a proxy's HTML error page, and silence.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest

from pokelab._json import MAX_BYTES
from pokelab.classroom import ClassroomError
from pokelab.tables import RemoteTables

PORTAL = b"<!doctype html><html><body><h1>Welcome to SchoolNet</h1><a href='/login'>Sign in</a></body></html>"

ANSWERS: dict[str, tuple[int, bytes, int | None]] = {  # path: status, body, announced length (None: the body's)
    "portal": (200, PORTAL, None),
    "cut": (200, b'{"code": "ABCDEF", "game": "spl', 4096),
    "list": (200, b'["ABCDEF", "splendor", 2]', None),
    "number": (200, b"42", None),
    "huge": (200, b'{"pad": "' + b"x" * (MAX_BYTES + 10) + b'"}', None),
    "deep": (200, b'{"a": ' + b"[" * 5000 + b"]" * 5000 + b"}", None),
    "proxy": (502, b"<html><body>502 Bad Gateway</body></html>", None),
    "refusal-list": (403, b"[1, 2, 3]", None),
}


class _Network(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        kind = self.path.split("/")[1]
        if kind == "silent":
            self.server.silence.wait(30)  # type: ignore[attr-defined]
            return
        status, body, announced = ANSWERS[kind]
        self.send_response(status)
        self.send_header("Content-Type", "text/html" if body.startswith(b"<") else "application/json")
        self.send_header("Content-Length", str(announced or len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture(scope="module")
def network() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Network)
    server.daemon_threads = True
    server.silence = threading.Event()  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.silence.set()  # type: ignore[attr-defined]
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(("kind", "says"), [
    ("portal", "not JSON"),
    ("cut", "broke off its answer"),
    ("list", "a JSON list, not an object"),
    ("number", "a JSON int, not an object"),
    ("huge", f"more than {MAX_BYTES} bytes"),
    ("deep", "nested deeper than"),
    ("proxy", "answered HTTP 502 without a table answer"),
    ("refusal-list", "answered HTTP 403 without a table answer"),
])
def test_a_bad_answer_from_the_network_is_a_kit_error(network, kind, says):
    """A sign-in page was a raw JSONDecodeError, a cut-off answer http.client.IncompleteRead, a list a TypeError."""
    with pytest.raises(ClassroomError) as err:
        RemoteTables(f"{network}/{kind}").table("ABCDEF")
    assert says in str(err.value), str(err.value)
    assert err.value.message("zh") != str(err.value)  # in the pupil's language too
    assert "Expecting" not in err.value.message("zh")  # no parser English


def test_a_silent_server_is_a_kit_error_after_the_clients_time_limit(network):
    with pytest.raises(ClassroomError, match="does not answer") as err:
        RemoteTables(f"{network}/silent", timeout=1).table("ABCDEF")
    assert err.value.message("zh") != str(err.value)
