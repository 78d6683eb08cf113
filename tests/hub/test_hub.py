"""A real JupyterHub with its real proxy, started from the kit's own config: who the hub says a pupil is (issue 45).

The hub runs ``deploy/jupyterhub/jupyterhub_config.py`` as a school would, with
JupyterHub from the test lock and configurable-http-proxy from ``node_modules``
(``npm ci``), on free ports in a temporary folder (the hub's SQLite database, the
class database). Pupils and their classes are made through the hub's REST API
with the roster service's token, as a script loading a class list would; then the
kit's ``pokelab.hub.identity`` asks that hub who a token belongs to.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import secrets
import select
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokelab.classroom import ClassAccessError, ClassroomError
from pokelab.hub.identity import HubIdentity, hub_identity
from pokelab.tables.client import RemoteTables
from pokelab.words import _
from tests.classroom.conftest import free_port, postgres  # noqa: F401 -- postgres: the session's server

pytestmark = pytest.mark.hub

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / "node_modules" / ".bin" / "configurable-http-proxy"
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
#: Seconds the hub may take to say it runs (it starts the proxy, the class service and the culler first).
START_SECONDS = 120
#: Seconds the hub, the proxy and the services may take to end once the hub is asked to stop.
STOP_SECONDS = 60
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _api(hub: dict, method: str, path: str, body: Any = None, *, token: str | None = None) -> tuple[int, Any]:
    """One request to the hub's REST API through its proxy; the status and the JSON answer."""
    request = urllib.request.Request(
        f"{hub['public']}/hub/api{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"token {token or hub['admin_token']}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
            return answer.status, json.loads(text) if text else None
    except urllib.error.HTTPError as refused:
        with refused:
            return refused.code, refused.read().decode(errors="replace")


def _wait_for_line(lines: queue.Queue, needle: str, process: subprocess.Popen, log: list[str], seconds: float) -> str:
    """Block until the hub writes a line with every ``|``-separated part of ``needle`` (read as it comes); that line.

    At most ``seconds``; lines before it are passed over, so one queue serves each wait in turn.
    """
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"the hub did not say {needle!r} within {seconds} s:\n" + "".join(log[-60:]))
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            continue
        if line is None:  # the hub's output ended: it exited
            raise AssertionError(f"the hub exited ({process.wait(timeout=10)}) before {needle!r}:\n" + "".join(log[-60:]))
        if all(part in line for part in needle.split("|")):
            return line


def _ended(pidfds: dict[str, int], seconds: float) -> list[str]:
    """The processes of ``pidfds`` still running after at most ``seconds`` (each pidfd turns readable at its exit)."""
    deadline = time.monotonic() + seconds
    running = dict(pidfds)
    while running:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        done, _w, _x = select.select(list(running.values()), [], [], left)
        running = {name: fd for name, fd in running.items() if fd not in done}
    return sorted(running)


def _class_database(request: pytest.FixtureRequest, state: Path) -> str:
    """The class service's database: a fresh one on the classroom tests' PostgreSQL server, as on a school's hub.

    Without a PostgreSQL server here (and not in CI, where ``postgres`` fails instead) a SQLite file.
    """
    try:
        server = request.getfixturevalue("postgres")
    except pytest.skip.Exception:
        return f"sqlite:///{state / 'classes.db'}"
    import sqlalchemy as sa

    name = f"hub{os.urandom(5).hex()}"
    admin = sa.create_engine(server.url.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return server.url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[dict]:
    """A JupyterHub process on the kit's config, with classes 7b, 7a and 7c; stopped, with its proxy and services, after."""
    if not PROXY.exists():
        message = f"configurable-http-proxy is not installed ({PROXY.relative_to(ROOT)}): run `npm ci` in the repository"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    state = tmp_path_factory.mktemp("hub")
    ports = {name: free_port() for name in ("public", "hub", "proxy_api", "class")}
    admin_token = secrets.token_hex(32)
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",  # jupyterhub-singleuser
        "PYTHONPATH": str(ROOT),
        "POKELAB_HUB_STATE": str(state),
        "POKELAB_HUB_CLASSES": "7b 7a 7c",
        "POKELAB_HUB_PASSWORD": secrets.token_urlsafe(12),
        "POKELAB_HUB_ADMIN_TOKEN": admin_token,
        "POKELAB_HUB_PORT": str(ports["public"]),
        "POKELAB_HUB_API_PORT": str(ports["hub"]),
        "POKELAB_PROXY_API_PORT": str(ports["proxy_api"]),
        "POKELAB_CLASS_SERVICE_PORT": str(ports["class"]),
        "POKELAB_CLASS_DB": _class_database(request, state),
        "POKELAB_CLASS_AUTH_CACHE_SECONDS": "0",  # a revoked token is refused at once (checked below)
    }
    if os.geteuid() == 0:  # a test container: the config refuses root unless told (pupils would run as root)
        env["POKELAB_HUB_ALLOW_ROOT"] = "1"
    env.pop("CONFIGPROXY_AUTH_TOKEN", None)
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)], cwd=state, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    lines: queue.Queue = queue.Queue()
    log: list[str] = []

    def read() -> None:
        for line in process.stdout:
            log.append(line)
            lines.put(line)
        lines.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    pidfds: dict[str, int] = {}
    try:
        _wait_for_line(lines, "JupyterHub is now running", process, log, START_SECONDS)
        hub = {"public": f"http://127.0.0.1:{ports['public']}", "api": f"http://127.0.0.1:{ports['hub']}/hub/api",
               "class_service": f"http://127.0.0.1:{ports['class']}", "admin_token": admin_token, "log": log,
               "wait_for_line": lambda needle, seconds: _wait_for_line(lines, needle, process, log, seconds),
               "pidfds": pidfds, "hub_pid": process.pid, "state": state, "password": env["POKELAB_HUB_PASSWORD"]}
        status, version = _api(hub, "GET", "/")  # through the proxy: the hub's API answers
        assert status == 200 and "version" in version, (status, version)
        print(f"\nJupyterHub {version['version']} and its proxy up in {time.monotonic() - started:.1f} s, "
              f"class database {env['POKELAB_CLASS_DB'].split(':', 1)[0]}")
        pidfds["proxy"] = os.pidfd_open(int((state / "jupyterhub-proxy.pid").read_text()))
        for name in ("pokelab-class", "idle-culler"):
            status, service = _api(hub, "GET", f"/services/{name}")
            assert status == 200 and service["pid"] > 0, (name, status, service)
            pidfds[name] = os.pidfd_open(service["pid"])
        yield hub
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # the hub stops its proxy and its services itself
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        reader.join(timeout=10)
        pid_file = state / "jupyterhub-proxy.pid"
        if "proxy" not in pidfds and pid_file.exists():  # the hub failed after starting its proxy
            with contextlib.suppress(ProcessLookupError, ValueError):
                pidfds["proxy"] = os.pidfd_open(int(pid_file.read_text()))
        left = _ended(pidfds, STOP_SECONDS)
        for name, fd in pidfds.items():
            if name in left:  # reported below, and not left running
                signal.pidfd_send_signal(fd, signal.SIGKILL)
            os.close(fd)
        process.stdout.close()
        assert not left, f"still running after the hub stopped: {left}\n" + "".join(log[-40:])


@pytest.fixture(scope="module")
def classes(hub: dict) -> dict:
    """Pupils mei and ash in 7b, brock in 7a, misty in 7c; oak teaching 7b, elm 7c: made through the REST API; a token each."""
    members = {"pokelab-7b": ["mei", "ash"], "pokelab-7a": ["brock"], "pokelab-7c": ["misty"],
               "pokelab-7b-teachers": ["oak"], "pokelab-7c-teachers": ["elm"]}
    status, made = _api(hub, "POST", "/users", {"usernames": ["mei", "ash", "brock", "misty", "oak", "elm"]})
    assert status == 201, (status, made)
    for group, users in members.items():
        status, answer = _api(hub, "POST", f"/groups/{group}/users", {"users": users})
        assert status == 200, (group, status, answer)
    tokens = {}
    for user in ("mei", "ash", "brock", "misty", "oak", "elm"):
        # the one scope the config's class role grants: a token beyond its owner's rights is refused by the hub
        status, token = _api(hub, "POST", f"/users/{user}/tokens",
                             {"scopes": ["access:services!service=pokelab-class"], "note": "a kernel's token"})
        assert status == 201, (user, status, token)
        tokens[user] = token
    return tokens


def _kernel(hub: dict, user: str, token: str) -> dict[str, str]:
    """The environment JupyterHub gives the kernels of ``user``'s server."""
    return {"JUPYTERHUB_USER": user, "JUPYTERHUB_API_TOKEN": token, "JUPYTERHUB_API_URL": hub["api"]}


def test_a_pupils_token_names_the_pupil_and_their_class_group(hub, classes) -> None:
    mei = hub_identity(_kernel(hub, "mei", classes["mei"]["token"]))
    assert mei == HubIdentity("mei", classes=("7b",), teaches=())
    assert mei.in_class("7b") and not mei.teaches_class("7b")
    oak = hub_identity(_kernel(hub, "oak", classes["oak"]["token"]))
    assert oak == HubIdentity("oak", classes=(), teaches=("7b",))
    # the class service's side (jupyterhub.services.auth.HubAuth) reads the same hub answer for the same token
    from jupyterhub.services.auth import HubAuth  # only the hub tests have JupyterHub to import

    model = HubAuth(api_url=hub["api"], api_token=hub["admin_token"]).user_for_token(
        classes["mei"]["token"], use_cache=False)
    assert model["name"] == "mei" and sorted(model["groups"]) == ["pokelab-7b"]


def test_a_pupil_of_another_class_gets_the_other_group(hub, classes) -> None:
    brock = hub_identity(_kernel(hub, "brock", classes["brock"]["token"]))
    assert brock == HubIdentity("brock", classes=("7a",), teaches=())
    assert not brock.in_class("7b")


def test_a_token_in_another_pupils_kernel_is_refused(hub, classes) -> None:
    with pytest.raises(ClassAccessError) as refused:
        hub_identity(_kernel(hub, "ash", classes["mei"]["token"]))
    assert refused.value.reason == _(
        "the hub says this kernel's token belongs to {owner}, not to {user}: log in to the hub as yourself "
        "and restart the kernel", owner="'mei'", user="'ash'")


def test_a_revoked_token_is_refused_with_the_kits_error(hub, classes) -> None:
    kernel = _kernel(hub, "ash", classes["ash"]["token"])
    assert hub_identity(kernel).user == "ash"  # the token works until it is revoked
    status, _answer = _api(hub, "DELETE", f"/users/ash/tokens/{classes['ash']['id']}")
    assert status == 204, (status, _answer)
    with pytest.raises(ClassAccessError) as refused:
        hub_identity(kernel)
    assert refused.value.reason == _(
        "the hub refused this kernel's login (the token was revoked or has expired, or you logged out): "
        "log in to the hub again and restart the kernel")
    assert refused.value.message("zh").startswith("JupyterHub 拒绝了这个内核的登录")
    # HubAuth, as the class service will use it, finds no user for it either
    from jupyterhub.services.auth import HubAuth

    assert HubAuth(api_url=hub["api"], api_token=hub["admin_token"]).user_for_token(
        classes["ash"]["token"], use_cache=False) is None


def test_the_hub_started_the_class_service_behind_its_proxy_and_it_wants_a_hub_login(hub, classes) -> None:
    """The config's pokelab-class service is the kit's table server under its hub prefix, through the proxy."""
    through_proxy = f"{hub['public']}/services/pokelab-class"
    with pytest.raises(ClassroomError) as unknown:
        RemoteTables(through_proxy, hub_token=classes["mei"]["token"]).table("ABCDEF")
    assert "ABCDEF" in str(unknown.value)
    with pytest.raises(ClassAccessError) as anonymous:  # no hub login: refused before any table is read
        RemoteTables(through_proxy).table("ABCDEF")
    assert anonymous.value.reason.source.startswith("this request to the class service carries no hub login")
    status, narrow = _api(hub, "POST", "/users/mei/tokens",  # a real login without the service's scope
                          {"scopes": ["access:servers!user=mei"], "note": "not the class service's"})
    assert status in (200, 201), (status, narrow)
    with pytest.raises(ClassAccessError) as unscoped:
        RemoteTables(through_proxy, hub_token=narrow["token"]).table("ABCDEF")
    assert unscoped.value.reason.source.startswith("your hub login may not use the class service"), unscoped.value
    with pytest.raises(ClassAccessError):  # straight to the service's own port is no way around the hub either
        RemoteTables(f"{hub['class_service']}/services/pokelab-class").table("ABCDEF")


class _Kernel(RemoteTables):
    """A pupil's client of the class service that keeps every answer it got, as JSON text (to scan for hands)."""

    def __init__(self, url: str, token: str) -> None:
        super().__init__(url, hub_token=token)
        self.received: list[str] = []

    def ask(self, verb: str, **body: Any) -> dict[str, Any]:
        answer = super().ask(verb, **body)
        self.received.append(json.dumps(answer, default=str))
        return answer


def _hub_tokens(hub: dict, *users: str) -> dict[str, dict]:
    """A fresh kernel-like token per user, with the one scope the class role grants (the module's may be revoked)."""
    made = {}
    for user in users:
        status, token = _api(hub, "POST", f"/users/{user}/tokens",
                             {"scopes": ["access:services!service=pokelab-class"], "note": "a kernel's token"})
        assert status == 201, (user, status, token)
        made[user] = token
    return made


SHARED: dict[str, str] = {}  # the table the pupils played, for the kernel test below


def test_two_pupils_of_a_class_play_a_here_comes_round_through_the_proxy_by_their_hub_logins(hub, classes) -> None:
    """Mei and Ash sit by login only (no join code, token or name), play a round; neither gets the other's hand."""
    from pokelab.tables import StaleRevision

    url = f"{hub['public']}/services/pokelab-class"
    tokens = _hub_tokens(hub, "mei", "ash")
    mei, ash = _Kernel(url, tokens["mei"]["token"]), _Kernel(url, tokens["ash"]["token"])
    code = mei.create_table(None, "herecomes", seed=11)
    SHARED["code"] = code
    seated = {name: client.table(code) for name, client in (("mei", mei), ("ash", ash))}
    seated["mei"].sit()
    seated["ash"].sit()
    assert seated["mei"].sit() == seated["mei"]._tokens[0]  # sitting again is rejoining her seat
    seats = {name: t.my_seat for name, t in seated.items()}
    assert seats == {"mei": 0, "ash": 1}
    first = seated["mei"].view(0)
    assert first["names"] == ["mei", "ash"]  # the seats' names are the hub logins
    start = first["observation"]["round"]
    for _step in range(60):  # each move is one pupil's; simultaneous choices may meet a stale revision
        views = {name: t.view(seats[name]) for name, t in seated.items()}
        if all(v["observation"]["round"] != start or v["finished"] for v in views.values()):
            break
        movers = [name for name, v in views.items() if seats[name] in v["to_move"] and v["legal"]]
        assert movers, views
        name = movers[0]
        with contextlib.suppress(StaleRevision):
            seated[name].play(seats[name], views[name]["legal"][0], views[name]["revision"])
    else:
        raise AssertionError("the round did not end within 60 moves")
    # what each still holds was never in what the other received
    import re

    for holder, other in (("mei", ash), ("ash", mei)):
        hand = views[holder]["observation"]["hand"]
        assert hand, views[holder]["observation"]
        cards = [str(card.get("id", card)) if isinstance(card, dict) else str(card) for card in hand]
        received = "\n".join(other.received)
        leaked = [card for card in cards if re.search(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])", received)]
        assert not leaked, (holder, leaked)
    with pytest.raises(ClassAccessError) as not_hers:  # a hub login plays only its own seat
        seated["mei"].view(1, token=seated["ash"]._tokens[1])
    assert not_hers.value.reason.source.endswith("a hub login plays only its own seat")


def test_the_teacher_lists_the_class_tables_and_reads_the_record_by_hub_login(hub, classes) -> None:
    url = f"{hub['public']}/services/pokelab-class"
    tokens = _hub_tokens(hub, "oak", "mei")
    oak = RemoteTables(url, hub_token=tokens["oak"]["token"])
    listing = oak.listing()
    row = listing[listing["table"] == SHARED["code"]]
    assert row["names"].tolist() == [["mei", "ash"]] and row["moves"].iloc[0] > 0, listing
    assert len(oak.table(SHARED["code"]).moves()) == row["moves"].iloc[0]  # the whole record, no teacher key
    record = oak.table(SHARED["code"]).record()  # the whole game for a board (Board.from_record), by his login
    assert record.bots == ("mei", "ash") and len(record.actions) == row["moves"].iloc[0]
    mei = RemoteTables(url, hub_token=tokens["mei"]["token"])
    with pytest.raises(ClassAccessError) as pupil:  # a pupil acting as a teacher
        mei.listing()
    assert pupil.value.reason == _(
        "only a teacher of class {name} (hub group pokelab-{name}-teachers) may do that; {user} is not one",
        name="7b", user="'mei'")
    with pytest.raises(ClassAccessError):
        mei.table(SHARED["code"]).moves()
    with pytest.raises(ClassAccessError):
        mei.table(SHARED["code"]).record()  # a pupil asking for the teacher's record


def test_a_pupil_of_another_class_and_a_revoked_token_are_refused_by_the_class_service(hub, classes) -> None:
    url = f"{hub['public']}/services/pokelab-class"
    tokens = _hub_tokens(hub, "brock", "ash")
    with pytest.raises(ClassAccessError) as other_class:
        RemoteTables(url, hub_token=tokens["brock"]["token"]).table(SHARED["code"])
    assert other_class.value.reason == _(
        "that belongs to class {name}, and the hub does not put {user} in it", name="7b", user="'brock'")
    assert other_class.value.message("zh") != other_class.value.reason.render("en")  # in the pupil's language too
    ash = RemoteTables(url, hub_token=tokens["ash"]["token"])
    assert ash.table(SHARED["code"]).revision() > 0  # works until revoked
    status, _answer = _api(hub, "DELETE", f"/users/ash/tokens/{tokens['ash']['id']}")
    assert status == 204, (status, _answer)
    with pytest.raises(ClassAccessError) as revoked:
        ash.table(SHARED["code"])
    assert revoked.value.reason == _(
        "the hub refused this kernel's login (the token was revoked or has expired, or you logged out): "
        "log in to the hub again and restart the kernel")


def test_the_idle_culler_reads_the_users_with_the_scopes_the_config_gives_it(hub) -> None:
    """Its first pass lists the users' servers: a 200 for idle-culler (with a scope missing the hub answers 403)."""
    line = hub["wait_for_line"]("GET /hub/api/users|(idle-culler@", 60)
    assert " 200 GET /hub/api/users" in line, line


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux: /proc)."""
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


def _progress(hub: dict, user: str, token: str, seconds: float) -> dict:
    """Follow the hub's progress events of ``user``'s server until one says it is ready; that event."""
    request = urllib.request.Request(f"{hub['public']}/hub/api/users/{user}/server/progress",
                                     headers={"Authorization": f"token {token}", "Accept": "text/event-stream"})
    with urllib.request.urlopen(request, timeout=seconds) as events:
        for raw in events:  # each line as the hub sends it: data: {...}
            line = raw.decode().strip()
            if line.startswith("data:"):
                event = json.loads(line[5:])
                if event.get("ready") or event.get("failed"):
                    return event
    raise AssertionError(f"the progress of {user}'s server ended without ready")


async def _run_in_kernel(base: str, token: str, code: str, seconds: float) -> str:
    """Run ``code`` in a new kernel of the server at ``base`` (its REST API and websocket); what it printed."""
    import tornado.httpclient  # the hub's own HTTP and websocket client (JupyterHub depends on tornado)
    import tornado.websocket

    headers = {"Authorization": f"token {token}"}
    client = tornado.httpclient.AsyncHTTPClient()
    started = await client.fetch(f"{base}/api/kernels", method="POST", body="{}", headers=headers,
                                 request_timeout=seconds)
    kernel = json.loads(started.body)["id"]
    socket = await tornado.websocket.websocket_connect(tornado.httpclient.HTTPRequest(
        f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels", headers=headers,
        request_timeout=seconds))
    msg_id = secrets.token_hex(8)
    socket.write_message(json.dumps({
        "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": secrets.token_hex(8),
                   "username": "test", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell",
        "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                    "allow_stdin": False, "stop_on_error": True},
    }))
    out: list[str] = []
    deadline = time.monotonic() + seconds
    while True:
        message = await asyncio.wait_for(socket.read_message(), timeout=max(deadline - time.monotonic(), 0.1))
        assert message is not None, "the kernel's websocket closed: " + "".join(out)
        reply = json.loads(message)
        if reply.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind = reply["header"]["msg_type"]
        if kind == "stream":
            out.append(reply["content"]["text"])
        elif kind == "error":
            out.append("\n".join(reply["content"]["traceback"]))
        elif kind == "status" and reply["content"]["execution_state"] == "idle":
            break
    socket.close()
    await client.fetch(f"{base}/api/kernels/{kernel}", method="DELETE", headers=headers, request_timeout=seconds)
    return "".join(out)


@contextlib.contextmanager
def _server(hub: dict, user: str) -> Iterator[str]:
    """``user``'s own server, spawned by the hub as the config says, stopped after; a browser-like token of theirs."""
    status, session = _api(hub, "POST", f"/users/{user}/tokens",
                           {"scopes": [f"servers!user={user}", f"access:servers!user={user}"],
                            "note": f"{user}'s browser"})
    assert status == 201, (status, session)
    token = session["token"]
    before = set(_children(hub["hub_pid"]))
    status, answer = _api(hub, "POST", f"/users/{user}/server", {}, token=token)
    assert status in (201, 202), (status, answer)
    event = _progress(hub, user, token, START_SECONDS)
    assert event.get("ready"), event
    for pid in set(_children(hub["hub_pid"])) - before:  # their server: it must end with the hub
        hub["pidfds"][f"{user}'s server {pid}"] = os.pidfd_open(pid)
    yield token
    status, answer = _api(hub, "DELETE", f"/users/{user}/server", token=token)
    assert status in (202, 204), (status, answer)


def test_in_a_pupils_own_server_the_kernel_knows_its_pupil_and_gets_no_class_database(hub, classes) -> None:
    """Mei's server, spawned by the hub as the config says: her kernel's own hub token names her and her class."""
    with _server(hub, "mei") as token:
        _mei_kernel(hub, token)


def _mei_kernel(hub: dict, token: str) -> None:
    code = ("import os; from pokelab.hub.identity import hub_identity; me = hub_identity(); "
            "print(me.user, me.classes, me.teaches, os.environ.get('POKELAB_CLASS_DB'), os.environ['POKELAB_TABLES_URL'])\n"
            # the kernel's own token, through the proxy: her seat at the table she played, by her login alone
            "from pokelab.tables import table_store\n"
            f"t = table_store().table({SHARED['code']!r}); t.sit()\n"
            "print(t.my_seat, t.view(t.my_seat)['names'])\n"
            # the board as the teacher's guide shows it: no name, no join code — the login is the seat
            "from widgets import HereComesBoard\n"
            f"board = HereComesBoard.join({SHARED['code']!r}, poll_seconds=0)\n"
            "print(board.seat, board.seat_source.names('en'))")
    printed = asyncio.run(_run_in_kernel(f"{hub['public']}/user/mei", token, code, START_SECONDS))
    assert printed.split("\n")[0].split() == [
        "mei", "('7b',)", "()", "None", f"{hub['public']}/services/pokelab-class"], printed
    assert printed.split("\n")[1:3] == ["0 ['mei', 'ash']", "0 ['mei', 'ash']"], printed


# ---------------------------------------------------------------- the class by hub login: answers, draws, reads
CLASS_URL = "{public}/services/pokelab-class"


def _hub_class(hub: dict, user: str) -> Any:
    """``user``'s class through the class service, by a fresh kernel-like token of theirs."""
    from pokelab.tables.class_client import HubClass

    return HubClass(CLASS_URL.format(public=hub["public"]), hub_token=_hub_tokens(hub, user)[user]["token"])


def _answer_in_kernel(hub: dict, user: str, token: str, picks: list[str]) -> list[str]:
    """``user`` answers exercise 32-3 with ``picks`` in a kernel of their own server: what it printed, line by line."""
    code = ("from pokelab.teaching import choice, classlink\n"
            f"statuses = [choice('32-3', pick).status for pick in {picks!r}]\n"
            "link = classlink.joined()\n"
            "print(classlink.flush(60), link.name, link.class_name, link.sent, statuses, link.news())\n")
    printed = asyncio.run(_run_in_kernel(f"{hub['public']}/user/{user}", token, code, START_SECONDS))
    return printed.strip().split("\n")


def test_two_pupils_answer_from_their_own_servers_kernels_and_are_recorded_under_their_hub_logins(hub, classes) -> None:
    """Nothing typed: the first answer joins the hub class of the kernel's login, through the class service."""
    from pokelab.course.registry import get

    wrong = next(o.key for o in get("32-3").options if not o.correct)
    right = next(o.key for o in get("32-3").options if o.correct)
    with _server(hub, "mei") as mei, _server(hub, "ash") as ash:
        assert _answer_in_kernel(hub, "mei", mei, [wrong]) == ["True mei 7b 1 ['wrong'] []"]
        assert _answer_in_kernel(hub, "ash", ash, [wrong, right]) == ["True ash 7b 2 ['wrong', 'correct'] []"]


def test_the_teacher_reads_both_answers_and_the_misconceptions_tally_by_hub_login(hub, classes, tmp_path) -> None:
    from pokelab.course.registry import get
    from pokelab.teaching.classreport import lesson_report

    wrong = next(o.key for o in get("32-3").options if not o.correct)
    oak = _hub_class(hub, "oak")
    table = oak.answers()
    assert table[["pupil", "exercise", "try", "correct"]].values.tolist() == [
        ["mei", "32-3", 1, False], ["ash", "32-3", 1, False], ["ash", "32-3", 2, True]]
    assert table["misconception"].fillna("").tolist() == [wrong, wrong, ""]  # as ClassStore.answers: NaN for none
    assert table["time"].dt.tz is not None  # times, as the class store gives them
    assert oak.pupils() == ["mei", "ash"]
    tally = oak.misconceptions(lesson=get("32-3").lesson)
    assert tally[["exercise", "misconception", "pupils", "answered", "share"]].values.tolist() == [
        ["32-3", wrong, 2, 2, 1.0]]
    assert tally["text_zh"].iloc[0] and tally["text_en"].iloc[0] != tally["text_zh"].iloc[0]
    report = lesson_report(oak, None, None, get("32-3").lesson)  # the dashboard's report, no join code or key
    assert report.pupils == ("mei", "ash")
    exported = oak.export_answers(None, None, tmp_path / "answers.csv")
    assert exported.read_text().count("32-3") == 3
    assert oak.check_teacher() == "7b" and oak.set_reveal(None, None, "never") == "never"
    mei = _hub_class(hub, "mei")
    assert mei.reveal_policy() == "never"  # the teacher's reveal policy reaches the pupils by login
    with pytest.raises(ClassAccessError):
        mei.set_reveal(None, None, "pupil")
    assert oak.set_reveal(None, None, "pupil") == "pupil"


def test_the_class_experiments_draws_go_through_the_class_service_by_login(hub, classes) -> None:
    import random

    from pokelab.classroom import draw_round
    from pokelab.herecomes.bag import DEFAULT_BAG

    mei, ash, oak = (_hub_class(hub, user) for user in ("mei", "ash", "oak"))
    tokens = draw_round(DEFAULT_BAG, random.Random(4))
    first = mei.add_round(None, "Team Pikachu", tokens, submission="mei-1")
    assert ash.add_round(None, "Team Pikachu", tokens, submission="mei-1") == first  # a resend: stored once
    second = ash.add_round(None, "Team Eevee", draw_round(DEFAULT_BAG, random.Random(5)))
    assert ash.undo_round(None, "Team Eevee") == second
    every = oak.rounds()
    assert every["group"].tolist() == ["Team Pikachu"] and list(every.iloc[0, 4:]) == list(tokens)
    assert mei.rounds(group="Team Eevee")["group"].tolist() == [""]  # a pupil sees the other groups unnamed
    from widgets.apps import StudentPage

    page = StudentPage(mei, group="Team Pikachu", seed=3)  # the group's page with the code left empty
    page.join().draw()  # the computer draws a round from the bag, sent through the class service
    assert page.error == "" and page.mine == 2 and page.joined[2] == "7b", page.error
    assert oak.tally().groups == ("Team Pikachu", "Team Pikachu")


def test_a_pupil_of_another_class_sees_nothing_of_7b(hub, classes) -> None:
    from pokelab.course.registry import get

    misty, elm = _hub_class(hub, "misty"), _hub_class(hub, "elm")
    assert misty.record_answer(None, None, None, "32-3", lesson=get("32-3").lesson, answer="a", outcome="wrong",
                               correct=False, misconception="a", submission="misty-1") == 1
    assert elm.answers()["pupil"].tolist() == ["misty"]  # her class's teacher: 7c's answers only
    assert elm.pupils() == ["misty"] and elm.rounds().empty
    assert misty.rounds().empty  # 7b's rounds are not 7c's
    for read in (lambda: misty.rounds("7b"), lambda: misty.record_answer(
            "7b", None, None, "32-3", lesson="l", answer="a", outcome="wrong", correct=False, submission="m2")):
        with pytest.raises(ClassAccessError) as other:
            read()
        assert other.value.reason == _("that belongs to class {name}, and the hub does not put {user} in it",
                                       name="7b", user="'misty'")
    with pytest.raises(ClassAccessError) as not_theirs:  # 7c's teacher is no teacher of 7b
        elm.answers("7b")
    assert not_theirs.value.reason == _(
        "only a teacher of class {name} (hub group pokelab-{name}-teachers) may do that; {user} is not one",
        name="7b", user="'elm'")


def test_a_pupil_calling_a_teachers_read_is_refused_in_their_language(hub, classes) -> None:
    mei = _hub_class(hub, "mei")
    for read in (mei.answers, mei.misconceptions, mei.pupils, lambda: mei.export_answers(None, None, "never.csv")):
        with pytest.raises(ClassAccessError) as pupil:
            read()
        assert pupil.value.reason == _(
            "only a teacher of class {name} (hub group pokelab-{name}-teachers) may do that; {user} is not one",
            name="7b", user="'mei'")
        assert pupil.value.message("zh") != pupil.value.reason.render("en")
    assert not Path("never.csv").exists()
    with pytest.raises(ClassroomError) as shape:  # a request's fields are checked before the store is asked
        mei.ask("class_answer", exercise=["32-3"], submission="x")
    assert shape.value.reason == _("the field {field} of a class request is not what it takes", field="exercise")
    with pytest.raises(ClassroomError) as extra:  # a typed secret is no field of a class request
        mei.ask("class_policy", teacher_key="ABCD-EFGH-JKLM-NPQR")
    assert extra.value.reason.source.startswith("a class request {verb} takes no field")


def test_a_revoked_token_is_refused_by_the_class_doors(hub, classes) -> None:
    from pokelab.tables.class_client import HubClass

    made = _hub_tokens(hub, "ash")["ash"]
    ash = HubClass(CLASS_URL.format(public=hub["public"]), hub_token=made["token"])
    assert ash.reveal_policy() == "pupil"  # works until revoked
    status, _answer = _api(hub, "DELETE", f"/users/ash/tokens/{made['id']}")
    assert status == 204, (status, _answer)
    for call in (ash.reveal_policy, lambda: ash.record_answer(None, None, None, "32-3", lesson="l", answer="a",
                                                              outcome="wrong", correct=False, submission="r1")):
        with pytest.raises(ClassAccessError) as revoked:
            call()
        assert revoked.value.reason == _(
            "the hub refused this kernel's login (the token was revoked or has expired, or you logged out): "
            "log in to the hub again and restart the kernel")
        assert revoked.value.message("zh").startswith("JupyterHub 拒绝了这个内核的登录")


def test_the_misconceptions_dashboard_opens_by_the_teachers_login_and_deletes_a_pupil_through_the_service(
    hub, classes, tmp_path
) -> None:
    """The apps' dashboard on a hub (``class_store()`` gives it the class service): no join code, no key typed."""
    from pokelab.course.registry import get
    from widgets.apps import MisconceptionDashboard

    wrong = next(o.key for o in get("32-3").options if not o.correct)
    misty, elm = _hub_class(hub, "misty"), _hub_class(hub, "elm")
    misty.record_answer(None, None, None, "32-3", lesson=get("32-3").lesson, answer=wrong, outcome="wrong",
                        correct=False, misconception=wrong, submission="misty-1")
    page = MisconceptionDashboard(elm, lesson=get("32-3").lesson, poll=None, lang="zh", export_dir=tmp_path)
    assert page.opened is not None and page.error_html.value == "", page.error_html.value  # opened by itself
    assert page.key.layout.display == "none" and "留空" in page.code.description
    assert page.report.pupils == ("misty",)
    with pytest.raises(ClassAccessError):
        misty.delete_pupil(None, None, "misty")  # a pupil is no teacher
    page.delete.pick.value = "misty"
    page.delete.ask()
    assert page.delete.confirm() == 1
    page.reload()
    assert page.report.pupils == () and elm.answers().empty
    assert misty.record_answer(None, None, None, "32-3", lesson=get("32-3").lesson, answer=wrong, outcome="wrong",
                               correct=False, misconception=wrong, submission="misty-2") == 1  # she joins again
    assert elm.pupils() == ["misty"]


def test_the_class_teacher_dashboard_opens_by_login_reads_the_rounds_and_tables_exports_and_resets(
    hub, classes, tmp_path
) -> None:
    """The class experiment's dashboard on a hub: no class to create, no key; a pupil's login is refused."""
    import random

    from pokelab.classroom import draw_round
    from pokelab.herecomes.bag import DEFAULT_BAG
    from widgets.apps import TeacherDashboard

    misty, elm = _hub_class(hub, "misty"), _hub_class(hub, "elm")
    tokens = draw_round(DEFAULT_BAG, random.Random(8))
    misty.add_round(None, "Team Togepi", tokens, submission="misty-r1")
    code = misty.create_table(None, "herecomes", seed=4)
    page = TeacherDashboard(elm, poll=None, lang="zh", export_dir=tmp_path)
    assert page.opened is not None and page.error_html.value == "", page.error_html.value  # opened by itself
    assert page.opened[2] == "7c" and "pokelab-7c" in page.keys_html.value
    assert page.key.layout.display == "none" and page.create_button.layout.display == "none"
    assert page.experiment.tally.n == 1 and code in page.tables.html.value
    assert not page.poll_once()  # nothing new: one small revision read
    misty.add_round(None, "Team Togepi", draw_round(DEFAULT_BAG, random.Random(9)), submission="misty-r2")
    assert page.poll_once() and page.experiment.tally.n == 2
    path = page.export()
    assert path.read_text(encoding="utf-8").count("Team Togepi") == 2
    assert page.reset() == 2 and page.experiment.tally.n == 0 and elm.rounds().empty
    with pytest.raises(ClassroomError) as made:
        elm.create_class("7d")  # a hub's classes are its groups
    assert "pokelab-<class>" in made.value.message("en")
    pupil = TeacherDashboard(misty, poll=None)
    assert pupil.opened is None and "only a teacher of class 7c" in pupil.error_html.value
    with pytest.raises(ClassAccessError):
        misty.reset(None, None)
