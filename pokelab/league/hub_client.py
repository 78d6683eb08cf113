"""A kernel's side of the class league on a hub: ``HubLeague``, the league's doors by hub login, its bots run here.

Under a JupyterHub a kernel holds no class database and types no join code,
teacher key or entry token: ``HubLeague(code)`` reaches the hub's class service
(``HubClass.from_env``) with the kernel's own hub token, and answers what
``League`` answers — ``enter``, ``entries``, ``add_house``, ``play_round``,
``standings``, ``head_to_head``, ``games``, ``marks``, ``record`` — with the
same arguments, so the standings page takes either (a join code, teacher key or
token passed is not sent: the service takes the hub login; ``doors.LeagueDoors``). A bot entered here plays in
this kernel only: its ``Entry``'s runner asks the service for its games
(``my_games``), sits there (``claim_seat``) and plays through the hub's table
doors (``table``), as at any shared table, and sends its marks (``record_mark``).
``open_league(code)`` is either, as the kernel finds itself.

>>> open_league("ABCDEF", {"POKELAB_CLASS_DB": "sqlite://"})
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: no league has the code 'ABCDEF': check the code your teacher gave
>>> HubLeague("ABCDEF", hub=None)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: HubLeague needs a hub's class service: this kernel runs under no JupyterHub (use League with the class database instead)
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokelab.classroom import DEFAULT_URL_ENV, ClassroomError, ClassStore, why
from pokelab.league.league import League, function_bot
from pokelab.league.names import name_key
from pokelab.league.runner import Entry
from pokelab.league.schedule import RoundReport
from pokelab.tables.class_client import HubClass
from pokelab.tables.record import record_from_data
from pokelab.tables.wire import error_from, text_data
from pokelab.words import Text, _

__all__ = ["HubLeague", "HubLeagueRow", "open_league"]

#: Seconds between two polls of a round the service plays (``HubLeague.play_round``).
ROUND_POLL_SECONDS = 0.5


@dataclass(frozen=True)
class HubLeagueRow:
    """A hub league's settings as the class service tells its members."""

    code: str
    game: str
    class_name: str
    games_per_pair: int
    move_seconds: float
    grace_seconds: float


def open_league(code: str, environ: Mapping[str, str] | None = None) -> HubLeague | League:
    """The league ``code`` where this kernel finds its class: the hub's class service, else the class database."""
    env = os.environ if environ is None else environ
    hub = HubClass.from_env(env)
    if hub is not None:
        return HubLeague(code, hub=hub)
    return League(ClassStore.connect(env.get(DEFAULT_URL_ENV, "").strip() or None), code)


class HubLeague:
    """The league ``code`` of a hub class, through the class service ``hub`` (default: this kernel's, by its login)."""

    def __init__(self, code: Any, *, hub: HubClass | str | None = "env", opened: dict[str, Any] | None = None) -> None:
        self.hub = HubClass.from_env() if hub == "env" else hub
        if not isinstance(self.hub, HubClass):
            raise ClassroomError(_("HubLeague needs a hub's class service: this kernel runs under no JupyterHub "
                                   "(use League with the class database instead)"))
        if not isinstance(code, str):
            raise ClassroomError(_("a league code is text, not {type}", type=type(code).__name__))
        found = opened if opened is not None else self.hub.ask("league_open", league=code)
        self.row = HubLeagueRow(str(found["code"]), str(found["game"]), str(found["class"]),
                                int(found["games_per_pair"]), float(found["move_seconds"]),
                                float(found["grace_seconds"]))
        self.code, self.game = self.row.code, self.row.game
        self._entered: dict[str, Entry] = {}

    @classmethod
    def create(cls, game: str, *, games_per_pair: int = 2, move_seconds: float = 2.0, grace_seconds: float = 20.0,
               class_name: str | None = None, hub: HubClass | str | None = "env") -> HubLeague:
        """A new league for ``game`` in the teacher's hub class (``class_name``: which, if they teach several)."""
        server = HubClass.from_env() if hub == "env" else hub
        if not isinstance(server, HubClass):
            return cls("", hub=server)  # the refusal of a kernel under no hub
        opened = server.ask("league_create", game=game, games_per_pair=games_per_pair, move_seconds=move_seconds,
                            grace_seconds=grace_seconds, **({} if class_name is None else {"class_name": class_name}))
        return cls(opened["code"], hub=server, opened=opened)

    # ------------------------------------------------------------------ a pupil's bot
    def enter(self, bot: Any, *, name: str, start: bool = True, lang: str = "en", join_code: str | None = None,
              author: str | None = None, token: str | None = None) -> Entry:
        """Enter ``bot`` (``choose(view, legal, rng)``, or such a function) under ``name``; its ``Entry``, run here.

        The same name again adds a version. ``join_code``, ``author`` and ``token``
        (``League.enter``'s) are not sent: the hub login is the author.
        """
        playing = function_bot(name, bot)
        kind = "function" if playing is not bot else type(bot).__qualname__
        made = self.hub.ask("league_enter", league=self.code, name=name, kind=kind)
        old = self._entered.get(name_key(str(made["name"])))
        if old is not None:
            old.stop()
        entry = Entry(self, str(made["name"]), None, int(made["version"]), int(made["version_id"]), playing,
                      lang=lang, bots=None if old is None else old.bots)
        self._entered[name_key(entry.name)] = entry
        if start:
            entry.start()
        return entry

    def token(self, name: str) -> None:
        """No entry token lives in a kernel on a hub: the class service knows the bot by its author's login."""
        return None

    # ------------------------------------------------------------------ what a bot's runner asks
    @property
    def where(self) -> str:
        """The class service's address: a kernel runs one runner per bot of a league there."""
        return self.hub.url

    def my_games(self, name: str, token: str | None = None) -> list[dict[str, Any]]:
        """The open games of this login's bot ``name`` (``token`` ``None``: the hub's doors fill in the login's)."""
        return [{**g, "token": None} for g in self.hub.ask("league_my_games", league=self.code, name=name)["games"]]

    def claim_seat(self, name: str, game_id: int, *, join_code: str | None = None, token: str | None = None) -> None:
        """Sit this login at its bot's seat of open game ``game_id`` (the service does; no token comes back)."""
        self.hub.ask("league_claim", league=self.code, name=name, game=int(game_id))

    def table(self, code: str) -> Any:
        """The league table ``code`` through the hub's table doors (``RemoteTable``), played as this login."""
        return self.hub.table(code)

    def record_mark(self, name: str, game_id: int, kind: str, detail: Text, *, rule: str | None = None,
                    token: str | None = None) -> None:
        """Store a mark of this login's bot ``name`` in ``game_id``: a default move was played for it, and why."""
        self.hub.ask("league_mark", league=self.code, name=name, game=int(game_id), kind=kind,
                     detail=text_data(detail), rule=rule)

    # ------------------------------------------------------------------ the teacher's
    def add_house(self, bot: str, *, name: str | None = None, teacher_key: str | None = None) -> str:
        """Add the kit's bot ``bot`` as a yardstick (a teacher's login); its name."""
        return str(self.hub.ask("league_house", league=self.code, bot=bot, name=name)["name"])

    def play_round(self, *, timeout: float = 600.0, parallel: int = 3, poll_seconds: float = ROUND_POLL_SECONDS,
                   join_code: str | None = None, teacher_key: str | None = None) -> RoundReport:
        """Play the next round in the class service (a teacher's login) and wait for it: its ``RoundReport``.

        The service plays it in a thread of its own; this kernel polls its status
        every ``poll_seconds`` and gives up waiting ``timeout`` + 60 seconds on.
        """
        self.hub.ask("league_round", league=self.code, timeout=float(timeout), parallel=int(parallel))
        deadline = time.monotonic() + float(timeout) + 60.0
        while True:
            status = self.hub.ask("league_round_status", league=self.code)
            if not status["running"] or time.monotonic() > deadline:
                break
            time.sleep(poll_seconds)
        if status["error"] is not None:
            raise error_from(status["error"])
        report = status["report"]
        if report is None:
            raise ClassroomError(_("the round of league {code} did not end within {seconds} s", code=self.code,
                                   seconds=format(float(timeout), "g")))
        return RoundReport(**report)

    # ------------------------------------------------------------------ the class's reads
    def entries(self) -> list[dict[str, Any]]:
        """Every entry by name: ``name``, ``house``, ``version``, ``version_id`` (and ``author`` for its teacher)."""
        return list(self.hub.ask("league_entries", league=self.code)["entries"])

    def standings(self, *, join_code: str | None = None, teacher_key: str | None = None,
                  all_versions: bool = False) -> Any:
        """The standings as a DataFrame (``League.standings``); a teacher's login adds each entry's author."""
        return self.hub.frame("league_standings", all_versions=all_versions, league=self.code)

    def head_to_head(self, *, join_code: str | None = None, teacher_key: str | None = None) -> Any:
        """Every pair of bots that met, as a DataFrame (``League.head_to_head``)."""
        return self.hub.frame("league_head_to_head", league=self.code)

    def games(self, *, join_code: str | None = None, teacher_key: str | None = None) -> Any:
        """The finished games as a DataFrame (``League.games``)."""
        return self.hub.frame("league_games", league=self.code)

    def marks(self, name: str, *, token: str | None = None, lang: str = "en") -> Any:
        """The marks of this login's bot ``name`` with their reasons in ``lang`` (``League.marks``)."""
        return self.hub.frame("league_marks", name=name, lang=lang, league=self.code)

    def record(self, game_id: int, *, name: str | None = None, token: str | None = None,
               teacher_key: str | None = None) -> Any:
        """A finished game's whole record for ``Board.from_record``: the teacher's (no ``name``), or your bot's."""
        made = self.hub.ask("league_record", league=self.code, game=int(game_id),
                            **({} if name is None else {"name": name}))
        try:
            return record_from_data(made)
        except (KeyError, TypeError, ValueError) as err:
            raise self.hub._not_an_answer(why(err)) from None

    def __repr__(self) -> str:
        return f"HubLeague({self.code!r}, game={self.game!r})"
