"""The ``pokelab class`` and ``pokelab app`` commands: create a class in the class database, serve the apps.

``pokelab class new "7B" [--db URL]`` prints the class's join code (for the
students) and teacher key (for you). ``pokelab app [--ip 0.0.0.0] [--port N]
[--db URL]`` serves the apps folder with Voilà, every page using that class
database (``POKELAB_CLASS_DB``).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="pokelab")
>>> add_commands(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["class", "new", "7B", "--db", "sqlite://"])
>>> args.func(args)  # doctest: +ELLIPSIS
class 7B
join code (for the students): ...
teacher key (keep it to yourself): ...-...-...-...
database: sqlite://
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from pokelab.classroom import DEFAULT_URL_ENV, ClassStore, default_url
from pokelab.sim.errors import SimError

__all__ = ["add_commands", "apps_folder"]

_TEXT = {
    "class": {"en": "class {name}", "zh": "班级 {name}"},
    "code": {"en": "join code (for the students): {code}", "zh": "加入码（给学生）：{code}"},
    "key": {
        "en": "teacher key (keep it to yourself): {key}",
        "zh": "教师密钥（请自己保管）：{key}",
    },
    "db": {"en": "database: {url}", "zh": "数据库：{url}"},
    "serving": {
        "en": "serving the apps in {folder} on http://{ip}:{port}/ (class database {url}); Ctrl+C stops",
        "zh": "在 http://{ip}:{port}/ 提供 {folder} 中的应用（班级数据库 {url}）；按 Ctrl+C 停止",
    },
}


def _bilingual_failure(err: Exception) -> Exception:
    """The CLI's own error type (printed in the chosen language, exit status 2)."""
    en = str(err)
    zh = err.message("zh") if hasattr(err, "message") else en
    return SimError(en, zh)


def apps_folder(start: Path | None = None) -> Path | None:
    """The ``apps/`` folder of the kit beside this package (a source checkout), or ``None``.

    >>> folder = apps_folder()
    >>> folder is None or (folder / "class-teacher.ipynb").exists()
    True
    """
    root = (start or Path(__file__)).resolve().parents[2]
    folder = root / "apps"
    return folder if (folder / "class-teacher.ipynb").exists() else None


def _cmd_class_new(args: argparse.Namespace) -> None:
    lang = getattr(args, "lang", "en")
    try:
        store = ClassStore.connect(args.db)
        code, key = store.create_class(args.name)
    except (ValueError, PermissionError, TimeoutError) as err:
        raise _bilingual_failure(err) from None
    print(_TEXT["class"][lang].format(name=args.name.strip()))
    print(_TEXT["code"][lang].format(code=code))
    print(_TEXT["key"][lang].format(key=key))
    print(_TEXT["db"][lang].format(url=store.url))
    store.close()


def _cmd_app(args: argparse.Namespace) -> None:
    folder = Path(args.dir) if args.dir else apps_folder()
    if folder is None or not folder.is_dir():
        raise _bilingual_failure(
            ValueError("no apps folder found: run from a pokelab checkout or give --dir apps/")
        )
    url = args.db or default_url()
    try:
        ClassStore.connect(url).close()  # create or upgrade it now, and fail early on a bad URL
    except (ValueError, PermissionError, TimeoutError) as err:
        raise _bilingual_failure(err) from None
    lang = getattr(args, "lang", "en")
    print(_TEXT["serving"][lang].format(folder=folder, ip=args.ip, port=args.port, url=url))
    env = dict(os.environ, **{DEFAULT_URL_ENV: url})
    command = [sys.executable, "-m", "voila", str(folder), f"--port={args.port}"]
    command += [f"--Voila.ip={args.ip}", "--theme=light"]
    if args.no_browser:
        command.append("--no-browser")
    raise SystemExit(subprocess.call(command, env=env))


def add_commands(sub: Any) -> None:
    """Register ``class new`` and ``app`` on the ``pokelab`` command's subparsers."""
    klass = sub.add_parser("class", help="the class database / 班级数据库")
    ksub = klass.add_subparsers(dest="task", required=True)
    new = ksub.add_parser("new", help="create a class: join code + teacher key / 新建班级")
    new.add_argument("name", help='the class name, like "7B" / 班级名称')
    new.add_argument("--db", help="class database URL (sqlite:///… or postgresql://…) / 数据库地址")
    new.add_argument("--lang", choices=["en", "zh"], default=argparse.SUPPRESS)
    new.set_defaults(func=_cmd_class_new)
    app = sub.add_parser("app", help="serve the classroom apps with Voilà / 用 Voilà 打开课堂应用")
    app.add_argument(
        "--ip", default="127.0.0.1", help="0.0.0.0 for the classroom network / 课堂网络用 0.0.0.0"
    )
    app.add_argument("--port", type=int, default=8866, help="port / 端口")
    app.add_argument("--db", help="class database URL / 班级数据库地址")
    app.add_argument("--dir", help="the apps folder (default: the kit's apps/) / 应用文件夹")
    app.add_argument(
        "--no-browser", action="store_true", help="do not open a browser / 不打开浏览器"
    )
    app.add_argument("--lang", choices=["en", "zh"], default=argparse.SUPPRESS)
    app.set_defaults(func=_cmd_app)
