"""A board's side of the table authority: ``RemoteTables(url)`` and its tables, the same doors as ``Tables`` / ``Table``.

A pupil's kernel that plays through the table server (``server``) holds
no database URL: ``RemoteTables(url).table(code)`` answers ``sit``, ``rejoin``,
``revision``, ``view``, ``play``, ``request_undo``, ``answer_undo``,
``hand_to_bot``, ``advance``, ``moves`` and ``replay`` as ``Table`` does, each by
one request, and raises the same kit errors in every language
(``wire``). A seat board (``widgets.board.table``) takes either.

>>> RemoteTables("ftp://example.org")
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: the table server's address starts with http:// or https://, not 'ftp://example.org'
"""

from __future__ import annotations

import http.client
import json
import os
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any

from pokelab._json import MAX_BYTES, load_json
from pokelab.classroom import ClassroomError, ClassStore, why
from pokelab.tables.local import Tables
from pokelab.tables.record import record_from_data
from pokelab.tables.wire import error_from, wire_from
from pokelab.words import _

__all__ = ["TABLES_URL_ENV", "RemoteTable", "RemoteTables", "table_store"]

#: The environment variable naming the table server a page plays through (unset: the class database itself).
TABLES_URL_ENV = "POKELAB_TABLES_URL"


def table_store(environ: Mapping[str, str] | None = None) -> RemoteTables | Tables:
    """Where a page's tables are: the table server at ``$POKELAB_TABLES_URL`` if set, else the class database.

    Under a JupyterHub (``JUPYTERHUB_API_TOKEN`` set) the table server is the
    hub's class service, reached through the hub's proxy at that address with the
    kernel's own hub token: the pupil is their hub login, with no join code,
    seat token or typed name (``hub_doors``).

    >>> type(table_store({})).__name__
    'Tables'
    >>> table_store({TABLES_URL_ENV: "http://127.0.0.1:8000/services/pokelab-class", "JUPYTERHUB_API_TOKEN": "abc"}).hub
    True
    """
    env = os.environ if environ is None else environ
    url = env.get(TABLES_URL_ENV, "").strip()
    if not url:
        return Tables(ClassStore.connect())
    return RemoteTables(url, hub_token=env.get("JUPYTERHUB_API_TOKEN", "").strip() or None)


class RemoteTables:
    """The table server at ``url`` (``http://host:port``), as a board's store: ``table``, ``create_table``, ``listing``.

    ``hub_token``: under a hub, the kernel's ``JUPYTERHUB_API_TOKEN``, sent with
    every request (``Authorization: token …``); the class service then acts for
    that hub user and fills in every join code, seat token, name and teacher key.
    """

    def __init__(self, url: str, *, timeout: float = 10.0, hub_token: str | None = None) -> None:
        if not isinstance(url, str) or not url.startswith(("http://", "https://")):
            raise ClassroomError(
                _("the table server's address starts with http:// or https://, not {url}", url=repr(url)[:80]),
            )
        self.url = url.rstrip("/")
        self.timeout = timeout
        self._hub_token = hub_token

    @property
    def hub(self) -> bool:
        """Whether requests go to a hub's class service with the kernel's hub login."""
        return self._hub_token is not None

    def ask(self, verb: str, **body: Any) -> dict[str, Any]:
        """One request to the server; its answer, or the kit error it refused with (raised).

        Whatever comes back is read as the server's door reads a request: at
        most ``MAX_BYTES``, through the kit's one bounded loader, and only a JSON
        object is an answer. A page that is not one (a network's sign-in page
        served as 200, a proxy's error page), an answer cut off, too large or
        nested too deep is a ``ClassroomError`` in the pupil's language, never a
        raw exception; an unreachable or silent server too.

        >>> RemoteTables("http://127.0.0.1:9", timeout=2).ask("open", code="ABCDEF")  # nobody listens on port 9
        Traceback (most recent call last):
        ...
        pokelab.classroom.errors.ClassroomError: the table server at http://127.0.0.1:9 does not answer (...); try again in a moment
        """
        request = urllib.request.Request(
            f"{self.url}/api/{verb}", data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "Accept": "application/json",
                     **({"Authorization": f"token {self._hub_token}"} if self._hub_token else {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                data = self._read(answer)
                if not isinstance(data, dict):
                    raise self._not_an_answer(_("a JSON {kind}, not an object", kind=type(data).__name__))
                return dict(wire_from(data))  # a view's texts are texts again
        except urllib.error.HTTPError as refused:
            with refused:
                try:
                    data = self._read(refused)
                except ClassroomError:
                    data = None
            if not isinstance(data, dict) or not isinstance(data.get("error"), dict):
                raise ClassroomError(
                    _("the table server at {url} answered HTTP {status} without a table answer: "
                      "check the address, or try again in a moment", url=self.url, status=refused.code),
                ) from None
            raise error_from(data["error"]) from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as away:
            raise ClassroomError(
                _("the table server at {url} does not answer ({why}); try again in a moment",
                  url=self.url, why=str(getattr(away, "reason", away) or type(away).__name__)[:80]),
            ) from None

    def _read(self, answer: Any) -> Any:
        """The JSON of one HTTP answer, at most ``MAX_BYTES`` read (``ClassroomError`` for anything else)."""
        announced = getattr(answer, "length", None)  # what is left of a Content-Length (None: chunked, or to the close)
        try:
            if announced is not None and announced <= MAX_BYTES:
                raw = answer.read()  # short of what was announced: IncompleteRead
            else:
                raw = b"" if announced is not None else answer.read(MAX_BYTES + 1)
        except http.client.IncompleteRead:
            raise ClassroomError(
                _("the table server at {url} broke off its answer; try again in a moment", url=self.url),
            ) from None
        if (announced is not None and announced > MAX_BYTES) or len(raw) > MAX_BYTES:
            raise self._not_an_answer(_("more than {most} bytes", most=MAX_BYTES))
        try:
            return load_json(raw, _("the table server's answer"))
        except ValueError as err:
            syntax = getattr(err, "syntax", False)  # no parser English: a sign-in page is simply not JSON
            raise self._not_an_answer(_("not JSON") if syntax else getattr(err, "reason", _("not JSON"))) from None

    def _not_an_answer(self, why: Any) -> ClassroomError:
        return ClassroomError(
            _("the table server at {url} answered something that is not a table answer ({why}): if the network "
              "shows a sign-in page, sign in first; otherwise check the address and try again", url=self.url, why=why),
        )

    def create_table(self, join_code: str | None, game: str, players: int = 2, bots: Any = None, **options: Any) -> str:
        """Create a table in the class (as ``Tables.create_table``; under a hub ``join_code=None``); its code."""
        bots = {str(k): v for k, v in (bots or {}).items()} if isinstance(bots, dict) else bots
        return str(self.ask("create", join_code=join_code, game=game, players=players, bots=bots, **options)["code"])

    def listing(self, join_code: str | None = None, teacher_key: str | None = None, *,
                class_name: str | None = None) -> Any:
        """The class's tables as ``Tables.listing`` gives them (a DataFrame); under a hub a teacher's login is enough."""
        import pandas as pd

        answer = self.ask("tables", join_code=join_code, teacher_key=teacher_key, class_name=class_name)
        frame = pd.DataFrame(answer["tables"], columns=answer["columns"])
        frame["last_move"] = pd.to_datetime(frame["last_move"], unit="s", utc=True)
        return frame

    def table(self, table_code: str) -> RemoteTable:
        """The table with ``table_code`` (``ClassroomError`` for an unknown code, as ``Tables.table``)."""
        return RemoteTable(self, self.ask("open", code=table_code))

    def __repr__(self) -> str:
        return f"RemoteTables({self.url!r})"


class RemoteTable:
    """One table reached through the table server; it remembers the seat tokens it got, as ``Table`` does."""

    def __init__(self, server: RemoteTables, opened: dict[str, Any]) -> None:
        self._server = server
        self.code: str = opened["code"]
        self.game: str = opened["game"]
        self.players: int = int(opened["players"])
        self._tokens: dict[int, str] = {}

    def _ask(self, verb: str, **body: Any) -> dict[str, Any]:
        return self._server.ask(verb, code=self.code, **body)

    def _token(self, seat: Any, token: str | None) -> str | None:
        return token if token is not None else self._tokens.get(seat) if isinstance(seat, int) else None

    def sit(self, seat: int | None = None, name: str | None = None, *, join_code: str | None = None) -> str:
        """Claim a free seat as a member of the class of ``join_code``; the seat token.

        Under a hub the seat's name is the hub login and no join code is needed
        (``name`` and ``join_code`` are not sent); ``seat=None`` takes the first free
        seat, and sitting again where one sits already is rejoining that seat.
        """
        if self._server.hub:
            answer = self._ask("sit", seat=seat)
            seat = int(answer["seat"])
        else:
            answer = self._ask("sit", seat=seat, name=name, join_code=join_code)
        token = str(answer["token"])
        self._tokens[seat] = token
        return token

    @property
    def my_seat(self) -> int | None:
        """The last seat this object sat at or rejoined (under a hub, the hub login's seat), or ``None``."""
        return next(reversed(self._tokens), None)

    def rejoin(self, token: str) -> int:
        """The seat ``token`` holds."""
        seat = int(self._ask("rejoin", token=token)["seat"])
        self._tokens[seat] = token
        return seat

    def revision(self) -> int:
        """The table's revision now."""
        return int(self._ask("revision")["revision"])

    def view(self, seat: int, *, token: str | None = None) -> dict[str, Any]:
        """What ``seat`` sees (``Table.view``)."""
        return self._ask("view", seat=seat, token=self._token(seat, token))

    def play(self, seat: int, action: Any, revision: int, *, token: str | None = None) -> int:
        """Play ``action`` (an engine action travels as its text) for ``seat``; the new revision."""
        text = action if isinstance(action, str) else str(action)
        return int(self._ask("play", seat=seat, action=text, revision=revision, token=self._token(seat, token))["revision"])

    def request_undo(self, seat: int, *, token: str | None = None) -> int:
        """Ask to take back ``seat``'s last move."""
        return int(self._ask("undo", seat=seat, token=self._token(seat, token))["revision"])

    def answer_undo(self, seat: int, yes: bool, *, token: str | None = None) -> int:
        """Agree or refuse the waiting undo request."""
        return int(self._ask("answer_undo", seat=seat, yes=yes, token=self._token(seat, token))["revision"])

    def hand_to_bot(self, seat: int, bot: str, *, teacher_key: str | None = None, creator_token: str | None = None) -> int:
        """Give ``seat`` to ``bot`` (the creator's token or the teacher key)."""
        return int(self._ask("hand_to_bot", seat=seat, bot=bot, teacher_key=teacher_key,
                             creator_token=creator_token)["revision"])

    def advance(self) -> int:
        """Let the bots and chance play the moves due now."""
        return int(self._ask("advance")["revision"])

    def moves(self, seat: int | None = None, *, token: str | None = None, teacher_key: str | None = None) -> list[dict[str, Any]]:
        """The moves as ``seat`` may see them, or all of them (the teacher key; under a hub ``seat=None``, a teacher's login)."""
        if teacher_key is not None or (self._server.hub and seat is None):
            return list(self._ask("moves", teacher_key=teacher_key, teacher=True)["moves"])
        return list(self._ask("moves", seat=seat, token=self._token(seat, token))["moves"])

    def replay(self, seat: int | None = None, *, token: str | None = None, teacher_key: str | None = None) -> Any:
        """``seat``'s view of the replayed game; with the teacher key the game's save (text)."""
        if teacher_key is not None or (self._server.hub and seat is None):
            return self._ask("replay", teacher_key=teacher_key, teacher=True)["save"]
        return self._ask("replay", seat=seat, token=self._token(seat, token))["observation"]

    def record(self, seat: int | None = None, *, token: str | None = None, teacher_key: str | None = None) -> Any:
        """The whole game as a ``pokelab.sim`` record (``Table.record``): the teacher's, or its players' once it is over."""
        if teacher_key is not None or (self._server.hub and seat is None):
            made = self._ask("record", teacher_key=teacher_key, teacher=True)
        else:
            made = self._ask("record", seat=seat, token=self._token(seat, token))
        try:
            return record_from_data(made)
        except (KeyError, TypeError, ValueError) as err:
            raise self._server._not_an_answer(why(err)) from None

    def __repr__(self) -> str:
        return f"RemoteTable({self.code!r}, game={self.game!r}, players={self.players})"
