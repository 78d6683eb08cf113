"""The class's own copies (``make lab`` -> ``classwork/``): every lesson, every link working, nothing a pupil saved lost.

Also the file list a pupil sees: the Jupyter server settings ``make lab`` and Binder share
hide the test plumbing (``notebooks/conftest.py``) from JupyterLab's file browser.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path

from jupyter_server.services.contents.filemanager import FileContentsManager

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(((?:\.\./)+[^)#\s]+)")


def _classwork():
    spec = importlib.util.spec_from_file_location("classwork_under_test", ROOT / "scripts" / "classwork.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def _kit_beside(tmp_path: Path) -> Path:
    """A folder shaped like the checkout: the kit's docs and engine beside where classwork/ goes."""
    for name in ("docs", "pokelab"):
        (tmp_path / name).symlink_to(ROOT / name)
    return tmp_path / "classwork"


def test_every_lesson_is_copied_and_every_relative_link_of_a_copy_still_lands_on_a_file(tmp_path: Path) -> None:
    into = _kit_beside(tmp_path)
    report = _classwork().sync(ROOT / "notebooks", into)
    shipped = sorted(p.relative_to(ROOT / "notebooks").as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb"))
    assert sorted(report.copied) == shipped and len(shipped) > 90
    assert not (into / "conftest.py").exists()
    broken = []
    for copy in into.rglob("*.ipynb"):
        for cell in json.loads(copy.read_text(encoding="utf-8"))["cells"]:
            for target in LINK.findall("".join(cell["source"])):
                if not (copy.parent / target).resolve().exists():
                    broken.append(f"{copy.relative_to(into)}: {target}")
    assert not broken, broken[:10]


def test_a_second_run_keeps_what_the_class_saved_and_updates_only_untouched_copies(tmp_path: Path) -> None:
    classwork = _classwork()
    shipped, into = tmp_path / "notebooks", tmp_path / "classwork"
    (shipped / "zh").mkdir(parents=True)
    for name in ("a.ipynb", "b.ipynb", "zh/c.ipynb"):
        (shipped / name).write_text('{"v": 1}')
    assert classwork.sync(shipped, into).copied == ["a.ipynb", "b.ipynb", "zh/c.ipynb"]
    (into / "a.ipynb").write_text('{"v": 1, "answer": "3/20"}')  # a pupil ran and saved lesson a
    for name in ("a.ipynb", "b.ipynb"):
        (shipped / name).write_text('{"v": 2}')  # the kit was updated (git pull)
    (into / "zh" / "c.ipynb").unlink()  # a teacher deleted a copy to start it again
    report = classwork.sync(shipped, into)
    assert (report.copied, report.updated, report.kept_newer) == (["zh/c.ipynb"], ["b.ipynb"], ["a.ipynb"])
    assert (into / "a.ipynb").read_text() == '{"v": 1, "answer": "3/20"}'
    assert (into / "b.ipynb").read_text() == '{"v": 2}'
    told = "\n".join(report.lines(into))
    assert "a.ipynb" in told and "删掉副本" in told and "delete a copy" in told
    again = classwork.sync(shipped, into)  # nothing new: the kept copy is not told twice as news
    assert (again.copied, again.updated) == ([], []) and again.kept_newer == ["a.ipynb"]


def test_a_copy_without_a_record_is_the_class_s_own_work(tmp_path: Path) -> None:
    classwork = _classwork()
    shipped, into = tmp_path / "notebooks", tmp_path / "classwork"
    shipped.mkdir()
    (shipped / "a.ipynb").write_text('{"v": 2}')
    into.mkdir()
    (into / "a.ipynb").write_text('{"v": 1, "mine": true}')
    (into / classwork.RECORD).write_text("not json")  # a damaged record
    assert classwork.sync(shipped, into).kept_newer == ["a.ipynb"]
    assert (into / "a.ipynb").read_text() == '{"v": 1, "mine": true}'


def test_a_bad_folder_is_a_clear_error_and_the_command_says_it(tmp_path: Path, capsys) -> None:
    classwork = _classwork()
    (tmp_path / "classwork").write_text("a file where the folder goes")
    assert classwork.main(["--into", str(tmp_path / "classwork")]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said[0].startswith("classwork: ") and "exists and is not a folder" in said[0]
    assert said[1].startswith("课堂副本：") and "已经存在，但不是文件夹" in said[1]  # the teacher reads both, as in the report


def test_a_copy_that_fails_is_told_in_both_languages(tmp_path: Path, capsys, monkeypatch) -> None:
    classwork = _classwork()

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(classwork.shutil, "copyfile", full_disk)
    assert classwork.main(["--into", str(tmp_path / "classwork")]) == 1
    said = capsys.readouterr().err.splitlines()
    assert said == ["classwork: cannot copy the lessons: [Errno 28] No space left on device",
                    "课堂副本：无法复制课程：[Errno 28] No space left on device"]


def test_make_lab_opens_the_class_s_copy_of_the_start_page() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\nlab: ", 1)[1].split("\n\n", 1)[0]
    assert "scripts/classwork.py" in recipe.splitlines()[1]  # the copies are made before the server starts
    opened = re.search(r"default_url=/lab/tree/(\S+)", recipe).group(1)
    assert opened == "classwork/00-start-here.ipynb" and (ROOT / "notebooks" / "00-start-here.ipynb").is_file()
    assert "classwork/" in (ROOT / ".gitignore").read_text().splitlines()


def test_the_file_browser_hides_the_test_plumbing(tmp_path: Path) -> None:
    """JupyterLab lists a folder through the contents manager: with the shared settings, no conftest.py."""
    settings = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())["FileContentsManager"]
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns("*.ipynb", "zh"))
    (tmp_path / "notebooks" / "00-start-here.ipynb").write_text((ROOT / "notebooks" / "00-start-here.ipynb").read_text())
    manager = FileContentsManager(root_dir=str(tmp_path), hide_globs=settings["hide_globs"])
    listed = {item["name"] for item in manager.get("notebooks")["content"]}
    assert "00-start-here.ipynb" in listed and "conftest.py" not in listed
    plain = {item["name"] for item in FileContentsManager(root_dir=str(tmp_path)).get("notebooks")["content"]}
    assert "conftest.py" in plain  # what the setting changes
