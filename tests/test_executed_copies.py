"""The notebooks stage writes each passing lesson's executed copy, which the site build reuses.

``notebooks/conftest.py`` records what every cell of a lesson sent under nbval and, when the
whole lesson passed, writes ``$POKELAB_EXECUTED_DIR/<lesson>`` with the widget state and the
fingerprint of ``scripts/build_site.py``. Here nbval runs (in a subprocess, into a temporary
folder) one real lesson, and a tiny stand-in repository holding a passing lesson, a failing
lesson and an exercise version.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSON = Path("notebooks/00-start-here.ipynb")  # the shortest lesson with a board
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


#: Plugins no notebook here uses: Hypothesis' and anyio's imports cost every process (xdist's three too).
QUIET_PLUGINS = ("-p", "no:hypothesispytest", "-p", "no:anyio")


def _nbval(cwd: Path, out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """nbval (``--nbval-lax``, a kernel of this Python) run in ``cwd``, copies written to ``out``."""
    env = {**os.environ, "POKELAB_EXECUTED_DIR": str(out)}
    command = [sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env", "-q"]
    command += ["--no-header", "-o", "addopts=", "-p", "no:cacheprovider", *QUIET_PLUGINS, *args]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_doctests_of_the_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plugin's examples and error cases hold (importing it sets POKELAB_STRICT_CHECKS: undone)."""
    monkeypatch.setenv("POKELAB_STRICT_CHECKS", os.environ.get("POKELAB_STRICT_CHECKS", ""))
    module = _load("pokelab_notebooks_conftest", ROOT / "notebooks" / "conftest.py")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_a_lesson_run_by_nbval_leaves_a_copy_the_site_build_reuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The copy is valid nbformat, every code cell ran, the board's model is saved, the fingerprint is build_site's."""
    out = tmp_path / "executed"
    run = _nbval(ROOT, out, "-p", "no:xdist", str(LESSON))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    nb = nbformat.read(out / LESSON, as_version=4)
    nbformat.validate(nb)
    code = [cell for cell in nb.cells if cell.cell_type == "code" and cell.source.strip()]
    assert [cell.execution_count for cell in code] == list(range(1, len(code) + 1))
    assert any(cell.outputs for cell in code)
    views = [
        output.data[WIDGET_VIEW]["model_id"]
        for cell in code
        for output in cell.outputs
        if WIDGET_VIEW in output.get("data", {})
    ]
    state = nb.metadata.widgets[WIDGET_STATE]["state"]
    assert views and all(state[view]["model_name"] == "AnyModel" for view in views)
    board = state[views[0]]["state"]
    assert board["_esm"] and "_css" in board  # the front end, as nbclient stores it

    build_site = _load("build_site", ROOT / "scripts" / "build_site.py")
    assert nb.metadata.pokelab_build.fingerprint == build_site.lesson_fingerprint(LESSON)
    capsys.readouterr()
    assert build_site.execute_lessons([LESSON], cache=out) == {LESSON: out / LESSON}
    assert "executing" not in capsys.readouterr().out  # reused, not executed again


def _notebook(path: Path, *sources: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


def test_only_lessons_that_pass_leave_a_copy_under_xdist(tmp_path: Path) -> None:
    """A stand-in repository run with ``-n 2``: the passing lesson is written, the failing one's old copy removed."""
    repo, out = tmp_path / "repo", tmp_path / "executed"
    (repo / "scripts").mkdir(parents=True)
    for script in ("build_site.py", "_site_vendor.py"):  # the site builder and what it imports
        shutil.copy(ROOT / "scripts" / script, repo / "scripts")
    (repo / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / "conftest.py", repo / "notebooks")
    for folder in ("pokelab", "widgets"):  # what the code fingerprint hashes, and the site builder imports
        shutil.copytree(ROOT / folder, repo / folder, ignore=shutil.ignore_patterns("__pycache__", "node_modules"))
    _notebook(repo / "notebooks" / "good.ipynb", "print('a')", "import ipywidgets\nipywidgets.IntSlider(3)")
    _notebook(repo / "notebooks" / "bad.ipynb", "x = 1", "1 / 0", "print(x)")
    _notebook(repo / "notebooks" / "exercises" / "good.ipynb", "print('an exercise version')")
    stale = out / "notebooks" / "bad.ipynb"
    stale.parent.mkdir(parents=True)
    stale.write_text("{}")

    run = _nbval(repo, out, "-n", "2", "notebooks")
    assert run.returncode == 1 and "1 failed" in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]

    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "notebooks/good.ipynb"
    ]
    nb = nbformat.read(out / "notebooks" / "good.ipynb", as_version=4)
    nbformat.validate(nb)
    assert nb.cells[0].outputs[0].text == "a\n"
    state = nb.metadata.widgets[WIDGET_STATE]["state"]
    assert any(model["state"].get("value") == 3 for model in state.values())
    build_site = _load("stand_in_build_site", repo / "scripts" / "build_site.py")
    assert nb.metadata.pokelab_build.fingerprint == build_site.lesson_fingerprint(
        Path("notebooks/good.ipynb")
    )
