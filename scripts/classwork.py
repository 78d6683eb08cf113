"""Give the class its own copies of the lessons: ``notebooks/`` -> ``classwork/``, the same layout.

``make lab`` runs this before JupyterLab opens ``classwork/00-start-here.ipynb``: a class
runs, saves and changes its copies, and the kit's own notebooks (what the tests and Binder
use) stay as shipped, so the checkout is not dirty after a lesson. ``classwork/`` sits
beside ``notebooks/`` with the same depth, so every relative link of a lesson (to
``docs/rules/``, to the next lesson) works unchanged.

Nothing a pupil saved is ever overwritten: a lesson missing from ``classwork/`` is copied;
a copy nobody changed since it was made is replaced by the kit's newer version; a copy
that was changed (run, answered, saved) is kept, and the run says which lessons have a
newer version in the kit (delete the copy to get it). ``classwork/.shipped.json`` records,
per lesson, the fingerprint of the version each copy was made from.

    python scripts/classwork.py              # copy/update, print what happened (both languages)
    python scripts/classwork.py --into DIR   # another folder (the tests use one)

>>> import tempfile
>>> root = Path(tempfile.mkdtemp()); (root / "notebooks" / "zh").mkdir(parents=True)
>>> _ = (root / "notebooks" / "zh" / "a.ipynb").write_text("{}"); _ = (root / "notebooks" / "conftest.py").write_text("")
>>> report = sync(root / "notebooks", root / "classwork"); report.copied, sorted(p.name for p in (root / "classwork").rglob("*"))
(['zh/a.ipynb'], ['.shipped.json', 'a.ipynb', 'zh'])
>>> _ = (root / "classwork" / "zh" / "a.ipynb").write_text('{"saved": 1}'); _ = (root / "notebooks" / "zh" / "a.ipynb").write_text("[]")
>>> report = sync(root / "notebooks", root / "classwork"); report.kept_newer, (root / "classwork" / "zh" / "a.ipynb").read_text()
(['zh/a.ipynb'], '{"saved": 1}')
>>> sync(root / "missing", root / "classwork")
Traceback (most recent call last):
...
classwork.Refusal: no lessons to copy: .../missing is not a folder of notebooks
>>> Refusal("no lessons to copy", "没有可复制的课程").lines()
['classwork: no lessons to copy', '课堂副本：没有可复制的课程']

Its texts stand in both languages side by side, not in the word catalogue: the terminal of
``make lab`` has no chosen language (a teacher reads both, as in the report below), and the
catalogue's extractor reads only ``pokelab/`` and ``widgets/``, so a catalogue text written
here would never reach the ``.po`` and would print in English on a Chinese screen.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ".shipped.json"


class Refusal(ValueError):
    """Why the copies cannot be made, in English (its message) and in Chinese (``zh``)."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.zh = zh

    def lines(self) -> list[str]:
        """What the terminal shows, English then Chinese, as the report's lines."""
        return [f"classwork: {self}", f"课堂副本：{self.zh}"]


@dataclass
class Report:
    """What one ``sync`` did, lesson paths relative to the folders."""

    copied: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept_newer: list[str] = field(default_factory=list)

    def lines(self, into: Path) -> list[str]:
        """The report a teacher reads in the terminal, English then Chinese."""
        where = str(into)
        said = [
            f"classwork: {len(self.copied)} lessons copied, {len(self.updated)} updated to the kit's newer version, "
            f"in {where} (the class's work is saved there; notebooks/ keeps the kit's own)",
            f"课堂副本：复制了 {len(self.copied)} 节课，{len(self.updated)} 节更新为套件的新版本，位置 {where}"
            "（全班的作业都保存在这里；notebooks/ 保留套件原版）",
        ]
        if self.kept_newer:
            names = ", ".join(self.kept_newer[:8]) + (" …" if len(self.kept_newer) > 8 else "")
            said += [
                f"classwork: {len(self.kept_newer)} lessons have a newer version in the kit but were changed here, "
                f"so they are kept: {names} (delete a copy to get the new version)",
                f"课堂副本：有 {len(self.kept_newer)} 节课套件里有新版本，但这里的副本改过，所以保留原样：{names}"
                "（删掉副本即可得到新版本）",
            ]
        return said


def _fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _record(into: Path) -> dict[str, str]:
    try:
        data = json.loads((into / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # no record (or a damaged one): every existing copy counts as the class's own work
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def sync(shipped: Path, into: Path) -> Report:
    """Copy the ``.ipynb`` lessons of ``shipped`` into ``into``, never overwriting a copy that was changed.

    A ``Refusal`` when ``shipped`` is not a folder, or ``into`` exists and is not one.
    """
    if not shipped.is_dir():
        raise Refusal(f"no lessons to copy: {shipped} is not a folder of notebooks",
                      f"没有可复制的课程：{shipped} 不是课程笔记本文件夹")
    if into.exists() and not into.is_dir():
        raise Refusal(f"cannot make the class's copies: {into} exists and is not a folder",
                      f"无法建立全班的副本：{into} 已经存在，但不是文件夹")
    record, report = _record(into), Report()
    lessons = sorted(p for p in shipped.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    for lesson in lessons:
        name = lesson.relative_to(shipped).as_posix()
        copy, now = into / name, _fingerprint(lesson)
        if not copy.exists():
            report.copied.append(name)
        else:
            mine = _fingerprint(copy)
            if mine == now:  # the kit's very version: nothing to do
                record[name] = now
                continue
            if record.get(name) == mine:
                report.updated.append(name)  # nobody changed the copy: the kit's newer version replaces it
            else:  # the class's own work: kept; told when the kit has moved on since the copy was made
                if record.get(name) != now:
                    report.kept_newer.append(name)
                continue
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(lesson, copy)
        record[name] = now
    into.mkdir(parents=True, exist_ok=True)
    (into / RECORD).write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--into", type=Path, default=ROOT / "classwork", help="the class's folder (default classwork/)")
    options = parser.parse_args(argv)
    try:
        report = sync(ROOT / "notebooks", options.into)
    except Refusal as err:
        print(*err.lines(), sep="\n", file=sys.stderr)
        return 1
    except OSError as err:  # the system's own reason (a full disk, no permission) follows as it says it
        print(*Refusal(f"cannot copy the lessons: {err}", f"无法复制课程：{err}").lines(), sep="\n", file=sys.stderr)
        return 1
    for line in report.lines(options.into):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
