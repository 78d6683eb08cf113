"""Saving an unchanged notebook on any Python leaves its file byte-identical (issue 31).

JupyterLab writes the kernel's ``language_info`` into a notebook it opens; on a Python other
than the one the shipped notebooks name, the version differs, the notebook is marked changed and
autosaved. The kit's Jupyter server (``binder/jupyter_server_config.json``, installed
by ``make install`` and Binder) runs ``pokelab.notebook_files.pre_save_hook`` before each save;
these tests save through a real ``FileContentsManager`` configured from that file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from jupyter_server.serverapp import ServerApp
from jupyter_server.services.contents.filemanager import FileContentsManager
from traitlets.config.loader import JSONFileConfigLoader

from pokelab import notebook_files

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "binder" / "jupyter_server_config.json"
LESSONS = ["notebooks/00-start-here.ipynb", "notebooks/zh/splendor/10-components-and-setup.ipynb"]


def _contents_manager(root: Path) -> FileContentsManager:
    """A contents manager as the kit's Jupyter server makes it: from the shipped config file."""
    config = JSONFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()
    return FileContentsManager(root_dir=str(root), config=config)


def _saved_as_opened_on(version: str, lesson: str, folder: Path) -> bytes:
    """The file the server writes when JupyterLab saves ``lesson`` opened with a kernel on Python ``version``."""
    folder.mkdir()
    shutil.copy(ROOT / lesson, folder / "lesson.ipynb")
    manager = _contents_manager(folder)
    model = manager.get("lesson.ipynb")
    # what JupyterLab does on opening: the kernel's language_info into the notebook
    model["content"]["metadata"]["language_info"] = {**notebook_files.LANGUAGE_INFO, "version": version}
    manager.save(model, "lesson.ipynb")
    return (folder / "lesson.ipynb").read_bytes()


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("version", ["3.11.7", "3.11.9", "3.12.4", "3.13.1"])
def test_saving_an_opened_lesson_on_any_python_changes_no_byte(tmp_path: Path, lesson: str, version: str) -> None:
    """The shipped file is what the server writes (scripts/normalize_notebooks.py writes as nbformat does),
    and the hook gives a kernel's language_info on any Python the shipped form."""
    assert _saved_as_opened_on(version, lesson, tmp_path / "saved") == (ROOT / lesson).read_bytes()


def test_a_real_change_is_still_saved(tmp_path: Path) -> None:
    shutil.copy(ROOT / LESSONS[0], tmp_path / "lesson.ipynb")
    manager = _contents_manager(tmp_path)
    model = manager.get("lesson.ipynb")
    model["content"]["cells"][0]["source"] = "# My notes"
    model["content"]["metadata"]["language_info"] = {**notebook_files.LANGUAGE_INFO, "version": "3.12.4"}
    manager.save(model, "lesson.ipynb")
    saved = json.loads((tmp_path / "lesson.ipynb").read_text(encoding="utf-8"))
    assert "".join(saved["cells"][0]["source"]) == "# My notes"
    assert saved["metadata"]["language_info"] == notebook_files.LANGUAGE_INFO


def test_make_install_and_binder_install_the_server_config() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    post_build = (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    for setup in (makefile, post_build):
        assert "cp binder/jupyter_server_config.json" in setup
        assert "/etc/jupyter" in setup and "/jupyter_server_config.json" in setup


def test_the_jupyter_server_reads_the_hook_from_the_kits_config_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real ServerApp with binder/ on its config path (as the env's etc/jupyter after `make install`) runs the hook."""
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(CONFIG.parent))
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    app = ServerApp()
    app.initialize(argv=["--no-browser", f"--ServerApp.root_dir={tmp_path}"], find_extensions=False, new_httpserver=False)
    try:
        assert app.contents_manager.pre_save_hook is notebook_files.pre_save_hook
    finally:
        ServerApp.clear_instance()
