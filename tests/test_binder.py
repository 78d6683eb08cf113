"""One environment: the test lock and Binder's pins match pyproject.toml and each other (regenerate with `make pins`).

``requirements/test.txt`` (every extra) is what `make install` installs, so the
notebooks stage runs every notebook on Binder's versions only while every package
both locks pin has the same version in both.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
TEST_LOCK = ROOT / "requirements" / "test.txt"
BINDER_EXTRAS = ("lab", "app")


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def declared(extras: tuple[str, ...] = BINDER_EXTRAS) -> dict[str, Requirement]:
    project = _project()
    reqs = list(project["dependencies"])
    for extra in extras:
        reqs += project["optional-dependencies"][extra]
    return {canonicalize_name(Requirement(r).name): Requirement(r) for r in reqs}


def pinned(lock: Path = BINDER / "requirements.txt") -> tuple[dict[str, str], set[str]]:
    """Pins (name -> version) and the names uv says come straight from pyproject.toml."""
    pins: dict[str, str] = {}
    direct: set[str] = set()
    current = None
    for line in lock.read_text(encoding="utf-8").splitlines():
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
            f"{name} is in pyproject.toml but not pinned in binder/: run `make pins`"
        )
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"binder pins {name}=={pins[name]}, outside pyproject's {req.specifier}: run `make pins`"
        )


def test_binder_direct_dependencies_are_exactly_pyprojects() -> None:
    _, direct = pinned()
    assert direct == set(declared()), "binder/requirements.txt is stale: run `make pins`"


@pytest.mark.parametrize("lock", [BINDER / "requirements.txt", TEST_LOCK], ids=["binder", "test"])
def test_locks_are_exact_and_generated_by_the_repo_command(lock: Path) -> None:
    text = lock.read_text(encoding="utf-8")
    assert "make pins" in text.splitlines()[1]
    for line in text.splitlines():
        if line and not line.startswith((" ", "#")):
            assert "==" in line, f"unpinned line in {lock.relative_to(ROOT)}: {line!r}"


def test_the_test_lock_pins_every_extra_of_pyproject() -> None:
    pins, direct = pinned(TEST_LOCK)
    wanted = declared(tuple(_project()["optional-dependencies"]))
    assert direct == set(wanted), "requirements/test.txt is stale: run `make pins`"
    for name, req in wanted.items():
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"requirements/test.txt pins {name}=={pins[name]}, outside pyproject's {req.specifier}: run `make pins`"
        )


def test_one_environment_binder_and_the_tests_share_every_version() -> None:
    binder, _ = pinned()
    tests, _ = pinned(TEST_LOCK)
    missing = sorted(set(binder) - set(tests))
    assert not missing, f"Binder installs {missing}, which the test environment lacks: run `make pins`"
    differ = {name: (version, tests[name]) for name, version in binder.items() if tests[name] != version}
    assert not differ, f"Binder and the tests pin different versions (binder, tests): {differ}: run `make pins`"


def test_make_install_installs_the_test_lock_and_the_kit_without_deps() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-r requirements/test.txt" in makefile
    assert "--no-deps -e ." in makefile


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


def test_jupyterlab_can_show_its_own_menus_in_chinese() -> None:
    """The lab extra (so `make lab` and Binder) installs JupyterLab's zh-CN language pack; the zh start page says how to switch."""
    from jupyterlab_server.translation_utils import get_language_packs

    packs = get_language_packs("en")[0]
    assert packs["zh_CN"]["nativeName"] == "中文 (简体, 中国)"
    assert any(line.startswith("jupyterlab-language-pack-zh-cn==") for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines())
    start = (ROOT / "notebooks" / "zh" / "00-start-here.ipynb").read_text(encoding="utf-8")
    assert "Settings → Language → 中文 (简体, 中国)" in start
