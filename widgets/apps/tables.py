"""Play a classmate: create a shared table, join one, or rejoin your seat — then the board of your seat.

The page of ``apps/play-a-classmate.ipynb`` (issue 19). Every device opens the
same page (``make app``); the class's join code and a name, then

- **create table**: the game, how many players and how many of them bots (the
  bots take the last seats); you sit in the first seat and get the table code
  to tell your classmates;
- **join table**: a table code and a seat (or the first free one);
- **rejoin**: the table code and your seat token (shown on your board).

Once seated, the page's address carries ``?table=…&token=…`` (and the
language), so reloading the page — or opening that address on another
device — rejoins the same seat. Every word comes from the word catalogue.

>>> from pokelab.classroom import ClassStore
>>> from pokelab.tables import Tables
>>> store = ClassStore.connect("sqlite://")
>>> tables = Tables(store)
>>> join_code = store.create_class("7B")[0]
>>> page = TablesPage(store, lang="en", poll_seconds=0)
>>> page.code.value, page.name.value = join_code, "Ash"
>>> page.create("herecomes", players=2, bots=1).board.seat
0
>>> page.link_query()["table"] == page.board.table.code
True
>>> TablesPage(store, poll_seconds=0).join("NOPE22", None)
Traceback (most recent call last):
...
pokelab.classroom.errors.ClassroomError: ...
"""

from __future__ import annotations

import html
import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets

from pokelab.classroom import ClassAccessError, ClassroomError, ClassStoreBusy
from pokelab.errors import IllegalAction
from pokelab.tables import table_store, tables_at
from pokelab.words import Text, _, _p, check_lang
from widgets._bundle import esm
from widgets._words import template
from widgets.apps._common import _header, lang_switch
from widgets.board.table import takeover_bot
from widgets.herecomes.board import HereComesBoard
from widgets.splendor.board import SplendorBoard

__all__ = ["TEXT", "TablesPage", "table_link"]

_ALERT = "<div role='alert' style='color:#b71c1c;font-weight:bold'>{}</div>"
#: The board of each game a table may play (the same boards a lesson plays on, sat at a table by ``join``).
BOARDS = {"splendor": SplendorBoard, "herecomes": HereComesBoard}
GAMES = tuple(BOARDS)

#: key -> catalogue text (rendered in the page's language by ``_t``)
TEXT: dict[str, Text] = {
    'title': _('Play a classmate'),
    'intro': _("Play Splendor: Pokémon or Here Comes Pokémon! with classmates on their own devices. Type the class's join code and your name, then create a table or join one."),
    'join_code': _('Join code'),
    'name': _('Your name'),
    'game': _('Game'),
    'splendor': _('Splendor: Pokémon'),
    'herecomes': _('Here Comes Pokémon!'),
    'players': _('Players'),
    'bots': _p('tables bots', 'Bots'),
    'create': _('Create table'),
    'table_code': _('Table code'),
    'seat': _('Seat'),
    'any_seat': _('first free seat'),
    'join': _('Join table'),
    'token': _('Seat token'),
    'rejoin': _('Rejoin my seat'),
    'create_head': _('New table'),
    'join_head': _("Join a classmate's table"),
    'rejoin_head': _('Back to my seat'),
    'seated': _('Table {table}, seat {seat}. Tell your classmates the table code {table}; keep your seat token {token} to come back on any device.'),
    'need_code': _("type the class's join code first"),
    'need_name': _('type your name first'),
    'need_table': _('type the table code first'),
    'need_token': _('type your seat token first'),
    'db_trouble': _('the class database did not answer ({error}); try again'),

}


def _t(lang: str, key: str, **fields: Any) -> str:
    """A label of this page in ``lang``.

    >>> _t("zh", "create")
    '创建游戏桌'
    >>> _t("de", "create")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'de': choose 'en' or 'zh'
    """
    check_lang(lang)
    return TEXT[key].with_fields(**fields).render(lang) if fields else template(TEXT[key], lang)


def table_link(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The join code, name, table code and seat token a link carries (``?code=…&table=…&token=…``).

    Too long a value is dropped (the page then asks for it).

    >>> table_link({"QUERY_STRING": "table=K7M2QX&token=ABCDEF&name=Ash"})
    {'code': '', 'name': 'Ash', 'table': 'K7M2QX', 'token': 'ABCDEF'}
    >>> table_link({"QUERY_STRING": "token=" + "A" * 100})["token"]
    ''
    """
    query = parse_qs((os.environ if environ is None else environ).get("QUERY_STRING", ""))
    fields = {key: query.get(key, [""])[-1].strip() for key in ("code", "name", "table", "token")}
    return {key: value if len(value) <= 40 else "" for key, value in fields.items()}


class _Address(anywidget.AnyWidget):
    """Keeps the seat in the page's address (``history.replaceState``) so a reload rejoins it."""

    _esm = esm("tables_address")  # built from widgets/js/tables_address.js
    query = traitlets.Dict().tag(sync=True)


class TablesPage:
    """The "play a classmate" page: create / join / rejoin a table, then the board of your seat (``.ui``).

    ``store``: where the tables are (``Tables``, ``RemoteTables`` or a ``ClassStore``; default: ``table_store()``: the table server at
    ``POKELAB_TABLES_URL`` when set, else ``POKELAB_CLASS_DB`` or the default SQLite file); ``link``: what the page's
    address carried (``table_link()``): with ``table`` and ``token`` the page
    rejoins that seat at once. ``board`` is the seat's board once seated.
    """

    def __init__(
        self,
        store: Any = None,
        *,
        lang: str = "en",
        link: Mapping[str, str] | None = None,
        poll_seconds: float = 0.3,
    ) -> None:
        self.lang = check_lang(lang)
        self.store = table_store() if store is None else tables_at(store)
        self.poll_seconds = poll_seconds
        self.board: Any = None
        self.error = ""
        link = dict(link or {})
        self.switch = lang_switch(lang)
        self.header = w.HTML()
        self.code = w.Text(value=link.get("code", ""), layout=w.Layout(width="18em"))
        self.code.add_class("pk-join-code")
        self.name = w.Text(value=link.get("name", ""), layout=w.Layout(width="20em"))
        self.name.add_class("pk-name")
        self.game = w.Dropdown(options=[], layout=w.Layout(width="20em"))
        self.players = w.Dropdown(options=[2, 3, 4], value=2, layout=w.Layout(width="10em"))
        self.bots = w.Dropdown(options=[0, 1, 2, 3], value=0, layout=w.Layout(width="10em"))
        self.create_button = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.create_button.add_class("pk-create-table")
        self.table_code = w.Text(value=link.get("table", ""), layout=w.Layout(width="18em"))
        self.table_code.add_class("pk-table-code")
        self.seat = w.Dropdown(options=[], layout=w.Layout(width="14em"))
        self.join_button = w.Button(layout=w.Layout(width="auto"))
        self.join_button.add_class("pk-join-table")
        self.token = w.Text(value=link.get("token", ""), layout=w.Layout(width="16em"))
        self.token.add_class("pk-seat-token")
        self.rejoin_button = w.Button(layout=w.Layout(width="auto"))
        self.rejoin_button.add_class("pk-rejoin")
        self.heads = [w.HTML() for _ in range(3)]
        self.seated = w.HTML()
        self.seated.add_class("pk-seated")
        self.error_html = w.HTML()
        self.error_html.add_class("pk-error")
        self.address = _Address()
        self.board_box = w.VBox(layout=w.Layout(width="100%"))
        self.switch.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.create_button.on_click(lambda _b: self._guard(lambda: self.create(
            self.game.value, self.players.value, self.bots.value)))
        self.join_button.on_click(lambda _b: self._guard(lambda: self.join(
            self.table_code.value, self.seat.value)))
        self.rejoin_button.on_click(lambda _b: self._guard(lambda: self.rejoin(
            self.table_code.value, self.token.value)))
        self.players.observe(lambda _ch: self._bot_choices(), names="value")
        row = {"layout": w.Layout(flex_flow="row wrap", align_items="center")}
        self.form = w.VBox([
            w.HBox([self.code, self.name], **row),
            self.heads[0],
            w.HBox([self.game, self.players, self.bots, self.create_button], **row),
            self.heads[1],
            w.HBox([self.table_code, self.seat, self.join_button], **row),
            self.heads[2],
            w.HBox([self.token, self.rejoin_button], **row),
        ])
        self.ui = w.VBox([
            w.HBox([self.header, self.switch], layout=w.Layout(justify_content="space-between")),
            self.form,
            self.seated,
            self.error_html,
            self.board_box,
            self.address,
        ])
        self.ui.add_class("pk-tables-page")
        self.set_lang(lang)
        if link.get("table") and link.get("token"):
            self._guard(lambda: self.rejoin(link["table"], link["token"]))

    # ------------------------------------------------------------------ actions
    def create(self, game: str, players: int = 2, bots: int = 0) -> TablesPage:
        """Create a table in the class (the last ``bots`` seats played by bots) and sit in its first seat."""
        if game not in GAMES:
            raise ClassroomError(_('the game is splendor or herecomes, not {game}', game=repr(game)))

        code, name = self._need("code"), self._need("name")
        if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots < players:
            raise ClassroomError(_('between 0 and {value} bots, not {bots}', value=players - 1, bots=repr(bots)))
        seats = {seat: takeover_bot(game) for seat in range(players - bots, players)}
        table = self.store.create_table(code, game, players=players, bots=seats, name=name)
        return self._seat_at(game, table, seat=0, name=name, join_code=code)

    def join(self, table_code: str, seat: int | None) -> TablesPage:
        """Sit in ``seat`` (``None``: the first free one) of the table ``table_code``."""
        table = self.store.table(self._need("table", table_code))
        return self._seat_at(table.game, table.code, seat=seat, name=self._need("name"), join_code=self._need("code"))

    def rejoin(self, table_code: str, token: str) -> TablesPage:
        """Back to the seat that ``token`` holds at ``table_code`` (``ClassAccessError`` for a wrong token)."""
        token = self._need("token", token)
        table = self.store.table(self._need("table", table_code))
        return self._seat_at(table.game, table.code, token=token)

    def link_query(self) -> dict[str, str]:
        """What the page's address carries once seated: the table, the seat token and the language."""
        if self.board is None:
            return {"lang": self.lang}
        return {"table": self.board.table.code, "token": self.board.token, "lang": self.lang}

    def set_lang(self, lang: str) -> None:
        """Relabel the page (and the board) in ``lang``."""
        self.lang = check_lang(lang)
        if self.switch.value != lang:
            self.switch.value = lang
        self.header.value = _header(_t(lang, "title"), _t(lang, "intro"))
        for field, key in ((self.code, "join_code"), (self.name, "name"), (self.game, "game"),
                           (self.players, "players"), (self.bots, "bots"), (self.table_code, "table_code"),
                           (self.seat, "seat"), (self.token, "token")):
            field.description = _t(lang, key)
            field.style = {"description_width": "initial"}
        value = self.game.value or GAMES[0]
        self.game.options = [(_t(lang, g), g) for g in GAMES]
        self.game.value = value
        seat = self.seat.value
        self.seat.options = [(_t(lang, "any_seat"), None)] + [(str(i + 1), i) for i in range(4)]
        self.seat.value = seat
        self.create_button.description = _t(lang, "create")
        self.join_button.description = _t(lang, "join")
        self.rejoin_button.description = _t(lang, "rejoin")
        for head, key in zip(self.heads, ("create_head", "join_head", "rejoin_head"), strict=True):
            head.value = f"<h3 style='margin:0.5em 0 0.2em 0'>{html.escape(_t(lang, key))}</h3>"
        self._bot_choices()
        if self.board is not None:
            self.board.lang = lang
            self._show_seated()
        self.address.query = self.link_query()

    # ------------------------------------------------------------------ helpers
    def _seat_at(self, game: str, table_code: str, **how: Any) -> TablesPage:
        board = BOARDS[game].join(table_code, store=self.store, lang=self.lang, poll_seconds=self.poll_seconds, **how)
        if self.board is not None:
            self.board.close()
        self.board = board
        self.board_box.children = [board]
        self.table_code.value, self.token.value = board.table.code, board.token
        self.form.layout.display = "none"  # seated: the board, the codes, the language switch
        self._show_seated()
        self.address.query = self.link_query()
        return self

    def _show_seated(self) -> None:
        board = self.board
        self.seated.value = "<p data-testid='seated'>" + html.escape(_t(
            self.lang, "seated", table=board.table.code, seat=board.seat + 1, token=board.token)) + "</p>"

    def _need(self, what: str, value: str | None = None) -> str:
        field = {"code": self.code, "name": self.name, "table": self.table_code, "token": self.token}[what]
        text = (field.value if value is None else value or "").strip()
        if not text:
            raise ClassroomError(TEXT[f"need_{what}"])
        return text

    def _bot_choices(self) -> None:
        value = self.bots.value
        self.bots.options = list(range(self.players.value))
        self.bots.value = value if value in self.bots.options else 0

    def _guard(self, action: Any) -> bool:
        """Run a button's action; a refusal is shown in the page's language, never as a traceback."""
        try:
            action()
        except (IllegalAction, ClassroomError, ClassAccessError, ClassStoreBusy) as err:
            self.error = err.message(self.lang)
        except (ValueError, OSError, TimeoutError) as err:
            self.error = _t(self.lang, "db_trouble", error=str(err)[:200])
        except Exception as err:  # a database driver error: say so, keep the page alive
            self.error = _t(self.lang, "db_trouble", error=f"{type(err).__name__}: {str(err)[:200]}")
        else:
            self.error = ""
        self.error_html.value = _ALERT.format(html.escape(self.error)) if self.error else ""
        return not self.error
