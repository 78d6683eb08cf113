"""One table request as the table server reads it: its JSON body, its seat gate's keys, its throttles and its status.

Nothing here touches the database: a request is read and sorted before any
worker runs it (``service.TableService``), and a kit error becomes its HTTP
status here (``status_of``).

>>> read_body("view", b'{"code": "ABCDEF", "seat": 0}')
{'code': 'ABCDEF', 'seat': 0}
>>> status_of(ClassAccessError(_("no {what} given", what=_("seat token"))))
403
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from pokelab._json import load_json
from pokelab.classroom import ClassAccessError, ClassroomError, ClassStoreBusy
from pokelab.tables.errors import StaleRevision
from pokelab.words import _

__all__ = ["CLASS_VERBS", "LEAGUE_VERBS", "MAX_BODY", "SEAT_VERBS", "VERBS", "TooLarge", "busy", "read_body", "seat_keys", "status_of", "throttled"]

#: The largest request body the service reads (a move is a few dozen bytes).
MAX_BODY = 16_384
#: The class requests a hub's class service answers by hub login (``class_doors.ClassDoors``).
CLASS_VERBS = frozenset({
    "class_join", "class_policy", "class_answer", "class_answers", "class_misconceptions", "class_pupils",
    "class_round", "class_undo_round", "class_rounds", "class_teacher", "class_set_reveal", "class_delete_pupil",
    "class_revision", "class_reset",
})
#: The class league's requests a hub's class service answers by hub login (``pokelab.league.doors``).
LEAGUE_VERBS = frozenset({
    "league_create", "league_open", "league_house", "league_enter", "league_entries", "league_my_games",
    "league_claim", "league_mark", "league_marks", "league_standings", "league_head_to_head", "league_games",
    "league_record", "league_round", "league_round_status",
})
#: Every request the table server answers, one per ``Table`` door (``service.TableService``), the class requests
#: and the league's.
VERBS = frozenset({
    "create", "open", "sit", "rejoin", "revision", "view", "play", "undo", "answer_undo", "hand_to_bot",
    "advance", "moves", "replay", "record", "tables",
}) | CLASS_VERBS | LEAGUE_VERBS
#: The verbs whose request names a seat and carries its token (the seat gate spaces their tries).
SEAT_VERBS = frozenset({"view", "play", "undo", "answer_undo", "moves", "replay", "record"})


class TooLarge(ClassroomError):
    """A request body over ``MAX_BODY`` (answered 413)."""


def read_body(verb: str, raw: bytes) -> dict[str, Any]:
    """The request's JSON object, read by the kit's one bounded loader (a ``ClassroomError`` refusal otherwise).

    >>> read_body("view", b"[1, 2")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: a table request is a JSON object
    >>> read_body("fly", b"{}")
    Traceback (most recent call last):
    ...
    pokelab.classroom.errors.ClassroomError: the table server has no request 'fly'
    """
    if len(raw) > MAX_BODY:
        raise TooLarge(_("that request is too large"))
    try:  # the kit's one bounded loader: too deep, bad UTF-8 or a lone surrogate is a refusal, never a 500
        body = load_json(raw or b"{}", _("a table request"))
    except ValueError as err:  # the kit's client wrote the JSON: a syntax error gets no parser English
        syntax = getattr(err, "syntax", False)
        raise ClassroomError(_("a table request is a JSON object") if syntax else err.reason) from None
    if verb not in VERBS or not isinstance(body, dict):
        raise ClassroomError(_("the table server has no request {verb}", verb=repr(verb)[:40]))
    return body


def seat_keys(verb: str, body: dict[str, Any]) -> list[Hashable]:
    """The seat gate's keys of a request that carries a seat token: its table, and its seat when it names one.

    >>> seat_keys("view", {"code": "ABCDEF", "seat": 1, "token": "X"})
    [('table', 'ABCDEF'), ('seat', 'ABCDEF', 1)]
    >>> seat_keys("revision", {"code": "ABCDEF"})
    []
    """
    code = str(body.get("code"))[:16].upper()
    if verb in SEAT_VERBS and body.get("teacher_key") is None:
        seat = body.get("seat")
        return [("table", code), ("seat", code, seat if isinstance(seat, int) else None)]
    if verb == "rejoin" or (verb == "hand_to_bot" and body.get("teacher_key") is None):
        return [("table", code)]
    return []


def throttled(verb: str, body: dict[str, Any]) -> list[str]:
    """The per-address throttles a request passes: the join code and teacher key it carries, and its table code.

    >>> throttled("create", {"join_code": "K7M2QX"}), throttled("view", {"code": "ABCDEF"})
    (['join code'], ['table code'])
    """
    kinds = []
    if body.get("join_code") is not None:
        kinds.append("join code")
    if body.get("teacher_key") is not None:
        kinds.append("teacher key")
    if verb != "create" and verb not in CLASS_VERBS | LEAGUE_VERBS:
        kinds.append("table code")
    return kinds


def status_of(err: Exception) -> int:
    """The HTTP status of a refusal: 413 too large, 503 busy, 403 access, 409 a stale revision, else 400.

    >>> status_of(StaleRevision(5, 4)), status_of(ClassroomError(_("that request is too large")))
    (409, 400)
    """
    if isinstance(err, TooLarge):
        return 413
    if isinstance(err, ClassStoreBusy):
        return 503
    if isinstance(err, ClassAccessError):
        return 403
    if isinstance(err, StaleRevision):
        return 409
    return 400


def busy(seconds: float) -> ClassStoreBusy:
    """The refusal of a request that did not finish within ``seconds`` (answered 503).

    >>> status_of(busy(15.0)), str(busy(15.0)).split(":")[0]
    (503, 'the table server is busy')
    """
    return ClassStoreBusy(
        _("the table server is busy: your request did not finish within {seconds} s. Refresh the board "
          "to see whether it went through, then try again", seconds=format(seconds, "g")),
    )
