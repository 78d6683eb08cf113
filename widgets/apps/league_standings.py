"""The class bot league's standings, live: the teacher's dashboard to project, and the same page in a pupil's notebook.

``LeagueStandings(store, code=…, join_code=…)`` opens the league with its code and
the class's join code (a pupil: every bot's row, no authors), or with the teacher key
(``key=…``: the authors too); on a hub (``store`` the ``HubClass`` of ``class_store()``)
with the code alone, the login saying who reads. Every ``poll`` seconds it reads the standings again and
redraws when a game has ended: per bot the games, wins, losses and ties, the win rate
with its 95 % Wilson interval, the Bradley–Terry rating with its standard error, the
marks (default moves played for it) and forfeits; then every pair's head-to-head. The
numbers are the league's own reads (``League.standings``, ``League.head_to_head``):
nothing is computed here.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.league import League
>>> store = ClassStore.connect("sqlite://")
>>> join_code, key = store.create_class("7B")
>>> league = League.create(store, join_code, key, "herecomes")
>>> league.add_house("random", teacher_key=key)
'random'
>>> page = LeagueStandings(store, code=league.code, join_code=join_code, poll=None)
>>> page.opened, page.games, page.bots
(True, 0, ['random'])
>>> LeagueStandings(store, code="ZZZZZZ", join_code=join_code, poll=None, lang="zh").error
"没有代码为 'ZZZZZZ' 的联赛：请核对老师给的代码"
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w
import pandas as pd

from pokelab.classroom import ClassStore
from pokelab.league import League
from pokelab.league.hub_client import HubLeague
from pokelab.tables.class_client import HubClass
from pokelab.words import Text, _, _n, check_lang
from widgets.apps._common import _header, lang_switch, switch_to
from widgets.apps.class_live import _ALERT, _explain, _Poller
from widgets.herecomes.board import HereComesBoard
from widgets.splendor.board import SplendorBoard

__all__ = ["LeagueStandings", "league_link"]

_TEXT: dict[str, Text] = {
    "title": _("The class bot league — standings"),
    "intro": _("Open the league with its code and your class's join code (the teacher key shows who wrote each bot). "
               "The table updates by itself whenever a league game ends."),
    "code": _("League code"),
    "join_code": _("Join code"),
    "teacher_key": _("Teacher key"),
    "open": _("Open"),
    "open_first": _("Open a league first."),
    "rank": _("Rank"),
    "bot": _("Bot"),
    "author": _("Author"),
    "games": _("Games"),
    "wld": _("Won–lost–tied"),
    "win_rate": _("Win rate (95% interval)"),
    "rating": _("Rating ± uncertainty"),
    "marks": _("Default moves"),
    "forfeits": _("Forfeits"),
    "house": _("house bot"),
    "none_yet": _("No league game has ended yet: the table fills in as the games end."),
    "head": _("Head to head"),
    "opponent": _("Opponent"),
    "h2h_rate": _("Win rate"),
    "replay_title": _("Replay a finished game"),
    "replay_intro": _("Pick a game to see it on a board: its last position, every move in its list, each seat named "
                      "by its bot."),
    "replay": _("Replay"),
    "replay_game": _("Game {game} · round {round} · {bot_1} {score_1}–{score_2} {bot_2}"),
    "replay_forfeit": _("Game {game} · round {round} · {bot_1} – {bot_2} (forfeited by {forfeit})"),
    "explain": _("The win rate's interval is where the bot's true rate may lie after so few games; a rating "
                 "± its uncertainty: two bots whose ranges overlap are not yet told apart."),
}
_GAMES: dict[str, Text] = {"herecomes": _("Here Comes Pokémon!"), "splendor": _("Splendor: Pokémon")}
_BOARDS: dict[str, Any] = {"herecomes": HereComesBoard, "splendor": SplendorBoard}


def league_link(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The league code and join code a link carries (``…/league-standings.ipynb?league=K7M2QX&code=AB12CD``).

    >>> league_link({"QUERY_STRING": "league=k7m2qx&code=AB12CD&lang=zh"})
    {'league': 'K7M2QX', 'code': 'AB12CD'}
    >>> league_link({"QUERY_STRING": "league=" + "A" * 100})
    {'league': '', 'code': ''}
    """
    query = parse_qs((os.environ if environ is None else environ).get("QUERY_STRING", ""))
    fields = {name: query.get(name, [""])[-1].strip().upper() for name in ("league", "code")}
    return {name: value if len(value) <= 40 else "" for name, value in fields.items()}


def _t(key: str, lang: str, **fields: Any) -> str:
    return _TEXT[key].with_fields(**fields).render(lang)


def _percent(x: float) -> str:
    return f"{100 * x:.0f}%"


class LeagueStandings:
    """The league's standings page; ``.ui`` is the page. ``poll``: seconds between looks (None: ``poll_once``)."""

    def __init__(self, store: ClassStore | HubClass, *, code: str = "", join_code: str = "", key: str = "",
                 lang: str = "en", poll: float | None = 2.0) -> None:
        self.store = store
        #: Under a hub (``store`` a ``HubClass``) the login reads the league: no join code or key is asked.
        self.hub = isinstance(store, HubClass)
        self.lang = check_lang(lang)
        self.league: League | HubLeague | None = None
        self.reader: dict[str, str] = {}
        #: Whether the reader is the league's teacher (the authors shown, any game replayed).
        self.teacher = False
        self.standings: pd.DataFrame | None = None
        self.head: pd.DataFrame | None = None
        self.revision: Any = None
        self.updated = ""
        self.error = ""
        self.header = w.HTML()
        self.switch = lang_switch(lang)
        self.switch.observe(lambda change: self.set_lang(change["new"]), names="value")
        said_whole = {"description_width": "initial"}
        self.code = w.Text(value=code, layout=w.Layout(width="14em"), style=said_whole)
        self.join_code = w.Text(value=join_code, layout=w.Layout(width="14em"), style=said_whole)
        self.key = w.Password(value=key, layout=w.Layout(width="20em"), style=said_whole)
        self.open_button = w.Button(icon="folder-open", layout=w.Layout(width="auto"))
        self.open_button.add_class("pk-open-league")
        self.open_button.on_click(lambda _b: self._guard(self.open))
        self.status = w.HTML()
        self.table_html = w.HTML()
        self.head_html = w.HTML()
        self.error_html = w.HTML()
        self.finished: pd.DataFrame | None = None
        self.replay_head = w.HTML()
        self.replay_pick = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="100%"))
        self.replay_button = w.Button(icon="play", layout=w.Layout(width="auto"))
        self.replay_button.add_class("pk-replay-game")
        self.replay_button.on_click(lambda _b: self._guard(self.replay))
        self.board: Any = None
        self.replay_box = w.VBox([])
        self.replay_panel = w.VBox([
            self.replay_head, w.HBox([self.replay_pick, self.replay_button], layout=w.Layout(flex_flow="row wrap")),
            self.replay_box,
        ], layout=w.Layout(display="none"))
        if self.hub:
            self.join_code.layout.display = self.key.layout.display = "none"
        self.ui = w.VBox([
            w.HBox([self.header, self.switch], layout=w.Layout(justify_content="space-between")),
            w.HBox([self.code, self.join_code, self.key, self.open_button], layout=w.Layout(flex_flow="row wrap")),
            self.error_html, self.status, self.table_html, self.head_html, self.replay_panel,
        ])
        self.ui.add_class("pk-league-standings")
        self._poller = _Poller("pokelab-league-standings", self.poll_once, self)
        self.set_lang(lang)
        if code and (self.hub or join_code or key):
            self._guard(self.open)
        if poll is not None:
            self.start(poll)

    @property
    def opened(self) -> bool:
        """Whether a league is open on the page."""
        return self.league is not None

    @property
    def games(self) -> int:
        """League games ended so far (each counted once)."""
        return 0 if self.standings is None else int(self.standings["games"].sum()) // 2

    @property
    def bots(self) -> list[str]:
        """The bots as the table ranks them."""
        return [] if self.standings is None else list(self.standings["bot"])

    # ------------------------------------------------------------------ actions
    def _guard(self, action: Any) -> bool:
        try:
            action()
        except Exception as err:  # a refusal (wrong code or key) or the store away: say it, keep the page
            self.error = _explain(err, self.lang)
            self.error_html.value = _ALERT.format(html.escape(self.error))
            return False
        self.error = ""
        self.error_html.value = ""
        return True

    def open(self) -> LeagueStandings:
        """Open the league typed in, read with the teacher key if one is given, else the join code (a hub: the login)."""
        code = self.code.value.strip().upper()
        if self.hub:
            league: League | HubLeague = HubLeague(code, hub=self.store)
            reader: dict[str, str] = {}
        else:
            league = League(self.store, code)
            key, join_code = self.key.value.strip(), self.join_code.value.strip().upper()
            reader = {"teacher_key": key} if key else {"join_code": join_code}
        table = league.standings(**reader)  # refuses a wrong key or another class's code before anything is shown
        self.teacher = "author" in table.columns  # the league's own read says whether the reader is its teacher
        self.league, self.reader, self.revision = league, reader, None
        self.board, self.replay_box.children = None, ()
        self.poll_once()
        return self

    def poll_once(self) -> bool:
        """Read the standings once; redraw and return True when they changed."""
        if self.league is None:
            return False
        table = self.league.standings(**self.reader)
        revision = (int(table["games"].sum()), int(table["marks"].sum()), tuple(table["bot"]), tuple(table["version"]))
        if revision == self.revision:
            return False
        self.standings, self.head = table, self.league.head_to_head(**self.reader)
        if self.teacher:  # the teacher replays any game; a pupil, their bot's, in their notebook
            self.finished = self.league.games(**self.reader)
        self.revision, self.updated = revision, time.strftime("%H:%M:%S")
        self.draw()
        return True

    def set_lang(self, lang: str) -> None:
        """Relabel the page in ``lang``."""
        self.lang = switch_to(self.switch, lang)
        self.header.value = _header(_t("title", lang), _t("intro", lang))
        for field, key in ((self.code, "code"), (self.join_code, "join_code"), (self.key, "teacher_key")):
            field.description = _t(key, lang)
        self.open_button.description = _t("open", lang)
        self.replay_button.description = _t("replay", lang)
        if self.board is not None:
            self.board.lang = lang
        self.draw()

    def replay(self, game_id: int | None = None) -> Any:
        """Show the finished game ``game_id`` (default: the one picked) on its game's board, below the standings; the board."""
        if self.league is None or not self.teacher:
            raise ValueError(_t("open_first", self.lang))
        chosen = self.replay_pick.value if game_id is None else game_id
        if chosen is None:
            raise ValueError(_t("none_yet", self.lang))
        record = self.league.record(int(chosen), **self.reader)
        options = {"teacher": True} if self.league.game == "herecomes" else {}
        self.board = _BOARDS[self.league.game].from_record(record, lang=self.lang, **options)
        self.replay_box.children = (self.board,)
        return self.board

    def start(self, every: float = 2.0) -> None:
        """Look every ``every`` seconds in the background (until ``stop`` or the page closes)."""
        self._poller.start(every)

    def stop(self) -> None:
        """Stop looking."""
        self._poller.stop()

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        """Draw the status line and both tables in the page's language."""
        lang = self.lang
        if self.league is None or self.standings is None:
            self.status.value = f"<p>{html.escape(_t('open_first', lang))}</p>"
            self.table_html.value = self.head_html.value = ""
            return
        game = _GAMES[self.league.game].render(lang)
        status = _n("{game} league · {count} game played · updated {time}",
                    "{game} league · {count} games played · updated {time}", self.games, game=game, time=self.updated)
        self.status.value = (f"<p data-testid='league-status' data-games='{self.games}'>"
                             f"{html.escape(status.render(lang))}</p>")
        self.table_html.value = self._standings_html()
        self.head_html.value = self._head_html()
        self._draw_replays()

    def _draw_replays(self) -> None:
        """The teacher's list of finished games to replay (hidden for a pupil and before a game ends)."""
        lang, games = self.lang, self.finished
        shown = games is not None and not games.empty and self.teacher
        self.replay_panel.layout.display = "flex" if shown else "none"
        if not shown:
            return
        self.replay_head.value = (f"<h3>{html.escape(_t('replay_title', lang))}</h3>"
                                  f"<p>{html.escape(_t('replay_intro', lang))}</p>")

        def label(g: Any) -> str:
            fields = {"game": int(g.game), "round": int(g.round), "bot_1": g.bot_1, "bot_2": g.bot_2}
            if isinstance(g.forfeit, str):
                return _t("replay_forfeit", lang, forfeit=g.forfeit, **fields)
            return _t("replay_game", lang, score_1=int(g.score_1), score_2=int(g.score_2), **fields)

        picked = self.replay_pick.value
        options = [(label(g), int(g.game)) for g in games.itertuples(index=False)][::-1]  # the newest first
        self.replay_pick.options = options
        self.replay_pick.value = picked if picked in {v for _l, v in options} else options[0][1]

    def _standings_html(self) -> str:
        lang, table = self.lang, self.standings
        teacher = "author" in table.columns
        heads = ["rank", "bot", *(["author"] if teacher else []), "games", "wld", "win_rate", "rating", "marks",
                 "forfeits"]
        rows = []
        for rank, row in enumerate(table.itertuples(index=False), start=1):
            is_house = isinstance(row.house, str) and bool(row.house)  # a pupil's bot: None, NaN in the frame
            house = f" <small>({html.escape(_t('house', lang))})</small>" if is_house else ""
            bot = f"<b>{html.escape(str(row.bot))}</b> v{int(row.version)}{house}"
            if row.games:
                rate = f"{_percent(row.win_rate)} ({_percent(row.ci_low)}–{_percent(row.ci_high)})"
                rating = f"{row.rating:.0f} ± {row.rating_sd:.0f}"
            else:
                rate = rating = "—"
            author = html.escape(row.author) if teacher and isinstance(row.author, str) else "—"  # a house bot has none
            cells = [str(rank), bot, *([author] if teacher else []), str(int(row.games)),
                     f"{int(row.wins)}–{int(row.losses)}–{int(row.ties)}", rate, rating, str(int(row.marks)),
                     str(int(row.forfeits))]
            rows.append(f"<tr data-bot='{html.escape(str(row.bot), quote=True)}'>"
                        + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        empty = "" if self.games else f"<p>{html.escape(_t('none_yet', lang))}</p>"
        return (_TABLE_CSS + empty + "<table data-testid='league-standings'><thead><tr>"
                + "".join(f"<th>{html.escape(_t(h, lang))}</th>" for h in heads) + "</tr></thead><tbody>"
                + "".join(rows) + f"</tbody></table><p><small>{html.escape(_t('explain', lang))}</small></p>")

    def _head_html(self) -> str:
        lang, head = self.lang, self.head
        if head is None or head.empty:
            return ""
        rows = "".join(
            f"<tr><td>{html.escape(str(r.bot))}</td><td>{html.escape(str(r.opponent))}</td><td>{int(r.games)}</td>"
            f"<td>{int(r.wins)}–{int(r.losses)}–{int(r.ties)}</td><td>{_percent(r.win_rate)}</td></tr>"
            for r in head.itertuples(index=False)
        )
        heads = ["bot", "opponent", "games", "wld", "h2h_rate"]
        return (f"<h3>{html.escape(_t('head', lang))}</h3><table data-testid='league-head-to-head'><thead><tr>"
                + "".join(f"<th>{html.escape(_t(h, lang))}</th>" for h in heads)
                + f"</tr></thead><tbody>{rows}</tbody></table>")


_TABLE_CSS = ("<style>.pk-league-standings table td,.pk-league-standings table th{padding:3px 10px;"
              "text-align:left;border-bottom:1px solid var(--jp-border-color2,#ddd)}</style>")
