"""Issue 45 in Chromium: a class on a real JupyterHub, each person by their own hub login, on their own server.

The hub of ``tests/hub/test_hub.py`` (the kit's ``deploy/jupyterhub`` config, its real proxy, the class
service, PostgreSQL where it runs): Mei and Ash of 7b, Misty of 7c and Oak, 7b's teacher, each log in
on the hub's login page in a browser context of their own; the hub spawns their servers, whose
pre-spawn hook gave each their own copy of the lessons and the apps. Mei and Ash answer exercise 32-3
in a notebook of their own server and sit at one Here Comes table there, by login alone (no join
code, name or token typed); they click a round's moves and neither page ever shows the other's hand.
Oak's misconceptions dashboard, a Voilà app served from his own server, opens by his login and shows
both answers; his class dashboard there lists the table the two play, and its record is his to read. Misty's dashboard refuses her (no teacher) and shows
nothing of 7b, and the hub will not let her into Ash's server. Ash logs out: her page's next request
to her server goes back to the hub's login. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
from typing import Any

import nbformat
from playwright.sync_api import expect

from pokelab.course.registry import get
from pokelab.tables import games
from pokelab.tables.client import RemoteTables
from tests.classroom.conftest import postgres  # noqa: F401 - the hub's class database, as on a school's hub
from tests.hub.test_hub import _hub_tokens, classes, hub  # noqa: F401 - fixtures: the hub and its classes

from .conftest import _ALL_CELLS_RAN, _KERNEL_IDLE, ARTIFACTS
from .table_pages import play_here_comes

TIMEOUT = 180_000  # ms: a server spawned and JupyterLab loaded under load, not a slow click (issue 27)


class _AsTeacher:
    """The table as its teacher's login reads it through the class service (``play_here_comes`` reads the game)."""

    def __init__(self, table: Any) -> None:
        self._table = table

    def revision(self) -> int:
        return self._table.revision()

    def replay(self, teacher_key: Any = None) -> Any:
        return games.kit("herecomes").from_json(self._table.replay())  # the teacher's save: the whole game

    def moves(self, teacher_key: Any = None) -> list[dict[str, Any]]:
        return self._table.moves()


def _home(running: dict, user: str, table: str, pick: str) -> None:
    """Before ``user`` first logs in: a notebook in their home (answer 32-3 with ``pick``, sit at ``table``)."""
    home = running["state"] / "home" / user
    (home / ".jupyter").mkdir(parents=True, exist_ok=True)
    # the tests drive JupyterLab through its app object, as the kit's other Lab tests do
    (home / ".jupyter" / "jupyter_server_config.json").write_text(json.dumps({"LabApp": {"expose_app_in_browser": True}}))
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in (
        f"from pokelab.teaching import choice, classlink\nchoice('32-3', {pick!r})",
        "link = classlink.joined()\nprint('sent', classlink.flush(60), link.name, link.class_name)",
        f"from widgets import HereComesBoard\nboard = HereComesBoard.join({table!r})\nboard",
    )]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, home / "hub-class.ipynb")


def _log_in(browser: Any, running: dict, user: str) -> Any:
    """A browser of ``user``'s own: the hub's login page, then the server the hub spawns for them (JupyterLab)."""
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    page.goto(f"{running['public']}/hub/login", timeout=TIMEOUT)
    page.locator("#username_input").fill(user)
    page.locator("#password_input").fill(running["password"])
    page.locator("#login_submit").click()
    page.wait_for_url(f"**/user/{user}/lab/**", timeout=TIMEOUT)  # spawned: the lessons' start page
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=TIMEOUT)
    return page


def _run_notebook(page: Any, running: dict, user: str) -> None:
    page.goto(f"{running['public']}/user/{user}/lab/tree/hub-class.ipynb", timeout=TIMEOUT)
    page.wait_for_function(_KERNEL_IDLE, timeout=TIMEOUT)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(_ALL_CELLS_RAN, timeout=TIMEOUT)
    page.wait_for_function(_KERNEL_IDLE, timeout=TIMEOUT)


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_a_class_on_a_real_hub_by_logins_from_their_own_servers(hub, classes, browser) -> None:  # noqa: F811
    url = f"{hub['public']}/services/pokelab-class"
    tokens = _hub_tokens(hub, "mei", "oak")
    code = RemoteTables(url, hub_token=tokens["mei"]["token"]).create_table(None, "herecomes", seed=11)
    table = _AsTeacher(RemoteTables(url, hub_token=tokens["oak"]["token"]).table(code))
    options = get("32-3").options
    wrong, right = next(o.key for o in options if not o.correct), next(o.key for o in options if o.correct)
    _home(hub, "mei", code, wrong)
    _home(hub, "ash", code, right)
    pages: dict[str, Any] = {}
    try:
        for user in ("mei", "ash"):
            pages[user] = _log_in(browser, hub, user)
            _run_notebook(pages[user], hub, user)
            out = pages[user].locator(".jp-NotebookPanel:visible .jp-OutputArea-output")
            expect(out.filter(has_text="sent True")).to_contain_text(f"sent True {user} 7b", timeout=TIMEOUT)
            pages[user].locator(".jp-NotebookPanel:visible .hc-board").wait_for(timeout=TIMEOUT)
        seats = {0: pages["mei"], 1: pages["ash"]}  # she sat first: seat 1 of the table, Ash seat 2
        for seat, page in seats.items():
            board = page.locator(".jp-NotebookPanel:visible .hc-board")
            expect(board).to_contain_text(["mei", "ash"][seat], timeout=TIMEOUT)
            expect(board.locator("[data-testid='table-token']")).to_have_count(0)  # the login is the seat: no token
        played = play_here_comes(table, "", seats, moves=4, tries=80, first_round_only=True)
        assert played == 4  # both pages never showed the other's hand at any revision (checked inside)
        _shot(pages["mei"], "hub-mei-at-the-table")

        oak = _log_in(browser, hub, "oak")
        pages["oak"] = oak
        oak.goto(f"{hub['public']}/user/oak/voila/render/apps/class-misconceptions.ipynb", timeout=TIMEOUT)
        root = oak.locator(".pk-misconceptions")
        root.locator(".pk-lesson select").select_option(label=get("32-3").lesson.removesuffix(".ipynb"))
        expect(root.locator("[data-testid='answers-live']")).to_have_attribute("data-answers", "2", timeout=TIMEOUT)
        progress = root.locator("[data-testid='progress']")
        expect(progress).to_contain_text("mei", timeout=TIMEOUT)
        expect(progress).to_contain_text("ash", timeout=TIMEOUT)
        assert root.locator("input[type='password']").is_hidden()  # no key to type: his login is the teacher's
        field = root.locator("input[type='text']").first.bounding_box()
        assert field is not None and field["width"] >= 80, field  # the class field beside its long label
        _shot(oak, "hub-oak-misconceptions")
        assert len(table.moves()) > 4  # the table's whole record is the teacher's to read, by login
        # the class's dashboard from his server: the shared table the two pupils play, by his login alone
        oak.goto(f"{hub['public']}/user/oak/voila/render/apps/class-teacher.ipynb", timeout=TIMEOUT)
        tables = oak.locator(".pk-teacher-dashboard [data-testid='tables']")
        expect(tables).to_contain_text(code, timeout=TIMEOUT)
        expect(tables).to_contain_text("mei", timeout=TIMEOUT)
        expect(tables).to_contain_text("ash", timeout=TIMEOUT)
        expect(oak.locator(".pk-teacher-dashboard")).to_contain_text("pokelab-7b", timeout=TIMEOUT)
        assert oak.locator(".pk-teacher-dashboard input[type='password']").is_hidden()
        _shot(oak, "hub-oak-class-dashboard")

        misty = _log_in(browser, hub, "misty")
        pages["misty"] = misty
        misty.goto(f"{hub['public']}/user/misty/voila/render/apps/class-misconceptions.ipynb", timeout=TIMEOUT)
        refused = misty.locator(".pk-misconceptions")
        expect(refused).to_contain_text("only a teacher of class 7c", timeout=TIMEOUT)
        assert "mei" not in refused.inner_text() and "ash" not in refused.inner_text()
        _shot(misty, "hub-misty-refused")
        answer = misty.goto(f"{hub['public']}/user/ash/lab", timeout=TIMEOUT)  # another pupil's server
        assert answer.status in (403, 404) or "/user/ash/" not in misty.url, (answer.status, misty.url)

        ash = pages["ash"]
        ash.goto(f"{hub['public']}/hub/logout", timeout=TIMEOUT)
        ash.goto(f"{hub['public']}/user/ash/lab/tree/hub-class.ipynb", timeout=TIMEOUT)
        ash.wait_for_url("**/hub/login**", timeout=TIMEOUT)  # logged out: her old session opens nothing
    finally:
        for page in pages.values():
            page.context.close()
