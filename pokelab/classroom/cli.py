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
from pokelab.classroom.rounds import why
from pokelab.sim.errors import SimError
from pokelab.words import Text, _, languages

__all__ = ["add_commands", "apps_folder"]

def _failure(err: Exception) -> SimError:
    """The CLI's own error type (printed in the chosen language, exit status 2)."""
    reason = why(err)
    if isinstance(reason, Text):
        return SimError(reason)
    return SimError(_("the class database refused: {error}", error=reason))


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
        raise _failure(err) from None
    print(_("class {name}", name=args.name.strip()).render(lang))
    print(_("join code (for the students): {code}", code=code).render(lang))
    print(_("teacher key (keep it to yourself): {key}", key=key).render(lang))
    print(_("database: {url}", url=store.url).render(lang))
    store.close()


def _cmd_app(args: argparse.Namespace) -> None:
    folder = Path(args.dir) if args.dir else apps_folder()
    if folder is None or not folder.is_dir():
        raise SimError(_("no apps folder found: run from a pokelab checkout or give --dir apps/"))
    url = args.db or default_url()
    try:
        ClassStore.connect(url).close()  # create or upgrade it now, and fail early on a bad URL
    except (ValueError, PermissionError, TimeoutError) as err:
        raise _failure(err) from None
    lang = getattr(args, "lang", "en")
    print(_("serving the apps in {folder} on http://{ip}:{port}/ (class database {url}); Ctrl+C stops",
             folder=str(folder), ip=args.ip, port=args.port, url=url).render(lang))
    env = dict(os.environ, **{DEFAULT_URL_ENV: url})
    command = [sys.executable, "-m", "voila", str(folder), f"--port={args.port}"]
    command += [f"--Voila.ip={args.ip}", "--theme=light"]
    serve = Path(__file__).resolve().parents[2] / "widgets" / "apps" / "serve"  # `make app`'s settings
    if serve.is_dir():
        command.append(f"--Voila.config_file_paths={serve}")
    if args.no_browser:
        command.append("--no-browser")
    raise SystemExit(subprocess.call(command, env=env))


def add_commands(sub: Any, lang: str = "en") -> None:
    """Register ``class new`` and ``app`` on the ``pokelab`` command's subparsers, their help in ``lang``."""

    def h(text: Text) -> str:  # argparse %-formats help texts
        return text.render(lang).replace("%", "%%")

    langs = list(languages())
    klass = sub.add_parser("class", help=h(_("the class database")))
    ksub = klass.add_subparsers(dest="task", required=True, title=h(_("commands")))
    new = ksub.add_parser("new", help=h(_("create a class: join code + teacher key")))
    new.add_argument("name", help=h(_('the class name, like "7B"')))
    new.add_argument("--db", help=h(_("class database URL (sqlite:///… or postgresql://…)")))
    new.add_argument("--lang", choices=langs, default=argparse.SUPPRESS, help=h(_("language")))
    new.set_defaults(func=_cmd_class_new)
    app = sub.add_parser("app", help=h(_("serve the classroom apps with Voilà")))
    app.add_argument("--ip", default="127.0.0.1",
                     help=h(_("0.0.0.0 for the classroom network")))
    app.add_argument("--port", type=int, default=8866, help=h(_("port")))
    app.add_argument("--db", help=h(_("class database URL")))
    app.add_argument("--dir", help=h(_("the apps folder (default: the kit's apps/)")))
    app.add_argument("--no-browser", action="store_true", help=h(_("do not open a browser")))
    app.add_argument("--lang", choices=langs, default=argparse.SUPPRESS, help=h(_("language")))
    app.set_defaults(func=_cmd_app)
