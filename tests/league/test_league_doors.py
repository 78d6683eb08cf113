"""The class service's league doors by hub login (issue 46), in process: what each request may carry and who may ask.

The real hub, its proxy and pupils' runners are ``tests/hub/test_league_on_hub.py``;
here the service's ``run`` is called as the HTTP face calls it, with the identity the
hub's gate would give.
"""

from __future__ import annotations

import pytest

from pokelab.hub.identity import HubIdentity
from pokelab.hub.secrets import ClassSecrets
from pokelab.league.doors import LeagueDoors
from pokelab.league.marks import MARK_KINDS
from pokelab.tables.request import LEAGUE_VERBS
from pokelab.tables.service import TableService
from pokelab.tables.wire import text_data
from pokelab.words import _

OAK, MEI, ASH = HubIdentity("oak", (), ("7b",)), HubIdentity("mei", ("7b",), ()), HubIdentity("ash", ("7b",), ())
MISTY = HubIdentity("misty", ("7c",), ())


@pytest.fixture
def service():
    made = TableService("sqlite://", hub_secrets=ClassSecrets(b"k" * 32), leagues=LeagueDoors)
    yield made
    made.close()


def ask(service: TableService, who: HubIdentity, verb: str, **body) -> tuple[int, dict]:
    return service.run("10.0.0.5", verb, body, identity=who)


def refusal(answer: dict) -> str:
    return answer["error"]["reason"]["source"]


def test_every_league_verb_is_answered_and_each_refuses_a_field_it_does_not_take(service) -> None:
    status, made = ask(service, OAK, "league_create", game="herecomes")
    assert status == 200, made
    for verb in sorted(LEAGUE_VERBS):
        body = {} if verb == "league_create" else {"league": made["code"]}
        status, answer = ask(service, OAK, verb, **body, extra=1)
        assert status == 400 and refusal(answer) == "a league request {verb} takes no field {field}", (verb, answer)


@pytest.mark.parametrize(("verb", "body", "field"), [
    ("league_enter", {"name": 3, "kind": "f"}, "name"),
    ("league_enter", {"kind": "f"}, "name"),
    ("league_claim", {"name": "Dodo", "game": True}, "game"),
    ("league_mark", {"name": "Dodo", "game": 1, "kind": "absent", "detail": {}}, "kind"),
    ("league_round", {"timeout": 1e9}, "timeout"),
    ("league_enter", {"name": "x" * 3000, "kind": "f"}, "name"),
])
def test_a_request_of_the_wrong_shape_is_refused_before_the_store_is_asked(service, verb, body, field) -> None:
    code = ask(service, OAK, "league_create", game="herecomes")[1]["code"]
    who = OAK if verb == "league_round" else MEI
    status, answer = ask(service, who, verb, league=code, **body)
    assert status == 400, answer
    assert refusal(answer) == "the field {field} of a league request is not what it takes"
    assert dict(answer["error"]["reason"]["fields"])["field"] == field


def test_a_runner_stores_only_its_own_bots_marks_and_never_the_leagues_absent(service) -> None:
    assert "absent" in MARK_KINDS
    code = ask(service, OAK, "league_create", game="herecomes")[1]["code"]
    assert ask(service, MEI, "league_enter", league=code, name="Dodo", kind="function")[0] == 200
    detail = text_data(_("your bot is still working on an earlier move (it ran out of time then): a default move was played"))
    status, answer = ask(service, ASH, "league_mark", league=code, name="Dodo", game=1, kind="timeout", detail=detail)
    assert status in (400, 403) and "entry token" in refusal(answer)  # Ash's login holds no key to Mei's bot
    status, answer = ask(service, MISTY, "league_entries", league=code)
    assert status == 403 and refusal(answer) == "league {code} belongs to a class the hub does not put {user} in"


def test_a_round_is_a_teachers_and_one_at_a_time(service) -> None:
    code = ask(service, OAK, "league_create", game="herecomes")[1]["code"]
    status, answer = ask(service, MEI, "league_round", league=code)
    assert status == 403 and "teacher" in refusal(answer)
    assert ask(service, OAK, "league_round", league=code, timeout=5)[0] == 200  # no bots: the round is refused
    service.leagues._rounds[code]["thread"].join(30)
    status, answer = ask(service, OAK, "league_round_status", league=code)
    assert status == 200 and answer["running"] is False and answer["report"] is None
    assert answer["error"]["reason"]["source"].startswith("a round needs at least two bots")


def test_off_a_hub_the_service_refuses_league_requests() -> None:
    plain = TableService("sqlite://")
    try:
        status, answer = plain.run("10.0.0.5", "league_open", {"league": "ABCDEF"})
        assert status == 403 and "only as a hub's class service" in refusal(answer)
    finally:
        plain.close()


def test_the_same_login_entering_its_name_again_adds_a_version_and_another_login_is_refused(service) -> None:
    code = ask(service, OAK, "league_create", game="herecomes")[1]["code"]
    first = ask(service, MEI, "league_enter", league=code, name="Dodo", kind="function")[1]
    again = ask(service, MEI, "league_enter", league=code, name="dodo", kind="Finisher")[1]
    assert (first["version"], again["version"]) == (1, 2)
    status, answer = ask(service, ASH, "league_enter", league=code, name="DODO", kind="function")
    assert status == 400 and "is taken in this league" in refusal(answer)
    status, answer = ask(service, ASH, "league_my_games", league=code, name="Dodo")
    assert status in (400, 403) and "entry token" in refusal(answer)
    entries = ask(service, MEI, "league_entries", league=code)[1]["entries"]
    assert [(e["name"], e["version"]) for e in entries] == [("Dodo", 2)] and "author" not in entries[0]
    assert ask(service, OAK, "league_entries", league=code)[1]["entries"][0]["author"] == "mei"
