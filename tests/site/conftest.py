"""Fixtures of the site and handout tests: the built site, a static server, Chromium offline.

Every test here is marked ``site`` (the ``site`` stage of ``scripts/run_tests.py`` runs them;
the unit and browser stages leave them out). Without ``/usr/bin/chromium`` they skip, except
under ``CI=true``, where that is a failure.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def load_script(name: str) -> ModuleType:
    """Import ``scripts/NAME.py`` (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``site``."""
    here = Path(__file__).resolve().parent
    inside: dict[str, bool] = {}  # one resolve per file, not per item: 6,000 of them cost 0.7 s per worker
    for item in items:
        where = str(item.fspath)
        if where not in inside:
            inside[where] = here in Path(where).resolve().parents
        if inside[where]:
            item.add_marker(pytest.mark.site)


@dataclass
class BuiltSite:
    """The site built into a temporary folder, and how long the build took."""

    path: Path
    seconds: float


@pytest.fixture(scope="session")
def built_site(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """``scripts/build_site.py`` run into a temporary folder (executed lessons are cached in build/).

    ``$POKELAB_BUILT_SITE`` names a site built already (``build_site.py --out DIR``, e.g. with
    ``--only``): the tests then read it instead of building one (while working on one page).
    """
    prebuilt = os.environ.get("POKELAB_BUILT_SITE")
    if prebuilt:
        return BuiltSite(Path(prebuilt), 0.0)
    out = tmp_path_factory.mktemp("site") / "html"
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "scripts/build_site.py", "--out", str(out)], cwd=ROOT, check=True
    )
    seconds = time.perf_counter() - start
    print(f"\nsite built in {seconds:.0f}s", flush=True)
    return BuiltSite(out, seconds)


@dataclass
class StaticServer:
    """``python -m http.server`` on 127.0.0.1 serving a folder; stopped by its PID."""

    url: str
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        """Stop the server by its PID."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def site_server(built_site: BuiltSite) -> Iterator[StaticServer]:
    """The built site served on a free port of 127.0.0.1."""
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "http.server",
            str(port),
            "--bind",
            "127.0.0.1",
            "--directory",
            str(built_site.path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = StaticServer(f"http://127.0.0.1:{port}", process)
    deadline = time.monotonic() + 120  # a hang, not a slow start on a loaded machine (issue 27)
    while True:
        try:
            urllib.request.urlopen(f"{server.url}/index.html", timeout=2).close()
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                server.stop()
                raise RuntimeError("the static server did not answer") from None
            time.sleep(0.2)
    try:
        yield server
    finally:
        server.stop()


@dataclass
class OfflinePage:
    """A page whose every request off the site is blocked, with what went wrong recorded."""

    page: Any
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Blocked (off-site) and failed requests, console errors and uncaught exceptions."""
        return (
            [f"blocked off-site request {u}" for u in self.blocked]
            + [f"failed request {u}" for u in self.failed]
            + [f"console/page error: {e}" for e in self.errors]
        )


@pytest.fixture
def offline_page(browser: Any, site_server: StaticServer) -> Iterator[Any]:
    """A factory of offline pages: ``offline_page(path)`` opens ``path`` of the site."""
    contexts = []

    def open_page(path: str) -> OfflinePage:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        contexts.append(context)
        page = context.new_page()
        record = OfflinePage(page)

        def route(request_route: Any) -> None:
            url = request_route.request.url
            if url.startswith(site_server.url) or url.startswith(("data:", "blob:")):
                request_route.continue_()
            else:
                record.blocked.append(url)
                request_route.abort()

        context.route("**/*", route)
        page.on("requestfailed", lambda r: record.failed.append(f"{r.url} ({r.failure})"))
        page.on(
            "response", lambda r: r.status >= 400 and record.failed.append(f"{r.url} ({r.status})")
        )
        page.on("console", lambda m: m.type == "error" and record.errors.append(m.text))
        page.on("pageerror", lambda e: record.errors.append(str(e)))
        page.goto(f"{site_server.url}/{path}", wait_until="load", timeout=120_000)
        return record

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()
