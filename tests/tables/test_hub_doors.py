"""The table service under a hub, without one: ``TableService(hub_secrets=...)`` fed the identities a hub would name.

What the real hub says is checked in ``tests/hub/test_hub.py``; here the rules
of ``pokelab.tables.hub_doors`` and ``pokelab.hub.gate`` over many cases, fast.
"""

from __future__ import annotations

import asyncio

import pytest

from pokelab.classroom import ClassAccessError
from pokelab.hub.gate import HubGate
from pokelab.hub.identity import HubIdentity
from pokelab.hub.secrets import ClassSecrets, load_key, make_key_file
from pokelab.tables.service import TableService

MEI = HubIdentity("mei", classes=("7b",), teaches=())
ASH = HubIdentity("ash", classes=("7b",), teaches=())
BROCK = HubIdentity("brock", classes=("7a",), teaches=())
OAK = HubIdentity("oak", classes=(), teaches=("7b",))


@pytest.fixture
def service() -> TableService:
    return TableService("sqlite://", hub_secrets=ClassSecrets(b"k" * 32))


def _ok(service: TableService, who: HubIdentity, verb: str, **body) -> dict:
    status, answer = service.run("here", verb, body, who)
    assert status == 200, answer
    return answer


def _refused(service: TableService, who: HubIdentity | None, verb: str, **body) -> tuple[int, str]:
    status, answer = service.run("here", verb, body, who)
    assert status != 200, answer
    return status, answer["error"]["reason"]["source"]


def test_a_request_without_a_hub_user_is_refused_and_typed_secrets_are_not_the_users(service) -> None:
    assert _refused(service, None, "create", game="herecomes")[0] == 403
    # a class made the usual way, with a drawn join code, even of the same name, is not the hub's 7b
    join_code, key = service.store.create_class("7b")
    other = service.answer("create", {"join_code": join_code, "game": "herecomes", "seed": 1})["code"]
    status, why = _refused(service, MEI, "open", code=other)
    assert status == 403 and why.startswith("that belongs to class")
    # the join code and teacher key of that class, typed into a hub request, are dropped, not used
    code = _ok(service, MEI, "create", game="herecomes", seed=2, join_code=join_code)["code"]
    assert code != other and service.tables.table(code)._class_id != service.tables.table(other)._class_id
    assert _refused(service, MEI, "tables", join_code=join_code, teacher_key=key)[0] == 403


def test_each_hub_login_gets_one_seat_and_plays_only_it(service) -> None:
    code = _ok(service, MEI, "create", game="herecomes", players=3, seed=3)["code"]
    mei = _ok(service, MEI, "sit", code=code)
    assert mei["seat"] == 0 and _ok(service, MEI, "sit", code=code) == mei  # again: the same seat
    assert _refused(service, MEI, "sit", code=code, seat=2)[1].endswith("one seat per hub login")
    assert _ok(service, ASH, "sit", code=code, seat=2)["seat"] == 2
    assert _ok(service, MEI, "view", code=code, seat=0)["names"] == ["mei", None, "ash"]
    for verb in ("view", "moves", "replay", "undo"):  # another's seat, even with that seat's token
        status, why = _refused(service, MEI, verb, code=code, seat=2, token=mei["token"])
        assert status == 403 and why.endswith("a hub login plays only its own seat"), verb
    assert _ok(service, ASH, "rejoin", code=code) == {"seat": 2}
    assert _refused(service, HubIdentity("misty", ("7b",), ()), "rejoin", code=code)[1].endswith("sit down first")
    assert _refused(service, BROCK, "sit", code=code)[0] == 403  # another class's pupil


def test_the_record_and_the_list_are_a_teachers_by_login(service) -> None:
    code = _ok(service, MEI, "create", game="herecomes", seed=4)["code"]
    _ok(service, MEI, "sit", code=code)
    assert [row["table"] for row in _ok(service, OAK, "tables")["tables"]] == [code]
    assert _ok(service, OAK, "moves", code=code, teacher=True)["moves"]
    assert "save" in _ok(service, OAK, "replay", code=code, teacher=True)
    _ok(service, OAK, "hand_to_bot", code=code, seat=1, bot="heuristic")  # a free seat, by the teacher
    for verb in ("moves", "replay"):
        status, why = _refused(service, MEI, verb, code=code, teacher=True)
        assert status == 403 and why.startswith("only a teacher of class {name}"), verb
    assert _refused(service, MEI, "tables")[1].startswith("only a teacher of class {name}")
    assert _refused(service, BROCK, "tables")[1].startswith("only a teacher of class {name}")
    assert _refused(service, HubIdentity("kim", ("7a", "7b"), ()), "create", game="herecomes")[1].startswith(
        "your hub login is in {count} classes")


def test_the_derived_secrets_need_the_services_key(tmp_path) -> None:
    path = make_key_file(tmp_path / "key")
    assert path.stat().st_mode & 0o777 == 0o600 and make_key_file(path).read_text() == path.read_text()
    one, two = ClassSecrets(load_key(path)), ClassSecrets(load_key(make_key_file(tmp_path / "other")))
    assert one.join_code("7b") == ClassSecrets(load_key(path)).join_code("7b") != two.join_code("7b")
    assert one.seat_token("ABCDEF", "mei") != one.seat_token("ABCDEG", "mei")


def _hub_auth():
    """A real HubAuth of a hub that is not there: the gate must refuse these requests before it asks."""
    from jupyterhub.services.auth import HubAuth

    return HubAuth(api_url="http://127.0.0.1:9/hub/api", api_token="unused", access_scopes={"access:services!service=pokelab-class"})


@pytest.mark.parametrize("header", [None, "", "Basic bWVpOnB3", "token", "Bearer"])
def test_a_request_with_no_hub_login_is_refused_before_the_hub_is_asked(header) -> None:
    """No token, another scheme or an empty one: refused at once (the hub's own refusals: tests/hub/test_hub.py)."""
    with pytest.raises(ClassAccessError) as refused:
        asyncio.run(HubGate(_hub_auth(), cache_seconds=0).identity(header))
    assert refused.value.reason.source.startswith("this request to the class service carries no hub login")
    assert refused.value.message("zh") != refused.value.reason.render("en")
