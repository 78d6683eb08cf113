"""The class league on a hub: a hub user's league requests, answered by the league's own functions, by hub login.

Under a hub a pupil's kernel holds no class database, so its league calls go to
the class service (``hub_client.HubLeague``), and ``LeagueDoors.answer(identity,
verb, body)`` runs them with the secrets the service derives for the hub class
and the login (``keys.HubKeys``, ``pokelab.hub.secrets``):

- a league belongs to one hub class; a login outside it is refused, even with the code;
- a bot is its author's login's: entering a name another login took is refused, and
  its games, seats, marks and records open only for its author (and the teacher);
- the bot still runs only in its author's kernel: the service stores its name and
  kind, seats the login at its league tables, and the runner plays them through the
  hub's table doors like a person's moves;
- making a league, adding house bots and playing a round are a teacher's (hub group
  ``pokelab-<class>-teachers``); the round runs in a thread of the service
  (``league_round``), polled with ``league_round_status``: no request waits for it.

Every request is checked before the store is asked: only its verb's fields, each of
its type and size.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.hub.identity import HubIdentity
>>> from pokelab.hub.secrets import ClassSecrets
>>> from pokelab.tables import Tables
>>> from pokelab.tables.hub_doors import HubDoors
>>> doors = LeagueDoors(HubDoors(Tables(ClassStore.connect("sqlite://")), ClassSecrets(b"k" * 32)))
>>> oak, mei = HubIdentity("oak", (), ("7b",)), HubIdentity("mei", ("7b",), ())
>>> code = doors.answer(oak, "league_create", {"game": "herecomes"})["code"]
>>> doors.answer(mei, "league_enter", {"league": code, "name": "Dodo", "kind": "function"})["version"]
1
>>> doors.answer(HubIdentity("ash", ("7b",), ()), "league_enter", {"league": code, "name": "dodo", "kind": "f"})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: the name 'dodo' is taken in this league: enter again with its entry token, or choose another name
>>> doors.answer(mei, "league_round", {"league": code})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: only a teacher of class 7b (hub group pokelab-7b-teachers) may do that; 'mei' is not one
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable
from typing import Any

from pokelab.classroom import ClassAccessError, ClassroomError
from pokelab.league.keys import HubKeys
from pokelab.league.league import League
from pokelab.league.marks import MARK_KINDS
from pokelab.tables.class_doors import MAX_FIELD, frame_data
from pokelab.tables.record import record_data
from pokelab.tables.wire import error_data, text_from
from pokelab.words import _, check_lang

__all__ = ["MOST_ROUND_SECONDS", "LeagueDoors"]

log = logging.getLogger("pokelab.classroom")

#: The longest round a teacher may ask the service to play (seconds).
MOST_ROUND_SECONDS = 3600.0
_NUMBER = (int, float)
_TEXT = (str,)
_MAYBE_TEXT = (str, type(None))
#: The fields each league verb takes, and of which types (every one but ``league_create`` names its ``league``).
_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "league_create": {"game": _TEXT, "games_per_pair": (int,), "move_seconds": _NUMBER,
                      "grace_seconds": _NUMBER, "class_name": _MAYBE_TEXT},
    "league_open": {},
    "league_house": {"bot": _TEXT, "name": _MAYBE_TEXT},
    "league_enter": {"name": _TEXT, "kind": _TEXT},
    "league_entries": {},
    "league_my_games": {"name": _TEXT},
    "league_claim": {"name": _TEXT, "game": (int,)},
    "league_mark": {"name": _TEXT, "game": (int,), "kind": _TEXT, "detail": (dict,), "rule": _MAYBE_TEXT},
    "league_marks": {"name": _TEXT, "lang": _TEXT},
    "league_standings": {"all_versions": (bool,)},
    "league_head_to_head": {},
    "league_games": {},
    "league_record": {"game": (int,), "name": _MAYBE_TEXT},
    "league_round": {"timeout": _NUMBER, "parallel": (int,)},
    "league_round_status": {},
}
#: The verbs only a teacher of the league's class may ask.
_TEACHERS = frozenset({"league_create", "league_house", "league_round", "league_round_status"})
#: The marks a bot's runner stores (``absent`` is the league's own, when a runner did not move).
_RUNNER_MARKS = frozenset(MARK_KINDS) - {"absent"}


def _checked(verb: str, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` with only its verb's fields, each of its type and size; a ``ClassroomError`` otherwise."""
    fields = {**_FIELDS[verb], **({} if verb == "league_create" else {"league": _TEXT})}
    for key, value in body.items():
        kinds = fields.get(key)
        if kinds is None:
            raise ClassroomError(_("a league request {verb} takes no field {field}", verb=verb, field=repr(key)[:40]))
        if (not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
                or (isinstance(value, str) and len(value) > MAX_FIELD)):
            raise ClassroomError(_("the field {field} of a league request is not what it takes", field=key))
    missing = [key for key, kinds in fields.items() if key not in body and type(None) not in kinds
               and key in ("league", "name", "game", "kind", "bot", "detail")]
    if missing:
        raise ClassroomError(_("the field {field} of a league request is not what it takes", field=missing[0]))
    return body


class LeagueDoors:
    """The hub's side of the league: a hub user's league request, run by ``League`` with the login's keys."""

    def __init__(self, hub: Any) -> None:
        self.hub = hub  # ``pokelab.tables.hub_doors.HubDoors``: the hub classes' ids and secrets
        self.store = hub.tables.store
        self._lock = threading.Lock()
        self._rounds: dict[str, dict[str, Any]] = {}  # league code -> its round's thread, stop, report, error
        self._verbs: dict[str, Callable[[League, str, Any, dict[str, Any]], dict[str, Any]]] = {
            "league_open": self._open, "league_house": self._house, "league_enter": self._enter,
            "league_entries": self._entries, "league_my_games": self._my_games, "league_claim": self._claim,
            "league_mark": self._mark, "league_marks": self._marks, "league_standings": self._standings,
            "league_head_to_head": self._head_to_head, "league_games": self._games, "league_record": self._record,
            "league_round": self._round, "league_round_status": self._round_status,
        }
        assert set(self._verbs) | {"league_create"} == set(_FIELDS)

    def answer(self, identity: Any, verb: str, body: dict[str, Any]) -> dict[str, Any]:
        """The answer to hub user ``identity``'s league request; a kit error raised for a refusal."""
        body = _checked(verb, body)
        if verb == "league_create":
            return self._create(identity, body)
        league, class_name = self._league(identity, body["league"])
        if verb in _TEACHERS and not identity.teaches_class(class_name):
            raise self.hub._not_yours(identity, class_name, teacher=True)
        return self._verbs[verb](league, class_name, identity, body)

    def close(self) -> None:
        """Stop every round this service is playing (each stops within one poll)."""
        with self._lock:
            for going in self._rounds.values():
                going["stop"].set()

    # ------------------------------------------------------------------ whose league
    def _secrets(self, class_name: str) -> tuple[str, str]:
        return self.hub.secrets.join_code(class_name), self.hub.secrets.teacher_key(class_name)

    def _league(self, identity: Any, code: str) -> tuple[League, str]:
        """The league ``code`` opened with the login's keys, and its hub class (the login must be in it)."""
        keys = HubKeys(self.hub.secrets, identity.user, "".join(code.split()).upper())
        league = League(self.store, code, keys=keys)
        for class_name in sorted({*identity.classes, *identity.teaches}):
            if self.hub.class_id(class_name) == league.row.class_id:
                return league, class_name
        raise ClassAccessError(
            _("league {code} belongs to a class the hub does not put {user} in", code=league.code,
              user=repr(identity.user)),
        )

    def _create(self, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        class_name = self.hub._only_class(identity, body.get("class_name"), teacher=True)
        self.hub.class_id(class_name)
        options = {k: body[k] for k in ("games_per_pair", "move_seconds", "grace_seconds") if k in body}
        league = League.create(self.store, *self._secrets(class_name), body["game"], **options)
        return self._open(league, class_name, identity, {})

    # ------------------------------------------------------------------ the verbs
    def _open(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        row = league.row
        return {"code": row.code, "game": row.game, "class": class_name, "games_per_pair": row.games_per_pair,
                "move_seconds": row.move_seconds, "grace_seconds": row.grace_seconds}

    def _house(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return {"name": league.add_house(body["bot"], teacher_key=self._secrets(class_name)[1], name=body.get("name"))}

    def _enter(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """Enter (or enter again) the login's bot ``name``: its name, kind and version are stored, never its code."""
        entry = league.enter(_Elsewhere(), name=body["name"], join_code=self._secrets(class_name)[0],
                             author=identity.user, start=False, kind=body["kind"][:120])
        return {"name": entry.name, "version": entry.version, "version_id": entry.version_id}

    def _entries(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        shown = ("name", "house", "version", "version_id") + (("author",) if identity.teaches_class(class_name) else ())
        return {"entries": [{k: e[k] for k in shown} for e in league.entries()]}

    def _my_games(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """The login's bot's open games; no seat token (the hub's doors fill in the login's own)."""
        return {"games": [{k: g[k] for k in ("game", "table", "seat", "claimed", "version_id")}
                          for g in league.my_games(body["name"])]}

    def _claim(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        league.claim_seat(body["name"], body["game"], join_code=self._secrets(class_name)[0])
        return {}

    def _mark(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """Store a mark the login's runner sends for its own bot (its reason: a catalogue text)."""
        if body["kind"] not in _RUNNER_MARKS:
            raise ClassroomError(_("the field {field} of a league request is not what it takes", field="kind"))
        league.record_mark(body["name"], body["game"], body["kind"], text_from(body["detail"]), rule=body.get("rule"))
        return {}

    def _marks(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return frame_data(league.marks(body["name"], lang=check_lang(body.get("lang", "en"))))

    def _reader(self, class_name: str, identity: Any) -> dict[str, str]:
        code, key = self._secrets(class_name)
        return {"teacher_key": key} if identity.teaches_class(class_name) else {"join_code": code}

    def _standings(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        reader = self._reader(class_name, identity)
        return frame_data(league.standings(**reader, all_versions=body.get("all_versions", False)))

    def _head_to_head(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return frame_data(league.head_to_head(**self._reader(class_name, identity)))

    def _games(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        return frame_data(league.games(**self._reader(class_name, identity)))

    def _record(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """A finished game's whole record: the teacher's (no ``name``), or the login's bot's (``name``)."""
        if body.get("name") is None:
            if not identity.teaches_class(class_name):
                raise self.hub._not_yours(identity, class_name, teacher=True)
            return record_data(league.record(body["game"], teacher_key=self._secrets(class_name)[1]))
        return record_data(league.record(body["game"], name=body["name"]))

    def _round(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """Start the next round in a thread of the service (one at a time per league); the teacher polls its status."""
        timeout = float(body.get("timeout", 600.0))
        if not 1.0 <= timeout <= MOST_ROUND_SECONDS:
            raise ClassroomError(_("the field {field} of a league request is not what it takes", field="timeout"))
        code, key = self._secrets(class_name)
        plain = League(self.store, league.code)  # the scheduler holds no bot's keys
        stop = threading.Event()
        going: dict[str, Any] = {"stop": stop, "report": None, "error": None}

        def play() -> None:
            try:
                going["report"] = plain.play_round(join_code=code, teacher_key=key, timeout=timeout,
                                                   parallel=body.get("parallel", 3), stop=stop)
            except Exception as err:  # a refusal (no bots yet) or a fault: the teacher's poll reads it
                if not isinstance(err, ClassroomError):
                    log.exception("league round of %s", plain.code)
                going["error"] = err

        with self._lock:
            before = self._rounds.get(league.code)
            if before is not None and before["thread"].is_alive():
                raise ClassroomError(_("a round of league {code} is being played: wait until it ends",
                                       code=league.code))
            going["thread"] = threading.Thread(target=play, name=f"league-round-{league.code}", daemon=True)
            self._rounds[league.code] = going
            going["thread"].start()
        return {"started": True}

    def _round_status(self, league: League, class_name: str, identity: Any, body: dict[str, Any]) -> dict[str, Any]:
        """Whether the league's round still plays, and its report or refusal once it ended."""
        with self._lock:
            going = self._rounds.get(league.code)
        if going is None:
            return {"running": False, "report": None, "error": None}
        error, report = going["error"], going["report"]
        failed = None
        if error is not None:
            failed = error_data(error) if isinstance(error, ClassroomError) else error_data(
                ClassroomError(_("the table server could not answer that; try again in a moment")))
        return {"running": going["thread"].is_alive(), "error": failed,
                "report": None if report is None else dataclasses.asdict(report)}


class _Elsewhere:
    """A bot the service enters but never holds: it plays in its author's kernel (``hub_client``)."""

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:  # pragma: no cover - never asked
        raise RuntimeError("a hub league's bot plays in its author's kernel, never in the class service")
