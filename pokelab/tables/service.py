"""The table authority's protocol: ``TableService`` answers one request, one verb per ``Table`` door.

Every request is ``POST /api/<verb>`` with a JSON object (read by
``request``); the answer is JSON, or a refusal ``{"error": …}`` (the kit
error's kind and catalogue text, ``wire``) with status 400 (403 for an access
refusal, 404 for an unknown address, 405 for another method, 409 for a stale
revision, 503 when the database stayed busy). ``TableService.answer`` is the
whole protocol, one verb per ``Table`` method, all through the one core
(``Tables``, ``Table``): a seat's reads and moves need its token, the full
record the teacher key. The HTTP face that serves it is ``server``.

One store serves every client. Wrong join codes, teacher keys and table codes
are throttled per client address; wrong seat tokens per seat and per table,
whoever sends them (``gate.SeatGate``).

>>> service = TableService("sqlite://")
>>> join_code, key = service.store.create_class("7B")
>>> code = service.answer("create", {"join_code": join_code, "game": "splendor", "seed": 1})["code"]
>>> token = service.answer("sit", {"code": code, "seat": 0, "name": "Ash", "join_code": join_code})["token"]
>>> service.answer("view", {"code": code, "seat": 0, "token": token})["names"]
['Ash', None]
>>> service.answer("view", {"code": code, "seat": 0})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassAccessError: seat 1 of table ... needs its seat token: sit down (sit) or rejoin with your token first
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable
from typing import Any

from pokelab.classroom import (
    ClassAccessError,
    ClassroomError,
    ClassStore,
    ClassStoreBusy,
    Limits,
    Throttle,
)
from pokelab.errors import IllegalAction, InputError
from pokelab.tables.class_doors import ClassDoors, refuse_off_hub
from pokelab.tables.gate import SeatGate
from pokelab.tables.hub_doors import HubDoors, seat_of
from pokelab.tables.local import Tables
from pokelab.tables.record import record_data
from pokelab.tables.request import (
    CLASS_VERBS,
    LEAGUE_VERBS,
    VERBS,
    read_body,
    seat_keys,
    status_of,
    throttled,
)
from pokelab.tables.wire import error_data
from pokelab.words import _

__all__ = ["TableService"]

log = logging.getLogger("pokelab.classroom")

#: What a refusal logged by the store says, mapped to the per-address throttle it counts against.
_THROTTLED = {"wrong join code": "join code", "wrong teacher key": "teacher key", "unknown table code": "table code"}
_STORE_FREE_FAILURES = 1_000_000  # the store's own per-process throttle: the service throttles per address instead


class TableService:
    """The table authority's protocol: ``answer(source, verb, body)`` runs one request for the client at ``source``.

    ``store``: the one ``ClassStore`` every request goes through; ``close()``
    closes it. ``clock``: the time (tests inject one, and ``sleep``, which
    ``respond`` uses to wait a seat's turn). Wrong join codes, teacher keys and table codes are throttled per
    ``source`` (``pokelab.classroom.Throttle``); wrong seat tokens per seat and table
    (``gate.SeatGate``), whoever sends them.
    """

    def __init__(
        self,
        url: str,
        *,
        limits: Limits | None = None,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        hub_secrets: Any = None,
        leagues: Callable[[HubDoors], Any] | None = None,
    ) -> None:
        self.url = url
        self.sleep = sleep  # how ``respond`` waits a seat's turn in this thread (tests move their clock instead)
        self.limits = Limits() if limits is None else limits
        self.clock = time.time if clock is None else clock
        # One store for every client: its own throttle counts per process, so it never locks here; the
        # service's throttle below counts the same refusals per address, with the real limits.
        quiet = dataclasses.replace(self.limits, free_failures=_STORE_FREE_FAILURES)
        self.store = ClassStore.connect(url, limits=quiet, clock=self.clock)
        self.tables = Tables(self.store)
        #: Under a hub (``hub_secrets``: a ``pokelab.hub.secrets.ClassSecrets``) every request is a hub user's,
        #: its secrets filled in by ``hub_doors.HubDoors``; without one, ``None``.
        self.hub = None if hub_secrets is None else HubDoors(self.tables, hub_secrets)
        #: Under a hub, a hub user's answers, draws and teacher's reads (``class_doors``); without one, ``None``.
        self.classes = None if self.hub is None else ClassDoors(self.hub)
        #: Under a hub, the class league's requests (``leagues``: what makes its doors from the hub's,
        #: ``pokelab.league.doors.LeagueDoors``, plugged in by ``pokelab.class_service``); else ``None``.
        self.leagues = None if self.hub is None or leagues is None else leagues(self.hub)
        self.throttle = Throttle(self.limits, self.clock)
        self.seats = SeatGate(
            free=self.limits.free_failures, forget_seconds=self.limits.max_lockout_seconds,
            clock=time.monotonic if clock is None else clock,
        )
        self._verbs: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "create": self._create, "open": self._open, "sit": self._sit, "rejoin": self._rejoin,
            "revision": self._revision, "view": self._view, "play": self._play, "undo": self._undo,
            "answer_undo": self._answer_undo, "hand_to_bot": self._hand_to_bot, "advance": self._advance,
            "moves": self._moves, "replay": self._replay, "record": self._record, "tables": self._list,
        }
        assert set(self._verbs) | CLASS_VERBS | LEAGUE_VERBS == VERBS  # what ``request.read_body`` lets through, every one answered

    def close(self) -> None:
        """Stop the league rounds this service plays and close the store's pooled connections."""
        if self.leagues is not None:
            self.leagues.close()
        self.store.close()

    # ------------------------------------------------------------------ one request, in its steps
    def run(self, source: str, verb: str, body: dict[str, Any], identity: Any = None) -> tuple[int, dict[str, Any]]:
        """Run one request for the client at ``source``: its status and JSON answer (never raises).

        The per-address throttles are checked first and counted after; a wrong
        seat token counts at the seat gate (``request.seat_keys``). Under a hub
        ``identity`` is the hub user the request comes from (``pokelab.hub.gate``;
        refused without one), and the request's secrets are theirs (``hub_doors``).
        """
        kinds = throttled(verb, body)
        try:
            for kind in kinds:
                self.throttle.check((source, kind))
            if self.hub is not None and identity is None:
                raise ClassAccessError(
                    _("this request to the class service carries no hub login: use the kit from your own "
                      "server on the hub (its kernels send their login)"),
                )
            if verb in CLASS_VERBS:  # a hub user's class request: by their hub login, never a typed secret
                if self.classes is None:
                    raise refuse_off_hub(verb)
                answer = self.classes.answer(identity, verb, body)
            elif verb in LEAGUE_VERBS:  # the class league under a hub: by hub login, its bots in their authors' kernels
                if self.leagues is None:
                    raise refuse_off_hub(verb)
                answer = self.leagues.answer(identity, verb, body)
            else:
                if self.hub is not None:
                    body = self.hub.fill(identity, verb, body)
                answer = self.answer(verb, body)
        except (ClassroomError, ClassAccessError, IllegalAction, InputError, ClassStoreBusy) as err:
            reason = getattr(err, "refusal", (None, None, None))[2]
            if reason == "wrong seat token":
                self.seats.failed(seat_keys(verb, body))
            elif reason in _THROTTLED:
                self.throttle.failed((source, _THROTTLED[reason]))
            return status_of(err), {"error": error_data(err)}
        except Exception:
            log.exception("the table server failed on %s", verb)
            failed = ClassroomError(_("the table server could not answer that; try again in a moment"))
            return 500, {"error": error_data(failed)}
        for kind in kinds:
            self.throttle.succeeded((source, kind))
        return 200, answer

    def respond(self, source: str, verb: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        """One HTTP request's status and JSON answer, in this thread: read, wait its seat's turn, run (never raises).

        >>> TableService("sqlite://").respond("10.0.0.5", "view", b"[1, 2")[0]
        400
        """
        try:
            body = read_body(verb, raw)
            wait = self.seats.admit(seat_keys(verb, body))
            if wait > 0:
                self.sleep(wait)  # bounded (gate.MOST_WAIT)
        except (ClassroomError, ClassAccessError) as err:
            return status_of(err), {"error": error_data(err)}
        return self.run(source, verb, body)

    def answer(self, verb: str, body: dict[str, Any]) -> dict[str, Any]:
        """Run one request, unthrottled; a kit error (``ClassroomError``, ``ClassAccessError``, ``IllegalAction``…) is raised."""
        handler = self._verbs.get(verb)
        if handler is None or not isinstance(body, dict):
            raise ClassroomError(_("the table server has no request {verb}", verb=repr(verb)[:40]))
        return handler(body)

    # ------------------------------------------------------------------ the verbs
    def _table(self, body: dict[str, Any]) -> Any:
        """The table the request names, opened afresh (a ``Table`` remembers tokens: never shared between requests)."""
        return self.tables.table(body.get("code"))

    @staticmethod
    def _token(body: dict[str, Any], name: str = "token") -> str:
        """A token from the request: never ``None``, so the table falls back to no token it remembers."""
        value = body.get(name)
        return "" if value is None else value

    def _create(self, body: dict[str, Any]) -> dict[str, Any]:
        bots = body.get("bots") or {}
        if not isinstance(bots, dict):
            raise ClassroomError(_("bots is a mapping from seat numbers to bot names, got {bots}", bots=repr(bots)))
        seats = {int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in bots.items()}
        options = {k: body[k] for k in ("seed", "variant", "idle_seconds", "name") if k in body}
        code = self.tables.create_table(
            body.get("join_code"), body.get("game"), body.get("players", 2), seats, **options
        )
        return {"code": code}

    def _open(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        return {"code": t.code, "game": t.game, "players": t.players}  # not the class's name: a code is no member

    def _sit(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        if self.hub is None:  # a seat token is drawn; only the hub's doors give one of their own
            return {"token": t.sit(body.get("seat"), body.get("name"), join_code=body.get("join_code"))}
        token, seat = body["token"], body.get("seat")
        mine = seat_of(t, body["name"], token)
        if mine is not None and seat in (None, mine):  # sitting again is rejoining: one seat per hub user
            return {"token": token, "seat": mine}
        if mine is not None:
            raise ClassroomError(
                _("{user} already sits at seat {seat} of table {code}: one seat per hub login",
                  user=body["name"], seat=mine + 1, code=t.code),
            )
        if seat is None:
            free = [s for s, record in enumerate(t._row().seats) if record["token"] is None and not record["bot"]]
            if not free:
                raise ClassroomError(_('table {code} has no free seat: rejoin with your seat token', code=t.code))
            seat = free[0]
        return {"token": t.sit(seat, body["name"], join_code=body["join_code"], token=token), "seat": seat}

    def _rejoin(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"seat": self._table(body).rejoin(self._token(body))}

    def _revision(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(body).revision()}

    def _view(self, body: dict[str, Any]) -> dict[str, Any]:
        return self._table(body).view(body.get("seat"), token=self._token(body))

    def _play(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        revision = t.play(body.get("seat"), body.get("action"), body.get("revision"), token=self._token(body))
        return {"revision": revision}

    def _undo(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(body).request_undo(body.get("seat"), token=self._token(body))}

    def _answer_undo(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        return {"revision": t.answer_undo(body.get("seat"), body.get("yes"), token=self._token(body))}

    def _hand_to_bot(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        revision = t.hand_to_bot(
            body.get("seat"), body.get("bot"), teacher_key=body.get("teacher_key"),
            creator_token=self._token(body, "creator_token"),
        )
        return {"revision": revision}

    def _advance(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"revision": self._table(body).advance()}

    def _moves(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        if body.get("teacher_key") is not None:
            return {"moves": t.moves(teacher_key=body["teacher_key"])}
        return {"moves": t.moves(body.get("seat"), token=self._token(body))}

    def _list(self, body: dict[str, Any]) -> dict[str, Any]:
        frame = self.tables.listing(body.get("join_code"), body.get("teacher_key"))
        records = frame.assign(last_move=frame["last_move"].map(lambda t: t.timestamp())).to_dict(orient="records")
        return {"columns": list(frame.columns), "tables": records}

    def _record(self, body: dict[str, Any]) -> dict[str, Any]:
        """The whole game's makings (``Table.record``'s reader check first): seed, variant, names, every move as text."""
        t = self._table(body)
        if body.get("teacher_key") is not None:
            made = t.record(teacher_key=body["teacher_key"])
        else:
            made = t.record(body.get("seat"), token=self._token(body))
        return record_data(made)

    def _replay(self, body: dict[str, Any]) -> dict[str, Any]:
        t = self._table(body)
        if body.get("teacher_key") is not None:  # the whole game, as its save
            state = t.replay(teacher_key=body["teacher_key"])
            return {"save": t._row().kit.to_json(state)}
        return {"observation": t.replay(body.get("seat"), token=self._token(body))}
