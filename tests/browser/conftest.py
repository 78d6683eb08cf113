"""The real-browser harness: a real JupyterLab server driven by Playwright and Debian's Chromium.

Every test in ``tests/browser/`` is marked ``browser`` (run them with
``pytest -m browser tests``; the unit stage excludes them). Without
``/usr/bin/chromium`` they are skipped with a notice — except when ``CI=true``,
where a missing browser is a failure.

Fixtures for a browser test:

``lab``
    a :class:`Lab`: ``lab.open(notebook)`` opens a fixture notebook (copied from
    ``tests/browser/notebooks/`` into the server's temporary root) in a fresh page,
    ``lab.run_all(page)`` runs it, ``lab.root`` is that root (a fixture notebook
    may write files there for the test to read), ``lab.screenshot(page, name)``
    saves ``test-artifacts/NAME.png``.

The server (session-wide): its own free port and token, ``--ServerApp.ip=127.0.0.1``,
``--allow-root`` when root, a settings override that turns the news pop-up off, and it
is stopped by its PID.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Draw every cell (no virtual scrolling), so an output below the fold is still "visible".
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}
# Seconds: a hang, not a slow start on a loaded 2-core machine (issue 27).
SERVER_START_TIMEOUT = 300.0
# JupyterLab is started with expose_app_in_browser, so the page has window.jupyterapp.
_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""
# Every code cell of the open notebook has run: its model holds an execution count
# (null while queued or running). Read from the model, not the prompts' text: a cell
# whose input is hidden (the lessons' claim checks) shows no prompt to read.
_ALL_CELLS_RAN = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const cells = w && w.content && w.content.widgets ? w.content.widgets.filter((c) => c.model.type === 'code') : [];
  return cells.length > 0 && cells.every((c) => typeof c.model.executionCount === 'number');
}"""


def in_ci() -> bool:
    """True when the environment says this is CI (a skipped browser test then fails)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


#: The browser files that take longest (seconds of work in CI's profile table, session 21), longest first. The
#: stage's three workers take whole files in collection order (``--dist loadfile``), so these go first and the
#: short files fill the gaps at the end, instead of a 3-minute file starting last and running alone.
SLOWEST_FIRST = (
    "test_app_server.py", "test_shared_tables.py", "test_apps_on_a_tablet.py", "test_class_apps_on_a_tablet.py",
    "test_hub_in_chromium.py", "test_accessibility.py", "test_lesson_notebook.py", "test_lesson_14_boards.py",
    "test_league_in_chromium.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``browser``, so the unit stage never runs one; the slowest files first.

    The order within a file is kept (a sort that is stable), so its module fixtures start once.
    """
    here = Path(__file__).resolve().parent
    rank = {name: k for k, name in enumerate(SLOWEST_FIRST)}
    files: dict[str, int | None] = {}  # each file resolved once, not once per item (6,000 in the unit stage)
    ours = []
    for item in items:
        where = str(item.fspath)
        if where not in files:
            path = Path(where).resolve()
            files[where] = rank.get(path.name, len(rank)) if here in path.parents else None
        if files[where] is not None:
            item.add_marker(pytest.mark.browser)
        ours.append(len(rank) if files[where] is None else files[where])
    order = sorted(range(len(items)), key=ours.__getitem__)
    items[:] = [items[k] for k in order]


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class ServerProcess:
    """A server this harness started: its base URL, process and log file."""

    #: Seconds the server gets to exit after SIGTERM before it is killed.
    STOP_GRACE: ClassVar[float] = 15.0

    url: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the server's log (for failure messages)."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        """Stop the server by its PID (SIGTERM, then SIGKILL)."""
        if self.process.poll() is not None:
            return
        os.kill(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=self.STOP_GRACE)
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def launch(
    command: list[str], base: Path, cwd: Path, log_name: str
) -> tuple[subprocess.Popen[bytes], Path]:
    """Start ``command`` with the repo importable, Jupyter dirs under ``base`` and output in ``base/log_name``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["JUPYTER_RUNTIME_DIR"] = str(base / "runtime")
    env["JUPYTER_CONFIG_DIR"] = str(base / "config")
    # the kit's Jupyter server settings (binder/jupyter_server_config.json), as `make install` and Binder install them
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(ROOT / "binder"), env.get("JUPYTER_CONFIG_PATH")]))
    env.pop("ANYWIDGET_HMR", None)
    log_path = base / log_name
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=log_file, stderr=subprocess.STDOUT
        )
    return process, log_path


@dataclass
class LabServer(ServerProcess):
    """A running JupyterLab: its base URL, process and log, token and root directory."""

    token: str
    root: Path


def start_lab(base: Path) -> LabServer:
    """Start JupyterLab on a free port with a temporary root holding the fixture notebooks."""
    root = base / "root"
    root.mkdir()
    for notebook in FIXTURE_NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(notebook, root / notebook.name)
    settings = base / "app-settings"
    settings.mkdir()
    (settings / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES, indent=2))
    for name in ("user-settings", "workspaces", "runtime", "config"):
        (base / name).mkdir()
    port = free_port()
    token = os.urandom(16).hex()
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        "--LabApp.expose_app_in_browser=True",
        f"--ServerApp.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.app_settings_dir={settings}",
        f"--LabApp.user_settings_dir={base / 'user-settings'}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    process, log_path = launch(command, base, cwd=root, log_name="jupyterlab.log")
    server = LabServer(f"http://127.0.0.1:{port}", process, log_path, token, root)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterLab exited early:\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(f"{server.url}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    return server
        except OSError:
            time.sleep(0.3)
    server.stop()
    raise RuntimeError(
        f"JupyterLab did not answer within {SERVER_START_TIMEOUT}s:\n{server.log_tail()}"
    )


@pytest.fixture(scope="session")
def lab_server(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """A JupyterLab server for the whole browser session, stopped by PID at the end."""
    server = start_lab(tmp_path_factory.mktemp("jupyterlab"))
    try:
        yield server
    finally:
        server.stop()


@dataclass
class Lab:
    """What a browser test uses: open and run fixture notebooks, save screenshots."""

    server: LabServer
    browser: Any
    pages: list[Any] = field(default_factory=list)

    @property
    def root(self) -> Path:
        """The server's root directory (fixture notebooks may write files here)."""
        return self.server.root

    def open(
        self,
        notebook: str,
        *,
        theme: str = "JupyterLab Light",
        color_scheme: str = "light",
        width: int = 1280,
        height: int = 1000,
        touch: bool = False,
        on_response: Callable[[Any], None] | None = None,
    ) -> Any:
        """Open ``notebook`` (a fixture notebook's file name) in a new page; wait for its kernel.

        The theme is a server-side setting that outlives a test, so it is set here. ``touch``:
        a tablet's screen (taps, no hover), e.g. ``width=1024, height=768, touch=True``.
        ``on_response`` is called with every response the page receives, from its first request on.
        """
        if not (self.root / notebook).exists():
            raise FileNotFoundError(f"no fixture notebook {notebook!r} in {FIXTURE_NOTEBOOKS}")
        context = self.browser.new_context(
            viewport={"width": width, "height": height}, color_scheme=color_scheme, has_touch=touch
        )
        page = context.new_page()
        self.pages.append(page)
        if on_response is not None:
            page.on("response", on_response)
        # A workspace of its own: the server keeps workspaces, and a page opened in the
        # default one would restore (and might focus) the notebooks of earlier tests.
        workspace = f"test-{os.urandom(6).hex()}"
        page.goto(
            f"{self.server.url}/lab/workspaces/{workspace}/tree/{notebook}"
            f"?reset&token={self.server.token}"
        )
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=180_000)
        if page.evaluate("() => document.body.dataset.jpThemeName") != theme:
            self.set_theme(page, theme)
        self.wait_idle(page)
        return page

    def wait_idle(self, page: Any, timeout: float = 180_000) -> None:
        """Wait until the open notebook's kernel is connected and idle."""
        page.wait_for_function(_KERNEL_IDLE, timeout=timeout)

    def run_all(self, page: Any, timeout: float = 240_000) -> None:
        """Run every cell of the open notebook and wait until every code cell has run."""
        self.wait_idle(page)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(_ALL_CELLS_RAN, timeout=timeout)
        self.wait_idle(page)

    def set_theme(self, page: Any, theme: str = "JupyterLab Dark") -> None:
        """Switch JupyterLab's theme (``"JupyterLab Light"`` or ``"JupyterLab Dark"``)."""
        page.evaluate(
            "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})",
            theme,
        )
        page.wait_for_function(
            "(theme) => document.body.dataset.jpThemeName === theme", arg=theme, timeout=60_000
        )

    def screenshot(self, page: Any, name: str, *, element: Any = None) -> Path:
        """Save a PNG screenshot in ``test-artifacts/`` and return its path."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        (element or page).screenshot(path=str(path))
        return path

    def close(self) -> None:
        for page in self.pages:
            page.context.close()
        self.pages.clear()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember each phase's report on the item, so ``lab`` can tell a failed test."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def lab(request: pytest.FixtureRequest, lab_server: LabServer, browser: Any) -> Iterator[Lab]:
    """The harness for one test: pages it opens are closed afterwards; when the test
    fails, each page is saved as ``test-artifacts/failed-TEST-N.png`` first."""
    harness = Lab(lab_server, browser)
    try:
        yield harness
    finally:
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            for i, page in enumerate(harness.pages):
                try:
                    harness.screenshot(page, f"failed-{request.node.name}-{i}")
                except Exception as err:  # the page may be gone; the failure matters more
                    print(f"could not save a failure screenshot: {err}")
            print(f"JupyterLab log (tail):\n{lab_server.log_tail()}")
        harness.close()
