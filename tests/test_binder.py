"""Binder's pinned environment must match pyproject.toml (regenerate with `make binder-pins`)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
BINDER_EXTRAS = ("lab", "app")


def declared() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in BINDER_EXTRAS:
        reqs += project["optional-dependencies"][extra]
    return {canonicalize_name(Requirement(r).name): Requirement(r) for r in reqs}


def pinned() -> tuple[dict[str, str], set[str]]:
    """Pins (name -> version) and the names uv says come straight from pyproject.toml."""
    pins: dict[str, str] = {}
    direct: set[str] = set()
    current = None
    for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-\[\],]+)==([^\s;]+)", line)
        if match:
            current = canonicalize_name(match.group(1).split("[")[0])
            pins[current] = match.group(2)
        elif current and "pokelab (pyproject.toml)" in line:
            direct.add(current)
    return pins, direct


def test_binder_pins_every_declared_dependency_at_an_allowed_version() -> None:
    pins, _ = pinned()
    for name, req in declared().items():
        assert name in pins, (
            f"{name} is in pyproject.toml but not pinned in binder/: run `make binder-pins`"
        )
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"binder pins {name}=={pins[name]}, outside pyproject's {req.specifier}: run `make binder-pins`"
        )


def test_binder_direct_dependencies_are_exactly_pyprojects() -> None:
    _, direct = pinned()
    assert direct == set(declared()), "binder/requirements.txt is stale: run `make binder-pins`"


def test_binder_pins_are_exact_and_generated_by_the_repo_command() -> None:
    text = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    assert "make binder-pins" in text.splitlines()[1]
    for line in text.splitlines():
        if line and not line.startswith((" ", "#")):
            assert "==" in line, f"unpinned line in binder/requirements.txt: {line!r}"


def test_binder_post_build_installs_the_kit_and_silences_news() -> None:
    post_build = (BINDER / "postBuild").read_text(encoding="utf-8")
    assert "pip install --no-deps" in post_build
    assert "00-start-here.ipynb" in post_build
    overrides = json.loads((BINDER / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


def test_readme_binder_badge_opens_an_existing_start_notebook() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"mybinder\.org/v2/gh/[^)\s]+\?urlpath=lab/tree/([^)\s]+)", readme)
    assert match, "README has no Binder badge link"
    assert (ROOT / match.group(1)).is_file(), f"the Binder link opens {match.group(1)}, which does not exist"
