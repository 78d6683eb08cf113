"""A pupil's server on a JupyterHub runs on Binder's versions: its lock is Binder's pins plus the hub's, never other versions.

``deploy/jupyterhub/singleuser-requirements.txt`` (the single-user image's
``pip install -r``) is made by ``make pins`` held to ``binder/requirements.txt``
and ``requirements/test.txt``; these tests fail as soon as one of the three is
regenerated or edited without the others.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_binder import BINDER, ROOT, TEST_LOCK, declared, pinned

SINGLEUSER = ROOT / "deploy" / "jupyterhub" / "singleuser-requirements.txt"


def test_the_single_user_lock_pins_every_package_binder_does_at_binders_version() -> None:
    binder, _ = pinned(BINDER / "requirements.txt")
    singleuser, _ = pinned(SINGLEUSER)
    missing = sorted(set(binder) - set(singleuser))
    assert not missing, f"Binder installs {missing}, a pupil's hub server not: run `make pins`"
    differ = {name: (version, singleuser[name]) for name, version in binder.items() if singleuser[name] != version}
    assert not differ, f"Binder and the hub's single-user servers pin different versions: {differ}: run `make pins`"


def test_what_the_single_user_lock_adds_to_binder_is_the_test_locks_versions() -> None:
    binder, _ = pinned(BINDER / "requirements.txt")
    singleuser, _ = pinned(SINGLEUSER)
    tests, _ = pinned(TEST_LOCK)
    added = set(singleuser) - set(binder)
    assert "jupyterhub" in added  # the single-user command, jupyterhub-singleuser
    differ = {name: (singleuser[name], tests.get(name)) for name in added if tests.get(name) != singleuser[name]}
    assert not differ, f"the single-user lock pins versions the tests never ran: {differ}: run `make pins`"


def test_the_single_user_lock_is_generated_and_names_exactly_the_kits_direct_dependencies() -> None:
    text = SINGLEUSER.read_text(encoding="utf-8")
    assert "make pins" in text.splitlines()[1]
    for line in text.splitlines():
        if line and not line.startswith((" ", "#")):
            assert "==" in line, f"unpinned line in {SINGLEUSER.relative_to(ROOT)}: {line!r}"
    _, direct = pinned(SINGLEUSER)
    assert direct == set(declared(("lab", "app", "hub"))), "the single-user lock is stale: run `make pins`"


def test_the_makefile_regenerates_all_three_locks_in_one_command() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    pins = makefile[makefile.index("\npins:"):].split("\n\n", 1)[0]
    for lock in ("requirements/test.txt", "binder/requirements.txt", str(SINGLEUSER.relative_to(ROOT))):
        assert f"-o {lock}" in pins, lock
    assert Path(SINGLEUSER).exists()
